package elasund

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// Tests of Key.

// samePosition reports whether a and b are the same position as Key
// defines it: equal but for the random source, the last dice and the dead
// deck slots above the deck's top.
func samePosition(a, b Game) bool {
	for _, g := range []*Game{&a, &b} {
		g.rng, g.dice = rand.PCG{}, [2]uint8{}
		for i := int(g.deckLen); i < TotalInfluenceCards; i++ {
			g.deck[i] = 0
		}
	}
	return a == b
}

// TestKeyOfRolls: a plain roll and the same forced roll give equal games
// and equal keys, and a game's key does not depend on its random source.
func TestKeyOfRolls(t *testing.T) {
	g := newTestGame(t, 3)
	h := *g
	mustApply(t, g, Move{Kind: Roll})
	d0, d1 := g.Dice()
	mustApply(t, &h, Move{Kind: Roll, Dice: [2]uint8{uint8(d0), uint8(d1)}})
	if *g != h || g.Key() != h.Key() {
		t.Errorf("plain roll %d %d and the forced roll: games equal %v, keys equal %v", d0, d1, *g == h, g.Key() == h.Key())
	}
	k := g.Key()
	g.rng = *rand.NewPCG(99, 100)
	if g.Key() != k {
		t.Error("reseeding the random source changed the key")
	}
}

// TestKeyCoversEveryField changes each field of Game in turn: every change
// but to the random source, the dice and the dead deck slots changes the
// key. The table must name every field of Game, so a field added later
// fails this test until Key covers it (or the table says why it may not).
func TestKeyCoversEveryField(t *testing.T) {
	base := newTestGame(t, 4)
	mustApply(t, base, Move{Kind: Roll, Dice: [2]uint8{2, 3}}) // ship in row 5; cards drawn, the deck's dead slots set
	changes := map[string]func(g *Game){
		"n":            func(g *Game) { g.n = 3 },
		"colors":       func(g *Game) { g.colors[0], g.colors[1] = g.colors[1], g.colors[0] },
		"phase":        func(g *Game) { g.phase = PhasePermit },
		"active":       func(g *Game) { g.active = 1 },
		"toMove":       func(g *Game) { g.toMove = 2 },
		"first":        func(g *Game) { g.first = 3 },
		"builds":       func(g *Game) { g.builds = 1 },
		"ship":         func(g *Game) { g.ship = 6 },
		"winner":       func(g *Game) { g.winner = 2 },
		"turn":         func(g *Game) { g.turn = 1 << 20 },
		"maxTurns":     func(g *Game) { g.maxTurns = 1 << 24 },
		"rules":        func(g *Game) { g.rules = EnglishEdition },
		"cell":         func(g *Game) { g.cell[89] = permitCell(0, 1) },
		"pieceSq":      func(g *Game) { g.pieceSq[36] = 40 },
		"pieceOwner":   func(g *Game) { g.pieceOwner[36] = 1 },
		"pieceCubes":   func(g *Game) { g.pieceCubes[36] = 1 },
		"permitSq":     func(g *Game) { g.permitSq[3][4] = 0 },
		"wall":         func(g *Game) { g.wall[19] = 0x11 },
		"wallBuilt":    func(g *Game) { g.wallBuilt[3] = 1 },
		"church":       func(g *Game) { g.church[0], g.church[8] = g.church[8], g.church[0] },
		"churchLen":    func(g *Game) { g.churchLen = 8 },
		"churchOrigin": func(g *Game) { g.churchOrigin = 20 },
		"churchOwner":  func(g *Game) { g.churchOwner[9] = 0 },
		"churchDrawn":  func(g *Game) { g.churchDrawn = [2]uint8{1, 2} },
		"gold":         func(g *Game) { g.gold[3]++ },
		"bank":         func(g *Game) { g.bank-- },
		"infl":         func(g *Game) { g.infl[3][2]++ },
		"deck":         func(g *Game) { g.deck[0], g.deck[g.deckLen-1] = g.deck[g.deckLen-1], g.deck[0]+1 },
		"deckLen":      func(g *Game) { g.deckLen-- },
		"discard":      func(g *Game) { g.discard[2]++ },
		"poolGold":     func(g *Game) { g.poolGold = 1 },
		"poolInfl":     func(g *Game) { g.poolInfl[1] = 1 },
		"tp":           func(g *Game) { g.tp[3] = 1 },
		"milestones":   func(g *Game) { g.milestones[3] = 1 },
		"cubes":        func(g *Game) { g.cubes[3] = 1 },
		"pending":      func(g *Game) { g.pending[3] = 1 },
		"rebuild":      func(g *Game) { g.rebuild[3] = 1 },
	}
	same := map[string]func(g *Game){
		"rng":  func(g *Game) { g.rng = *rand.NewPCG(1, 2) },
		"dice": func(g *Game) { g.dice = [2]uint8{1, 4} },
		"occ":  func(g *Game) { g.occ = occupancy{} }, // a cache derived from cell
		"deck (dead slots)": func(g *Game) {
			for i := int(g.deckLen); i < TotalInfluenceCards; i++ {
				g.deck[i] = 2 - g.deck[i]%3
			}
		},
	}
	typ := reflect.TypeOf(Game{})
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Field(i).Name
		if changes[name] == nil && same[name] == nil {
			t.Errorf("Game field %s is neither in the key's table of changes nor of left-out fields", name)
		}
	}
	k := base.Key()
	for name, change := range changes {
		g := *base
		change(&g)
		if g == *base {
			t.Fatalf("change of %s changes nothing", name)
		}
		if g.Key() == k {
			t.Errorf("changing %s leaves the key as it was", name)
		}
	}
	for name, change := range same {
		g := *base
		change(&g)
		if g == *base {
			t.Fatalf("change of %s changes nothing", name)
		}
		if g.Key() != k {
			t.Errorf("changing %s changed the key", name)
		}
	}
}

// TestKeyFollowsThePosition plays seeded random games of 2–4 players and
// applies every legal move (a sample of them where there are many) to
// copies: a move that changes the position changes the key, one that does
// not keeps it, and among all positions met, equal keys mean the same
// position (no collision).
func TestKeyFollowsThePosition(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	seen := map[[16]byte]Game{}
	var buf []Move
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			for _, g := range playedPositions(t, n, 80+seed) {
				k := g.Key()
				if old, ok := seen[k]; ok && !samePosition(old, g) {
					t.Fatalf("key collision: two different positions have the key %x", k)
				}
				seen[k] = g
				buf = g.AppendLegal(buf[:0])
				step := 1 + len(buf)/40
				for i := 0; i < len(buf); i += step {
					h := g
					mustApply(t, &h, buf[i])
					if samePosition(g, h) != (h.Key() == k) {
						t.Fatalf("%v: position changed %v, key changed %v", buf[i], !samePosition(g, h), h.Key() != k)
					}
				}
			}
		}
	}
}

// TestKeyDoesNotAllocate pins Key's speed contract.
func TestKeyDoesNotAllocate(t *testing.T) {
	g := newTestGame(t, 4)
	if allocs := testing.AllocsPerRun(100, func() { _ = g.Key() }); allocs != 0 {
		t.Errorf("Key allocates %.1f times per call; want 0", allocs)
	}
}

// BenchmarkKey keys positions of a random game.
func BenchmarkKey(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	b.ReportAllocs()
	var sink [16]byte
	for i := 0; b.Loop(); i++ {
		sink = positions[i%len(positions)].Key()
	}
	_ = sink
}
