package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/examples/internal/readme"
)

// TestRun starts the command on a free port with a record, uses it, and
// stops it.
func TestRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	rec := playedRecord(t, 2, 4, 8)
	rec.Tags = map[string]string{"Event": "test"}
	if err := os.WriteFile(file, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	errc := make(chan error, 1)
	var stderr bytes.Buffer // read once run has returned
	go func() {
		errc <- run(ctx, []string{"-addr", "127.0.0.1:0", "-record", file, "-bot-delay", "0", "-seed", "7", "-db", filepath.Join(t.TempDir(), "games.db")}, pw, &stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	var out []string
	url := ""
	for url == "" && lines.Scan() {
		out = append(out, lines.Text())
		if _, rest, ok := strings.Cut(lines.Text(), "play at "); ok {
			url, _, _ = strings.Cut(rest, " ")
		}
	}
	go io.Copy(io.Discard, pr)
	if url == "" || !strings.Contains(out[0], "game.txt: ") || !strings.Contains(out[0], "(Event: test)") {
		t.Fatalf("output %q", out)
	}
	for _, path := range []string{"", "replay", "api/replays/file"} {
		res, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s%s: %d", url, path, res.StatusCode)
		}
	}
	// A name that is not the server's (DNS rebinding) is refused.
	req, err := http.NewRequest("GET", url+"api/bots", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "rebind.evil" + url[strings.LastIndex(url, ":"):len(url)-1]
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("GET with Host %s: %d", req.Host, res.StatusCode)
	}
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		if !strings.Contains(stderr.String(), "-seed 7: every game is predictable") {
			t.Fatalf("no warning about -seed: %q", stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
}

// TestHelp checks that -h prints the usage under the command's name and
// is not an error of the command (main exits 0 for it), while a flag it
// does not know is a badFlags error (main exits 2).
func TestHelp(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"-h"}, io.Discard, &out)
	if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out.String(), "usage: web ") || !strings.Contains(out.String(), "-max-searches") {
		t.Errorf("run -h: %v, %q; want flag.ErrHelp and the usage", err, out.String())
	}
	var bad badFlags
	if err := run(context.Background(), []string{"-nosuchflag"}, io.Discard, io.Discard); !errors.As(err, &bad) {
		t.Errorf("run -nosuchflag: %v, want a badFlags error", err)
	}
}

// TestManual: the flags the documents name for the command are its flags,
// and its manual, docs/web.md, names every one.
func TestManual(t *testing.T) {
	var usage bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, io.Discard, &usage); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("run -h: %v", err)
	}
	readme.Check(t, "web", usage.String(), "docs/web.md")
}

func TestRunErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("1. red: fly\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuchflag"}, "not defined"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-max-games", "0"}, "-max-games and -max-searches must be at least 1"},
		{[]string{"-max-searches", "0"}, "-max-games and -max-searches must be at least 1"},
		{[]string{"-idle", "-1s"}, "-idle, -retention, -bot-delay and -max-turns must not be negative"},
		{[]string{"-retention", "-1h"}, "-idle, -retention, -bot-delay and -max-turns must not be negative"},
		{[]string{"-db", filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")}, "database"},
		{[]string{"-db", ""}, "no database file named"},
		{[]string{"-max-replay-mb", "0"}, "-max-replay-mb must be from 1"},
		{[]string{"-max-iterations", "10000001"}, "-max-iterations must be from 1 to 10000000"},
		{[]string{"-max-iterations", "0"}, "-max-iterations must be from 1 to 10000000"},
		{[]string{"-search-time", "0s"}, "-search-time must be positive"},
		{[]string{"-record", filepath.Join(t.TempDir(), "missing.txt"), "-db", ":memory:"}, "no such file"},
		{[]string{"-record", bad, "-db", ":memory:"}, "bad.txt: "},
		{[]string{"-addr", "256.0.0.1:http", "-db", ":memory:"}, "listen"},
		{[]string{"-read-timeout", "-1s"}, "-header-timeout, -read-timeout, -write-timeout and -conn-idle must not be negative"},
		{[]string{"-conn-idle", "-1s"}, "-header-timeout, -read-timeout, -write-timeout and -conn-idle must not be negative"},
		{[]string{"-max-conns", "0"}, "-max-conns and -create-burst must be at least 1"},
		{[]string{"-create-burst", "0"}, "-max-conns and -create-burst must be at least 1"},
		{[]string{"-create-rate", "-1"}, "-create-rate, -max-games-per-addr and -max-conns-per-addr must not be negative"},
		{[]string{"-max-games-per-addr", "-1"}, "-create-rate, -max-games-per-addr and -max-conns-per-addr must not be negative"},
		{[]string{"-max-conns-per-addr", "-1"}, "-max-conns-per-addr must not be negative"},
		{[]string{"-leave-bot", "nobody", "-db", ":memory:"}, "-leave-bot: "},
		{[]string{"-leave-bot", "ismcts:200000", "-db", ":memory:"}, "-leave-bot: \"ismcts:200000\" searches 200000 iterations"},
	} {
		err := run(context.Background(), tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run %q: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
}
