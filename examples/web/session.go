package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// A session is one game held by the server: the elasund.Table that
// referees it and who plays each seat. It is the one place that holds a
// game. The Table keeps the hidden state (the seed, the deck, every hand)
// and the rules; the session keeps no game of its own, only the seats, and
// reaches the game through the Table, so that a client can never make it
// play a move the Table does not list for the deciding seat, nor learn more
// than its seat's View until the game is over.
//
// The handlers and the bots' goroutine use its methods and nothing else;
// each takes the session's lock (stateLocked and notify expect it held).
// A store of games (today the server's map) holds sessions by id; seats
// of several people, their tokens and a database would be added here and
// there without the handlers reaching into the Table.
type session struct {
	id      string
	human   elasund.Player               // the person's seat
	players [elasund.MaxPlayers]string   // "you" or the bot's name, by seat
	bots    [elasund.MaxPlayers]bots.Bot // nil for the person's seat
	done    chan struct{}                // closed by close: the bots stop

	mu       sync.Mutex // guards everything below
	t        *elasund.Table
	changed  chan struct{} // closed and replaced when a move is played or the session closes
	lastUsed time.Time     // the last request about the game
	running  bool          // a goroutine plays the bots' moves
	closed   bool          // removed from the server: the game is abandoned
	note     string        // what went wrong with a bot, for the page
}

// A seat says who plays one seat of a new game.
type seat struct {
	name string   // "you", or the bot's name
	bot  bots.Bot // nil for the person
}

// errClosed is the error of a session removed from the server.
var errClosed = errors.New("the game was removed from the server")

// newSession holds the game of table t, with seats in seat order (exactly
// one of them the person's, without a bot).
func newSession(id string, t *elasund.Table, seats []seat, now time.Time) (*session, error) {
	if len(seats) != t.Players() {
		return nil, fmt.Errorf("%d seats for a game of %d players", len(seats), t.Players())
	}
	ss := &session{id: id, human: elasund.NoPlayer, t: t, done: make(chan struct{}),
		changed: make(chan struct{}), lastUsed: now}
	for p, st := range seats {
		if st.bot == nil {
			if ss.human != elasund.NoPlayer {
				return nil, errors.New("two seats without a bot")
			}
			ss.human = elasund.Player(p)
		}
		ss.players[p], ss.bots[p] = st.name, st.bot
	}
	if ss.human == elasund.NoPlayer {
		return nil, errors.New("no seat is the person's")
	}
	return ss, nil
}

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

// use marks the session used at now.
func (ss *session) use(now time.Time) {
	ss.mu.Lock()
	ss.lastUsed = now
	ss.mu.Unlock()
}

// idle reports whether the session was last used more than limit before
// now.
func (ss *session) idle(now time.Time, limit time.Duration) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return now.Sub(ss.lastUsed) > limit
}

// close abandons the game and stops its bots: a search under way ends at
// its budget and its move is discarded, and no other starts. Waiting
// requests are woken. Closing twice does nothing.
func (ss *session) close() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return
	}
	ss.closed = true
	ss.t.Abandon()
	close(ss.done)
	ss.notify()
}

// isClosed reports whether the session was closed.
func (ss *session) isClosed() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.closed
}

// notify wakes the requests waiting for a change. The caller holds ss.mu.
func (ss *session) notify() {
	close(ss.changed)
	ss.changed = make(chan struct{})
}

// play plays move m for the person's seat and returns the new state. The
// Table is the referee: its refusal (a *elasund.MoveError naming the rule)
// is returned as it is, and the game is then unchanged.
func (ss *session) play(m elasund.Move) (stateJSON, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return stateJSON{}, errClosed
	}
	if err := ss.t.Play(ss.human, m); err != nil {
		if errors.Is(err, elasund.ErrNotYourDecision) {
			p := ss.t.ToMove()
			return stateJSON{}, fmt.Errorf("%w (the %s bot decides, not you)", err, ss.players[p])
		}
		return stateJSON{}, err
	}
	ss.note = ""
	ss.notify()
	return ss.stateLocked()
}

// state describes the game for the person's browser.
func (ss *session) state() (stateJSON, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.stateLocked()
}

// stateLocked is state; the caller holds ss.mu.
func (ss *session) stateLocked() (stateJSON, error) {
	v := ss.t.View(ss.human)
	view, err := json.Marshal(v)
	if err != nil {
		return stateJSON{}, err
	}
	svg, err := seatPicture(v)
	if err != nil {
		return stateJSON{}, err
	}
	n := ss.t.Len()
	st := stateJSON{
		ID: ss.id, Version: n, You: ss.t.Color(ss.human).String(),
		View: view, SVG: svg, Moves: clientMoves(ss.t.Legal(ss.human)),
		LogTotal: n, Note: ss.note,
	}
	for p := range ss.t.Players() {
		st.Seats = append(st.Seats, seatJSON{Color: ss.t.Color(elasund.Player(p)).String(), Player: ss.players[p]})
	}
	from := max(0, n-logShown)
	st.Log = make([]logEntry, 0, n-from)
	for i, e := range ss.t.AppendLog(nil, from) {
		st.Log = append(st.Log, logEntry{N: from + i + 1, Turn: e.Turn, Color: ss.t.Color(e.Player).String(), Text: e.Move.String()})
	}
	return st, nil
}

// seatPicture draws what the viewer of v knows: the public board and the
// seat's own cards (elasund.RevealSeat), from the view alone.
func seatPicture(v elasund.View) (string, error) {
	var svg bytes.Buffer
	if err := v.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealSeat(v.Viewer())}); err != nil {
		return "", err
	}
	return svg.String(), nil
}

// changes returns a channel closed at the next change, and whether a
// request that has seen version after should wait for it: while a bot
// decides and nothing past after was played.
func (ss *session) changes(after int) (<-chan struct{}, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	return ss.changed, !ss.closed && ss.t.Len() <= after && p != elasund.NoPlayer && p != ss.human
}

// record returns the game's record once it is over (the Table gives it no
// sooner: it holds the seed), with a tag naming who played each seat:
// [Red "you"], [Blue "random"].
func (ss *session) record() (elasund.Record, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	rec, err := ss.t.Record()
	if err != nil {
		return elasund.Record{}, err
	}
	rec.Tags = map[string]string{"Event": "elasund web game"}
	for p := range rec.Config.Players {
		c := ss.t.Color(elasund.Player(p)).String()
		rec.Tags[strings.ToUpper(c[:1])+c[1:]] = ss.players[p]
	}
	return rec, nil
}

// claimBots reports whether a bot decides and no goroutine plays the bots'
// moves; if so it marks one as running, and the caller starts it.
func (ss *session) claimBots() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	if ss.running || ss.closed || p == elasund.NoPlayer || p == ss.human {
		return false
	}
	ss.running = true
	return true
}

// stopBots marks the bots' goroutine as gone.
func (ss *session) stopBots() {
	ss.mu.Lock()
	ss.running = false
	ss.mu.Unlock()
}

// botTurn is one step of the bots' goroutine: if a bot decides, it returns
// the bot, its seat's view and the game's version; ok is false when the
// person decides, the game is over or the session is closed, and the
// goroutine stops (running is cleared).
func (ss *session) botTurn() (b bots.Bot, v elasund.View, version int, ok bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	if ss.closed || p == elasund.NoPlayer || p == ss.human || int(p) >= len(ss.bots) || ss.bots[p] == nil {
		ss.running = false
		return nil, elasund.View{}, 0, false
	}
	return ss.bots[p], ss.t.View(p), ss.t.Len(), true
}

// playBot plays the move a bot chose from the view of the game's version
// (or, if the bot failed or chose a move the Table refuses, the first move
// the Table lists, noting why on the page). It reports whether the
// goroutine goes on: false when the session is closed (the move is
// discarded) or nothing could be played, and then running is cleared.
func (ss *session) playBot(name string, version int, m elasund.Move, chooseErr error) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed || version != ss.t.Len() {
		ss.running = false
		return false
	}
	p := ss.t.ToMove()
	col := ss.t.Color(p)
	if chooseErr == nil {
		chooseErr = ss.t.Play(p, m)
		if chooseErr == nil {
			ss.notify()
			return true
		}
	}
	legal := ss.t.Legal(p)
	if len(legal) == 0 {
		ss.note = fmt.Sprintf("the %s bot (%v) failed and has no legal move: %v", name, col, chooseErr)
		ss.running = false
		return false
	}
	if err := ss.t.Play(p, legal[0]); err != nil {
		ss.note = fmt.Sprintf("the %s bot's move %q was refused: %v", name, legal[0].String(), err)
		ss.running = false
		return false
	}
	ss.note = fmt.Sprintf("the %s bot (%v) failed (%v); %q was played for it", name, col, chooseErr, legal[0].String())
	ss.notify()
	return true
}
