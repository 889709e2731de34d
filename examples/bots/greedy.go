package bots

import (
	mathbits "math/bits"
	"math/rand/v2"

	"github.com/elasund/elasund"
)

// Weights are the weights of the heuristic that Greedy maximizes and that
// ISMCTS uses to judge the positions where its playouts stop. A
// position's value for a player is the sum of
//
//   - Cube for each of the player's cubes on the board (what wins, RULES.md
//     §11), and Win for having won (minus Win for another's win);
//   - Income, for each producing building of the player and each row it
//     covers, for each of the 36 rolls of two dice that bring the ship to
//     that row (§4.1): a workshop over rows 8 and 9 counts 5+4, a hut in
//     row 2 counts 1;
//   - Trade for each trade point of the player's standing buildings (§9);
//   - Permit for each of the player's permits on the board, PermitValue
//     for each point of their values, and PermitPair for each two of them
//     side by side or one above the other, the start of a footprint (§5,
//     §6);
//   - Wall for each of the player's wall tiles built (§7);
//   - Gold for each gold card and Influence for each influence card in
//     the player's hand, less the cards they still owe the pirates or the
//     shortage (Pending);
//
// and a position's score for the player is their value less Opponent times
// the best value among the other players. Greedy scores each legal move by
// the score of the position it leads to, less Cost for each card the move
// costs (elasund.Game.Cost).
type Weights struct {
	Cube, Win                       float64
	Income                          float64
	Trade                           float64
	Permit, PermitValue, PermitPair float64
	Wall                            float64
	Gold, Influence                 float64
	Opponent                        float64
	Cost                            float64
}

// DefaultWeights returns the weights of the "greedy" and "ismcts" bots:
// the one place they are set. They were set by hand; docs/bots.md has
// the strength they give.
func DefaultWeights() Weights { return defaultWeights }

var defaultWeights = Weights{
	Cube: 12, Win: 10000,
	Income: 0.6,
	Trade:  2,
	Permit: 3, PermitValue: 1, PermitPair: 0.5,
	Wall: 2,
	Gold: 1, Influence: 1,
	Opponent: 0.5,
	Cost:     0.1,
}

// rowWays holds the number of the 36 rolls of two dice that send the ship
// to each row, north to south (2, 3, 4, 5, 6, 8, 9, 10, 11, 12).
var rowWays = [elasund.NumRows]float64{1, 2, 3, 4, 5, 5, 4, 3, 2, 1}

// Value returns the value of the position g for player p (see Weights),
// before the comparison with the other players; 0 for a nil game or a
// player not at its table.
func (w Weights) Value(g *elasund.Game, p elasund.Player) float64 {
	if g == nil || int(p) < 0 || int(p) >= g.Players() {
		return 0
	}
	var s [elasund.MaxPlayers]float64
	playerValues(&w, g, &s)
	return s[p]
}

// Score returns the score of the position g for player p: p's value less
// Opponent times the best value among the others (see Weights); 0 for a
// nil game or a player not at its table.
func (w Weights) Score(g *elasund.Game, p elasund.Player) float64 { return score(&w, g, p) }

// score is w.Score, for the bots' inner loops, which hold w in place.
func score(w *Weights, g *elasund.Game, p elasund.Player) float64 {
	if g == nil || int(p) < 0 || int(p) >= g.Players() {
		return 0
	}
	var s [elasund.MaxPlayers]float64
	playerValues(w, g, &s)
	return scoreAgainst(w, &s, g.Players(), p)
}

// scoreAgainst compares p's value in s with the best of the others'.
func scoreAgainst(w *Weights, s *[elasund.MaxPlayers]float64, n int, p elasund.Player) float64 {
	best, first := 0.0, true
	for q := 0; q < n; q++ {
		if elasund.Player(q) != p && (first || s[q] > best) {
			best, first = s[q], false
		}
	}
	return s[p] - w.Opponent*best
}

// playerValues fills s with every player's value of the position g.
func playerValues(w *Weights, g *elasund.Game, s *[elasund.MaxPlayers]float64) {
	playerValuesWith(w, g, s, nil)
}

// playerValuesWith is playerValues, with the neutral buildings that
// produce taken from nw, if not nil, instead of read from the board
// (boardValues).
func playerValuesWith(w *Weights, g *elasund.Game, s *[elasund.MaxPlayers]float64, nw *neutralWests) {
	n := g.Players()
	winner := g.Winner()
	for q := 0; q < n; q++ {
		p := elasund.Player(q)
		h := g.Hand(p)
		v := w.Cube*float64(g.CubesPlaced(p)) +
			w.Trade*float64(g.TradePoints(p)) +
			w.Wall*float64(elasund.WallTilesPerPlayer-g.WallTilesLeft(p)) +
			w.Gold*float64(h.Gold) + w.Influence*float64(h.Influence()) -
			w.Gold*float64(g.Pending(p))
		switch winner {
		case elasund.NoPlayer:
		case p:
			v += w.Win
		default:
			v -= w.Win
		}
		s[q] = v
	}
	boardValues(w, g, n, s, nw)
}

// boardValues adds to s the players' terms of the board: the producing
// buildings, counted once a row at their west column, and the permits.
// Each player's terms are added in square order, whatever the path to
// them, as a pass over the board would add them. What stands where comes
// from the players' pieces (PermitSquare, BuildingOrigin); At is asked
// only to find the neutral buildings that produce, when there are some,
// unless nw, if not nil, holds them.
func boardValues(w *Weights, g *elasund.Game, n int, s *[elasund.MaxPlayers]float64, nw *neutralWests) {
	var b boardSets
	b.addPermits(g, n)
	for q := 0; q < n; q++ {
		p := elasund.Player(q)
		for k := elasund.Hut; k <= elasund.Workshop; k++ {
			if o := g.BuildingOrigin(p, k); o.Valid() {
				b.addIncome(o, k, p, n)
			}
		}
	}
	need := neutralOnBoard(g)
	switch {
	case need > 0 && nw != nil:
		b.income = b.income.union(nw.income)
		for half, bits := range nw.income {
			for ; bits != 0; bits &= bits - 1 {
				sq := half*64 + mathbits.TrailingZeros64(bits)
				b.owner[sq] = nw.owner[sq]
			}
		}
	case need > 0:
		b.findNeutral(g, n, need)
	}
	for half, bits := range b.permits.union(b.income) {
		for ; bits != 0; bits &= bits - 1 {
			sq := elasund.Square(half*64 + mathbits.TrailingZeros64(bits))
			r := int(sq) / elasund.NumColumns
			col := int(sq) - r*elasund.NumColumns
			p := b.owner[sq]
			if b.income.has(sq) {
				s[p] += w.Income * rowWays[r]
				continue
			}
			s[p] += w.Permit + w.PermitValue*float64(b.value[sq])
			if col+1 < elasund.NumColumns && b.permits.has(sq+1) && b.owner[sq+1] == p {
				s[p] += w.PermitPair
			}
			if below := sq + elasund.NumColumns; below < elasund.NumSquares && b.permits.has(below) && b.owner[below] == p {
				s[p] += w.PermitPair
			}
		}
	}
}

// neutralWests are the west squares of the neutral buildings that
// produce on a board, and their owners: what findNeutral adds to a
// boardSets. A move that moves no building and no cube keeps them
// (keepsNeutral), so the heuristic of many moves from one position finds
// them once (AppendMoveFeatures).
type neutralWests struct {
	income squareSet
	owner  [elasund.NumSquares]int8
}

// find sets nw to the neutral buildings that produce on the
// board of g, as findNeutral finds them.
func (nw *neutralWests) find(g *elasund.Game) {
	var b boardSets
	n := g.Players()
	b.addPermits(g, n)
	if need := neutralOnBoard(g); need > 0 {
		b.findNeutral(g, n, need)
	}
	*nw = neutralWests{income: b.income}
	for half, bits := range b.income {
		for ; bits != 0; bits &= bits - 1 {
			sq := half*64 + mathbits.TrailingZeros64(bits)
			nw.owner[sq] = b.owner[sq]
		}
	}
}

// addPermits adds the permits of the n players of g to b, with their
// owners and values.
func (b *boardSets) addPermits(g *elasund.Game, n int) {
	for q := 0; q < n; q++ {
		for v := 0; v < elasund.PermitsPerPlayer; v++ {
			if sq := g.PermitSquare(elasund.Player(q), v); sq.Valid() {
				b.permits.add(sq)
				b.owner[sq], b.value[sq] = int8(q), uint8(v)
			}
		}
	}
}

// neutralOnBoard returns the number of neutral buildings that produce
// out of their supply: on the board of g.
func neutralOnBoard(g *elasund.Game) int {
	n := 0
	for k := elasund.Well; k <= elasund.LargeBuilding; k++ {
		if k.Income() != elasund.NoIncome {
			n += k.Copies() - g.NeutralSupply(k)
		}
	}
	return n
}

// keepsNeutral reports whether a move of kind k leaves every neutral
// building where it stands, with its owner, and the neutral supply as it
// is: a move of the permit and bonus phases, or the end of the building
// phase, neither builds nor places a cube.
func keepsNeutral(k elasund.MoveKind) bool {
	switch k {
	case elasund.PlacePermit, elasund.TakeGold, elasund.MovePermit, elasund.UpgradePermit,
		elasund.BonusPermit, elasund.BonusGold, elasund.EndTurn, elasund.EndBuilding:
		return true
	}
	return false
}

// boardSets is what boardValues knows of the board.
type boardSets struct {
	permits squareSet                 // the permits
	income  squareSet                 // the west squares of the producing buildings
	owner   [elasund.NumSquares]int8  // the owner of each of those squares' permit or building
	value   [elasund.NumSquares]uint8 // the value of each permit
}

// addIncome adds the west squares of building k at origin o, owned by p,
// if it produces.
func (b *boardSets) addIncome(o elasund.Square, k elasund.Building, p elasund.Player, n int) {
	if p < 0 || int(p) >= n || k.Income() == elasund.NoIncome {
		return
	}
	for dy := 0; dy < k.Height(); dy++ {
		west := o + elasund.Square(dy*elasund.NumColumns)
		b.income.add(west)
		b.owner[west] = int8(p)
	}
}

// findNeutral adds the neutral buildings that produce (taverns and shops)
// on the board of g, reading with At, square by square, those that no
// permit, player building or church tile covers, until it has found need
// of them (or read them all).
func (b *boardSets) findNeutral(g *elasund.Game, n, need int) {
	known := b.permits
	for q := 0; q < n; q++ {
		for k := elasund.Hut; k <= elasund.Workshop; k++ {
			if o := g.BuildingOrigin(elasund.Player(q), k); o.Valid() {
				known.addFootprint(o, k)
			}
		}
	}
	for t := elasund.ChurchTile(1); t <= elasund.ChurchTiles; t++ {
		if sq := g.ChurchSquare(t); sq.Valid() && g.ChurchTileOwner(t) != elasund.NoPlayer {
			known.add(sq)
		}
	}
	cols := elasund.CityColumns(n)
	for sq := elasund.Square(0); sq < elasund.NumSquares && need > 0; sq++ {
		if sq.Col() >= cols || known.has(sq) || g.IsEmpty(sq) {
			continue
		}
		c := g.At(sq)
		if c.Building == elasund.NoBuilding || c.Origin != sq {
			continue // not reached in a valid game: a building is met first at its origin
		}
		known.addFootprint(sq, c.Building)
		if c.Building.Income() != elasund.NoIncome {
			b.addIncome(sq, c.Building, c.BuildingOwner, n)
			need--
		}
	}
}

// squareSet is a set of squares, one bit a square.
type squareSet [2]uint64

func (b *squareSet) add(s elasund.Square)       { b[s>>6&1] |= 1 << (s & 63) }
func (b *squareSet) has(s elasund.Square) bool  { return b[s>>6&1]&(1<<(s&63)) != 0 }
func (b squareSet) union(c squareSet) squareSet { return squareSet{b[0] | c[0], b[1] | c[1]} }

// addFootprint adds the squares building k covers from origin o.
func (b *squareSet) addFootprint(o elasund.Square, k elasund.Building) {
	if int(k) >= len(footprints) || !o.Valid() {
		return
	}
	f := footprints[k]
	if o >= 64 {
		b[1] |= f[0] << (o - 64)
		return
	}
	b[0] |= f[0] << o
	b[1] |= f[1]<<o | f[0]>>(64-o)
}

// footprints holds the squares each building covers from a1.
var footprints = func() (f [elasund.LargeBuilding + 1]squareSet) {
	for k := elasund.Hut; k <= elasund.LargeBuilding; k++ {
		for dy := 0; dy < k.Height(); dy++ {
			for dx := 0; dx < k.Width(); dx++ {
				f[k].add(elasund.Square(dy*elasund.NumColumns + dx))
			}
		}
	}
	return f
}()

// Greedy plays the legal move whose resulting position scores best for it
// by a heuristic (Weights), one move deep: it draws one full game
// consistent with its view (View.Redeal), applies each legal move to a
// copy, and scores the position reached. Equal scores are broken with its
// seeded random source. A roll, the only move of its phase, is played at
// once. The zero value is NewGreedy(0).
type Greedy struct {
	w   Weights
	r   *rand.Rand
	buf []elasund.Move
}

// NewGreedy returns a Greedy bot with DefaultWeights, seeded with seed.
func NewGreedy(seed uint64) *Greedy { return NewGreedyWeights(seed, DefaultWeights()) }

// NewGreedyWeights returns a Greedy bot with the weights w, seeded with
// seed.
func NewGreedyWeights(seed uint64, w Weights) *Greedy {
	return &Greedy{w: w, r: rand.New(rand.NewPCG(seed, greedyStream))}
}

// Name returns "greedy".
func (*Greedy) Name() string { return "greedy" }

// Choose returns the legal move that scores best one move deep.
func (b *Greedy) Choose(v elasund.View) (elasund.Move, error) {
	if b.r == nil {
		*b = *NewGreedy(0)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	switch len(b.buf) {
	case 0:
		return elasund.Move{}, errNoDecision
	case 1:
		return b.buf[0], nil
	}
	var g elasund.Game
	if err := v.RedealInto(&g, b.r); err != nil {
		return elasund.Move{}, err
	}
	i, _ := bestMove(&g, b.buf, &b.w, b.r)
	return b.buf[i], nil
}

// bestMove returns the index in moves of the legal move of g that scores
// best for the player who decides (ties broken with r), and its score.
func bestMove(g *elasund.Game, moves []elasund.Move, w *Weights, r *rand.Rand) (int, float64) {
	p := g.ToMove()
	return argmax(len(moves), r, func(i int) float64 { return moveScore(g, moves[i], p, w) })
}

// argmax returns the index in [0, n) whose score is highest, ties broken
// uniformly with r (a draw each time a tie is met, in index order), and
// that score; n must be at least 1.
func argmax(n int, r *rand.Rand, score func(i int) float64) (int, float64) {
	best, bestScore, ties := 0, 0.0, 0
	for i := range n {
		s := score(i)
		switch {
		case i == 0 || s > bestScore:
			best, bestScore, ties = i, s, 1
		case s == bestScore:
			ties++
			if r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best, bestScore
}

// moveScore returns the score for p of the position m leads to from g,
// less the move's cost; a move that g refuses scores lowest.
func moveScore(g *elasund.Game, m elasund.Move, p elasund.Player, w *Weights) float64 {
	cost := g.Cost(m)
	c := *g
	if c.Apply(m) != nil {
		return -2 * w.Win
	}
	return score(w, &c, p) - w.Cost*float64(cost.Total())
}
