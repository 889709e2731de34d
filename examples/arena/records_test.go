package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/internal/testbot"
	"github.com/elasund/elasund/examples/arena/tourney"
)

// TestTermination: a record's Termination tag says how its game ended:
// the reason of a game without a forfeit; for a forfeit, who forfeited and
// why, then the winner, or, without one (three or four seats), who leads
// by the library's places (Result.Place).
func TestTermination(t *testing.T) {
	np := elasund.NoPlayer
	names := []string{"a", "b", "c", "d"}
	cases := []struct {
		reason          string
		winner, forfeit elasund.Player
		place           []int
		want            string
	}{
		{"won", 1, np, []int{2, 1}, "won"},
		{"turn limit", np, np, []int{1, 1, 3}, "turn limit"},
		{"error: gave up", 1, 0, []int{2, 1}, "forfeit by seat 0 (b): error: gave up; seat 1 wins"},
		{"error: gave up", np, 1, []int{2, 3, 1}, "forfeit by seat 1 (d): error: gave up; no winner, seat 2 leads with the most cubes"},
		{"error: gave up", np, 0, []int{4, 1, 3, 1}, "forfeit by seat 0 (b): error: gave up; no winner, seats 1 and 3 share the lead with the most cubes"},
		{"error: gave up", np, 2, []int{1, 1, 4, 1}, "forfeit by seat 2 (a): error: gave up; no winner, seats 0, 1 and 3 share the lead with the most cubes"},
	}
	for _, c := range cases {
		seating := []int{1, 3, 0, 2}[:len(c.place)]
		g := &tourney.Match{Seating: seating, Played: true,
			Result: tourney.Result{Outcome: tourney.Outcome{Winner: c.winner, Forfeit: c.forfeit, Reason: c.reason}, Place: c.place}}
		if got := termination(g, names); got != c.want {
			t.Errorf("termination = %q; want %q", got, c.want)
		}
	}
}

// TestCLIRefusedMove: a bot whose move the table refuses forfeits; the
// forfeit is listed with the refusal in plain words and its code (in the
// JSON, "refusal"), never the engine's text, and the other seat wins.
func TestCLIRefusedMove(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "")
	args := []string{"-bots", "forcer=exec:" + os.Args[0] + " forced,random", "-games", "2", "-seed", "3"}
	code, out, errOut := run(t, append(args, "-format", "json")...)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	var j struct {
		Bots []struct {
			Name   string  `json:"name"`
			Wins   int     `json:"wins"`
			Losses int     `json:"losses"`
			Score  float64 `json:"score"`
		} `json:"bots"`
		Forfeits []struct {
			Bot     string `json:"bot"`
			Reason  string `json:"reason"`
			Refusal string `json:"refusal"`
		} `json:"forfeits"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	const reason = `played "roll 6 6", a move the rules refuse: The table rolls the dice for you. (chance, rules §13)`
	if len(j.Forfeits) != 2 {
		t.Fatalf("forfeits %+v; want 2", j.Forfeits)
	}
	for _, f := range j.Forfeits {
		if f.Bot != "forcer" || f.Reason != reason || f.Refusal != "chance" {
			t.Errorf("forfeit %+v; want forcer's, %q, refusal chance", f, reason)
		}
	}
	if b := j.Bots[1]; b.Name != "random" || b.Wins != 2 || b.Score != 2 || j.Bots[0].Losses != 2 || j.Bots[0].Score != 0 {
		t.Errorf("standings %+v; want random to win both games", j.Bots)
	}
	code, out, _ = run(t, append(args, "-format", "text")...)
	if code != 0 || !strings.Contains(out, "forcer (red): "+reason+"\n") || strings.Contains(out, "illegal move") {
		t.Errorf("the text output does not list the refusal in words:\n%s", out)
	}
}
