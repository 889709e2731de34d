package elasund

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
)

// Loading a view from its JSON form, so that a program handed a view (a
// bot behind the arena's protocol, a web client) can hand it back and
// Redeal it.

// maxViewJSONLen is the length of the longest data View.UnmarshalJSON
// reads: a view's JSON takes under 10 KB but for its list of legal moves,
// which in phase 3 can take some 60 KB.
const maxViewJSONLen = 256 << 10

// UnmarshalJSON implements json.Unmarshaler: it loads a view that
// MarshalJSON wrote, which is then equal (==) to the view written. It
// reads the form strictly, as Game.UnmarshalJSON does (exact keys, each
// once, no unknown key), takes the position from "state" and checks that
// it is a view a game gives: a state of a game with everything the viewer
// may not know left zero, whose hidden cards and tiles can be filled in
// (as Redeal does) to a game that passes Validate; and that every other
// field is what MarshalJSON writes for it. Data that is not such a JSON
// form, or whose fields disagree with its state, gives an error wrapping
// ErrBadEncoding; a state that no game's view holds, one wrapping
// ErrInvalidState. The outcome of a view a Table gave after its host ended
// play (abandoned, forfeited) loads with it, for a state that goes on. On
// an error the receiver is left unchanged. Data longer than 256 KiB is
// refused before it is read.
func (v *View) UnmarshalJSON(data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: view: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	if len(data) > maxViewJSONLen {
		return bad("JSON of %d bytes; a view's takes at most %d", len(data), maxViewJSONLen)
	}
	if !json.Valid(data) {
		return bad("not valid JSON")
	}
	if err := checkJSONShape(data, reflect.TypeFor[viewJSON]()); err != nil {
		return bad("%v", err)
	}
	var j viewJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return bad("%s", jsonError(err))
	}
	raw, err := base64.StdEncoding.DecodeString(j.State)
	if err != nil {
		return bad("state: not base64")
	}
	if zero, _ := (&Game{}).appendBinary(nil); bytes.Equal(raw, zero) {
		// The zero View: a spectator of no game.
		if err := (&View{}).sameJSON(&j); err != nil {
			return err
		}
		*v = View{}
		return nil
	}
	g, err := decodeBinary(raw)
	if err != nil {
		return fmt.Errorf("%w: view: state: %w", ErrBadEncoding, nested(err))
	}
	if err := g.checkRanges(); err != nil {
		return fmt.Errorf("%w: view: state: %w", ErrBadEncoding, nested(err))
	}
	g.deriveCells()
	d := View{g: g}
	if j.Viewer != nil {
		c, ok := parseColor(*j.Viewer)
		p := g.PlayerOf(c)
		if !ok || p == NoPlayer {
			return bad("viewer %s is not a player's colour", quoteInput(*j.Viewer))
		}
		d.seat = int8(p) + 1
	}
	if len(j.Players) != g.Players() {
		return bad("%d players; the state has %d", len(j.Players), g.Players())
	}
	for p, jp := range j.Players {
		if jp.InfluenceCards < 0 || jp.InfluenceCards > TotalInfluenceCards {
			return bad("%s holds %d influence cards", quoteInput(jp.Color), jp.InfluenceCards)
		}
		d.infl[p] = uint8(jp.InfluenceCards)
	}
	if err := d.checkGiven(); err != nil {
		return err
	}
	if err := d.readEnd(j.Outcome); err != nil {
		return err
	}
	if err := d.sameJSON(&j); err != nil {
		return err
	}
	*v = d
	return nil
}

// readEnd sets how a table's host ended play from the outcome of the JSON
// form: an abandoned or forfeited game whose state goes on. An outcome of
// the rules is left to sameJSON to check against the state.
func (v *View) readEnd(o *outcomeJSON) error {
	if o == nil || v.g.Over() {
		return nil
	}
	m, ok := parseMethod(o.Method)
	switch {
	case !ok:
		return fmt.Errorf("%w: view: outcome: unknown method %s", ErrBadEncoding, quoteInput(o.Method))
	case m == Abandoned:
		v.end = endAbandoned
	case m == Forfeited && o.Forfeiter != nil:
		c, _ := parseColor(*o.Forfeiter)
		p := v.g.PlayerOf(c)
		if c == NoColor || p == NoPlayer {
			return fmt.Errorf("%w: view: outcome: forfeiter %s is not a player's colour", ErrBadEncoding, quoteInput(*o.Forfeiter))
		}
		v.end = endForfeit + uint8(p)
	}
	return nil
}

// checkGiven checks that v is the view of a game: its hidden cards and
// tiles fill in (with a fixed source, as Redeal does) to a game that
// passes Validate, whose view for v's viewer is v. Its errors wrap
// ErrInvalidState.
func (v *View) checkGiven() error {
	invalid := func(err error) error { // err wraps ErrInvalidState
		return fmt.Errorf("%w: view: %s", ErrInvalidState, strings.TrimPrefix(err.Error(), ErrInvalidState.Error()+": "))
	}
	var g Game
	if err := v.sample(rand.New(rand.NewPCG(0, 0)), &g); err != nil {
		return invalid(err)
	}
	if err := g.Validate(); err != nil {
		return invalid(err)
	}
	if err := g.checkPlayState(); err != nil {
		return invalid(err)
	}
	if g.View(v.Viewer()) != *v {
		return fmt.Errorf("%w: view: the state holds what its viewer may not know", ErrInvalidState)
	}
	return nil
}

// sameJSON checks that the fields of j are those MarshalJSON writes for v,
// and names the first that is not. Its errors wrap ErrBadEncoding.
func (v *View) sameJSON(j *viewJSON) error {
	want, err := v.jsonForm()
	if err != nil {
		return err
	}
	got, w := reflect.ValueOf(j).Elem(), reflect.ValueOf(&want).Elem()
	for i := range got.NumField() {
		a, _ := json.Marshal(got.Field(i).Interface())
		b, _ := json.Marshal(w.Field(i).Interface())
		if !bytes.Equal(a, b) {
			return fmt.Errorf("%w: view: %s %s disagrees with the state, which gives %s", ErrBadEncoding,
				jsonNames[got.Type()][i], clipInput(string(a)), clipInput(string(b)))
		}
	}
	return nil
}
