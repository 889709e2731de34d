package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/readme"
)

// recordGame plays a seeded game by always choosing the first legal move
// (at most limit moves), and writes its record to a file in dir.
func recordGame(t *testing.T, dir string, limit int) (string, *elasund.Game, elasund.Record) {
	t.Helper()
	cfg := elasund.Config{Players: 3, Seed: 11, MaxTurns: 20}
	g, err := elasund.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := elasund.NewRecorder(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < limit && !g.Over(); i++ {
		if err := rec.Apply(g, g.Legal()[i%len(g.Legal())]); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(path, []byte(rec.Record().String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, g, rec.Record()
}

func TestRunPrintsFinalPosition(t *testing.T) {
	path, g, r := recordGame(t, t.TempDir(), 10000)
	if !g.Over() {
		t.Fatal("the game did not end")
	}
	var out bytes.Buffer
	if err := run(&out, nil, path, false); err != nil {
		t.Fatal(err)
	}
	want := g.String() + "\n" + fmt.Sprintf("%d moves, the game ended at its turn limit after 20 turns.\n", len(r.Moves))
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestRunAllPrintsEveryPosition(t *testing.T) {
	path, _, r := recordGame(t, t.TempDir(), 30)
	var out bytes.Buffer
	if err := run(&out, nil, path, true); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "Elasund, 3 players"); n != len(r.Moves)+1 {
		t.Errorf("%d positions printed for %d moves", n, len(r.Moves))
	}
	if !strings.Contains(out.String(), "Move 1, turn 1: ") || !strings.Contains(out.String(), "the game goes on in turn") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestRunReportsIllegalMove(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.txt")
	text := "[Players \"2\"]\n[Seed \"1\"]\n\n1. roll 2 2, end build, end turn\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := run(&out, nil, path, false)
	var re *elasund.ReplayError
	if !errors.As(err, &re) || re.Index != 2 || re.Turn != 1 || !errors.Is(err, elasund.ErrIllegalMove) {
		t.Fatalf("error %v; want a ReplayError for move 3 of turn 1", err)
	}
	if !strings.Contains(out.String(), "The position before move 3:") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestRunRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("[Seed 1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrongResult := filepath.Join(dir, "result.txt")
	if err := os.WriteFile(wrongResult, []byte("[Players \"2\"]\n[Result \"red\"]\n\n1. roll 2 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]error{bad: elasund.ErrBadRecord, wrongResult: elasund.ErrBadRecord, filepath.Join(dir, "missing"): os.ErrNotExist} {
		if err := run(&bytes.Buffer{}, nil, path, false); !errors.Is(err, want) {
			t.Errorf("%s: error %v; want %v", filepath.Base(path), err, want)
		}
	}
}

// TestCLI: the exit status and the streams of the command: -h prints the
// usage under the command's name and is status 0, bad arguments 2, a
// record that does not replay 1; "-" reads standard input.
func TestCLI(t *testing.T) {
	path, _, rec := recordGame(t, t.TempDir(), 30)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("1. fly away\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args           []string
		stdin          string
		code           int
		stdout, stderr string // what they contain
	}{
		{[]string{"-h"}, "", 0, "", "usage: replay [-all] FILE"},
		{[]string{"-help"}, "", 0, "", "usage: replay [-all] FILE"},
		{nil, "", 2, "", "usage: replay [-all] FILE"},
		{[]string{"a", "b"}, "", 2, "", "usage: replay [-all] FILE"},
		{[]string{"-nosuchflag", path}, "", 2, "", "flag provided but not defined: -nosuchflag"},
		{[]string{path}, "", 0, "30 moves, the game goes on", ""},
		{[]string{"-all", "-"}, rec.String(), 0, "Move 30, turn", ""},
		{[]string{bad}, "", 1, "", "replay: "},
		{[]string{filepath.Join(t.TempDir(), "missing.txt")}, "", 1, "", "no such file"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := cli(c.args, strings.NewReader(c.stdin), &out, &errOut)
		if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errOut.String(), c.stderr) ||
			c.stdout == "" && out.Len() > 0 || c.stderr == "" && errOut.Len() > 0 {
			t.Errorf("%q: status %d, stdout %.80q, stderr %.200q; want %d, %q, %q", c.args, code, out.String(), errOut.String(), c.code, c.stdout, c.stderr)
		}
	}
}

// TestREADME: the flags the documents name for the command are its flags,
// and the README (its manual: "Saving, loading, records and pictures")
// names every one.
func TestREADME(t *testing.T) {
	var usage bytes.Buffer
	if code := cli([]string{"-h"}, nil, io.Discard, &usage); code != 0 {
		t.Fatalf("-h: status %d", code)
	}
	readme.Check(t, "replay", usage.String(), "README.md")
}
