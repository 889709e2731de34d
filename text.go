package elasund

import (
	"fmt"
	"strings"
)

// The referee's picture of a game in text (Game.String): the city map, a
// panel per player and the shared supplies. The map is drawn from the
// public board alone (boardView), and the panel from rows of plain data, so
// that a player's view can draw the same picture from what it knows.

// boardView is what the city map is drawn from: the public board, which
// the game and every player's view show alike.
type boardView interface {
	Players() int
	Color(Player) Color
	At(Square) Contents
	Wall(WallSite) (Player, int)
	Ship() Row
	ChurchOrigin() Square
}

// mapCell is the width of one square in the map.
const mapCell = 5

// colorLetter is the one-letter name of a player's colour in the map.
func colorLetter(c Color) string {
	switch c {
	case Red:
		return "R"
	case Blue:
		return "B"
	case Green:
		return "G"
	case Yellow:
		return "Y"
	}
	return "?"
}

// cellText is what the map shows on square s.
func cellText(v boardView, s Square) string {
	n := v.Players()
	if !InCity(s, n) {
		return ""
	}
	c := v.At(s)
	letter := func(p Player) string { return colorLetter(v.Color(p)) }
	switch {
	case c.Building != NoBuilding:
		return letter(c.BuildingOwner) + c.Building.String()[:3]
	case c.HasPermit:
		return fmt.Sprintf("%s%d", letter(c.PermitOwner), c.Permit)
	case c.ChurchTile != 0:
		return fmt.Sprintf("%s+%d", letter(c.TileOwner), c.ChurchTile)
	case s == ChurchFoundation && v.ChurchOrigin() == NoSquare:
		return "##"
	}
	if tv := TradeValue(s, n); tv > 0 {
		return fmt.Sprintf("(%d)", tv)
	}
	return "."
}

// wallText is what the map shows on wall site w: its letter while empty,
// else the builder's colour and the tile's number.
func wallText(v boardView, w WallSite, empty string) string {
	p, t := v.Wall(w)
	if t == 0 {
		return empty
	}
	return fmt.Sprintf("%s%d", colorLetter(v.Color(p)), t)
}

// writeMap draws the city: column letters, the north wall and gate, one line
// per row (row number, the sea with the ship, the squares, the east wall),
// the south wall and gate.
func writeMap(b *strings.Builder, v boardView) {
	n := v.Players()
	cols := CityColumns(n)
	cell := func(line []byte, col int, s string) []byte {
		for len(line) < 12+col*mapCell {
			line = append(line, ' ')
		}
		return append(line, s...)
	}
	end := func(line []byte) {
		b.WriteString(strings.TrimRight(string(line), " ") + "\n")
	}
	// Columns a to the east wall's column.
	var line []byte
	for c := 0; c <= cols; c++ {
		line = cell(line, c, string(rune('a'+c)))
	}
	end(line)
	side := func(label string, site func(col int) WallSite, empty string) {
		line := []byte(label)
		for c := 2; c < cols-1; c++ {
			line = cell(line, c, wallText(v, site(c), empty))
		}
		line = cell(line, cols-1, "gate")
		line = cell(line, cols, "gate")
		end(line)
	}
	side("      north", NorthSite, "N")
	for _, r := range rowNumbers {
		line := []byte(fmt.Sprintf("  %2d ", r))
		if v.Ship() == r {
			line = append(line, "ship"...)
		} else {
			line = append(line, "  ~ "...)
		}
		for c := 0; c < cols; c++ {
			line = cell(line, c, cellText(v, SquareAt(c, r)))
		}
		east := "gate"
		if w := EastSite(r); w != NoWallSite {
			east = wallText(v, w, "E")
		}
		end(cell(line, cols, east))
	}
	side("      south", SouthSite, "S")
}

// mapLegend explains the map's codes.
const mapLegend = `Map: Rtav = red tavern (the colour's letter and a building's first three
letters), R2 = red permit 2, R+5 = red church tile 5, ## = the church
foundation, (1) (2) = empty trade fields; walls: N S E = empty sites,
R3 = red wall tile 3 (3, 6 and 9 are towers).
`

// panelRow is one player's line of the panel.
type panelRow struct {
	color     Color
	mark      string // "*" the active player, ">" the player who decides now
	gold      int
	infl      [3]int // by colour, when colorsKnown
	inflCount int    // influence cards held
	inflKnown bool   // the colours of the influence cards are known
	permits   []int  // values in supply
	cubesLeft int
	tp        int
	wallLeft  int
	supply    []string // own buildings in supply: "house", "workshop"
	notes     []string // owes cards, starters awaiting a rebuild or removed
}

// writePanel draws the players' table.
func writePanel(b *strings.Builder, rows []panelRow) {
	fmt.Fprintf(b, "   %-7s %4s  %-9s %-9s  %5s %3s %5s  %s\n",
		"player", "gold", "influence", "permits", "cubes", "TP", "walls", "buildings in supply")
	for _, r := range rows {
		infl := fmt.Sprintf("%d cards", r.inflCount)
		if r.inflCount == 1 {
			infl = "1 card"
		}
		if r.inflKnown {
			infl = fmt.Sprintf("b%d g%d y%d", r.infl[0], r.infl[1], r.infl[2])
		}
		var permits []string
		for _, v := range r.permits {
			permits = append(permits, fmt.Sprint(v))
		}
		supply := strings.Join(r.supply, " ")
		if supply == "" {
			supply = "-"
		}
		line := fmt.Sprintf(" %1s %-7v %4d  %-9s %-9s  %5d %3d %5d  %s",
			r.mark, r.color, r.gold, infl, strings.Join(permits, " "), r.cubesLeft, r.tp, r.wallLeft, supply)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		if len(r.notes) > 0 {
			b.WriteString("             " + strings.Join(r.notes, "; ") + "\n")
		}
	}
	b.WriteString("   (* the active player, > decides now; cubes and walls: left in supply;\n" +
		"   TP: trade points)\n")
}

// panelRows gathers the panel's data from what src shows: every player's
// influence colours for the referee, the viewer's own only for a view.
func panelRows(src pictureSource) []panelRow {
	var rows []panelRow
	for p := Player(0); int(p) < src.Players(); p++ {
		count, colours, known := src.influenceShown(p)
		r := panelRow{
			color:     src.Color(p),
			gold:      src.Gold(p),
			inflCount: count,
			inflKnown: known,
			permits:   src.PermitsInSupply(p),
			cubesLeft: src.CubesInSupply(p),
			tp:        src.TradePoints(p),
			wallLeft:  src.WallTilesLeft(p),
		}
		if known {
			r.infl = [3]int{int(colours.Blue), int(colours.Green), int(colours.Yellow)}
		}
		switch {
		case p == src.ToMove():
			r.mark = ">"
		case p == src.Active() && !src.Over():
			r.mark = "*"
		}
		for _, b := range [...]Building{House, Workshop} {
			if src.BuildingOrigin(p, b) == InSupply {
				r.supply = append(r.supply, b.String())
			}
		}
		if n := src.Pending(p); n > 0 {
			verb := "discard to the pirates"
			if src.Phase() == PhaseShortage {
				verb = "return (shortage)"
			}
			r.notes = append(r.notes, fmt.Sprintf("owes %d cards to %s", n, verb))
		}
		for _, b := range [...]Building{Hut, Totem} {
			switch src.BuildingOrigin(p, b) {
			case AwaitingRebuild:
				r.notes = append(r.notes, b.String()+" awaits its rebuild")
			case RemovedFromGame:
				r.notes = append(r.notes, b.String()+" removed from the game")
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// writeTrack draws the milestones of the trade track with the colours of
// the cubes on their flags.
func writeTrack(b *strings.Builder, src pictureSource) {
	b.WriteString("Trade track milestones:")
	for i, m := range milestonePos {
		var flags []string
		for p := Player(0); int(p) < src.Players(); p++ {
			if src.HasMilestoneCube(p, int(m)) {
				flags = append(flags, colorLetter(src.Color(p)))
			}
		}
		for len(flags) < int(milestoneFlags[i]) {
			flags = append(flags, ".")
		}
		fmt.Fprintf(b, " %d[%s]", m, strings.Join(flags, ""))
	}
	b.WriteString("\n")
}

// pictureSource is what the picture is drawn from: the accessors the game
// and every player's view share, and the hands as far as the drawer may
// show them. Everything the picture shows goes through it, so a view's
// picture cannot show what its view leaves out.
type pictureSource interface {
	boardView
	Rules() Rules
	Over() bool
	Outcome() Outcome
	Turn() int
	Active() Player
	ToMove() Player
	Phase() Phase
	Dice() (int, int)
	Pending(p Player) int
	PiratesPool() Cards
	BuildsLeft() int
	ChurchChoice() (ChurchTile, ChurchTile)
	Gold(p Player) int
	PermitsInSupply(p Player) []int
	CubesInSupply(p Player) int
	TradePoints(p Player) int
	WallTilesLeft(p Player) int
	BuildingOrigin(p Player, b Building) Square
	HasMilestoneCube(p Player, m int) bool
	Bank() int
	ChurchTilesLeft() int
	DeckSize() int
	DiscardPile() Cards
	NeutralSupply(b Building) int

	MaxTurns() int
	// influenceShown returns how many influence cards player p holds and,
	// when the picture may show them (known), their colours.
	influenceShown(p Player) (count int, colours Cards, known bool)
}

func (g *Game) influenceShown(p Player) (int, Cards, bool) {
	h := g.Hand(p)
	return h.Influence(), h, true
}

func (v View) influenceShown(p Player) (int, Cards, bool) {
	if p != v.Viewer() || v.Viewer() == NoPlayer {
		return v.InfluenceCards(p), Cards{}, false
	}
	h := v.Hand(p)
	return h.Influence(), h, true
}

// drawPicture draws the picture of src: the header (with the line whose,
// when not empty, saying whose view it is), the map, the panel, the track
// and the supplies (with stackNote, when not empty, after the church
// stack's size).
func drawPicture(src pictureSource, whose, stackNote string) string {
	var b strings.Builder
	writeHeader(&b, src, whose)
	b.WriteString("\n")
	writeMap(&b, src)
	b.WriteString("\n")
	writePanel(&b, panelRows(src))
	b.WriteString("\n")
	writeTrack(&b, src)
	fmt.Fprintf(&b, "Bank %d gold. Church stack %d tiles%s.\n", src.Bank(), src.ChurchTilesLeft(), stackNote)
	fmt.Fprintf(&b, "Influence deck %d cards, discard pile %v.\n", src.DeckSize(), src.DiscardPile())
	b.WriteString("Neutral supply:")
	for k := Well; k <= LargeBuilding; k++ {
		sep := ","
		if k == LargeBuilding {
			sep = "."
		}
		fmt.Fprintf(&b, " %v %d%s", k, src.NeutralSupply(k), sep)
	}
	b.WriteString("\n\n" + mapLegend)
	return b.String()
}

// String returns the referee's picture of the game, everything included:
// a header (turn, phase, who decides, dice and ship), the city map (rows,
// columns, the sea with the ship, walls and gates, buildings with their
// owners, permits with their values, church tiles), a panel per player
// (cards, permits in supply, cubes and wall tiles left, trade points, own
// buildings in supply, cards owed and starters awaiting a rebuild), the
// trade track, and the bank, the influence deck and discard pile, the
// church stack and the neutral supply. It fits an 80-column terminal.
// fmt.Print(g) prints it.
func (g Game) String() string {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return fmt.Sprintf("elasund.Game{not set up by New: %d players}", g.n)
	}
	return drawPicture(&g, "", "")
}

// String returns the picture of what the viewer may know, drawn as
// Game.String draws the referee's: the same header, map, track and
// supplies, and a panel showing the influence colours of the viewer's own
// hand only and, for every other player, how many influence cards they
// hold. A line under the header names the viewer; the tile under the
// church stack is shown to the first church builder, who knows it, and the
// two tiles drawn for the church to that builder while they choose. Views
// that are equal (==) have equal pictures, so the picture never tells what
// the view leaves out. fmt.Print(v) prints it.
func (v View) String() string {
	if n := v.Players(); n < MinPlayers || n > MaxPlayers {
		return fmt.Sprintf("elasund.View{not of a game set up by New: %d players}", n)
	}
	whose := "A spectator's view: the colours of the influence cards in hands are hidden.\n"
	if v.Viewer() != NoPlayer {
		whose = fmt.Sprintf("%s's view: the colours of the others' influence cards are hidden.\n", capitalized(v.Color(v.Viewer()).String()))
	}
	stackNote := ""
	if t := v.ChurchBottom(); t != 0 {
		stackNote = fmt.Sprintf(", tile %d at the bottom", t)
	}
	return drawPicture(v, whose, stackNote)
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// writeHeader writes the state of play: the game's options; whose view
// the picture is (whose, empty for the referee's); the turn and the dice
// and ship; what the phase asks of whom.
func writeHeader(b *strings.Builder, src pictureSource, whose string) {
	col := func(p Player) Color { return src.Color(p) }
	fmt.Fprintf(b, "Elasund, %d players", src.Players())
	if src.Rules() != DefaultRules {
		fmt.Fprintf(b, "; rules %v", src.Rules())
	}
	if limit := src.MaxTurns(); limit > 0 {
		fmt.Fprintf(b, "; at most %d turns", limit)
	}
	b.WriteString(".\n")
	b.WriteString(whose)
	switch out := src.Outcome(); out.Method {
	case AllCubesPlaced:
		fmt.Fprintf(b, "Game over in turn %d: %v wins.", src.Turn(), col(out.Winner))
	case TurnLimitReached:
		b.WriteString("Game over at the turn limit: no winner.")
	case Abandoned:
		fmt.Fprintf(b, "Game abandoned in turn %d: no winner.", src.Turn())
	case Forfeited:
		fmt.Fprintf(b, "Game over in turn %d: %v forfeited", src.Turn(), col(out.Forfeiter()))
		if out.Winner != NoPlayer {
			fmt.Fprintf(b, "; %v wins", col(out.Winner))
		}
		b.WriteString(".")
	default:
		fmt.Fprintf(b, "Turn %d, %v's turn.", src.Turn(), col(src.Active()))
	}
	if d0, d1 := src.Dice(); d0 == 0 {
		b.WriteString(" No roll yet; the ship is off the board.\n")
	} else if src.Ship() == NoRow {
		fmt.Fprintf(b, " Dice %d+%d; the ship is off the board.\n", d0, d1)
	} else {
		fmt.Fprintf(b, " Dice %d+%d, the ship in row %v.\n", d0, d1, src.Ship())
	}
	if src.Over() { // a game its host ended stopped in some phase; nobody decides
		return
	}
	who := col(src.ToMove())
	switch src.Phase() {
	case PhaseRoll:
		fmt.Fprintf(b, "%v to roll.\n", who)
	case PhaseSteer:
		fmt.Fprintf(b, "%v steers the ship two rows up or down.\n", who)
	case PhasePirates:
		fmt.Fprintf(b, "A 7: %v sends the pirates.\n", who)
	case PhaseDiscard:
		fmt.Fprintf(b, "Pirates: %v discards %d cards.", who, src.Pending(src.ToMove()))
		if pool := src.PiratesPool(); pool.Total() > 0 {
			fmt.Fprintf(b, " Discarded so far: %v.", pool)
		}
		b.WriteString("\n")
	case PhaseShortage:
		fmt.Fprintf(b, "Influence shortage: %v returns %d cards.\n", who, src.Pending(src.ToMove()))
	case PhaseBuild:
		if left := src.BuildsLeft(); left == 1 {
			fmt.Fprintf(b, "%v builds (1 build left).\n", who)
		} else {
			fmt.Fprintf(b, "%v builds (%d builds left).\n", who, left)
		}
	case PhaseChurchChoice:
		if t1, t2 := src.ChurchChoice(); t1 != 0 {
			fmt.Fprintf(b, "%v keeps church tile %d or %d.\n", who, t1, t2)
		} else {
			fmt.Fprintf(b, "%v keeps one of the two church tiles drawn.\n", who)
		}
	case PhaseRebuild:
		fmt.Fprintf(b, "%v rebuilds a displaced starter or removes it.\n", who)
	case PhasePermit:
		fmt.Fprintf(b, "%v places a permit or takes 2 gold.\n", who)
	case PhaseBonus:
		fmt.Fprintf(b, "%v may take a bonus action.\n", who)
	}
}
