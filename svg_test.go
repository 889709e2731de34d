package elasund

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// svgNode is an element of a parsed SVG document.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []svgNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *svgNode) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attr("class")) {
		if f == c {
			return true
		}
	}
	return false
}

// text returns the character data of n and its descendants, without the
// text of <title> elements.
func (n *svgNode) text() string {
	var b strings.Builder
	var walk func(n *svgNode)
	walk = func(n *svgNode) {
		if n.XMLName.Local == "title" {
			return
		}
		b.WriteString(n.Text)
		for i := range n.Nodes {
			walk(&n.Nodes[i])
		}
	}
	walk(n)
	return b.String()
}

// svgDoc is a parsed picture: its root and its elements by id, in document
// order.
type svgDoc struct {
	root svgNode
	byID map[string]*svgNode
	all  []*svgNode
}

// parseSVG parses a picture with encoding/xml and checks the structure
// every picture has: an <svg> root in the SVG namespace with a viewBox
// "0 0 W H" and a <title>, unique ids.
func parseSVG(t testing.TB, data []byte) *svgDoc {
	t.Helper()
	d := &svgDoc{byID: map[string]*svgNode{}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	if err := dec.Decode(&d.root); err != nil {
		t.Fatalf("the picture is not well-formed XML: %v", err)
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if cd, ok := tok.(xml.CharData); err != nil || !ok || len(bytes.TrimSpace(cd)) > 0 {
			t.Fatalf("the picture has more after its root element: %v %v", tok, err)
		}
	}
	if d.root.XMLName.Space != "http://www.w3.org/2000/svg" || d.root.XMLName.Local != "svg" {
		t.Fatalf("root element %v; want svg in the SVG namespace", d.root.XMLName)
	}
	vb := strings.Fields(d.root.attr("viewBox"))
	if len(vb) != 4 || vb[0] != "0" || vb[1] != "0" {
		t.Fatalf("viewBox %q; want 0 0 W H", d.root.attr("viewBox"))
	}
	for _, v := range vb[2:] {
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("viewBox %q: size %q is not a positive integer", d.root.attr("viewBox"), v)
		}
	}
	if len(d.root.Nodes) == 0 || d.root.Nodes[0].XMLName.Local != "title" {
		t.Fatalf("the picture's first element is not its <title>")
	}
	var walk func(n *svgNode)
	walk = func(n *svgNode) {
		d.all = append(d.all, n)
		if id := n.attr("id"); id != "" {
			if d.byID[id] != nil {
				t.Fatalf("id %q is used twice", id)
			}
			d.byID[id] = n
		}
		for i := range n.Nodes {
			walk(&n.Nodes[i])
		}
	}
	walk(&d.root)
	return d
}

// get returns the element with the given id or fails the test.
func (d *svgDoc) get(t testing.TB, id string) *svgNode {
	t.Helper()
	n := d.byID[id]
	if n == nil {
		t.Fatalf("no element with id %q", id)
	}
	return n
}

// wantClasses checks that element id has all the classes.
func (d *svgDoc) wantClasses(t testing.TB, id string, classes ...string) {
	t.Helper()
	n := d.get(t, id)
	for _, c := range classes {
		if !n.hasClass(c) {
			t.Errorf("element %q has class %q; want it to include %q", id, n.attr("class"), c)
		}
	}
}

func writeSVG(t testing.TB, g *Game, opts SVGOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := g.WriteSVG(&b, opts); err != nil {
		t.Fatalf("WriteSVG(%+v): %v", opts, err)
	}
	return b.Bytes()
}

// svgMidGame is a seeded random 4-player game at the start of turn 88:
// walls built and empty, a church tile, permits, player and neutral
// buildings (a large building among them), cubes on milestones.
func svgMidGame(t testing.TB) *Game {
	t.Helper()
	for _, g := range playedPositions(t, 4, 14) {
		if g.Turn() != 88 || g.Phase() != PhaseRoll {
			continue
		}
		built := 0
		for _, w := range WallSites(4) {
			if o, _ := g.Wall(w); o != NoPlayer {
				built++
			}
		}
		large, permits := false, 0
		for _, b := range g.Buildings() {
			large = large || b.Building == LargeBuilding
		}
		for _, s := range CitySquares(4) {
			if g.At(s).HasPermit {
				permits++
			}
		}
		if built == 0 || built == len(WallSites(4)) || g.ChurchTilesLeft() == ChurchTiles || !large || permits == 0 || g.MilestoneCubes(3) == 0 {
			t.Fatalf("the seeded game at turn 88 no longer shows everything (walls %d, church tiles left %d, large building %v, permits %d); pick another position",
				built, g.ChurchTilesLeft(), large, permits)
		}
		return &g
	}
	t.Fatal("the seeded game ended before turn 88")
	return nil
}

// TestWriteSVGGolden compares pictures with the golden files in
// testdata/svg; go test -run TestWriteSVGGolden -update rewrites them.
// Look at a changed picture (rsvg-convert file.svg -o file.png) before
// committing it.
func TestWriteSVGGolden(t *testing.T) {
	fresh := func(n int) func(t testing.TB) *Game {
		return func(t testing.TB) *Game { return newTestGame(t, n) }
	}
	tests := []struct {
		file string
		game func(t testing.TB) *Game
		opts SVGOptions
	}{
		{"fresh-2p.svg", fresh(2), SVGOptions{}},
		{"fresh-3p.svg", fresh(3), SVGOptions{}},
		{"fresh-4p.svg", fresh(4), SVGOptions{}},
		{"mid-4p-all.svg", svgMidGame, SVGOptions{Reveal: RevealAll}},
		{"mid-4p-blue.svg", svgMidGame, SVGOptions{Reveal: RevealSeat(1)}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got := writeSVG(t, tc.game(t), tc.opts)
			parseSVG(t, got)
			golden(t, filepath.Join("testdata", "svg", tc.file), got)
		})
	}
}

// TestWriteSVGFreshBoards checks the pictures of fresh games against the
// board of RULES.md §1 and §2: the city's squares, trade fields, the
// foundation, the wall sites, the starter buildings, the ship off the board.
func TestWriteSVGFreshBoards(t *testing.T) {
	tests := []struct {
		players     int
		lastCol     string   // the city's last column
		outside     string   // a column east of the city, or ""
		gateFields  []string // the 2-TP squares
		notFields   []string // squares that are no trade field
		wallSites   []string
		noWallSites []string
	}{
		{2, "e", "f", nil, []string{"f2", "e2", "c12"},
			[]string{"Nc", "Nd", "Sc", "Sd", "E3", "E11"}, []string{"Ne", "Se"}},
		{3, "g", "h", []string{"f2", "f12"}, []string{"g2", "h2"},
			[]string{"Nc", "Nf", "Sf", "E3", "E11"}, []string{"Ng", "Sg"}},
		{4, "i", "", []string{"f2", "f12", "h2", "h12"}, []string{"g2", "i12", "e12"},
			[]string{"Nc", "Nh", "Sh", "E3", "E11"}, nil},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dp", tc.players), func(t *testing.T) {
			g := newTestGame(t, tc.players)
			d := parseSVG(t, writeSVG(t, g, SVGOptions{}))
			squares := 0
			for id := range d.byID {
				if strings.HasPrefix(id, "sq-") {
					squares++
				}
			}
			if want := 10 * (2*tc.players + 1); squares != want {
				t.Errorf("%d squares drawn; want %d", squares, want)
			}
			for _, r := range []string{"2", "6", "8", "12"} {
				d.get(t, "sq-a"+r)
				d.get(t, "sq-"+tc.lastCol+r)
				d.wantClasses(t, "sq-a"+r, "trade-field", "harbor")
				if tc.outside != "" && d.byID["sq-"+tc.outside+r] != nil {
					t.Errorf("square %s%s is drawn; it is outside the %d-player city", tc.outside, r, tc.players)
				}
			}
			if d.byID["sq-a7"] != nil {
				t.Error("a square of row 7 is drawn; there is no row 7")
			}
			for _, s := range tc.gateFields {
				d.wantClasses(t, "sq-"+s, "trade-field", "gate-field")
			}
			for _, s := range tc.notFields {
				if n := d.byID["sq-"+s]; n != nil && n.hasClass("trade-field") {
					t.Errorf("square %s is marked as a trade field", s)
				}
			}
			d.wantClasses(t, "sq-c8", "foundation")
			d.get(t, "foundation")
			for _, w := range tc.wallSites {
				d.wantClasses(t, "wall-"+w, "wall-site", "empty")
			}
			for _, w := range tc.noWallSites {
				if d.byID["wall-"+w] != nil {
					t.Errorf("wall site %s is drawn; the gate covers it", w)
				}
			}
			d.get(t, "gate-north")
			d.get(t, "gate-south")
			d.wantClasses(t, "ship", "ship", "off-board")
			// The starters of RULES.md §2, by colour.
			starters := map[Color][2]string{Blue: {"c4", "b8"}, Red: {"d4", "e8"}, Yellow: {"c10", "b5"}, Green: {"d10", "e5"}}
			for p := range tc.players {
				c := g.Color(Player(p))
				d.wantClasses(t, "bld-"+starters[c][0], "building", "hut", c.String())
				d.wantClasses(t, "bld-"+starters[c][1], "building", "totem", c.String())
				d.wantClasses(t, "disk-"+c.String(), "disk")
				d.get(t, "panel-"+c.String())
			}
			if !d.root.hasClass("reveal-none") {
				t.Errorf("root class %q; want reveal-none for the zero options", d.root.attr("class"))
			}
		})
	}
}

// TestWriteSVGShowsThePosition checks, on positions of seeded random games
// of every player count, that every building, permit, wall site, church
// tile and cube of the position has its element, with the classes that say
// what it is, and that the buildings cover their true footprints.
func TestWriteSVGShowsThePosition(t *testing.T) {
	every := 7
	if testing.Short() {
		every = 31
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for i, g := range playedPositions(t, n, 5) {
			if i%every != 0 {
				continue
			}
			t.Run(fmt.Sprintf("%dp/%d", n, i), func(t *testing.T) {
				checkPicture(t, &g, parseSVG(t, writeSVG(t, &g, SVGOptions{Reveal: RevealAll})))
			})
		}
	}
	for name, g := range map[string]*Game{"mid": svgMidGame(t), "church choice": churchChoiceGame(t),
		"discard": discardGame(t), "rebuild": rebuildGame(t), "won": wonGame(t), "rich": richGame(t)} {
		t.Run(name, func(t *testing.T) {
			checkPicture(t, g, parseSVG(t, writeSVG(t, g, SVGOptions{Reveal: RevealAll})))
		})
	}
}

func checkPicture(t *testing.T, g *Game, d *svgDoc) {
	t.Helper()
	col := func(p Player) string { return g.Color(p).String() }
	for _, b := range g.Buildings() {
		id := "bld-" + b.Origin.String()
		d.wantClasses(t, id, "building", b.Building.String(), col(b.Owner))
		if d.get(t, id).hasClass("neutral") != b.Building.Neutral() {
			t.Errorf("%s: class %q; neutral should be there exactly for a neutral building", id, d.get(t, id).attr("class"))
		}
		// The building's outline lies within its footprint and reaches
		// into each of its columns and rows.
		sq := d.get(t, "sq-"+b.Origin.String())
		sx, sy := atoi(t, sq.attr("x")), atoi(t, sq.attr("y"))
		var r *svgNode
		for i := range d.get(t, id).Nodes {
			if n := &d.get(t, id).Nodes[i]; n.XMLName.Local == "rect" && r == nil {
				r = n
			}
		}
		if r == nil {
			t.Fatalf("%s has no rectangle", id)
		}
		x, y, w, h := atoi(t, r.attr("x")), atoi(t, r.attr("y")), atoi(t, r.attr("width")), atoi(t, r.attr("height"))
		fw, fh := b.Building.Width()*svgSq, b.Building.Height()*svgSq
		if x < sx || y < sy || x+w > sx+fw || y+h > sy+fh || w <= fw-svgSq/2 || h <= fh-svgSq/2 {
			t.Errorf("%s (%v, %d×%d squares) is drawn at %d,%d size %d×%d; its footprint is %d,%d size %d×%d",
				id, b.Building, b.Building.Width(), b.Building.Height(), x, y, w, h, sx, sy, fw, fh)
		}
		if txt := d.get(t, id).text(); !strings.Contains(txt, b.Building.String()) {
			t.Errorf("%s is labelled %q; want its name %q", id, txt, b.Building)
		}
	}
	onBoard := 0
	for _, s := range CitySquares(g.Players()) {
		d.get(t, "sq-"+s.String())
		c := g.At(s)
		id := "permit-" + s.String()
		if !c.HasPermit {
			if d.byID[id] != nil {
				t.Errorf("%s is drawn but no permit lies on %v", id, s)
			}
			continue
		}
		onBoard++
		d.wantClasses(t, id, "permit", col(c.PermitOwner), "value-"+strconv.Itoa(c.Permit))
		if txt := strings.TrimSpace(d.get(t, id).text()); txt != strconv.Itoa(c.Permit) {
			t.Errorf("%s shows %q; want the permit's value %d", id, txt, c.Permit)
		}
	}
	permits := 0
	for _, n := range d.all {
		if n.hasClass("permit") {
			permits++
		}
	}
	if permits != onBoard {
		t.Errorf("%d permits drawn on the board; %d lie there", permits, onBoard)
	}
	for _, w := range WallSites(g.Players()) {
		o, tile := g.Wall(w)
		id := "wall-" + w.String()
		if o == NoPlayer {
			d.wantClasses(t, id, "wall-site", "empty")
			continue
		}
		d.wantClasses(t, id, "wall", col(o), "tile-"+strconv.Itoa(tile))
		if d.get(t, id).hasClass("tower") != WallTower(tile) {
			t.Errorf("%s: class %q; tower should be there exactly for tiles 3, 6 and 9", id, d.get(t, id).attr("class"))
		}
		if txt := strings.TrimSpace(d.get(t, id).text()); txt != strconv.Itoa(tile) {
			t.Errorf("%s shows %q; want the tile's number %d", id, txt, tile)
		}
	}
	for tile := ChurchTile(1); tile <= ChurchTiles; tile++ {
		id := "church-" + strconv.Itoa(int(tile))
		if o := g.ChurchTileOwner(tile); o != NoPlayer {
			d.wantClasses(t, id, "church-tile", col(o))
		} else if d.byID[id] != nil {
			t.Errorf("%s is drawn but not built", id)
		}
	}
	if g.ChurchOrigin() != NoSquare {
		d.get(t, "church-area")
	}
	// Every cube on the board, the walls and the track is drawn once.
	for p := range g.Players() {
		cubes := 0
		for _, n := range d.all {
			if n.hasClass("cube") && n.hasClass(col(Player(p))) {
				cubes++
			}
		}
		if cubes != g.CubesPlaced(Player(p)) {
			t.Errorf("%d cubes of %s drawn; %d are placed", cubes, col(Player(p)), g.CubesPlaced(Player(p)))
		}
		disk := d.get(t, "disk-"+col(Player(p)))
		box := d.get(t, "track-"+strconv.Itoa(g.TradeDisk(Player(p))))
		if cx, bx := atoi(t, disk.attr("cx")), atoi(t, box.attr("x")); cx <= bx || cx >= bx+atoi(t, box.attr("width")) {
			t.Errorf("disk of %s at x %d is not in the box of its position %d", col(Player(p)), cx, g.TradeDisk(Player(p)))
		}
	}
	if r := g.Ship(); r.Valid() {
		d.wantClasses(t, "ship", "ship", "row-"+r.String())
	} else {
		d.wantClasses(t, "ship", "ship", "off-board")
	}
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not an integer", s)
	}
	return n
}

// swapHandColour gives player p one card of colour to in place of one of
// colour from, swapping it with a card of the deck: a position that differs
// from g only in p's influence colours (and the deck's hidden order).
func swapHandColour(t *testing.T, g *Game, p int) *Game {
	t.Helper()
	c := *g
	for from := range 3 {
		if c.infl[p][from] == 0 {
			continue
		}
		for i := 0; i < int(c.deckLen); i++ {
			if to := int(c.deck[i]); to != from {
				c.infl[p][from]--
				c.infl[p][to]++
				c.deck[i] = uint8(from)
				mustValid(t, &c)
				return &c
			}
		}
	}
	t.Fatalf("player %d has no influence card to swap with the deck", p)
	return nil
}

// TestWriteSVGHidesHands checks RULES.md §13 on the picture: a seat's
// picture is the same for two positions that differ only in another
// player's influence colours, and so is the public picture; the picture of
// the seat whose colours differ, and the referee's, are not.
func TestWriteSVGHidesHands(t *testing.T) {
	g := svgMidGame(t)
	for p := range g.Players() {
		h := swapHandColour(t, g, p)
		if g.Hand(Player(p)) == h.Hand(Player(p)) || g.Hand(Player(p)).Influence() != h.Hand(Player(p)).Influence() {
			t.Fatalf("the swap did not change only the colours of player %d's hand", p)
		}
		for _, opts := range []SVGOptions{{}, {Reveal: RevealSeat(0)}, {Reveal: RevealSeat(1)}, {Reveal: RevealSeat(2)}, {Reveal: RevealSeat(3)}, {Reveal: RevealAll}} {
			same := bytes.Equal(writeSVG(t, g, opts), writeSVG(t, h, opts))
			shows := opts.Reveal == RevealAll || opts.Reveal.Seat() == Player(p)
			if same == shows {
				t.Errorf("player %d's hand colours differ; the picture with Reveal %v is the same: %v; want %v", p, opts.Reveal, same, !shows)
			}
		}
	}
	// The seat's own picture shows the seat's colours and no others.
	d := parseSVG(t, writeSVG(t, g, SVGOptions{Reveal: RevealSeat(1)}))
	for p := range g.Players() {
		panel := d.get(t, "panel-"+g.Color(Player(p)).String())
		var colours, hidden int
		var walk func(n *svgNode)
		walk = func(n *svgNode) {
			if n.hasClass("card") && n.hasClass("influence") {
				if n.hasClass("hidden") {
					hidden++
				} else {
					colours++
				}
			}
			for i := range n.Nodes {
				walk(&n.Nodes[i])
			}
		}
		walk(panel)
		if want := p == 1; (colours == 3 && hidden == 0) != want || (colours == 0 && hidden == 1) == want {
			t.Errorf("blue's picture: panel of player %d shows %d influence colours and %d card backs", p, colours, hidden)
		}
	}
}

// TestWriteSVGHidesChurchChoice: the two tiles the first church builder
// chooses from are known to that player only (RULES.md §13).
func TestWriteSVGHidesChurchChoice(t *testing.T) {
	g := churchChoiceGame(t) // Red (seat 0) chooses between tiles 1 and 2
	h := *g
	h.churchDrawn[0], h.church[0] = h.church[0], h.churchDrawn[0] // tile 1 for the stack's bottom one
	mustValid(t, &h)
	for _, opts := range []SVGOptions{{}, {Reveal: RevealSeat(0)}, {Reveal: RevealSeat(1)}, {Reveal: RevealSeat(3)}, {Reveal: RevealAll}} {
		same := bytes.Equal(writeSVG(t, g, opts), writeSVG(t, &h, opts))
		shows := opts.Reveal == RevealAll || opts.Reveal.Seat() == 0
		if same == shows {
			t.Errorf("church choices differ; the picture with Reveal %v is the same: %v; want %v", opts.Reveal, same, !shows)
		}
	}
	a, b := g.ChurchChoice()
	want := fmt.Sprintf("choosing tile %d or %d", a, b)
	if got := parseSVG(t, writeSVG(t, g, SVGOptions{Reveal: RevealSeat(0)})).get(t, "info").text(); !strings.Contains(got, want) {
		t.Errorf("the chooser's picture says %q; want it to contain %q", got, want)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestWriteSVGOptions checks the options: Scale, Title (escaped), refused
// options, the writer's error, and that the game is unchanged.
func TestWriteSVGOptions(t *testing.T) {
	g := newTestGame(t, 2)
	before := *g
	plain := parseSVG(t, writeSVG(t, g, SVGOptions{}))
	scaled := parseSVG(t, writeSVG(t, g, SVGOptions{Scale: 2.5}))
	if plain.root.attr("viewBox") != scaled.root.attr("viewBox") {
		t.Errorf("Scale changed the viewBox: %q, %q", plain.root.attr("viewBox"), scaled.root.attr("viewBox"))
	}
	for _, a := range []string{"width", "height"} {
		w1, _ := strconv.ParseFloat(plain.root.attr(a), 64)
		w2, _ := strconv.ParseFloat(scaled.root.attr(a), 64)
		if vb := atoi(t, strings.Fields(plain.root.attr("viewBox"))[map[string]int{"width": 2, "height": 3}[a]]); w1 != float64(vb) || w2 != 2.5*w1 {
			t.Errorf("%s is %v unscaled and %v at scale 2.5; want the viewBox's %d and 2.5 times it", a, w1, w2, vb)
		}
	}
	title := `<b> & "quotes" 'n' ünïcode`
	d := parseSVG(t, writeSVG(t, g, SVGOptions{Title: title}))
	if got := d.root.Nodes[0].Text; got != title {
		t.Errorf("title %q; want %q", got, title)
	}
	if got := plain.root.Nodes[0].Text; got != "Elasund, 2 players, turn 1" {
		t.Errorf("default title %q", got)
	}
	for _, opts := range []SVGOptions{
		{Reveal: RevealSeat(2)}, {Reveal: RevealSeat(NoPlayer)}, {Reveal: RevealSeat(4)}, {Reveal: Reveal(-2)}, {Reveal: Reveal(7)},
		{Scale: -1}, {Scale: math.NaN()}, {Scale: math.Inf(1)},
	} {
		var b bytes.Buffer
		if err := g.WriteSVG(&b, opts); !errors.Is(err, ErrSVGOptions) || b.Len() != 0 {
			t.Errorf("WriteSVG(%+v) = %v and %d bytes; want an ErrSVGOptions error and nothing written", opts, err, b.Len())
		}
	}
	var zero Game
	if err := zero.WriteSVG(io.Discard, SVGOptions{}); !errors.Is(err, ErrInvalidState) {
		t.Errorf("WriteSVG of the zero Game = %v; want ErrInvalidState", err)
	}
	bad := *g
	bad.gold[0]++ // a gold card from nowhere
	var b bytes.Buffer
	if err := bad.WriteSVG(&b, SVGOptions{}); !errors.Is(err, ErrInvalidState) || b.Len() != 0 {
		t.Errorf("WriteSVG of an invalid state = %v and %d bytes; want ErrInvalidState and nothing written", err, b.Len())
	}
	boom := errors.New("disk full")
	if err := g.WriteSVG(failWriter{boom}, SVGOptions{}); err != boom {
		t.Errorf("WriteSVG to a failing writer = %v; want its error", err)
	}
	if *g != before {
		t.Error("WriteSVG changed the game")
	}
	if !bytes.Equal(writeSVG(t, g, SVGOptions{}), writeSVG(t, g.Clone(), SVGOptions{})) {
		t.Error("two pictures of the same position differ")
	}
}

func TestReveal(t *testing.T) {
	tests := []struct {
		r    Reveal
		seat Player
		str  string
	}{
		{RevealNone, NoPlayer, "none"},
		{SVGOptions{}.Reveal, NoPlayer, "none"},
		{RevealAll, NoPlayer, "all"},
		{RevealSeat(0), 0, "seat 0"},
		{RevealSeat(3), 3, "seat 3"},
		{RevealSeat(NoPlayer), NoPlayer, "Reveal(-128)"},
		{RevealSeat(MaxPlayers), NoPlayer, "Reveal(-128)"},
	}
	for _, tc := range tests {
		if tc.r.Seat() != tc.seat || tc.r.String() != tc.str {
			t.Errorf("Reveal %d: Seat %v, String %q; want %v, %q", int8(tc.r), tc.r.Seat(), tc.r.String(), tc.seat, tc.str)
		}
	}
}

// TestWriteSVGNeverPanics draws corrupted states: WriteSVG must not panic,
// must refuse what Validate refuses, and what it writes must be
// well-formed.
func TestWriteSVGNeverPanics(t *testing.T) {
	var positions []Game
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions = append(positions, playedPositions(t, n, 3)...)
	}
	rounds := 3000
	if testing.Short() {
		rounds = 500
	}
	r := rand.New(rand.NewPCG(5, 6))
	drawn := 0
	for i := range rounds {
		g := positions[r.IntN(len(positions))]
		corruptGame(&g, r, 1+r.IntN(3))
		before := g
		var b bytes.Buffer
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("round %d: WriteSVG panicked: %v\n%s\nstate: %+v", i, p, debug.Stack(), before)
				}
			}()
			err = g.WriteSVG(&b, SVGOptions{Reveal: RevealAll})
		}()
		if verr := before.Validate(); (err != nil) != (verr != nil) || (err != nil && !errors.Is(err, ErrInvalidState)) {
			t.Fatalf("round %d: WriteSVG error %v; Validate says %v", i, err, verr)
		}
		if err != nil {
			continue
		}
		drawn++
		if err := xml.Unmarshal(b.Bytes(), new(svgNode)); err != nil {
			t.Fatalf("round %d: the picture is not well-formed: %v\nstate: %+v", i, err, before)
		}
	}
	if drawn == 0 {
		t.Error("no corrupted state passed Validate; the test drew nothing")
	}
	t.Logf("%d of %d corrupted states drawn", drawn, rounds)
}

func BenchmarkWriteSVG(b *testing.B) {
	g := svgMidGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := g.WriteSVG(io.Discard, SVGOptions{Reveal: RevealAll}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestViewWriteSVG: a view draws the very picture the game draws with the
// same Reveal (the public one, or the viewer's own), in positions of
// every phase and for every viewer, and refuses a Reveal that shows more
// than the view holds, a nil writer and a view of no game.
func TestViewWriteSVG(t *testing.T) {
	games := []*Game{svgMidGame(t), churchChoiceGame(t)}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		ps := playedPositions(t, n, uint64(40+n))
		for k := 0; k < len(ps); k += 17 {
			games = append(games, &ps[k])
		}
	}
	for i, g := range games {
		for p := NoPlayer; int(p) < g.Players(); p++ {
			v := g.View(p)
			reveals := []Reveal{RevealNone}
			if p != NoPlayer {
				reveals = append(reveals, RevealSeat(p))
			}
			for _, r := range reveals {
				opts := SVGOptions{Reveal: r, Title: "t"}
				var got bytes.Buffer
				if err := v.WriteSVG(&got, opts); err != nil {
					t.Fatalf("game %d, viewer %d, Reveal %v: %v", i, p, r, err)
				}
				if want := writeSVG(t, g, opts); !bytes.Equal(got.Bytes(), want) {
					t.Fatalf("game %d, viewer %d, Reveal %v: the view's picture differs from the game's", i, p, r)
				}
			}
		}
	}
	g := games[0]
	for _, tc := range []struct {
		name   string
		v      View
		w      io.Writer
		reveal Reveal
		want   error
	}{
		{"RevealAll", g.View(0), io.Discard, RevealAll, ErrSVGOptions},
		{"another seat", g.View(0), io.Discard, RevealSeat(1), ErrSVGOptions},
		{"a seat to a spectator", g.View(NoPlayer), io.Discard, RevealSeat(0), ErrSVGOptions},
		{"nil writer", g.View(0), nil, RevealNone, ErrNilArgument},
		{"zero View", View{}, io.Discard, RevealNone, ErrInvalidState},
	} {
		if err := tc.v.WriteSVG(tc.w, SVGOptions{Reveal: tc.reveal}); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v; want %v", tc.name, err, tc.want)
		}
	}
}
