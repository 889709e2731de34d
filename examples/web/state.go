package main

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// logEntry is one move played, as the log on the page and the replay's
// move list show it. Every move is public (RULES.md §13: discarded and
// returned cards go face up to the pirates or the discard pile; a roll
// shows the dice that came up).
type logEntry struct {
	N     int    `json:"n"`     // the move's number, from 1
	Turn  int    `json:"turn"`  // the turn it was played in
	Color string `json:"color"` // who decided it
	Text  string `json:"text"`  // its notation
	// Words is the move in a sentence (words.Move: "Red placed a permit
	// worth 2 on f11."; "You …" for the page's own seat), which the page
	// shows, the notation one click away.
	Words string `json:"words,omitempty"`
}

// entryOf is the log's entry of move e, the n-th, of a game whose seats
// have colour: its notation and its sentence, which names the seat you
// the reader's own ("You", NoPlayer for none) and the others by colour.
func entryOf(n int, e elasund.Entry, colour func(elasund.Player) elasund.Color, you elasund.Player) logEntry {
	c := colour(e.Player).String()
	who := capitalize(c)
	if e.Player == you {
		who = "You"
	}
	return logEntry{N: n, Turn: e.Turn, Color: c, Text: e.Move.String(), Words: words.Move(who, e.Move)}
}

// capitalize gives a colour's name a capital letter: "Red".
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// seatJSON names who plays a seat.
type seatJSON struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`          // "human" or a bot's name
	You   bool   `json:"you,omitempty"` // the seat of the request's token
	// Left is set when the seat's person left the game: the bot Kind
	// plays it now.
	Left bool `json:"left,omitempty"`
}

// rollJSON is the last roll of the dice and whose it was.
type rollJSON struct {
	N     int    `json:"n"` // the move's number
	Turn  int    `json:"turn"`
	Color string `json:"color"`
	Dice  [2]int `json:"dice"`
}

// stateJSON is what a page receives about its game: its seat's view
// (View's JSON: nothing its seat may not know) or, without a seat, the
// spectator's; the picture of what it knows; the seat's legal moves with
// their places on the board and their costs; and the log from a move on.
type stateJSON struct {
	ID      string          `json:"id"`
	Version int             `json:"version"` // the number of moves played
	You     string          `json:"you"`     // the seat's colour; "" for a spectator
	Seats   []seatJSON      `json:"seats"`
	View    json.RawMessage `json:"view"`
	// SVG is the picture, left out when the request said it has the one
	// of hash SVGHash (?svg=HASH): a picture is sent only when it changed.
	SVG     string `json:"svg,omitempty"`
	SVGHash string `json:"svgHash"`
	// Places says what stands on each square, wall site and sea row of
	// the picture, in words (words.Contents, Site and Row), by the key
	// the page gives its place on the board ("sq-f11", "wall-Nc",
	// "row-5"), for screen readers; sent with the picture only.
	Places   map[string]string `json:"places,omitempty"`
	Moves    []clientMove      `json:"moves"`
	Log      []logEntry        `json:"log"`     // the moves from LogFrom on
	LogFrom  int               `json:"logFrom"` // ?from=K: the number of moves the page has
	LastRoll *rollJSON         `json:"lastRoll,omitempty"`
	Note     string            `json:"note,omitempty"`
	End      *endJSON          `json:"end,omitempty"` // once the game is over
}

// endJSON is the end of a game: how it ended, the standings and every
// hand, which are public once it is over (its record, with the seed, is
// given too). The places, cubes and returns are the Table's Outcome: the
// server ranks nobody itself.
type endJSON struct {
	Winner    string      `json:"winner"`    // a colour, or "" (no winner)
	Method    string      `json:"method"`    // how it ended: elasund.Method's words ("all cubes placed", "forfeited", …)
	Ending    string      `json:"ending"`    // why it ended, in a sentence for a person (words.Ending)
	Standings []standJSON `json:"standings"` // by place, then by seat (Outcome.Standings)
	Returns   []float64   `json:"returns"`   // by seat: the seats in first place share 1 (Outcome.Returns)
	Record    string      `json:"record"`    // the record's URL
	Replay    string      `json:"replay"`    // the replay page's URL
}

// standJSON is one seat at the end: its place, cubes, whether it won or
// forfeited (Outcome's Standing), and, as information only, its gold,
// trade points and hand, which decide nothing.
type standJSON struct {
	Place     int      `json:"place"` // 1 for first; seats that share a place have the same
	Color     string   `json:"color"`
	Kind      string   `json:"kind"`
	Cubes     int      `json:"cubes"` // cubes placed, of elasund.CubesPerPlayer
	Winner    bool     `json:"winner"`
	Forfeited bool     `json:"forfeited,omitempty"` // the seat left, which ranks it last
	Left      bool     `json:"left,omitempty"`      // the seat's person left, and the bot Kind played on
	Gold      int      `json:"gold"`
	Trade     int      `json:"tradePoints"`
	Hand      handJSON `json:"hand"` // revealed
}

// state describes the game as seat p knows it (NoPlayer: a spectator),
// with the log from move from on; the picture is left out if its hash is
// have.
func (ss *session) state(p elasund.Player, from int, have string) (stateJSON, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.stateLocked(p, from, have)
}

// stateLocked is state; the caller holds ss.mu.
func (ss *session) stateLocked(p elasund.Player, from int, have string) (stateJSON, error) {
	v := ss.t.View(p)
	view, err := json.Marshal(v)
	if err != nil {
		return stateJSON{}, err
	}
	pic, err := ss.pictureLocked(p, v)
	if err != nil {
		return stateJSON{}, err
	}
	n := ss.t.Len()
	st := stateJSON{ID: ss.id, Version: n, View: view, SVGHash: pic.hash, Note: ss.note}
	if pic.hash != have {
		st.SVG = pic.svg
		st.Places = places(v)
	}
	if p != elasund.NoPlayer {
		st.You = ss.t.Color(p).String()
		st.Moves = clientMoves(v, ss.t.Legal(p))
	} else {
		st.Moves = []clientMove{}
	}
	for q := range ss.t.Players() {
		st.Seats = append(st.Seats, seatJSON{Color: ss.t.Color(elasund.Player(q)).String(), Kind: ss.seats[q].kind,
			You: elasund.Player(q) == p, Left: ss.seats[q].left})
	}
	st.LogFrom = min(max(from, 0), n)
	entries := ss.t.AppendLog(nil, st.LogFrom)
	st.Log = make([]logEntry, len(entries))
	for i, e := range entries {
		st.Log[i] = entryOf(st.LogFrom+i+1, e, ss.t.Color, p)
	}
	st.LastRoll = ss.lastRoll
	if ss.t.Over() {
		if ss.end == nil {
			if ss.end, err = ss.endJSONLocked(); err != nil {
				return stateJSON{}, err
			}
		}
		st.End = ss.end
	}
	return st, nil
}

// lastRollOf finds the last roll in table t's log, looking back a turn's
// worth of moves at a time, for a session that starts from a saved table;
// after that the session notes each roll as it is played.
func lastRollOf(t *elasund.Table) *rollJSON {
	n := t.Len()
	for hi := n; hi > 0; hi -= 64 {
		lo := max(0, hi-64)
		es := t.AppendLog(nil, lo)[:hi-lo]
		for i := len(es) - 1; i >= 0; i-- {
			if es[i].Move.Kind == elasund.Roll {
				return rollOf(t, lo+i+1, es[i])
			}
		}
	}
	return nil
}

// rollOf describes entry e, a roll, the move number n of table t.
func rollOf(t *elasund.Table, n int, e elasund.Entry) *rollJSON {
	return &rollJSON{N: n, Turn: e.Turn, Color: t.Color(e.Player).String(), Dice: [2]int{int(e.Move.Dice[0]), int(e.Move.Dice[1])}}
}

// pictureLocked returns seat p's picture of the game now, drawn once a
// version. Once the game is over every hand is public, and every viewer
// gets the referee's picture.
func (ss *session) pictureLocked(p elasund.Player, v elasund.View) (picture, error) {
	n := ss.t.Len()
	over := ss.t.Over()
	key := p
	if over {
		key = -2
	}
	if pic, ok := ss.pics[key]; ok && pic.version == n {
		return pic, nil
	}
	var svg string
	var err error
	if over {
		svg, err = ss.refereePictureLocked()
	} else {
		svg, err = seatPicture(v)
	}
	if err != nil {
		return picture{}, err
	}
	svg = repaint(svg)
	h := fnv.New64a()
	h.Write([]byte(svg))
	pic := picture{version: n, svg: svg, hash: strconv.FormatUint(h.Sum64(), 36)}
	ss.pics[key] = pic
	return pic, nil
}

// refereePictureLocked draws the finished game with every hand shown.
func (ss *session) refereePictureLocked() (string, error) {
	var svg bytes.Buffer // the table's picture says how it ended, a forfeit too
	if err := ss.t.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealAll}); err != nil {
		return "", err
	}
	return svg.String(), nil
}

// seatPicture draws what the viewer of v knows: the public board and the
// seat's own cards (elasund.RevealSeat), from the view alone (View.WriteSVG);
// a spectator's (NoPlayer's) shows no hand.
func seatPicture(v elasund.View) (string, error) {
	reveal := elasund.RevealNone
	if v.Viewer() != elasund.NoPlayer {
		reveal = elasund.RevealSeat(v.Viewer())
	}
	var svg bytes.Buffer
	if err := v.WriteSVG(&svg, elasund.SVGOptions{Reveal: reveal}); err != nil {
		return "", err
	}
	return svg.String(), nil
}

// endJSONLocked describes the end: the Table's Outcome (how the game
// ended, every seat's place and cubes, the returns) and the final game's
// hands, gold and trade points, which are shown and decide nothing.
func (ss *session) endJSONLocked() (*endJSON, error) {
	g, err := ss.t.Game()
	if err != nil {
		return nil, err
	}
	o := ss.t.Outcome()
	e := &endJSON{Method: o.Method.String(), Ending: words.Ending(o, ss.t.Color), Returns: o.Returns(nil),
		Record: "/api/games/" + ss.id + "/record", Replay: "/replay#id=" + ss.id}
	if o.Winner != elasund.NoPlayer {
		e.Winner = ss.t.Color(o.Winner).String()
	}
	for _, s := range o.Standings() {
		p := s.Player
		e.Standings = append(e.Standings, standJSON{Place: s.Place, Color: s.Color.String(), Kind: ss.seats[p].kind, Left: ss.seats[p].left,
			Cubes: s.Cubes, Winner: s.Won, Forfeited: s.Forfeited, Gold: g.Gold(p), Trade: g.TradePoints(p), Hand: handOf(g.Hand(p))})
	}
	return e, nil
}

// handJSON is a hand of cards, as View's JSON writes one.
type handJSON struct {
	Gold   int `json:"gold"`
	Blue   int `json:"blue"`
	Green  int `json:"green"`
	Yellow int `json:"yellow"`
}

func handOf(c elasund.Cards) handJSON {
	return handJSON{int(c.Gold), int(c.Blue), int(c.Green), int(c.Yellow)}
}
