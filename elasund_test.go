package elasund

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// boardDeck is a fixed influence deck (top card first) of 13 cards of each
// colour, in an order where consecutive seats get different colours.
func boardDeck() []InfluenceColor {
	d := make([]InfluenceColor, 0, TotalInfluenceCards)
	for i := 0; i < InfluencePerColor; i++ {
		d = append(d, InfluenceYellow, InfluenceBlue, InfluenceGreen)
	}
	return d
}

// boardStack is a fixed church stack, top tile first.
var boardStack = []ChurchTile{4, 9, 1, 7, 5, 2, 8, 3, 6}

// boardStart lists the starting squares of RULES.md §1 by colour: hut,
// totem's north square, totem's south square.
var boardStart = map[Color][3]string{
	Blue:   {"c4", "b8", "b9"},
	Red:    {"d4", "e8", "e9"},
	Yellow: {"c10", "b5", "b6"},
	Green:  {"d10", "e5", "e6"},
}

// boardWantStart builds, field by field from RULES.md §1–§2, the state New
// must return for these colours, first seat, deck and church stack. The
// random source is the only field it cannot know; the caller copies it.
func boardWantStart(t *testing.T, colors []Color, first int, deck []InfluenceColor, stack []ChurchTile, maxTurns int) *Game {
	t.Helper()
	n := len(colors)
	w := &Game{n: uint8(n), phase: PhaseRoll, active: uint8(first), toMove: uint8(first), first: uint8(first),
		ship: NoRow, winner: -1, maxTurns: uint32(maxTurns), churchOrigin: NoSquare}
	copy(w.colors[:], colors)
	for id := range w.pieceSq {
		w.pieceSq[id] = InSupply // every building in supply
		w.pieceOwner[id] = -1
	}
	for p := range w.permitSq {
		for v := range w.permitSq[p] {
			w.permitSq[p][v] = InSupply // every permit in supply
		}
	}
	for p, c := range colors {
		sq := boardStart[c]
		hut, totem := p*4, p*4+1 // piece ids: seat*4 + (kind - Hut)
		w.pieceSq[hut] = sqr(t, sq[0])
		w.setCell(sqr(t, sq[0]), uint8(hut+1))
		w.pieceSq[totem] = sqr(t, sq[1])
		w.setCell(sqr(t, sq[1]), uint8(totem+1))
		w.setCell(sqr(t, sq[2]), uint8(totem+1))
		w.gold[p] = 3
		w.infl[p][deck[p]-1] = 1 // dealt from the top in seat order
	}
	w.bank = uint8(51 - 3*n)
	// The deck array holds the top card last; the dealt cards stay in
	// the array above deckLen.
	for i, c := range deck {
		w.deck[TotalInfluenceCards-1-i] = uint8(c - 1)
	}
	w.deckLen = uint8(TotalInfluenceCards - n)
	for i, x := range stack {
		w.church[ChurchTiles-1-i] = uint8(x)
	}
	w.churchLen = ChurchTiles
	for i := range w.churchOwner {
		w.churchOwner[i] = -1
	}
	return w
}

func TestBoardNewInvalidConfig(t *testing.T) {
	deck := boardDeck()
	short := deck[:38]
	long := append(slices.Clone(deck), InfluenceBlue)
	wrongMix := slices.Clone(deck)
	wrongMix[0] = InfluenceBlue // 14 blue, 12 yellow
	withNone := slices.Clone(deck)
	withNone[5] = NoInfluence
	withBad := slices.Clone(deck)
	withBad[5] = 4
	cases := []struct {
		name string
		c    Config
	}{
		{"zero config", Config{}},
		{"0 players", Config{Players: 0}},
		{"1 player", Config{Players: 1}},
		{"5 players", Config{Players: 5}},
		{"-1 players", Config{Players: -1}},
		{"1 colour", Config{Colors: []Color{Red}}},
		{"5 colours", Config{Colors: []Color{Red, Blue, Green, Yellow, Red}}},
		{"players 3, 2 colours", Config{Players: 3, Colors: []Color{Red, Blue}}},
		{"players 2, 3 colours", Config{Players: 2, Colors: []Color{Red, Blue, Green}}},
		{"players 5, 2 colours", Config{Players: 5, Colors: []Color{Red, Blue}}},
		{"duplicate colour", Config{Colors: []Color{Red, Blue, Red}}},
		{"NoColor", Config{Colors: []Color{Red, NoColor}}},
		{"colour 5", Config{Colors: []Color{Red, 5}}},
		{"colour 200", Config{Players: 2, Colors: []Color{200, Blue}}},
		{"first player not playing", Config{Players: 2, FirstColor: Green}},
		{"first player not playing, colours", Config{Colors: []Color{Yellow, Blue}, FirstColor: Red}},
		{"first player invalid", Config{Players: 2, FirstColor: 9}},
		{"negative MaxTurns", Config{Players: 2, MaxTurns: -1}},
		{"empty deck", Config{Players: 2, InfluenceDeck: []InfluenceColor{}}},
		{"38-card deck", Config{Players: 2, InfluenceDeck: short}},
		{"40-card deck", Config{Players: 2, InfluenceDeck: long}},
		{"14 blue 12 yellow", Config{Players: 2, InfluenceDeck: wrongMix}},
		{"deck with NoInfluence", Config{Players: 2, InfluenceDeck: withNone}},
		{"deck with colour 4", Config{Players: 2, InfluenceDeck: withBad}},
		{"empty church stack", Config{Players: 2, ChurchStack: []ChurchTile{}}},
		{"8 church tiles", Config{Players: 2, ChurchStack: []ChurchTile{1, 2, 3, 4, 5, 6, 7, 8}}},
		{"10 church tiles", Config{Players: 2, ChurchStack: []ChurchTile{1, 2, 3, 4, 5, 6, 7, 8, 9, 1}}},
		{"duplicate church tile", Config{Players: 2, ChurchStack: []ChurchTile{1, 2, 3, 4, 5, 6, 7, 8, 8}}},
		{"church tile 0", Config{Players: 2, ChurchStack: []ChurchTile{0, 2, 3, 4, 5, 6, 7, 8, 9}}},
		{"church tile 10", Config{Players: 2, ChurchStack: []ChurchTile{1, 2, 3, 4, 5, 6, 7, 8, 10}}},
		{"unknown rule option", Config{Players: 2, Rules: 1 << 5}},
		{"English edition and an unknown option", Config{Players: 2, Rules: EnglishEdition | 1<<7}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(tc.c)
			if g != nil {
				t.Errorf("New returned a game")
			}
			if !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("New error %v does not wrap ErrInvalidConfig", err)
			}
		})
	}
}

func TestBoardStartingPosition(t *testing.T) {
	deck := boardDeck()
	cases := []struct {
		name   string
		c      Config
		colors []Color
		first  int
	}{
		{"2 players", Config{Players: 2, FirstColor: Red}, []Color{Red, Blue}, 0},
		{"3 players", Config{Players: 3, FirstColor: Green}, []Color{Red, Blue, Green}, 2},
		{"4 players", Config{Players: 4, FirstColor: Blue}, []Color{Red, Blue, Green, Yellow}, 1},
		{"4 players last first", Config{Players: 4, FirstColor: Yellow}, []Color{Red, Blue, Green, Yellow}, 3},
		{"Yellow Blue", Config{Colors: []Color{Yellow, Blue}, FirstColor: Blue}, []Color{Yellow, Blue}, 1},
		{"Players and Colors agree", Config{Players: 3, Colors: []Color{Green, Yellow, Red}, FirstColor: Green},
			[]Color{Green, Yellow, Red}, 0},
		{"Blue Green Yellow Red", Config{Colors: []Color{Blue, Green, Yellow, Red}, FirstColor: Red, MaxTurns: 7},
			[]Color{Blue, Green, Yellow, Red}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Seed = 42
			c.InfluenceDeck = deck
			c.ChurchStack = boardStack
			g, err := New(c)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			want := boardWantStart(t, tc.colors, tc.first, deck, boardStack, c.MaxTurns)
			want.rng = g.rng
			if d := diffGames(want, g); d != "" {
				t.Errorf("starting position (-want +got):\n%s", d)
			}
			mustValid(t, g)
			// The same through the accessors.
			if g.Players() != len(tc.colors) || g.FirstPlayer() != Player(tc.first) || g.Active() != Player(tc.first) ||
				g.ToMove() != Player(tc.first) || g.Phase() != PhaseRoll || g.Ship() != NoRow || g.Turn() != 1 ||
				g.Bank() != 51-3*len(tc.colors) || g.DeckSize() != 39-len(tc.colors) || g.ChurchTilesLeft() != 9 {
				t.Errorf("accessors disagree with the starting position")
			}
			for p, col := range tc.colors {
				if g.Color(Player(p)) != col || g.PlayerOf(col) != Player(p) {
					t.Errorf("seat %d: Color %v, PlayerOf(%v) %v", p, g.Color(Player(p)), col, g.PlayerOf(col))
				}
				if g.Hand(Player(p)).Gold != 3 || g.Hand(Player(p)).Influence() != 1 || g.Influence(Player(p), deck[p]) != 1 {
					t.Errorf("seat %d hand %v, want 3 gold and one %v", p, g.Hand(Player(p)), deck[p])
				}
				if g.WallTilesLeft(Player(p)) != 9 || g.CubesInSupply(Player(p)) != 10 || g.TradeDisk(Player(p)) != 0 ||
					len(g.PermitsInSupply(Player(p))) != 5 {
					t.Errorf("seat %d supply wrong", p)
				}
				st := boardStart[col]
				if g.BuildingOrigin(Player(p), Hut) != sqr(t, st[0]) || g.BuildingOrigin(Player(p), Totem) != sqr(t, st[1]) ||
					g.BuildingOrigin(Player(p), House) != InSupply || g.BuildingOrigin(Player(p), Workshop) != InSupply {
					t.Errorf("seat %d buildings not where §1 puts them", p)
				}
			}
			if len(g.Buildings()) != 2*len(tc.colors) {
				t.Errorf("%d buildings on the board, want %d", len(g.Buildings()), 2*len(tc.colors))
			}
		})
	}
}

// The default colours are the first Players of Red, Blue, Green, Yellow and
// a nil deck and stack are shuffled: the composition still holds.
func TestBoardStartingDefaultsShuffled(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g, err := New(Config{Players: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		mustValid(t, g)
		var count [3]int
		for _, c := range g.deck[:g.deckLen] {
			count[c]++
		}
		for p := 0; p < n; p++ {
			if g.colors[p] != []Color{Red, Blue, Green, Yellow}[p] {
				t.Errorf("%d players: seat %d is %v", n, p, g.colors[p])
			}
			if g.influenceCount(p) != 1 {
				t.Errorf("%d players: seat %d has %d influence", n, p, g.influenceCount(p))
			}
			for c := range count {
				count[c] += int(g.infl[p][c])
			}
		}
		if count != [3]int{13, 13, 13} {
			t.Errorf("%d players: influence cards %v, want 13 of each", n, count)
		}
		tiles := slices.Clone(g.church[:g.churchLen])
		slices.Sort(tiles)
		if !slices.Equal(tiles, []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}) || g.churchLen != 9 {
			t.Errorf("%d players: church stack %v", n, g.church[:g.churchLen])
		}
		for p := n; p < MaxPlayers; p++ {
			if g.colors[p] != NoColor || g.gold[p] != 0 {
				t.Errorf("%d players: empty seat %d holds state", n, p)
			}
		}
	}
}

// FirstPlayer NoColor: the seeded random source chooses, deterministically,
// and every seat starts for some seed.
func TestBoardRandomFirstPlayer(t *testing.T) {
	for n := 2; n <= 4; n++ {
		seen := make([]int, n)
		for seed := uint64(0); seed < 200; seed++ {
			g1, err := New(Config{Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			g2, _ := New(Config{Players: n, Seed: seed})
			if *g1 != *g2 {
				t.Fatalf("%d players seed %d: two games differ", n, seed)
			}
			f := g1.FirstPlayer()
			if f < 0 || int(f) >= n || g1.Active() != f || g1.ToMove() != f {
				t.Fatalf("%d players seed %d: first %d active %d to move %d", n, seed, f, g1.Active(), g1.ToMove())
			}
			seen[f]++
		}
		for p, k := range seen {
			if k == 0 {
				t.Errorf("%d players: seat %d never starts in 200 seeds", n, p)
			}
		}
	}
}

// boardRandomMove picks a legal move with r (Roll moves roll the game's own
// dice).
func boardRandomMove(t testing.TB, g *Game, r *rand.Rand) Move {
	t.Helper()
	legal := g.Legal()
	if len(legal) == 0 {
		t.Fatalf("no legal move in phase %v", g.Phase())
	}
	return legal[r.IntN(len(legal))]
}

// Same Config and same moves give equal games at every step, rolls
// included; another seed gives another game.
func TestBoardDeterminism(t *testing.T) {
	for n := 2; n <= 4; n++ {
		c := Config{Players: n, Seed: 7 + uint64(n)}
		a, _ := New(c)
		b, _ := New(c)
		r := rand.New(rand.NewPCG(uint64(n), 3))
		for step := 0; step < 400 && !a.Over(); step++ {
			m := boardRandomMove(t, a, r)
			mustApply(t, a, m)
			mustApply(t, b, m)
			if *a != *b {
				t.Fatalf("%d players step %d (%v): games differ:\n%s", n, step, m, diffGames(a, b))
			}
		}
		if d := diffGames(a, b); d != "" {
			t.Errorf("%d players: diff %s", n, d)
		}
		other, _ := New(Config{Players: n, Seed: c.Seed + 100})
		same, _ := New(c)
		if *other == *same {
			t.Errorf("%d players: seeds %d and %d give the same game", n, c.Seed, c.Seed+100)
		}
		// Rolls with the game's dice follow the seed too: with the same
		// fixed deck, stack and first player only the dice can differ.
		fixed := Config{Players: n, FirstColor: Red, InfluenceDeck: boardDeck(), ChurchStack: boardStack}
		fixed.Seed = 1
		x, _ := New(fixed)
		fixed.Seed = 2
		y, _ := New(fixed)
		differ := false
		for i := 0; i < 20 && !differ; i++ {
			for _, g := range []*Game{x, y} {
				mustApply(t, g, Move{Kind: Roll})
				for g.Phase() != PhaseRoll {
					mustApply(t, g, g.Legal()[len(g.Legal())-1]) // end build, take gold, end turn, …
				}
			}
			differ = x.dice != y.dice
		}
		if !differ {
			t.Errorf("%d players: seeds 1 and 2 roll the same 20 dice", n)
		}
	}
}

// §4/§11: after EndTurn the next seat clockwise rolls, wrapping around.
func TestBoardEndTurnPassesClockwise(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for p := 0; p < n; p++ {
			g := newTestGame(t, n)
			setPhase(g, PhaseBonus, p)
			g.builds = 2
			g.turn = 5
			setShip(g, 9)
			want := g.Clone()
			next := (p + 1) % n
			want.phase, want.active, want.toMove, want.builds, want.turn = PhaseRoll, uint8(next), uint8(next), 0, 6
			mustReach(t, g, want, Move{Kind: EndTurn})
			if g.Turn() != 7 || g.ToMove() != Player(next) || g.BuildsLeft() != 2 {
				t.Errorf("after EndTurn: Turn %d ToMove %d BuildsLeft %d", g.Turn(), g.ToMove(), g.BuildsLeft())
			}
		}
	}
}

// boardPlayTurn plays a quiet turn: forced dice 1+1 (the ship to row 2,
// or 4 when it is there already), no builds, take 2 gold, end turn.
func boardPlayTurn(t *testing.T, g *Game) {
	t.Helper()
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{1, 1}}, Move{Kind: EndBuilding}, Move{Kind: TakeGold}, Move{Kind: EndTurn})
}

// Turn counts the turns; MaxTurns ends the game after that many turns,
// without a winner; then nothing is legal.
func TestBoardMaxTurnsEndsGame(t *testing.T) {
	g, err := New(Config{Players: 3, Seed: 5, FirstColor: Blue, MaxTurns: 3, InfluenceDeck: boardDeck(), ChurchStack: boardStack})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 2; i++ {
		if g.Turn() != i || g.Active() != Player(i%3) {
			t.Fatalf("turn %d: Turn() %d, active %d", i, g.Turn(), g.Active())
		}
		boardPlayTurn(t, g)
	}
	// Turn 3, seat 0 (Red): roll 1+1, ship 2 → no buildings in row 2.
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{1, 1}}, Move{Kind: EndBuilding}, Move{Kind: TakeGold})
	want := g.Clone()
	want.turn = 3
	want.phase = PhaseOver
	mustReach(t, g, want, Move{Kind: EndTurn})
	if !g.Over() || g.Winner() != NoPlayer || g.ToMove() != NoPlayer || g.Turn() != 3 || g.Active() != 0 {
		t.Errorf("Over %v Winner %d ToMove %d Turn %d Active %d", g.Over(), g.Winner(), g.ToMove(), g.Turn(), g.Active())
	}
	if l := g.Legal(); len(l) != 0 {
		t.Errorf("Legal after the end: %v", l)
	}
	for _, m := range []Move{{}, {Kind: Roll}, {Kind: Roll, Dice: [2]uint8{3, 4}}, {Kind: EndTurn},
		{Kind: TakeGold}, {Kind: 200}, {Kind: EndTurn, Square: 40}, {Kind: BuildWall, Site: EastSite(3)}} {
		me := mustRefuse(t, g, m, ReasonGameOver)
		if hasMove(g, m) {
			t.Errorf("%v listed after the end", m)
		}
		if !errors.Is(g.Check(m), ErrGameOver) {
			t.Errorf("Check(%v) = %v", m, g.Check(m))
		}
		_ = me
	}
}

// MaxTurns 0 is no limit; MaxTurns 1 ends after the first turn.
func TestBoardMaxTurnsLimits(t *testing.T) {
	g, _ := New(Config{Players: 2, Seed: 1, FirstColor: Blue})
	for i := 0; i < 30; i++ {
		boardPlayTurn(t, g)
	}
	if g.Over() || g.Turn() != 31 || g.Active() != 1 {
		t.Errorf("no limit: Over %v Turn %d Active %d", g.Over(), g.Turn(), g.Active())
	}
	g, _ = New(Config{Players: 2, Seed: 1, FirstColor: Blue, MaxTurns: 1})
	boardPlayTurn(t, g)
	if !g.Over() || g.Winner() != NoPlayer || g.Turn() != 1 {
		t.Errorf("MaxTurns 1: Over %v Winner %d Turn %d", g.Over(), g.Winner(), g.Turn())
	}
}

// Playing on a clone or a copy leaves the original unchanged.
func TestBoardCloneIndependent(t *testing.T) {
	g := newTestGame(t, 4)
	saved := *g
	c := g.Clone()
	if c == g || *c != *g {
		t.Fatalf("Clone is not an equal, separate game")
	}
	mustApply(t, c, Move{Kind: Roll, Dice: [2]uint8{2, 2}}, Move{Kind: EndBuilding}, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "b4")})
	if d := diffGames(&saved, g); d != "" {
		t.Errorf("playing on a clone changed the original:\n%s", d)
	}
	cp := *g
	mustApply(t, &cp, Move{Kind: Roll})
	if *g != saved {
		t.Errorf("playing on a copy changed the original")
	}
	if *c == saved || cp == saved {
		t.Errorf("moves on the clone or copy did nothing")
	}
}

// Accessors never panic on invalid arguments and return zero values.
func TestBoardAccessorsInvalidArguments(t *testing.T) {
	g := newTestGame(t, 2)
	before := *g
	for _, p := range []Player{-1, -128, 2, 3, 4, 9, 127} {
		if g.Color(p) != NoColor || g.Gold(p) != 0 || g.Influence(p, InfluenceBlue) != 0 || g.Hand(p) != (Cards{}) ||
			g.Pending(p) != 0 || g.CubesPlaced(p) != 0 || g.CubesInSupply(p) != 0 || len(g.CubeSpots(p)) != 0 ||
			g.RebuildPending(p, Hut) || g.BuildingOrigin(p, Hut) != NoSquare || g.PermitSquare(p, 0) != NoSquare ||
			len(g.PermitsInSupply(p)) != 0 || g.TradePoints(p) != 0 || g.TradeDisk(p) != 0 ||
			g.HasMilestoneCube(p, 3) || g.WallTilesLeft(p) != 0 || g.CubesInRow(p, 5) != 0 {
			t.Errorf("player %d: an accessor returned a non-zero value", p)
		}
	}
	for _, c := range []Color{NoColor, Green, Yellow, 5, 255} {
		if g.PlayerOf(c) != NoPlayer {
			t.Errorf("PlayerOf(%d) = %d in a Red/Blue game", c, g.PlayerOf(c))
		}
	}
	for _, ic := range []InfluenceColor{NoInfluence, 4, 255} {
		if g.Influence(0, ic) != 0 {
			t.Errorf("Influence(0, %d) = %d", ic, g.Influence(0, ic))
		}
	}
	for _, s := range []Square{90, 200, 253, 254, NoSquare} {
		c := g.At(s)
		if c != (Contents{BuildingOwner: NoPlayer, Origin: NoSquare, PermitOwner: NoPlayer, TileOwner: NoPlayer}) || g.IsEmpty(s) {
			t.Errorf("At(%d) = %+v, IsEmpty %v", s, c, g.IsEmpty(s))
		}
		if s.Valid() || s.Col() != -1 || s.Row() != NoRow || InCity(s, 4) || TradeValue(s, 4) != 0 {
			t.Errorf("Square(%d) methods not zero", s)
		}
	}
	for _, r := range []Row{0, 1, 7, 13, 99, 255} {
		if r.Valid() || r.String() != "-" || g.CubesInRow(0, r) != 0 || EastSite(r) != NoWallSite || SquareAt(0, r) != NoSquare {
			t.Errorf("Row(%d) accepted", r)
		}
	}
	for _, w := range []WallSite{20, 250, NoWallSite} {
		if o, n := g.Wall(w); o != NoPlayer || n != 0 {
			t.Errorf("Wall(%d) = %d, %d", w, o, n)
		}
		if w.East() || w.Row() != NoRow || w.String() != "-" {
			t.Errorf("WallSite(%d) methods not zero", w)
		}
	}
	for _, w := range []WallSite{NorthSite(4), SouthSite(5)} { // 4-player sites
		if o, n := g.Wall(w); o != NoPlayer || n != 0 {
			t.Errorf("2-player Wall(%v) = %d, %d", w, o, n)
		}
	}
	for _, tile := range []ChurchTile{0, 10, 255} {
		if g.ChurchSquare(tile) != NoSquare || g.ChurchTileOwner(tile) != NoPlayer {
			t.Errorf("church tile %d accepted", tile)
		}
	}
	for _, b := range []Building{NoBuilding, 10, 99, 255} {
		if g.BuildingOrigin(0, b) != NoSquare || g.NeutralSupply(b) != 0 || g.RebuildPending(0, b) ||
			b.String() != "none" || b.Width() != 0 || b.Height() != 0 || b.Size() != 0 || b.Cost() != 0 ||
			b.PermitsNeeded() != 0 || b.CubeFlags() != 0 || b.Income() != NoIncome || b.Neutral() || b.Starter() || b.Copies() != 0 {
			t.Errorf("Building(%d) accepted", b)
		}
	}
	for _, v := range []int{-1, 5, 99} {
		if g.PermitSquare(0, v) != NoSquare {
			t.Errorf("PermitSquare(0, %d) = %v", v, g.PermitSquare(0, v))
		}
	}
	for _, m := range []int{0, 1, 4, 12, -3} {
		if g.HasMilestoneCube(0, m) || g.MilestoneCubes(m) != 0 {
			t.Errorf("milestone %d accepted", m)
		}
	}
	if a, b := g.ChurchChoice(); a != 0 || b != 0 {
		t.Errorf("ChurchChoice outside the choice: %d %d", a, b)
	}
	if h, tt := StartingSquares(NoColor); h != NoSquare || tt != NoSquare {
		t.Errorf("StartingSquares(NoColor) = %v %v", h, tt)
	}
	if h, tt := StartingSquares(9); h != NoSquare || tt != NoSquare {
		t.Errorf("StartingSquares(9) = %v %v", h, tt)
	}
	if Phase(99).String() == "" || MoveKind(200).String() == "" || Color(9).String() != "none" || InfluenceColor(9).String() != "none" {
		t.Errorf("String of invalid enum values")
	}
	if *g != before {
		t.Errorf("accessors changed the game")
	}
}

// A MaxTurns too large for the engine's counter must not turn into a small
// limit: either New refuses it (ErrInvalidConfig) or the game goes on.
func TestBoardMaxTurnsHuge(t *testing.T) {
	if strconv.IntSize < 64 {
		t.Skip("int has 32 bits")
	}
	var big int64 = 1<<32 + 1
	g, err := New(Config{Players: 2, Seed: 1, FirstColor: Red, MaxTurns: int(big)})
	if err != nil {
		if !errors.Is(err, ErrInvalidConfig) || g != nil {
			t.Errorf("New: %v, %v", g, err)
		}
		return
	}
	boardPlayTurn(t, g)
	if g.Over() {
		t.Errorf("MaxTurns %d ended the game after 1 turn", big)
	}
}

// The zero Game is no game: over, with no legal moves, nobody to move,
// active or first, no winner, no turn and no builds left; every move is
// refused (wrapping ErrIllegalMove and ErrGameOver) without changing it,
// Validate fails, and the package doc's loop ends at once.
func TestBoardZeroGame(t *testing.T) {
	var g Game
	if l := g.Legal(); len(l) != 0 {
		t.Errorf("zero Game lists %v", l)
	}
	if g.ToMove() != NoPlayer || !g.Over() || g.Winner() != NoPlayer || g.Active() != NoPlayer ||
		g.FirstPlayer() != NoPlayer || g.Phase() != PhaseOver || g.Turn() != 0 || g.BuildsLeft() != 0 {
		t.Errorf("zero Game: to move %v, over %v, winner %v, active %v, first %v, phase %v, turn %d, builds left %d",
			g.ToMove(), g.Over(), g.Winner(), g.Active(), g.FirstPlayer(), g.Phase(), g.Turn(), g.BuildsLeft())
	}
	for !g.Over() { // the package doc's loop
		moves := g.Legal()
		if err := g.Apply(moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []Move{{Kind: Roll}, {Kind: EndBuilding}, {Kind: EndTurn}, {}} {
		me := mustRefuse(t, &g, m, ReasonNoGame)
		if !strings.Contains(me.Rule, "New") {
			t.Errorf("refusal of %v on a zero Game says %q", m, me.Rule)
		}
	}
	if g.Validate() == nil {
		t.Error("zero Game validates")
	}
}

// BuildsLeft counts phase 2's two builds down, the first church tile's
// choice counting as a build made.
func TestBoardBuildsLeft(t *testing.T) {
	g := newTestGame(t, 2)
	setGold(t, g, 0, 20)
	steps := []struct {
		m    Move
		want int
	}{
		{Move{Kind: Roll, Dice: [2]uint8{2, 3}}, 2},
		{Move{Kind: BuildWall, Site: NorthSite(3)}, 1},
		{Move{Kind: BuildChurch}, 0}, // the first builder now chooses a tile
	}
	if g.BuildsLeft() != 2 {
		t.Fatalf("before the roll: BuildsLeft %d, want 2", g.BuildsLeft())
	}
	for _, s := range steps {
		mustApply(t, g, s.m)
		if g.BuildsLeft() != s.want {
			t.Errorf("after %v (phase %v): BuildsLeft %d, want %d", s.m, g.Phase(), g.BuildsLeft(), s.want)
		}
	}
	a, _ := g.ChurchChoice()
	mustApply(t, g, Move{Kind: KeepChurchTile, Tile: a})
	if g.Phase() != PhasePermit || g.BuildsLeft() != 0 {
		t.Errorf("after keeping a tile: phase %v, BuildsLeft %d; want permit, 0", g.Phase(), g.BuildsLeft())
	}
}

// TestRulesOptionsNamed: §12 — the rule options are separate bits, the
// English edition is all of them, New keeps them, and their names read.
func TestRulesOptionsNamed(t *testing.T) {
	if AdjacentPermitRows&ShortageVoidsIncome != 0 || AdjacentPermitRows == 0 || ShortageVoidsIncome == 0 {
		t.Fatalf("options overlap or are empty: %#x %#x", AdjacentPermitRows, ShortageVoidsIncome)
	}
	if !EnglishEdition.Has(AdjacentPermitRows) || !EnglishEdition.Has(ShortageVoidsIncome) || DefaultRules.Has(AdjacentPermitRows) {
		t.Errorf("EnglishEdition %#x lacks an option, or the default has one", EnglishEdition)
	}
	names := map[Rules]string{DefaultRules: "default", EnglishEdition: "english",
		AdjacentPermitRows: "adjacent-permit-rows", ShortageVoidsIncome: "shortage-voids-income",
		AdjacentPermitRows | 1<<6: "adjacent-permit-rows+unknown"}
	for r, want := range names {
		if r.String() != want {
			t.Errorf("Rules(%#x).String() = %q, want %q", uint8(r), r.String(), want)
		}
	}
	for _, r := range []Rules{DefaultRules, AdjacentPermitRows, ShortageVoidsIncome, EnglishEdition} {
		g, err := New(Config{Players: 3, Seed: 1, Rules: r})
		if err != nil {
			t.Fatal(err)
		}
		if g.Rules() != r {
			t.Errorf("New with Rules %v: the game plays %v", r, g.Rules())
		}
		mustValid(t, g)
	}
}
