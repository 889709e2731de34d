package tourney

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// TestWilson checks the interval against the worked examples of Newcombe,
// "Two-sided confidence intervals for the single proportion" (Statistics
// in Medicine 17, 1998), table I, method 3 (the score interval without
// continuity correction), to the four decimals printed there.
func TestWilson(t *testing.T) {
	cases := []struct {
		wins, n int
		lo, hi  float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0.0000, 0.1611},
		{1, 29, 0.0061, 0.1718},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.wins, c.n, Z95)
		if math.Abs(lo-c.lo) > 0.00005 || math.Abs(hi-c.hi) > 0.00005 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
	// All successes mirrors none; no trials is no knowledge.
	lo, hi := Wilson(20, 20, Z95)
	if math.Abs(lo-(1-0.1611)) > 0.00005 || hi != 1 {
		t.Errorf("Wilson(20, 20) = %.4f, %.4f; want 0.8389, 1", lo, hi)
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = %v, %v; want 0, 1", lo, hi)
	}
}

// comparisons returns n comparisons of a and b with score s.
func comparisons(a, b, n int, s float64) []Comparison {
	out := make([]Comparison, n)
	for i := range out {
		out[i] = Comparison{a, b, s}
	}
	return out
}

// TestEloTwoBots: with two entrants the Bradley–Terry fit has a closed
// form, γa/γb = (wins of a)/(wins of b), here with the virtual tie's half
// win each: 300 wins to 100 is 400·log10(300.5/100.5) ≈ 190.3 points.
func TestEloTwoBots(t *testing.T) {
	res := append(comparisons(0, 1, 300, 1), comparisons(1, 0, 100, 1)...)
	elo := Elo(2, res, 1)
	want := 1000 + 400*math.Log10(300.5/100.5)
	if elo[1] != 1000 || math.Abs(elo[0]-want) > 1e-9 {
		t.Errorf("Elo = %v; want [%v 1000]", elo, want)
	}
	// Ties count half: 100 wins, 100 losses and 200 ties is even.
	res = append(comparisons(0, 1, 100, 1), comparisons(0, 1, 100, 0)...)
	res = append(res, comparisons(1, 0, 200, 0.5)...)
	if elo := Elo(2, res, 0); elo[0] != 1000 || math.Abs(elo[1]-1000) > 1e-9 {
		t.Errorf("an even record: Elo = %v; want 1000, 1000", elo)
	}
	// A clean sweep stays finite.
	elo = Elo(2, comparisons(0, 1, 50, 1), 1)
	if want := 1000 + 400*math.Log10(50.5/0.5); math.Abs(elo[0]-want) > 1e-9 {
		t.Errorf("a sweep: Elo = %v; want %v", elo[0], want)
	}
}

// TestEloOrder: a constructed result set where A beats B and C and B beats
// C gives A > B > C, the anchor exactly 1000, and ratings that do not
// depend on the order of the entrants or of the results.
func TestEloOrder(t *testing.T) {
	var res []Comparison
	res = append(res, comparisons(0, 1, 70, 1)...)
	res = append(res, comparisons(1, 0, 30, 1)...)
	res = append(res, comparisons(1, 2, 65, 1)...)
	res = append(res, comparisons(2, 1, 35, 1)...)
	res = append(res, comparisons(0, 2, 80, 1)...)
	res = append(res, comparisons(0, 2, 20, 0)...)
	res = append(res, comparisons(2, 0, 10, 0.5)...)
	elo := Elo(3, res, 2)
	if elo[2] != 1000 || !(elo[0] > elo[1] && elo[1] > elo[2]) {
		t.Fatalf("Elo = %v; want A > B > C = 1000", elo)
	}
	// The same results with the entrants renumbered (A→2, B→0, C→1) and
	// the list reversed.
	perm := []int{2, 0, 1}
	var res2 []Comparison
	for i := len(res) - 1; i >= 0; i-- {
		r := res[i]
		res2 = append(res2, Comparison{perm[r.A], perm[r.B], r.Score})
	}
	elo2 := Elo(3, res2, perm[2])
	for e := range elo {
		if math.Abs(elo[e]-elo2[perm[e]]) > 1e-6 {
			t.Errorf("renumbered: entrant %d rated %v, was %v", e, elo2[perm[e]], elo[e])
		}
	}
	// A stronger bot gets a higher rating also with the anchor elsewhere,
	// and moving the anchor shifts every rating by the same amount.
	elo3 := Elo(3, res, 0)
	if elo3[0] != 1000 {
		t.Errorf("anchor 0: %v", elo3)
	}
	for e := range elo {
		if d := (elo3[e] - elo[e]) - (1000 - elo[0]); math.Abs(d) > 1e-6 {
			t.Errorf("moving the anchor moved entrant %d by %v more", e, d)
		}
	}
}

// game builds a played tournament game for Summarize, with the seats'
// places written by hand; the seats in first place share a return of 1.
func game(index int, seating []int, winner, forfeit elasund.Player, cubes, place []int, turns int) Match {
	r := Result{Outcome: Outcome{Winner: winner, Forfeit: forfeit}, Turns: turns, Cubes: cubes, Place: place,
		Decisions: make([]int, len(seating)), Think: make([]time.Duration, len(seating))}
	if forfeit != elasund.NoPlayer {
		r.Reason = "error: gave up"
	}
	first := 0.0
	for _, pl := range place {
		if pl == 1 {
			first++
		}
	}
	for _, pl := range place {
		if pl == 1 {
			r.Returns = append(r.Returns, 1/first)
		} else {
			r.Returns = append(r.Returns, 0)
		}
	}
	return Match{Index: index, Seating: seating, Played: true, Config: elasund.Config{Players: len(seating), Seed: uint64(100 + index)}, Result: r}
}

// TestSummarize sums up a constructed set of games by hand.
func TestSummarize(t *testing.T) {
	np := elasund.NoPlayer
	games := []Match{
		game(0, []int{0, 1, 2}, 0, np, []int{10, 3, 5}, []int{1, 3, 2}, 40),  // a wins; c over b
		game(1, []int{1, 2, 0}, 2, np, []int{4, 6, 10}, []int{3, 2, 1}, 50),  // a wins from seat 2
		game(2, []int{2, 0, 1}, np, np, []int{7, 7, 2}, []int{1, 1, 3}, 300), // a draw: c and a share first place
		game(3, []int{0, 2, 1}, np, 0, []int{9, 5, 4}, []int{3, 1, 2}, 20),   // a forfeits: a draw, c first
		{Index: 4, Seating: []int{1, 0, 2}},                                  // not played
		game(5, []int{1, 0, 2}, np, 2, []int{3, 3, 1}, []int{1, 1, 3}, 30),   // c forfeits; a draw, b and a first
	}
	names := []string{"a", "b", "c"}
	s := Summarize(names, 3, games, "c")
	if s.Games != 5 || s.Draws != 3 || s.Anchor != "c" {
		t.Fatalf("games %d, draws %d, anchor %q; want 5, 3, c", s.Games, s.Draws, s.Anchor)
	}
	a, b, c := s.Standings[0], s.Standings[1], s.Standings[2]
	check := func(st Standing, games, wins, draws, losses, forfeits int, score, cubes, turns float64) {
		t.Helper()
		if st.Games != games || st.Wins != wins || st.Draws != draws || st.Losses != losses || st.Forfeits != forfeits ||
			st.Score != score || math.Abs(st.Cubes-cubes) > 1e-9 || math.Abs(st.Turns-turns) > 1e-9 {
			t.Errorf("%s: %d games, %d wins, %d draws, %d losses, %d forfeits, score %v, %.3f cubes, %.1f turns; want %d %d %d %d %d %v %.3f %.1f",
				st.Name, st.Games, st.Wins, st.Draws, st.Losses, st.Forfeits, st.Score, st.Cubes, st.Turns,
				games, wins, draws, losses, forfeits, score, cubes, turns)
		}
	}
	// The scores: a 1 + 1 + ½ (game 2) + 0 + ½ (game 5); b ½ (game 5);
	// c ½ (game 2) + 1 (game 3, first once a forfeits).
	check(a, 5, 2, 2, 1, 1, 3, (10+10+7+9+3)/5.0, (40+50+300+20+30)/5.0)
	check(b, 5, 0, 3, 2, 0, 0.5, (3+4+2+4+3)/5.0, 440/5.0)
	check(c, 5, 0, 2, 3, 1, 1.5, (5+6+7+5+1)/5.0, 440/5.0)
	if lo, hi := Wilson(2, 5, Z95); a.WinRate != 0.4 || a.Low != lo || a.High != hi {
		t.Errorf("a's win rate %v [%v, %v]", a.WinRate, a.Low, a.High)
	}
	// a sat in seat 0 in games 0 and 3, seat 1 in 2 and 5, seat 2 in 1.
	wantSeats := []SeatRecord{{"red", 2, 1, 0.5}, {"blue", 2, 0, 0}, {"green", 1, 1, 1}}
	if !reflect.DeepEqual(a.Seats, wantSeats) {
		t.Errorf("a's seats %v; want %v", a.Seats, wantSeats)
	}
	// Head to head, a against c: five games together; a won 2, c none.
	if h, ok := s.Pair("a", "c"); !ok || h.Games != 5 || h.AWins != 2 || h.BWins != 0 || h.WinRate != 0.4 {
		t.Errorf("a against c: %+v", h)
	}
	if h, ok := s.Pair("c", "a"); !ok || h.AWins != 0 || h.BWins != 2 {
		t.Errorf("c against a: %+v", h)
	}
	if len(s.HeadToHead) != 6 {
		t.Errorf("%d head-to-head pairs; want 6", len(s.HeadToHead))
	}
	wantForfeits := []ForfeitNote{{3, 103, "a", "red", "error: gave up", elasund.NoReason}, {5, 105, "c", "green", "error: gave up", elasund.NoReason}}
	if !reflect.DeepEqual(s.Forfeits, wantForfeits) {
		t.Errorf("forfeits %v; want %v", s.Forfeits, wantForfeits)
	}
	// The comparisons by return, (1 + mine − theirs)/2: a scores against
	// b 1, 1, ¾, ½, ½ in games 0, 1, 2, 3, 5; against c 1, 1, ½, 0, ¾; c
	// against b ½, ½, ¾, 1, ¼. So a > c > b, c anchored.
	if c.Elo != 1000 || !(a.Elo > c.Elo && c.Elo > b.Elo) {
		t.Errorf("Elo a %v, b %v, c %v; want a > c = 1000 > b", a.Elo, b.Elo, c.Elo)
	}
	// With no anchor among the names, the first entrant is.
	if s := Summarize(names, 3, games, "random"); s.Anchor != "a" || s.Standings[0].Elo != 1000 {
		t.Errorf("anchor %q at %v", s.Anchor, s.Standings[0].Elo)
	}
}

// TestClaims: parsing, and the verdict on a summary: A>B measures A's wins
// in the games where both sat; A alone, its wins in all its games.
func TestClaims(t *testing.T) {
	good := []struct {
		in   string
		want Claim
	}{
		{"greedy>random:0.85", Claim{"greedy", "random", 0.85}},
		{" greedy > random : 85% ", Claim{"greedy", "random", 0.85}},
		{"ismcts:200>greedy:0.7", Claim{"ismcts:200", "greedy", 0.7}},
		{"greedy:0.5", Claim{"greedy", "", 0.5}},
		{"a>b:1", Claim{"a", "b", 1}},
		{"a>b:0", Claim{"a", "b", 0}},
	}
	for _, c := range good {
		got, err := ParseClaim(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseClaim(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if again, err := ParseClaim(got.String()); err != nil || again != got {
			t.Errorf("ParseClaim(%q) = %+v, %v: String does not read back", got.String(), again, err)
		}
	}
	for _, in := range []string{"", "greedy", "greedy>random", "greedy>random:", "greedy>random:x", "greedy>random:1.5",
		"greedy>random:-0.1", "greedy>random:150%", ">random:0.5", "greedy>:0.5", "a>a:0.5", ":0.5", "a>b:NaN"} {
		if c, err := ParseClaim(in); err == nil {
			t.Errorf("ParseClaim(%q) = %+v; want an error", in, c)
		}
	}
	cs, err := ParseClaims("a>b:0.5, b:0.1,")
	if err != nil || len(cs) != 2 || cs[1] != (Claim{"b", "", 0.1}) {
		t.Errorf("ParseClaims: %v, %v", cs, err)
	}
	if err := (Claim{"a", "z", 0.5}).Names([]string{"a", "b"}); err == nil || !strings.Contains(err.Error(), `"z"`) {
		t.Errorf("a claim about an unknown bot: %v", err)
	}

	np := elasund.NoPlayer
	var games []Match
	// a against b: a wins 7, b wins 2, 1 draw.
	for i := 0; i < 10; i++ {
		w := elasund.Player(i % 2) // a's seat
		seating := []int{0, 1}
		if i%2 == 1 {
			seating = []int{1, 0}
		}
		switch {
		case i < 7:
		case i < 9:
			w = 1 - w
		default:
			w = np
		}
		place := []int{1, 1}
		if w != np {
			place[1-w] = 2
		}
		games = append(games, game(i, seating, w, np, []int{5, 5}, place, 30))
	}
	s := Summarize([]string{"a", "b"}, 2, games, "b")
	verdicts := []struct {
		claim string
		ok    bool
		wins  int
		games int
	}{
		{"a>b:0.7", true, 7, 10},
		{"a>b:0.71", false, 7, 10},
		{"a>b:70%", true, 7, 10},
		{"b>a:0.2", true, 2, 10},
		{"b>a:0.25", false, 2, 10},
		{"a:0.7", true, 7, 10},
		{"b:0.3", false, 2, 10},
	}
	for _, v := range verdicts {
		c, err := ParseClaim(v.claim)
		if err != nil {
			t.Fatal(err)
		}
		r := c.Check(s)
		if r.OK != v.ok || r.Wins != v.wins || r.Games != v.games {
			t.Errorf("%s: ok %v, %d of %d; want %v, %d of %d", v.claim, r.OK, r.Wins, r.Games, v.ok, v.wins, v.games)
		}
		word := "holds"
		if !v.ok {
			word = "FAILS"
		}
		if !strings.Contains(r.Message, word) || !strings.Contains(r.Message, "95% CI") {
			t.Errorf("%s: message %q", v.claim, r.Message)
		}
	}
	// A claim about bots that never met fails.
	if r := (Claim{"a", "c", 0}).Check(s); r.OK {
		t.Errorf("a claim about a pair that never met holds: %+v", r)
	}
}

// TestWilsonAnyInput: Wilson is an interval within 0 to 1 for every
// input. Wins above n count as n (5 of 3 is 3 of 3), below 0 as 0; no
// trials, or a z that is NaN or infinite, know nothing (0 to 1); a
// negative z is its absolute value, and z = 0 the observed proportion.
func TestWilsonAnyInput(t *testing.T) {
	lo2020, hi2020 := Wilson(20, 20, Z95)
	lo020, hi020 := Wilson(0, 20, Z95)
	lo310, hi310 := Wilson(3, 10, Z95)
	nan := math.NaN()
	cases := []struct {
		wins, n int
		z       float64
		lo, hi  float64
	}{
		{25, 20, Z95, lo2020, hi2020},
		{5, 3, Z95, 0.4385, 1}, // 3 of 3: Newcombe's table I, 0.4385 to 1
		{-2, 20, Z95, lo020, hi020},
		{3, 0, Z95, 0, 1},
		{3, -5, Z95, 0, 1},
		{-3, -5, Z95, 0, 1},
		{3, 10, nan, 0, 1},
		{3, 10, math.Inf(1), 0, 1},
		{3, 10, math.Inf(-1), 0, 1},
		{3, 10, -Z95, lo310, hi310},
		{3, 10, 0, 0.3, 0.3},
		{math.MaxInt, math.MaxInt, Z95, 1, 1},
		{math.MinInt, math.MaxInt, Z95, 0, 0},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.wins, c.n, c.z)
		if !(0 <= lo && lo <= hi && hi <= 1) || math.Abs(lo-c.lo) > 0.00005 || math.Abs(hi-c.hi) > 0.00005 {
			t.Errorf("Wilson(%d, %d, %v) = %v, %v; want %.4f, %.4f", c.wins, c.n, c.z, lo, hi, c.lo, c.hi)
		}
	}
}

// TestEloAnyInput: Elo never panics. No entrants have no ratings, a lone
// one 1000; an anchor out of range anchors entrant 0; comparisons that
// name entrants out of range, or one entrant twice, or score NaN are left
// out, and scores are clamped to 0 to 1.
func TestEloAnyInput(t *testing.T) {
	base := append(comparisons(0, 1, 30, 1), comparisons(1, 2, 20, 1)...)
	want := Elo(3, base, 0)
	same := func(name string, got []float64) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %v; want %v", name, got, want)
		}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-9 {
				t.Errorf("%s: %v; want %v", name, got, want)
				return
			}
		}
	}
	same("anchor -1", Elo(3, base, -1))
	same("anchor 3", Elo(3, base, 3))
	same("anchor MaxInt", Elo(3, base, math.MaxInt))
	junk := append([]Comparison{{-1, 0, 1}, {0, 3, 1}, {3, -7, 0}, {1, 1, 1}, {0, 2, math.NaN()}}, base...)
	same("with comparisons out of range", Elo(3, junk, 0))
	clamped := append(comparisons(0, 1, 30, 7), comparisons(1, 2, 20, 1)...)
	clamped = append(clamped, comparisons(2, 1, 5, -3)...) // 2 loses: 1 wins
	same("scores out of 0 to 1", Elo(3, clamped[:50], 0))
	if got, want := Elo(3, clamped, 0)[1], Elo(3, append(base, comparisons(1, 2, 5, 1)...), 0)[1]; math.Abs(got-want) > 1e-9 {
		t.Errorf("a score of -3 rates %v; a score of 0, %v", got, want)
	}
	for _, n := range []int{0, -1, math.MinInt} {
		if got := Elo(n, base, 0); got != nil {
			t.Errorf("Elo(%d, …) = %v; want nil", n, got)
		}
	}
	if got := Elo(1, base, 5); len(got) != 1 || got[0] != 1000 {
		t.Errorf("Elo(1, …) = %v; want [1000]", got)
	}
}

// TestSeatColors: the seats' colours of a tournament's games, and nil
// (no panic) for a number of players the game is not for.
func TestSeatColors(t *testing.T) {
	r, b, g, y := elasund.Red, elasund.Blue, elasund.Green, elasund.Yellow
	cases := []struct {
		players int
		want    []elasund.Color
	}{
		{2, []elasund.Color{r, b}},
		{3, []elasund.Color{r, b, g}},
		{4, []elasund.Color{r, b, g, y}},
		{-1, nil},
		{0, nil},
		{1, nil},
		{5, nil},
		{math.MaxInt, nil},
	}
	for _, c := range cases {
		if got := SeatColors(c.players); !reflect.DeepEqual(got, c.want) {
			t.Errorf("SeatColors(%d) = %v; want %v", c.players, got, c.want)
		}
	}
}

// TestSummarizeLeavesOutMisfits: a match that does not fit the tournament
// (see Summarize) is left out, as an unplayed one, and never panics.
func TestSummarizeLeavesOutMisfits(t *testing.T) {
	np := elasund.NoPlayer
	names := []string{"a", "b", "c"}
	good := []Match{
		game(0, []int{0, 1}, 0, np, []int{10, 3}, []int{1, 2}, 40),
		game(1, []int{1, 2}, 0, 1, []int{4, 6}, []int{1, 2}, 50),
		game(2, []int{2, 0}, 1, np, []int{7, 10}, []int{2, 1}, 30),
	}
	want := Summarize(names, 2, good, "b")
	misfit := func(edit func(m *Match)) Match {
		m := game(9, []int{0, 2}, 0, np, []int{10, 3}, []int{1, 2}, 40)
		edit(&m)
		return m
	}
	misfits := map[string]Match{
		"three seats":         game(9, []int{0, 1, 2}, 0, np, []int{10, 3, 1}, []int{1, 2, 3}, 40),
		"one seat":            game(9, []int{0}, 0, np, []int{10}, []int{1}, 40),
		"entrant 3":           game(9, []int{0, 3}, 0, np, []int{10, 3}, []int{1, 2}, 40),
		"entrant -1":          game(9, []int{-1, 0}, 0, np, []int{10, 3}, []int{1, 2}, 40),
		"no cubes":            misfit(func(m *Match) { m.Result.Cubes = nil }),
		"one place":           misfit(func(m *Match) { m.Result.Place = m.Result.Place[:1] }),
		"no returns":          misfit(func(m *Match) { m.Result.Returns = nil }),
		"no decisions":        misfit(func(m *Match) { m.Result.Decisions = nil }),
		"no think":            misfit(func(m *Match) { m.Result.Think = nil }),
		"winner seat 2":       misfit(func(m *Match) { m.Result.Winner = 2 }),
		"winner seat -2":      misfit(func(m *Match) { m.Result.Winner = -2 }),
		"forfeit seat 2":      misfit(func(m *Match) { m.Result.Forfeit = 2 }),
		"forfeit seat -5":     misfit(func(m *Match) { m.Result.Forfeit = -5 }),
		"unplayed and broken": {Index: 9, Seating: []int{7}},
	}
	for name, m := range misfits {
		got := Summarize(names, 2, append(append([]Match(nil), good...), m), "b")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the summary counts the match:\n%+v\nwant\n%+v", name, got, want)
		}
	}
	// No entrants, or no seats: nothing fits, nothing panics.
	for _, c := range []struct {
		names   []string
		players int
	}{{nil, 2}, {names, 0}, {names, -1}, {names, 7}} {
		s := Summarize(c.names, c.players, good, "a")
		if s.Games != 0 || len(s.Standings) != len(c.names) {
			t.Errorf("%d names, %d players: %d games, %d standings", len(c.names), c.players, s.Games, len(s.Standings))
		}
	}
}

// TestSummaryValueMethods: Standing and Pair have value receivers, so
// they are called on Summarize's result as it comes.
func TestSummaryValueMethods(t *testing.T) {
	np := elasund.NoPlayer
	games := []Match{game(0, []int{0, 1}, 1, np, []int{3, 10}, []int{2, 1}, 40)}
	if st, ok := Summarize([]string{"a", "b"}, 2, games, "a").Standing("b"); !ok || st.Wins != 1 {
		t.Errorf("Standing(b) = %+v, %v; want one win", st, ok)
	}
	if h, ok := Summarize([]string{"a", "b"}, 2, games, "a").Pair("a", "b"); !ok || h.BWins != 1 {
		t.Errorf("Pair(a, b) = %+v, %v; want b's win", h, ok)
	}
	if r := (Claim{A: "b", Min: 1}).Check(Summarize([]string{"a", "b"}, 2, games, "a")); !r.OK {
		t.Errorf("b:1 fails: %s", r.Message)
	}
}

// TestClaimInvalid: a claim that ParseClaim would not return is refused
// by Names (ErrBadClaim) and fails Check with the reason, even when the
// summary has an entrant of the empty name, the zero Claim's A.
func TestClaimInvalid(t *testing.T) {
	np := elasund.NoPlayer
	names := []string{"", "b"}
	games := []Match{game(0, []int{0, 1}, 0, np, []int{10, 3}, []int{1, 2}, 40), game(1, []int{1, 0}, 1, np, []int{3, 10}, []int{2, 1}, 40)}
	s := Summarize(names, 2, games, "b")
	cases := []struct {
		c    Claim
		want string
	}{
		{Claim{}, "names no bot"},
		{Claim{B: "b"}, "names no bot"},
		{Claim{A: "b", B: "b"}, "sets a bot against itself"},
		{Claim{A: "b>a", Min: 0.5}, "holds a >"},
		{Claim{A: "b", Min: math.NaN()}, "not one from 0 to 1"},
		{Claim{A: "b", Min: -0.1}, "not one from 0 to 1"},
		{Claim{A: "b", Min: 1.5}, "not one from 0 to 1"},
	}
	for _, c := range cases {
		if err := c.c.Names(names); !errors.Is(err, ErrBadClaim) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Names = %v; want ErrBadClaim, %q", c.c, err, c.want)
		}
		if r := c.c.Check(s); r.OK || !strings.Contains(r.Message, c.want) || !strings.Contains(r.Message, "FAILS") {
			t.Errorf("%+v: Check = %+v; want a failure that says %q", c.c, r, c.want)
		}
	}
	if err := (Claim{A: "b", B: "zz", Min: 0.5}).Names(names); !errors.Is(err, ErrBadClaim) {
		t.Errorf("a claim about an unknown bot: %v; want ErrBadClaim", err)
	}
	if err := (Claim{A: "b", Min: 0.5}).Names(names); err != nil {
		t.Errorf("b:0.5: %v", err)
	}
}

// TestParseClaimErrors: ParseClaim's errors wrap ErrBadClaim and quote at
// most 60 bytes of the text.
func TestParseClaimErrors(t *testing.T) {
	long := strings.Repeat("x", 1000)
	for _, in := range []string{"", "greedy", "a>b:2", ">b:0.5", "a>:0.5", "a>a:0.5", long, "a>b:" + long, long + ">" + long + ":0.5"} {
		_, err := ParseClaim(in)
		if !errors.Is(err, ErrBadClaim) {
			t.Errorf("ParseClaim(%.20q…): %v; want ErrBadClaim", in, err)
			continue
		}
		if n := strings.Count(err.Error(), "x"); n > 60 {
			t.Errorf("ParseClaim(%.20q…): the error quotes %d bytes of it: %.100s…", in, n, err)
		}
		if _, err := ParseClaims("a>b:0.5," + in); !errors.Is(err, ErrBadClaim) && in != "" {
			t.Errorf("ParseClaims(…%.20q…): %v; want ErrBadClaim", in, err)
		}
	}
}
