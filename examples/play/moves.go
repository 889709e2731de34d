package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/elasund/elasund"
)

// The legal moves as the player sees them: numbered, grouped by kind, and
// compacted where a kind has many moves (permit placements can be hundreds).

// compactOver is the number of moves of one kind above which the kind is
// listed compactly: one line per move with the target square left out,
// followed by the squares.
const compactOver = 24

// width is the width of the terminal the listing is laid out for.
const width = 80

// kindTitles names the groups of the listing, by the kind of their moves.
var kindTitles = map[elasund.MoveKind]string{
	elasund.Roll:            "Roll",
	elasund.Steer:           "Steer the ship",
	elasund.Pirates:         "Send the pirates",
	elasund.Discard:         "Discard to the pirates",
	elasund.ReturnInfluence: "Return influence",
	elasund.Build:           "Build",
	elasund.BuildWall:       "Wall",
	elasund.BuildChurch:     "Church",
	elasund.KeepChurchTile:  "Keep a church tile",
	elasund.Rebuild:         "Rebuild",
	elasund.DeclineRebuild:  "Remove",
	elasund.EndBuilding:     "Done building",
	elasund.PlacePermit:     "Permit",
	elasund.TakeGold:        "Gold",
	elasund.MovePermit:      "Move a permit",
	elasund.UpgradePermit:   "Upgrade a permit",
	elasund.BonusPermit:     "Bonus permit",
	elasund.BonusGold:       "Bonus gold",
	elasund.EndTurn:         "No bonus",
}

// moveList is the player's legal moves in the order they are numbered:
// by kind, then (within a kind listed compactly) by the move without its
// target square, those that cost no influence first, then by square, each
// in the order the engine lists them. Moves[i] is
// number i+1.
type moveList struct {
	Moves  []elasund.Move
	groups []moveGroup
}

// moveGroup is the moves of one kind: Moves[start:end] of the list.
type moveGroup struct {
	kind       elasund.MoveKind
	start, end int
	stems      []stem // when the kind is listed compactly
}

// stem is the moves of a compact group that differ only in their target
// square: Moves[start:start+len(squares)].
type stem struct {
	text    string // the notation with SQ for the square
	start   int
	squares []elasund.Square
}

// newMoveList numbers legal, which the engine listed.
func newMoveList(legal []elasund.Move) *moveList {
	l := &moveList{}
	var kinds []elasund.MoveKind
	byKind := map[elasund.MoveKind][]elasund.Move{}
	for _, m := range legal {
		if _, seen := byKind[m.Kind]; !seen {
			kinds = append(kinds, m.Kind)
		}
		byKind[m.Kind] = append(byKind[m.Kind], m)
	}
	sortKinds(kinds)
	for _, k := range kinds {
		ms := byKind[k]
		g := moveGroup{kind: k, start: len(l.Moves)}
		if len(ms) <= compactOver || !hasTarget(k) {
			l.Moves = append(l.Moves, ms...)
		} else {
			// Group by the move without its square, in order of first
			// appearance.
			var keys []elasund.Move
			byStem := map[elasund.Move][]elasund.Move{}
			for _, m := range ms {
				key := m
				key.Square = elasund.NoSquare
				if _, seen := byStem[key]; !seen {
					keys = append(keys, key)
				}
				byStem[key] = append(byStem[key], m)
			}
			// Moves that cost no influence first (permits in the rows
			// the ship allows), then by the colour paid.
			slices.SortStableFunc(keys, func(a, b elasund.Move) int { return int(a.Pay) - int(b.Pay) })
			for _, key := range keys {
				s := stem{text: stemText(byStem[key][0]), start: len(l.Moves)}
				for _, m := range byStem[key] {
					s.squares = append(s.squares, m.Square)
					l.Moves = append(l.Moves, m)
				}
				g.stems = append(g.stems, s)
			}
		}
		g.end = len(l.Moves)
		l.groups = append(l.groups, g)
	}
	return l
}

// sortKinds orders kinds as the phases of a turn offer them.
func sortKinds(kinds []elasund.MoveKind) {
	for i := 1; i < len(kinds); i++ {
		for j := i; j > 0 && kinds[j] < kinds[j-1]; j-- {
			kinds[j], kinds[j-1] = kinds[j-1], kinds[j]
		}
	}
}

// hasTarget reports whether moves of kind k name a target square, by
// which a long list of them is compacted.
func hasTarget(k elasund.MoveKind) bool {
	switch k {
	case elasund.Build, elasund.Rebuild, elasund.PlacePermit, elasund.MovePermit, elasund.BonusPermit:
		return true
	}
	return false
}

// stemText is the notation of m with its target square written SQ.
func stemText(m elasund.Move) string {
	f := strings.Fields(m.String())
	sq := m.Square.String()
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == sq {
			f[i] = "SQ"
			break
		}
	}
	return strings.Join(f, " ")
}

// write lists the moves under their groups' titles, compact groups by
// their stems.
func (l *moveList) write(w io.Writer) {
	for _, g := range l.groups {
		title := kindTitles[g.kind] + ":"
		if g.stems == nil {
			writeColumns(w, title, l.entries(g.start, g.end, nil))
			continue
		}
		fmt.Fprintf(w, "%s %d moves, such as %q\n", title, g.end-g.start, l.Moves[g.start].String())
		for _, s := range g.stems {
			label := fmt.Sprintf("%d", s.start+1)
			if len(s.squares) > 1 {
				label = fmt.Sprintf("%d-%d", s.start+1, s.start+len(s.squares))
			}
			if len(s.squares) == 1 {
				fmt.Fprintf(w, "%9s) %v\n", label, l.Moves[s.start])
				continue
			}
			head := fmt.Sprintf("%9s) %s", label, s.text)
			writeWrapped(w, head+"; SQ in row", squaresByRow(s.squares), 11)
		}
	}
}

// squaresByRow writes squares, in their order, as runs of columns of one
// row: "2: a b c", "4: e f".
func squaresByRow(squares []elasund.Square) []string {
	var out []string
	for i, sq := range squares {
		col := string(rune('a' + sq.Col()))
		if i > 0 && sq.Row() == squares[i-1].Row() {
			out[len(out)-1] += " " + col
			continue
		}
		if len(out) > 0 {
			out[len(out)-1] += ";"
		}
		out = append(out, fmt.Sprintf("%v: %s", sq.Row(), col))
	}
	return out
}

// writeFiltered lists, numbered and in full, the moves whose notation
// begins with the words of prefix (every move for "all"). It reports
// whether any matched.
func (l *moveList) writeFiltered(w io.Writer, prefix string) bool {
	words := strings.Fields(strings.ToLower(prefix))
	all := len(words) == 1 && words[0] == "all"
	found := false
	for _, g := range l.groups {
		entries := l.entries(g.start, g.end, func(m elasund.Move) bool {
			if all {
				return true
			}
			f := strings.Fields(m.String())
			if len(f) < len(words) {
				return false
			}
			for i, w := range words {
				if f[i] != w {
					return false
				}
			}
			return true
		})
		if len(entries) > 0 {
			writeColumns(w, kindTitles[g.kind]+":", entries)
			found = true
		}
	}
	return found
}

// entries are the moves Moves[start:end] that keep accepts (all for a nil
// keep), as "12) permit 2 d8".
func (l *moveList) entries(start, end int, keep func(elasund.Move) bool) []string {
	var out []string
	for i := start; i < end; i++ {
		if keep == nil || keep(l.Moves[i]) {
			out = append(out, fmt.Sprintf("%3d) %s", i+1, l.Moves[i]))
		}
	}
	return out
}

// writeColumns writes title and entries in columns: on the title's line
// when they fit there, else in columns under it.
func writeColumns(w io.Writer, title string, entries []string) {
	col := 0
	for _, e := range entries {
		col = max(col, len(e)+2)
	}
	const indent = 2
	title = fmt.Sprintf("%-17s", title)
	if len(title)+col*len(entries) <= width {
		line := title
		for _, e := range entries {
			line += fmt.Sprintf("%-*s", col, e)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		return
	}
	fmt.Fprintln(w, strings.TrimRight(title, " "))
	cols := max(1, (width-indent)/col)
	for i := 0; i < len(entries); i += cols {
		line := strings.Repeat(" ", indent)
		for _, e := range entries[i:min(i+cols, len(entries))] {
			line += fmt.Sprintf("%-*s", col, e)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// writeWrapped writes head and then words, wrapping lines at the width and
// indenting the continuation lines.
func writeWrapped(w io.Writer, head string, words []string, indent int) {
	line := head
	for _, word := range words {
		if len(line)+1+len(word) > width {
			fmt.Fprintln(w, line)
			line = strings.Repeat(" ", indent-1)
		}
		line += " " + word
	}
	fmt.Fprintln(w, line)
}
