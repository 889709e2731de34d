package elasund

// Reading the arrays of a table's JSON form an element at a time.
// encoding/json decodes an array whole, into a slice of tens of bytes an
// element, before anything checks it: 32 MiB of "moves":[1,1,…] took
// 2.8 GB to refuse. The arrays of jsonTable and jsonConfig have types
// that encoding/json writes as slices but skips when it reads
// (jsonStrings, jsonInts); readTableArrays then walks the data once and
// reads them an element at a time. It checks each element's kind as
// encoding/json would and stops at the first it would refuse, counts the
// moves without keeping them, and keeps a byte an element of the
// configuration's lists. The moves are parsed afterwards (parseMoves),
// when the count is known to be within maxTableMoves, into a slice of
// exactly that many. The errors are those encoding/json and the checks
// after it gave, in the same order: the first value of the wrong kind in
// the data, then the configuration's words, then the number of moves,
// then the first move that is not one.

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonStrings is a JSON array of strings that encoding/json writes and
// does not read: readTableArrays reads it.
type jsonStrings []string

// UnmarshalJSON does nothing: readTableArrays reads the array.
func (*jsonStrings) UnmarshalJSON([]byte) error { return nil }

// jsonInts is a JSON array of numbers that encoding/json writes and does
// not read: readTableArrays reads it.
type jsonInts []int

// UnmarshalJSON does nothing: readTableArrays reads the array.
func (*jsonInts) UnmarshalJSON([]byte) error { return nil }

// tableArrays is what readTableArrays reads of a table's JSON form.
type tableArrays struct {
	// typeErr is the first value in the arrays of a kind encoding/json
	// refuses, as it reports it; nothing after it is read.
	typeErr *json.UnmarshalTypeError

	moveCount         int // the elements of "moves", which parseMoves reads
	movesAt, movesEnd int // where "moves" starts in the data and ends (0, 0: no moves)

	// The configuration's lists, each allocated to its count, and the
	// first word of a list that is not one, quoted ("": none), or the
	// first church tile out of range: its list stops there.
	colors                 []Color
	deck                   []InfluenceColor
	church                 []ChurchTile
	badColor, badInfluence string
	badTile                int
	hasBadTile             bool
}

// The arrays, with the Go types and fields encoding/json names in its
// errors.
var (
	movesArray  = jsonArray{reflect.TypeFor[jsonTable](), "moves", reflect.TypeFor[[]string]()}
	colorsArray = jsonArray{reflect.TypeFor[jsonConfig](), "config.colors", reflect.TypeFor[[]string]()}
	deckArray   = jsonArray{reflect.TypeFor[jsonConfig](), "config.influenceDeck", reflect.TypeFor[[]string]()}
	churchArray = jsonArray{reflect.TypeFor[jsonConfig](), "config.churchStack", reflect.TypeFor[[]int]()}
)

// A jsonArray is an array of a table's JSON form: field in the struct st,
// of type t, a slice of strings or ints.
type jsonArray struct {
	st    reflect.Type
	field string
	t     reflect.Type
}

// readTableArrays reads the arrays of data, a table's JSON form that is
// valid JSON and passed checkJSONShape.
func readTableArrays(data []byte) tableArrays {
	var a tableArrays
	r := shapeReader{data: data}
	r.members(func(key string) bool {
		switch key {
		case "moves":
			r.space()
			at := r.i
			if a.moveCount = a.count(&r, movesArray); a.moveCount > 0 {
				a.movesAt, a.movesEnd = at, r.i
			}
		case "config":
			r.members(func(key string) bool {
				switch key {
				case "colors":
					a.readColors(&r)
				case "influenceDeck":
					a.readDeck(&r)
				case "churchStack":
					a.readChurch(&r)
				default:
					r.skip()
				}
				return a.typeErr == nil
			})
		default:
			r.skip()
		}
		return a.typeErr == nil
	})
	return a
}

// readColors reads the colours of "config.colors". It and readDeck are
// the same loop over two parsers on purpose: called through a function
// value (one generic loop), a parser's string(w) is copied, which costs
// 0.7 bytes a byte of a hostile list (TestTableJSONHostileMemory).
func (a *tableArrays) readColors(r *shapeReader) {
	r.space()
	at := r.i
	if n := a.count(r, colorsArray); n > 0 && a.typeErr == nil {
		a.colors = make([]Color, 0, n)
		elements(r.data, at, func(raw []byte) bool {
			if raw[0] == 'n' {
				raw = nil // null: encoding/json reads it as ""
			}
			var c Color
			var ok bool
			if w, plain := plainWord(raw); plain {
				c, ok = parseColor(string(w)) // no copy: parseColor keeps nothing
			} else {
				c, ok = parseColor(jsonWord(raw))
			}
			if !ok {
				a.badColor = quoteInput(jsonWord(raw))
				return false
			}
			a.colors = append(a.colors, c)
			return true
		})
	}
}

// readDeck reads the influence colours of "config.influenceDeck".
func (a *tableArrays) readDeck(r *shapeReader) {
	r.space()
	at := r.i
	if n := a.count(r, deckArray); n > 0 && a.typeErr == nil {
		a.deck = make([]InfluenceColor, 0, n)
		elements(r.data, at, func(raw []byte) bool {
			if raw[0] == 'n' {
				raw = nil // null: encoding/json reads it as ""
			}
			var c InfluenceColor
			var ok bool
			if w, plain := plainWord(raw); plain {
				c, ok = parseInfluence(string(w)) // no copy: parseInfluence keeps nothing
			} else {
				c, ok = parseInfluence(jsonWord(raw))
			}
			if !ok {
				a.badInfluence = quoteInput(jsonWord(raw))
				return false
			}
			a.deck = append(a.deck, c)
			return true
		})
	}
}

// readChurch reads the tiles of "config.churchStack".
func (a *tableArrays) readChurch(r *shapeReader) {
	r.space()
	at := r.i
	if n := a.count(r, churchArray); n > 0 && a.typeErr == nil {
		a.church = make([]ChurchTile, 0, n)
		elements(r.data, at, func(raw []byte) bool {
			tile := 0 // null
			if raw[0] != 'n' {
				tile, _ = jsonInt(raw) // an int: count checked it
			}
			if tile < 1 || tile > ChurchTiles {
				a.badTile, a.hasBadTile = tile, true
				return false
			}
			a.church = append(a.church, ChurchTile(tile))
			return true
		})
	}
}

// count reads the value at r, of array arr: null, or an array whose
// elements it counts. It refuses, as encoding/json does, another value
// or an element that is not a string (or an int, for a slice of ints) or
// null, and leaves r there.
func (a *tableArrays) count(r *shapeReader, arr jsonArray) int {
	r.space()
	switch r.data[r.i] {
	case 'n':
		r.skip()
		return 0
	case '[':
	default:
		start := r.i
		r.skip()
		a.refuse(kindOf(r.data[start:r.i]), arr.t, arr, r.i)
		return 0
	}
	n := 0
	r.elements(func(raw []byte) bool {
		switch {
		case raw[0] == 'n':
		case arr.t.Elem().Kind() == reflect.String:
			if raw[0] != '"' {
				a.refuse(kindOf(raw), arr.t.Elem(), arr, r.i)
				return false
			}
		case strings.IndexByte("-0123456789", raw[0]) < 0:
			a.refuse(kindOf(raw), arr.t.Elem(), arr, r.i)
			return false
		default:
			if _, ok := jsonInt(raw); !ok {
				a.refuse("number "+string(raw[:min(len(raw), maxQuoted)]), arr.t.Elem(), arr, r.i)
				return false
			}
		}
		n++
		return true
	})
	return n
}

// refuse keeps the error encoding/json gives for a value of kind what
// (with the text it quotes), to be decoded into a t in the array arr,
// read before offset off.
func (a *tableArrays) refuse(what string, t reflect.Type, arr jsonArray, off int) {
	a.typeErr = &json.UnmarshalTypeError{Value: what, Type: t, Offset: int64(off), Struct: arr.st.Name(), Field: arr.field}
}

// parseMoves parses the moves readTableArrays counted, from data. It
// returns the moves, or the index of the first that is not one and its
// error.
func (a *tableArrays) parseMoves(data []byte) ([]Move, int, error) {
	if a.moveCount == 0 {
		return nil, 0, nil
	}
	moves := make([]Move, 0, a.moveCount)
	text := string(data[a.movesAt:a.movesEnd]) // the moves are read in place, but for escapes
	var words [maxMoveWords]string
	var err error
	r := shapeReader{data: data, i: a.movesAt}
	r.elements(func(raw []byte) bool {
		s := "" // null
		if raw[0] == '"' {
			if plainJSONString(raw) {
				from := r.i - len(raw) - a.movesAt // raw's offset in text
				s = text[from+1 : from+len(raw)-1]
			} else {
				s = jsonWord(raw)
			}
		}
		var m Move
		if m, err = parseMove(s, &words); err != nil {
			return false
		}
		moves = append(moves, m)
		return true
	})
	if err != nil {
		return nil, len(moves), err
	}
	return moves, 0, nil
}

// firstTypeError returns whichever of err, the error of encoding/json, and
// te, the first refused in the arrays, encoding/json would have reported:
// the one first in the data.
func firstTypeError(err error, te *json.UnmarshalTypeError) error {
	if te == nil {
		return err
	}
	var je *json.UnmarshalTypeError
	if err != nil && (!errors.As(err, &je) || je.Offset < te.Offset) {
		return err
	}
	return te
}

// jsonInt reads the JSON number raw as encoding/json reads an int, and
// reports whether it is one.
func jsonInt(raw []byte) (int, bool) {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 { // 18 digits fit any int64
		v, err := strconv.ParseInt(string(raw), 10, 64)
		return int(v), err == nil && int64(int(v)) == v
	}
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false // a fraction or an exponent
		}
		n = n*10 + int(c-'0')
	}
	if len(digits) < len(raw) {
		n = -n
	}
	return n, true
}

// kindOf names the kind of the JSON value raw as encoding/json does in
// its errors.
func kindOf(raw []byte) string {
	switch raw[0] {
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// plainJSONString reports whether the JSON string raw (with its quotes)
// reads as its bytes: it has no escape and is valid UTF-8 (encoding/json
// reads an invalid byte as U+FFFD).
func plainJSONString(raw []byte) bool {
	return bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw)
}

// plainWord returns the text of raw, a JSON string with its quotes or nil
// for null, and true when it reads as its bytes.
func plainWord(raw []byte) ([]byte, bool) {
	if raw == nil {
		return nil, true
	}
	return raw[1 : len(raw)-1], plainJSONString(raw)
}

// jsonWord returns the text of raw, a JSON string with its quotes or nil
// for null (""), as encoding/json decodes it.
func jsonWord(raw []byte) string {
	w, plain := plainWord(raw)
	if plain {
		return string(w)
	}
	var s string
	_ = json.Unmarshal(raw, &s) // valid JSON
	return s
}

// members reads the object at r, calling f with each key, r at its value,
// which f reads, until f returns false. A value that is not an object is
// skipped.
func (r *shapeReader) members(f func(key string) bool) {
	r.space()
	if r.data[r.i] != '{' {
		r.skip()
		return
	}
	r.i++
	for {
		r.space()
		switch r.data[r.i] {
		case '}':
			r.i++
			return
		case ',':
			r.i++
			r.space()
		}
		key := r.key()
		r.space()
		r.i++ // :
		if !f(key) {
			return
		}
	}
}

// elements reads the array at data[at:], calling f with the text of each
// element until f returns false.
func elements(data []byte, at int, f func(raw []byte) bool) {
	r := shapeReader{data: data, i: at}
	r.elements(f)
}

// elements reads the array at r, calling f with the text of each element,
// r after it, until f returns false.
func (r *shapeReader) elements(f func(raw []byte) bool) {
	r.i++ // [
	for {
		r.space()
		switch r.data[r.i] {
		case ']':
			r.i++
			return
		case ',':
			r.i++
			r.space()
		}
		start := r.i
		r.skip()
		if !f(r.data[start:r.i]) {
			return
		}
	}
}
