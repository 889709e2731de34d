package elasund

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"testing"
)

// Tests of Redeal and View.Redeal.

// TestDeterminizeKeepsWhatTheViewerKnows: at positions of seeded random
// games of 2–4 players, for every seat and a spectator, a determinized copy
// validates, has the same view, keeps every player's card counts (and the
// viewer's colours), the deck's size and the church; Redeal of the view
// with the same source gives the same game; and a game that differs only
// in what the viewer may not know determinizes, with the same source, to
// the very same game: the result depends on the view alone.
func TestDeterminizeKeepsWhatTheViewerKnows(t *testing.T) {
	every := 3
	if testing.Short() {
		every = 13
	}
	differs := 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := playedPositions(t, n, uint64(90+n))
		for k := 0; k < len(positions); k += every {
			g := positions[k]
			for p := NoPlayer; int(p) < n; p++ {
				seed := uint64(k)<<8 | uint64(p+1)
				d := g
				if err := d.Redeal(p, rand.New(rand.NewPCG(seed, 7))); err != nil {
					t.Fatalf("%d players, position %d, viewer %d: Redeal: %v", n, k, p, err)
				}
				if err := d.Validate(); err != nil {
					t.Fatalf("%d players, position %d, viewer %d: %v", n, k, p, err)
				}
				if d.View(p) != g.View(p) {
					t.Fatalf("%d players, position %d, viewer %d: the view changed:\n%s", n, k, p, diffViews(g.View(p), d.View(p)))
				}
				if d != g {
					differs++
				}
				s, err := g.View(p).Redeal(rand.New(rand.NewPCG(seed, 7)))
				if err != nil || *s != d {
					t.Fatalf("viewer %d: Redeal differs from Redeal (%v):\n%s", p, err, diffGames(&d, s))
				}
				into := positions[(k+1)%len(positions)] // any game: RedealInto overwrites it
				if err := g.View(p).RedealInto(&into, rand.New(rand.NewPCG(seed, 7))); err != nil || into != d {
					t.Fatalf("viewer %d: RedealInto differs from Redeal (%v):\n%s", p, err, diffGames(&d, &into))
				}
				h := g
				permuteHidden(&h, p, rand.New(rand.NewPCG(seed, 8)))
				if err := h.Redeal(p, rand.New(rand.NewPCG(seed, 7))); err != nil {
					t.Fatal(err)
				}
				if h != d {
					t.Fatalf("viewer %d: games with the same view determinize differently:\n%s", p, diffGames(&d, &h))
				}
			}
		}
	}
	if differs == 0 {
		t.Error("Redeal never changed a game")
	}
}

// TestDeterminizeDealsFromTheUnseenCards is the chi-square test of the
// re-deal: with a fixed seed, the colours dealt to an opponent and the
// colour of the deck's top card follow the cards the viewer has not seen.
func TestDeterminizeDealsFromTheUnseenCards(t *testing.T) {
	g := newTestGame(t, 3)
	// Red (the viewer) holds 4 blue, the discard pile at least 6 green;
	// blue holds 5 cards, green 2.
	setInfluence(t, g, 0, 4, 0, 0)
	setInfluence(t, g, 1, 1, 2, 2)
	setInfluence(t, g, 2, 0, 0, 2)
	for c := 0; c < 6; c++ {
		takeFromDeck(g, 1)
		g.discard[1]++
	}
	mustValid(t, g)
	var unseen [3]float64 // the cards red has not seen
	total := 0.0
	for c := range 3 {
		unseen[c] = float64(InfluencePerColor - int(g.discard[c]) - int(g.infl[0][c]))
		total += unseen[c]
	}
	if int(total) != g.DeckSize()+5+2 {
		t.Fatalf("%v unseen cards; the deck and the hands hold %d", total, g.DeckSize()+7)
	}
	const samples = 4000
	r := rand.New(rand.NewPCG(1, 2))
	var hand, top [3]float64
	for range samples {
		d := *g
		if err := d.Redeal(0, r); err != nil {
			t.Fatal(err)
		}
		for c := range 3 {
			hand[c] += float64(d.infl[1][c])
		}
		top[d.deck[d.deckLen-1]]++
		if d.infl[0] != g.infl[0] || d.Hand(1).Influence() != 5 || d.Hand(2).Influence() != 2 {
			t.Fatal("the re-deal changed the viewer's hand or a hand's size")
		}
	}
	for _, x := range []struct {
		what  string
		got   [3]float64
		cards float64 // cards per sample
	}{{"blue's hand", hand, 5}, {"the deck's top card", top, 1}} {
		chi := 0.0
		for c := range 3 {
			e := samples * x.cards * unseen[c] / total
			chi += (x.got[c] - e) * (x.got[c] - e) / e
		}
		if chi > 13.82 { // 2 degrees of freedom, p = 0.001
			t.Errorf("%s: colours %v over %d samples; chi-square %.1f > 13.82", x.what, x.got, samples, chi)
		}
	}
}

// TestDeterminizeChurch: the first builder keeps the bottom tile they
// know, others see it reshuffled; during the first builder's choice the
// drawn pair stays for the builder and is resampled for the others.
func TestDeterminizeChurch(t *testing.T) {
	g := newTestGame(t, 3)
	clearCity(t, g)
	setChurchStack(t, g, 4, 7, 1, 2, 3, 5, 6, 8, 9)
	setPhase(g, PhaseBuild, 1)
	setShip(g, 5)
	setGold(t, g, 1, 7)
	mustApply(t, g, Move{Kind: BuildChurch})
	choice := *g
	mustApply(t, g, Move{Kind: KeepChurchTile, Tile: 4}) // 7 goes under the stack
	r := rand.New(rand.NewPCG(3, 4))
	var bottoms, drawn [ChurchTiles + 1]int
	for range 300 {
		d := *g
		if err := d.Redeal(1, r); err != nil {
			t.Fatal(err)
		}
		if d.church[0] != 7 {
			t.Fatalf("the first builder's known bottom tile became %d", d.church[0])
		}
		d = *g
		if err := d.Redeal(0, r); err != nil {
			t.Fatal(err)
		}
		bottoms[d.church[0]]++
		d = choice
		if err := d.Redeal(1, r); err != nil {
			t.Fatal(err)
		}
		if d.churchDrawn != choice.churchDrawn {
			t.Fatalf("the builder's drawn tiles changed to %v", d.churchDrawn)
		}
		d = choice
		if err := d.Redeal(2, r); err != nil {
			t.Fatal(err)
		}
		drawn[d.churchDrawn[0]]++
		drawn[d.churchDrawn[1]]++
	}
	for tile := 1; tile <= ChurchTiles; tile++ {
		if tile != 4 && bottoms[tile] == 0 {
			t.Errorf("for another player tile %d never came to the bottom: %v", tile, bottoms)
		}
		if drawn[tile] == 0 {
			t.Errorf("for another player tile %d was never among the drawn: %v", tile, drawn)
		}
	}
}

// TestDeterminizeGivesDifferentFutures: copies determinized with different
// sources roll and draw differently, while equal sources give equal games.
func TestDeterminizeGivesDifferentFutures(t *testing.T) {
	g := newTestGame(t, 4)
	var dice, decks = map[[2]uint8]bool{}, map[[TotalInfluenceCards]uint8]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		a, b := *g, *g
		if err := a.Redeal(2, rand.New(rand.NewPCG(seed, 0))); err != nil {
			t.Fatal(err)
		}
		if err := b.Redeal(2, rand.New(rand.NewPCG(seed, 0))); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatal("the same source gave different games")
		}
		decks[a.deck] = true
		mustApply(t, &a, Move{Kind: Roll})
		dice[a.dice] = true
	}
	if len(dice) < 5 || len(decks) < 15 {
		t.Errorf("20 sources gave %d different rolls and %d different decks", len(dice), len(decks))
	}
}

// TestDeterminizeRefuses: a nil source, a nil Game to fill, a zero Game
// and states whose cards or tiles do not add up are refused with an error
// that wraps the sentinel that says why, and leave every game unchanged.
func TestDeterminizeRefuses(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	g := newTestGame(t, 2)
	bad := *g
	bad.discard[0] = 20 // 20 blue cards in the pile: more than exist
	tiles := *g
	tiles.churchLen = 8 // a tile missing
	for _, tc := range []struct {
		name string
		g    Game
		r    *rand.Rand
		want error
	}{
		{"nil source", *g, nil, ErrNilArgument},
		{"zero Game", Game{}, r, ErrInvalidState},
		{"cards do not add up", bad, r, ErrInvalidState},
		{"church tiles do not add up", tiles, r, ErrInvalidState},
	} {
		d := tc.g
		if err := d.Redeal(1, tc.r); !errors.Is(err, tc.want) {
			t.Errorf("%s: Redeal: %v; want %v", tc.name, err, tc.want)
		}
		if d != tc.g {
			t.Errorf("%s: Redeal changed the game", tc.name)
		}
		if s, err := tc.g.View(1).Redeal(tc.r); !errors.Is(err, tc.want) || s != nil {
			t.Errorf("%s: Redeal: %v, %v; want nil, %v", tc.name, s, err, tc.want)
		}
		into := *g
		if err := tc.g.View(1).RedealInto(&into, tc.r); !errors.Is(err, tc.want) || into != *g {
			t.Errorf("%s: RedealInto: %v (game changed: %v); want %v", tc.name, err, into != *g, tc.want)
		}
	}
	if err := g.View(0).RedealInto(nil, r); !errors.Is(err, ErrNilArgument) {
		t.Errorf("RedealInto(nil, r): %v; want ErrNilArgument", err)
	}
}

// TestInformationAPINeverPanics corrupts snapshots of seeded random games
// (corruptGame: any bit pattern in any field) and calls View, Redeal,
// Redeal, Key and ChanceOutcomes on them: none may panic, whatever the
// state. On corrupted states that Validate accepts, the view's accessors
// and JSON, Cost, LegalMask, AppendLegalIndices and Index must not panic
// either (they share the Game's accessors and move generation, which
// assume a valid state), and Redeal must keep the state valid.
func TestInformationAPINeverPanics(t *testing.T) {
	var positions []Game
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions = append(positions, playedPositions(t, n, 5)...)
	}
	rounds := 10000
	if testing.Short() {
		rounds = 2000
	}
	r := rand.New(rand.NewPCG(21, 22))
	var mask []bool
	var idx []int
	var outs []ChanceOutcome
	call := func(what string, f func()) {
		t.Helper()
		defer func() {
			if e := recover(); e != nil {
				t.Fatalf("%s panicked: %v\n%s", what, e, debug.Stack())
			}
		}()
		f()
	}
	for range rounds {
		g := positions[r.IntN(len(positions))]
		corruptGame(&g, r, 1+r.IntN(3))
		p := Player(r.IntN(6) - 1)
		valid := g.Validate() == nil
		call("View", func() {
			v := g.View(p)
			_, _ = v.Redeal(r)
			_ = v.Viewer()
			_ = v.InfluenceCards(p)
			_ = v.ChurchBottom()
		})
		call("Redeal", func() {
			d := g
			if err := d.Redeal(p, r); err != nil {
				if valid || d != g {
					t.Fatalf("Redeal of a state that validates %v: %v (game changed: %v)", valid, err, d != g)
				}
				return
			}
			if err := d.Validate(); valid && err != nil {
				t.Fatalf("a valid corrupted state determinizes to an invalid one: %v", err)
			}
		})
		call("Key", func() { _ = g.Key() })
		call("ChanceOutcomes", func() { outs = g.AppendChanceOutcomes(outs[:0]) })
		if !valid {
			continue
		}
		call("View accessors, JSON, Cost, LegalMask, AppendLegalIndices", func() {
			_ = viewAccessors(g.View(p))
			if _, err := json.Marshal(g.View(g.ToMove())); err != nil {
				t.Fatal(err)
			}
			mask = g.AppendLegalMask(mask[:0])
			idx = g.AppendLegalIndices(idx[:0])
			for _, m := range g.Legal() {
				_ = g.Cost(m)
				_ = m.Index()
			}
		})
	}
}

// viewAccessors calls every accessor of v with a few arguments in and out
// of range and returns a digest of the answers.
func viewAccessors(v View) string {
	out := fmt.Sprint(v.Viewer(), v.Config(), v.ChurchBottom(), v.Decides(), v.Players(), v.Rules(), v.MaxTurns(),
		v.Phase(), v.Active(), v.ToMove(), v.FirstPlayer(), v.Over(), v.Winner(), v.Turn(), v.BuildsLeft(), v.Ship(),
		v.PiratesPool(), v.Bank(), v.DeckSize(), v.DiscardPile(), v.PermitRows(), v.ChurchOrigin(), v.ChurchTilesLeft(),
		v.PlayerOf(Red), v.Buildings())
	a, b := v.ChurchChoice()
	d1, d2 := v.Dice()
	out += fmt.Sprint(a, b, d1, d2)
	for _, p := range []Player{-1, 0, 3, 4} {
		out += fmt.Sprint(v.Hand(p), v.Influence(p, InfluenceGreen), v.Gold(p), v.InfluenceCards(p), v.Color(p), v.Pending(p), v.BuildingOrigin(p, Hut),
			v.RebuildPending(p, Totem), v.PermitSquare(p, 2), v.PermitsInSupply(p), v.WallTilesLeft(p), v.CubesPlaced(p),
			v.CubesInSupply(p), v.CubeSpots(p), v.CubesInRow(p, 5), v.TradePoints(p), v.TradeDisk(p), v.HasMilestoneCube(p, 3))
	}
	for _, s := range []Square{0, 47, 89, 90, NoSquare} {
		out += fmt.Sprint(v.At(s), v.IsEmpty(s))
	}
	wp, wt := v.Wall(EastSite(5))
	out += fmt.Sprint(v.NeutralSupply(Tavern), wp, wt, v.ChurchSquare(5), v.ChurchTileOwner(5), v.MilestoneCubes(5))
	return out
}

// BenchmarkDeterminize determinizes positions of a random game for the
// player to move.
func BenchmarkDeterminize(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	var g Game
	for i := 0; b.Loop(); i++ {
		g = positions[i%len(positions)]
		if err := g.Redeal(g.ToMove(), r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDeterminizeDoesNotAllocate: the in-place forms a search calls in its
// loop, Redeal and View.RedealInto, allocate nothing.
func TestDeterminizeDoesNotAllocate(t *testing.T) {
	positions := playedPositions(t, 4, 7)
	r := rand.New(rand.NewPCG(3, 4))
	var g Game
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		i++
		g = positions[i%len(positions)]
		if err := g.Redeal(g.ToMove(), r); err != nil {
			t.Fatal(err)
		}
		if err := positions[(i+1)%len(positions)].View(0).RedealInto(&g, r); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Redeal and RedealInto allocate %.1f times per call; want 0", allocs)
	}
}
