package elasund

import "testing"

// rawMove is a Move without its String method, so that %#v prints every
// field's number.
type rawMove Move

// TestRegressionParseMoveRowSeven: FuzzParseMove found that ParseMove read
// "steer 7" as a Steer to row 7, which is no row (rows are 2–6 and 8–12,
// RULES.md §1), so the move's String, "steer -", did not read back. Steer
// and Pirates must name a row of the board; every row reads back.
func TestRegressionParseMoveRowSeven(t *testing.T) {
	for _, s := range []string{"steer 7", "pirates 7", "steer 0", "pirates 1", "steer 01", "pirates 13", "steer 07"} {
		if m, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %#v, want an error: not a row", s, rawMove(m))
		}
	}
	for _, k := range []MoveKind{Steer, Pirates} {
		for _, r := range []Row{2, 3, 4, 5, 6, 8, 9, 10, 11, 12} {
			want := Move{Kind: k, Row: r}
			if got, err := ParseMove(want.String()); err != nil || got != want {
				t.Errorf("ParseMove(%q) = %#v, %v; want %#v", want.String(), rawMove(got), err, rawMove(want))
			}
		}
	}
}
