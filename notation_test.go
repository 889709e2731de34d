package elasund

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// allKindsText is how an error lists every kind of move.
const allKindsText = "roll, steer, pirates, discard, return, build, wall, church, keep, rebuild, end build, permit, take gold, move permit, upgrade permit, bonus permit, bonus gold, end turn or remove"

// ParseMove's refusals say what is wrong and the form the kind expects (or
// the kinds that start like the text, or all kinds), wrap ErrNotation (not
// ErrMalformedMove, which is for refusals of Check) and give the zero Move.
func TestParseMoveErrors(t *testing.T) {
	quoted := map[MoveKind]bool{}
	for _, tc := range []struct {
		in   string
		kind MoveKind // whose form the error quotes; NoMove: no kind was read
		want []string // the error contains each
	}{
		// The kind.
		{"", NoMove, []string{"empty", allKindsText}},
		{" \t ", NoMove, []string{"empty", allKindsText}},
		{"fly c5", NoMove, []string{`unknown kind "fly"`, allKindsText}},
		{"none", NoMove, []string{`unknown kind "none"`, allKindsText}},
		{"pay blue", NoMove, []string{`unknown kind "pay"`, allKindsText}},
		{"end", NoMove, []string{`unknown kind "end"`, `expected "end build" or "end turn"`}},
		{"end now", NoMove, []string{`unknown kind "end"`, `expected "end build" or "end turn"`}},
		{"end tu", NoMove, []string{`unknown kind "end tu"`, `expected "end turn"`}},
		{"take", NoMove, []string{`unknown kind "take"`, `expected "take gold"`}},
		{"b", NoMove, []string{`unknown kind "b"`, `expected "build BUILDING SQUARE [pay COLOUR]", "bonus permit VALUE SQUARE" or "bonus gold"`}},
		{"move c5 d5", NoMove, []string{`unknown kind "move"`, `expected "move permit SQUARE SQUARE [pay COLOUR]"`}},
		{"re", NoMove, []string{`unknown kind "re"`, `"return N COLOUR [N COLOUR …]", "rebuild hut|totem SQUARE" or "remove hut|totem"`}},
		// Too few and too many words.
		{"roll 3", Roll, []string{"a forced roll names both dice"}},
		{"roll 1 2 3", Roll, []string{`extra word "3"`}},
		{"steer", Steer, []string{"missing ROW"}},
		{"pirates 5 6", Pirates, []string{`extra word "6"`}},
		{"build tavern", Build, []string{"missing SQUARE", `such as "build tavern c5 pay blue"`}},
		{"build tavern c5 blue", Build, []string{`extra word "blue"`, `write "pay blue"`, `such as "build tavern c5 pay blue"`}},
		{"wall", BuildWall, []string{"missing SITE"}},
		{"church 1", BuildChurch, []string{`extra word "1"`}},
		{"keep", KeepChurchTile, []string{"missing TILE"}},
		{"remove", DeclineRebuild, []string{"missing hut or totem"}},
		{"remove hut d4", DeclineRebuild, []string{`extra word "d4"`}},
		{"end build now", EndBuilding, []string{`extra word "now"`}},
		{"take gold 2", TakeGold, []string{`extra word "2"`}},
		{"move permit c5", MovePermit, []string{"missing SQUARE"}},
		{"upgrade permit c5", UpgradePermit, []string{"missing VALUE"}},
		{"bonus permit 2", BonusPermit, []string{"missing SQUARE"}},
		{"bonus gold 1", BonusGold, []string{`extra word "1"`}},
		{"discard", Discard, []string{"missing the cards"}},
		{"discard 1", Discard, []string{`missing the kind of card after "1"`}},
		{"discard 1 gold 2", Discard, []string{`missing the kind of card after "2"`}},
		// Numbers.
		{"roll a b", Roll, []string{`"a" is not a die`, "dice are 1–6"}},
		{"roll 7 1", Roll, []string{"there is no die 7", "dice are 1–6"}},
		{"steer x", Steer, []string{`"x" is not a row`}},
		{"steer 7", Steer, []string{"there is no row 7", "rows are 2–6 and 8–12"}},
		{"pirates 1", Pirates, []string{"there is no row 1"}},
		{"pirates -3", Pirates, []string{`"-3" is not a row`}},
		{"keep 10", KeepChurchTile, []string{"there is no church tile 10", "church tiles are 1–9"}},
		{"keep x", KeepChurchTile, []string{`"x" is not a church tile`}},
		{"permit 5 a2", PlacePermit, []string{"there is no permit 5", "permits are 0–4"}},
		{"permit c5 2", PlacePermit, []string{`"c5" is not a permit`}},
		{"upgrade permit c5 9", UpgradePermit, []string{"there is no permit 9"}},
		{"bonus permit 12 c5", BonusPermit, []string{"there is no permit 12"}},
		{"discard 100 gold", Discard, []string{"100 cards of one kind are too many (at most 99)"}},
		{"discard gold 1", Discard, []string{`"gold" is not a number of cards`}},
		// Squares.
		{"permit 0 a7", PlacePermit, []string{`"a7" is not a square: there is no row 7 (rows are 2–6 and 8–12)`}},
		{"build tavern a1", Build, []string{`"a1" is not a square: there is no row 1`}},
		{"build tavern a13", Build, []string{`"a13" is not a square: there is no row 13`}},
		{"build tavern j5", Build, []string{`"j5" is not a square: there is no column j (columns are a–i)`}},
		{"move permit z3 c5", MovePermit, []string{`"z3" is not a square: there is no column z`}},
		{"rebuild hut c", Rebuild, []string{`"c" is not a square`, "such as c8"}},
		{"upgrade permit c5x 2", UpgradePermit, []string{`"c5x" is not a square`}},
		// Buildings, colours, wall sites, cards.
		{"build castle c5", Build, []string{`unknown building "castle"`, "hut, totem, house, workshop, well, market, tavern, shop or large"}},
		{"build none c5", Build, []string{`unknown building "none"`}},
		{"rebuild castle c5", Rebuild, []string{`unknown building "castle"`, "hut and totem"}},
		{"remove castle", DeclineRebuild, []string{`unknown building "castle"`, "hut and totem"}},
		{"build tavern c5 pay purple", Build, []string{`unknown colour "purple"`, "blue, green and yellow"}},
		{"build tavern c5 pay red", Build, []string{`unknown colour "red"`, "red cards of some editions are yellow"}},
		{"permit 2 c5 pay", PlacePermit, []string{`"pay" needs a colour`}},
		{"build tavern pay blue c5", Build, []string{`"pay blue" must end the move`}},
		{"wall Q3", BuildWall, []string{`"q3" is not a wall site`, "Nc–Nh", "E8–E11"}},
		{"wall E7", BuildWall, []string{`"e7" is not a wall site`}},
		{"discard 1 purple", Discard, []string{`"purple" is not a kind of card (gold, blue, green or yellow)`}},
		{"discard 1 gold 2 gold", Discard, []string{`"gold" is named twice`}},
		{"return 1 blue 2 blue", ReturnInfluence, []string{`"blue" is named twice`}},
		{"return 1 gold", ReturnInfluence, []string{"influence cards only, not gold"}},
		{"return 1 silver", ReturnInfluence, []string{`"silver" is not an influence colour`}},
		{"discard nothing 1 gold", Discard, []string{`"nothing" stands alone`}},
		{"discard 1 gold nothing", Discard, []string{`"nothing" stands alone`}},
		// A "pay" the kind does not take.
		{"rebuild hut d4 pay blue", Rebuild, []string{`rebuild does not take "pay"`}},
		{"bonus permit 2 c5 pay blue", BonusPermit, []string{`bonus permit does not take "pay"`}},
		{"roll pay green", Roll, []string{`roll does not take "pay"`}},
		{"discard 1 gold pay blue", Discard, []string{`discard does not take "pay"`}},
		{"end turn pay", EndTurn, []string{`end turn does not take "pay"`}},
		{"church pay blue", BuildChurch, []string{`church does not take "pay"`}},
		{"wall Nc pay blue", BuildWall, []string{`wall does not take "pay"`}},
		{"keep 3 pay blue", KeepChurchTile, []string{`keep does not take "pay"`}},
		{"remove hut pay blue", DeclineRebuild, []string{`remove does not take "pay"`}},
		{"take gold pay green", TakeGold, []string{`take gold does not take "pay"`}},
		{"bonus gold pay blue", BonusGold, []string{`bonus gold does not take "pay"`}},
		{"end build pay blue", EndBuilding, []string{`end build does not take "pay"`}},
		{"steer 5 pay blue", Steer, []string{`steer does not take "pay"`}},
		{"pirates 5 pay blue", Pirates, []string{`pirates does not take "pay"`}},
		{"return 1 blue pay blue", ReturnInfluence, []string{`return does not take "pay"`}},
	} {
		quoted[tc.kind] = true
		m, err := ParseMove(tc.in)
		if err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", tc.in, m)
			continue
		}
		if m != (Move{}) {
			t.Errorf("ParseMove(%q) refused with the move %+v, want the zero Move", tc.in, m)
		}
		if !errors.Is(err, ErrNotation) || errors.Is(err, ErrMalformedMove) {
			t.Errorf("ParseMove(%q): %v does not wrap ErrNotation alone", tc.in, err)
		}
		want := append([]string{"elasund: cannot parse move " + quote(tc.in) + ": "}, tc.want...)
		if tc.kind != NoMove {
			want = append(want, "; expected "+quote(kindForms[tc.kind]))
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ParseMove(%q): %q\ndoes not contain %q", tc.in, err, w)
			}
		}
	}
	for k := Roll; k < numKinds; k++ {
		if !quoted[k] {
			t.Errorf("no refusal above quotes the form of %s", k)
		}
	}
}

// ParseMove checks the form only: these moves are in the form of their kind
// (though some are never legal, which is for Apply to say) and read as
// before the errors were reworded.
func TestParseMoveAcceptsForm(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Move
	}{
		{"keep 0", Move{Kind: KeepChurchTile}},
		{"roll 0 6", Move{Kind: Roll, Dice: [2]uint8{0, 6}}},
		{"roll 0 0", Move{Kind: Roll}},
		{"discard 0 gold", Move{Kind: Discard}},
		{"return 0 gold 1 blue", Move{Kind: ReturnInfluence, Cards: Cards{Blue: 1}}},
		{"return nothing", Move{Kind: ReturnInfluence}},
		{"discard 99 yellow 1 gold", Move{Kind: Discard, Cards: Cards{Gold: 1, Yellow: 99}}},
		{"remove tavern", Move{Kind: DeclineRebuild, Building: Tavern}},
		{"rebuild large c5", Move{Kind: Rebuild, Building: LargeBuilding, Square: sqr(t, "c5")}},
		{"REBUILD Totem A02", Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "a2")}},
		{"steer 02", Move{Kind: Steer, Row: 2}},
		{"move permit c5 d5", Move{Kind: MovePermit, From: sqr(t, "c5"), Square: sqr(t, "d5")}},
		{"upgrade permit c5 0", Move{Kind: UpgradePermit, Square: sqr(t, "c5")}},
		{"wall nc", Move{Kind: BuildWall, Site: NorthSite(2)}},
		{"wall E11", Move{Kind: BuildWall, Site: EastSite(11)}},
		{"permit 04 i12 pay yellow", Move{Kind: PlacePermit, Permit: 4, Square: sqr(t, "i12"), Pay: InfluenceYellow}},
		{" end\tturn ", Move{Kind: EndTurn}},
	} {
		if m, err := ParseMove(tc.in); err != nil || m != tc.want {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", tc.in, m, err, tc.want)
		}
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, "\t", `\t`) + `"` }

// Each form starts with its kind's name (TestParseMoveDocListsForms checks
// that ParseMove's documentation lists the forms).
func TestKindFormsStartWithName(t *testing.T) {
	for k := Roll; k < numKinds; k++ {
		if f := kindForms[k]; f != kindNames[k] && !strings.HasPrefix(f, kindNames[k]+" ") {
			t.Errorf("form %q does not start with the kind's name %q", f, kindNames[k])
		}
	}
}

// formPattern turns a form into a regular expression that matches the
// moves it describes: fields in capitals match what the notation writes
// for them, "a|b" one of the words, "[…]" optionally, "…" repeats.
func formPattern(form string) *regexp.Regexp {
	field := map[string]string{
		"DIE": "[1-6]", "ROW": "(?:[2-6]|8|9|1[0-2])", "N": "[0-9]{1,2}", "CARD": "(?:gold|blue|green|yellow)",
		"COLOUR": "(?:blue|green|yellow)", "BUILDING": "(?:hut|totem|house|workshop|well|market|tavern|shop|large)",
		"SQUARE": "[a-i](?:[2-6]|8|9|1[0-2])", "SITE": "(?:N[c-h]|S[c-h]|E(?:[3-6]|8|9|1[01]))", "TILE": "[0-9]", "VALUE": "[0-4]",
	}
	var b strings.Builder
	for i, w := range strings.Fields(form) {
		blank := " "
		if i == 0 {
			blank = ""
		}
		if w == "…]" {
			b.WriteString(")*") // the group repeats rather than being optional
			continue
		}
		open, close := strings.HasPrefix(w, "["), strings.HasSuffix(w, "]")
		if w = strings.Trim(w, "[]"); field[w] == "" {
			field[w] = "(?:" + w + ")"
		}
		if open {
			b.WriteString("(?:")
		}
		b.WriteString(blank + field[w])
		if close {
			b.WriteString(")?")
		}
	}
	return regexp.MustCompile("^" + b.String() + "$")
}

// Every move Move.String writes fits its kind's form: the examples of the
// forms, the documented notation, and the legal moves of random play. Each
// example reads back as a move of its kind.
func TestMoveStringFitsForm(t *testing.T) {
	check := func(m Move) {
		t.Helper()
		if (m.Kind == Discard || m.Kind == ReturnInfluence) && m.Cards == (Cards{}) {
			if want := m.Kind.String() + " nothing"; m.String() != want { // as ParseMove's documentation says
				t.Errorf("%+v is written %q, want %q", m, m.String(), want)
			}
			return
		}
		if p := formPattern(kindForms[m.Kind]); !p.MatchString(m.String()) {
			t.Errorf("%q (%+v) does not fit the form %q (%s)", m.String(), m, kindForms[m.Kind], p)
		}
	}
	for k := Roll; k < numKinds; k++ {
		m, err := ParseMove(kindExamples[k])
		if err != nil || m.Kind != k || m.String() != kindExamples[k] {
			t.Errorf("example %q of %s: ParseMove = %+v, %v", kindExamples[k], k, m, err)
			continue
		}
		check(m)
	}
	for _, tc := range boardMoveTexts(t) {
		check(tc.m)
	}
	check(Move{Kind: Discard})
	check(Move{Kind: ReturnInfluence})
	check(Move{Kind: DeclineRebuild, Building: Totem})
	for n := 2; n <= 4; n++ {
		g, err := New(Config{Players: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 300 && !g.Over(); step++ {
			legal := g.Legal()
			for _, m := range legal {
				check(m)
			}
			mustApply(t, g, legal[(step*7)%len(legal)])
		}
	}
	// The pattern itself refuses what a form does not allow.
	for _, tc := range []struct{ form, text string }{
		{"roll [DIE DIE]", "roll 3"}, {"discard N CARD [N CARD …]", "discard 1 gold 2"}, {"steer ROW", "steer 7"},
		{"build BUILDING SQUARE [pay COLOUR]", "build tavern c5 blue"}, {"remove hut|totem", "remove tavern"},
	} {
		if formPattern(tc.form).MatchString(tc.text) {
			t.Errorf("the pattern of %q matches %q", tc.form, tc.text)
		}
	}
}

// ParseMove's documentation lists each kind's form with its example, as
// kindForms and kindExamples have them.
func TestParseMoveDocListsForms(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "notation.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "ParseMove" {
			doc = fd.Doc.Text()
		}
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(l, "\t") {
			f := strings.SplitN(strings.TrimSpace(l), "  ", 2)
			if len(f) == 2 {
				lines[f[0]+" = "+strings.TrimSpace(f[1])] = true
			} else {
				lines[f[0]+" = "+f[0]] = true
			}
		}
	}
	for k := Roll; k < numKinds; k++ {
		if l := kindForms[k] + " = " + kindExamples[k]; !lines[l] {
			t.Errorf("ParseMove's documentation does not list %q with the example %q", kindForms[k], kindExamples[k])
		}
	}
	if len(lines) != int(numKinds)-1 {
		t.Errorf("ParseMove's documentation lists %d forms, want %d", len(lines), numKinds-1)
	}
}

// The notation examples of the README and the package documentation are
// in those files (as written there, at times broken over comment lines),
// parse, and are written back the same.
func TestNotationExamplesParse(t *testing.T) {
	files := map[string]string{}
	for _, tc := range []struct{ file, written, move string }{
		{"README.md", "`build tavern c5 pay blue`", "build tavern c5 pay blue"},
		{"README.md", "`wall E5`", "wall E5"},
		{"README.md", "`permit 2 d8`", "permit 2 d8"},
		{"README.md", "`discard 1 gold 1 green`", "discard 1 gold 1 green"},
		{"README.md", "`keep 7`", "keep 7"},
		{"README.md", `illegal move "end turn"`, "end turn"},
		{"doc.go", "(\"build\n// tavern c5 pay blue\"", "build tavern c5 pay blue"},
		{"doc.go", `"wall E5"`, "wall E5"},
		{"doc.go", `"permit 2 d8"`, "permit 2 d8"},
		{"doc.go", "(\"remove\n//     hut\")", "remove hut"},
		{"move.go", `"build tavern c5"`, "build tavern c5"},
		{"move.go", `"build tavern c5 pay blue"`, "build tavern c5 pay blue"},
		{"move.go", `"wall Nc"`, "wall Nc"},
		{"move.go", `"permit 2 e6"`, "permit 2 e6"},
		{"move.go", `"discard 1 gold 1 green"`, "discard 1 gold 1 green"},
		{"example_test.go", `ParseMove("build tavern c5 pay blue")`, "build tavern c5 pay blue"},
	} {
		if _, ok := files[tc.file]; !ok {
			b, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			files[tc.file] = string(b)
		}
		if !strings.Contains(files[tc.file], tc.written) {
			t.Errorf("%s does not contain %q", tc.file, tc.written)
		}
		if m, err := ParseMove(tc.move); err != nil || m.String() != tc.move {
			t.Errorf("%s's example %q: ParseMove = %+v (%q), %v", tc.file, tc.move, m, m.String(), err)
		}
	}
}
