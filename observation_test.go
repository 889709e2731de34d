package elasund

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Tests of View.AppendObservation: the layout its doc comment documents, what
// the encoding hides, what every field shows, and seat-relativity.

// obsField is one row of a layout table of AppendObservation's doc comment.
type obsField struct {
	name   string
	off, n int
}

// The three tables of the doc comment, written from the layout constants:
// the whole encoding, a seat's block and a wall site's block.
var (
	obsMainFields = []obsField{
		{"city", planeCity * NumSquares, NumSquares},
		{"trade", planeTrade * NumSquares, NumSquares},
		{"empty", planeEmpty * NumSquares, NumSquares},
		{"building", planeBuilding * NumSquares, 9 * NumSquares},
		{"origin", planeOrigin * NumSquares, NumSquares},
		{"cube", planeCube * NumSquares, NumSquares},
		{"permit", planePermit * NumSquares, PermitsPerPlayer * NumSquares},
		{"church", planeChurch * NumSquares, NumSquares},
		{"churcharea", planeChurchArea * NumSquares, NumSquares},
		{"owner", planeOwner * NumSquares, MaxPlayers * NumSquares},
		{"seats", obsSeats, MaxPlayers * seatSize},
		{"walls", obsWalls, numWallSites * wallSize},
		{"churchtiles", obsChurchOwner, ChurchTiles * MaxPlayers},
		{"churchleft", obsChurchLeft, 1},
		{"churchbottom", obsChurchBottom, ChurchTiles},
		{"churchchoice", obsChurchChoice, ChurchTiles},
		{"players", obsGlobal + globalPlayers, 3},
		{"seated", obsGlobal + globalSeated, 1},
		{"phase", obsGlobal + globalPhase, int(PhaseOver) + 1},
		{"active", obsGlobal + globalActive, MaxPlayers},
		{"tomove", obsGlobal + globalToMove, MaxPlayers},
		{"first", obsGlobal + globalFirst, MaxPlayers},
		{"winner", obsGlobal + globalWinner, MaxPlayers},
		{"turn", obsGlobal + globalTurn, 1},
		{"limit", obsGlobal + globalLimit, 1},
		{"turnsleft", obsGlobal + globalTurnsLeft, 1},
		{"buildsleft", obsGlobal + globalBuildsLeft, 1},
		{"ship", obsGlobal + globalShip, NumRows},
		{"dice", obsGlobal + globalDice, 11},
		{"pool", obsGlobal + globalPool, 4},
		{"bank", obsGlobal + globalBank, 1},
		{"deck", obsGlobal + globalDeck, 1},
		{"discard", obsGlobal + globalDiscard, 3},
		{"hand", obsGlobal + globalHand, 3},
		{"neutral", obsGlobal + globalNeutral, 5},
		{"milestonecubes", obsGlobal + globalMilestones, 5},
		{"rules", obsGlobal + globalRules, 2},
		{"permitrows", obsGlobal + globalPermitRows, NumRows},
	}
	obsSeatFields = []obsField{
		{"present", seatPresent, 1}, {"gold", seatGold, 1}, {"influence", seatInfluence, 1},
		{"pending", seatPending, 1}, {"permits", seatPermits, PermitsPerPlayer},
		{"onboard", seatOnBoard, 4}, {"awaiting", seatAwaiting, 2}, {"removed", seatRemoved, 2},
		{"walltiles", seatWallTiles, 1}, {"disk", seatDisk, 1}, {"tradepoints", seatTradePoints, 1},
		{"milestones", seatMilestones, 5}, {"cubes", seatCubes, 1}, {"rowcubes", seatRowCubes, NumRows},
	}
	obsWallFields = []obsField{{"site", wallInGame, 1}, {"wallowner", wallOwner, MaxPlayers}, {"tower", wallTower, 1}}
)

// TestObservationLayoutMatchesDoc reads the three layout tables of
// AppendObservation's doc comment and checks them against the encoder's
// constants, and that each table tiles its block without gap or overlap.
func TestObservationLayoutMatchesDoc(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "observation.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "AppendObservation" {
			doc = fd.Doc.Text()
		}
	}
	row := regexp.MustCompile(`^\s+(\d+)\s+(\d+)\s+([a-z]+):`)
	var tables [][]obsField
	for _, line := range strings.Split(doc, "\n") {
		if strings.Contains(line, "offset  count  field") {
			tables = append(tables, nil)
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil && len(tables) > 0 {
			off, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			tables[len(tables)-1] = append(tables[len(tables)-1], obsField{m[3], off, n})
		}
	}
	want := [][]obsField{obsMainFields, obsSeatFields, obsWallFields}
	sizes := []int{ObservationSize, seatSize, wallSize}
	if len(tables) != len(want) {
		t.Fatalf("the doc comment has %d layout tables; want %d", len(tables), len(want))
	}
	for i, tab := range tables {
		if !slices.Equal(tab, want[i]) {
			t.Errorf("doc table %d:\n got %v\nwant %v", i, tab, want[i])
		}
		end := 0
		for _, f := range want[i] {
			if f.off != end {
				t.Errorf("table %d: field %s starts at %d; the previous field ends at %d", i, f.name, f.off, end)
			}
			end = f.off + f.n
		}
		if end != sizes[i] {
			t.Errorf("table %d ends at %d; want %d", i, end, sizes[i])
		}
	}
	if ObservationSize != 2659 {
		t.Errorf("ObservationSize = %d; the doc comment's tables end at 2659", ObservationSize)
	}
}

// obsRange returns the indices of a documented field: "name" of the main
// table, "name@r" of relative seat r's block, "name@site" of a wall site's.
func obsRange(t testing.TB, spec string) (off, n int) {
	t.Helper()
	name, at, _ := strings.Cut(spec, "@")
	table, base := obsMainFields, 0
	if at != "" {
		if r, err := strconv.Atoi(at); err == nil {
			table, base = obsSeatFields, obsSeats+r*seatSize
		} else if w, err := ParseWallSite(at); err == nil {
			table, base = obsWallFields, obsWalls+int(w)*wallSize
		} else {
			t.Fatalf("obsRange(%q): bad seat or site", spec)
		}
	}
	for _, f := range table {
		if f.name == name {
			return base + f.off, f.n
		}
	}
	t.Fatalf("obsRange(%q): no such field", spec)
	return 0, 0
}

// obsFieldAt names the documented field of index i, as obsRange reads it.
func obsFieldAt(i int) string {
	switch {
	case i >= obsSeats && i < obsWalls:
		r, k := (i-obsSeats)/seatSize, (i-obsSeats)%seatSize
		for _, f := range obsSeatFields {
			if k >= f.off && k < f.off+f.n {
				return f.name + "@" + strconv.Itoa(r)
			}
		}
	case i >= obsWalls && i < obsChurchOwner:
		w, k := (i-obsWalls)/wallSize, (i-obsWalls)%wallSize
		for _, f := range obsWallFields {
			if k >= f.off && k < f.off+f.n {
				return f.name + "@" + WallSite(w).String()
			}
		}
	}
	for _, f := range obsMainFields {
		if i >= f.off && i < f.off+f.n {
			return f.name
		}
	}
	return "?"
}

// obsPositions returns snapshots of a seeded random game of n players
// after every move, played as churchMinded plays so that the church is
// built and its hidden tiles occur.
func obsPositions(t testing.TB, n int, seed uint64) []Game {
	g, err := New(Config{Players: n, Seed: seed, MaxTurns: 200})
	if err != nil {
		t.Fatal(err)
	}
	r := newChooser(seed)
	var out []Game
	var buf []Move
	for !g.Over() {
		out = append(out, *g)
		buf = g.AppendLegal(buf[:0])
		if err := g.Apply(churchMinded(buf, r)); err != nil {
			t.Fatal(err)
		}
	}
	return append(out, *g)
}

// obsOf returns the encoding of player p's view of g.
func obsOf(g *Game, p Player) []float32 { return g.View(p).AppendObservation(nil) }

// TestObservationHidesWhatPlayerMayNotKnow: at positions of seeded random
// games of 2–4 players, for every seat and a spectator, games that differ
// only in what the viewer may not know (Redeal with several seeds,
// permuteHidden) give the viewer equal encodings, and so do games equal
// as views (a JSON round trip, View.Redeal). The property is not vacuous:
// the determinized games differ. Every value is finite, in [0, 3].
func TestObservationHidesWhatPlayerMayNotKnow(t *testing.T) {
	every := 2
	if testing.Short() {
		every = 15
	}
	differs := 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := obsPositions(t, n, uint64(40+n))
		for k := range positions {
			if k%every != 0 && positions[k].Phase() != PhaseChurchChoice {
				continue // every few positions, and every church choice
			}
			g := positions[k]
			for p := NoPlayer; int(p) < n; p++ {
				want := obsOf(&g, p)
				for i, x := range want {
					if math.IsNaN(float64(x)) || x < 0 || x > 3 {
						t.Fatalf("%d players, position %d, viewer %d: %s (index %d) = %v", n, k, p, obsFieldAt(i), i, x)
					}
				}
				check := func(what string, h *Game) {
					t.Helper()
					if got := obsOf(h, p); !slices.Equal(got, want) {
						t.Fatalf("%d players, position %d, viewer %d: %s changed the encoding: %s",
							n, k, p, what, obsDiffNames(want, got))
					}
				}
				for s := range uint64(3) {
					d := g
					if err := d.Redeal(p, rand.New(rand.NewPCG(uint64(k), s))); err != nil {
						t.Fatal(err)
					}
					if d != g {
						differs++
					}
					check("Redeal", &d)
				}
				h := g
				permuteHidden(&h, p, rand.New(rand.NewPCG(uint64(k), 9)))
				check("permuteHidden", &h)
				data, err := g.MarshalJSON()
				var loaded Game
				if err == nil {
					err = loaded.UnmarshalJSON(data)
				}
				if err != nil {
					t.Fatal(err)
				}
				check("a JSON round trip", &loaded)
				if p != NoPlayer {
					s, err := g.View(p).Redeal(rand.New(rand.NewPCG(uint64(k), 5)))
					if err != nil {
						t.Fatal(err)
					}
					check("View.Redeal", s)
				}
			}
		}
	}
	if differs == 0 {
		t.Error("Redeal never changed a game: the property checked nothing")
	}
}

// obsDiffNames lists the fields where two encodings differ.
func obsDiffNames(a, b []float32) string {
	var names []string
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			if f := obsFieldAt(i); !slices.Contains(names, f) {
				names = append(names, f)
			}
		}
	}
	return strings.Join(names, ", ")
}

// TestObservationValues checks values of a position written out by hand,
// as Blue (seat 1) sees it: relative seat 0 is Blue, 1 Green, 2 Yellow,
// 3 Red.
func TestObservationValues(t *testing.T) {
	g := newTestGame(t, 4)
	setInfluence(t, g, 1, 2, 0, 1)
	placePermit(t, g, 0, 4, sqr(t, "f5"))
	placeBuilding(t, g, 2, LargeBuilding, sqr(t, "f8"))
	placeWall(t, g, 3, EastSite(3))
	setShip(g, 9)
	g.dice = [2]uint8{4, 5}
	mustValid(t, g)
	o := obsOf(g, 1)

	at := func(plane int, s string) int { return plane*NumSquares + int(sqr(t, s)) }
	seat := func(r, field int) int { return obsSeats + r*seatSize + field }
	site := func(w WallSite, field int) int { return obsWalls + int(w)*wallSize + field }
	glob := func(field int) int { return obsGlobal + field }
	want := map[int]float32{
		at(planeCity, "i12"): 1, at(planeTrade, "a5"): 0.5, at(planeTrade, "f12"): 1, at(planeTrade, "h2"): 1,
		at(planeTrade, "b2"): 0, at(planeEmpty, "f5"): 0, at(planeEmpty, "c8"): 0, at(planeEmpty, "g3"): 1,
		at(planeEmpty, "c4"): 0, at(planeBuilding, "c4"): 1, at(planeBuilding, "d4"): 1,
		at(planeBuilding+1, "b9"): 1, at(planeBuilding+1, "e8"): 1, at(planeBuilding+8, "g10"): 1,
		at(planeOrigin, "f8"): 1, at(planeOrigin, "g8"): 0, at(planeOrigin, "b8"): 1, at(planeOrigin, "b9"): 0,
		at(planeCube, "f8"): 1, at(planeCube, "f9"): 1, at(planeCube, "g8"): 0,
		at(planePermit+4, "f5"): 1, at(planePermit, "f5"): 0, at(planeChurchArea, "c8"): 1,
		at(planeOwner, "c4"): 1, at(planeOwner, "b9"): 1, at(planeOwner+3, "d4"): 1, at(planeOwner+3, "f5"): 1,
		at(planeOwner+1, "g10"): 1, at(planeOwner+1, "e5"): 1, at(planeOwner+2, "c10"): 1, at(planeOwner, "d4"): 0,

		seat(0, seatPresent): 1, seat(0, seatGold): 0.15, seat(0, seatInfluence): 0.15, seat(0, seatPermits+4): 1,
		seat(0, seatOnBoard): 1, seat(0, seatOnBoard+1): 1, seat(0, seatOnBoard+2): 0, seat(0, seatWallTiles): 1,
		seat(0, seatCubes): 0, seat(1, seatCubes): 0.2, seat(1, seatRowCubes+5): 0.25, seat(1, seatRowCubes+6): 0.25,
		seat(1, seatRowCubes+7): 0, seat(2, seatWallTiles): 8.0 / 9, seat(2, seatCubes): 0,
		seat(3, seatPermits+4): 0, seat(3, seatPermits+3): 1, seat(3, seatInfluence): 0.05,

		site(EastSite(3), wallInGame): 1, site(EastSite(3), wallOwner+2): 1, site(EastSite(3), wallTower): 0,
		site(NorthSite(7), wallInGame): 1, site(NorthSite(7), wallOwner+2): 0,
		obsChurchLeft: 1,

		glob(globalPlayers + 2): 1, glob(globalPlayers): 0, glob(globalSeated): 1, glob(globalPhase): 1,
		glob(globalActive + 3): 1, glob(globalToMove + 3): 1, glob(globalFirst + 3): 1, glob(globalActive): 0,
		glob(globalTurn): 0.01, glob(globalLimit): 0, glob(globalBuildsLeft): 1, glob(globalShip + 6): 1,
		glob(globalDice + 7): 1, glob(globalBank): 39.0 / 51, glob(globalHand): 2.0 / 13, glob(globalHand + 1): 0,
		glob(globalHand + 2): 1.0 / 13, glob(globalNeutral): 1, glob(globalNeutral + 4): 2.0 / 3,
		glob(globalMilestones): 0, glob(globalPermitRows + 6): 1,
	}
	for i, w := range want {
		if o[i] != w {
			t.Errorf("%s (index %d) = %v; want %v", obsFieldAt(i), i, o[i], w)
		}
	}
	sums := []struct {
		field string
		want  float32
	}{
		{"city", 90}, {"churcharea", 1}, {"cube", 2}, {"origin", 8 + 1}, {"owner", 3 + 9 + 3 + 4},
		{"winner", 0}, {"ship", 1}, {"dice", 1}, {"permitrows", 1}, {"churchbottom", 0}, {"churchchoice", 0},
	}
	for _, c := range sums {
		off, n := obsRange(t, c.field)
		var sum float32
		for _, x := range o[off : off+n] {
			sum += x
		}
		if sum != c.want {
			t.Errorf("the values of %s sum to %v; want %v", c.field, sum, c.want)
		}
	}
}

// obsRelabel returns what viewer b's encoding of a position should be,
// given viewer a's: every value tied to a relative seat moves from a's
// seat r to b's, r + a − b (mod n). The viewer's private fields (hand,
// churchbottom, churchchoice) are left as in a's.
func obsRelabel(o []float32, n, a, b int) []float32 {
	out := slices.Clone(o)
	for r := range n {
		to := ((r+a-b)%n + n) % n
		move := func(off, stride, count int) {
			copy(out[off+to*stride:off+to*stride+count], o[off+r*stride:off+r*stride+count])
		}
		move(planeOwner*NumSquares, NumSquares, NumSquares)
		move(obsSeats, seatSize, seatSize)
		for w := range numWallSites {
			move(obsWalls+w*wallSize+wallOwner, 1, 1)
		}
		for tile := range ChurchTiles {
			move(obsChurchOwner+tile*MaxPlayers, 1, 1)
		}
		for _, f := range []int{globalActive, globalToMove, globalFirst, globalWinner} {
			move(obsGlobal+f, 1, 1)
		}
	}
	return out
}

// TestObservationIsSeatRelative: at positions of seeded random games, the
// encoding of every seat's view is the encoding of seat 0's view with the
// seats relabelled (obsRelabel), but for what only the viewer knows, which
// is what the view's Hand, ChurchBottom and ChurchChoice say; a
// spectator's is seat 0's with "seated" 0 and no private field. And the
// viewer's own seat block comes first: it holds the viewer's gold.
func TestObservationIsSeatRelative(t *testing.T) {
	every := 2
	if testing.Short() {
		every = 17
	}
	private := []string{"hand", "churchbottom", "churchchoice"}
	bottoms, choices := 0, 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := obsPositions(t, n, uint64(60+n))
		for k := range positions {
			if k%every != 0 && positions[k].Phase() != PhaseChurchChoice {
				continue // every few positions, and every church choice
			}
			g := &positions[k]
			base := obsOf(g, 0)
			for b := NoPlayer; int(b) < n; b++ {
				got := obsOf(g, b)
				want := base
				if b != NoPlayer {
					want = obsRelabel(base, n, 0, int(b))
					if x := got[obsSeats+seatGold]; x != float32(g.Gold(b))/20 {
						t.Fatalf("%d players, position %d, viewer %d: seat 0's gold is %v; the viewer holds %d", n, k, b, x, g.Gold(b))
					}
				} else {
					want = slices.Clone(base)
					want[obsGlobal+globalSeated] = 0
				}
				// What only the viewer knows, from the view's accessors.
				v := g.View(b)
				for i, c := range InfluenceColors() {
					want[obsGlobal+globalHand+i] = float32(v.Hand(b).Of(c)) / 13
				}
				for _, f := range private[1:] {
					off, m := obsRange(t, f)
					clear(want[off : off+m])
				}
				if tile := v.ChurchBottom(); tile != 0 {
					want[obsChurchBottom+int(tile)-1] = 1
					bottoms++
				}
				if x, y := v.ChurchChoice(); x != 0 {
					want[obsChurchChoice+int(x)-1], want[obsChurchChoice+int(y)-1] = 1, 1
					choices++
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%d players, position %d, viewer %d: not seat 0's encoding relabelled: %s", n, k, b, obsDiffNames(want, got))
				}
			}
		}
	}
	if bottoms == 0 || choices == 0 {
		t.Errorf("the church's private tiles showed %d and %d times: the games never reached them", bottoms, choices)
	}
}

// TestObservationAppendsWithoutAllocating: with room in dst, Observation
// allocates nothing; it appends after what dst holds and overwrites stale
// values in the room it uses; without room it grows dst.
func TestObservationAppendsWithoutAllocating(t *testing.T) {
	positions := playedPositions(t, 4, 3)
	buf := make([]float32, 0, ObservationSize)
	r := newChooser(5)
	allocs := testing.AllocsPerRun(200, func() {
		g := &positions[r.intn(len(positions))]
		buf = g.View(Player(r.intn(5) - 1)).AppendObservation(buf[:0])
	})
	if allocs != 0 {
		t.Errorf("Observation allocates %.1f times per call with room in dst; want 0", allocs)
	}
	g := &positions[len(positions)/2]
	want := obsOf(g, 2)
	stale := make([]float32, 2, 2+ObservationSize)
	stale[0], stale[1] = 7, 8
	full := stale[:cap(stale)]
	for i := 2; i < len(full); i++ {
		full[i] = 9
	}
	got := g.View(2).AppendObservation(stale)
	if len(got) != 2+ObservationSize || got[0] != 7 || got[1] != 8 || !slices.Equal(got[2:], want) {
		t.Errorf("Observation after two values: len %d, prefix %v, the encoding differs: %s", len(got), got[:2], obsDiffNames(want, got[2:]))
	}
	if len(want) != ObservationSize {
		t.Errorf("Observation(nil) has %d values; want ObservationSize = %d", len(want), ObservationSize)
	}
}

// TestObservationOfNoGame: the zero View and views of the zero Game
// encode to ObservationSize values without panicking, no seat present.
func TestObservationOfNoGame(t *testing.T) {
	var zero Game
	for _, v := range []View{{}, zero.View(0), zero.View(NoPlayer)} {
		o := v.AppendObservation(nil)
		if len(o) != ObservationSize {
			t.Fatalf("len = %d; want %d", len(o), ObservationSize)
		}
		for r := range MaxPlayers {
			if o[obsSeats+r*seatSize+seatPresent] != 0 {
				t.Errorf("seat %d is present in no game", r)
			}
		}
	}
}

// BenchmarkObservation encodes a player's view at the positions of a
// random 4-player game, into a reused buffer.
func BenchmarkObservation(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	views := make([]View, len(positions))
	for i := range positions {
		views[i] = positions[i].View(positions[i].ToMove())
	}
	buf := make([]float32, 0, ObservationSize)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = views[i%len(views)].AppendObservation(buf[:0])
	}
}

// TestObservationBoardMatchesAt: at positions of seeded random games, the
// board planes say, square by square, what the public accessors say
// stands there (At, IsEmpty, InCity, TradeValue, and Buildings for the
// cubes on neutral buildings), for the player who decides (a spectator
// once the game is over).
func TestObservationBoardMatchesAt(t *testing.T) {
	every := 1
	if testing.Short() {
		every = 11
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := obsPositions(t, n, uint64(80+n))
		for k := 0; k < len(positions); k += every {
			g := &positions[k]
			viewer, base := g.ToMove(), int(g.ToMove())
			if viewer == NoPlayer { // a spectator counts from seat 0
				base = 0
			}
			o := obsOf(g, viewer)
			var cubes [NumSquares]float32
			for _, b := range g.Buildings() {
				for i := 0; i < b.Cubes; i++ {
					cubes[int(b.Origin)+i*NumColumns] = 1
				}
			}
			for s := Square(0); s < NumSquares; s++ {
				c := g.At(s)
				var want [numPlanes]float32
				want[planeCity] = bit01(InCity(s, n))
				want[planeTrade] = float32(TradeValue(s, n)) / 2
				want[planeEmpty] = bit01(g.IsEmpty(s))
				owner := NoPlayer
				switch {
				case c.Building != NoBuilding:
					want[planeBuilding+int(c.Building)-int(Hut)] = 1
					want[planeOrigin] = bit01(c.Origin == s)
					owner = c.BuildingOwner
				case c.HasPermit:
					want[planePermit+c.Permit] = 1
					owner = c.PermitOwner
				case c.ChurchTile != 0:
					want[planeChurch] = 1
					owner = c.TileOwner
					cubes[s] = 1
				}
				want[planeCube] = cubes[s]
				if owner != NoPlayer {
					want[planeOwner+(int(owner)-base+n)%n] = 1
				}
				want[planeChurchArea] = bit01(s == ChurchFoundation && g.ChurchOrigin() == NoSquare)
				for tile := ChurchTile(1); tile <= ChurchTiles; tile++ {
					if g.ChurchSquare(tile) == s {
						want[planeChurchArea] = 1
					}
				}
				for k2, w := range want {
					if got := o[k2*NumSquares+int(s)]; got != w {
						t.Fatalf("%d players, position %d, %v: plane %d (%s) is %v; want %v (At: %+v)",
							n, k, s, k2, obsFieldAt(k2*NumSquares+int(s)), got, w, c)
					}
				}
			}
		}
	}
}
