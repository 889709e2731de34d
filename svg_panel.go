package elasund

import (
	"strconv"
	"strings"
)

// The church, the trade track and the panels of WriteSVG, and the SVG
// writer.

// drawChurchArea outlines the 3×3 church area once the first tile fixed
// it, with the places of the tiles still to come.
func (p *picture) drawChurchArea() {
	o := p.g.ChurchOrigin()
	if !o.Valid() {
		return
	}
	x, y := sqXY(o)
	p.rect(x+1, y+1, 3*svgSq-2, 3*svgSq-2, `id="church-area" class="church-area"`,
		`fill="none" stroke="`+svgChurchLn+`" stroke-width="3" stroke-dasharray="8 5"`)
	p.s(`<g font-size="11" fill="` + svgChurchLn + `" text-anchor="middle">`)
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		s := p.g.ChurchSquare(t)
		if !s.Valid() || p.g.ChurchTileOwner(t) != NoPlayer {
			continue
		}
		x, y := sqXY(s)
		p.text(x+12, y+15, "", "†"+itoa(int(t)))
	}
	p.s("</g>\n")
}

// drawChurchTiles draws the church tiles on the board with their cubes.
func (p *picture) drawChurchTiles() {
	p.s(`<g id="church" text-anchor="middle">` + "\n")
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		s, owner := p.g.ChurchSquare(t), p.g.ChurchTileOwner(t)
		if !s.Valid() || owner == NoPlayer {
			continue
		}
		x, y := sqXY(s)
		p.open("g")
		p.a("id", "church-"+itoa(int(t)))
		p.a("class", "church-tile "+p.ownerName(owner))
		p.s("><title>church tile " + itoa(int(t)) + " on " + s.String() + ", built by " + p.ownerName(owner) + "</title>")
		p.rect(x+2, y+2, svgSq-4, svgSq-4, "", `fill="`+svgChurch+`" stroke="`+svgChurchLn+`" stroke-width="2.5"`)
		p.s(`<g stroke="` + svgChurchLn + `" stroke-width="3">`)
		p.line(x+18, y+10, x+18, y+34)
		p.line(x+10, y+18, x+26, y+18)
		p.s("</g>")
		p.cube(x+38, y+12, owner, "church")
		p.text(x+svgSq/2, y+54, `font-size="11" fill="`+svgChurchLn+`"`, "church "+itoa(int(t)))
		p.s("</g>\n")
	}
	p.s("</g>\n")
}

// cube draws one of player s's cubes with its north-west corner at x, y.
func (p *picture) cube(x, y int, s Player, where string) {
	fill, _ := p.fill(s)
	p.open("rect")
	p.a("class", "cube "+p.ownerName(s)+" "+where)
	p.n4(x, y, svgCubePx, svgCubePx)
	p.a("rx", "2")
	p.a("fill", fill)
	p.a("stroke", svgInk)
	p.a("stroke-width", "1.5")
	p.end()
}

// drawTrack draws the trade track 0–11 with the players' disks and the
// milestones' flags and cubes.
func (p *picture) drawTrack() {
	p.s(`<g id="trade-track" text-anchor="middle">` + "\n")
	p.text(svgX0, svgTrackY-8, `text-anchor="start" font-size="13" font-weight="bold"`, "trade track")
	flags := MilestoneFlags()
	for pos := 0; pos <= MaxTradeDisk; pos++ {
		x := svgX0 + pos*svgTrackW
		mi := -1
		for i, m := range Milestones() {
			if m == pos {
				mi = i
			}
		}
		fill, cls := svgSquare, "track-box"
		if mi >= 0 {
			fill, cls = "#f3dd9a", "track-box milestone"
		}
		p.open("rect")
		p.a("id", "track-"+itoa(pos))
		p.a("class", cls)
		p.n4(x, svgTrackY, svgTrackW, svgTrackH)
		p.a("fill", fill)
		p.a("stroke", svgGridLine)
		p.end()
		p.text(x+svgTrackW/2, svgTrackY+15, `font-size="12" font-weight="bold" fill="#555555"`, itoa(pos))
		for s := range p.n {
			if p.g.TradeDisk(Player(s)) != pos {
				continue
			}
			f, _ := p.fill(Player(s))
			p.open("circle")
			p.a("id", "disk-"+p.ownerName(Player(s)))
			p.a("class", "disk "+p.ownerName(Player(s)))
			p.ai("cx", x+14+(s%2)*22)
			p.ai("cy", svgTrackY+28+(s/2)*16)
			p.ai("r", 7)
			p.a("fill", f)
			p.a("stroke", svgInk)
			p.a("stroke-width", "1.5")
			p.end()
		}
		if mi < 0 {
			continue
		}
		// The milestone's flags under its box, taken in seat order.
		k := 0
		fx := x + svgTrackW/2 - (flags[mi]*(svgCubePx+2)-2)/2
		for s := range p.n {
			if p.g.HasMilestoneCube(Player(s), pos) && k < flags[mi] {
				p.cube(fx+k*(svgCubePx+2), svgTrackY+svgTrackH+5, Player(s), "milestone")
				k++
			}
		}
		for ; k < flags[mi]; k++ {
			p.rect(fx+k*(svgCubePx+2), svgTrackY+svgTrackH+5, svgCubePx, svgCubePx, `class="flag empty"`,
				`fill="none" stroke="`+svgStoneLine+`" stroke-dasharray="3 2"`)
		}
	}
	p.s("</g>\n")
}

// drawInfo draws the panel of the turn, the bank and the shared cards.
func (p *picture) drawInfo() {
	g := p.g
	x, y := p.panelX, svgMargin
	p.s(`<g id="info" font-size="` + itoa(svgFontPx) + `">` + "\n")
	p.rect(x, y, svgPanelW, svgInfoH, "", `fill="`+svgPanel+`" stroke="`+svgGridLine+`" rx="6"`)
	x += 10
	y += 22
	line := func(s string) {
		p.text(x, y, "", s)
		y += svgLineH
	}
	p.text(x, y, `font-size="16" font-weight="bold"`, "Elasund · turn "+itoa(g.Turn()))
	y += svgLineH + 3
	switch o := p.out; {
	case o.Over() && o.Winner != NoPlayer:
		line("game over: " + p.ownerName(o.Winner) + " wins")
	case o.Method == Forfeited:
		line("game over: " + p.ownerName(o.Forfeiter()) + " forfeited, no winner")
	case o.Over():
		line("game over: " + o.Method.String() + ", no winner")
	default:
		line(p.ownerName(g.Active()) + "'s turn, phase " + g.Phase().String() + "; " + p.ownerName(g.ToMove()) + " to move")
	}
	d1, d2 := g.Dice()
	roll, ship := "no roll yet", "the ship is off the board"
	if d1 != 0 {
		roll = "last roll " + itoa(d1) + "+" + itoa(d2) + " = " + itoa(d1+d2)
	}
	if r := g.Ship(); r.Valid() {
		ship = "ship in row " + r.String()
		if d1+d2 == 7 {
			ship = "ship and pirates in row " + r.String()
		}
	}
	line(roll + " · " + ship)
	line("bank " + itoa(g.Bank()) + " gold · influence deck " + itoa(g.DeckSize()) + " cards")
	dp := g.DiscardPile()
	p.text(x, y, "", "discard pile")
	p.cards(x+84, y, dp, false, true)
	y += svgLineH
	if pool := g.PiratesPool(); pool.Total() > 0 {
		p.text(x, y, "", "to the pirates")
		p.cards(x+100, y, pool, true, true)
		y += svgLineH
	}
	church := "church tiles left " + itoa(g.ChurchTilesLeft())
	if a, b := g.ChurchChoice(); a != 0 {
		if p.opts.Reveal == RevealAll || p.opts.Reveal.Seat() == g.Active() {
			church += " · choosing tile " + itoa(int(a)) + " or " + itoa(int(b))
		} else {
			church += " · a tile being chosen"
		}
	}
	line(church)
	var ns strings.Builder
	ns.WriteString("neutral supply:")
	for b := Well; b <= LargeBuilding; b++ {
		ns.WriteString(" " + b.String() + " " + itoa(g.NeutralSupply(b)))
	}
	line(ns.String())
	var who string
	switch s := p.opts.Reveal.Seat(); {
	case p.opts.Reveal == RevealAll:
		who = "the referee's picture: every hand shown"
	case s != NoPlayer:
		who = p.ownerName(s) + "'s picture: only " + p.ownerName(s) + "'s hand shown"
	default:
		who = "the public picture: no hand shown"
	}
	p.text(x, y, `font-style="italic" fill="#666666"`, who)
	p.s("</g>\n")
}

// drawPanel draws player s's panel: its head, then a line each for the
// cards, the permits, the cubes, the wall and trade points, and the
// buildings off the board.
func (p *picture) drawPanel(s Player) {
	g := p.g
	name := p.ownerName(s)
	x, y := p.panelX, svgMargin+svgInfoH+10+int(s)*(svgPanelH+10)
	p.s(`<g id="panel-` + name + `" class="panel ` + name + `" font-size="` + itoa(svgFontPx) + `">` + "\n")
	p.panelHead(s, x, y)
	x += 10
	y += 43
	hand := g.Hand(s)
	p.text(x, y, "", "cards")
	p.cards(x+44, y, hand, true, p.sees(s))
	if n := g.Pending(s); n > 0 {
		what := " to discard"
		if g.Phase() == PhaseShortage {
			what = " to return"
		}
		p.text(x+svgPanelW-20, y, `text-anchor="end" fill="#b00020"`, itoa(n)+what)
	}
	y += svgLineH + 4
	p.panelPermits(s, x, y)
	y += svgLineH + 2
	p.panelCubes(s, x, y)
	y += svgLineH + 2
	wall := "wall tiles left " + itoa(g.WallTilesLeft(s))
	if left := g.WallTilesLeft(s); left > 0 {
		next := WallTilesPerPlayer - left + 1
		wall += " (next " + itoa(next)
		if WallTower(next) {
			wall += ", a tower"
		}
		wall += ")"
	}
	p.text(x, y, "", wall+" · trade points "+itoa(g.TradePoints(s)))
	y += svgLineH
	p.panelOffBoard(s, x, y)
	p.s("</g>\n")
}

// panelHead draws the frame of player s's panel, at x, y, and its head:
// the colour, the seat, and who wins, moves, plays the turn or looks.
func (p *picture) panelHead(s Player, x, y int) {
	g := p.g
	fill, ink := p.fill(s)
	border := `" stroke-width="1"`
	toMove := g.ToMove()
	if p.out.Over() {
		toMove = NoPlayer // a table's host may have ended a game the rules go on with
	}
	if toMove == s {
		border = `" stroke-width="3"`
	}
	p.rect(x, y, svgPanelW, svgPanelH, "", `fill="`+svgPanel+`" stroke="`+fill+border+` rx="6"`)
	p.rect(x, y, svgPanelW, 24, "", `fill="`+fill+`" rx="6"`)
	head := p.ownerName(s) + " · seat " + itoa(int(s))
	switch {
	case p.out.Over() && p.out.Winner == s:
		head += " · winner"
	case p.out.Forfeiter() == s:
		head += " · forfeited"
	case toMove == s:
		head += " · to move"
	}
	if g.Active() == s && !p.out.Over() && toMove != s {
		head += " · active"
	}
	if p.opts.Reveal.Seat() == s {
		head += " · you"
	}
	p.text(x+10, y+17, `font-weight="bold" fill="`+ink+`"`, head)
}

// panelPermits draws the line of player s's permits: those in supply, and
// where those on the board are.
func (p *picture) panelPermits(s Player, x, y int) {
	g := p.g
	name := p.ownerName(s)
	fill, ink := p.fill(s)
	p.text(x, y, "", "permits")
	px := x + 60
	for _, v := range g.PermitsInSupply(s) {
		p.rect(px, y-14, 18, 18, `class="permit-supply `+name+` value-`+itoa(v)+`"`, `fill="`+fill+`" stroke="`+svgInk+`" rx="3"`)
		p.text(px+9, y, `text-anchor="middle" font-weight="bold" fill="`+ink+`"`, itoa(v))
		px += 22
	}
	var on strings.Builder
	for v := range PermitsPerPlayer {
		if sq := g.PermitSquare(s, v); sq.Valid() {
			if on.Len() == 0 {
				on.WriteString("on the board:")
			} else {
				on.WriteString(",")
			}
			on.WriteString(" " + itoa(v) + " " + sq.String())
		}
	}
	p.text(px+8, y, `fill="#555555" font-size="11"`, on.String())
}

// panelCubes draws the line of player s's cubes, placed and left.
func (p *picture) panelCubes(s Player, x, y int) {
	g := p.g
	fill, _ := p.fill(s)
	p.text(x, y, "", "cubes")
	for k := range CubesPerPlayer {
		cx := x + 60 + k*(svgCubePx+3)
		if k < g.CubesPlaced(s) {
			p.rect(cx, y-12, svgCubePx, svgCubePx, "", `fill="`+fill+`" stroke="`+svgInk+`" rx="2"`)
		} else {
			p.rect(cx, y-12, svgCubePx, svgCubePx, "", `fill="none" stroke="`+svgGridLine+`" rx="2"`)
		}
	}
	p.text(x+60+CubesPerPlayer*(svgCubePx+3)+4, y, "", itoa(g.CubesPlaced(s))+" placed, "+itoa(g.CubesInSupply(s))+" left")
}

// panelOffBoard draws the line of player s's buildings off the board: in
// supply, awaiting a rebuild, out of the game (nothing if none is).
func (p *picture) panelOffBoard(s Player, x, y int) {
	g := p.g
	var off []string
	for _, where := range []struct {
		sq   Square
		what string
	}{{InSupply, "in supply: "}, {AwaitingRebuild, "to rebuild: "}, {RemovedFromGame, "out of the game: "}} {
		var bs []string
		for b := Hut; b <= Workshop; b++ {
			if g.BuildingOrigin(s, b) == where.sq {
				bs = append(bs, b.String())
			}
		}
		if len(bs) > 0 {
			off = append(off, where.what+strings.Join(bs, ", "))
		}
	}
	if len(off) > 0 {
		p.text(x, y, `fill="#555555" font-size="12"`, strings.Join(off, " · "))
	}
}

// cards draws a hand (or pile) at x, y: gold if asked for, then influence
// by colour if shown, else the influence count on a card back.
func (p *picture) cards(x, y int, c Cards, gold, shown bool) {
	card := func(fill, cls string, n int) {
		p.rect(x, y-13, 14, 18, `class="`+cls+`"`, `fill="`+fill+`" stroke="`+svgInk+`" rx="2"`)
		p.text(x+18, y, "", itoa(n))
		x += 18 + 8*len(itoa(n)) + 8
	}
	if gold {
		card(svgGoldCard, "card gold", int(c.Gold))
	}
	if !shown {
		card(svgHidden, "card influence hidden", c.Influence())
		return
	}
	for _, ic := range InfluenceColors() {
		card(influenceFill(ic), "card influence "+ic.String(), c.Of(ic))
	}
}

// svgw appends an SVG document to a byte slice.
type svgw struct{ b []byte }

func (w *svgw) s(str string) { w.b = append(w.b, str...) }
func (w *svgw) i(v int)      { w.b = strconv.AppendInt(w.b, int64(v), 10) }

// esc appends str escaped for text and attribute values.
func (w *svgw) esc(str string) {
	for i := 0; i < len(str); i++ {
		switch c := str[i]; c {
		case '&':
			w.s("&amp;")
		case '<':
			w.s("&lt;")
		case '>':
			w.s("&gt;")
		case '"':
			w.s("&quot;")
		case '\'':
			w.s("&#39;")
		case '\t', '\n', '\r':
			w.b = append(w.b, c)
		default:
			if c < 0x20 || c == 0x7f {
				w.s("\uFFFD") // not allowed in XML 1.0
			} else {
				w.b = append(w.b, c)
			}
		}
	}
}

// open starts an element.
func (w *svgw) open(tag string) {
	w.b = append(w.b, '<')
	w.s(tag)
}

// end closes an empty element.
func (w *svgw) end() { w.s("/>\n") }

// attr starts an attribute: ` name="`.
func (w *svgw) attr(name string) {
	w.b = append(w.b, ' ')
	w.b = append(w.b, name...)
	w.b = append(w.b, '=', '"')
}

// a appends an attribute.
func (w *svgw) a(name, val string) {
	w.attr(name)
	w.esc(val)
	w.s(`"`)
}

// ai appends an integer attribute.
func (w *svgw) ai(name string, v int) {
	w.attr(name)
	w.i(v)
	w.s(`"`)
}

// f appends a number attribute.
func (w *svgw) f(name string, v float64) {
	w.attr(name)
	w.b = strconv.AppendFloat(w.b, v, 'f', -1, 64)
	w.s(`"`)
}

// n4 appends x, y, width and height.
func (w *svgw) n4(x, y, wd, ht int) {
	w.ai("x", x)
	w.ai("y", y)
	w.ai("width", wd)
	w.ai("height", ht)
}

// pts appends coordinate pairs for a path, separated by L.
func (w *svgw) pts(xy ...int) {
	for i := 0; i+1 < len(xy); i += 2 {
		if i > 0 {
			w.s(" L")
		}
		w.i(xy[i])
		w.s(" ")
		w.i(xy[i+1])
	}
}

// rect appends a rectangle; ids and style are raw attribute text.
func (w *svgw) rect(x, y, wd, ht int, ids, style string) {
	w.open("rect")
	if ids != "" {
		w.b = append(w.b, ' ')
		w.s(ids)
	}
	w.n4(x, y, wd, ht)
	if style != "" {
		w.b = append(w.b, ' ')
		w.s(style)
	}
	w.end()
}

// line appends a line (its stroke is inherited).
func (w *svgw) line(x1, y1, x2, y2 int) {
	w.open("line")
	w.ai("x1", x1)
	w.ai("y1", y1)
	w.ai("x2", x2)
	w.ai("y2", y2)
	w.end()
}

// text appends a text element; attrs is raw attribute text.
func (w *svgw) text(x, y int, attrs, content string) {
	w.open("text")
	w.ai("x", x)
	w.ai("y", y)
	if attrs != "" {
		w.b = append(w.b, ' ')
		w.s(attrs)
	}
	w.s(">")
	w.esc(content)
	w.s("</text>\n")
}

func itoa(v int) string { return strconv.Itoa(v) }
