package main

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// Reading a listing back as a person does.
var (
	entryRe = regexp.MustCompile(`(\d+)\) (\S+(?: \S+)*)`)                   // "12) permit 2 d8" (columns are 2+ spaces apart)
	stemRe  = regexp.MustCompile(`^ *(\d+)-(\d+)\) (.+); SQ in row (.*)$`)   // "1-5) permit 0 SQ; SQ in row 9: a c d"
	contRe  = regexp.MustCompile(`^ {11}(\d+: [a-i](?: [a-i])*;?(?: .*)?)$`) // "           4: a b e f g; 5: a c"
	rowRe   = regexp.MustCompile(`(\d+): ([a-i](?: [a-i])*)`)
)

// readListing reads a listing written by moveList.write or writeFiltered
// as a person would: the numbers and the notation of the moves they stand
// for, a compact line's SQ replaced by each square of its rows in turn.
func readListing(t *testing.T, text string) map[int]string {
	t.Helper()
	got := map[int]string{}
	put := func(n int, move string) {
		if old, dup := got[n]; dup {
			t.Fatalf("number %d stands for %q and %q in\n%s", n, old, move, text)
		}
		got[n] = move
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if len(line) > width {
			t.Errorf("a line of %d columns: %q", len(line), line)
		}
		if m := stemRe.FindStringSubmatch(line); m != nil {
			rows := m[4]
			for i+1 < len(lines) && contRe.MatchString(lines[i+1]) {
				i++
				rows += " " + strings.TrimSpace(lines[i])
			}
			first, _ := strconv.Atoi(m[1])
			last, _ := strconv.Atoi(m[2])
			n := first
			for _, seg := range rowRe.FindAllStringSubmatch(rows, -1) {
				for _, col := range strings.Fields(seg[2]) {
					put(n, strings.Replace(m[3], "SQ", col+seg[1], 1))
					n++
				}
			}
			if n != last+1 {
				t.Errorf("%q lists %d squares for the numbers %d-%d", line, n-first, first, last)
			}
			continue
		}
		for _, m := range entryRe.FindAllStringSubmatch(line, -1) {
			n, _ := strconv.Atoi(m[1])
			put(n, m[2])
		}
	}
	return got
}

// TestMoveListReadsBack: at positions of seeded random games, the numbered
// moves are the legal moves, each once; the listing a person reads gives
// every number the move it stands for (compact lines included), in 80
// columns; long lists of moves with a target square are compacted, by
// the move without its square, those that pay no influence first; "moves
// all" lists every move in full and "moves WORDS" those that begin so.
func TestMoveListReadsBack(t *testing.T) {
	compact, positions := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := elasund.New(elasund.Config{Players: 2 + int(seed%3), Seed: seed, MaxTurns: 60})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for step := 0; !g.Over(); step++ {
			legal := g.Legal()
			if step%3 == 0 {
				positions++
				checkListing(t, legal, &compact)
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compact == 0 || positions < 100 {
		t.Errorf("%d positions, %d compact listings: the test saw too little", positions, compact)
	}
}

// checkListing checks the listing of legal and counts its compact groups.
func checkListing(t *testing.T, legal []elasund.Move, compact *int) {
	t.Helper()
	l := newMoveList(legal)
	if len(l.Moves) != len(legal) {
		t.Fatalf("%d moves numbered of %d legal", len(l.Moves), len(legal))
	}
	for _, m := range legal {
		if !slices.Contains(l.Moves, m) {
			t.Fatalf("legal move %v is not numbered", m)
		}
	}
	var b bytes.Buffer
	l.write(&b)
	read := readListing(t, b.String())
	if len(read) != len(l.Moves) {
		t.Fatalf("the listing shows %d numbers for %d moves:\n%s", len(read), len(l.Moves), b.String())
	}
	for i, m := range l.Moves {
		if read[i+1] != m.String() {
			t.Fatalf("number %d reads %q; it stands for %q:\n%s", i+1, read[i+1], m, b.String())
		}
	}
	for _, g := range l.groups {
		if g.stems == nil {
			if g.end-g.start > compactOver && hasTarget(g.kind) {
				t.Errorf("%d moves of kind %v listed in full", g.end-g.start, g.kind)
			}
			continue
		}
		*compact++
		for i := 1; i < len(g.stems); i++ {
			if l.Moves[g.stems[i].start].Pay < l.Moves[g.stems[i-1].start].Pay {
				t.Errorf("%q listed after %q: the moves that pay less influence come first", g.stems[i-1].text, g.stems[i].text)
			}
		}
	}
	b.Reset()
	if !l.writeFiltered(&b, "all") {
		t.Fatal(`"moves all" lists nothing`)
	}
	all := readListing(t, b.String())
	if len(all) != len(l.Moves) || strings.Contains(b.String(), "SQ") {
		t.Fatalf(`"moves all" lists %d of %d moves:\n%s`, len(all), len(l.Moves), b.String())
	}
	first := strings.Join(strings.Fields(l.Moves[0].String())[:1], " ")
	b.Reset()
	l.writeFiltered(&b, strings.ToUpper(first))
	for n, m := range readListing(t, b.String()) {
		if !strings.HasPrefix(m, first) || l.Moves[n-1].String() != m {
			t.Fatalf("moves %s lists %d) %s", first, n, m)
		}
	}
	if l.writeFiltered(&b, "nothing like this") {
		t.Error("a filter that matches no move listed some")
	}
}

// TestMoveListGroups pins the listing of a permit phase with many
// placements: the free rows first, then each colour paid, squares by row.
func TestMoveListGroups(t *testing.T) {
	legal := []elasund.Move{}
	add := func(pay elasund.InfluenceColor, squares ...string) {
		for _, s := range squares {
			m, err := elasund.ParseMove("permit 2 " + s)
			if err != nil {
				t.Fatal(err)
			}
			m.Pay = pay
			legal = append(legal, m)
		}
	}
	var many []string
	for _, r := range []string{"2", "3", "4", "5", "6", "8"} {
		for _, c := range "abcdefg" {
			many = append(many, string(c)+r)
		}
	}
	add(elasund.InfluenceBlue, many...)
	add(elasund.NoInfluence, "c9", "d9", "a10")
	add(elasund.InfluenceGreen, "e12")
	legal = append(legal, elasund.Move{Kind: elasund.TakeGold})
	var b bytes.Buffer
	newMoveList(legal).write(&b)
	want := `Permit: 46 moves, such as "permit 2 c9"
      1-3) permit 2 SQ; SQ in row 9: c d; 10: a
     4-45) permit 2 SQ pay blue; SQ in row 2: a b c d e f g; 3: a b c d e f g;
           4: a b c d e f g; 5: a b c d e f g; 6: a b c d e f g;
           8: a b c d e f g
       46) permit 2 e12 pay green
Gold:             47) take gold
`
	if b.String() != want {
		t.Errorf("listing:\n%s\nwant:\n%s", b.String(), want)
	}
}
