package main

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"sort"
	"strconv"

	"github.com/elasund/elasund"
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
}

// seatJSON names who plays a seat.
type seatJSON struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`          // "human" or a bot's name
	You   bool   `json:"you,omitempty"` // the seat of the request's token
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
	SVG      string       `json:"svg,omitempty"`
	SVGHash  string       `json:"svgHash"`
	Moves    []clientMove `json:"moves"`
	Log      []logEntry   `json:"log"`     // the moves from LogFrom on
	LogFrom  int          `json:"logFrom"` // ?from=K: the number of moves the page has
	LastRoll *rollJSON    `json:"lastRoll,omitempty"`
	Note     string       `json:"note,omitempty"`
	End      *endJSON     `json:"end,omitempty"` // once the game is over
}

// endJSON is the end of a game: the standings and every hand, which are
// public once it is over (its record, with the seed, is given too).
type endJSON struct {
	Winner    string      `json:"winner"` // a colour, or "" (the turn limit, or abandoned)
	Abandoned bool        `json:"abandoned"`
	Standings []standJSON `json:"standings"` // best first
	Record    string      `json:"record"`    // the record's URL
	Replay    string      `json:"replay"`    // the replay page's URL
}

// standJSON is one seat at the end.
type standJSON struct {
	Rank   int      `json:"rank"`
	Color  string   `json:"color"`
	Kind   string   `json:"kind"`
	Score  int      `json:"score"` // cubes placed, of elasund.CubesPerPlayer
	Gold   int      `json:"gold"`
	Trade  int      `json:"tradePoints"`
	Hand   handJSON `json:"hand"` // revealed
	Winner bool     `json:"winner"`
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
	}
	if p != elasund.NoPlayer {
		st.You = ss.t.Color(p).String()
		st.Moves = clientMoves(v, ss.t.Legal(p))
	} else {
		st.Moves = []clientMove{}
	}
	for q := range ss.t.Players() {
		st.Seats = append(st.Seats, seatJSON{Color: ss.t.Color(elasund.Player(q)).String(), Kind: ss.seats[q].kind, You: elasund.Player(q) == p})
	}
	st.LogFrom = min(max(from, 0), n)
	entries := ss.t.AppendLog(nil, st.LogFrom)
	st.Log = make([]logEntry, len(entries))
	for i, e := range entries {
		st.Log[i] = logEntry{N: st.LogFrom + i + 1, Turn: e.Turn, Color: ss.t.Color(e.Player).String(), Text: e.Move.String()}
	}
	st.LastRoll = ss.lastRollLocked()
	if ss.t.Over() {
		if ss.end == nil {
			if ss.end, err = ss.endLocked(); err != nil {
				return stateJSON{}, err
			}
		}
		st.End = ss.end
	}
	return st, nil
}

// lastRollLocked finds the last roll in the log, looking back a turn's
// worth of moves at a time.
func (ss *session) lastRollLocked() *rollJSON {
	n := ss.t.Len()
	for hi := n; hi > 0; hi -= 64 {
		lo := max(0, hi-64)
		es := ss.t.AppendLog(nil, lo)[:hi-lo]
		for i := len(es) - 1; i >= 0; i-- {
			if m := es[i].Move; m.Kind == elasund.Roll {
				return &rollJSON{N: lo + i + 1, Turn: es[i].Turn, Color: ss.t.Color(es[i].Player).String(),
					Dice: [2]int{int(m.Dice[0]), int(m.Dice[1])}}
			}
		}
	}
	return nil
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
	h := fnv.New64a()
	h.Write([]byte(svg))
	pic := picture{version: n, svg: svg, hash: strconv.FormatUint(h.Sum64(), 36)}
	ss.pics[key] = pic
	return pic, nil
}

// refereePictureLocked draws the finished game with every hand shown.
func (ss *session) refereePictureLocked() (string, error) {
	rec, err := ss.t.Record()
	if err != nil {
		return "", err
	}
	g, err := rec.Replay()
	if err != nil {
		return "", err
	}
	var svg bytes.Buffer
	if err := g.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealAll}); err != nil {
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

// endLocked computes the end: the game replayed from its record, every
// hand shown, the seats ranked by the winner first, then the score
// (cubes placed), then gold.
func (ss *session) endLocked() (*endJSON, error) {
	rec, err := ss.t.Record()
	if err != nil {
		return nil, err
	}
	g, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	e := &endJSON{Abandoned: ss.t.Abandoned(), Record: "/api/games/" + ss.id + "/record", Replay: "/replay#id=" + ss.id}
	if w := ss.t.Winner(); w != elasund.NoPlayer {
		e.Winner = ss.t.Color(w).String()
	}
	for q := range g.Players() {
		p := elasund.Player(q)
		e.Standings = append(e.Standings, standJSON{Color: g.Color(p).String(), Kind: ss.seats[q].kind,
			Score: g.CubesPlaced(p), Gold: g.Gold(p), Trade: g.TradePoints(p), Hand: handOf(g.Hand(p)), Winner: p == ss.t.Winner()})
	}
	sort.SliceStable(e.Standings, func(i, j int) bool {
		a, b := e.Standings[i], e.Standings[j]
		if a.Winner != b.Winner {
			return a.Winner
		}
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		return a.Gold > b.Gold
	})
	for i := range e.Standings {
		e.Standings[i].Rank = i + 1
		if i > 0 && !e.Standings[i].Winner && e.Standings[i].Score == e.Standings[i-1].Score && e.Standings[i].Gold == e.Standings[i-1].Gold {
			e.Standings[i].Rank = e.Standings[i-1].Rank
		}
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
