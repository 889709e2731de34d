package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// A session is one game played in one browser: a person's seat and bots in
// the other seats. The server is the referee: it holds the Game and sends
// the browser only its seat's view.
type session struct {
	id    string
	human elasund.Player

	mu       sync.Mutex // guards everything below
	g        elasund.Game
	rec      *elasund.Recorder
	players  [elasund.MaxPlayers]string   // "you" or the bot's name, by seat
	bots     [elasund.MaxPlayers]bots.Bot // nil for the person's seat
	log      []logEntry
	version  int           // the number of moves played; the page polls for a greater one
	changed  chan struct{} // closed and replaced when a move is played
	lastUsed time.Time     // the last request of the browser
	running  bool          // a goroutine plays the bots' moves
	closed   bool          // removed from the server: the bots stop
	note     string        // what went wrong with a bot, for the page
}

// logEntry is one move played, as the log on the page and the replay's
// move list show it. Every move is public (RULES.md §13: discarded and
// returned cards go face up to the pirates or the discard pile).
type logEntry struct {
	N     int    `json:"n"`     // the move's number, from 1
	Turn  int    `json:"turn"`  // the turn it was played in
	Color string `json:"color"` // who decided it
	Text  string `json:"text"`  // its notation
}

// seatJSON names who plays a seat.
type seatJSON struct {
	Color  string `json:"color"`
	Player string `json:"player"` // "you" or a bot's name
}

// stateJSON is what the page receives about its game: its seat's view
// (View's JSON: nothing its seat may not know), the picture of what the seat
// knows, the legal moves with their places on the board, and the log.
type stateJSON struct {
	ID       string          `json:"id"`
	Version  int             `json:"version"`
	You      string          `json:"you"`
	Seats    []seatJSON      `json:"seats"`
	View     json.RawMessage `json:"view"`
	SVG      string          `json:"svg"`
	Moves    []clientMove    `json:"moves"`
	Log      []logEntry      `json:"log"`
	LogTotal int             `json:"logTotal"`
	Note     string          `json:"note,omitempty"`
}

// logShown is how many of the last moves a state carries.
const logShown = 80

// yourMove reports whether the person decides now. The caller holds
// ss.mu.
func (ss *session) yourMove() bool {
	return !ss.g.Over() && ss.g.ToMove() == ss.human
}

// apply plays m for whoever decides and logs it. The caller holds ss.mu.
func (ss *session) apply(m elasund.Move) error {
	p, turn := ss.g.ToMove(), ss.g.Turn()
	if err := ss.rec.Apply(&ss.g, m); err != nil {
		return err
	}
	// The recorder writes a plain roll as the dice that came up; so does
	// the log, which is what the table saw.
	if m.Kind == elasund.Roll && m.Dice == [2]uint8{} {
		d1, d2 := ss.g.Dice()
		m.Dice = [2]uint8{uint8(d1), uint8(d2)}
	}
	ss.version++
	ss.log = append(ss.log, logEntry{N: ss.version, Turn: turn, Color: ss.g.Color(p).String(), Text: m.String()})
	close(ss.changed)
	ss.changed = make(chan struct{})
	return nil
}

// state describes the game for the person's browser. The caller holds
// ss.mu.
func (ss *session) state() (stateJSON, error) {
	v := ss.g.View(ss.human)
	view, err := json.Marshal(v)
	if err != nil {
		return stateJSON{}, err
	}
	var svg bytes.Buffer
	if err := ss.g.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealSeat(ss.human)}); err != nil {
		return stateJSON{}, err
	}
	st := stateJSON{
		ID: ss.id, Version: ss.version, You: ss.g.Color(ss.human).String(),
		View: view, SVG: svg.String(), Moves: clientMoves(v.Legal()),
		LogTotal: len(ss.log), Note: ss.note,
	}
	for p := range ss.g.Players() {
		st.Seats = append(st.Seats, seatJSON{Color: ss.g.Color(elasund.Player(p)).String(), Player: ss.players[p]})
	}
	st.Log = append([]logEntry{}, ss.log[max(0, len(ss.log)-logShown):]...)
	return st, nil
}

// botTurn is one step of the bots' goroutine: if a bot decides, it returns
// the bot, its seat and its view; ok is false when the person decides, the
// game is over or the session is closed, and the goroutine stops (running
// is cleared). The caller holds ss.mu.
func (ss *session) botTurn() (b bots.Bot, v elasund.View, version int, ok bool) {
	if ss.closed || ss.g.Over() || ss.g.ToMove() == ss.human {
		ss.running = false
		return nil, elasund.View{}, 0, false
	}
	p := ss.g.ToMove()
	if p < 0 || int(p) >= len(ss.bots) || ss.bots[p] == nil {
		ss.running = false
		return nil, elasund.View{}, 0, false
	}
	return ss.bots[p], ss.g.View(p), ss.version, true
}

// playBot plays the move a bot chose from the view of the game's version
// (or, if the bot failed, the first legal move, noting why). The caller
// holds ss.mu.
func (ss *session) playBot(name string, version int, m elasund.Move, chooseErr error) {
	if ss.closed || version != ss.version {
		return // the game moved on or is gone; the loop asks again
	}
	col := ss.g.Color(ss.g.ToMove())
	if chooseErr == nil {
		if err := ss.g.Check(m); err != nil {
			chooseErr = err
		}
	}
	if chooseErr != nil {
		legal := ss.g.Legal()
		if len(legal) == 0 {
			ss.note = fmt.Sprintf("the %s bot (%v) failed and has no legal move: %v", name, col, chooseErr)
			return
		}
		ss.note = fmt.Sprintf("the %s bot (%v) failed (%v); %q was played for it", name, col, chooseErr, legal[0].String())
		m = legal[0]
	}
	if err := ss.apply(m); err != nil {
		ss.note = fmt.Sprintf("the %s bot's move %q was refused: %v", name, m.String(), err)
	}
}
