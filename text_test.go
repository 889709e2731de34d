package elasund

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// showBoardOnFailure makes a failing test print the board: when the test
// has failed by its end, it logs the referee's picture of g as g is then.
// Scenario tests call it once they have their game.
func showBoardOnFailure(t testing.TB, g *Game) {
	t.Helper()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the game at the end of the failed test:\n%s", g)
		}
	})
}

// TestStringGolden pins the referee's picture of fresh 2-, 3- and 4-player
// games and of positions from seeded random play (testdata/text, rewritten
// with -update).
func TestStringGolden(t *testing.T) {
	cases := []struct {
		name  string
		c     Config
		seed  uint64
		miser bool
		stop  func(g *Game, moves int) bool
	}{
		{"fresh2", Config{Players: 2, Seed: 1}, 0, false, nil},
		{"fresh3", Config{Players: 3, Seed: 1, Rules: EnglishEdition}, 0, false, nil},
		{"fresh4", Config{Players: 4, Seed: 1}, 0, false, nil},
		{"midgame3", Config{Players: 3, Seed: 5}, 5, false, func(g *Game, moves int) bool { return moves == 150 }},
		{"church4", Config{Players: 4, Seed: 8}, 6, false, func(g *Game, _ int) bool { return g.ChurchTilesLeft() <= 5 && g.Phase() == PhaseBuild }},
		{"discard4", Config{Players: 4, Seed: 9}, 3, false, func(g *Game, _ int) bool {
			return g.Phase() == PhaseDiscard && g.PiratesPool().Total() > 0
		}},
		{"shortage3", Config{Players: 3, Seed: 7, MaxTurns: 500}, 6, true, func(g *Game, _ int) bool { return g.Phase() == PhaseShortage }},
		{"won2", Config{Players: 2, Seed: 3}, 1, false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out *Game
			moves := 0
			limit := 5000
			if strings.HasPrefix(tc.name, "fresh") {
				limit = 0
			}
			playRandom(t, tc.c, tc.seed, tc.miser, limit, func(g *Game, _ *Recorder) bool {
				out = g
				moves++
				return tc.stop == nil || !tc.stop(g, moves-1)
			})
			if tc.stop != nil && !tc.stop(out, moves-1) {
				t.Fatalf("the game never reached the position wanted")
			}
			if tc.name == "won2" && out.Winner() == NoPlayer {
				t.Fatalf("no winner")
			}
			golden(t, filepath.Join("testdata", "text", tc.name+".golden"), []byte(out.String()))
		})
	}
}

// TestStringFits80Columns draws every position of seeded random games: no
// line is wider than 80 columns, and nothing but printable ASCII is used.
func TestStringFits80Columns(t *testing.T) {
	for i, cc := range codecConfigs() {
		if testing.Short() && i%2 == 1 {
			continue
		}
		playRandom(t, cc.c, uint64(i), cc.miser, 2000, func(g *Game, _ *Recorder) bool {
			for _, line := range strings.Split(g.String(), "\n") {
				if len(line) > 80 {
					t.Fatalf("config %d, turn %d: a line of %d columns:\n%s", i, g.Turn(), len(line), line)
				}
				for _, c := range line {
					if c < ' ' || c > '~' {
						t.Fatalf("config %d: character %q in %q", i, c, line)
					}
				}
			}
			return true
		})
	}
}

// pictureCell reads the map of a picture as a person does: the text under
// square s's column letter on the line of its row ("" if blank).
func pictureCell(t *testing.T, picture string, s Square) string {
	t.Helper()
	lines := strings.Split(picture, "\n")
	header := -1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "a    b") {
			header = i
			break
		}
	}
	if header < 0 {
		t.Fatalf("no column letters in\n%s", picture)
	}
	col := strings.IndexByte(lines[header], byte('a'+s.Col()))
	for _, l := range lines[header+1:] {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == s.Row().String() {
			if col >= len(l) {
				return ""
			}
			return strings.Fields(l[col:] + " ")[0]
		}
	}
	t.Fatalf("no line of row %v in\n%s", s.Row(), picture)
	return ""
}

// TestStringShowsBoard: the map shows each building on every square it
// covers with its owner, permits with owner and value, church tiles with
// their builder, the church foundation, trade fields, wall tiles with their
// builder and number, the ship in the sea; the panel shows cards, permits
// in supply, cubes and wall tiles left.
func TestStringShowsBoard(t *testing.T) {
	g := newTestGame(t, 4)
	showBoardOnFailure(t, g)
	pic := g.String()
	for sqName, want := range map[string]string{
		"a2": "(1)", "f2": "(2)", "h12": "(2)", "c8": "##", "d4": "Rhut", "c4": "Bhut",
		"e8": "Rtot", "e9": "Rtot", "b5": "Ytot", "d10": "Ghut", "c5": ".",
	} {
		if got := pictureCell(t, pic, sqr(t, sqName)); got != want {
			t.Errorf("fresh game: %s shows %q; want %q", sqName, got, want)
		}
	}

	placeBuilding(t, g, 0, Tavern, sqr(t, "c5"))
	placeBuilding(t, g, 1, LargeBuilding, sqr(t, "h2"))
	placePermit(t, g, 1, 3, sqr(t, "a3"))
	placePermit(t, g, 2, 0, sqr(t, "i12"))
	placeChurchTile(t, g, 3, 5) // tile 5 on c8: the church covers b6–d10
	placeChurchTile(t, g, 0, 9)
	placeWall(t, g, 2, NorthSite(7))
	placeWall(t, g, 2, NorthSite(6))
	placeWall(t, g, 2, NorthSite(5))
	setShip(g, 10)
	g.dice = [2]uint8{6, 4}
	setGold(t, g, 1, 9)
	setInfluence(t, g, 1, 2, 0, 1)
	setInfluence(t, g, 2, 0, 1, 0)
	mustValid(t, g)
	pic = g.String()
	for sqName, want := range map[string]string{
		"c5": "Rtav", "d5": "Rtav", "c6": "Rtav", "d6": "Rtav",
		"h2": "Blar", "i2": "Blar", "h4": "Blar", "i4": "Blar",
		"a3": "B3", "i12": "G0", "c8": "Y+5", "d9": "R+9", "c9": ".",
	} {
		if got := pictureCell(t, pic, sqr(t, sqName)); got != want {
			t.Errorf("%s shows %q; want %q", sqName, got, want)
		}
	}
	north := ""
	for _, l := range strings.Split(pic, "\n") {
		if strings.Contains(l, "north") {
			north = strings.Join(strings.Fields(l), " ")
		}
	}
	if north != "north N N N G3 G2 G1 gate gate" {
		t.Errorf("north wall %q", north)
	}
	for _, want := range []string{
		"  10 ship ",
		"Dice 6+4, the ship in row 10.",
		"   blue       9  b2 g0 y1  0 1 2 4        8   2     9  house workshop",
		"   green      3  b0 g1 y0  1 2 3 4        9   0     6  house workshop",
		"Church stack 7 tiles.",
		"Neutral supply: well 4, market 4, tavern 4, shop 5, large 2.",
		"Trade track milestones: 3[....]",
	} {
		if !strings.Contains(pic, want) {
			t.Errorf("the picture lacks %q:\n%s", want, pic)
		}
	}
}

// TestStringPhases: the header says what the phase asks of whom.
func TestStringPhases(t *testing.T) {
	g := newTestGame(t, 3)
	showBoardOnFailure(t, g)
	for _, step := range []struct {
		move Move
		want string
	}{
		{Move{}, "Turn 1, red's turn. No roll yet; the ship is off the board.\nred to roll.\n"},
		{Move{Kind: Roll, Dice: [2]uint8{3, 4}}, "Turn 1, red's turn. Dice 3+4; the ship is off the board.\nA 7: red sends the pirates.\n"},
		{Move{Kind: Pirates, Row: 9}, "Dice 3+4, the ship in row 9.\nred builds (2 builds left).\n"},
		{Move{Kind: EndBuilding}, "red places a permit or takes 2 gold."},
		{Move{Kind: TakeGold}, "red may take a bonus action."},
		{Move{Kind: EndTurn}, "Turn 2, blue's turn."},
	} {
		if step.move.Kind != NoMove {
			mustApply(t, g, step.move)
		}
		if s := g.String(); !strings.Contains(s, step.want) {
			t.Errorf("after %v: no %q in\n%s", step.move, step.want, s)
		}
	}
}

// TestPrintShowsPicture: fmt prints the picture for a *Game and a Game
// alike, never the raw state with the hidden deck and random source.
func TestPrintShowsPicture(t *testing.T) {
	g := newTestGame(t, 2)
	want := g.String()
	for _, got := range []string{fmt.Sprint(g), fmt.Sprint(*g), fmt.Sprintf("%v", g), fmt.Sprintf("%+v", *g)} {
		if got != want {
			t.Errorf("fmt printed\n%s", got)
		}
	}
	if !strings.HasPrefix(want, "Elasund, 2 players.") || strings.Contains(want, "rng") {
		t.Errorf("not the picture:\n%s", want)
	}
	if s := (Game{}).String(); s != "elasund.Game{not set up by New: 0 players}" {
		t.Errorf("zero Game: %q", s)
	}
}

// fakeTB records what showBoardOnFailure does with a test.
type fakeTB struct {
	testing.TB
	failed   bool
	cleanups []func()
	logs     []string
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Failed() bool      { return f.failed }
func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeTB) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}
func (f *fakeTB) run() {
	for _, fn := range f.cleanups {
		fn()
	}
}
func (f *fakeTB) fail()                             { f.failed = true }
func (f *fakeTB) joined() string                    { return strings.Join(f.logs, "\n") }
func (f *fakeTB) Errorf(format string, args ...any) { f.fail(); f.Logf(format, args...) }

// TestShowBoardOnFailure: a failed test logs the board as it is at the end;
// a passing one logs nothing.
func TestShowBoardOnFailure(t *testing.T) {
	g := newTestGame(t, 2)
	pass := &fakeTB{}
	showBoardOnFailure(pass, g)
	pass.run()
	if len(pass.logs) != 0 {
		t.Errorf("a passing test logged %q", pass.logs)
	}
	fail := &fakeTB{}
	showBoardOnFailure(fail, g)
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{1, 2}})
	fail.Errorf("something is wrong")
	fail.run()
	if !strings.Contains(fail.joined(), "something is wrong") || !strings.Contains(fail.joined(), g.String()) ||
		!strings.Contains(fail.joined(), "ship in row 3") {
		t.Errorf("a failed test logged:\n%s", fail.joined())
	}
}

// TestViewStringGolden pins the pictures of what one player may know
// (testdata/text/view-*.golden, rewritten with -update): a fresh game seen
// by a player and by a spectator, a midgame seen by a player, and the
// church seen by its first builder while they choose and after (the tile
// under the stack) and by another player.
func TestViewStringGolden(t *testing.T) {
	fresh := randomPosition(t, Config{Players: 3, Seed: 1, Rules: EnglishEdition}, 0, false, 0)
	mid := randomPosition(t, Config{Players: 3, Seed: 5}, 5, false, 150)
	choosing, chosen := viewChurchGames(t)
	cases := []struct {
		name   string
		g      *Game
		viewer Player
	}{
		{"view-fresh3-red", fresh, 0},
		{"view-fresh3-spectator", fresh, NoPlayer},
		{"view-midgame3-blue", mid, 1},
		{"view-church-chooser", choosing, 1},
		{"view-church-other", choosing, 2},
		{"view-church-bottom", chosen, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			showBoardOnFailure(t, tc.g)
			golden(t, filepath.Join("testdata", "text", tc.name+".golden"), []byte(tc.g.View(tc.viewer).String()))
		})
	}
}

// viewChurchGames returns a 3-player game where blue has built the first
// church tile and chooses between tiles 4 and 7, and the same game after
// blue kept 4 and put 7 under the stack.
func viewChurchGames(t *testing.T) (choosing, chosen *Game) {
	g := newTestGame(t, 3)
	clearCity(t, g)
	setChurchStack(t, g, 4, 7, 1, 2, 3, 5, 6, 8, 9)
	setPhase(g, PhaseBuild, 1)
	setShip(g, 5)
	g.dice = [2]uint8{2, 3}
	setGold(t, g, 1, 14)
	setInfluence(t, g, 1, 1, 2, 0)
	mustApply(t, g, Move{Kind: BuildChurch})
	choosing = g.Clone()
	mustApply(t, g, Move{Kind: KeepChurchTile, Tile: 4})
	return choosing, g
}

// TestViewStringShowsWhatViewerKnows: the viewer's panel line has their
// influence colours, every other line only the number of cards (where the
// referee's picture has the colours of all); the header says whose view it
// is; the church's drawn tiles and the tile under the stack show to the
// first builder only.
func TestViewStringShowsWhatViewerKnows(t *testing.T) {
	g := newTestGame(t, 3)
	showBoardOnFailure(t, g)
	setGold(t, g, 0, 4)
	setGold(t, g, 1, 9)
	setInfluence(t, g, 0, 0, 3, 1)
	setInfluence(t, g, 1, 2, 0, 1)
	setInfluence(t, g, 2, 1, 1, 1)
	mustValid(t, g)
	line := func(pic, color string) string {
		for _, l := range strings.Split(pic, "\n") {
			f := strings.Fields(strings.TrimLeft(l, " >*"))
			if len(f) > 2 && f[0] == color && f[1] != "to" {
				return strings.Join(f, " ")
			}
		}
		t.Fatalf("no panel line of %s in\n%s", color, pic)
		return ""
	}
	type want struct{ red, blue, green, header string }
	for _, tc := range []struct {
		viewer Player
		pic    string
		want   want
	}{
		{NoPlayer, g.String(), want{"red 4 b0 g3 y1", "blue 9 b2 g0 y1", "green 3 b1 g1 y1", "Turn 1"}},
		{0, g.View(0).String(), want{"red 4 b0 g3 y1", "blue 9 3 cards", "green 3 3 cards", "Red's view: the colours of the others' influence cards are hidden."}},
		{1, g.View(1).String(), want{"red 4 4 cards", "blue 9 b2 g0 y1", "green 3 3 cards", "Blue's view: the colours of the others' influence cards are hidden."}},
		{NoPlayer, g.View(NoPlayer).String(), want{"red 4 4 cards", "blue 9 3 cards", "green 3 3 cards", "A spectator's view: the colours of the influence cards in hands are hidden."}},
	} {
		for color, w := range map[string]string{"red": tc.want.red, "blue": tc.want.blue, "green": tc.want.green} {
			if got := line(tc.pic, color); !strings.HasPrefix(got, w) {
				t.Errorf("viewer %d: %s's line is %q; want it to begin %q", tc.viewer, color, got, w)
			}
		}
		if lines := strings.SplitN(tc.pic, "\n", 3); !strings.HasPrefix(lines[1], tc.want.header) {
			t.Errorf("viewer %d: second line %q; want %q", tc.viewer, lines[1], tc.want.header)
		}
	}

	choosing, chosen := viewChurchGames(t)
	for _, tc := range []struct {
		g      *Game
		viewer Player
		want   string
	}{
		{choosing, 1, "blue keeps church tile 4 or 7.\n"},
		{choosing, 0, "blue keeps one of the two church tiles drawn.\n"},
		{choosing, NoPlayer, "blue keeps one of the two church tiles drawn.\n"},
		{chosen, 1, "Church stack 8 tiles, tile 7 at the bottom.\n"},
		{chosen, 2, "Church stack 8 tiles.\n"},
	} {
		if pic := tc.g.View(tc.viewer).String(); !strings.Contains(pic, tc.want) {
			t.Errorf("viewer %d: no %q in\n%s", tc.viewer, tc.want, pic)
		}
	}
	if pic := choosing.String(); !strings.Contains(pic, "blue keeps church tile 4 or 7.\n") {
		t.Errorf("the referee's picture lacks the drawn tiles:\n%s", pic)
	}
}

// TestViewStringHidesWhatViewerMayNotKnow: at positions of seeded random
// games, for every seat and the spectator, games that differ only in what
// the viewer may not know (permuteHidden, Redeal) print identical view
// pictures, while their referee's pictures do differ for some (the games
// really differ in what the pictures could show); and changing the
// viewer's own colours changes their picture.
func TestViewStringHidesWhatViewerMayNotKnow(t *testing.T) {
	refereeDiffers, ownShows := 0, 0
	every := 7
	if testing.Short() {
		every = 23
	}
	for i, cc := range codecConfigs() {
		if testing.Short() && i%2 == 1 {
			continue
		}
		rr := rand.New(rand.NewPCG(uint64(i), 2))
		k := 0
		playRandom(t, cc.c, uint64(i), cc.miser, 1500, func(g *Game, _ *Recorder) bool {
			if k++; k%every != 1 && !g.Over() {
				return true
			}
			for p := NoPlayer; int(p) < g.Players(); p++ {
				pic := g.View(p).String()
				h := *g
				permuteHidden(&h, p, rr)
				if got := h.View(p).String(); got != pic {
					t.Fatalf("config %d, turn %d, viewer %d: games differing in hidden parts print different views:\n%s", i, g.Turn(), p, lineDiff(pic, got))
				}
				if h.String() != g.String() {
					refereeDiffers++
				}
				d := *g
				if err := d.Redeal(p, rr); err != nil {
					t.Fatal(err)
				}
				if got := d.View(p).String(); got != pic {
					t.Fatalf("config %d, turn %d, viewer %d: a determinized game prints a different view:\n%s", i, g.Turn(), p, lineDiff(pic, got))
				}
				if p == NoPlayer {
					continue
				}
				if w, ok := swapOwnColour(g, p); ok {
					if w.View(p).String() == pic {
						t.Fatalf("config %d, turn %d: player %d's colours changed but their picture did not", i, g.Turn(), p)
					}
					ownShows++
				}
			}
			return true
		})
	}
	if refereeDiffers == 0 || ownShows == 0 {
		t.Errorf("the property checked nothing: referee's pictures differed %d times, own colours swapped %d times", refereeDiffers, ownShows)
	}
}

// TestViewStringFits80Columns draws the views of every seat at positions of
// seeded random games: no line is wider than 80 columns, and nothing but
// printable ASCII is used. A view of a zero Game says so.
func TestViewStringFits80Columns(t *testing.T) {
	for i, cc := range codecConfigs() {
		if testing.Short() && i%2 == 1 {
			continue
		}
		playRandom(t, cc.c, uint64(i), cc.miser, 2000, func(g *Game, _ *Recorder) bool {
			for p := NoPlayer; int(p) < g.Players(); p++ {
				for _, line := range strings.Split(g.View(p).String(), "\n") {
					if len(line) > 80 {
						t.Fatalf("config %d, turn %d, viewer %d: a line of %d columns:\n%s", i, g.Turn(), p, len(line), line)
					}
					for _, c := range line {
						if c < ' ' || c > '~' {
							t.Fatalf("config %d: character %q in %q", i, c, line)
						}
					}
				}
			}
			return true
		})
	}
	if s := (View{}).String(); s != "elasund.View{not of a game set up by New: 0 players}" {
		t.Errorf("zero View: %q", s)
	}
	g := newTestGame(t, 2)
	if got, want := fmt.Sprint(g.View(1)), g.View(1).String(); got != want {
		t.Errorf("fmt printed\n%s", got)
	}
}

// Print what one player may know: fmt.Print(g.View(p)) draws the picture
// of the game with p's own influence colours and only the others' counts.
func ExampleView_String() {
	g, _ := New(Config{Players: 2, Seed: 3, FirstColor: Red})
	_ = g.Apply(Move{Kind: Roll, Dice: [2]uint8{4, 5}})
	fmt.Print(g.View(1)) // blue's view
	// Output:
	// Elasund, 2 players.
	// Blue's view: the colours of the others' influence cards are hidden.
	// Turn 1, red's turn. Dice 4+5, the ship in row 9.
	// red builds (2 builds left).
	//
	//             a    b    c    d    e    f
	//       north           N    N    gate gate
	//    2   ~    (1)  .    .    .    .    gate
	//    3   ~    (1)  .    .    .    .    E
	//    4   ~    (1)  .    Bhut Rhut .    E
	//    5   ~    (1)  .    .    .    .    E
	//    6   ~    (1)  .    .    .    .    E
	//    8   ~    (1)  Btot ##   .    Rtot E
	//    9 ship   (1)  Btot .    .    Rtot E
	//   10   ~    (1)  .    .    .    .    E
	//   11   ~    (1)  .    .    .    .    E
	//   12   ~    (1)  .    .    .    .    gate
	//       south           S    S    gate gate
	//
	//    player  gold  influence permits    cubes  TP walls  buildings in supply
	//  > red        4  1 card    0 1 2 3 4     10   0     9  house workshop
	//    blue       4  b0 g0 y1  0 1 2 3 4     10   0     9  house workshop
	//    (* the active player, > decides now; cubes and walls: left in supply;
	//    TP: trade points)
	//
	// Trade track milestones: 3[....] 5[...] 7[..] 9[..] 11[.]
	// Bank 43 gold. Church stack 9 tiles.
	// Influence deck 37 cards, discard pile nothing.
	// Neutral supply: well 4, market 4, tavern 5, shop 5, large 3.
	//
	// Map: Rtav = red tavern (the colour's letter and a building's first three
	// letters), R2 = red permit 2, R+5 = red church tile 5, ## = the church
	// foundation, (1) (2) = empty trade fields; walls: N S E = empty sites,
	// R3 = red wall tile 3 (3, 6 and 9 are towers).
}
