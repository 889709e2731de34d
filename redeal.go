package elasund

import (
	"fmt"
	"math/rand/v2"
)

// Determinization: filling in what a player may not know (RULES.md §13).

// Redeal replaces, in place, everything viewer may not know (RULES.md
// §13) by a uniformly random assignment consistent with what they know,
// drawn from r:
//
//   - the colours of the other players' influence cards and of the deck
//     are re-dealt from the cards viewer has not seen (13 of each colour
//     less viewer's own, the discard pile's and the pirates' pool's); every
//     player keeps their number of cards and the deck its size;
//   - the church stack is reshuffled, keeping its bottom tile when viewer
//     is the first church builder who put it there; during
//     PhaseChurchChoice the two tiles the first builder drew are part of
//     the reshuffle unless viewer is that builder;
//   - the game's random source (future dice, shuffles and the pirates'
//     reward) is reseeded from r.
//
// Everything viewer may know stays as it was: g.View(viewer) is the same
// before and after. The result depends only on that view and on r, so a
// determinized copy carries no more information than the view: a
// tournament can hand a bot the copy c := *g; c.Redeal(seat, r) (or
// the View itself, whose Redeal does the same). A viewer that is not a player of
// the game (NoPlayer) determinizes for a spectator: every hand is re-dealt.
//
// This is the standard "naive" determinization of information-set search
// (Perfect Information Monte Carlo): it samples uniformly from the
// positions consistent with the current view and does not weigh what the
// game's history implies, such as the colours an opponent has shown by
// paying, the card the roller took from the pirates, or the known colours
// of a deck reshuffled from the face-up discard pile.
//
// It returns an error wrapping ErrNilArgument for a nil r, and one
// wrapping ErrInvalidState for a state whose card or tile counts do not
// add up (such a state fails Validate, as the zero Game does); the game
// is then left unchanged. It does not allocate.
func (g *Game) Redeal(viewer Player, r *rand.Rand) error {
	if r == nil {
		return fmt.Errorf("%w: Redeal needs a random source (r is nil)", ErrNilArgument)
	}
	v := g.View(viewer)
	return v.sample(r, g) // on an error g is left as it was
}

// errSample is the error of a view of no consistent game.
var errSample = fmt.Errorf("%w: the view's cards or church tiles do not add up", ErrInvalidState)

// Redeal returns a new game drawn uniformly, with r, from the games
// consistent with the view: the view's public state and the viewer's own
// cards, with everything hidden from the viewer filled in as
// Game.Redeal describes. The same view and the same r give the same
// game. It returns an error wrapping ErrInvalidState for a view of a state
// whose counts do not add up, and one wrapping ErrNilArgument for a nil r.
// Redeal allocates the Game it returns; a search that samples in a loop
// calls RedealInto, which fills a Game it already has.
func (v View) Redeal(r *rand.Rand) (*Game, error) {
	g := new(Game)
	if err := v.RedealInto(g, r); err != nil {
		return nil, err
	}
	return g, nil
}

// RedealInto is Redeal into a Game the caller has: it overwrites *dst with
// a game drawn with r from the games consistent with the view, and does
// not allocate. On an error (those of Redeal, and one wrapping
// ErrNilArgument for a nil dst) *dst is left unchanged.
func (v View) RedealInto(dst *Game, r *rand.Rand) error {
	switch {
	case dst == nil:
		return fmt.Errorf("%w: RedealInto needs a Game to fill (dst is nil)", ErrNilArgument)
	case r == nil:
		return fmt.Errorf("%w: Redeal needs a random source (r is nil)", ErrNilArgument)
	}
	return v.sample(r, dst)
}

// sample writes into dst a game consistent with v drawn with r, or
// returns an error and leaves dst unchanged.
func (v *View) sample(r *rand.Rand, dst *Game) error {
	g := v.g
	n := int(g.n)
	if n < MinPlayers || n > MaxPlayers || g.deckLen > TotalInfluenceCards || g.churchLen > ChurchTiles {
		return errSample
	}
	unseen, ok := v.unseenInfluence()
	if !ok {
		return errSample
	}
	var tiles [ChurchTiles]uint8
	nt, ok := v.unplacedChurchTiles(&tiles)
	if !ok {
		return errSample
	}
	v.dealInfluence(&g, r, unseen)
	dealChurchTiles(&g, r, tiles[:nt])
	g.rng = *rand.NewPCG(r.Uint64(), r.Uint64())
	*dst = g
	return nil
}

// unseenInfluence returns the influence cards the viewer has not seen, by
// colour, and whether they are as many as the other players' hands and the
// deck hold.
func (v *View) unseenInfluence() (unseen [3]int, ok bool) {
	g := &v.g
	total := 0
	for c := range unseen {
		unseen[c] = InfluencePerColor - int(g.discard[c]) - int(g.poolInfl[c])
		if v.Viewer() != NoPlayer {
			unseen[c] -= int(g.infl[v.Viewer()][c])
		}
		if unseen[c] < 0 {
			return unseen, false
		}
		total += unseen[c]
	}
	need := int(g.deckLen)
	for q := 0; q < int(g.n); q++ {
		if Player(q) != v.Viewer() {
			need += int(v.infl[q])
		}
	}
	return unseen, need == total
}

// unplacedChurchTiles writes into tiles the church tiles the viewer cannot
// place: in the stack but for a known bottom tile, and the first builder's
// drawn pair if hidden. It returns how many, and whether they are as many
// as those places.
func (v *View) unplacedChurchTiles(tiles *[ChurchTiles]uint8) (nt int, ok bool) {
	g := &v.g
	bottom := g.church[0] // nonzero only where the viewer knows it
	for t := uint8(1); t <= ChurchTiles; t++ {
		if g.churchOwner[t] < 0 && t != bottom && t != g.churchDrawn[0] && t != g.churchDrawn[1] {
			tiles[nt] = t
			nt++
		}
	}
	want := int(g.churchLen)
	if bottom != 0 {
		want--
	}
	if g.phase == PhaseChurchChoice && g.churchDrawn == [2]uint8{} {
		want += 2
	}
	return nt, nt == want
}

// dealInfluence deals the unseen influence cards, shuffled with r, to the
// hands of the players but the viewer and to the deck of g.
func (v *View) dealInfluence(g *Game, r *rand.Rand, unseen [3]int) {
	var cards [TotalInfluenceCards]uint8
	k := 0
	for c, m := range unseen {
		for ; m > 0; m-- {
			cards[k] = uint8(c)
			k++
		}
	}
	shuffleWith(r, cards[:k])
	k = 0
	for q := 0; q < int(g.n); q++ {
		if Player(q) == v.Viewer() {
			continue
		}
		g.infl[q] = [3]uint8{}
		for i := 0; i < int(v.infl[q]); i++ {
			g.infl[q][cards[k]]++
			k++
		}
	}
	copy(g.deck[:g.deckLen], cards[k:])
}

// dealChurchTiles deals the unplaced church tiles, shuffled with r, to the
// hidden drawn pair of g, if any, and to its stack above a known bottom.
func dealChurchTiles(g *Game, r *rand.Rand, tiles []uint8) {
	shuffleWith(r, tiles)
	rest := tiles
	if g.phase == PhaseChurchChoice && g.churchDrawn == [2]uint8{} {
		g.churchDrawn = [2]uint8{rest[0], rest[1]}
		rest = rest[2:]
	}
	start := 0
	if g.church[0] != 0 {
		start = 1
	}
	copy(g.church[start:g.churchLen], rest)
}

// shuffleWith shuffles s in place (Fisher–Yates) with r.
func shuffleWith(r *rand.Rand, s []uint8) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
