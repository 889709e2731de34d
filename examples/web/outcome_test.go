package main

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// playUntil plays the game of c through the API, each move for the seat
// that decides with that seat's token: a move that builds (a building, a
// wall tile, the church) three times in four when there is one, else any
// legal move, drawn with r. It stops before the move for which stop is
// true, and returns the game and that move, or once the game is over (the
// move is then the zero Move).
func playUntil(t *testing.T, s *server, ts *httptest.Server, c created, r *rand.Rand,
	stop func(g elasund.Game, m elasund.Move) bool) (elasund.Game, elasund.Move) {
	t.Helper()
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatal("the game does not get there")
		}
		g, _, ok := gameOf(s, c.ID)
		if !ok {
			t.Fatal("the game is gone")
		}
		if g.Over() {
			return g, elasund.Move{}
		}
		ms := g.Legal()
		m := ms[r.IntN(len(ms))]
		var builds []elasund.Move
		for _, b := range ms {
			if b.Kind == elasund.Build || b.Kind == elasund.BuildWall || b.Kind == elasund.BuildChurch {
				builds = append(builds, b)
			}
		}
		if len(builds) > 0 && r.IntN(4) > 0 {
			m = builds[r.IntN(len(builds))]
		}
		if stop != nil && stop(g, m) {
			return g, m
		}
		token := c.tokenOf(g.Color(g.ToMove()).String())
		if status, data, _ := doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: m.String()})); status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
	}
}

// refereed plays the record of a game the server ended again at a Table of
// the library's own, from its configuration, rolling the dice from its
// seed, and ends it as its Termination tag says (abandoned, or forfeited
// by a colour): the reference the server's end is checked against.
func refereed(t *testing.T, rec elasund.Record) *elasund.Table {
	t.Helper()
	tb, err := elasund.NewTable(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		plain := m
		if m.Kind == elasund.Roll {
			plain.Dice = [2]uint8{}
		}
		e, err := tb.Play(tb.ToMove(), plain)
		if err != nil || e.Move != m {
			t.Fatalf("move %d %v of the record: played %v, %v", i+1, m, e.Move, err)
		}
	}
	switch term := rec.Tags["Termination"]; {
	case term == "abandoned":
		tb.Abandon()
	case strings.HasPrefix(term, "forfeit "):
		for p := range elasund.Player(tb.Players()) {
			if "forfeit "+tb.Color(p).String() == term {
				if err := tb.Forfeit(p); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if !tb.Over() {
		t.Fatalf("the record (termination %q) is of a game that goes on", rec.Tags["Termination"])
	}
	return tb
}

// TestOutcome is the acceptance test of the end: a game stopped by its
// turn limit, one abandoned for being idle, and games a seat left (two
// seats; three, after another seat's person left and a bot played on)
// end, through the API, with the standings and returns
// of the library's Outcome for that game, played again from its record at
// a Table of the test's own; the end says why in words.Ending's sentence;
// and what the case itself decides (the method, who won, who is last) is
// as written in the table.
func TestOutcome(t *testing.T) {
	tests := []struct {
		name   string
		seats  string
		turns  int    // the turns played before the end, or 0: up to the turn limit
		leaver string // the seat that ends the game by DELETE ("most": the seat with the most cubes), or ""
		idle   bool   // the game is abandoned by the janitor
		method string
		winner string // "other": the seat that did not leave
		first  bool   // before the leaver, another seat's person leaves, and a bot plays on
	}{
		{"turn limit", `{"seats": ["human", "human", "human"], "maxTurns": 18}`, 0, "", false, "turn limit reached", "", false},
		{"abandoned", `{"seats": ["human", "human", "human"]}`, 15, "", true, "abandoned", "", false},
		{"forfeit of two", `{"seats": ["human", "human"]}`, 12, "most", false, "forfeited", "other", false},
		{"forfeit of three", `{"seats": ["human", "human", "human"]}`, 18, "most", false, "forfeited", "", true},
	}
	ranked := 0 // the cases whose seats do not all share first place
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, ts := testServer(t, options{MaxGames: 2, Idle: time.Hour, Seed: uint64(40 + i)})
			c := create(t, ts, tc.seats)
			r := rand.New(rand.NewPCG(uint64(i), 7))
			g, _ := playUntil(t, s, ts, c, r, func(g elasund.Game, m elasund.Move) bool {
				return tc.turns > 0 && g.Turn() > tc.turns
			})
			if over := g.Over(); over != (tc.turns == 0) {
				t.Fatalf("over %v after %d turns", over, g.Turn())
			}
			leaver := tc.leaver
			if leaver == "most" {
				most := elasund.Player(0)
				for p := range elasund.Player(g.Players()) {
					if g.CubesPlaced(p) > g.CubesPlaced(most) {
						most = p
					}
				}
				leaver = g.Color(most).String()
			}
			if tc.first {
				// Another seat's person leaves first: two seats stay, so
				// a bot plays that seat on, and the game goes on.
				first := g.Color(elasund.Player(0)).String()
				if first == leaver {
					first = g.Color(elasund.Player(1)).String()
				}
				status, data, _ := doAs(t, ts, c.tokenOf(first), "DELETE", "/api/games/"+c.ID, "")
				var out leftJSON
				decode(t, data, &out)
				if status != http.StatusOK || out.Over || out.Left != first || out.Bot != defaultLeaveBot {
					t.Fatalf("%s leaving first: %d %s", first, status, data)
				}
			}
			switch {
			case leaver != "":
				if status, data, _ := doAs(t, ts, c.tokenOf(leaver), "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
					t.Fatalf("leaving: %d %s", status, data)
				}
			case tc.idle:
				if n := s.sweep(time.Now().Add(2 * time.Hour)); n != 1 {
					t.Fatalf("%d games swept", n)
				}
			}
			end := stateAs(t, ts, c.ID, "").End
			if end == nil {
				t.Fatal("the game is not over")
			}
			status, data, _ := do(t, ts, "GET", "/api/games/"+c.ID+"/record", "")
			if status != http.StatusOK {
				t.Fatalf("the record: %d %s", status, data)
			}
			rec, err := elasund.ParseRecord(string(data))
			if err != nil {
				t.Fatal(err)
			}
			ref := refereed(t, rec)

			// What the case decides.
			wantWinner := ""
			if tc.winner == "other" {
				wantWinner = map[string]string{"red": "blue", "blue": "red"}[leaver]
			}
			if end.Method != tc.method || end.Winner != wantWinner {
				t.Fatalf("ended by %q, winner %q; want %q, %q", end.Method, end.Winner, tc.method, wantWinner)
			}
			last := end.Standings[len(end.Standings)-1]
			if leaver != "" && (last.Color != leaver || !last.Forfeited || !strings.Contains(end.Ending, "left the table")) {
				t.Fatalf("%s left: the last standing is %+v, the ending %q", leaver, last, end.Ending)
			}
			ranked += sameOutcome(t, end, ref)
			t.Logf("%s: %s", end.Ending, ref.Outcome())
		})
	}
	if ranked == 0 {
		t.Fatal("every seat of every case shares first place: the ranking is not tested")
	}
}

// sameOutcome checks the server's end against the Outcome of ref, the
// same game at the test's own Table: the method, the sentence, the
// winner, every standing and the returns; and returns the number of
// seats not in first place.
func sameOutcome(t *testing.T, end *endJSON, ref *elasund.Table) int {
	t.Helper()
	want := ref.Outcome()
	final, err := ref.Game()
	if err != nil {
		t.Fatal(err)
	}
	ranked := 0
	if end.Method != want.Method.String() || end.Ending != words.Ending(want, ref.Color) {
		t.Fatalf("the end says %q (%q); the library's outcome %q (%q)", end.Method, end.Ending, want.Method, words.Ending(want, ref.Color))
	}
	if w := want.Winner; (w == elasund.NoPlayer) != (end.Winner == "") || (w != elasund.NoPlayer && ref.Color(w).String() != end.Winner) {
		t.Fatalf("winner %q, the library's %v", end.Winner, w)
	}
	ws := want.Standings()
	if len(end.Standings) != len(ws) {
		t.Fatalf("%d standings, the library's %d", len(end.Standings), len(ws))
	}
	for k, w := range ws {
		got := end.Standings[k]
		if got.Place != w.Place || got.Color != w.Color.String() || got.Cubes != w.Cubes || got.Winner != w.Won ||
			got.Forfeited != w.Forfeited || got.Cubes != final.CubesPlaced(w.Player) || got.Gold != final.Gold(w.Player) {
			t.Fatalf("standing %d: %+v; the library's %+v (gold %d)", k, got, w, final.Gold(w.Player))
		}
		if w.Place > 1 {
			ranked++
		}
	}
	wr := want.Returns(nil)
	if len(end.Returns) != len(wr) {
		t.Fatalf("returns %v, the library's %v", end.Returns, wr)
	}
	for p := range wr {
		if end.Returns[p] != wr[p] {
			t.Fatalf("returns %v, the library's %v", end.Returns, wr)
		}
	}
	return ranked
}
