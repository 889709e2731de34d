package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

func TestRunPlaysAndReports(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		var out bytes.Buffer
		if err := run(&out, players, 5, 1, 1000, ""); err != nil {
			t.Fatalf("%d players: %v", players, err)
		}
		for _, want := range []string{"5 games of", "winners:", "average game length:", "games/s"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%d players: output lacks %q:\n%s", players, want, out.String())
			}
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, c := range []struct{ players, games, maxTurns int }{{5, 1, 0}, {1, 1, 0}, {2, 0, 0}, {2, 1, -1}} {
		if err := run(&bytes.Buffer{}, c.players, c.games, 1, c.maxTurns, ""); err == nil {
			t.Errorf("run(players %d, games %d, maxturns %d) succeeded", c.players, c.games, c.maxTurns)
		}
	}
}

// TestRunWritesRecords: with -records every game's record is written, and
// it replays to the end of its game.
func TestRunWritesRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	if err := run(&bytes.Buffer{}, 3, 3, 10, 1000, dir); err != nil {
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
		if !g.Over() || !r.Over || r.Config.Seed != uint64(seed) {
			t.Errorf("seed %d: over %v, recorded over %v, recorded seed %d", seed, g.Over(), r.Over, r.Config.Seed)
		}
	}
}
