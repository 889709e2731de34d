package elasund

// Tests of Validate's failure branches: every invariant it checks is broken
// on purpose, one at a time, and Validate must name it; and Validate (and,
// on states it accepts, AppendLegal and Apply) must never panic on
// corrupted states.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

// gameLeaves returns settable views of every scalar field of g, array
// elements one by one (including the random source's state). Game holds
// only values, so any bit pattern in any field is memory-safe.
func gameLeaves(g *Game) []reflect.Value {
	var out []reflect.Value
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				f := v.Field(i)
				walk(reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem())
			}
		case reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		default:
			out = append(out, v)
		}
	}
	walk(reflect.ValueOf(g).Elem())
	return out
}

// corruptGame changes g in k random ways chosen by r: a field set to a
// random value of its width, nudged by a small amount, set to a small
// number, or copied from another field of the same type; or a random byte
// of the struct overwritten.
func corruptGame(g *Game, r *rand.Rand, k int) {
	leaves := gameLeaves(g)
	for range k {
		f := leaves[r.IntN(len(leaves))]
		var x uint64
		switch r.IntN(5) {
		case 0: // any value
			x = r.Uint64()
		case 1: // a small step
			x = uint64(valueBits(f)) + uint64(r.IntN(7)) - 3
		case 2: // a small number
			x = uint64(r.IntN(16))
		case 3: // another field's value of the same type
			var same []reflect.Value
			for _, o := range leaves {
				if o.Type() == f.Type() {
					same = append(same, o)
				}
			}
			x = uint64(valueBits(same[r.IntN(len(same))]))
		default: // a raw byte anywhere in the struct
			b := unsafe.Slice((*byte)(unsafe.Pointer(g)), unsafe.Sizeof(*g))
			b[r.IntN(len(b))] = byte(r.Uint32())
			continue
		}
		switch f.Kind() {
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			f.SetInt(int64(x) << (64 - f.Type().Bits()) >> (64 - f.Type().Bits()))
		default:
			f.SetUint(x & (1<<f.Type().Bits() - 1))
		}
	}
}

// valueBits returns a scalar field's value as an int64.
func valueBits(v reflect.Value) int64 {
	switch v.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return v.Int()
	}
	return int64(v.Uint())
}

// validateNoPanic calls Validate, turning a panic into an error message.
func validateNoPanic(g *Game) (panicMsg string, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicMsg = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	return "", g.Validate()
}

// playEveryMove lists g's legal moves and applies each to a copy. It
// returns a message if AppendLegal or Apply panics (with the stack), if
// Apply refuses a listed move, or if a move leaves a state that Validate
// refuses; "" if none of these happens.
func playEveryMove(g *Game) (problem string) {
	where := "AppendLegal"
	defer func() {
		if p := recover(); p != nil {
			problem = fmt.Sprintf("%s panicked: %v\n%s", where, p, debug.Stack())
		}
	}()
	for _, m := range g.AppendLegal(nil) {
		where = fmt.Sprintf("Apply(%v)", m)
		c := *g
		if err := c.Apply(m); err != nil {
			return fmt.Sprintf("listed move %v refused: %v", m, err)
		}
		if err := c.Validate(); err != nil {
			return fmt.Sprintf("listed move %v leaves an invalid state: %v", m, err)
		}
	}
	return ""
}

// TestValidateNeverPanics corrupts snapshots of seeded random games in one
// to three random fields (or raw bytes) at a time, with a seeded source.
// Validate must not panic and must return nil or an error wrapping
// ErrInvalidState. When it accepts the corrupted state, AppendLegal and
// Apply of every listed move on a copy must not panic either; and, since
// Validate claims to check every invariant, Apply must accept each listed
// move and leave a state that validates (a failure here is an invariant
// that Validate misses).
func TestValidateNeverPanics(t *testing.T) {
	var positions []Game
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			positions = append(positions, playedPositions(t, n, seed)...)
		}
	}
	rounds := 100000
	if testing.Short() {
		rounds = 20000
	}
	r := rand.New(rand.NewPCG(11, 12))
	accepted := 0
	for i := range rounds {
		g := positions[r.IntN(len(positions))]
		corruptGame(&g, r, 1+r.IntN(3))
		before := g
		pm, err := validateNoPanic(&g)
		if pm != "" {
			t.Fatalf("round %d: Validate panicked: %s\nstate: %+v", i, pm, before)
		}
		if err != nil {
			if !errors.Is(err, ErrInvalidState) {
				t.Fatalf("round %d: Validate error %v does not wrap ErrInvalidState", i, err)
			}
			continue
		}
		accepted++
		if p := playEveryMove(&g); p != "" {
			t.Fatalf("round %d: Validate accepts the state but %s\nstate: %+v", i, p, before)
		}
	}
	t.Logf("%d of %d corrupted states validated", accepted, rounds)
}

// corruptAndValidate checks that g validates, corrupts it and checks that
// Validate, without panicking, refuses it with a message containing want.
func corruptAndValidate(t *testing.T, g *Game, corrupt func(*Game), want string) {
	t.Helper()
	mustValid(t, g)
	corrupt(g)
	pm, err := validateNoPanic(g)
	if pm != "" {
		t.Fatalf("Validate panicked: %s", pm)
	}
	wantInvalid(t, err, want)
}

// wantInvalid fails the test unless err wraps ErrInvalidState and its
// message contains want.
func wantInvalid(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("Validate accepted the state; want an error containing %q", want)
	}
	if !errors.Is(err, ErrInvalidState) {
		t.Errorf("Validate error %v does not wrap ErrInvalidState", err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("Validate error %q does not contain %q", err, want)
	}
}

// TestRegressionValidateChurchPanics: Validate used to index past the
// church stack when churchLen was over 9, and past the board when a church
// tile had an owner while the church area was unset or at a square no
// foundation tile can put it. Each must now be an ErrInvalidState error.
func TestRegressionValidateChurchPanics(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corrupt func(g *Game)
		want    string
	}{
		{"stack of 10", func(g *Game) { g.churchLen = 10 }, "church stack of 10 tiles"},
		{"stack of 255", func(g *Game) { g.churchLen = 255 }, "church stack of 255 tiles"},
		{"owned tile, no church", func(g *Game) { g.churchOwner[1] = 0 }, "church tile 1 is built but not on its place"},
		{"origin i12", func(g *Game) { g.churchOrigin = sq(8, 9); g.churchOwner[9] = 0 }, "church area at square 89"},
		{"origin off the board", func(g *Game) { g.churchOrigin = 100; g.churchOwner[1] = 0 }, "church area at square 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			corruptAndValidate(t, newTestGame(t, 4), tc.corrupt, tc.want)
		})
	}
}

// Starting states for the corruption cases. Each is valid (checked before
// it is corrupted).

// richGame is a four-player game in its first turn with something of every
// kind on the board: Red's permit 2 on c5, a large building of Green on a2
// (2 cubes, 3 trade points, a cube on milestone 3), Blue's house on g3,
// Yellow's wall tile 1 on E3, Blue's church tile 5 on the foundation c8
// (church area from b6) and Yellow's hut (c10) removed from the game.
func richGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	placeBuilding(t, g, 2, LargeBuilding, sqr(t, "a2"))
	placeBuilding(t, g, 1, House, sqr(t, "g3"))
	placeWall(t, g, 3, EastSite(3))
	placeChurchTile(t, g, 1, 5)
	removeAt(t, g, sqr(t, "c10"))
	return g
}

// wonGame is a four-player game that Red has won: nine church tiles and a
// well make her ten cubes.
func wonGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	for tile := ChurchTile(1); tile <= ChurchTiles; tile++ {
		placeChurchTile(t, g, 0, tile)
	}
	placeBuilding(t, g, 0, Well, sqr(t, "i2"))
	g.phase, g.winner = PhaseOver, 0
	return g
}

// discardGame: Red rolled a 7; Blue has discarded 1 gold to the pirates
// and Red owes 2 of her 3 gold and 1 influence card.
func discardGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	setPhase(g, PhaseDiscard, 0)
	g.gold[1]--
	g.poolGold++
	g.pending[0] = 2
	return g
}

// shortageGame: in Red's turn Blue must return 1 of his 1 influence card.
func shortageGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	setPhase(g, PhaseShortage, 0)
	g.toMove, g.pending[1] = 1, 1
	return g
}

// rebuildGame: Red's first build displaced Blue's hut, which Blue must
// rebuild now.
func rebuildGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	g.displace(playerPiece(1, Hut))
	setPhase(g, PhaseRebuild, 0)
	g.toMove, g.builds = 1, 1
	return g
}

// churchChoiceGame: Red builds the first church tile and must keep one of
// the two tiles drawn from the stack 1, 2, …, 9 (1 on top).
func churchChoiceGame(t *testing.T) *Game {
	g := newTestGame(t, 4)
	setShip(g, 5)
	setChurchStack(t, g, 1, 2, 3, 4, 5, 6, 7, 8, 9)
	setPhase(g, PhaseChurchChoice, 0)
	g.churchDrawn = [2]uint8{1, 2}
	g.churchLen = 7
	g.church[7], g.church[8] = 0, 0
	return g
}

// overGame is a two-player game ended at the turn limit with no winner.
func overGame(t *testing.T) *Game {
	g := newTestGame(t, 2)
	setShip(g, 5)
	g.phase = PhaseOver
	return g
}

// midGame is a three-player game 10 turns into a seeded random game.
func midGame(t *testing.T) *Game {
	for _, g := range playedPositions(t, 3, 1) {
		if g.turn == 10 {
			return &g
		}
	}
	t.Fatal("the seeded game ended before turn 11")
	return nil
}

func fresh2(t *testing.T) *Game { return newTestGame(t, 2) }
func fresh4(t *testing.T) *Game { return newTestGame(t, 4) }

// TestValidateCatchesCorruption breaks each invariant that Validate checks,
// one at a time, in a state that validates, and checks that Validate
// returns an ErrInvalidState error naming that invariant (so a different
// check firing fails the case).
func TestValidateCatchesCorruption(t *testing.T) {
	red0Hut, red0House := playerPiece(0, Hut), playerPiece(0, House)
	large := neutralFirst[LargeBuilding] // Green's large building on a2 in richGame
	wellA := neutralFirst[Well]
	a2 := sq(0, 0)
	for _, tc := range []struct {
		name    string
		base    func(*testing.T) *Game
		corrupt func(g *Game)
		want    string
	}{
		// Players and seats.
		{"one player", fresh4, func(g *Game) { g.n = 1 }, "elasund: invalid state: 1 players"},
		{"five players", fresh4, func(g *Game) { g.n = 5 }, "elasund: invalid state: 5 players"},
		{"idle seat has a colour", fresh2, func(g *Game) { g.colors[2] = Green }, "seat 2 is not playing but holds game state"},
		{"idle seat has gold", fresh2, func(g *Game) { g.gold[3] = 1 }, "seat 3 is not playing but holds game state"},
		{"idle seat has influence", fresh2, func(g *Game) { g.infl[2][1] = 1 }, "seat 2 is not playing but holds game state"},
		{"idle seat has cubes", fresh2, func(g *Game) { g.cubes[2] = 1 }, "seat 2 is not playing but holds game state"},
		{"idle seat has trade points", fresh2, func(g *Game) { g.tp[3] = 2 }, "seat 3 is not playing but holds game state"},
		{"idle seat has a milestone", fresh2, func(g *Game) { g.milestones[2] = 1 }, "seat 2 is not playing but holds game state"},
		{"idle seat built wall", fresh2, func(g *Game) { g.wallBuilt[2] = 1 }, "seat 2 is not playing but holds game state"},
		{"idle seat owes cards", fresh2, func(g *Game) { g.pending[3] = 1 }, "seat 3 is not playing but holds game state"},
		{"idle seat rebuilds", fresh2, func(g *Game) { g.rebuild[3] = 1 }, "seat 3 is not playing but holds game state"},
		{"no colour", fresh4, func(g *Game) { g.colors[0] = NoColor }, "player 0 has colour 0"},
		{"unknown rule option", fresh4, func(g *Game) { g.rules = 1 << 7 }, "unknown rule options 0x80"},
		{"colour 5", fresh4, func(g *Game) { g.colors[1] = 5 }, "player 1 has colour 5"},
		{"two reds", fresh4, func(g *Game) { g.colors[2] = Red }, "players 0 and 2 are both red"},
		{"phase 11", fresh4, func(g *Game) { g.phase = 11 }, "phase Phase(11), active 0"},
		{"active out of range", fresh4, func(g *Game) { g.active = 4 }, "active 4, to move 0"},
		{"to move out of range", fresh2, func(g *Game) { g.toMove = 2 }, "to move 2, first 0"},
		{"first out of range", fresh2, func(g *Game) { g.first = 3 }, "first 3, builds 0"},
		{"three builds", fresh4, func(g *Game) { g.phase, g.builds = PhasePermit, 3 }, "builds 3"},
		{"builds before phase 2", fresh4, func(g *Game) { g.builds = 1 }, "1 builds made before roll"},
		{"second build in church choice", churchChoiceGame, func(g *Game) { g.builds = 2 }, "2 builds made before church choice"},
		{"rebuild before any build", rebuildGame, func(g *Game) { g.builds = 0 }, "0 builds made before rebuild"},

		// Cards.
		{"deck of 40", fresh4, func(g *Game) { g.deckLen = 40 }, "influence deck of 40 cards"},
		{"deck card of colour 3", fresh4, func(g *Game) { g.deck[0] = 3 }, "influence deck holds a card of colour 3"},
		{"gold card made", fresh4, func(g *Game) { g.bank++ }, "52 gold cards in bank, hands and pirates' pool"},
		{"gold card lost", fresh4, func(g *Game) { g.gold[1]-- }, "50 gold cards in bank, hands and pirates' pool"},
		{"pirates' gold made", discardGame, func(g *Game) { g.poolGold++ }, "52 gold cards"},
		{"blue card made", fresh4, func(g *Game) { g.discard[0]++ }, "influence cards per colour [14 13 13]"},
		{"green card made", fresh4, func(g *Game) { g.infl[2][1]++ }, "influence cards per colour [13 14 13]"},
		{"yellow card made", discardGame, func(g *Game) { g.poolInfl[2]++ }, "influence cards per colour [13 13 14]"},
		{"pirates' gold after discards", fresh4, func(g *Game) { g.bank--; g.poolGold++ }, "cards left with the pirates outside PhaseDiscard"},
		{"pirates' influence after discards", fresh4, func(g *Game) {
			g.deckLen--
			g.poolInfl[g.deck[g.deckLen]]++
		}, "cards left with the pirates outside PhaseDiscard"},
		{"pool left into phase 2", discardGame, func(g *Game) { g.phase, g.pending[0] = PhaseBuild, 0 }, "cards left with the pirates outside PhaseDiscard"},

		// Building pieces.
		{"idle seat's house built", fresh2, func(g *Game) { g.pieceSq[playerPiece(2, House)] = a2 }, "house of seat 2, who does not play, is not in supply"},
		{"idle seat's hut awaits rebuild", fresh2, func(g *Game) { g.pieceSq[playerPiece(3, Hut)] = awaitingRebuild }, "hut of seat 3, who does not play, is not in supply"},
		{"well in supply owned", fresh4, func(g *Game) { g.pieceOwner[wellA] = 0 }, "well in supply has an owner or cubes"},
		{"market in supply with a cube", fresh4, func(g *Game) { g.pieceCubes[neutralFirst[Market]] = 1 }, "market in supply has an owner or cubes"},
		{"starter hut in supply", fresh4, func(g *Game) { g.pieceSq[red0Hut] = inSupply }, "starter hut of player 0 is in supply"},
		{"starter totem in supply", fresh4, func(g *Game) { g.pieceSq[playerPiece(3, Totem)] = inSupply }, "starter totem of player 3 is in supply"},
		{"house removed from the game", fresh4, func(g *Game) { g.pieceSq[red0House] = removedFromGame }, "house removed from the game; only starters leave it"},
		{"well removed from the game", fresh4, func(g *Game) { g.pieceSq[wellA] = removedFromGame }, "well removed from the game; only starters leave it"},
		{"removed hut with a cube", richGame, func(g *Game) { g.pieceCubes[playerPiece(3, Hut)] = 1 }, "hut removed from the game has a neutral owner or cubes"},
		{"removed hut owned", richGame, func(g *Game) { g.pieceOwner[playerPiece(3, Hut)] = 3 }, "hut removed from the game has a neutral owner or cubes"},
		{"hut awaits no rebuild", fresh4, func(g *Game) { g.pieceSq[red0Hut] = awaitingRebuild }, "hut awaits a rebuild that is not pending"},
		{"house awaits a rebuild", rebuildGame, func(g *Game) { g.pieceSq[playerPiece(1, House)] = awaitingRebuild }, "house awaits a rebuild that is not pending"},
		{"hut awaiting rebuild with cubes", rebuildGame, func(g *Game) { g.pieceCubes[playerPiece(1, Hut)] = 6 }, "hut awaiting a rebuild has a neutral owner or cubes"},
		{"hut awaiting rebuild owned", rebuildGame, func(g *Game) { g.pieceOwner[playerPiece(1, Hut)] = 0 }, "hut awaiting a rebuild has a neutral owner or cubes"},
		{"hut at location 100", fresh4, func(g *Game) { g.pieceSq[red0Hut] = 100 }, "hut at location 100"},
		{"house out of the 2-player city", fresh2, func(g *Game) { g.pieceSq[red0House] = sq(4, 3) }, "house at e5 reaches outside the city"},
		{"large building off the south edge", richGame, func(g *Game) { g.pieceSq[large] = sq(0, 8) }, "large at a11 reaches outside the city"},
		{"hut moved without its square", fresh4, func(g *Game) { g.pieceSq[red0Hut] = a2 }, "hut at a2 does not hold square a2"},
		{"overlapping buildings", richGame, func(g *Game) { g.cell[sq(0, 2)] = uint8(red0Hut + 1) }, "large at a2 does not hold square a4"},
		{"neutral building with no owner", richGame, func(g *Game) { g.pieceOwner[large] = -1 }, "large at a2 has no owner"},
		{"neutral building owned by seat 4", richGame, func(g *Game) { g.pieceOwner[large] = 4 }, "large at a2 has no owner"},
		{"large building with 1 cube", richGame, func(g *Game) { g.pieceCubes[large] = 1 }, "large at a2 has 1 cubes for 2 flags"},
		{"large building with 3 cubes", richGame, func(g *Game) { g.pieceCubes[large] = 3 }, "large at a2 has 3 cubes for 2 flags"},
		{"large building with no cubes", richGame, func(g *Game) { g.pieceCubes[large] = 0 }, "large at a2 has 0 cubes for 2 flags"},
		{"hut with a neutral owner", fresh4, func(g *Game) { g.pieceOwner[red0Hut] = 0 }, "player building hut has a neutral owner or cubes"},
		{"house with a cube", richGame, func(g *Game) { g.pieceCubes[playerPiece(1, House)] = 1 }, "player building house has a neutral owner or cubes"},

		// Permits and squares.
		{"permit not on its square", fresh4, func(g *Game) { g.permitSq[0][0] = a2 }, "permit 0 of seat 0 at a2 is not on the board there"},
		{"permit on another's square", richGame, func(g *Game) { g.permitSq[1][2] = sqr(t, "c5") }, "permit 2 of seat 1 at c5 is not on the board there"},
		{"idle seat's permit", fresh2, func(g *Game) {
			g.permitSq[3][1] = a2
			g.cell[a2] = permitCell(3, 1)
		}, "permit 1 of seat 3 at a2 is not on the board there"},
		{"permit off the board", fresh4, func(g *Game) { g.permitSq[1][4] = 200 }, "permit 4 of seat 1 at - is not on the board there"},
		{"something outside the city", fresh2, func(g *Game) { g.cell[sq(6, 0)] = permitCell(0, 1) }, "something stands on g2, outside the city"},
		{"stray building square", fresh4, func(g *Game) { g.cell[a2] = uint8(wellA + 1) }, "square a2 names a building that does not cover it"},
		{"stray permit square", fresh4, func(g *Game) { g.cell[a2] = permitCell(0, 3) }, "permit on a2 is not where its owner's permit is"},
		{"permit of value 5", fresh4, func(g *Game) { g.cell[a2] = permitCell(1, 5) }, "permit on a2 is not where its owner's permit is"},
		{"permit code with stray bits", fresh4, func(g *Game) { g.cell[a2] = cellPermit | 0x20 }, "permit on a2 is not where its owner's permit is"},
		{"church tile before the church", fresh4, func(g *Game) { g.cell[a2] = cellChurch | 3 }, "church tile on a2 is not on its place in the church"},
		{"church tile off its place", richGame, func(g *Game) { g.cell[a2+4] = cellChurch | 5 }, "church tile on e2 is not on its place in the church"},
		{"church tile 12", richGame, func(g *Game) { g.cell[a2+4] = cellChurch | 12 }, "church tile on e2 is not on its place in the church"},
		{"unbuilt church tile on its place", richGame, func(g *Game) { g.cell[sq(3, 4)] = cellChurch | 3 }, "church tile on d6 is not on its place in the church"},
		{"unknown square code", fresh4, func(g *Game) { g.cell[a2] = 50 }, "square a2 holds code 50"},
		{"permit on the foundation", fresh4, func(g *Game) {
			g.permitSq[0][0] = ChurchFoundation
			g.cell[ChurchFoundation] = permitCell(0, 0)
		}, "something stands on the church foundation before the church"},
		// The cache of what stands where (Game.occ), derived from the squares.
		{"cache misses a permit", richGame, func(g *Game) { g.occ.permits = bitboard{} }, "the board's cached sets do not match its squares"},
		{"cache with a stray building", fresh4, func(g *Game) { g.occ.buildings.add(a2) }, "the board's cached sets do not match its squares"},
		{"cache calls a building a church tile", richGame, func(g *Game) {
			g.occ.church = g.occ.church.or(g.occ.buildings)
			g.occ.buildings = bitboard{}
		}, "the board's cached sets do not match its squares"},

		// Church.
		{"stack of 10", fresh4, func(g *Game) { g.churchLen = 10 }, "church stack of 10 tiles; there are 9"},
		{"church area at i12", fresh4, func(g *Game) { g.churchOrigin = sq(8, 9) }, "church area at square 89, where no tile on the foundation puts it"},
		{"stack slot beyond the stack", fresh4, func(g *Game) { g.churchLen = 8 }, "church stack slot beyond its 8 tiles holds tile"},
		{"one tile drawn", churchChoiceGame, func(g *Game) { g.churchDrawn[1] = 0; g.church[0] = 2 }, "church choice of 1 drawn tiles"},
		{"choice after the church", churchChoiceGame, func(g *Game) { g.churchOrigin = churchOriginFor(1) }, "church choice of 2 drawn tiles with the church area at c8"},
		{"drawn tiles after the choice", churchChoiceGame, func(g *Game) { g.phase = PhaseBuild }, "church tiles drawn outside PhaseChurchChoice"},
		{"drawn tile before building", fresh4, func(g *Game) { g.churchDrawn[1] = 4 }, "church tiles drawn outside PhaseChurchChoice"},
		{"owned tile not placed", richGame, func(g *Game) { g.churchOwner[1] = 0 }, "church tile 1 is built but not on its place"},
		{"tile owned by seat 4", richGame, func(g *Game) { g.churchOwner[5] = 4 }, "church tile 5 is built but not on its place"},
		{"owned tile with no church", fresh4, func(g *Game) { g.churchOwner[9] = 2 }, "church tile 9 is built but not on its place"},
		{"tile 1 lost from the stack", fresh4, func(g *Game) {
			setChurchStack(t, g, 9, 8, 7, 6, 5, 4, 3, 2, 1) // tile 1 at the bottom, church[0]
			g.church[0] = 2
		}, "church tile 1 is in 0 places"},
		{"tile 1 twice in the stack", fresh4, func(g *Game) {
			setChurchStack(t, g, 9, 8, 7, 6, 5, 4, 3, 2, 1)
			g.church[1] = 1
		}, "church tile 1 is in 2 places"},
		{"built tile still in the stack", richGame, func(g *Game) { g.church[g.churchLen] = 5; g.churchLen++ }, "church tile 5 is in 2 places"},
		{"empty slot counted in the stack", richGame, func(g *Game) { g.churchLen = 9 }, "9 church tiles in the stack, 0 drawn and 1 built"},
		{"church area fixed by no tile", fresh4, func(g *Game) { g.churchOrigin = churchOriginFor(1) }, "the church area at c8 is fixed by no tile on the foundation"},

		// Walls.
		{"wall beyond the 2-player wall", fresh2, func(g *Game) {
			g.wall[NorthSite(4)] = 1<<4 | 1
			g.wallBuilt[0] = 1
		}, "wall site Ne holds tile 1 of seat 0"},
		{"wall tile of an idle seat", fresh2, func(g *Game) { g.wall[EastSite(3)] = 4<<4 | 1 }, "wall site E3 holds tile 1 of seat 3"},
		{"wall tile of no seat", fresh4, func(g *Game) { g.wall[EastSite(3)] = 1 }, "wall site E3 holds tile 1 of seat -1"},
		{"wall tile 0", richGame, func(g *Game) { g.wall[EastSite(4)] = 4 << 4 }, "wall site E4 holds tile 0 of seat 3"},
		{"wall tile not yet built", richGame, func(g *Game) { g.wall[EastSite(4)] = 4<<4 | 2 }, "wall site E4 holds tile 2 of seat 3"},
		{"wall tile twice", richGame, func(g *Game) { g.wall[EastSite(4)] = 4<<4 | 1 }, "wall site E4 holds tile 1 of seat 3"},
		{"north tile off the chain", fresh4, func(g *Game) {
			g.wall[NorthSite(2)] = 1<<4 | 1
			g.wallBuilt[0] = 1
		}, "wall tile on Nc is not on a chain from a gate"},
		{"east tile off the chain", fresh4, func(g *Game) {
			g.wall[EastSite(5)] = 2<<4 | 1
			g.wallBuilt[1] = 1
		}, "wall tile on E5 is not on a chain from a gate"},
		{"wall count too high", richGame, func(g *Game) { g.wallBuilt[3] = 2 }, "player 3 built 2 wall tiles but the wall shows others"},
		{"wall tile missing", fresh4, func(g *Game) { g.wallBuilt[2] = 1 }, "player 2 built 1 wall tiles but the wall shows others"},
		{"ten wall tiles", fresh4, func(g *Game) { g.wallBuilt[0] = 10 }, "player 0 built 10 wall tiles but the wall shows others"},

		// Cubes, trade points, milestones.
		{"two cubes on milestone 11", fresh4, func(g *Game) { g.milestones[0], g.milestones[1] = 16, 16 }, "2 cubes on milestone 11, which has 1 flags"},
		{"three cubes on milestone 7", fresh4, func(g *Game) { g.milestones[0], g.milestones[1], g.milestones[3] = 4, 4, 4 }, "3 cubes on milestone 7, which has 2 flags"},
		{"milestone above the disk", fresh4, func(g *Game) { g.milestones[0] = 1 }, "player 0 has a cube on milestone 3 with the disk at 0"},
		{"milestone 5 at disk 3", richGame, func(g *Game) { g.milestones[2] |= 2 }, "player 2 has a cube on milestone 5 with the disk at 3"},
		{"milestone bit 5", fresh4, func(g *Game) { g.milestones[0] = 32 }, "player 0 has milestone bits 100000"},
		{"cube count too high", fresh4, func(g *Game) { g.cubes[0] = 1 }, "player 0 has 0 cubes on the board, counted 1"},
		{"cube count too low", richGame, func(g *Game) { g.cubes[2] = 2 }, "player 2 has 3 cubes on the board, counted 2"},
		{"tenth cube not counted", wonGame, func(g *Game) { g.cubes[0] = 9 }, "player 0 has 10 cubes on the board, counted 9"},
		{"trade points without buildings", fresh4, func(g *Game) { g.tp[1] = 1 }, "player 1's buildings cover 0 trade points, the track says 1"},
		{"trade points lost", richGame, func(g *Game) { g.tp[2] = 4 }, "player 2's buildings cover 3 trade points, the track says 4"},
		{"ten cubes, another winner", wonGame, func(g *Game) { g.winner = 1 }, "player 0 has all 10 cubes placed but has not won"},
		{"ten cubes, game goes on", wonGame, func(g *Game) { g.phase, g.winner = PhaseBonus, -1 }, "player 0 has all 10 cubes placed but has not won"},

		// Phase and decisions.
		{"cards owed in phase 1", fresh4, func(g *Game) { g.pending[0] = 1 }, "player 0 owes cards outside a discard or shortage"},
		{"rebuild in phase 1", fresh4, func(g *Game) { g.rebuild[0] = 1 }, "player 0 has a rebuild pending outside PhaseRebuild"},
		{"rebuild bit 2", rebuildGame, func(g *Game) { g.rebuild[1] = 5 }, "player 1 has a rebuild pending outside PhaseRebuild"},
		{"rebuild of a standing totem", rebuildGame, func(g *Game) { g.rebuild[1] = 3 }, "player 1 has a totem rebuild pending but the totem is not awaiting one"},
		{"discard of more than the hand", discardGame, func(g *Game) { g.pending[0] = 5 }, "player 0 owes 5 cards but holds 4"},
		{"shortage return of gold", shortageGame, func(g *Game) { g.pending[1] = 2 }, "player 1 owes 2 cards but holds 1"},
		{"discarder owes nothing", discardGame, func(g *Game) { g.pending[0] = 0 }, "player 0 decides in discard but owes nothing"},
		{"returner owes nothing", shortageGame, func(g *Game) { g.toMove = 2 }, "player 2 decides in shortage but owes nothing"},
		{"rebuilder has no rebuild", rebuildGame, func(g *Game) { g.toMove = 2 }, "player 2 decides a rebuild but has none pending"},
		{"winner with no cubes", overGame, func(g *Game) { g.winner = 0 }, "winner 0 has not placed all cubes"},
		{"winner of an idle seat", overGame, func(g *Game) { g.winner = 3 }, "winner 3 has not placed all cubes"},
		{"wrong player rolls", fresh4, func(g *Game) { g.toMove = 1 }, "player 1 decides in roll, but it is player 0's turn"},
		{"wrong player in bonus", midGame, func(g *Game) { g.phase, g.toMove = PhaseBonus, (g.active+1)%3 }, "decides in bonus, but it is player"},
		{"winner during play", fresh4, func(g *Game) { g.winner = 0 }, "a winner while the game goes on"},
		{"seat 4 wins during play", fresh4, func(g *Game) { g.winner = 4 }, "a winner while the game goes on"},
		{"ship gone mid-game", midGame, func(g *Game) { g.ship = NoRow }, "the ship is off the board after the first roll"},
		{"ship unset in turn 2", fresh4, func(g *Game) { g.turn = 1 }, "the ship is off the board after the first roll"},
		{"ship unset in phase 2", fresh4, func(g *Game) { g.phase = PhaseBuild }, "the ship is off the board after the first roll"},
		{"ship in row 7", fresh4, func(g *Game) { g.ship = 7 }, "the ship is at row 7"},
		{"ship in row 13", midGame, func(g *Game) { g.ship = 13 }, "the ship is at row 13"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			corruptAndValidate(t, tc.base(t), tc.corrupt, tc.want)
		})
	}
}

// TestValidateZeroGame: the zero Game is no game; Validate says so (no
// players) without panicking.
func TestValidateZeroGame(t *testing.T) {
	var g Game
	pm, err := validateNoPanic(&g)
	if pm != "" {
		t.Fatalf("Validate panicked: %s", pm)
	}
	wantInvalid(t, err, "elasund: invalid state: 0 players")
}
