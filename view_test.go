package elasund

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Tests of View (RULES.md §13): it shows what its player may know and
// nothing else.

// diffViews returns a readable diff of two views ("" if equal).
func diffViews(want, got View) string {
	return cmp.Diff(want, got, cmp.AllowUnexported(View{}, Game{}, occupancy{}, bitboard{}, rand.PCG{}))
}

// knowsBottom reports, from the public board, whether player p built the
// first church tile (the one on the foundation c8) and so knows the tile
// they put under the stack, while the stack lasts.
func knowsBottom(g *Game, p Player) bool {
	c := g.At(ChurchFoundation)
	return p != NoPlayer && c.ChurchTile != 0 && c.TileOwner == p && g.ChurchTilesLeft() > 0
}

// permuteHidden changes, in place and with r, everything player p may not
// know under §13 while keeping everything p may know: the colours of the
// other players' influence cards and of the deck are dealt anew from the
// same cards (every hand keeps its size), the deck's dead slots above its
// top are scribbled on, the church stack is permuted (but for its bottom
// tile where p knows it) together with the first builder's two drawn tiles
// unless p is that builder, and the random source is reseeded. It is
// written independently of View and Redeal.
func permuteHidden(g *Game, p Player, r *rand.Rand) {
	var cards []uint8
	for q := 0; q < g.Players(); q++ {
		if Player(q) == p {
			continue
		}
		for c := range 3 {
			for range g.infl[q][c] {
				cards = append(cards, uint8(c))
			}
		}
	}
	cards = append(cards, g.deck[:g.deckLen]...)
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for q := 0; q < g.Players(); q++ {
		if Player(q) == p {
			continue
		}
		k := int(g.infl[q][0]) + int(g.infl[q][1]) + int(g.infl[q][2])
		g.infl[q] = [3]uint8{}
		for _, c := range cards[:k] {
			g.infl[q][c]++
		}
		cards = cards[k:]
	}
	copy(g.deck[:g.deckLen], cards)
	for i := int(g.deckLen); i < TotalInfluenceCards; i++ {
		g.deck[i] = uint8(r.IntN(3))
	}

	var tiles []*uint8
	start := 0
	if knowsBottom(g, p) {
		start = 1
	}
	for i := start; i < g.ChurchTilesLeft(); i++ {
		tiles = append(tiles, &g.church[i])
	}
	if g.Phase() == PhaseChurchChoice && p != g.Active() {
		tiles = append(tiles, &g.churchDrawn[0], &g.churchDrawn[1])
	}
	r.Shuffle(len(tiles), func(i, j int) { *tiles[i], *tiles[j] = *tiles[j], *tiles[i] })

	g.rng = *rand.NewPCG(r.Uint64(), r.Uint64())
}

// TestViewHidesWhatPlayerMayNotKnow is the invariant of §13 as a rapid
// property over random games of 2–4 players, for every seat and for a
// spectator: games that differ only in what the viewer may not know (by
// permuteHidden, and by Redeal) have equal views and equal JSON, so a
// view reveals no other player's colours, no deck order, no stack order
// and no random source. And the property is not vacuous: the permuted
// games do differ, and changing what the viewer knows changes the view.
func TestViewHidesWhatPlayerMayNotKnow(t *testing.T) {
	changed := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		g, err := New(Config{Players: n, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := newChooser(seed)
		steps := rapid.IntRange(0, 600).Draw(t, "steps")
		// Stop early in a phase of rare hidden state (PhaseOver: stop only
		// after the steps).
		stop := rapid.SampledFrom([]Phase{PhaseOver, PhaseChurchChoice, PhaseDiscard, PhaseRebuild}).Draw(t, "stop")
		var buf []Move
		for k := 0; k < steps && !g.Over() && g.Phase() != stop; k++ {
			buf = g.AppendLegal(buf[:0])
			if err := g.Apply(churchMinded(buf, r)); err != nil {
				t.Fatal(err)
			}
		}
		rr := rand.New(rand.NewPCG(seed, 1))
		for p := NoPlayer; int(p) < n; p++ {
			v := g.View(p)
			h := *g
			permuteHidden(&h, p, rr)
			if h != *g {
				changed++
			}
			if d := diffViews(v, h.View(p)); d != "" {
				t.Fatalf("player %d: views of games differing in hidden parts differ (-game +permuted):\n%s", p, d)
			}
			j1, err1 := json.Marshal(v)
			j2, err2 := json.Marshal(h.View(p))
			if err1 != nil || err2 != nil || string(j1) != string(j2) {
				t.Fatalf("player %d: JSON differs or fails (%v, %v):\n%s\n%s", p, err1, err2, j1, j2)
			}
			d := *g
			if err := d.Redeal(p, rr); err != nil {
				t.Fatal(err)
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("player %d: determinized game: %v", p, err)
			}
			if dv := diffViews(v, d.View(p)); dv != "" {
				t.Fatalf("player %d: Redeal changed the view (-before +after):\n%s", p, dv)
			}
			if p == NoPlayer {
				continue
			}
			// What p knows shows: swap one of p's influence cards for a
			// card of another colour of an opponent or the deck.
			if w, ok := swapOwnColour(g, p); ok && w.View(p) == v {
				t.Fatalf("player %d: their own colours changed but the view did not", p)
			}
		}
	})
	if changed == 0 {
		t.Error("permuteHidden never changed a game: the property checked nothing")
	}
}

// churchMinded picks a random move of buf, but the church whenever it can
// half of the time, so that random play reaches the church's hidden tiles.
func churchMinded(buf []Move, r *chooser) Move {
	if r.intn(2) == 0 {
		for _, m := range buf {
			if m.Kind == BuildChurch {
				return m
			}
		}
	}
	return buf[r.intn(len(buf))]
}

// swapOwnColour returns a copy of g in which one of p's influence cards
// has changed colour, exchanged with the deck or another hand, if one can.
func swapOwnColour(g *Game, p Player) (Game, bool) {
	w := *g
	for c := range 3 {
		if w.infl[p][c] == 0 {
			continue
		}
		for i := 0; i < int(w.deckLen); i++ {
			if int(w.deck[i]) != c {
				w.infl[p][c]--
				w.infl[p][w.deck[i]]++
				w.deck[i] = uint8(c)
				return w, true
			}
		}
		for q := 0; q < w.Players(); q++ {
			for o := range 3 {
				if Player(q) != p && o != c && w.infl[q][o] > 0 {
					w.infl[p][c]--
					w.infl[p][o]++
					w.infl[q][o]--
					w.infl[q][c]++
					return w, true
				}
			}
		}
	}
	return w, false
}

// TestViewAccessorsMatchGame compares, at positions of seeded random games,
// every accessor of View with the Game's: the same for public information,
// the viewer's own hand, everyone's card counts, and the legal moves when
// (and only when) the viewer decides.
func TestViewAccessorsMatchGame(t *testing.T) {
	every := 5
	if testing.Short() {
		every = 23
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := playedPositions(t, n, uint64(40+n))
		for k := 0; k < len(positions); k += every {
			g := &positions[k]
			for p := NoPlayer; int(p) < n; p++ {
				if msg := viewMismatch(g, p); msg != "" {
					t.Fatalf("%d players, position %d, viewer %d: %s", n, k, p, msg)
				}
			}
		}
	}
}

// viewMismatch returns how g.View(p) disagrees with g, or "".
func viewMismatch(g *Game, p Player) string {
	v := g.View(p)
	n := g.Players()
	eq := func(a, b any) bool { return cmp.Equal(a, b) }
	checks := []struct {
		name      string
		got, want any
	}{
		{"Viewer", v.Viewer(), p},
		{"Players", v.Players(), n},
		{"Rules", v.Rules(), g.Rules()},
		{"MaxTurns", v.MaxTurns(), int(g.maxTurns)},
		{"Game.MaxTurns", g.MaxTurns(), int(g.maxTurns)},
		{"Config", v.Config(), g.Config()},
		{"Phase", v.Phase(), g.Phase()},
		{"Active", v.Active(), g.Active()},
		{"ToMove", v.ToMove(), g.ToMove()},
		{"FirstPlayer", v.FirstPlayer(), g.FirstPlayer()},
		{"Over", v.Over(), g.Over()},
		{"Winner", v.Winner(), g.Winner()},
		{"Turn", v.Turn(), g.Turn()},
		{"BuildsLeft", v.BuildsLeft(), g.BuildsLeft()},
		{"Ship", v.Ship(), g.Ship()},
		{"PiratesPool", v.PiratesPool(), g.PiratesPool()},
		{"Bank", v.Bank(), g.Bank()},
		{"DeckSize", v.DeckSize(), g.DeckSize()},
		{"DiscardPile", v.DiscardPile(), g.DiscardPile()},
		{"Buildings", v.Buildings(), g.Buildings()},
		{"PermitRows", v.PermitRows(), g.PermitRows()},
		{"ChurchOrigin", v.ChurchOrigin(), g.ChurchOrigin()},
		{"ChurchTilesLeft", v.ChurchTilesLeft(), g.ChurchTilesLeft()},
	}
	d1, d2 := v.Dice()
	g1, g2 := g.Dice()
	checks = append(checks, struct {
		name      string
		got, want any
	}{"Dice", [2]int{d1, d2}, [2]int{g1, g2}})
	for _, c := range checks {
		if !eq(c.got, c.want) {
			return c.name + ": " + cmp.Diff(c.want, c.got)
		}
	}
	for s := Square(0); s <= NumSquares; s++ {
		if v.At(s) != g.At(s) || v.IsEmpty(s) != g.IsEmpty(s) {
			return "At/IsEmpty " + s.String()
		}
	}
	for q := Player(-1); int(q) <= n; q++ {
		// The viewer's own hand whole; the others' gold only.
		hand := g.Hand(q)
		if q != p {
			hand = Cards{Gold: hand.Gold}
		}
		if v.Hand(q) != hand {
			return "Hand of player " + itoa(int(q)) + ": " + cmp.Diff(hand, v.Hand(q))
		}
		for c := NoInfluence; c <= InfluenceYellow+1; c++ {
			if want := int(hand.Of(c)); v.Influence(q, c) != want || (q == p && v.Influence(q, c) != g.Influence(q, c)) {
				return "Influence of player " + itoa(int(q)) + " colour " + c.String()
			}
		}
		if v.Gold(q) != g.Gold(q) || v.InfluenceCards(q) != g.Hand(q).Influence() || g.InfluenceCards(q) != g.Hand(q).Influence() || v.Pending(q) != g.Pending(q) ||
			v.Color(q) != g.Color(q) || v.WallTilesLeft(q) != g.WallTilesLeft(q) || v.CubesPlaced(q) != g.CubesPlaced(q) ||
			v.CubesInSupply(q) != g.CubesInSupply(q) || v.TradePoints(q) != g.TradePoints(q) || v.TradeDisk(q) != g.TradeDisk(q) ||
			!eq(v.PermitsInSupply(q), g.PermitsInSupply(q)) || !eq(v.CubeSpots(q), g.CubeSpots(q)) {
			return "per-player accessors of player " + itoa(int(q))
		}
		for b := NoBuilding; b <= LargeBuilding; b++ {
			if v.BuildingOrigin(q, b) != g.BuildingOrigin(q, b) || v.RebuildPending(q, b) != g.RebuildPending(q, b) {
				return "BuildingOrigin/RebuildPending"
			}
		}
		for val := -1; val <= PermitsPerPlayer; val++ {
			if v.PermitSquare(q, val) != g.PermitSquare(q, val) {
				return "PermitSquare"
			}
		}
		for _, r := range Rows() {
			if v.CubesInRow(q, r) != g.CubesInRow(q, r) {
				return "CubesInRow"
			}
		}
		for _, m := range Milestones() {
			if v.HasMilestoneCube(q, m) != g.HasMilestoneCube(q, m) || v.MilestoneCubes(m) != g.MilestoneCubes(m) {
				return "milestones"
			}
		}
	}
	if q := g.PlayerOf(Red); v.PlayerOf(Red) != q {
		return "PlayerOf"
	}
	for b := NoBuilding; b <= LargeBuilding; b++ {
		if v.NeutralSupply(b) != g.NeutralSupply(b) {
			return "NeutralSupply"
		}
	}
	for w := WallSite(0); w <= numWallSites; w++ {
		p1, t1 := v.Wall(w)
		p2, t2 := g.Wall(w)
		if p1 != p2 || t1 != t2 {
			return "Wall"
		}
	}
	for tile := ChurchTile(0); tile <= ChurchTiles+1; tile++ {
		if v.ChurchSquare(tile) != g.ChurchSquare(tile) || v.ChurchTileOwner(tile) != g.ChurchTileOwner(tile) {
			return "church"
		}
	}
	// Hidden parts: shown only to whom §13 shows them.
	a, b := v.ChurchChoice()
	ga, gb := g.ChurchChoice()
	if p == g.Active() && p != NoPlayer && (a != ga || b != gb) || p != g.Active() && (a != 0 || b != 0) {
		return "ChurchChoice"
	}
	wantBottom := ChurchTile(0)
	if knowsBottom(g, p) {
		wantBottom = ChurchTile(g.church[0])
	}
	if v.ChurchBottom() != wantBottom {
		return "ChurchBottom"
	}
	decides := p != NoPlayer && p == g.ToMove()
	legal := g.Legal()
	if !decides {
		legal = nil
	}
	if v.Decides() != decides || !cmp.Equal(v.Legal(), legal) {
		return "Legal"
	}
	for _, m := range g.Legal() {
		wantCost := Cards{}
		if decides {
			wantCost = g.Cost(m)
		}
		if v.IsLegal(m) != decides || v.Cost(m) != wantCost {
			return "IsLegal/Cost of " + m.String()
		}
	}
	mask := v.AppendLegalMask(nil)
	idx := v.AppendLegalIndices(nil)
	marked := 0
	for _, ok := range mask {
		if ok {
			marked++
		}
	}
	if len(mask) != NumActions || marked != len(idx) || len(idx) != len(legal) {
		return "LegalMask/AppendLegalIndices"
	}
	return ""
}

// TestViewChurchKnowledge follows the church through §13: while the first
// builder chooses, only they see the two drawn tiles; afterwards only they
// know the tile under the stack, until the stack is empty.
func TestViewChurchKnowledge(t *testing.T) {
	g := newTestGame(t, 3)
	clearCity(t, g)                                 // no building for the church to displace
	setChurchStack(t, g, 4, 7, 1, 2, 3, 5, 6, 8, 9) // 4 on top
	setPhase(g, PhaseBuild, 1)
	setShip(g, 5)
	setGold(t, g, 1, 14)
	mustApply(t, g, Move{Kind: BuildChurch})
	for p := NoPlayer; p < 3; p++ {
		a, b := g.View(p).ChurchChoice()
		want := [2]ChurchTile{}
		if p == 1 {
			want = [2]ChurchTile{4, 7}
		}
		if [2]ChurchTile{a, b} != want || g.View(p).ChurchBottom() != 0 {
			t.Errorf("church choice: player %d sees %d, %d and bottom %d; want %v and 0", p, a, b, g.View(p).ChurchBottom(), want)
		}
	}
	mustApply(t, g, Move{Kind: KeepChurchTile, Tile: 4}) // 7 goes under the stack
	for left := 8; left >= 0; left-- {
		if g.ChurchTilesLeft() != left {
			t.Fatalf("%d tiles in the stack; want %d", g.ChurchTilesLeft(), left)
		}
		for p := NoPlayer; p < 3; p++ {
			want := ChurchTile(0)
			if p == 1 && left > 0 {
				want = 7
			}
			if got := g.View(p).ChurchBottom(); got != want {
				t.Fatalf("%d tiles left: player %d sees bottom %d; want %d", left, p, got, want)
			}
		}
		if left > 0 {
			g.builds = 0
			setGold(t, g, 1, 7)
			mustApply(t, g, Move{Kind: BuildChurch})
		}
	}
}

// TestViewJSON checks the JSON of a view: the names a web client reads,
// the viewer's hand and legal moves, and no hidden card: no other hand, no
// deck, no church stack order.
func TestViewJSON(t *testing.T) {
	g, err := New(Config{Players: 2, Seed: 3, FirstColor: Blue, Colors: []Color{Red, Blue}, MaxTurns: 50})
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{2, 2}}, Move{Kind: EndBuilding},
		Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "b4")}, Move{Kind: EndTurn},
		Move{Kind: Roll, Dice: [2]uint8{3, 3}}) // red's turn; the ship moves to 6: red's building phase
	red, blue := g.Hand(0), g.Hand(1)
	got, err := json.Marshal(g.View(0))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"viewer":"red","phase":"build","turn":2,"maxTurns":50,"rules":"default","active":"red","toMove":"red",` +
		`"firstPlayer":"blue","winner":null,"buildsLeft":2,"ship":6,"dice":[3,3],"bank":` + itoa(g.Bank()) +
		`,"deckSize":` + itoa(g.DeckSize()) + `,"discardPile":{"gold":0,"blue":0,"green":0,"yellow":0},` +
		`"piratesPool":{"gold":0,"blue":0,"green":0,"yellow":0},"players":[` +
		`{"color":"red","gold":` + itoa(int(red.Gold)) + `,"influenceCards":` + itoa(red.Influence()) +
		`,"hand":{"gold":` + itoa(int(red.Gold)) + `,"blue":` + itoa(int(red.Blue)) + `,"green":` + itoa(int(red.Green)) +
		`,"yellow":` + itoa(int(red.Yellow)) + `},"pending":0,"permitsInSupply":[0,1,2,3,4],` +
		`"buildings":["d4","e8","supply","supply"],"wallTilesLeft":9,"tradePoints":0,"tradeDisk":0,"milestones":[],"cubesPlaced":0},` +
		`{"color":"blue","gold":` + itoa(int(blue.Gold)) + `,"influenceCards":` + itoa(blue.Influence()) +
		`,"pending":0,"permitsInSupply":[0,2,3,4],"buildings":["c4","b8","supply","supply"],` +
		`"wallTilesLeft":9,"tradePoints":0,"tradeDisk":0,"milestones":[],"cubesPlaced":0}],` +
		`"buildings":[{"building":"hut","owner":"blue","square":"c4","cubes":0},{"building":"hut","owner":"red","square":"d4","cubes":0},` +
		`{"building":"totem","owner":"blue","square":"b8","cubes":0},{"building":"totem","owner":"red","square":"e8","cubes":0}],` +
		`"neutralSupply":{"large":3,"market":4,"shop":5,"tavern":5,"well":4},` +
		`"permits":[{"owner":"blue","value":1,"square":"b4"}],"wall":[],` +
		`"church":{"origin":null,"tiles":[],"stackSize":9},"legal":[`
	if !strings.HasPrefix(string(got), want) {
		t.Fatalf("JSON of red's view:\n got %s\nwant %s…", got, want)
	}
	var legal []string
	for _, m := range g.Legal() {
		legal = append(legal, `"`+m.String()+`"`)
	}
	red0 := g.View(0)
	state, err := red0.g.appendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	if rest := strings.TrimPrefix(string(got), want); rest != strings.Join(legal, ",")+`],"state":"`+base64.StdEncoding.EncodeToString(state)+`"}` {
		t.Errorf("legal moves and state in JSON: %s", rest)
	}
	// Blue's view: red's hand is not there, nor legal moves (red decides).
	b, _ := json.Marshal(g.View(1))
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	players := m["players"].([]any)
	if _, ok := players[0].(map[string]any)["hand"]; ok {
		t.Errorf("blue's view shows red's hand: %s", b)
	}
	if _, ok := players[1].(map[string]any)["hand"]; !ok {
		t.Errorf("blue's view lacks blue's hand: %s", b)
	}
	for _, key := range []string{"legal", "deck", "rng"} {
		if _, ok := m[key]; ok {
			t.Errorf("blue's view has %q: %s", key, b)
		}
	}
	s, _ := json.Marshal(g.View(NoPlayer))
	if !strings.HasPrefix(string(s), `{"viewer":null,`) || strings.Contains(string(s), `"hand"`) {
		t.Errorf("spectator's view: %s", s)
	}
}

// BenchmarkView takes a player's view of positions of a random game.
func BenchmarkView(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	b.ReportAllocs()
	var sink View
	for i := 0; b.Loop(); i++ {
		sink = positions[i%len(positions)].View(Player(i % 4))
	}
	_ = sink
}

// TestGameConfig: Config gives back what the game keeps of its
// configuration, the first player as the colour that started when the
// random source chose it, and New(g.Config()) keeps it.
func TestGameConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Config
		want Config // FirstColor filled in from the game when NoColor
	}{
		{"players only", Config{Players: 3, Seed: 9},
			Config{Players: 3, Colors: []Color{Red, Blue, Green}}},
		{"colours, first, limit, rules", Config{Colors: []Color{Yellow, Red}, FirstColor: Red, MaxTurns: 40, Rules: EnglishEdition, Seed: 2,
			InfluenceDeck: nil, ChurchStack: []ChurchTile{9, 8, 7, 6, 5, 4, 3, 2, 1}},
			Config{Players: 2, Colors: []Color{Yellow, Red}, FirstColor: Red, MaxTurns: 40, Rules: EnglishEdition}},
	} {
		g, err := New(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want := tc.want
		if want.FirstColor == NoColor {
			want.FirstColor = g.Color(g.FirstPlayer())
		}
		if got := g.Config(); !cmp.Equal(got, want) {
			t.Errorf("%s: Config() differs (-want +got):\n%s", tc.name, cmp.Diff(want, got))
		}
		again, err := New(g.Config())
		if err != nil {
			t.Fatalf("%s: New(g.Config()): %v", tc.name, err)
		}
		if !cmp.Equal(again.Config(), want) || again.MaxTurns() != want.MaxTurns {
			t.Errorf("%s: New(g.Config()).Config() = %+v; want %+v", tc.name, again.Config(), want)
		}
	}
	if got := (&Game{}).Config(); !cmp.Equal(got, Config{}) {
		t.Errorf("the zero Game's Config() = %+v; want Config{}", got)
	}
}

// TestZeroValues: the zero values are empty, not real state: View{} is a
// spectator of no game, CubeSpot{} no spot, and every spot CubeSpots lists sets its kind's field
// and no other.
func TestZeroValues(t *testing.T) {
	var v View
	if v.Viewer() != NoPlayer || !v.Over() || v.ToMove() != NoPlayer || v.Active() != NoPlayer || v.Decides() ||
		len(v.Legal()) != 0 || v.Hand(0) != (Cards{}) || v.Players() != 0 || v.Phase() != PhaseOver {
		t.Errorf("View{}: viewer %v, over %v, to move %v, active %v, decides %v, %d legal, hand %v, %d players, phase %v",
			v.Viewer(), v.Over(), v.ToMove(), v.Active(), v.Decides(), len(v.Legal()), v.Hand(0), v.Players(), v.Phase())
	}
	if (CubeSpot{}).Kind != NoCubeSpot || NoCubeSpot.String() != "none" {
		t.Errorf("CubeSpot{} has kind %v", CubeSpot{}.Kind)
	}
	positions := playedPositions(t, 4, 3)
	g := &positions[len(positions)-1]
	kinds := map[CubeSpotKind]int{}
	for p := Player(0); p < 4; p++ {
		for _, c := range g.CubeSpots(p) {
			kinds[c.Kind]++
			var want CubeSpot
			switch c.Kind {
			case CubeOnBuilding:
				want = CubeSpot{Kind: c.Kind, Origin: c.Origin}
				if b := g.At(c.Origin); b.Building == NoBuilding || !b.Building.Neutral() || b.BuildingOwner != p {
					t.Errorf("cube of %d on a building at %v, where stands %+v", p, c.Origin, b)
				}
			case CubeOnChurchTile:
				want = CubeSpot{Kind: c.Kind, ChurchTile: c.ChurchTile}
			case CubeOnTower:
				want = CubeSpot{Kind: c.Kind, Tower: c.Tower}
			case CubeOnMilestone:
				want = CubeSpot{Kind: c.Kind, Milestone: c.Milestone}
			default:
				t.Errorf("a cube spot of kind %v", c.Kind)
			}
			if c != want {
				t.Errorf("cube spot %+v sets a field its kind %v does not use", c, c.Kind)
			}
		}
	}
	if kinds[CubeOnBuilding] == 0 || kinds[CubeOnMilestone]+kinds[CubeOnTower]+kinds[CubeOnChurchTile] == 0 {
		t.Errorf("the test position's cubes stand on %v; want buildings and another kind", kinds)
	}
	var empty, permits, buildings int
	for _, s := range CitySquares(4) {
		c := g.At(s)
		switch {
		case c.Building != NoBuilding:
			buildings++
			if c.HasPermit || c.ChurchTile != 0 || c.Permit != 0 || c.PermitOwner != NoPlayer || c.TileOwner != NoPlayer {
				t.Errorf("At(%v) = %+v: a building with other fields set", s, c)
			}
		case c.HasPermit:
			permits++
			if c.ChurchTile != 0 || c.BuildingOwner != NoPlayer || c.Origin != NoSquare || c.TileOwner != NoPlayer {
				t.Errorf("At(%v) = %+v: a permit with other fields set", s, c)
			}
		case c.ChurchTile == 0:
			empty++
			if c != (Contents{BuildingOwner: NoPlayer, Origin: NoSquare, PermitOwner: NoPlayer, TileOwner: NoPlayer}) || !g.IsEmpty(s) && s != ChurchFoundation {
				t.Errorf("At(%v) = %+v, IsEmpty %v: an empty square with owners or an origin", s, c, g.IsEmpty(s))
			}
		}
	}
	if empty == 0 || permits == 0 || buildings == 0 {
		t.Errorf("the test position has %d empty squares, %d permits, %d building squares", empty, permits, buildings)
	}
}
