package elasund

import (
	"fmt"
	"strings"
)

// Board geometry (RULES.md §1).
//
// Columns are lettered from the sea eastward, a (the harbor column) to i.
// Rows are named by their ship numbers, north to south: 2 3 4 5 6 8 9 10 11
// 12; there is no row 7. The city's width depends on the player count.

// NumRows is the number of rows of the board (ship numbers 2–12 without 7).
const NumRows = 10

// NumColumns is the number of board columns, a to i.
const NumColumns = 9

// NumSquares is the number of squares of the full (4-player) board.
const NumSquares = NumRows * NumColumns

// Row is a row of the city, named by its ship number: 2, 3, 4, 5, 6, 8, 9,
// 10, 11 or 12. There is no row 7. The zero value, NoRow, is no row (the ship
// before the first roll is in no row).
type Row uint8

// NoRow is the zero Row: no row of the board.
const NoRow Row = 0

// rowNumbers lists the rows north to south; rowIndex is its inverse
// (-1 for numbers that are not rows). Both are read-only tables.
var (
	rowNumbers = [NumRows]Row{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
	rowIndex   = [13]int8{-1, -1, 0, 1, 2, 3, 4, -1, 5, 6, 7, 8, 9}
)

// Rows returns the ten rows of the board, north to south.
func Rows() [NumRows]Row { return rowNumbers }

// Valid reports whether r names a row of the board.
func (r Row) Valid() bool { return r.idx() >= 0 }

// idx is the 0-based position of r from the north, or -1.
func (r Row) idx() int {
	if int(r) >= len(rowIndex) {
		return -1
	}
	return int(rowIndex[r])
}

// String returns the row's ship number, or "-" for an invalid row.
func (r Row) String() string {
	var buf [4]byte
	return string(appendRow(buf[:0], r))
}

// Square is a square of the board, written column letter + row number
// ("c8", "a12"). Squares are numbered row by row from the north-west corner:
// a2 is 0, b2 is 1, …, i12 is 89. NoSquare is not a square; nor are
// InSupply, AwaitingRebuild and RemovedFromGame, which say where a
// building or permit is when it is not on the board.
type Square uint8

// NoSquare is the Square value that names no square: what the accessors
// answer for arguments that name nothing.
const NoSquare Square = 255

// SquareAt returns the square in column col (0 for a … 8 for i) and row r,
// or NoSquare if there is none.
func SquareAt(col int, r Row) Square {
	if col < 0 || col >= NumColumns || !r.Valid() {
		return NoSquare
	}
	return Square(r.idx()*NumColumns + col)
}

// sq is SquareAt on 0-based indexes, for in-range values.
func sq(col, ri int) Square { return Square(ri*NumColumns + col) }

// ParseSquare parses a square written as column letter and row number,
// such as "c8". Its error wraps ErrNotation.
func ParseSquare(s string) (Square, error) {
	if len(s) < 2 || len(s) > 3 {
		return NoSquare, fmt.Errorf("%w square %s", ErrNotation, quoteInput(s))
	}
	col := int(strings.ToLower(s[:1])[0]) - 'a'
	var n int
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return NoSquare, fmt.Errorf("%w square %s", ErrNotation, quoteInput(s))
		}
		n = n*10 + int(c-'0')
	}
	if n > 12 {
		return NoSquare, fmt.Errorf("%w square %s: no row %d", ErrNotation, quoteInput(s), n)
	}
	q := SquareAt(col, Row(n))
	if q == NoSquare {
		return NoSquare, fmt.Errorf("%w square %s", ErrNotation, quoteInput(s))
	}
	return q, nil
}

// Valid reports whether s is a square of the board.
func (s Square) Valid() bool { return s < NumSquares }

// Col returns the square's column, 0 (a) to 8 (i), or -1 for NoSquare.
func (s Square) Col() int {
	if !s.Valid() {
		return -1
	}
	return int(s) % NumColumns
}

// Row returns the square's row, or NoRow for NoSquare.
func (s Square) Row() Row {
	if !s.Valid() {
		return NoRow
	}
	return rowNumbers[int(s)/NumColumns]
}

func (s Square) col() int { return int(s) % NumColumns }
func (s Square) ri() int  { return int(s) / NumColumns }

// String returns the square as column letter and row number ("c8"); for
// the locations off the board "supply", "awaiting rebuild" or "removed"
// (as the JSON forms write them); "-" for NoSquare and any other value.
func (s Square) String() string {
	var buf [16]byte
	return string(appendSquare(buf[:0], s))
}

// ChurchFoundation is c8, the square where the first church tile goes.
const ChurchFoundation Square = 5*NumColumns + 2

// CityColumns returns how many columns, from a eastward, the city has for the
// given player count: 5 (a–e) for 2 players, 7 (a–g) for 3, 9 (a–i) for 4.
// It returns 0 for any other player count.
func CityColumns(players int) int {
	if players < MinPlayers || players > MaxPlayers {
		return 0
	}
	return 2*players + 1
}

// InCity reports whether s lies inside the city for the given player count.
func InCity(s Square, players int) bool {
	return s.Valid() && s.col() < CityColumns(players)
}

// CitySquares returns the city's squares for the given player count, in
// square order (row by row from the north-west), in a new slice.
func CitySquares(players int) []Square { return AppendCitySquares(nil, players) }

// AppendCitySquares appends the squares CitySquares lists to dst and
// returns the extended slice.
func AppendCitySquares(dst []Square, players int) []Square {
	for s := Square(0); s < NumSquares; s++ {
		if InCity(s, players) {
			dst = append(dst, s)
		}
	}
	return dst
}

// TradeValue returns the trade points of square s for the given player count
// (RULES.md §1): 1 for the harbor fields of column a, 2 for the gate fields
// f2 and f12 (3 and 4 players) and h2 and h12 (4 players), 0 for any other
// square.
func TradeValue(s Square, players int) int {
	if !InCity(s, players) {
		return 0
	}
	c, ri := s.col(), s.ri()
	switch {
	case c == 0:
		return 1
	case ri != 0 && ri != NumRows-1:
		return 0
	case c == 5 && players >= 3, c == 7 && players == 4:
		return 2
	}
	return 0
}

// TradeFields returns the trade fields of the city for the given player
// count, in square order, in a new slice.
func TradeFields(players int) []Square { return AppendTradeFields(nil, players) }

// AppendTradeFields appends the squares TradeFields lists to dst and
// returns the extended slice.
func AppendTradeFields(dst []Square, players int) []Square {
	for s := Square(0); s < NumSquares; s++ {
		if TradeValue(s, players) > 0 {
			dst = append(dst, s)
		}
	}
	return dst
}

// Color is a player's colour. The zero value is NoColor.
type Color uint8

// The player colours.
const (
	NoColor Color = iota
	Red
	Blue
	Green
	Yellow
)

// String returns the colour's name in lower case.
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	case Green:
		return "green"
	case Yellow:
		return "yellow"
	}
	return "none"
}

// StartingSquares returns where the colour's hut and totem stand at the start
// (the totem covers totem and the square below it), or NoSquare twice for an
// invalid colour.
func StartingSquares(c Color) (hut, totem Square) {
	switch c {
	case Blue:
		return sq(2, 2), sq(1, 5) // c4, b8+b9
	case Red:
		return sq(3, 2), sq(4, 5) // d4, e8+e9
	case Yellow:
		return sq(2, 7), sq(1, 3) // c10, b5+b6
	case Green:
		return sq(3, 7), sq(4, 3) // d10, e5+e6
	}
	return NoSquare, NoSquare
}

// validateCells is Validate's check of the board's squares: something stands
// only inside the city; a building's square is covered by that building, a
// permit's holds its owner's permit, a church tile's is its place in the
// church area; the church foundation is empty before the church.
func (g *Game) validateCells() error {
	n := int(g.n)
	var covered bitboard // the squares of the buildings on the board
	for id := 0; id < numPieces; id++ {
		if o := g.pieceSq[id]; o.Valid() {
			covered = covered.or(footprint(pieceKinds[id], o))
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		v := g.cell[s]
		switch {
		case v == 0:
			continue
		case !InCity(s, n):
			return invalidState("something stands on %v, outside the city", s)
		case v <= numPieces:
			if !covered.has(s) {
				return invalidState("square %v names a building that does not cover it", s)
			}
		case v&cellPermit != 0:
			p, val := permitOf(v)
			if v&0x60 != 0 || val >= PermitsPerPlayer || g.permitSq[p][val] != s {
				return invalidState("permit on %v is not where its owner's permit is", s)
			}
		case v&cellChurch != 0:
			t := ChurchTile(v &^ cellChurch)
			if t < 1 || t > ChurchTiles || g.churchOrigin == NoSquare || churchSquare(g.churchOrigin, t) != s || g.churchOwner[t] < 0 {
				return invalidState("church tile on %v is not on its place in the church", s)
			}
		default:
			return invalidState("square %v holds code %d", s, v)
		}
		if s == ChurchFoundation && g.churchOrigin == NoSquare {
			return invalidState("something stands on the church foundation before the church")
		}
	}
	return nil
}
