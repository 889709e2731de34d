package elasund

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
)

// Pictures of a position: WriteSVG draws the board, the trade track and a
// panel per player as a standalone SVG image.

// Reveal says whose hidden cards a picture shows (RULES.md §13). Its zero
// value, RevealNone, shows only what every player knows; RevealAll shows
// everything (a referee's picture); RevealSeat(p) shows what player p knows.
type Reveal int8

const (
	// RevealNone shows only public information: each player's number of
	// gold and influence cards, but no influence colours. It is the zero
	// value.
	RevealNone Reveal = 0
	// RevealAll shows every player's influence colours and the church
	// tiles the first church builder is choosing from.
	RevealAll Reveal = -1
)

// RevealSeat returns the Reveal that shows what player p knows: p's own
// influence colours (and, while p chooses a church tile, the two tiles),
// and of the other players only the public information. For a p that is
// no seat (NoPlayer, for one) it returns a Reveal that WriteSVG refuses.
func RevealSeat(p Player) Reveal {
	if p < 0 || p >= MaxPlayers {
		return revealInvalid
	}
	return Reveal(p + 1)
}

// revealInvalid is what RevealSeat returns for a Player that is no seat.
const revealInvalid Reveal = math.MinInt8

// Seat returns the player whose knowledge r shows, or NoPlayer for
// RevealNone and RevealAll.
func (r Reveal) Seat() Player {
	if r < 1 || r > MaxPlayers {
		return NoPlayer
	}
	return Player(r - 1)
}

// String returns "none", "all" or "seat N".
func (r Reveal) String() string {
	switch {
	case r == RevealNone:
		return "none"
	case r == RevealAll:
		return "all"
	case r.Seat() != NoPlayer:
		return fmt.Sprintf("seat %d", r.Seat())
	}
	return fmt.Sprintf("Reveal(%d)", int8(r))
}

// SVGOptions configures WriteSVG. The zero value draws the public picture
// at its natural size (one board square is 64 units).
type SVGOptions struct {
	// Reveal says whose influence colours are shown; the zero value shows
	// none (see Reveal).
	Reveal Reveal
	// Scale multiplies the picture's width and height attributes (its
	// viewBox stays the same); 0 means 1. It must be positive and finite
	// otherwise.
	Scale float64
	// Title replaces the picture's default title ("Elasund, 4 players,
	// turn 40"), which SVG viewers show as its name.
	Title string
}

// WriteSVG writes a picture of the position to w as a standalone SVG
// document: the city grid for the game's player count with column and row
// labels; the sea with the ship on its row (beside the board before the
// first roll); the trade fields and the church foundation; the walls with
// each tile's number and owner, the gates, and the towers with their
// cubes; the buildings to their footprint in their owner's colour (neutral
// buildings in stone, with their owners' cubes on their flags); the
// permits with their values; the church tiles with their cubes; the trade
// track with disks and milestone cubes; a panel per player and one for the
// bank, the cards and the turn.
//
// What the picture shows of the hidden cards follows opts.Reveal; by
// default it shows only public information. The output is deterministic:
// the same position and options give the same bytes. Elements carry ids
// and classes that name what they show, for styling and for tests: squares
// "sq-c8"; buildings "bld-c5" with class "building tavern neutral red"
// (the kind, "neutral" for a neutral building, the owner's colour);
// permits "permit-d8" with class "permit red value-2"; wall sites "wall-E5"
// with class "wall red tile-3 tower" (or "wall-site empty"); church tiles
// "church-5"; the ship "ship"; trade disks "disk-red"; player panels
// "panel-red".
//
// WriteSVG writes with one call to w.Write and returns its error. It
// writes nothing and returns an error wrapping ErrSVGOptions for unusable
// options, Validate's error (wrapping ErrInvalidState) for a state that
// breaks the rules' invariants, such as the zero Game, or one wrapping
// ErrNilArgument for a nil w.
func (g *Game) WriteSVG(w io.Writer, opts SVGOptions) error {
	return g.writeSVG(w, opts, g.Outcome())
}

// writeSVG draws g with out as how it ended (the game's own outcome, or
// that of the table whose view g was dealt from).
func (g *Game) writeSVG(w io.Writer, opts SVGOptions, out Outcome) error {
	if w == nil {
		return fmt.Errorf("%w: WriteSVG needs a writer (w is nil)", ErrNilArgument)
	}
	if err := g.Validate(); err != nil {
		return err
	}
	if s := opts.Reveal.Seat(); (s == NoPlayer && opts.Reveal != RevealNone && opts.Reveal != RevealAll) || (s != NoPlayer && int(s) >= g.Players()) {
		return fmt.Errorf("%w: Reveal %v names no seat of this %d-player game", ErrSVGOptions, opts.Reveal, g.Players())
	}
	if opts.Scale < 0 || math.IsNaN(opts.Scale) || math.IsInf(opts.Scale, 0) {
		return fmt.Errorf("%w: Scale %v is not a positive finite number", ErrSVGOptions, opts.Scale)
	}
	p := newPicture(g, opts)
	p.out = out
	p.draw()
	_, err := w.Write(p.b)
	return err
}

// WriteSVG writes the picture of the position that Game.WriteSVG draws,
// with only what the viewer may know. opts.Reveal may be RevealNone (the
// public picture, its zero value) or RevealSeat of the viewer (the
// viewer's own cards too); a Reveal that would show more than the view
// holds (RevealAll, another seat, any seat for a spectator's view) is
// refused with an error wrapping ErrSVGOptions. The picture is the same
// for every game consistent with the view: it is drawn from one of them
// (RedealInto with a fixed source), which such a Reveal cannot tell
// apart. Its other errors are those of Game.WriteSVG, and ErrInvalidState
// for a view of no consistent game, such as the zero View.
func (v View) WriteSVG(w io.Writer, opts SVGOptions) error {
	if opts.Reveal != RevealNone && (v.Viewer() == NoPlayer || opts.Reveal != RevealSeat(v.Viewer())) {
		return fmt.Errorf("%w: Reveal %v shows more than the view of seat %d holds", ErrSVGOptions, opts.Reveal, v.Viewer())
	}
	var g Game
	if err := v.RedealInto(&g, rand.New(rand.NewPCG(0, 0))); err != nil {
		return err
	}
	return g.writeSVG(w, opts, v.Outcome())
}

// Layout, in SVG units.
const (
	svgSq      = 64                    // a square's side
	svgWall    = 30                    // the wall's thickness
	svgLabel   = 26                    // the row labels' column and the column labels' row
	svgX0      = svgLabel + svgSq      // the west edge of column a (the sea lies west of it)
	svgY0      = svgLabel + svgWall    // the north edge of row 2
	svgY1      = svgY0 + NumRows*svgSq // the south edge of row 12
	svgTrackY  = svgY1 + svgWall + 24  // the top of the trade track's boxes
	svgTrackW  = 50                    // a trade-track box's width
	svgTrackH  = 56                    // a trade-track box's height
	svgPanelW  = 390                   // the panels' width
	svgPanelH  = 150                   // a player panel's height
	svgInfoH   = 190                   // the info panel's height
	svgMargin  = 16                    // the margin around the panels
	svgLineH   = 19                    // a panel line's height
	svgFontPx  = 13                    // the panels' font size
	svgCubePx  = 14                    // a cube's side
	svgPermitR = 14                    // a permit token's radius
)

// Colours.
const (
	svgInk       = "#222222"
	svgSquare    = "#f4eedf"
	svgGridLine  = "#b9ad92"
	svgSea       = "#8fbfe0"
	svgHarbor    = "#e6ecda"
	svgGateField = "#efe2c2"
	svgStone     = "#d6d0c4"
	svgStoneLine = "#6e6658"
	svgGate      = "#8c7f6c"
	svgChurch    = "#d9cfe8"
	svgChurchLn  = "#6b5a8c"
	svgGoldCard  = "#e2b53a"
	svgHidden    = "#9a9a9a"
	svgPanel     = "#fbf8f1"
)

// playerFill returns the fill of a player colour, and the ink for text on it.
func playerFill(c Color) (fill, ink string) {
	switch c {
	case Red:
		return "#d3303c", "#ffffff"
	case Blue:
		return "#2363c2", "#ffffff"
	case Green:
		return "#2f9a45", "#ffffff"
	case Yellow:
		return "#f2c417", svgInk
	}
	return "#ffffff", svgInk
}

// influenceFill returns the fill of an influence card's colour.
func influenceFill(c InfluenceColor) string {
	switch c {
	case InfluenceBlue:
		return "#5b8fe0"
	case InfluenceGreen:
		return "#5cb85c"
	case InfluenceYellow:
		return "#f5d442"
	}
	return svgHidden
}

// picture is one SVG document being written.
type picture struct {
	svgw
	g        *Game
	out      Outcome // how the game ended: the game's, or a table's view's
	opts     SVGOptions
	n        int // players
	cols     int // city columns
	xr       int // the east edge of the city (the east wall's west edge)
	panelX   int
	width    int
	height   int
	ownerCls [MaxPlayers]string // the players' colour names
}

func newPicture(g *Game, opts SVGOptions) *picture {
	p := &picture{g: g, out: g.Outcome(), opts: opts, n: g.Players()}
	p.b = make([]byte, 0, 64<<10)
	p.cols = CityColumns(p.n)
	p.xr = svgX0 + p.cols*svgSq
	board := p.xr + svgWall
	track := svgX0 + (MaxTradeDisk+1)*svgTrackW
	p.panelX = max(board, track) + svgMargin + 8
	p.width = p.panelX + svgPanelW + svgMargin
	p.height = max(svgTrackY+svgTrackH+60, svgMargin+svgInfoH+p.n*(svgPanelH+10)+svgMargin)
	for s := range p.n {
		p.ownerCls[s] = g.Color(Player(s)).String()
	}
	return p
}

// sees reports whether the picture shows player s's influence colours.
func (p *picture) sees(s Player) bool {
	return p.opts.Reveal == RevealAll || p.opts.Reveal.Seat() == s
}

func (p *picture) ownerName(s Player) string {
	if s < 0 || int(s) >= p.n {
		return "none"
	}
	return p.ownerCls[s]
}

func (p *picture) fill(s Player) (fill, ink string) {
	return playerFill(p.g.Color(s))
}

// sqXY returns the north-west corner of square s.
func sqXY(s Square) (x, y int) {
	return svgX0 + s.Col()*svgSq, svgY0 + s.Row().idx()*svgSq
}

func (p *picture) draw() {
	scale := p.opts.Scale
	if scale == 0 {
		scale = 1
	}
	p.s(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	p.s(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	p.i(p.width)
	p.s(" ")
	p.i(p.height)
	p.s(`"`)
	p.f("width", float64(p.width)*scale)
	p.f("height", float64(p.height)*scale)
	p.a("font-family", "DejaVu Sans, Verdana, Arial, sans-serif")
	p.a("class", "elasund players-"+itoa(p.n)+" reveal-"+revealClass(p.opts.Reveal))
	p.s(">\n<title>")
	title := p.opts.Title
	if title == "" {
		title = "Elasund, " + itoa(p.n) + " players, turn " + itoa(p.g.Turn())
	}
	p.esc(title)
	p.s("</title>\n")
	p.rect(0, 0, p.width, p.height, "", `fill="#ffffff"`)
	p.drawGrid()
	p.drawSea()
	p.drawWalls()
	p.drawChurchArea()
	p.drawPermits()
	p.drawBuildings()
	p.drawChurchTiles()
	p.drawShip()
	p.drawTrack()
	p.drawInfo()
	for s := range p.n {
		p.drawPanel(Player(s))
	}
	p.s("</svg>\n")
}

func revealClass(r Reveal) string {
	if s := r.Seat(); s != NoPlayer {
		return "seat-" + itoa(int(s))
	}
	return r.String()
}

// drawGrid draws the labels, the squares, the trade fields and the church
// foundation.
func (p *picture) drawGrid() {
	p.s(`<g id="labels" font-size="14" fill="#555555" text-anchor="middle">` + "\n")
	for c := range p.cols {
		p.text(svgX0+c*svgSq+svgSq/2, 18, "", string(rune('a'+c)))
	}
	for ri, r := range Rows() {
		p.text(svgLabel/2, svgY0+ri*svgSq+svgSq/2+5, "", r.String())
	}
	p.s("</g>\n")
	p.s(`<g id="city" stroke="` + svgGridLine + `" stroke-width="1">` + "\n")
	for _, s := range CitySquares(p.n) {
		x, y := sqXY(s)
		fill, cls := svgSquare, "square"
		switch TradeValue(s, p.n) {
		case 1:
			fill, cls = svgHarbor, "square trade-field harbor"
		case 2:
			fill, cls = svgGateField, "square trade-field gate-field"
		}
		if s == ChurchFoundation {
			cls += " foundation"
		}
		p.open("rect")
		p.a("id", "sq-"+s.String())
		p.a("class", cls)
		p.n4(x, y, svgSq, svgSq)
		p.a("fill", fill)
		p.end()
	}
	p.s("</g>\n")
	// Trade-point badges and the foundation's cross, drawn under the pieces.
	p.s(`<g id="marks" font-size="10" text-anchor="middle">` + "\n")
	for _, s := range TradeFields(p.n) {
		x, y := sqXY(s)
		v := TradeValue(s, p.n)
		p.open("circle")
		p.a("class", "tp-badge")
		p.ai("cx", x+svgSq-13)
		p.ai("cy", y+svgSq-13)
		p.ai("r", 10)
		p.a("fill", svgGoldCard)
		p.a("stroke", "#8a6d1c")
		p.end()
		p.text(x+svgSq-13, y+svgSq-9, `font-weight="bold" fill="#4a3a0a"`, itoa(v)+"TP")
	}
	x, y := sqXY(ChurchFoundation)
	p.s(`<g id="foundation" class="foundation" stroke="` + svgChurchLn + `" stroke-width="3" fill="none">`)
	p.s("<title>church foundation c8</title>")
	p.line(x+svgSq/2, y+14, x+svgSq/2, y+40)
	p.line(x+svgSq/2-9, y+22, x+svgSq/2+9, y+22)
	p.s("</g>\n")
	p.text(x+svgSq/2, y+54, `fill="`+svgChurchLn+`"`, "foundation")
	p.s("</g>\n")
}

// drawSea draws the sea west of column a.
func (p *picture) drawSea() {
	p.rect(svgX0-svgSq, svgY0, svgSq, NumRows*svgSq, `id="sea" class="sea"`, `fill="`+svgSea+`"`)
	p.s(`<g stroke="#ffffff" stroke-opacity="0.5" fill="none">`)
	for ri := range NumRows {
		y := svgY0 + ri*svgSq + 50
		p.s(`<path d="M`)
		p.i(svgX0 - svgSq + 8)
		p.s(" ")
		p.i(y)
		p.s(` q6 -5 12 0 t12 0 t12 0 t12 0"/>`)
	}
	p.s("</g>\n")
}

// drawShip draws the ship on its row, or north of the sea before the first
// roll.
func (p *picture) drawShip() {
	r := p.g.Ship()
	x, y, cls, opacity := svgX0-svgSq, svgY0+r.idx()*svgSq, "ship row-"+r.String(), "1"
	if !r.Valid() {
		x, y, cls, opacity = svgX0-svgSq, svgY0-svgSq+2, "ship off-board", "0.55"
	}
	d1, d2 := p.g.Dice()
	p.open("g")
	p.a("id", "ship")
	p.a("class", cls)
	p.a("opacity", opacity)
	p.s("><title>")
	switch {
	case !r.Valid():
		p.s("the ship, off the board before the first roll")
	case d1+d2 == 7:
		p.s("the ship in row " + r.String() + ", with the pirates")
	default:
		p.s("the ship in row " + r.String())
	}
	p.s("</title>")
	p.s(`<path fill="#6b4423" stroke="` + svgInk + `" d="M`)
	p.i(x + 8)
	p.s(" ")
	p.i(y + 40)
	p.s(` h48 l-8 12 h-32 z"/>`)
	p.line(x+32, y+40, x+32, y+8)
	p.s(`<path fill="#fffdf5" stroke="` + svgInk + `" d="M`)
	p.i(x + 34)
	p.s(" ")
	p.i(y + 10)
	p.s(` l16 26 h-16 z"/>`)
	if d1+d2 == 7 && r.Valid() {
		p.s(`<path fill="` + svgInk + `" d="M`)
		p.i(x + 30)
		p.s(" ")
		p.i(y + 12)
		p.s(` l-14 8 l14 8 z"/>`)
	}
	p.s("</g>\n")
}

// drawWalls draws the wall sites, built or empty, and the two gates.
func (p *picture) drawWalls() {
	p.s(`<g id="walls" font-size="13" text-anchor="middle">` + "\n")
	for _, w := range WallSites(p.n) {
		x, y, wd, ht := p.siteRect(w)
		owner, tile := p.g.Wall(w)
		p.open("g")
		p.a("id", "wall-"+w.String())
		if owner == NoPlayer {
			p.a("class", "wall-site empty")
			p.s(">")
			p.rect(x+2, y+2, wd-4, ht-4, "", `fill="#f1efe9" stroke="#b0a894" stroke-dasharray="4 3"`)
			p.text(x+wd/2, y+ht/2+4, `font-size="10" fill="#9a917c"`, w.String())
			p.s("</g>\n")
			continue
		}
		cls := "wall " + p.ownerName(owner) + " tile-" + itoa(tile)
		if WallTower(tile) {
			cls += " tower"
		}
		p.a("class", cls)
		p.s("><title>")
		p.s("wall " + w.String() + ": tile " + itoa(tile) + " of " + p.ownerName(owner))
		if WallTower(tile) {
			p.s(", a tower with its cube")
		}
		p.s("</title>")
		fill, ink := p.fill(owner)
		p.rect(x+2, y+2, wd-4, ht-4, "", `fill="`+fill+`" stroke="`+svgInk+`" rx="3"`)
		tx, ty := x+wd/2, y+ht/2+5
		if WallTower(tile) {
			cx, cy := x+wd/2+6, y+ht/2-svgCubePx/2 // north/south: number left, cube right
			if w.East() {
				tx, ty = x+wd/2, y+20
				cx, cy = x+wd/2-svgCubePx/2, y+ht/2+4
			} else {
				tx = x + wd/2 - 12
			}
			p.rect(cx-3, cy-3, svgCubePx+6, svgCubePx+6, "", `fill="#ffffff" rx="3"`)
			p.cube(cx, cy, owner, "tower")
		}
		p.text(tx, ty, `font-weight="bold" fill="`+ink+`"`, itoa(tile))
		p.s("</g>\n")
	}
	// The gates: an L over the last city column's north (south) site, the
	// corner and the east wall's square of row 2 (12).
	xl := p.xr - svgSq
	for _, gate := range []struct {
		id   string
		y, d int // the wall line's edge at the city and the direction outward
	}{{"gate-north", svgY0, -1}, {"gate-south", svgY1, 1}} {
		y, d := gate.y, gate.d
		p.open("path")
		p.a("id", gate.id)
		p.a("class", "gate")
		p.a("fill", svgGate)
		p.a("stroke", svgInk)
		p.s(` d="M`)
		p.pts(xl, y+d*svgWall, p.xr+svgWall, y+d*svgWall, p.xr+svgWall, y-d*svgSq, p.xr, y-d*svgSq, p.xr, y, xl, y)
		p.s(`Z"/>` + "\n")
		p.text(xl+svgSq/2, y+d*svgWall/2+5, `fill="#ffffff" font-size="12"`, "gate")
	}
	p.s("</g>\n")
}

// siteRect returns the rectangle of wall site w.
func (p *picture) siteRect(w WallSite) (x, y, wd, ht int) {
	if w.East() {
		return p.xr, svgY0 + w.Row().idx()*svgSq, svgWall, svgSq
	}
	col := int(w) + 2
	y = svgY0 - svgWall
	if w >= southBase {
		col, y = int(w)-southBase+2, svgY1
	}
	return svgX0 + col*svgSq, y, svgSq, svgWall
}

// drawPermits draws the permits on the board.
func (p *picture) drawPermits() {
	p.s(`<g id="permits" text-anchor="middle" font-size="16" font-weight="bold">` + "\n")
	for _, s := range CitySquares(p.n) {
		c := p.g.At(s)
		if !c.HasPermit {
			continue
		}
		x, y := sqXY(s)
		fill, ink := p.fill(c.PermitOwner)
		p.open("g")
		p.a("id", "permit-"+s.String())
		p.a("class", "permit "+p.ownerName(c.PermitOwner)+" value-"+itoa(c.Permit))
		p.s("><title>permit " + itoa(c.Permit) + " of " + p.ownerName(c.PermitOwner) + " on " + s.String() + "</title>")
		p.open("rect")
		p.n4(x+svgSq/2-svgPermitR, y+svgSq/2-svgPermitR-4, 2*svgPermitR, 2*svgPermitR)
		p.a("rx", "5")
		p.a("fill", fill)
		p.a("stroke", svgInk)
		p.a("stroke-width", "1.5")
		p.end()
		p.text(x+svgSq/2, y+svgSq/2+2, `fill="`+ink+`"`, itoa(c.Permit))
		p.s("</g>\n")
	}
	p.s("</g>\n")
}

// drawBuildings draws the buildings to their footprints.
func (p *picture) drawBuildings() {
	p.s(`<g id="buildings" text-anchor="middle">` + "\n")
	for _, b := range p.g.Buildings() {
		if !b.Origin.Valid() {
			continue
		}
		x, y := sqXY(b.Origin)
		wd, ht := b.Building.Width()*svgSq, b.Building.Height()*svgSq
		owner := p.ownerName(b.Owner)
		fill, ink := p.fill(b.Owner)
		stroke, cls := svgInk, "building "+b.Building.String()
		if b.Building.Neutral() {
			fill, ink, stroke, cls = svgStone, svgInk, svgStoneLine, cls+" neutral"
		}
		cls += " " + owner
		p.open("g")
		p.a("id", "bld-"+b.Origin.String())
		p.a("class", cls)
		p.s("><title>" + b.Building.String() + " at " + b.Origin.String() + " of " + owner)
		if b.Building.Neutral() {
			p.s(", " + itoa(b.Cubes) + " of " + itoa(b.Building.CubeFlags()) + " cube flags taken")
		}
		p.s("</title>")
		p.open("rect")
		p.n4(x+4, y+4, wd-8, ht-8)
		p.a("rx", "7")
		p.a("fill", fill)
		p.a("stroke", stroke)
		p.a("stroke-width", "2.5")
		p.end()
		if b.Building.Neutral() {
			// A stone course across the building marks it as neutral.
			p.open("rect")
			p.n4(x+4, y+ht-14, wd-8, 10)
			p.a("fill", svgStoneLine)
			p.a("fill-opacity", "0.35")
			p.end()
			for k := range b.Building.CubeFlags() {
				fx, fy := x+wd-26, y+9+k*svgSq
				p.line(fx-3, fy, fx-3, fy+svgCubePx+6) // the flag's pole
				if k < b.Cubes {
					p.cube(fx, fy, b.Owner, "flag")
				} else {
					p.rect(fx, fy, svgCubePx, svgCubePx, `class="flag empty"`, `fill="none" stroke="`+svgStoneLine+`" stroke-dasharray="3 2"`)
				}
			}
		}
		size := 13
		if b.Building.Width() == 1 {
			size = 11
		}
		tx, ty := x+wd/2, y+ht/2+5
		if b.Building.Width() == 1 && b.Building.Neutral() {
			ty = y + ht - 20
		}
		p.text(tx, ty, `font-size="`+itoa(size)+`" fill="`+ink+`"`, b.Building.String())
		p.s("</g>\n")
	}
	p.s("</g>\n")
}
