package bots_test

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// play plays a game of cfg between the seats' bots, each handed only its
// view, and returns its moves. It fails t at the first error or illegal
// move, forced rolls included.
func play(t testing.TB, cfg elasund.Config, seats []bots.Bot) []elasund.Move {
	t.Helper()
	g, err := elasund.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var moves []elasund.Move
	for !g.Over() {
		p := g.ToMove()
		v := g.View(p)
		m, err := seats[p].Choose(v)
		if err != nil {
			t.Fatalf("%s in seat %d, move %d: %v", seats[p].Name(), p, len(moves), err)
		}
		if !v.IsLegal(m) || m.Kind == elasund.Roll && m.Dice != [2]uint8{} {
			t.Fatalf("%s in seat %d, move %d: illegal move %v", seats[p].Name(), p, len(moves), m)
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s in seat %d: %v refused: %v", seats[p].Name(), p, m, err)
		}
		moves = append(moves, m)
	}
	return moves
}

// newBots makes a bot of each name, seeded from seed and the seat.
func newBots(t testing.TB, seed uint64, names ...string) []bots.Bot {
	t.Helper()
	out := make([]bots.Bot, len(names))
	for i, n := range names {
		b, err := bots.New(n, seed*16+uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	return out
}

func TestNames(t *testing.T) {
	if got, want := bots.Names(), []string{"az", "greedy", "greedy-v", "ismcts", "ismcts-v", "random"}; !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	tests := []struct{ name, want string }{
		{"random", "random"},
		{"greedy", "greedy"},
		{"Greedy", "greedy"},
		{"ismcts", "ismcts"},
		{"ISMCTS", "ismcts"},
		{"ismcts:1000", "ismcts"},
		{"ismcts:200", "ismcts:200"},
		{"ismcts:1", "ismcts:1"},
		{"greedy-v", "greedy-v"},
		{"ismcts-v", "ismcts-v"},
		{"ISMCTS-V:1000", "ismcts-v"},
		{"ismcts-v:300", "ismcts-v:300"},
		{"ismcts:10ms", "ismcts:10ms"},
		{"ISMCTS-V:25ms", "ismcts-v:25ms"},
		{"ismcts:1m", "ismcts:1m0s"},
		{"ismcts-v:1ms", "ismcts-v:1ms"},
		{"az", "az"},
		{"AZ:1000", "az"},
		{"az:300", "az:300"},
		{"az:10ms", "az:10ms"},
	}
	for _, tt := range tests {
		b, err := bots.New(tt.name, 1)
		if err != nil {
			t.Errorf("New(%q): %v", tt.name, err)
			continue
		}
		if b.Name() != tt.want {
			t.Errorf("New(%q).Name() = %q, want %q", tt.name, b.Name(), tt.want)
		}
	}
}

// TestNewRefusesBadNames: an unknown name wraps ErrUnknownBot, a bad N of
// ismcts:N wraps ErrOptions as NewISMCTS's errors do; each error names the
// bot, quoting at most 60 bytes of it.
func TestNewRefusesBadNames(t *testing.T) {
	long := "ismcts:" + strings.Repeat("9", 1000)
	cases := []struct {
		name string
		want error
	}{
		{"", bots.ErrUnknownBot},
		{"nobody", bots.ErrUnknownBot},
		{"greedy:3", bots.ErrUnknownBot},
		{"random:1", bots.ErrUnknownBot},
		{strings.Repeat("x", 1000), bots.ErrUnknownBot},
		{"ismcts:", bots.ErrOptions},
		{"ismcts:0", bots.ErrOptions},
		{"ismcts:-5", bots.ErrOptions},
		{"ismcts:abc", bots.ErrOptions},
		{"ismcts:1.5", bots.ErrOptions},
		{"ismcts:10000001", bots.ErrOptions},
		{"ismcts:99999999999999999999", bots.ErrOptions},
		{long, bots.ErrOptions},
		{"greedy-v:2", bots.ErrUnknownBot},
		{"ismcts-v1", bots.ErrUnknownBot},
		{"ismcts-v:", bots.ErrOptions},
		{"ismcts-v:0", bots.ErrOptions},
		{"ismcts-v:x", bots.ErrOptions},
		{"ismcts:0s", bots.ErrOptions},
		{"ismcts:-10ms", bots.ErrOptions},
		{"ismcts:999us", bots.ErrOptions},
		{"ismcts-v:61s", bots.ErrOptions},
		{"ismcts:" + strings.Repeat("1", 80) + "ms", bots.ErrOptions},
		{"az:", bots.ErrOptions},
		{"az:0", bots.ErrOptions},
		{"az:2m", bots.ErrOptions},
		{"az-v", bots.ErrUnknownBot},
	}
	for _, c := range cases {
		b, err := bots.New(c.name, 1)
		if !errors.Is(err, c.want) || b != nil {
			t.Errorf("New(%.20q) = %v, %v; want an error wrapping %v and no bot", c.name, b, err, c.want)
			continue
		}
		if quoted := fmt.Sprintf("%q", c.name); len(c.name) <= 60 && !strings.Contains(err.Error(), quoted) {
			t.Errorf("New(%q): error %q does not name the bot", c.name, err)
		}
		if len(err.Error()) > 200 {
			t.Errorf("New(%.20q…): error of %d bytes: %.80s…", c.name, len(err.Error()), err)
		}
	}
}

func TestISMCTSOptions(t *testing.T) {
	bad := []bots.ISMCTSOptions{
		{Iterations: -1},
		{Iterations: bots.MaxIterations + 1},
		{Budget: -time.Second},
		{Workers: -1},
		{Workers: 1025},
		{Playout: bots.MaxPlayout + 1},
		{TreeBytes: -1},
		{Value: bots.LinearValueModel(), Evaluator: bots.DefaultAZModel()},
	}
	for _, o := range bad {
		if b, err := bots.NewISMCTS(1, o); !errors.Is(err, bots.ErrOptions) || b != nil {
			t.Errorf("NewISMCTS(%+v) = %v, %v; want an error wrapping ErrOptions", o, b, err)
		}
	}
	good := []struct {
		in, want bots.ISMCTSOptions
		name     string
	}{
		{bots.ISMCTSOptions{}, bots.ISMCTSOptions{Iterations: 1000, Workers: 1, Playout: 20}, "ismcts"},
		{bots.ISMCTSOptions{Iterations: 50}, bots.ISMCTSOptions{Iterations: 50, Workers: 1, Playout: 20}, "ismcts:50"},
		{bots.ISMCTSOptions{Budget: time.Millisecond, Workers: 3}, bots.ISMCTSOptions{Budget: time.Millisecond, Workers: 3, Playout: 20}, "ismcts:1ms"},
		{bots.ISMCTSOptions{Playout: -3}, bots.ISMCTSOptions{Iterations: 1000, Workers: 1, Playout: -1}, "ismcts"},
		{bots.ISMCTSOptions{Iterations: 50, TreeBytes: 1 << 20}, bots.ISMCTSOptions{Iterations: 50, Workers: 1, Playout: 20, TreeBytes: 1 << 20}, "ismcts:50"},
	}
	for _, tt := range good {
		b, err := bots.NewISMCTS(1, tt.in)
		if err != nil {
			t.Errorf("NewISMCTS(%+v): %v", tt.in, err)
			continue
		}
		if b.Options() != tt.want || b.Name() != tt.name {
			t.Errorf("NewISMCTS(%+v): options %+v, name %q; want %+v, %q", tt.in, b.Options(), b.Name(), tt.want, tt.name)
		}
	}
}

// TestLegalWholeGames plays whole games of every player count and rule
// set with every bot, checking each move against the view.
func TestLegalWholeGames(t *testing.T) {
	search := "ismcts:30"
	if testing.Short() {
		search = "ismcts:10"
	}
	for _, players := range []int{2, 3, 4} {
		for _, rules := range []elasund.Rules{0, elasund.EnglishEdition} {
			for _, mix := range [][]string{
				{"random", "greedy", search, "greedy"},
				{"greedy", search, "random", search},
			} {
				names := mix[:players]
				t.Run(fmt.Sprintf("%dp/%v/%s", players, rules, strings.Join(names, ",")), func(t *testing.T) {
					cfg := elasund.Config{Players: players, Seed: uint64(players)*10 + uint64(rules), Rules: rules, MaxTurns: 120}
					moves := play(t, cfg, newBots(t, cfg.Seed, names...))
					if len(moves) < 10 {
						t.Errorf("the game lasted %d moves", len(moves))
					}
				})
			}
		}
	}
}

// TestDeterministic checks that the same seeds give the same game, with a
// search split among several workers too.
func TestDeterministic(t *testing.T) {
	multi := func(seed uint64) bots.Bot {
		b, err := bots.NewISMCTS(seed, bots.ISMCTSOptions{Iterations: 40, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		make func(seed uint64) []bots.Bot
	}{
		{"random", func(s uint64) []bots.Bot { return newBots(t, s, "random", "random") }},
		{"greedy", func(s uint64) []bots.Bot { return newBots(t, s, "greedy", "greedy") }},
		{"ismcts", func(s uint64) []bots.Bot { return newBots(t, s, "ismcts:40", "greedy") }},
		{"ismcts workers", func(s uint64) []bots.Bot { return []bots.Bot{multi(s), multi(s + 1)} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := elasund.Config{Players: 2, Seed: 5, MaxTurns: 40}
			a := play(t, cfg, tt.make(3))
			b := play(t, cfg, tt.make(3))
			if !slices.Equal(a, b) {
				t.Fatalf("the same seeds gave different games (%d and %d moves)", len(a), len(b))
			}
			c := play(t, cfg, tt.make(4))
			if slices.Equal(a, c) {
				t.Errorf("other seeds gave the same game of %d moves", len(a))
			}
		})
	}
}

// TestNoDecision checks that a bot asked to move for a player who does
// not decide returns an error and no move, without panicking.
func TestNoDecision(t *testing.T) {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	other := 1 - g.ToMove()
	for _, name := range bots.Names() {
		for _, v := range []elasund.View{g.View(other), g.View(elasund.NoPlayer), {}} {
			b, _ := bots.New(name, 1)
			if m, err := b.Choose(v); err == nil || m != (elasund.Move{}) {
				t.Errorf("%s.Choose(a view without a decision) = %v, %v; want an error", name, m, err)
			}
		}
	}
}

// TestISMCTSBudget checks that a search bounded by time alone stops and
// returns a legal move.
func TestISMCTSBudget(t *testing.T) {
	b, err := bots.NewISMCTS(1, bots.ISMCTSOptions{Budget: 5 * time.Millisecond, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	cfg := elasund.Config{Players: 2, Seed: 2, MaxTurns: 6}
	play(t, cfg, []bots.Bot{b, bots.NewGreedy(1)})
}

// TestStrengthSample is the seeded, small version of the strength claims
// (the table of docs/bots.md; the arena checks them in CI): Greedy beats
// Random, and ISMCTS beats Greedy, seats swapped on every deal.
func TestStrengthSample(t *testing.T) {
	tests := []struct {
		a, b       string
		deals, min int // the games are 2·deals; a must win at least min
	}{
		{"greedy", "random", 10, 17},
		{"ismcts:200", "greedy", 4, 5},
	}
	if testing.Short() {
		tests = []struct {
			a, b       string
			deals, min int
		}{
			{"greedy", "random", 5, 8},
			{"ismcts:100", "greedy", 2, 3},
		}
	}
	for _, tt := range tests {
		t.Run(tt.a+">"+tt.b, func(t *testing.T) {
			wins := 0
			for d := 0; d < tt.deals; d++ {
				for swap := 0; swap < 2; swap++ {
					cfg := elasund.Config{Players: 2, Seed: uint64(1000 + d), MaxTurns: 300}
					names := []string{tt.a, tt.b}
					if swap == 1 {
						names = []string{tt.b, tt.a}
					}
					g, _ := elasund.New(cfg)
					for _, m := range play(t, cfg, newBots(t, uint64(d*2+swap), names...)) {
						_ = g.Apply(m)
					}
					if w := g.Winner(); w != elasund.NoPlayer && names[w] == tt.a {
						wins++
					}
				}
			}
			t.Logf("%s won %d of %d games against %s", tt.a, wins, 2*tt.deals, tt.b)
			if wins < tt.min {
				t.Errorf("%s won %d of %d games against %s; want at least %d", tt.a, wins, 2*tt.deals, tt.b, tt.min)
			}
		})
	}
}

func BenchmarkGreedyChoose(b *testing.B) {
	views := midgameViews(b)
	bot := bots.NewGreedy(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := bot.Choose(views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}

// midgameViews returns the views of the decisions with more than one legal
// move of a game between greedy bots.
func midgameViews(tb testing.TB) []elasund.View {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 7, MaxTurns: 300})
	if err != nil {
		tb.Fatal(err)
	}
	seats := []bots.Bot{bots.NewGreedy(1), bots.NewGreedy(2)}
	var views []elasund.View
	for !g.Over() {
		v := g.View(g.ToMove())
		if len(v.Legal()) > 1 {
			views = append(views, v)
		}
		m, err := seats[g.ToMove()].Choose(v)
		if err != nil {
			tb.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return views
}

// A bot's zero value plays as the bot its constructor makes with seed 0,
// and the heuristic answers 0, without panicking, for a nil game or a
// player not at the table.
func TestZeroValuesAndOutOfRange(t *testing.T) {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && !g.Over(); i++ { // past the first roll, to a choice
		if err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(g.ToMove())
	fast := bots.ISMCTSOptions{Iterations: 50}
	small, err := bots.NewISMCTS(0, fast)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		zero, made bots.Bot
	}{
		{&bots.Random{}, bots.NewRandom(0)},
		{&bots.Greedy{}, bots.NewGreedy(0)},
		{&bots.ISMCTS{}, mustISMCTS(t, 0, bots.ISMCTSOptions{})},
	} {
		if tc.zero.Name() != tc.made.Name() {
			t.Errorf("zero %T is named %q, want %q", tc.zero, tc.zero.Name(), tc.made.Name())
		}
		if _, ok := tc.zero.(*bots.ISMCTS); ok {
			continue // a whole default search is slow; its options are checked below
		}
		a, errA := tc.zero.Choose(v)
		b, errB := tc.made.Choose(v)
		if errA != nil || errB != nil || a != b {
			t.Errorf("zero %T chose %v (%v), the seed-0 bot %v (%v)", tc.zero, a, errA, b, errB)
		}
	}
	if got, want := (&bots.ISMCTS{}).Options(), mustISMCTS(t, 0, bots.ISMCTSOptions{}).Options(); got != want {
		t.Errorf("zero ISMCTS options %+v, want %+v", got, want)
	}
	if _, err := small.Choose(v); err != nil {
		t.Errorf("ISMCTS: %v", err)
	}
	w := bots.DefaultWeights()
	for _, p := range []elasund.Player{-1, 2, 3, 100} {
		if s, val := w.Score(g, p), w.Value(g, p); s != 0 || val != 0 {
			t.Errorf("player %d of 2: Score %v, Value %v; want 0", p, s, val)
		}
	}
	if s, val := w.Score(nil, 0), w.Value(nil, 0); s != 0 || val != 0 {
		t.Errorf("nil game: Score %v, Value %v; want 0", s, val)
	}
	if w.Value(g, 0) == 0 {
		t.Errorf("Value of seat 0 is 0 in a game under way")
	}
}

// TestWeightsValueMethods: Score and Value have value receivers, so they
// are called on the Weights DefaultWeights returns, and taken as method
// values, as they come; they agree with the same weights held in a
// variable, and with weights of the zero value (all 0).
func TestWeightsValueMethods(t *testing.T) {
	g, err := elasund.New(elasund.Config{Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		_ = g.Apply(g.Legal()[0])
	}
	w := bots.DefaultWeights()
	var score, value func(*elasund.Game, elasund.Player) float64 = bots.DefaultWeights().Score, bots.DefaultWeights().Value
	for p := range elasund.Player(3) {
		if got, want := bots.DefaultWeights().Score(g, p), w.Score(g, p); got != want || score(g, p) != want {
			t.Errorf("seat %d: DefaultWeights().Score = %v, method value %v; want %v", p, got, score(g, p), want)
		}
		if got, want := bots.DefaultWeights().Value(g, p), w.Value(g, p); got != want || value(g, p) != want || want == 0 {
			t.Errorf("seat %d: DefaultWeights().Value = %v, method value %v; want %v (not 0)", p, got, value(g, p), want)
		}
		if s, v := (bots.Weights{}).Score(g, p), (bots.Weights{}).Value(g, p); s != 0 || v != 0 {
			t.Errorf("seat %d: zero weights score %v, value %v; want 0", p, s, v)
		}
	}
}

func mustISMCTS(t *testing.T, seed uint64, o bots.ISMCTSOptions) *bots.ISMCTS {
	t.Helper()
	b, err := bots.NewISMCTS(seed, o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDocConcurrency: the package documentation says that a bot is not
// safe for concurrent use, and what to do instead.
func TestDocConcurrency(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "bot.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
	for _, want := range []string{"A bot is not safe for concurrent use", "Make a bot for each seat and game played at once"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the package documentation lacks %q:\n%s", want, doc)
		}
	}
}
