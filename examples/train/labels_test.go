package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// replayDeal plays deal d of a gen run with options o again, apart from
// playDeal: the deal's game seed and bots' seeds (dealSources), each bot's
// move played at a new Table until the game ends, and returns the library's
// Outcome of that Table.
func replayDeal(t *testing.T, o *genOptions, d int) elasund.Outcome {
	t.Helper()
	gameSeed, botSeeds, _ := dealSources(o.seed, d, o.players)
	seats := make([]bots.Bot, o.players)
	for s := range seats {
		b, err := bots.New(o.bots[(s+d)%len(o.bots)], botSeeds[s])
		if err != nil {
			t.Fatal(err)
		}
		seats[s] = b
	}
	tb, err := elasund.NewTable(elasund.Config{Players: o.players, Seed: gameSeed, MaxTurns: o.maxTurns})
	if err != nil {
		t.Fatal(err)
	}
	for !tb.Over() {
		p := tb.ToMove()
		m, err := seats[p].Choose(tb.View(p))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Play(p, m); err != nil {
			t.Fatal(err)
		}
	}
	return tb.Outcome()
}

// TestGenLabelsAreReturns (issue 22's acceptance test for train): every
// row gen writes is labelled with its seat's return in the library's
// Outcome of the same deal played again at a Table (the same seeds, the
// same moves): a won game, and games that reach the turn limit, where the
// seats with the most cubes share 1 (a lone leader gets 1; the labels were
// 1/n each before).
func TestGenLabelsAreReturns(t *testing.T) {
	cases := []struct {
		bots              string
		players, maxTurns int
		deals             int
		method            elasund.Method // at least one deal ends so
	}{
		{"greedy,random", 2, 300, 3, elasund.AllCubesPlaced},
		{"greedy,random", 3, 40, 6, elasund.TurnLimitReached},
		{"random", 4, 25, 6, elasund.TurnLimitReached},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%dp/%d turns", c.bots, c.players, c.maxTurns), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "set")
			mustRun(t, "gen", "-bots", c.bots, "-players", fmt.Sprint(c.players), "-deals", fmt.Sprint(c.deals),
				"-seed", "7", "-p", "0.05", "-maxturns", fmt.Sprint(c.maxTurns), "-out", dir)
			l, err := loadSet(dir)
			if err != nil {
				t.Fatal(err)
			}
			labels, meta := l.labels.f32(), l.meta.i32()
			o := genOptions{bots: strings.Split(c.bots, ","), players: c.players, seed: 7, maxTurns: c.maxTurns}
			outcomes := make([]elasund.Outcome, c.deals)
			for d := range outcomes {
				outcomes[d] = replayDeal(t, &o, d)
			}
			seen, leaders := map[elasund.Method]bool{}, 0
			for r := range l.labels.rows {
				row := meta[r*metaWidth : (r+1)*metaWidth]
				out := outcomes[row[metaDeal]]
				want := float32(out.Returns(nil)[row[metaSeat]])
				if labels[r] != want {
					t.Fatalf("row %d (deal %d, seat %d): label %v; the library's return is %v (%v)",
						r, row[metaDeal], row[metaSeat], labels[r], want, out)
				}
				seen[out.Method] = true
				if out.Method == elasund.TurnLimitReached && labels[r] == 1 {
					leaders++
				}
			}
			if !seen[c.method] {
				t.Errorf("no deal ended by %v: %v", c.method, seen)
			}
			if c.method == elasund.TurnLimitReached && leaders == 0 {
				t.Error("no row of a lone leader at the turn limit, labelled 1")
			}
		})
	}
}

// TestLabelByHand: the labels of a game's rows are its seats' returns,
// written by hand for games ended before anyone placed a cube, and
// compared with the library's Returns for games ended by a forfeit and by
// the host after moves. gen's own games end by the rules (a bot's error
// stops gen), but the labels follow any Outcome.
func TestLabelByHand(t *testing.T) {
	third := float32(1.0 / 3)
	cases := []struct {
		name     string
		players  int
		maxTurns int
		moves    int                        // first legal moves played before end
		end      func(*elasund.Table) error // nil: play to the turn limit
		want     []float32                  // nil: the library's Returns
	}{
		{"forfeit at the start, 2 players", 2, 300, 0, func(t *elasund.Table) error { return t.Forfeit(0) }, []float32{0, 1}},
		{"forfeit at the start, 3 players", 3, 300, 0, func(t *elasund.Table) error { return t.Forfeit(1) }, []float32{0.5, 0, 0.5}},
		{"abandoned at the start, 3 players", 3, 300, 0, func(t *elasund.Table) error { t.Abandon(); return nil }, []float32{third, third, third}},
		{"turn limit after turn 1, 2 players", 2, 1, 0, nil, []float32{0.5, 0.5}},
		{"forfeit after 400 moves, 4 players", 4, 300, 400, func(t *elasund.Table) error { return t.Forfeit(2) }, nil},
		{"abandoned after 400 moves, 3 players", 3, 300, 400, func(t *elasund.Table) error { t.Abandon(); return nil }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, err := elasund.NewTable(elasund.Config{Players: c.players, Seed: 5, MaxTurns: c.maxTurns})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; !tb.Over() && (c.end == nil || i < c.moves); i++ {
				if _, err := tb.Play(tb.ToMove(), tb.Legal(tb.ToMove())[0]); err != nil {
					t.Fatal(err)
				}
			}
			if c.end != nil {
				if err := c.end(tb); err != nil {
					t.Fatal(err)
				}
			}
			want := c.want
			if want == nil {
				for _, x := range tb.Outcome().Returns(nil) {
					want = append(want, float32(x))
				}
			}
			// A row for every seat, twice, the second time in reverse.
			var r rows
			for i := range 2 * c.players {
				seat := i % c.players
				if i >= c.players {
					seat = 2*c.players - 1 - i
				}
				r.meta = append(r.meta, 0, 1, int32(seat), int32(c.players), 0)
			}
			r.label(tb.Outcome())
			got := r.labels[:c.players]
			back := slices.Clone(r.labels[c.players:])
			slices.Reverse(back)
			if !slices.Equal(got, want) || !slices.Equal(back, want) {
				t.Errorf("labels %v; want %v twice, the second time reversed (%v)", r.labels, want, tb.Outcome())
			}
		})
	}
}
