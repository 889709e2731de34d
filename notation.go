package elasund

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The move notation (Move.String, ParseMove).

// ParseMove reads a move written in the notation of Move.String, ignoring
// case and extra white space. Each kind of move has one form, shown here
// with an example (fields in capitals; "a|b" is one of the words, "[…]" may
// be left out, "…" repeats):
//
//	roll [DIE DIE]                            roll 3 4
//	steer ROW                                 steer 5
//	pirates ROW                               pirates 9
//	discard N CARD [N CARD …]                 discard 1 gold 2 blue
//	return N COLOUR [N COLOUR …]              return 1 green 1 yellow
//	build BUILDING SQUARE [pay COLOUR]        build tavern c5 pay blue
//	wall SITE                                 wall E5
//	church                                    church
//	keep TILE                                 keep 7
//	rebuild hut|totem SQUARE                  rebuild hut d4
//	end build                                 end build
//	permit VALUE SQUARE [pay COLOUR]          permit 2 d8
//	take gold                                 take gold
//	move permit SQUARE SQUARE [pay COLOUR]    move permit c5 d5 pay green
//	upgrade permit SQUARE VALUE [pay COLOUR]  upgrade permit d4 4 pay blue
//	bonus permit VALUE SQUARE                 bonus permit 3 g9
//	bonus gold                                bonus gold
//	end turn                                  end turn
//	remove hut|totem                          remove hut
//
// A plain "roll" rolls the seeded dice; "roll 3 4" forces them (a DIE is
// 1–6). A ROW is 2–6 or 8–12; a SQUARE is a column a–i and a row ("c8"); a
// SITE is Nc–Nh, Sc–Sh or E3–E11 (no E7); a TILE is 1–9; a permit VALUE is
// 0–4. A BUILDING is hut, totem, house, workshop, well, market, tavern, shop
// or large. A discard names each CARD (gold, blue, green or yellow) at most
// once with its count N, or is "discard nothing"; a return names influence
// colours only. A COLOUR is blue, green or yellow.
//
// ParseMove checks the form only; whether the move is legal is for
// Game.Check and Apply. For text that is not a move it returns the zero
// Move and an error that wraps ErrNotation (test it with errors.Is),
// says what is wrong, and quotes the form the move's kind expects (or the
// kinds, if the first words name none).
//
// ParseMove reads at most 12 words, more than the longest form has: a
// longer text is refused as it stands, so that neither its time nor its
// memory grows with a huge input (beyond one copy of s in lower case).
// Its error quotes at most 60 bytes of s and of each word.
func ParseMove(s string) (Move, error) {
	var words [maxMoveWords]string
	return parseMove(s, &words)
}

// parseMove is ParseMove with the words read into a buffer the caller may
// reuse.
func parseMove(s string, words *[maxMoveWords]string) (Move, error) {
	f := words[:0]
	for w := range strings.FieldsSeq(s) {
		if len(f) == len(words) {
			return Move{}, fmt.Errorf("%w move %s: more than %d words; the longest move has 9",
				ErrNotation, quoteInput(s), maxMoveWords)
		}
		f = append(f, lowerWord(w))
	}
	k, n, why := parseKind(f)
	if k == NoMove {
		return Move{}, fmt.Errorf("%w move %s: %s", ErrNotation, quoteInput(s), why)
	}
	m, why := parseFields(k, f[n:])
	if why != "" {
		expected := fmt.Sprintf("%q", kindForms[k])
		if kindExamples[k] != kindForms[k] {
			expected += fmt.Sprintf(", such as %q", kindExamples[k])
		}
		return Move{}, fmt.Errorf("%w move %s: %s; expected %s", ErrNotation, quoteInput(s), why, expected)
	}
	return m, nil
}

// maxMoveWords is the most words ParseMove reads. The longest form, a
// discard of the four kinds of card ("discard 1 gold 1 blue 1 green 1
// yellow"), has nine.
const maxMoveWords = 12

// lowerWord returns w in lower case. A word of the notation in upper case
// comes from moveWords, without allocating.
func lowerWord(w string) string {
	var buf [8]byte
	if len(w) > len(buf) {
		return strings.ToLower(w)
	}
	upper := false
	for i := range len(w) {
		c := w[i]
		switch {
		case c >= utf8.RuneSelf:
			return strings.ToLower(w)
		case c >= 'A' && c <= 'Z':
			c, upper = c+'a'-'A', true
		}
		buf[i] = c
	}
	if !upper {
		return w
	}
	if lw, ok := moveWords[string(buf[:len(w)])]; ok {
		return lw
	}
	return strings.ToLower(w)
}

// moveWords holds the words of the notation that have letters: the kinds'
// names, the buildings, the cards, "pay" and "nothing", the squares and the
// wall sites, in lower case. It is made once and only read.
var moveWords = func() map[string]string {
	m := map[string]string{"pay": "pay", "nothing": "nothing", "gold": "gold"}
	add := func(w string) { w = strings.ToLower(w); m[w] = w }
	for _, name := range kindNames {
		for w := range strings.FieldsSeq(name) {
			add(w)
		}
	}
	for b := Hut; b <= LargeBuilding; b++ {
		add(b.String())
	}
	for _, c := range InfluenceColors() {
		add(c.String())
	}
	for q := range Square(NumSquares) {
		add(q.String())
	}
	for w := range WallSite(numWallSites) {
		add(w.String())
	}
	return m
}()

// siteWords holds the wall sites by their names in lower case. It is made
// once and only read.
var siteWords = func() map[string]WallSite {
	m := map[string]WallSite{}
	for w := range WallSite(numWallSites) {
		m[strings.ToLower(w.String())] = w
	}
	return m
}()

// parseKind reads the kind's name from the start of the words f and returns
// the kind and the number of words its name takes; for no kind it returns
// NoMove and why, naming the kinds that start like f or else all kinds.
func parseKind(f []string) (MoveKind, int, string) {
	for k := Roll; k < numKinds; k++ {
		// A kind's name is one word or two.
		first, second, two := strings.Cut(kindNames[k], " ")
		switch {
		case len(f) == 0 || f[0] != first:
		case !two:
			return k, 1, ""
		case len(f) >= 2 && f[1] == second:
			return k, 2, ""
		}
	}
	if len(f) == 0 {
		return NoMove, 0, "empty; a move starts with its kind: " + allKindNames()
	}
	// The kinds whose name starts with the first two words, else the first.
	word := f[0]
	var forms []string
	for n := min(2, len(f)); n >= 1 && len(forms) == 0; n-- {
		word = strings.Join(f[:n], " ")
		for k := Roll; k < numKinds; k++ {
			if strings.HasPrefix(kindNames[k], word) {
				forms = append(forms, fmt.Sprintf("%q", kindForms[k]))
			}
		}
	}
	if len(forms) == 0 {
		return NoMove, 0, fmt.Sprintf("unknown kind %s; the kinds are %s", quoteInput(f[0]), allKindNames())
	}
	return NoMove, 0, fmt.Sprintf("unknown kind %s; expected %s", quoteInput(word), orList(forms))
}

// allKindNames lists the names of the kinds of moves.
func allKindNames() string {
	names := make([]string, 0, numKinds)
	for k := Roll; k < numKinds; k++ {
		names = append(names, kindNames[k])
	}
	return orList(names)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// takesPay reports whether kind k's form ends with "[pay COLOUR]".
func takesPay(k MoveKind) bool { return strings.HasSuffix(kindForms[k], " [pay COLOUR]") }

// parseFields reads the fields of a move of kind k from the words f after
// its name. It returns the move, or why f is not the form of k.
func parseFields(k MoveKind, f []string) (Move, string) {
	m := Move{Kind: k}
	// "pay COLOUR" ends the move.
	if i := slices.Index(f, "pay"); i >= 0 {
		switch {
		case !takesPay(k):
			return Move{}, fmt.Sprintf("%s does not take %q", k, "pay")
		case i == len(f)-1:
			return Move{}, `"pay" needs a colour: blue, green or yellow`
		case i < len(f)-2:
			return Move{}, fmt.Sprintf(`"pay %s" must end the move`, clipInput(f[i+1]))
		}
		var why string
		if m.Pay, why = parseColour(f[i+1]); why != "" {
			return Move{}, why
		}
		f = f[:i]
	}
	r := fieldReader{k: k, f: f, pay: m.Pay}
	switch k {
	case Roll:
		if len(f) == 1 {
			r.why = "a forced roll names both dice"
		} else if len(f) > 1 {
			m.Dice = [2]uint8{r.number(dieField), r.number(dieField)}
		}
	case Steer, Pirates:
		m.Row = r.row()
	case Discard, ReturnInfluence:
		m.Cards = r.cards()
	case Build, Rebuild:
		m.Building, m.Square = r.building(), r.square()
	case DeclineRebuild:
		m.Building = r.building()
	case BuildWall:
		m.Site = r.site()
	case KeepChurchTile:
		m.Tile = ChurchTile(r.number(tileField))
	case PlacePermit, BonusPermit:
		m.Permit, m.Square = r.number(permitField), r.square()
	case MovePermit:
		m.From, m.Square = r.square(), r.square()
	case UpgradePermit:
		m.Square, m.Permit = r.square(), r.number(permitField)
	}
	if why := r.end(); why != "" {
		return Move{}, why
	}
	return m, ""
}

// fieldReader reads the fields of a move of kind k from the words f, one by
// one; why is the first mistake found ("" if none). pay is the colour the
// move pays, if any.
type fieldReader struct {
	k   MoveKind
	f   []string
	i   int
	pay InfluenceColor
	why string
}

// next returns the next word, or false after a mistake or at the end (which
// is a mistake: the field of the form in that place is missing).
func (r *fieldReader) next() (string, bool) {
	if r.why != "" {
		return "", false
	}
	if r.i >= len(r.f) {
		r.why = "missing " + r.placeholder(r.i)
		return "", false
	}
	r.i++
	return r.f[r.i-1], true
}

// placeholder names the field at position i in the form of r.k.
func (r *fieldReader) placeholder(i int) string {
	form := strings.Fields(strings.TrimPrefix(kindForms[r.k], kindNames[r.k]))
	if i < len(form) {
		return strings.ReplaceAll(strings.Trim(form[i], "[]"), "|", " or ")
	}
	return "a field"
}

// end returns the first mistake, or names a word left over.
func (r *fieldReader) end() string {
	if r.why != "" || r.i == len(r.f) {
		return r.why
	}
	w := r.f[r.i]
	if c, why := parseColour(w); why == "" && takesPay(r.k) && r.pay == NoInfluence {
		return fmt.Sprintf("extra word %s (to pay with %s, write %q)", quoteInput(w), c, "pay "+c.String())
	}
	return fmt.Sprintf("extra word %s", quoteInput(w))
}

// A numField is a field written as a number of at most two digits, at most
// max: not and out say (fmt formats of the word) why a word is not one.
type numField struct {
	max      int
	not, out string
}

var (
	dieField    = numField{6, "%s is not a die (dice are 1–6)", "there is no die %s (dice are 1–6)"}
	rowField    = numField{12, "%s is not a row (rows are 2–6 and 8–12)", "there is no row %s (rows are 2–6 and 8–12)"}
	tileField   = numField{9, "%s is not a church tile (church tiles are 1–9)", "there is no church tile %s (church tiles are 1–9)"}
	permitField = numField{4, "%s is not a permit (permits are 0–4)", "there is no permit %s (permits are 0–4)"}
	countField  = numField{99, "%s is not a number of cards", "%s cards of one kind are too many (at most 99)"}
)

// number reads a field nf.
func (r *fieldReader) number(nf numField) uint8 {
	w, ok := r.next()
	if !ok {
		return 0
	}
	n := 0
	for _, c := range w {
		if c < '0' || c > '9' {
			r.why = fmt.Sprintf(nf.not, quoteInput(w))
			return 0
		}
		n = min(n*10+int(c-'0'), 1000)
	}
	if len(w) > 2 || n > nf.max {
		r.why = fmt.Sprintf(nf.out, clipInput(w))
		return 0
	}
	return uint8(n)
}

// row reads a ROW: a number that names a row of the board.
func (r *fieldReader) row() Row {
	row := Row(r.number(rowField))
	if r.why == "" && !row.Valid() {
		r.why = fmt.Sprintf(rowField.out, clipInput(r.f[r.i-1]))
		return NoRow
	}
	return row
}

// square reads a SQUARE, as ParseSquare does.
func (r *fieldReader) square() Square {
	w, ok := r.next()
	if !ok {
		return NoSquare
	}
	q, err := ParseSquare(w)
	if err == nil {
		return q
	}
	r.why = fmt.Sprintf("%s is not a square (a square is a column a–i and a row, such as c8)", quoteInput(w))
	if len(w) < 2 || len(w) > 3 || w[0] < 'a' || w[0] > 'z' {
		return NoSquare
	}
	if w[0] > 'i' {
		r.why = fmt.Sprintf("%s is not a square: there is no column %c (columns are a–i)", quoteInput(w), w[0])
		return NoSquare
	}
	for _, c := range w[1:] {
		if c < '0' || c > '9' {
			return NoSquare
		}
	}
	r.why = fmt.Sprintf("%s is not a square: "+rowField.out, quoteInput(w), w[1:])
	return NoSquare
}

// site reads a wall SITE.
func (r *fieldReader) site() WallSite {
	w, ok := r.next()
	if !ok {
		return NoWallSite
	}
	if site, ok := siteWords[w]; ok {
		return site // without the allocations of ParseWallSite
	}
	site, err := ParseWallSite(w)
	if err != nil {
		r.why = fmt.Sprintf("%s is not a wall site (north Nc–Nh, south Sc–Sh, east E3–E6 and E8–E11)", quoteInput(w))
	}
	return site
}

// building reads a BUILDING.
func (r *fieldReader) building() Building {
	w, ok := r.next()
	if !ok {
		return NoBuilding
	}
	if b, ok := parseBuilding(w); ok {
		return b
	}
	if r.k == Rebuild || r.k == DeclineRebuild {
		r.why = fmt.Sprintf("unknown building %s (the starter buildings are hut and totem)", quoteInput(w))
		return NoBuilding
	}
	names := make([]string, 0, LargeBuilding)
	for b := Hut; b <= LargeBuilding; b++ {
		names = append(names, b.String())
	}
	r.why = fmt.Sprintf("unknown building %s (the buildings are %s)", quoteInput(w), orList(names))
	return NoBuilding
}

// cards reads the cards of a discard or return: "nothing", or counts and
// kinds, each kind at most once (as Cards.String writes them); a return
// takes no gold.
func (r *fieldReader) cards() Cards {
	if len(r.f) == 1 && r.f[0] == "nothing" {
		r.i = 1
		return Cards{}
	}
	if len(r.f) == 0 {
		r.why = "missing the cards"
		return Cards{}
	}
	names := [4]string{"gold", "blue", "green", "yellow"}
	var counts [4]uint8
	var named [4]bool
	for r.why == "" {
		if r.i < len(r.f) && r.f[r.i] == "nothing" {
			r.why = `"nothing" stands alone`
			break
		}
		n := r.number(countField)
		if r.why == "" && r.i == len(r.f) {
			r.why = fmt.Sprintf("missing the kind of card after %s", quoteInput(r.f[r.i-1]))
		}
		w, ok := r.next()
		if !ok {
			break
		}
		k := -1
		for j, name := range names {
			if w == name {
				k = j
			}
		}
		switch {
		case k < 0 && r.k == ReturnInfluence:
			r.why = fmt.Sprintf("%s is not an influence colour (blue, green or yellow)", quoteInput(w))
		case k < 0:
			r.why = fmt.Sprintf("%s is not a kind of card (gold, blue, green or yellow)", quoteInput(w))
		case named[k]:
			r.why = fmt.Sprintf("%s is named twice (write each kind of card once, with its count)", quoteInput(w))
		case k == 0 && n > 0 && r.k == ReturnInfluence:
			r.why = "a return gives back influence cards only, not gold"
		default:
			named[k], counts[k] = true, n
		}
		if r.i == len(r.f) {
			break
		}
	}
	return Cards{Gold: counts[0], Blue: counts[1], Green: counts[2], Yellow: counts[3]}
}

// parseBuilding reads a building's name as Building.String writes it.
func parseBuilding(w string) (Building, bool) {
	for b := Hut; b <= LargeBuilding; b++ {
		if b.String() == w {
			return b, true
		}
	}
	return NoBuilding, false
}

// parseInfluence reads an influence colour as InfluenceColor.String writes
// it (blue, green, yellow).
func parseInfluence(w string) (InfluenceColor, bool) {
	for _, c := range InfluenceColors() {
		if c.String() == w {
			return c, true
		}
	}
	return NoInfluence, false
}

// parseColour reads a COLOUR.
func parseColour(w string) (InfluenceColor, string) {
	if c, ok := parseInfluence(w); ok {
		return c, ""
	}
	why := fmt.Sprintf("unknown colour %s (the colours are blue, green and yellow", quoteInput(w))
	if w == "red" {
		why += "; the red cards of some editions are yellow"
	}
	return NoInfluence, why + ")"
}
