package tourney

import (
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

// game builds a played tournament game for Summarize.
func game(index int, seating []int, winner, forfeit elasund.Player, cubes []int, turns int) Match {
	r := Result{Outcome: Outcome{Winner: winner, Forfeit: forfeit}, Turns: turns, Cubes: cubes,
		Decisions: make([]int, len(seating)), Think: make([]time.Duration, len(seating))}
	if forfeit != elasund.NoPlayer {
		r.Reason = "error: gave up"
	}
	r.Rank = ranks(cubes, winner, forfeit)
	return Match{Index: index, Seating: seating, Played: true, Config: elasund.Config{Players: len(seating), Seed: uint64(100 + index)}, Result: r}
}

// TestSummarize sums up a constructed set of games by hand.
func TestSummarize(t *testing.T) {
	np := elasund.NoPlayer
	games := []Match{
		game(0, []int{0, 1, 2}, 0, np, []int{10, 3, 5}, 40),  // a wins; c over b
		game(1, []int{1, 2, 0}, 2, np, []int{4, 6, 10}, 50),  // a wins from seat 2
		game(2, []int{2, 0, 1}, np, np, []int{7, 7, 2}, 300), // a draw
		game(3, []int{0, 2, 1}, 1, 0, []int{9, 5, 4}, 20),    // a forfeits; c adjudicated
		{Index: 4, Seating: []int{1, 0, 2}},                  // not played
		game(5, []int{1, 0, 2}, np, 2, []int{3, 3, 1}, 30),   // c forfeits; a tie: a draw
	}
	names := []string{"a", "b", "c"}
	s := Summarize(names, 3, games, "c")
	if s.Games != 5 || s.Draws != 2 || s.Anchor != "c" {
		t.Fatalf("games %d, draws %d, anchor %q; want 5, 2, c", s.Games, s.Draws, s.Anchor)
	}
	a, b, c := s.Standings[0], s.Standings[1], s.Standings[2]
	check := func(st Standing, games, wins, draws, losses, forfeits int, cubes, turns float64) {
		t.Helper()
		if st.Games != games || st.Wins != wins || st.Draws != draws || st.Losses != losses || st.Forfeits != forfeits ||
			math.Abs(st.Cubes-cubes) > 1e-9 || math.Abs(st.Turns-turns) > 1e-9 {
			t.Errorf("%s: %d games, %d wins, %d draws, %d losses, %d forfeits, %.3f cubes, %.1f turns; want %d %d %d %d %d %.3f %.1f",
				st.Name, st.Games, st.Wins, st.Draws, st.Losses, st.Forfeits, st.Cubes, st.Turns, games, wins, draws, losses, forfeits, cubes, turns)
		}
	}
	check(a, 5, 2, 2, 1, 1, (10+10+7+9+3)/5.0, (40+50+300+20+30)/5.0)
	check(b, 5, 0, 2, 3, 0, (3+4+2+4+3)/5.0, 440/5.0)
	check(c, 5, 1, 1, 3, 1, (5+6+7+5+1)/5.0, 440/5.0)
	if lo, hi := Wilson(2, 5, Z95); a.WinRate != 0.4 || a.Low != lo || a.High != hi {
		t.Errorf("a's win rate %v [%v, %v]", a.WinRate, a.Low, a.High)
	}
	// a sat in seat 0 in games 0 and 3, seat 1 in 2 and 5, seat 2 in 1.
	wantSeats := []SeatRecord{{"red", 2, 1, 0.5}, {"blue", 2, 0, 0}, {"green", 1, 1, 1}}
	if !reflect.DeepEqual(a.Seats, wantSeats) {
		t.Errorf("a's seats %v; want %v", a.Seats, wantSeats)
	}
	// Head to head, a against c: five games together; a won 2, c won 1.
	if h, ok := s.Pair("a", "c"); !ok || h.Games != 5 || h.AWins != 2 || h.BWins != 1 || h.WinRate != 0.4 {
		t.Errorf("a against c: %+v", h)
	}
	if h, ok := s.Pair("c", "a"); !ok || h.AWins != 1 || h.BWins != 2 {
		t.Errorf("c against a: %+v", h)
	}
	if len(s.HeadToHead) != 6 {
		t.Errorf("%d head-to-head pairs; want 6", len(s.HeadToHead))
	}
	wantForfeits := []ForfeitNote{{3, 103, "a", "red", "error: gave up"}, {5, 105, "c", "green", "error: gave up"}}
	if !reflect.DeepEqual(s.Forfeits, wantForfeits) {
		t.Errorf("forfeits %v; want %v", s.Forfeits, wantForfeits)
	}
	// The comparisons by place: a is ahead of b in games 0, 1 and 2, tied
	// in 5 and behind in 3 (a forfeits); a is ahead of c in 0, 1 and 5,
	// tied in 2 and behind in 3; c is ahead of b in 0 to 3 and behind in 5
	// (c forfeits). So a > c > b, c anchored.
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
		games = append(games, game(i, seating, w, np, []int{5, 5}, 30))
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
		r := c.Check(&s)
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
	if r := (Claim{"a", "c", 0}).Check(&s); r.OK {
		t.Errorf("a claim about a pair that never met holds: %+v", r)
	}
}
