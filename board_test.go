package elasund

import (
	"slices"
	"testing"
)

// boardRowNames are RULES.md §1's rows, north to south.
var boardRowNames = []string{"2", "3", "4", "5", "6", "8", "9", "10", "11", "12"}

// §1: rows are named by ship numbers 2–12 without 7.
func TestBoardRows(t *testing.T) {
	rows := Rows()
	want := [NumRows]Row{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
	if rows != want {
		t.Errorf("Rows() = %v, want %v", rows, want)
	}
	for i, r := range rows {
		if !r.Valid() || r.String() != boardRowNames[i] {
			t.Errorf("row %d: Valid %v String %q", r, r.Valid(), r.String())
		}
	}
	for r := 0; r < 256; r++ {
		if Row(r).Valid() != slices.Contains(want[:], Row(r)) {
			t.Errorf("Row(%d).Valid() = %v", r, Row(r).Valid())
		}
	}
	if Row(7).Valid() || Row(7).String() != "-" {
		t.Errorf("row 7 exists")
	}
}

// §1: the city is a–e (50 squares) for 2 players, a–g (70) for 3, a–i (90)
// for 4.
func TestBoardCitySize(t *testing.T) {
	for _, tc := range []struct{ players, cols, squares int }{
		{2, 5, 50}, {3, 7, 70}, {4, 9, 90}, {0, 0, 0}, {1, 0, 0}, {5, 0, 0}, {-2, 0, 0},
	} {
		if c := CityColumns(tc.players); c != tc.cols {
			t.Errorf("CityColumns(%d) = %d, want %d", tc.players, c, tc.cols)
		}
		var want []Square
		for _, r := range boardRowNames {
			for col := 0; col < tc.cols; col++ {
				want = append(want, sqr(t, string(rune('a'+col))+r))
			}
		}
		got := CitySquares(tc.players)
		if len(got) != tc.squares || !slices.Equal(got, want) {
			t.Errorf("CitySquares(%d) = %v (%d), want %v", tc.players, got, len(got), want)
		}
		for s := Square(0); s < NumSquares; s++ {
			if InCity(s, tc.players) != slices.Contains(want, s) {
				t.Errorf("InCity(%v, %d) = %v", s, tc.players, InCity(s, tc.players))
			}
		}
	}
}

// §1: column a is a 1-TP harbor field for every player count; f2 and f12
// are 2-TP gate fields for 3 and 4 players, h2 and h12 for 4; nothing else.
func TestBoardTradeFields(t *testing.T) {
	harbor := []string{"a2", "a3", "a4", "a5", "a6", "a8", "a9", "a10", "a11", "a12"}
	for _, tc := range []struct {
		players int
		gates   []string
	}{
		{2, nil},
		{3, []string{"f2", "f12"}},
		{4, []string{"f2", "h2", "f12", "h12"}},
	} {
		want := map[Square]int{}
		for _, s := range harbor {
			want[sqr(t, s)] = 1
		}
		for _, s := range tc.gates {
			want[sqr(t, s)] = 2
		}
		for s := Square(0); s < NumSquares; s++ {
			if got := TradeValue(s, tc.players); got != want[s] {
				t.Errorf("%d players: TradeValue(%v) = %d, want %d", tc.players, s, got, want[s])
			}
		}
		got := TradeFields(tc.players)
		var wantList []Square
		for s := Square(0); s < NumSquares; s++ {
			if want[s] > 0 {
				wantList = append(wantList, s)
			}
		}
		if !slices.Equal(got, wantList) {
			t.Errorf("%d players: TradeFields = %v, want %v", tc.players, got, wantList)
		}
	}
	for _, n := range []int{0, 1, 5} {
		if len(TradeFields(n)) != 0 || TradeValue(sqr(t, "a2"), n) != 0 {
			t.Errorf("%d players have trade fields", n)
		}
	}
}

// §1: squares are written column + row; every one of the 90 squares reads
// back, and text that names no square is an error.
func TestBoardParseSquare(t *testing.T) {
	seen := map[Square]bool{}
	for col := 0; col < 9; col++ {
		for ri, r := range boardRowNames {
			name := string(rune('a'+col)) + r
			s, err := ParseSquare(name)
			if err != nil {
				t.Errorf("ParseSquare(%q): %v", name, err)
				continue
			}
			if s.String() != name || s.Col() != col || s.Row() != Rows()[ri] || !s.Valid() || seen[s] {
				t.Errorf("ParseSquare(%q) = %d: String %q Col %d Row %v", name, s, s.String(), s.Col(), s.Row())
			}
			if SquareAt(col, Rows()[ri]) != s {
				t.Errorf("SquareAt(%d, %v) = %v, want %v", col, Rows()[ri], SquareAt(col, Rows()[ri]), s)
			}
			if u, err := ParseSquare(string(rune('A'+col)) + r); err != nil || u != s {
				t.Errorf("ParseSquare upper case %q: %v %v", name, u, err)
			}
			seen[s] = true
		}
	}
	if len(seen) != NumSquares {
		t.Errorf("%d distinct squares, want 90", len(seen))
	}
	for _, s := range []string{"a7", "j3", "a1", "a13", "", "c", "zz9", "a0", "i7", "j12", "a", "8c",
		"c-8", "c 8", "c8 ", "c100", "c08x", "@5", "`5", "é8", "c\xff"} {
		if q, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", s, q)
		} else if q != NoSquare {
			t.Errorf("ParseSquare(%q) error with square %v, want NoSquare", s, q)
		}
	}
	for _, tc := range []struct{ col, row int }{{-1, 2}, {9, 2}, {0, 7}, {0, 1}, {0, 13}} {
		if SquareAt(tc.col, Row(tc.row)) != NoSquare {
			t.Errorf("SquareAt(%d, %d) is a square", tc.col, tc.row)
		}
	}
}

// §1: the church foundation is c8.
func TestBoardChurchFoundation(t *testing.T) {
	if ChurchFoundation != sqr(t, "c8") || ChurchFoundation.String() != "c8" {
		t.Errorf("ChurchFoundation = %v, want c8", ChurchFoundation)
	}
}

// §1: starting squares by colour, all inside the 2-player city.
func TestBoardStartingSquares(t *testing.T) {
	for _, c := range []Color{Red, Blue, Green, Yellow} {
		want := boardStart[c]
		hut, totem := StartingSquares(c)
		if hut != sqr(t, want[0]) || totem != sqr(t, want[1]) {
			t.Errorf("%v: hut %v totem %v, want %s %s", c, hut, totem, want[0], want[1])
		}
		for _, s := range want {
			if !InCity(sqr(t, s), 2) {
				t.Errorf("%v: %s is outside the 2-player city", c, s)
			}
		}
	}
}

// §1/§7: wall sites. North and south sites above/below columns c–d (2
// players), c–f (3), c–h (4); east sites rows 3–11; 12, 16, 20 sites.
func TestBoardWallSites(t *testing.T) {
	east := []string{"E3", "E4", "E5", "E6", "E8", "E9", "E10", "E11"}
	for _, tc := range []struct {
		players int
		cols    string
	}{{2, "cd"}, {3, "cdef"}, {4, "cdefgh"}} {
		var want []string
		for _, c := range tc.cols {
			want = append(want, "N"+string(c), "S"+string(c))
		}
		want = append(want, east...)
		slices.Sort(want)
		var got []string
		for _, w := range WallSites(tc.players) {
			got = append(got, w.String())
			back, err := ParseWallSite(w.String())
			if err != nil || back != w {
				t.Errorf("ParseWallSite(%q) = %v, %v", w.String(), back, err)
			}
			if low, err := ParseWallSite(string(w.String()[0]+'a'-'A') + w.String()[1:]); err != nil || low != w {
				t.Errorf("ParseWallSite lower case %v: %v %v", w, low, err)
			}
			if w.East() != (w.String()[0] == 'E') {
				t.Errorf("%v: East %v", w, w.East())
			}
			wantCost := 2
			if w.East() {
				wantCost = 4
			}
			if w.Cost() != wantCost {
				t.Errorf("%v costs %d, want %d", w, w.Cost(), wantCost)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) || len(got) != 4*tc.players+4 {
			t.Errorf("%d players: wall sites %v, want %v", tc.players, got, want)
		}
	}
	for i, r := range []Row{3, 4, 5, 6, 8, 9, 10, 11} {
		w := EastSite(r)
		if w.String() != east[i] || w.Row() != r || !w.East() {
			t.Errorf("EastSite(%v) = %v row %v", r, w, w.Row())
		}
	}
	for col := 2; col <= 7; col++ {
		n, s := NorthSite(col), SouthSite(col)
		if n.String() != "N"+string(rune('a'+col)) || s.String() != "S"+string(rune('a'+col)) || n.Row() != NoRow || s.Row() != NoRow {
			t.Errorf("column %d: sites %v %v", col, n, s)
		}
	}
	for _, bad := range []int{-1, 0, 1, 8, 9} {
		if NorthSite(bad) != NoWallSite || SouthSite(bad) != NoWallSite {
			t.Errorf("column %d has a north/south site", bad)
		}
	}
	for _, r := range []Row{2, 12, 7, 0} {
		if EastSite(r) != NoWallSite {
			t.Errorf("row %d has an east site", r)
		}
	}
	for _, s := range []string{"", "N", "Na", "Nb", "Ni", "E2", "E7", "E12", "X3", "NC", "Nc ", "E03", "-", "E"} {
		if w, err := ParseWallSite(s); err == nil {
			t.Errorf("ParseWallSite(%q) = %v, want an error", s, w)
		}
	}
	for _, n := range []int{0, 1, 5} {
		if len(WallSites(n)) != 0 {
			t.Errorf("%d players have wall sites", n)
		}
	}
}

// §7: a wall site costs 2 or 4 gold; a value that is no wall site has no
// cost (accessors return zero values on invalid arguments).
func TestBoardWallSiteCostInvalid(t *testing.T) {
	for _, w := range []WallSite{20, 250, NoWallSite} {
		if c := w.Cost(); c != 0 {
			t.Errorf("WallSite(%d).Cost() = %d, want 0", w, c)
		}
	}
}

// TestLocationSentinels: the places off the board are distinct Square
// values, none of them a square or NoSquare, each printing its own name;
// BuildingOrigin and PermitSquare answer them for pieces off the board and
// NoSquare only for arguments that name no piece.
func TestLocationSentinels(t *testing.T) {
	for _, tc := range []struct {
		s    Square
		name string
	}{
		{NoSquare, "-"}, {InSupply, "supply"}, {AwaitingRebuild, "awaiting rebuild"}, {RemovedFromGame, "removed"},
		{Square(NumSquares), "-"}, {200, "-"}, {251, "-"},
	} {
		if tc.s.Valid() || tc.s.String() != tc.name {
			t.Errorf("Square(%d): Valid %v, String %q; want false, %q", tc.s, tc.s.Valid(), tc.s.String(), tc.name)
		}
	}
	if len(map[Square]bool{NoSquare: true, InSupply: true, AwaitingRebuild: true, RemovedFromGame: true}) != 4 {
		t.Error("NoSquare, InSupply, AwaitingRebuild and RemovedFromGame are not distinct")
	}
	g := newTestGame(t, 2)
	for _, tc := range []struct {
		what string
		got  Square
		want Square
	}{
		{"BuildingOrigin(0, House)", g.BuildingOrigin(0, House), InSupply},
		{"BuildingOrigin(0, Hut)", g.BuildingOrigin(0, Hut), sqr(t, "d4")},
		{"BuildingOrigin(9, House)", g.BuildingOrigin(9, House), NoSquare},
		{"BuildingOrigin(2, House) of a 2-player game", g.BuildingOrigin(2, House), NoSquare},
		{"BuildingOrigin(NoPlayer, House)", g.BuildingOrigin(NoPlayer, House), NoSquare},
		{"BuildingOrigin(0, Tavern)", g.BuildingOrigin(0, Tavern), NoSquare},
		{"PermitSquare(0, 0)", g.PermitSquare(0, 0), InSupply},
		{"PermitSquare(0, 7)", g.PermitSquare(0, 7), NoSquare},
		{"PermitSquare(0, -1)", g.PermitSquare(0, -1), NoSquare},
		{"PermitSquare(3, 0) of a 2-player game", g.PermitSquare(3, 0), NoSquare},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v (%d); want %v (%d)", tc.what, tc.got, tc.got, tc.want, tc.want)
		}
	}
}
