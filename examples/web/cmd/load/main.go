// Command load measures the online table under games of people: the
// moves a second that three servers on one PostgreSQL database sustain,
// and a person's move latency (its 50th and 99th percentiles), beside one
// server on an SQLite file, in the same run on the same machine.
//
//	cd examples/web
//	dsn=$(bash ../../.ci/postgres start "$(mktemp -d)")
//	go run ./cmd/load -pg "$dsn" [-games 200] [-duration 20s] [-servers 3]
//
// It builds the server's binary, makes a database of its own on the
// PostgreSQL server -pg names (dropped at the end), starts the servers on
// loopback, and plays -games games of two people at once for -duration on
// each setup: a goroutine a game, playing as the pages do (a move sent
// with "after", "from" and "svg", then the other seat's state when it
// decides), every request to one of the servers drawn at random. A
// person's move is the POST's round trip, answered 200 once committed.
// The run is bounded: at most 1,000 games and 2 minutes a setup. The
// clients run on the same machine as the servers and the database, and
// take their share of its cores.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"
)

func main() {
	pg := flag.String("pg", os.Getenv("ELASUND_TEST_POSTGRES"), "a PostgreSQL server's connection string, whose user may create databases (default $ELASUND_TEST_POSTGRES)")
	games := flag.Int("games", 200, "games of two people played at once (at most 1000)")
	duration := flag.Duration("duration", 20*time.Second, "how long each setup is played (at most 2m)")
	servers := flag.Int("servers", 3, "servers on PostgreSQL (at most 8)")
	flag.Parse()
	if err := run(*pg, *games, *duration, *servers); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

// A setup is what one measure runs: servers started with these -db values.
type setup struct {
	name string
	dbs  []string
}

func run(pg string, games int, duration time.Duration, servers int) error {
	switch {
	case pg == "":
		return errors.New("-pg names no PostgreSQL server (.ci/postgres starts one)")
	case games < 1 || games > 1000:
		return errors.New("-games must be from 1 to 1000")
	case duration <= 0 || duration > 2*time.Minute:
		return errors.New("-duration must be positive and at most 2m")
	case servers < 1 || servers > 8:
		return errors.New("-servers must be from 1 to 8")
	}
	if _, err := os.Stat("main.go"); err != nil {
		return errors.New("run it in examples/web: go run ./cmd/load")
	}
	dir, err := os.MkdirTemp("", "elasund-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "web")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	dsn, drop, err := newDatabase(pg)
	if err != nil {
		return err
	}
	defer drop()
	pgs := make([]string, servers)
	for i := range pgs {
		pgs[i] = dsn
	}
	setups := []setup{
		{fmt.Sprintf("%d servers, PostgreSQL", servers), pgs},
		{"1 server, SQLite", []string{filepath.Join(dir, "games.db")}},
	}
	fmt.Printf("%d games of two people at once, %v a setup, on %d cores (GOMAXPROCS %d)\n", games, duration, runtime.NumCPU(), runtime.GOMAXPROCS(0))
	var results []result
	for _, s := range setups {
		r, err := measure(bin, s, games, duration)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		results = append(results, r)
	}
	fmt.Printf("%-24s %10s %10s %10s %10s %8s\n", "setup", "moves", "moves/s", "p50", "p99", "errors")
	for _, r := range results {
		fmt.Printf("%-24s %10d %10.0f %10v %10v %8d\n", r.name, r.moves, r.perSecond, r.p50, r.p99, r.errors)
	}
	return nil
}

// newDatabase makes a database of its own on the server of pg, and
// returns its connection string and a function that drops it.
func newDatabase(pg string) (string, func(), error) {
	u, err := url.Parse(pg)
	if err != nil {
		return "", nil, fmt.Errorf("-pg: %w", err)
	}
	name := fmt.Sprintf("elasund_load_%d", os.Getpid())
	exec := func(sql string) error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, err := pgx.Connect(ctx, pg)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := exec(`CREATE DATABASE ` + name); err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		if err := exec(`DROP DATABASE ` + name + ` WITH (FORCE)`); err != nil {
			fmt.Fprintln(os.Stderr, "load: dropping the database:", err)
		}
	}, nil
}
