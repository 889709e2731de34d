package elasund

import (
	"fmt"
	"strings"
)

// How a game ends (RULES.md §11 and interpretation 20): the Outcome of a
// game, a view or a table, its standings and its returns.

// Method is how a game ended. Its zero value, NoMethod, says the game is
// not over.
type Method uint8

// The ways a game ends.
const (
	// NoMethod: the game is not over.
	NoMethod Method = iota
	// AllCubesPlaced: the active player placed their tenth cube and won,
	// the one end of the rules (RULES.md §11).
	AllCubesPlaced
	// TurnLimitReached: the game played Config.MaxTurns turns, or
	// TurnLimit, and ended without a winner (interpretation 19).
	TurnLimitReached
	// Abandoned: the host stopped play at a Table (Table.Abandon).
	Abandoned
	// Forfeited: a seat forfeited at a Table (Table.Forfeit), which ends
	// the game at once.
	Forfeited
)

var methodNames = [...]string{"not over", "all cubes placed", "turn limit reached", "abandoned", "forfeited"}

// String returns the method in plain words: "not over", "all cubes
// placed", "turn limit reached", "abandoned" or "forfeited".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// parseMethod reads the words String writes, but "not over".
func parseMethod(s string) (Method, bool) {
	for m := AllCubesPlaced; int(m) < len(methodNames); m++ {
		if methodNames[m] == s {
			return m, true
		}
	}
	return NoMethod, false
}

// Outcome is how a game ended and every seat's place: the result a host
// reports, a tournament scores and a learner is paid by. Game.Outcome,
// View.Outcome and Table.Outcome give it; a Table adds the endings of a
// host (Abandoned, Forfeited) to those of the rules (AllCubesPlaced,
// TurnLimitReached).
//
// The ranking rule (interpretation 20): the winner by the rules, if any,
// is first; every other seat is ranked by the cubes it has placed, more
// before fewer, and seats with equal cubes share a place; a seat that
// forfeited is ranked below every seat that did not. Places count the
// seats ranked above (1, 2, 2, 4: two seats share second place and the
// next is fourth). Cubes are the game's only measure of progress towards
// the win; gold, influence and trade points are means to it, not the goal,
// so they break no tie. Without a winner (the turn limit, an abandoned
// game, a forfeit of three or four players) the same rule ranks everyone.
//
// Outcome is a small comparable value holding no slices: building one
// does not allocate. The zero Outcome is that of no game: not over, with
// no seats (its Winner, 0, means nothing while Over is false; an Outcome
// the package gives has Winner NoPlayer then).
type Outcome struct {
	// Winner is the seat that won: the seat that placed its tenth cube, or
	// at a two-seat table the seat that did not forfeit. NoPlayer when no
	// seat won or the game is not over.
	Winner Player
	// Method is how the game ended, NoMethod while it goes on.
	Method Method

	n         uint8 // seats
	forfeiter Player
	colors    [MaxPlayers]Color
	cubes     [MaxPlayers]uint8 // cubes placed
	place     [MaxPlayers]uint8 // 1 first, 0 while the game goes on
}

// Standing is one seat's place in an Outcome, with what decided it.
type Standing struct {
	Player    Player // the seat
	Color     Color  // its colour
	Place     int    // 1 for first; seats that share a place have the same
	Cubes     int    // the cubes it placed
	Won       bool   // it is the Outcome's Winner
	Forfeited bool   // it forfeited, which ranks it last
}

// The ways a host ends play at a Table, beside the game's own, as a Table
// and its views keep them in one byte: 0 for none (the game's own end, or
// play goes on), endAbandoned, or endForfeit plus the forfeiting seat.
const (
	endAbandoned = 1
	endForfeit   = 2
)

// Outcome returns how the game ended and every seat's place: Method
// AllCubesPlaced and the Winner, or TurnLimitReached with no winner; or,
// while the game goes on, an Outcome whose Over is false. The zero Game,
// which is no game, has the Outcome of no game, with no seats.
func (g *Game) Outcome() Outcome { return g.outcome(0) }

// outcome returns the outcome of g with the host's ending end (0, or
// endAbandoned, or endForfeit plus a seat). An end of the rules comes
// first: a host cannot end a game that is over.
func (g *Game) outcome(end uint8) Outcome {
	o := Outcome{Winner: NoPlayer, forfeiter: NoPlayer}
	if g.noGame() || g.n > MaxPlayers {
		return o
	}
	o.n = g.n
	copy(o.colors[:], g.colors[:g.n])
	copy(o.cubes[:], g.cubes[:g.n])
	switch {
	case g.phase == PhaseOver && g.winner >= 0:
		o.Method, o.Winner = AllCubesPlaced, Player(g.winner)
	case g.phase == PhaseOver:
		o.Method = TurnLimitReached
	case end == endAbandoned:
		o.Method = Abandoned
	case end >= endForfeit && int(end-endForfeit) < int(g.n):
		o.Method, o.forfeiter = Forfeited, Player(end-endForfeit)
		if g.n == 2 {
			o.Winner = 1 - o.forfeiter
		}
	default:
		return o
	}
	o.rank()
	return o
}

// rank sets every seat's place by the ranking rule.
func (o *Outcome) rank() {
	for p := range Player(o.n) {
		place := 1
		for q := range Player(o.n) {
			if o.score(q) > o.score(p) {
				place++
			}
		}
		o.place[p] = uint8(place)
	}
}

// score orders the seats: the winner first, then those who did not
// forfeit by cubes placed.
func (o *Outcome) score(p Player) int {
	s := int(o.cubes[p])
	if p != o.forfeiter {
		s += 100
	}
	if p == o.Winner {
		s += 1000
	}
	return s
}

// Over reports whether the game has ended (Method is not NoMethod).
func (o Outcome) Over() bool { return o.Method != NoMethod }

// Place returns seat p's place, 1 for first; seats that share a place have
// the same number, and the next place counts them all (1, 2, 2, 4). It
// returns 0 for a p that is not a seat and while the game is not over.
func (o Outcome) Place(p Player) int {
	if !o.Over() || p < 0 || int(p) >= int(o.n) {
		return 0
	}
	return int(o.place[p])
}

// Forfeiter returns the seat that forfeited, or NoPlayer when the game did
// not end by a forfeit.
func (o Outcome) Forfeiter() Player { return o.forfeiter }

// Standings returns every seat's standing, ordered by place and then by
// seat, in a new slice; nil while the game is not over.
func (o Outcome) Standings() []Standing { return o.AppendStandings(nil) }

// AppendStandings appends every seat's standing to dst, ordered by place
// and then by seat, and returns the extended slice; it appends nothing
// while the game is not over.
func (o Outcome) AppendStandings(dst []Standing) []Standing {
	if !o.Over() {
		return dst
	}
	for place := uint8(1); place <= o.n; place++ {
		for p := range Player(o.n) {
			if o.place[p] == place {
				dst = append(dst, Standing{Player: p, Color: o.colors[p], Place: int(place),
					Cubes: int(o.cubes[p]), Won: p == o.Winner, Forfeited: p == o.forfeiter})
			}
		}
	}
	return dst
}

// Returns appends one payoff per seat, in seat order, to dst and returns
// the extended slice, as OpenSpiel's State.Returns gives a game's payoffs:
// the seats in first place share 1 equally (a win is 1; k seats sharing
// first place get 1/k each) and every other seat gets 0, so that the
// returns of a game that is over sum to 1. While the game is not over
// every return is 0.
func (o Outcome) Returns(dst []float64) []float64 {
	first := 0
	if o.Over() {
		for p := range o.n {
			if o.place[p] == 1 {
				first++
			}
		}
	}
	for p := range o.n {
		r := 0.0
		if first > 0 && o.place[p] == 1 {
			r = 1 / float64(first)
		}
		dst = append(dst, r)
	}
	return dst
}

// String describes the outcome in a line: how the game ended, who won,
// and the standings, such as
//
//	all cubes placed, red wins: 1. red 10 cubes, 2. blue 7 cubes, 2. green 7 cubes
//	forfeited by blue, no winner: 1. red 4 cubes, 1. green 4 cubes, 3. blue 6 cubes (forfeited)
//
// or "not over".
func (o Outcome) String() string {
	if !o.Over() {
		return o.Method.String()
	}
	var b strings.Builder
	b.WriteString(o.Method.String())
	if o.forfeiter != NoPlayer {
		b.WriteString(" by " + o.colors[o.forfeiter].String())
	}
	if o.Winner != NoPlayer {
		b.WriteString(", " + o.colors[o.Winner].String() + " wins: ")
	} else {
		b.WriteString(", no winner: ")
	}
	var buf [MaxPlayers]Standing
	for i, s := range o.AppendStandings(buf[:0]) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d. %v %d cube", s.Place, s.Color, s.Cubes)
		if s.Cubes != 1 {
			b.WriteString("s")
		}
		if s.Forfeited {
			b.WriteString(" (forfeited)")
		}
	}
	return b.String()
}

// winnerWith returns the winner of g with the host's ending end, as
// outcome gives it, without ranking.
func (g *Game) winnerWith(end uint8) Player {
	if end >= endForfeit && g.phase != PhaseOver && g.n == 2 && end-endForfeit < 2 {
		return 1 - Player(end-endForfeit)
	}
	return g.Winner()
}
