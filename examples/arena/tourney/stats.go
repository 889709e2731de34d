package tourney

import (
	"math"
	"time"

	"github.com/elasund/elasund"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of a proportion: wins successes
// out of n, at the confidence of the normal quantile z (Z95 for 95%), an
// interval within 0 to 1. It is defined for every input: wins below 0
// count as 0 and wins above n as n; for n < 1 (no trials, no knowledge)
// and for a z that is NaN or infinite it returns 0, 1; a negative z counts
// as its absolute value, and z = 0 gives the observed proportion twice.
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n <= 0 || math.IsNaN(z) || math.IsInf(z, 0) {
		return 0, 1
	}
	wins = min(max(wins, 0), n)
	z = math.Abs(z)
	N := float64(n)
	p := float64(wins) / N
	z2 := z * z
	centre := (p + z2/(2*N)) / (1 + z2/N)
	half := z / (1 + z2/N) * math.Sqrt(p*(1-p)/N+z2/(4*N*N))
	return max(0, centre-half), min(1, centre+half)
}

// Standing is one entrant's results over a tournament.
type Standing struct {
	Name string `json:"name"`
	// Games, Wins, Draws (games without a winner that the entrant did not
	// forfeit), Losses (the rest, forfeits included) and Forfeits.
	Games    int `json:"games"`
	Wins     int `json:"wins"`
	Draws    int `json:"draws"`
	Losses   int `json:"losses"`
	Forfeits int `json:"forfeits"`
	// Score is the sum of the entrant's returns (Result.Returns, the
	// library's elasund.Outcome.Returns): 1 for a win, 1/k for a first
	// place shared by k seats (the most cubes at the turn limit, say), 0
	// for any other place.
	Score float64 `json:"score"`
	// WinRate is Wins/Games; Low and High bound its 95% Wilson interval.
	WinRate float64 `json:"winRate"`
	Low     float64 `json:"winRateLow"`
	High    float64 `json:"winRateHigh"`
	// Seats holds the entrant's games and wins in each seat.
	Seats []SeatRecord `json:"seats"`
	// Cubes is the average number of the entrant's cubes on the board at
	// the end of its games, Turns the average length of its games in
	// turns.
	Cubes float64 `json:"avgCubes"`
	Turns float64 `json:"avgTurns"`
	// Elo is the entrant's rating (see Elo).
	Elo float64 `json:"elo"`
	// Decisions is the number of decisions the entrant took, Think the
	// time it took over them. They are not deterministic and are left out
	// of the JSON of a summary.
	Decisions int           `json:"-"`
	Think     time.Duration `json:"-"`
}

// SeatRecord is an entrant's record in one seat.
type SeatRecord struct {
	Color   string  `json:"color"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"winRate"`
}

// HeadToHead is the record of entrant A in the games where both A and B
// sat.
type HeadToHead struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	// AWins and BWins are the games A and B won; the rest were draws or
	// won by a third bot.
	AWins int `json:"aWins"`
	BWins int `json:"bWins"`
	// WinRate is AWins/Games, Low and High its 95% Wilson interval.
	WinRate float64 `json:"winRate"`
	Low     float64 `json:"winRateLow"`
	High    float64 `json:"winRateHigh"`
}

// ForfeitNote records a forfeit: the game, the bot and its seat's colour,
// the forfeit's reason in words (Outcome.Reason) and, for a move the
// Table refused, the code of the rule it broke (Outcome.Refusal, written
// as its code, such as "chance"; left out of the JSON for other
// forfeits).
type ForfeitNote struct {
	Game    int            `json:"game"`
	Seed    uint64         `json:"seed"`
	Bot     string         `json:"bot"`
	Color   string         `json:"color"`
	Reason  string         `json:"reason"`
	Refusal elasund.Reason `json:"refusal,omitempty"`
}

// Summary sums up the played games of a tournament.
type Summary struct {
	// Games is the number of games played, Draws those without a winner.
	Games int `json:"games"`
	Draws int `json:"draws"`
	// Standings holds one entry per entrant, in the order of Entrants.
	Standings []Standing `json:"bots"`
	// HeadToHead holds every ordered pair of entrants that met, A in the
	// order of Entrants, then B.
	HeadToHead []HeadToHead `json:"headToHead"`
	// Forfeits lists the forfeits in game order.
	Forfeits []ForfeitNote `json:"forfeits"`
	// Anchor is the entrant rated 1000 (see Elo).
	Anchor string `json:"eloAnchor"`
}

// Summarize sums up the played matches among matches, of a tournament of
// the named entrants (Match.Seating indexes names) and players seats. The
// Elo ratings are anchored at the entrant named anchor if there is one,
// else at the first entrant.
//
// A match that does not fit the tournament is left out, as an unplayed one
// is: one whose seating has other than players seats or names an entrant
// outside names, or whose result lacks a seat's cubes, place, return,
// decisions or time, or names a winner or forfeit outside the seats. Run's
// matches always fit.
func Summarize(names []string, players int, matches []Match, anchor string) Summary {
	t := newTally(names, players)
	for i := range matches {
		if m := &matches[i]; m.Played && fits(m, len(names), players) {
			t.add(m)
		}
	}
	return t.summary(anchorIndex(names, anchor))
}

// fits reports whether the played match m fits a tournament of n entrants
// and players seats (see Summarize).
func fits(m *Match, n, players int) bool {
	r := &m.Result
	if len(m.Seating) != players || len(r.Cubes) < players || len(r.Place) < players ||
		len(r.Returns) < players || len(r.Decisions) < players || len(r.Think) < players {
		return false
	}
	for _, e := range m.Seating {
		if e < 0 || e >= n {
			return false
		}
	}
	seat := func(p elasund.Player) bool { return p == elasund.NoPlayer || p >= 0 && int(p) < players }
	return seat(r.Winner) && seat(r.Forfeit)
}

// anchorIndex returns the index of the entrant named anchor, or 0 if none
// is.
func anchorIndex(names []string, anchor string) int {
	for e, name := range names {
		if name == anchor {
			return e
		}
	}
	return 0
}

// tally adds the matches of a tournament up, for Summarize.
type tally struct {
	s      Summary
	names  []string
	colors []string       // the seats' colours
	h2h    [][]pairRecord // by the entrants' indices
	cubes  []int          // each entrant's cubes at the ends of its games
	turns  []int          // the lengths of each entrant's games
	pw     []Comparison   // every pair of seats of every game, for Elo
}

// pairRecord is entrant A's record in the games with entrant B: the games
// they played together, and the games A and B won.
type pairRecord struct{ games, aWins, bWins int }

// newTally returns an empty tally for the entrants names in games of
// players seats.
func newTally(names []string, players int) *tally {
	players = max(players, 0)
	t := &tally{
		s:     Summary{Standings: make([]Standing, len(names)), Forfeits: []ForfeitNote{}, HeadToHead: []HeadToHead{}},
		names: names, colors: make([]string, players), h2h: make([][]pairRecord, len(names)),
		cubes: make([]int, len(names)), turns: make([]int, len(names)),
	}
	for p, c := range SeatColors(players) {
		t.colors[p] = c.String()
	}
	for e, name := range names {
		st := &t.s.Standings[e]
		st.Name = name
		st.Seats = make([]SeatRecord, players)
		for p := range st.Seats {
			st.Seats[p].Color = t.colors[p]
		}
		t.h2h[e] = make([]pairRecord, len(names))
	}
	return t
}

// add adds the played match m, which fits.
func (t *tally) add(m *Match) {
	r := &m.Result
	t.s.Games++
	if r.Winner == elasund.NoPlayer {
		t.s.Draws++
	}
	for p := range m.Seating {
		t.addSeat(m, p)
	}
	if r.Forfeit != elasund.NoPlayer {
		t.s.Forfeits = append(t.s.Forfeits, ForfeitNote{Game: m.Index, Seed: m.Config.Seed,
			Bot: t.names[m.Seating[r.Forfeit]], Color: t.colors[r.Forfeit], Reason: r.Reason, Refusal: r.Refusal})
	}
}

// addSeat adds the result of seat p of match m to its entrant's standing,
// and its meetings with the other seats.
func (t *tally) addSeat(m *Match, p int) {
	r, e, me := &m.Result, m.Seating[p], elasund.Player(p)
	st := &t.s.Standings[e]
	st.Games++
	st.Seats[p].Games++
	switch {
	case r.Winner == me:
		st.Wins++
		st.Seats[p].Wins++
	case r.Forfeit == me:
		st.Forfeits++
	case r.Winner == elasund.NoPlayer:
		st.Draws++
	}
	st.Score += r.Returns[p]
	t.cubes[e] += r.Cubes[p]
	t.turns[e] += r.Turns
	st.Decisions += r.Decisions[p]
	st.Think += r.Think[p]
	for q, f := range m.Seating {
		if q == p {
			continue
		}
		h := &t.h2h[e][f]
		h.games++
		if r.Winner == me {
			h.aWins++
		} else if r.Winner == elasund.Player(q) {
			h.bWins++
		}
		if q > p {
			t.pw = append(t.pw, Comparison{e, f, returnScore(r.Returns[p], r.Returns[q])})
		}
	}
}

// returnScore is the score, for Elo, of a seat whose return is a against
// one whose return is b: (1 + a − b)/2, so 1 for a win against a loser, 0.5
// between equal returns, 0.75 for a first place shared by two against a
// seat behind them. A seat's scores against the others of a game of n
// seats sum to ((n−1) + n·a − 1)/2: its return, scaled. The seats behind
// first place, whose returns are 0, tie: only the library's returns count,
// not the order among them.
func returnScore(a, b float64) float64 { return (1 + a - b) / 2 }

// summary returns the sums, with the rates, intervals and Elo ratings
// anchored at entrant a.
func (t *tally) summary(a int) Summary {
	s := t.s
	if a < len(t.names) {
		s.Anchor = t.names[a]
	}
	elo := Elo(len(t.names), t.pw, a)
	for e := range s.Standings {
		st := &s.Standings[e]
		st.Losses = st.Games - st.Wins - st.Draws
		// Returns are multiples of 1/12 (1/k, k ≤ 4 seats): rounding
		// to a twelfth undoes the float sum's error.
		st.Score = math.Round(st.Score*12) / 12
		st.WinRate = ratio(st.Wins, st.Games)
		st.Low, st.High = Wilson(st.Wins, st.Games, Z95)
		for p := range st.Seats {
			st.Seats[p].WinRate = ratio(st.Seats[p].Wins, st.Seats[p].Games)
		}
		st.Cubes = ratio(t.cubes[e], st.Games)
		st.Turns = ratio(t.turns[e], st.Games)
		st.Elo = elo[e]
		for f, h := range t.h2h[e] {
			if h.games > 0 {
				lo, hi := Wilson(h.aWins, h.games, Z95)
				s.HeadToHead = append(s.HeadToHead, HeadToHead{A: t.names[e], B: t.names[f], Games: h.games,
					AWins: h.aWins, BWins: h.bWins, WinRate: ratio(h.aWins, h.games), Low: lo, High: hi})
			}
		}
	}
	return s
}

// Pair returns the head-to-head record of a against b, and whether they
// met.
func (s Summary) Pair(a, b string) (HeadToHead, bool) {
	for _, h := range s.HeadToHead {
		if h.A == a && h.B == b {
			return h, true
		}
	}
	return HeadToHead{}, false
}

// Standing returns the standing of the entrant called name.
func (s Summary) Standing(name string) (Standing, bool) {
	for _, st := range s.Standings {
		if st.Name == name {
			return st, true
		}
	}
	return Standing{}, false
}

// ratio returns a/b, 0 when b is 0.
func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// SeatColors returns the colours of the seats of a game of players seats
// with the default colours (elasund.Config.Colors left empty), seat 0
// first: the colours of a tournament's games, whose results and records
// name the seats by them. It returns nil for a number of players the game
// is not for.
func SeatColors(players int) []elasund.Color {
	g, err := elasund.New(elasund.Config{Players: players})
	if err != nil {
		return nil
	}
	out := make([]elasund.Color, players)
	for p := range out {
		out[p] = g.Color(elasund.Player(p))
	}
	return out
}
