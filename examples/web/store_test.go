package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// The store's contract, on each store kind (SQLite and PostgreSQL).

// TestStoreSchema: a new database is migrated to the schema's version,
// opening it again changes nothing, and a database of a newer version is
// refused, on either store.
func TestStoreSchema(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			db := kind.db(t)
			for range 2 {
				st := kind.open(t, db)
				if err := st.Create(context.Background(), storedGame{ID: "a" + fmt.Sprint(time.Now().UnixNano()), Seats: "[]", Table: []byte{1}, Created: time.Now()}); err != nil {
					t.Fatal(err)
				}
				st.Close()
			}
			kind.exec(t, db, `UPDATE schema_version SET version = 99`)
			var err error
			switch kind.name {
			case "sqlite":
				_, err = openSQLite(db)
			default:
				_, err = openPostgres(context.Background(), db, testLease)
			}
			want := fmt.Sprintf("its schema is version 99, newer than this server's %d", schemaVersion)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("a newer database: %v", err)
			}
		})
	}
	if len(pgMigrations) != len(migrations) {
		t.Fatalf("%d migrations for PostgreSQL, %d for SQLite", len(pgMigrations), len(migrations))
	}
}

// TestStoreGames goes through a game's life in the store: created, its
// moves played (each only at the move count the store holds), read back,
// its seats changed, ended (only at its move count, and only once), and
// expired with its moves after its retention.
func TestStoreGames(t *testing.T) {
	ctx := context.Background()
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			st := kind.open(t, kind.db(t))
			t0 := time.UnixMilli(1_700_000_000_000)
			for _, id := range []string{"one", "two"} {
				if err := st.Create(ctx, storedGame{ID: id, Seats: `{"seats":[]}`, Table: []byte{0}, Created: t0}); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.Create(ctx, storedGame{ID: "one", Seats: "[]", Table: []byte{0}, Created: t0}); err == nil {
				t.Fatal("a second game of the same id was created")
			}
			for n := 1; n <= 3; n++ {
				e := storedMove{N: n, Turn: 1, Seat: n % 2, Text: fmt.Sprintf("move %d", n), At: t0.Add(time.Duration(n) * time.Second)}
				if err := st.Played(ctx, "one", []byte{byte(n)}, e, false, e.At); err != nil {
					t.Fatalf("move %d: %v", n, err)
				}
			}
			for _, n := range []int{3, 5, 1} { // played already, or not next
				if err := st.Played(ctx, "one", []byte{9}, storedMove{N: n, Text: "x", At: t0}, false, t0); !errors.Is(err, errStale) {
					t.Fatalf("move %d again: %v, want errStale", n, err)
				}
			}
			if err := st.SetSeats(ctx, "one", `{"seats":[{"kind":"greedy"}]}`, t0); err != nil {
				t.Fatal(err)
			}
			g, err := st.Game(ctx, "one")
			if err != nil || g.Moves != 3 || string(g.Table) != "\x03" || g.Seats != `{"seats":[{"kind":"greedy"}]}` || !g.Finished.IsZero() ||
				!g.Created.Equal(t0) {
				t.Fatalf("the game: %+v %v", g, err)
			}
			moves, err := st.Moves(ctx, "one")
			if err != nil || len(moves) != 3 || moves[2] != (storedMove{N: 3, Turn: 1, Seat: 1, Text: "move 3", At: t0.Add(3 * time.Second)}) {
				t.Fatalf("the moves: %+v %v", moves, err)
			}
			if un, err := st.Unfinished(ctx); err != nil || len(un) != 2 {
				t.Fatalf("unfinished: %d %v", len(un), err)
			}
			end := t0.Add(time.Hour)
			if err := st.Ended(ctx, "one", []byte{7}, 2, end); !errors.Is(err, errStale) {
				t.Fatalf("ended at a stale count: %v", err)
			}
			if err := st.Ended(ctx, "one", []byte{7}, 3, end); err != nil {
				t.Fatal(err)
			}
			for i, err := range []error{
				st.Ended(ctx, "one", []byte{8}, 3, end),
				st.Played(ctx, "one", []byte{8}, storedMove{N: 4, Text: "x", At: end}, false, end),
			} {
				if !errors.Is(err, errStale) {
					t.Fatalf("write %d to a finished game: %v", i, err)
				}
			}
			if g, err := st.Game(ctx, "one"); err != nil || !g.Finished.Equal(end) || string(g.Table) != "\x07" {
				t.Fatalf("the finished game: %+v %v", g, err)
			}
			if un, err := st.Unfinished(ctx); err != nil || len(un) != 1 || un[0].ID != "two" {
				t.Fatalf("unfinished: %+v %v", un, err)
			}
			if n, err := st.Expire(ctx, end); err != nil || n != 0 {
				t.Fatalf("expired at its end: %d %v", n, err)
			}
			if n, err := st.Expire(ctx, end.Add(time.Millisecond)); err != nil || n != 1 {
				t.Fatalf("expired after its end: %d %v", n, err)
			}
			if _, err := st.Game(ctx, "one"); err != errNoGame {
				t.Fatalf("an expired game: %v", err)
			}
			if moves, err := st.Moves(ctx, "one"); err != nil || len(moves) != 0 {
				t.Fatalf("an expired game's moves: %d %v", len(moves), err)
			}
			if _, err := st.Game(ctx, "two"); err != nil {
				t.Fatalf("the unfinished game after the expiry: %v", err)
			}
		})
	}
}

// TestStoreRacingMoves: many writers of the same move of one game at once
// (on PostgreSQL, through three stores, as three servers): exactly one
// commits, the others get errStale, and the log has the move once.
func TestStoreRacingMoves(t *testing.T) {
	ctx := context.Background()
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			db := kind.db(t)
			stores := []store{kind.open(t, db)}
			if kind.name == "postgres" {
				stores = append(stores, kind.open(t, db), kind.open(t, db))
			}
			if err := stores[0].Create(ctx, storedGame{ID: "g", Seats: "[]", Table: []byte{0}, Created: time.Now()}); err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 5; n++ {
				const writers = 30
				errs := make([]error, writers)
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i := range writers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						e := storedMove{N: n, Text: fmt.Sprintf("writer %d", i), At: time.Now()}
						errs[i] = stores[i%len(stores)].Played(ctx, "g", []byte{byte(i)}, e, false, e.At)
					}()
				}
				close(start)
				wg.Wait()
				won := -1
				for i, err := range errs {
					switch {
					case err == nil && won >= 0:
						t.Fatalf("move %d: writers %d and %d both committed", n, won, i)
					case err == nil:
						won = i
					case !errors.Is(err, errStale):
						t.Fatalf("move %d, writer %d: %v", n, i, err)
					}
				}
				moves, err := stores[0].Moves(ctx, "g")
				if err != nil || won < 0 || len(moves) != n || moves[n-1].Text != fmt.Sprintf("writer %d", won) {
					t.Fatalf("move %d: the log %+v (%v); writer %d won", n, moves, err, won)
				}
				if g, err := stores[len(stores)-1].Game(ctx, "g"); err != nil || g.Moves != n || g.Table[0] != byte(won) {
					t.Fatalf("move %d: the game %+v %v", n, g, err)
				}
			}
		})
	}
}

// TestStoreChoice: -db names PostgreSQL by a postgres:// or
// postgresql:// URL, anything else is an SQLite file; a URL's password is
// left out of what the server prints.
func TestStoreChoice(t *testing.T) {
	for _, tc := range []struct {
		db       string
		postgres bool
		shown    string
	}{
		{"elasund-web.db", false, "elasund-web.db"},
		{":memory:", false, ":memory:"},
		{"postgres.db", false, "postgres.db"},
		{"/srv/postgres://x", false, "/srv/postgres://x"},
		{"postgres://web:secret@db.example:5432/elasund?sslmode=require", true, "postgres://web:xxxxx@db.example:5432/elasund?sslmode=require"},
		{"postgresql://db.example/elasund", true, "postgresql://db.example/elasund"},
	} {
		if got := isPostgres(tc.db); got != tc.postgres {
			t.Errorf("isPostgres(%q) = %v", tc.db, got)
		}
		if got := redact(tc.db); got != tc.shown {
			t.Errorf("redact(%q) = %q, want %q", tc.db, got, tc.shown)
		}
	}
	if _, err := openStore("postgres://nobody@127.0.0.1:1/none?connect_timeout=2"); err == nil {
		t.Fatal("a PostgreSQL that does not answer was opened")
	}
}
