package tourney

import (
	"math"
	"time"

	"github.com/elasund/elasund"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of a proportion: wins successes
// out of n, at the confidence of the normal quantile z (Z95 for 95%). It
// returns 0, 1 for n = 0.
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
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

// ForfeitNote records a forfeit.
type ForfeitNote struct {
	Game   int    `json:"game"`
	Seed   uint64 `json:"seed"`
	Bot    string `json:"bot"`
	Color  string `json:"color"`
	Reason string `json:"reason"`
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

// Summarize sums up the played games among games (of a tournament of the
// named entrants and players seats). The Elo ratings are anchored at the
// entrant named anchor if there is one, else at the first entrant.
func Summarize(names []string, players int, games []Match, anchor string) Summary {
	s := Summary{Standings: make([]Standing, len(names)), Forfeits: []ForfeitNote{}, HeadToHead: []HeadToHead{}}
	colors := SeatColors(players)
	for e, name := range names {
		st := &s.Standings[e]
		st.Name = name
		st.Seats = make([]SeatRecord, players)
		for p := range st.Seats {
			st.Seats[p].Color = colors[p]
		}
	}
	type pair struct{ games, wins [2]int }
	h2h := make([][]pair, len(names))
	for e := range h2h {
		h2h[e] = make([]pair, len(names))
	}
	var cubes, turns = make([]int, len(names)), make([]int, len(names))
	var pw []Comparison
	for i := range games {
		g := &games[i]
		if !g.Played {
			continue
		}
		r := &g.Result
		s.Games++
		if r.Winner == elasund.NoPlayer {
			s.Draws++
		}
		for p, e := range g.Seating {
			st := &s.Standings[e]
			me := elasund.Player(p)
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
			cubes[e] += r.Cubes[p]
			turns[e] += r.Turns
			st.Decisions += r.Decisions[p]
			st.Think += r.Think[p]
			for q, f := range g.Seating {
				if q == p {
					continue
				}
				h := &h2h[e][f]
				h.games[0]++
				if r.Winner == me {
					h.wins[0]++
				} else if r.Winner == elasund.Player(q) {
					h.wins[1]++
				}
				if q > p {
					var score float64
					switch {
					case r.Rank[p] < r.Rank[q]:
						score = 1
					case r.Rank[p] == r.Rank[q]:
						score = 0.5
					}
					pw = append(pw, Comparison{e, f, score})
				}
			}
		}
		if r.Forfeit != elasund.NoPlayer {
			s.Forfeits = append(s.Forfeits, ForfeitNote{Game: g.Index, Seed: g.Config.Seed,
				Bot: names[g.Seating[r.Forfeit]], Color: colors[r.Forfeit], Reason: r.Reason})
		}
	}
	a := 0
	for e, name := range names {
		if name == anchor {
			a = e
			break
		}
	}
	s.Anchor = names[a]
	elo := Elo(len(names), pw, a)
	for e := range s.Standings {
		st := &s.Standings[e]
		st.Losses = st.Games - st.Wins - st.Draws
		st.WinRate = ratio(st.Wins, st.Games)
		st.Low, st.High = Wilson(st.Wins, st.Games, Z95)
		for p := range st.Seats {
			st.Seats[p].WinRate = ratio(st.Seats[p].Wins, st.Seats[p].Games)
		}
		st.Cubes = ratio(cubes[e], st.Games)
		st.Turns = ratio(turns[e], st.Games)
		st.Elo = elo[e]
		for f := range names {
			if h := h2h[e][f]; h.games[0] > 0 {
				lo, hi := Wilson(h.wins[0], h.games[0], Z95)
				s.HeadToHead = append(s.HeadToHead, HeadToHead{A: names[e], B: names[f], Games: h.games[0],
					AWins: h.wins[0], BWins: h.wins[1], WinRate: ratio(h.wins[0], h.games[0]), Low: lo, High: hi})
			}
		}
	}
	return s
}

// Pair returns the head-to-head record of a against b, and whether they
// met.
func (s *Summary) Pair(a, b string) (HeadToHead, bool) {
	for _, h := range s.HeadToHead {
		if h.A == a && h.B == b {
			return h, true
		}
	}
	return HeadToHead{}, false
}

// Standing returns the standing of the entrant called name.
func (s *Summary) Standing(name string) (Standing, bool) {
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

// seatColors returns the colour names of the seats of a game of n
// players.
func SeatColors(n int) []string {
	g, err := elasund.New(elasund.Config{Players: n})
	if err != nil {
		return make([]string, n)
	}
	out := make([]string, n)
	for p := range out {
		out[p] = g.Color(elasund.Player(p)).String()
	}
	return out
}
