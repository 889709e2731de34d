package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The tests on PostgreSQL run against the server whose connection string
// ELASUND_TEST_POSTGRES holds (its user may create databases): .ci/postgres
// starts one of their own, and CI sets both it and
// ELASUND_REQUIRE_POSTGRES=1, which makes a missing server a failure
// rather than a skip. Each test gets a database of its own, dropped at its
// end.

// postgresDSN returns the connection string of a new, empty database for
// the test, or skips the test when no server is named.
func postgresDSN(t *testing.T) string {
	t.Helper()
	admin := os.Getenv("ELASUND_TEST_POSTGRES")
	if admin == "" {
		msg := "ELASUND_TEST_POSTGRES names no PostgreSQL server; start one at the repository's root with " +
			"`bash .ci/postgres start \"$(mktemp -d)\"` and set ELASUND_TEST_POSTGRES to the connection string it prints"
		if os.Getenv("ELASUND_REQUIRE_POSTGRES") != "" {
			t.Fatal(msg + " (ELASUND_REQUIRE_POSTGRES is set)")
		}
		t.Skip("SKIP: " + msg)
	}
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("ELASUND_TEST_POSTGRES: %v", err)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "elasund_test_" + hex.EncodeToString(b[:])
	adminExec(t, admin, `CREATE DATABASE `+name)
	t.Cleanup(func() { adminExec(t, admin, `DROP DATABASE `+name+` WITH (FORCE)`) })
	u.Path = "/" + name
	return u.String()
}

// adminExec runs one statement on the database of dsn.
func adminExec(t *testing.T, dsn, sql string, args ...any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connecting to PostgreSQL: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// testLease is the lease of a game's bots in the tests' stores: short,
// so that a takeover comes soon.
const testLease = 1500 * time.Millisecond

// openPG opens a store on the database of dsn; the test's cleanup closes
// it.
func openPG(t *testing.T, dsn string) *pgStore {
	t.Helper()
	st, err := openPostgres(context.Background(), dsn, testLease)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// A storeKind is one implementation of store, for the tests that run
// against each.
type storeKind struct {
	name string
	// db returns a new, empty database for the test: a file, or a
	// PostgreSQL database's connection string (skipping the test when
	// there is no server).
	db func(t *testing.T) string
	// open opens a store on db (closed by the test's cleanup).
	open func(t *testing.T, db string) store
	// exec runs a statement on db, which no store holds open.
	exec func(t *testing.T, db, sql string, args ...any)
}

// storeKinds are SQLite and PostgreSQL.
var storeKinds = []storeKind{
	{
		name: "sqlite",
		db:   func(t *testing.T) string { return filepath.Join(t.TempDir(), "games.db") },
		open: func(t *testing.T, db string) store {
			st, err := openSQLite(db)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
		exec: func(t *testing.T, db, sql string, args ...any) {
			st, err := openUnlocked(db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if _, err := st.db.Exec(sql, args...); err != nil {
				t.Fatal(err)
			}
		},
	},
	{
		name: "postgres",
		db:   postgresDSN,
		open: func(t *testing.T, db string) store { return openPG(t, db) },
		exec: adminExec,
	},
}

// cluster starts n servers on one PostgreSQL database, each with a
// store of its own, and returns them with their HTTP servers.
func cluster(t *testing.T, n int, opts options) ([]*server, []*httptest.Server, string) {
	t.Helper()
	dsn := postgresDSN(t)
	var servers []*server
	var fronts []*httptest.Server
	for range n {
		st, err := openPostgres(context.Background(), dsn, testLease)
		if err != nil {
			t.Fatal(err)
		}
		s, ts := testServerOn(t, opts, st)
		servers = append(servers, s)
		fronts = append(fronts, ts)
	}
	return servers, fronts, dsn
}
