package main

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// A session is one game held by the server: the elasund.Table that
// referees it, who plays each seat, and the store that keeps it. It is the
// one place that holds a game. The Table keeps the hidden state (the seed,
// the deck, every hand) and the rules; the session keeps no game of its
// own, only the seats, and reaches the game through the Table, so that a
// client can never make it play a move the Table does not list for the
// client's seat, nor learn more than its seat's View until the game is
// over.
//
// Every move is saved (the table's saved form and the move's log row, in
// one transaction) before the session's lock is released: nobody sees a
// move, and no request is answered about it, before it is durable.
//
// The handlers and the bots' goroutine use its methods and nothing else;
// each takes the session's lock (the methods named …Locked expect it held).
type session struct {
	id    string
	admin [sha256.Size]byte // the hash of the creator's admin token (zero: none)
	done  chan struct{}     // closed by stop: the bots stop
	store store
	// syncing counts the reloads asked of a game another server changed
	// (shared.go's syncLater): one runs at a time, and runs again if
	// asked meanwhile.
	syncing atomic.Int32

	mu       sync.Mutex // guards everything below
	seats    []seat     // by seat; a seat whose person left is handed to a bot
	t        *elasund.Table
	changed  chan struct{} // closed and replaced when a move is played or the session stops
	lastUsed time.Time     // the last request about the game
	running  bool          // a goroutine plays the bots' moves
	stopped  bool          // removed from the server: no more moves
	note     string        // what went wrong with a bot, for the page
	pics     map[elasund.Player]picture
	lastRoll *rollJSON // the last roll played, nil before the first
	end      *endJSON  // the standings, once the game is over
	seen     time.Time // when the server last noted in a shared store that the game was used
}

// A seat says who plays one seat: a person, who proves it with the seat's
// token, or a bot. A person's seat that left the game is played by a bot
// (left is set, and token is still the person's, which plays no more).
type seat struct {
	kind  string   // "human", or the bot's name
	bot   bots.Bot // nil for a person
	seed  uint64   // the bot's seed
	token [sha256.Size]byte
	left  bool // the person left; the bot plays the seat
}

// human is the kind of a person's seat.
const human = "human"

// A picture is a seat's drawing of the game at a version, kept until the
// game moves on.
type picture struct {
	version int
	svg     string
	hash    string
}

// errClosed is the error of a session removed from the server.
var errClosed = errors.New("the game was removed from the server")

// errStore wraps the error of a move the database could not keep; the
// move is then not played.
var errStore = errors.New("the move could not be saved, so it was not played")

// storeTimeout bounds each call to the store.
const storeTimeout = 10 * time.Second

// newSession holds the game of table t, with seats in seat order.
func newSession(id string, t *elasund.Table, seats []seat, st store, now time.Time) (*session, error) {
	if len(seats) != t.Players() {
		return nil, fmt.Errorf("%d seats for a game of %d players", len(seats), t.Players())
	}
	humans := 0
	for _, s := range seats {
		if s.bot == nil || s.left { // a person's seat, or one a person left
			humans++
		}
	}
	if humans == 0 {
		return nil, errors.New(`no seat is "human": a game needs at least one person`)
	}
	return &session{id: id, seats: seats, t: t, store: st, done: make(chan struct{}),
		changed: make(chan struct{}), lastUsed: now, pics: map[elasund.Player]picture{}, lastRoll: lastRollOf(t)}, nil
}

// hashToken returns the hash under which a seat's token is kept: the
// server and its database keep no token itself.
func hashToken(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// seatOf returns the seat whose token is token, comparing it with every
// person's seat's in constant time, and whether that seat's person left
// the game (a bot plays it now).
func (ss *session) seatOf(token string) (p elasund.Player, left, found bool) {
	h := hashToken(token)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p = elasund.NoPlayer
	for q, s := range ss.seats {
		if (s.kind == human || s.left) && subtle.ConstantTimeCompare(h[:], s.token[:]) == 1 {
			p, left = elasund.Player(q), s.left
		}
	}
	return p, left, p != elasund.NoPlayer
}

// isAdmin reports whether token is the game's admin token, in constant
// time.
func (ss *session) isAdmin(token string) bool {
	h := hashToken(token)
	var none [sha256.Size]byte
	return ss.admin != none && subtle.ConstantTimeCompare(h[:], ss.admin[:]) == 1
}

// seatsRecord is how a game's seats are saved: a bot's name and seed, a
// person's token's hash; a seat its person left keeps the person's
// token's hash with the bot's name and seed, and Left.
type seatsRecord struct {
	Kind  string `json:"kind"`
	Seed  uint64 `json:"seed,omitempty"`
	Token string `json:"token,omitempty"` // hex SHA-256
	Left  bool   `json:"left,omitempty"`
}

// seatsData is the store's seats column: the seats and the hash of the
// admin token. A game saved before the admin token is a bare array of
// seats, which readSeats still reads (it has no admin token).
type seatsData struct {
	Admin string        `json:"admin,omitempty"` // hex SHA-256
	Seats []seatsRecord `json:"seats"`
}

// seatsJSON returns the seats as the store keeps them. The caller holds
// ss.mu, or the session is not yet shared.
func (ss *session) seatsJSON() string {
	out := seatsData{Seats: make([]seatsRecord, len(ss.seats))}
	if ss.admin != ([sha256.Size]byte{}) {
		out.Admin = hex.EncodeToString(ss.admin[:])
	}
	for p, s := range ss.seats {
		out.Seats[p] = seatsRecord{Kind: s.kind, Seed: s.seed, Left: s.left}
		if s.bot == nil || s.left {
			out.Seats[p].Token = hex.EncodeToString(s.token[:])
		}
	}
	data, _ := json.Marshal(out) // strings and numbers: it cannot fail
	return string(data)
}

// readSeats reads saved seats, making each bot again with newBot, and the
// admin token's hash (zero if none was saved).
func readSeats(data string, newBot func(name string, seed uint64) (bots.Bot, error)) ([]seat, [sha256.Size]byte, error) {
	var sd seatsData
	var admin [sha256.Size]byte
	var err error
	if strings.HasPrefix(strings.TrimSpace(data), "[") {
		err = json.Unmarshal([]byte(data), &sd.Seats) // saved before the admin token
	} else {
		err = json.Unmarshal([]byte(data), &sd)
	}
	if err != nil {
		return nil, admin, fmt.Errorf("seats: %w", err)
	}
	if sd.Admin != "" {
		if err := readHash(sd.Admin, &admin); err != nil {
			return nil, admin, fmt.Errorf("seats: the admin token's %w", err)
		}
	}
	out := make([]seat, len(sd.Seats))
	for p, r := range sd.Seats {
		out[p] = seat{kind: r.Kind, seed: r.Seed, left: r.Left}
		if r.Kind == human || r.Left {
			if err := readHash(r.Token, &out[p].token); err != nil {
				return nil, admin, fmt.Errorf("seat %d: a token's %w", p, err)
			}
		}
		if r.Kind == human {
			continue
		}
		b, err := newBot(r.Kind, r.Seed)
		if err != nil {
			return nil, admin, fmt.Errorf("seat %d: %w", p, err)
		}
		out[p].bot = b
	}
	return out, admin, nil
}

// readHash reads a token's hash in hex into h.
func readHash(text string, h *[sha256.Size]byte) error {
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != sha256.Size {
		return errors.New("hash that is not 32 bytes of hex")
	}
	copy(h[:], b)
	return nil
}

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

// over reports whether the game is over (by the rules, abandoned or
// forfeited).
func (ss *session) over() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.t.Over()
}

// stop removes the session from play without ending the game, as the
// server does when it shuts down: the bots stop (a search under way is
// stopped and its move discarded), waiting requests are woken,
// and the game stays in the store as it is, to resume. Stopping twice does
// nothing.
func (ss *session) stop() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.stopLocked()
}

func (ss *session) stopLocked() {
	if ss.stopped {
		return
	}
	ss.stopped = true
	close(ss.done)
	ss.notify()
}

// abandon ends the game where it stands for everyone (Table.Abandon), as
// the server does with a game nobody used for the idle time; saves it as
// finished and stops the session. A game that is over stays as it is.
func (ss *session) abandon(now time.Time) error {
	return ss.endWith(now, func() error { ss.t.Abandon(); return nil })
}

// endWith ends the game with how, unless it is over or the session stopped,
// saves it and stops the session.
func (ss *session) endWith(now time.Time, how func() error) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var err error
	if !ss.stopped && !ss.t.Over() {
		if err = how(); err == nil {
			err = ss.saveEndedLocked(now)
		}
	}
	ss.stopLocked()
	return err
}

func (ss *session) saveEndedLocked(now time.Time) error {
	data, err := ss.t.MarshalBinary()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	return ss.store.Ended(ctx, ss.id, data, ss.t.Len(), now)
}

// isStopped reports whether the session was stopped.
func (ss *session) isStopped() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.stopped
}

// notify wakes the requests waiting for a change. The caller holds ss.mu.
func (ss *session) notify() {
	close(ss.changed)
	ss.changed = make(chan struct{})
}

// playLocked plays move m for seat p on the Table and saves it: the table
// and the move's log row in one transaction. If the store fails, the move
// is taken back (Table.Undo: the table is as it was, and the dice and cards
// will fall again as they fell) and an error wrapping errStore is
// returned. The Table is the referee: its refusal (a *elasund.MoveError
// naming the rule) is returned as it is, and the game is then unchanged.
// The caller holds ss.mu.
func (ss *session) playLocked(p elasund.Player, m elasund.Move) error {
	if ss.stopped {
		return errClosed
	}
	e, err := ss.t.Play(p, m)
	if err != nil {
		return err
	}
	n := ss.t.Len()
	data, err := ss.t.MarshalBinary()
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		row := storedMove{N: n, Turn: e.Turn, Seat: int(p), Text: e.Move.String(), At: time.Now()} // a roll carries its dice
		err = ss.savePlayedLocked(ctx, p, data, row)
		cancel()
	}
	if err != nil {
		if uerr := ss.takeBackLocked(); uerr != nil {
			return fmt.Errorf("%w: %w (and the move could not be taken back: %v)", errStore, err, uerr)
		}
		return fmt.Errorf("%w: %w", errStore, err)
	}
	if e.Move.Kind == elasund.Roll {
		ss.lastRoll = rollOf(ss.t, n, e)
	}
	ss.notify()
	return nil
}

// takeBackLocked takes back the move just played, which the store did not
// keep, with Table.Undo: dice and cards fall again as they fell. A move
// that ended the game is taken back too: the game's record was not handed
// out before the store kept the move. The caller holds ss.mu.
func (ss *session) takeBackLocked() error {
	_, err := ss.t.Undo() // the move ending the game too: its record was not handed out
	return err
}

// errStaleMove refuses a move chosen on a state the game has moved on from.
var errStaleMove = errors.New("the game has moved on since the move was chosen")

// play plays move m for the person's seat p. If after is not negative,
// the move was chosen when after moves were played, and it is refused
// (errStaleMove, the game unchanged) unless that is still the number of moves
// played: two pages of one seat, or a page and a program, cannot both
// play on the state they saw.
func (ss *session) play(p elasund.Player, m elasund.Move, after int) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if n := ss.t.Len(); after >= 0 && after != n && !ss.stopped {
		return fmt.Errorf("%w: it was chosen after %d moves, and %d are played", errStaleMove, after, n)
	}
	err := ss.playLocked(p, m)
	if errors.Is(err, elasund.ErrNotYourDecision) {
		if q := ss.t.ToMove(); q != elasund.NoPlayer {
			who := "the " + ss.seats[q].kind + " bot"
			if ss.seats[q].bot == nil {
				who = "another person"
			}
			return fmt.Errorf("%w (%s decides, not you)", err, who)
		}
	}
	if err == nil {
		ss.note = ""
	}
	return err
}

// changes returns a channel closed at the next change, and whether a
// request that has seen version after should wait for it: while nothing
// past after was played, the game goes on and the session is not stopped.
func (ss *session) changes(after int) (<-chan struct{}, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.changed, !ss.stopped && ss.t.Len() <= after && !ss.t.Over()
}

// record returns the game's record once it is over (the Table gives it no
// sooner: it holds the seed), with a tag naming who played each seat:
// [Red "human"], [Blue "random"]; a game the server ended keeps the
// Table's tag Termination, "abandoned" or "forfeit blue".
func (ss *session) record() (elasund.Record, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.recordLocked()
}

func (ss *session) recordLocked() (elasund.Record, error) {
	rec, err := ss.t.Record()
	if err != nil {
		return elasund.Record{}, err
	}
	if rec.Tags == nil {
		rec.Tags = map[string]string{}
	}
	rec.Tags["Event"], rec.Tags["Game"] = "elasund web game", ss.id // beside the Table's Termination, if any
	for p := range rec.Config.Players {
		c := ss.t.Color(elasund.Player(p)).String()
		kind := ss.seats[p].kind
		if ss.seats[p].left {
			kind = human + ", then " + kind // the person left; the bot played on
		}
		rec.Tags[strings.ToUpper(c[:1])+c[1:]] = kind
	}
	return rec, nil
}

// claimBots reports whether a bot decides and no goroutine plays the bots'
// moves; if so it marks one as running, and the caller starts it.
func (ss *session) claimBots() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	if ss.running || ss.stopped || p == elasund.NoPlayer || ss.seats[p].bot == nil {
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
// the bot, its seat's view and the game's version; ok is false when a
// person decides, the game is over or the session is stopped, and the
// goroutine stops (running is cleared).
func (ss *session) botTurn() (b bots.Bot, v elasund.View, version int, ok bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	if ss.stopped || p == elasund.NoPlayer || ss.seats[p].bot == nil {
		ss.running = false
		return nil, elasund.View{}, 0, false
	}
	return ss.seats[p].bot, ss.t.View(p), ss.t.Len(), true
}

// playBot plays the move a bot chose from the view of the game's version
// (or, if the bot failed or chose a move the Table refuses, the first move
// the Table lists, noting why on the page), saving it as a person's. It
// reports whether the goroutine goes on: false when the session is stopped
// (the move is discarded) or nothing could be played, and then running is
// cleared.
func (ss *session) playBot(name string, version int, m elasund.Move, chooseErr error) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.stopped || version != ss.t.Len() {
		ss.running = false
		return false
	}
	p := ss.t.ToMove()
	col := ss.t.Color(p)
	if chooseErr == nil {
		chooseErr = ss.playLocked(p, m)
		if chooseErr == nil {
			return true
		}
		if errors.Is(chooseErr, errStale) && ss.shared() {
			ss.running = false // another server played on: shared.go's again reloads the game
			return false
		}
		if errors.Is(chooseErr, errStore) {
			ss.note = fmt.Sprintf("the %s bot's move could not be saved: %v", name, chooseErr)
			ss.running = false
			return false
		}
	}
	legal := ss.t.Legal(p)
	if len(legal) == 0 {
		ss.note = fmt.Sprintf("the %s bot (%v) failed and has no legal move: %v", name, col, chooseErr)
		ss.running = false
		return false
	}
	if err := ss.playLocked(p, legal[0]); err != nil {
		ss.note = fmt.Sprintf("the %s bot's move %q was refused: %v", name, legal[0].String(), err)
		ss.running = false
		return false
	}
	ss.note = fmt.Sprintf("the %s bot (%v) failed (%v); %q was played for it", name, col, chooseErr, legal[0].String())
	return true
}
