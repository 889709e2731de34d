package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRunPlaysAndReports(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		var out bytes.Buffer
		if err := run(&out, players, 5, 1, 1000); err != nil {
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
		if err := run(&bytes.Buffer{}, c.players, c.games, 1, c.maxTurns); err == nil {
			t.Errorf("run(players %d, games %d, maxturns %d) succeeded", c.players, c.games, c.maxTurns)
		}
	}
}
