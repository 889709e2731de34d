package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/readme"
)

func TestRunPlaysAndReports(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		var out bytes.Buffer
		if err := run(&out, players, 5, 1, 1000, elasund.DefaultRules, ""); err != nil {
			t.Fatalf("%d players: %v", players, err)
		}
		for _, want := range []string{"5 games of", "default rules", "winners:", "average game length:", "games/s"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%d players: output lacks %q:\n%s", players, want, out.String())
			}
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, c := range []struct{ players, games, maxTurns int }{{5, 1, 0}, {1, 1, 0}, {2, 0, 0}, {2, 1, -1}} {
		if err := run(&bytes.Buffer{}, c.players, c.games, 1, c.maxTurns, elasund.DefaultRules, ""); err == nil {
			t.Errorf("run(players %d, games %d, maxturns %d) succeeded", c.players, c.games, c.maxTurns)
		}
	}
}

// TestCLIRules: -rules takes default (also when absent), english and each
// option's name, and the games are played with those rules (the report
// names the rules the games say they play). A bad value is refused with
// status 2, naming the flag and the values it takes, before any game.
func TestCLIRules(t *testing.T) {
	cases := []struct {
		args []string
		want string // in the report's first line
	}{
		{nil, "(seeds 1 to 2), default rules"},
		{[]string{"-rules", "default"}, "(seeds 1 to 2), default rules"},
		{[]string{"-rules", "english"}, "(seeds 1 to 2), english rules"},
		{[]string{"-rules=adjacent-permit-rows"}, "(seeds 1 to 2), adjacent-permit-rows rules"},
		{[]string{"-rules", "shortage-voids-income"}, "(seeds 1 to 2), shortage-voids-income rules"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		args := append([]string{"-players", "2", "-games", "2"}, c.args...)
		if code := cli(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit status %d, stderr %q", args, code, errOut.String())
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); !strings.HasSuffix(first, c.want) {
			t.Errorf("%v: report starts %q, want it to end in %q", args, first, c.want)
		}
	}
	for _, bad := range []string{"", "English", "french", "adjacent", "english+default", "adjacent-permit-rows+shortage-voids-income"} {
		var out, errOut bytes.Buffer
		if code := cli([]string{"-games", "1", "-rules", bad}, &out, &errOut); code != 2 {
			t.Errorf("-rules %q: exit status %d, want 2", bad, code)
		}
		msg := errOut.String()
		for _, want := range []string{`invalid value "` + bad + `" for flag -rules`, "default, english, adjacent-permit-rows, shortage-voids-income"} {
			if !strings.Contains(msg, want) {
				t.Errorf("-rules %q: the error lacks %q:\n%s", bad, want, msg)
			}
		}
		if out.Len() != 0 {
			t.Errorf("-rules %q: played anyway:\n%s", bad, out.String())
		}
	}
}

// TestCLIStatus: a bad value of another flag is also status 2, a failing
// run status 1, and -h status 0, with the usage under the command's name.
func TestCLIStatus(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string // its start
	}{
		{[]string{"-players", "two"}, 2, `invalid value "two" for flag -players`},
		{[]string{"-nosuchflag"}, 2, "flag provided but not defined: -nosuchflag"},
		{[]string{"-players", "5", "-games", "1"}, 1, "selfplay: "},
		{[]string{"-h"}, 0, "usage: selfplay [-players N]"},
		{[]string{"-help"}, 0, "usage: selfplay [-players N]"},
	}
	for _, c := range cases {
		var errOut bytes.Buffer
		if code := cli(c.args, &bytes.Buffer{}, &errOut); code != c.code || !strings.HasPrefix(errOut.String(), c.stderr) {
			t.Errorf("%v: exit status %d, stderr %.100q; want %d, %q…", c.args, code, errOut.String(), c.code, c.stderr)
		}
	}
}

// TestREADME: the flags the documents name for the command are its flags,
// the README (its manual: "First steps") names every one, and the values
// it lists for -rules are exactly those -rules takes.
func TestREADME(t *testing.T) {
	var usage bytes.Buffer
	if code := cli([]string{"-h"}, io.Discard, &usage); code != 0 {
		t.Fatalf("-h: status %d", code)
	}
	readme.Check(t, "selfplay", usage.String(), "README.md")
	listed := readme.Values(readme.Read(t, "README.md"), "selfplay", "rules")
	var takes []string
	for _, r := range ruleSets {
		takes = append(takes, r.String())
	}
	if !slices.Equal(listed, takes) {
		t.Errorf("the README lists %q for -rules; it takes %q", listed, takes)
	}
	for _, v := range listed {
		if !strings.Contains(usage.String(), v) {
			t.Errorf("-h does not list %q, a value of -rules:\n%s", v, usage.String())
		}
	}
}

// TestRunWritesRecords: with -records every game's record is written, and
// it replays to the end of its game.
func TestRunWritesRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	if err := run(&bytes.Buffer{}, 3, 3, 10, 1000, elasund.EnglishEdition, dir); err != nil {
		t.Fatal(err)
	}
	for seed := 10; seed < 13; seed++ {
		text, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%d.txt", seed)))
		if err != nil {
			t.Fatal(err)
		}
		r, err := elasund.ParseRecord(string(text))
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Replay()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !g.Over() || !r.Over || r.Config.Seed != uint64(seed) || r.Config.Rules != elasund.EnglishEdition {
			t.Errorf("seed %d: over %v, recorded over %v, recorded seed %d", seed, g.Over(), r.Over, r.Config.Seed)
		}
	}
}
