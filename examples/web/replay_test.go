package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// TestReplayAPI loads a record and checks positions against the game
// replayed here: the referee's picture after k moves, and the moves on
// either side.
func TestReplayAPI(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Minute})
	rec := playedRecord(t, 3, 9, 40)
	status, data, _ := do(t, ts, "POST", "/api/replays", replayBody(t, rec.String()))
	if status != http.StatusCreated {
		t.Fatalf("loading: %d %s", status, data)
	}
	var desc replayJSON
	decode(t, data, &desc)
	final, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if desc.Total != len(rec.Moves) || len(desc.Moves) != len(rec.Moves) || desc.Result != "none" ||
		fmt.Sprint(desc.Players) != "[red blue green]" || !final.Over() {
		t.Fatalf("description: total %d, %d moves, result %q, players %v", desc.Total, len(desc.Moves), desc.Result, desc.Players)
	}
	g, err := elasund.New(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= len(rec.Moves); k++ {
		if k > 0 {
			p, turn := g.ToMove(), g.Turn()
			if err := g.Apply(rec.Moves[k-1]); err != nil {
				t.Fatal(err)
			}
			want := logEntry{N: k, Turn: turn, Color: g.Color(p).String(), Text: rec.Moves[k-1].String(),
				Words: words.Move(capitalize(g.Color(p).String()), rec.Moves[k-1])} // the log in words too
			if e := desc.Moves[k-1]; e != want {
				t.Fatalf("move %d listed as %+v", k, e)
			}
		}
		if k%snapEvery > 2 && k != len(rec.Moves) && k != 45 {
			continue // positions at and just past each snapshot, one between, and the end
		}
		status, data, _ := do(t, ts, "GET", fmt.Sprintf("/api/replays/%s/positions/%d", desc.ID, k), "")
		if status != http.StatusOK {
			t.Fatalf("position %d: %d %s", k, status, data)
		}
		var pos positionJSON
		decode(t, data, &pos)
		var svg bytes.Buffer
		title := fmt.Sprintf("Elasund, move %d of %d, turn %d", k, len(rec.Moves), g.Turn())
		if err := g.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealAll, Title: title}); err != nil {
			t.Fatal(err)
		}
		if pos.SVG != repaint(svg.String()) || pos.Index != k || pos.Turn != g.Turn() || pos.Phase != g.Phase().String() || pos.Over != g.Over() {
			t.Fatalf("position %d: %+v differs from the game replayed here", k, pos)
		}
		if (k > 0) != (pos.Last != nil) || (k < len(rec.Moves)) != (pos.Next != nil) ||
			(pos.Last != nil && pos.Last.Text != rec.Moves[k-1].String()) || (pos.Next != nil && pos.Next.Text != rec.Moves[k].String()) {
			t.Fatalf("position %d: last %+v next %+v", k, pos.Last, pos.Next)
		}
	}
	for _, k := range []string{"-1", fmt.Sprint(len(rec.Moves) + 1)} {
		if status, _, _ := do(t, ts, "GET", "/api/replays/"+desc.ID+"/positions/"+k, ""); status != http.StatusNotFound {
			t.Errorf("position %s: %d, want 404", k, status)
		}
	}
	if status, _, _ := do(t, ts, "GET", "/api/replays/"+desc.ID+"/positions/two", ""); status != http.StatusBadRequest {
		t.Errorf("position two: %d, want 400", status)
	}

	// Refused records: the engine's and the parser's reasons.
	bad := rec
	bad.Moves = append([]elasund.Move{}, rec.Moves...)
	bad.Moves[2] = elasund.Move{Kind: elasund.KeepChurchTile, Tile: 7} // no church tile is drawn so early
	// The library's reason, from reading or from replaying the record.
	reason := func(text string) string {
		r, err := elasund.ParseRecord(text)
		if err == nil {
			_, err = r.Replay()
		}
		if err == nil {
			t.Fatalf("the record %q is accepted", text)
		}
		return err.Error()
	}
	for _, tc := range []struct{ name, body string }{
		{"an illegal move", bad.String()},
		{"five players", "[Players \"5\"]\n"},
		{"a bad tag", "[Players 2]\n"},
		{"a bad move", "[Players \"2\"]\n\n1. red: fly\n"},
	} {
		tc := struct{ name, body, want string }{tc.name, tc.body, reason(tc.body)}
		status, data, ctype := do(t, ts, "POST", "/api/replays", replayBody(t, tc.body))
		if msg := errorOf(t, data, ctype); status != http.StatusUnprocessableEntity || msg != tc.want {
			t.Errorf("%s: %d %q, want 422 %q", tc.name, status, msg, tc.want)
		}
	}
	// The cap counts the records loaded by upload.
	if status, _, _ := do(t, ts, "POST", "/api/replays", replayBody(t, rec.String())); status != http.StatusCreated {
		t.Fatalf("a second record: %d", status)
	}
	status, data, ctype := do(t, ts, "POST", "/api/replays", replayBody(t, rec.String()))
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, data, ctype), "at most 2") {
		t.Fatalf("a third record: %d %s", status, data)
	}
	if n := replayCount(s); n != 2 {
		t.Fatalf("%d records held", n)
	}
}

// TestJanitor: idle games and records are removed, a record loaded with
// -record is not, and Close stops the janitor.
func TestJanitor(t *testing.T) {
	t.Run("sweep", func(t *testing.T) {
		s, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour})
		for range 2 {
			if status, data, _ := do(t, ts, "POST", "/api/games", `{"seats": ["human", "random"]}`); status != http.StatusCreated {
				t.Fatalf("%d %s", status, data)
			}
		}
		rp, err := newReplay(playedRecord(t, 2, 1, 5).String())
		if err != nil {
			t.Fatal(err)
		}
		rp.permanent = true
		if err := s.addReplay(rp); err != nil {
			t.Fatal(err)
		}
		if n := s.sweep(time.Now().Add(30 * time.Minute)); n != 0 {
			t.Fatalf("%d removed after half the idle time", n)
		}
		if n := s.sweep(time.Now().Add(2 * time.Hour)); n != 2 || gameCount(s) != 0 || replayCount(s) != 1 {
			t.Fatalf("%d removed; %d games and %d records left", n, gameCount(s), replayCount(s))
		}
	})
	t.Run("janitor", func(t *testing.T) {
		s, ts := testServer(t, options{MaxGames: 4, Idle: 40 * time.Millisecond})
		status, data, _ := do(t, ts, "POST", "/api/games", `{"seats": ["human", "random"]}`)
		if status != http.StatusCreated {
			t.Fatalf("%d %s", status, data)
		}
		var c createdJSON
		decode(t, data, &c)
		deadline := time.Now().Add(5 * time.Second)
		for versionOf(s, c.ID) >= 0 {
			if time.Now().After(deadline) {
				t.Fatal("the idle game was not removed")
			}
			time.Sleep(10 * time.Millisecond)
		}
		// Abandoned, and kept in the store for its retention: loaded
		// again, it is over.
		st := stateAs(t, ts, c.ID, "")
		if st.End == nil || st.End.Method != "abandoned" || len(st.Moves) != 0 {
			t.Fatalf("an idle game: %+v", st.End)
		}
		closed := make(chan struct{})
		go func() { s.Close(); close(closed) }()
		select {
		case <-closed:
		case <-time.After(5 * time.Second):
			t.Fatal("Close did not stop the janitor")
		}
	})
}

// failingBot fails to choose.
type failingBot struct{}

func (failingBot) Name() string { return "failing" }
func (failingBot) Choose(elasund.View) (elasund.Move, error) {
	panic("a bug in the bot")
}

// TestBotFailure: a bot that panics does not stop the game; the first
// legal move is played for it and the page is told.
func TestBotFailure(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 1, Idle: time.Minute})
	c := createFirst(t, ts, `{"seats": ["human", "random"]}`, true)
	st := c.State
	ss := sessionOf(s, c.ID)
	ss.mu.Lock()
	ss.seats[1].bot = failingBot{}
	ss.mu.Unlock()
	// Play the person's turn to its end (ending each phase when it may,
	// else the first move); then the failing bot's turn starts.
	for step := 0; len(st.Moves) > 0; step++ {
		if step > 50 {
			t.Fatal("the person's turn does not end")
		}
		m := st.Moves[0].Text
		for _, c := range st.Moves {
			if c.Text == "end build" || c.Text == "end turn" || c.Text == "take gold" {
				m = c.Text
			}
		}
		status, data, _ := doAs(t, ts, c.Token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: m}))
		if status != http.StatusOK {
			t.Fatalf("%s: %d %s", m, status, data)
		}
		st = stateJSON{}
		decode(t, data, &st)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		g, _, _ := gameOf(s, c.ID)
		if g.ToMove() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the failing bot's turn did not end")
		}
		time.Sleep(5 * time.Millisecond)
	}
	st = stateAs(t, ts, c.ID, c.Token)
	if !strings.Contains(st.Note, "the failing bot (blue) failed (panic: a bug in the bot)") {
		t.Fatalf("note %q", st.Note)
	}
	checkGames(t, s)
}

// TestFootprint compares the squares a build is shown to cover with those
// the engine's building stands on after it is built.
func TestFootprint(t *testing.T) {
	seen := map[elasund.Building]bool{}
	for seed := uint64(1); seed <= 40 && len(seen) < 7; seed++ {
		g, err := elasund.New(elasund.Config{Players: 4, Seed: seed, MaxTurns: 60})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !g.Over(); i++ {
			ms := g.Legal()
			m := ms[(i*7919)%len(ms)]
			if m.Kind == elasund.Build || m.Kind == elasund.Rebuild {
				after := *g
				if err := after.Apply(m); err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, s := range elasund.CitySquares(4) {
					if c := after.At(s); c.Building == m.Building && c.Origin == m.Square {
						want = append(want, s.String())
					}
				}
				if got := footprint(m.Building, m.Square); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%v: footprint %v, the engine's building stands on %v", m, got, want)
				}
				seen[m.Building] = true
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(seen) < 4 {
		t.Fatalf("only %d kinds of building were built", len(seen))
	}
}
