package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// A replay is a record loaded for the replay page: its moves, and the
// position before every snapEvery-th move so that any position is a few
// moves away.
type replay struct {
	id        string
	rec       elasund.Record
	entries   []logEntry
	snaps     []elasund.Game // snaps[i]: the position before move i*snapEvery
	final     elasund.Game
	permanent bool // loaded with -record: never removed
	lastUsed  time.Time
}

const snapEvery = 32

// maxReplayMoves bounds a record's length (a game stopped by a turn limit
// of 300 has about 2,000 moves).
const maxReplayMoves = 50000

// newReplay parses and replays a record's text. Its errors are those of
// elasund.ParseRecord and Record.Replay: they name the line or the move.
func newReplay(text string) (*replay, error) {
	rec, err := elasund.ParseRecord(text)
	if err != nil {
		return nil, err
	}
	return newReplayOf(rec)
}

// newReplayOf replays a record.
func newReplayOf(rec elasund.Record) (*replay, error) {
	if len(rec.Moves) > maxReplayMoves {
		return nil, fmt.Errorf("the record has %d moves; at most %d are replayed", len(rec.Moves), maxReplayMoves)
	}
	if _, err := rec.Replay(); err != nil {
		return nil, err
	}
	g, err := elasund.New(rec.Config)
	if err != nil {
		return nil, err
	}
	rp := &replay{id: newID(), rec: rec, lastUsed: time.Now()}
	for i, m := range rec.Moves {
		if i%snapEvery == 0 {
			rp.snaps = append(rp.snaps, *g)
		}
		p, turn := g.ToMove(), g.Turn()
		if err := g.Apply(m); err != nil { // Replay has checked every move
			return nil, fmt.Errorf("move %d (%q): %w", i+1, m.String(), err)
		}
		rp.entries = append(rp.entries, logEntry{N: i + 1, Turn: turn, Color: g.Color(p).String(), Text: m.String()})
	}
	if len(rec.Moves)%snapEvery == 0 {
		rp.snaps = append(rp.snaps, *g)
	}
	rp.final = *g
	return rp, nil
}

// position returns the game after the first k moves, 0 ≤ k ≤ len(moves).
func (rp *replay) position(k int) (elasund.Game, error) {
	if k < 0 || k > len(rp.rec.Moves) {
		return elasund.Game{}, fmt.Errorf("no position %d: the record has positions 0 to %d", k, len(rp.rec.Moves))
	}
	g := rp.snaps[k/snapEvery]
	for _, m := range rp.rec.Moves[k/snapEvery*snapEvery : k] {
		if err := g.Apply(m); err != nil {
			return elasund.Game{}, err
		}
	}
	return g, nil
}

// replayJSON describes a loaded record.
type replayJSON struct {
	ID      string            `json:"id"`
	Players []string          `json:"players"` // colours, in seat order
	Tags    map[string]string `json:"tags"`
	Rules   string            `json:"rules"`
	Result  string            `json:"result"` // a colour, "none", or "*" for unknown
	Total   int               `json:"total"`  // the number of moves
	Moves   []logEntry        `json:"moves"`
}

// positionJSON is one position of a replay: the referee's picture and the
// moves on either side of it.
type positionJSON struct {
	Index  int       `json:"index"` // moves played
	Total  int       `json:"total"`
	Turn   int       `json:"turn"`
	Phase  string    `json:"phase"`
	ToMove string    `json:"toMove"`
	Over   bool      `json:"over"`
	Winner string    `json:"winner"`
	Last   *logEntry `json:"last"` // the move that led here
	Next   *logEntry `json:"next"` // the move played from here
	SVG    string    `json:"svg"`
}

func (rp *replay) describe() replayJSON {
	j := replayJSON{ID: rp.id, Tags: map[string]string{}, Rules: rp.rec.Config.Rules.String(),
		Result: "*", Total: len(rp.rec.Moves), Moves: make([]logEntry, len(rp.entries))}
	for i, e := range rp.entries {
		j.Moves[i] = rp.worded(e)
	}
	for p := range rp.final.Players() {
		j.Players = append(j.Players, rp.final.Color(elasund.Player(p)).String())
	}
	for k, v := range rp.rec.Tags {
		j.Tags[k] = v
	}
	if rp.final.Over() {
		j.Result = "none"
		if w := rp.final.Winner(); w != elasund.NoPlayer {
			j.Result = rp.final.Color(w).String()
		}
	}
	return j
}

// worded gives entry e of the replay its sentence (words.Move), made
// when it is sent rather than held with the replay.
func (rp *replay) worded(e logEntry) logEntry {
	e.Words = words.Move(capitalize(e.Color), rp.rec.Moves[e.N-1])
	return e
}

// size is the memory the replay holds, as the server accounts it: its
// snapshots, moves and move list at their capacity, the strings of the list
// at their length, and the record's tags at their cost in a map (at most
// 64 tags, in 64 KiB: elasund.ParseRecord's bounds).
func (rp *replay) size() int64 {
	n := int64(unsafe.Sizeof(*rp))
	n += int64(cap(rp.snaps)) * int64(unsafe.Sizeof(elasund.Game{}))
	n += int64(cap(rp.rec.Moves)) * int64(unsafe.Sizeof(elasund.Move{}))
	n += int64(cap(rp.entries)) * int64(unsafe.Sizeof(logEntry{}))
	for _, e := range rp.entries {
		n += int64(len(e.Color) + len(e.Text))
	}
	if len(rp.rec.Tags) > 0 {
		n += tagMapCost
	}
	for k, v := range rp.rec.Tags {
		n += tagCost + allocCost(len(k)) + allocCost(len(v))
	}
	return n
}

// The cost of a record's tags, as measured (TestReplayTagsAccounted): a
// map of strings holds 32 bytes a slot and at least twice as many slots
// as entries, besides its header and directory; each name and value is an
// allocation of its own.
const (
	tagMapCost = 200 // the map's header and directory
	tagCost    = 72  // a tag's slots
)

// allocCost is what an allocation of n bytes takes: n rounded up to its
// size class (which wastes at most an eighth, and 8 bytes at the least).
func allocCost(n int) int64 {
	if n == 0 {
		return 0
	}
	return int64(n + n/8 + 8)
}

// addReplay holds rp, unless MaxGames replays (not counting those loaded
// with -record) or MaxReplayBytes in all are held.
func (s *server) addReplay(rp *replay) error {
	size := rp.size()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errShuttingDown
	}
	n := 0
	for _, r := range s.replays {
		if !r.permanent {
			n++
		}
	}
	switch {
	case rp.permanent:
	case n >= s.opts.MaxGames:
		return fmt.Errorf("too many records loaded at once (at most %d); try again later", s.opts.MaxGames)
	case s.replayBytes+size > s.opts.MaxReplayBytes:
		return fmt.Errorf("the records loaded take %d bytes, and this one %d: more than the %d this server holds; try again later",
			s.replayBytes, size, s.opts.MaxReplayBytes)
	}
	if _, held := s.replays[rp.id]; held {
		return nil // loaded meanwhile by another request
	}
	s.replays[rp.id] = rp
	s.replayBytes += size
	return nil
}

// dropReplay removes the replay id and its bytes. The caller holds s.mu.
func (s *server) dropReplay(id string) {
	if rp := s.replays[id]; rp != nil {
		s.replayBytes -= rp.size()
		delete(s.replays, id)
	}
}

// replayRequest is the body of POST /api/replays.
type replayRequest struct {
	Record string `json:"record"` // a record's text (elasund.Record.String)
}

// handleReplays loads the record the body carries (at most maxRecordBody
// bytes of JSON).
func (s *server) handleReplays(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) || !s.allowCreation(w, r) {
		return
	}
	var req replayRequest
	if !readJSON(w, r, &req, maxRecordBody) {
		return
	}
	if strings.TrimSpace(req.Record) == "" {
		writeError(w, http.StatusBadRequest, `the record is empty: send {"record": "…a record's text…"}`)
		return
	}
	rp, err := newReplay(req.Record)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	if err := s.addReplay(rp); err != nil {
		writeError(w, http.StatusTooManyRequests, "%v", err)
		return
	}
	writeJSON(w, http.StatusCreated, rp.describe())
}

// replay returns the replay of the request's id: a record loaded, or a
// finished game of that id (its record is loaded then, and held as a
// loaded record is); or it writes a 404, or a 409 for a game that goes
// on.
func (s *server) replay(w http.ResponseWriter, r *http.Request) *replay {
	id := r.PathValue("id")
	s.mu.Lock()
	rp := s.replays[id]
	if rp != nil {
		rp.lastUsed = time.Now()
	}
	s.mu.Unlock()
	if rp != nil {
		return rp
	}
	ss := s.lookup(id)
	if ss == nil {
		writeError(w, http.StatusNotFound, "no record %q is loaded, and no game %q is kept", clip(id), clip(id))
		return nil
	}
	rec, err := ss.record()
	if errors.Is(err, elasund.ErrGameInProgress) {
		writeError(w, http.StatusConflict, "game %s is replayed once the game is over: its record holds the seed, which tells every hand and roll", id)
		return nil
	}
	if err == nil {
		rp, err = newReplayOf(rec)
	}
	if err == nil {
		rp.id = id
		err = s.addReplay(rp)
	}
	if err != nil {
		writeError(w, http.StatusTooManyRequests, "%v", err)
		return nil
	}
	return rp
}

func (s *server) handleReplay(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	if rp := s.replay(w, r); rp != nil {
		writeJSON(w, http.StatusOK, rp.describe())
	}
}

func (s *server) handlePosition(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	rp := s.replay(w, r)
	if rp == nil {
		return
	}
	ks := r.PathValue("k")
	k, err := strconv.Atoi(ks)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%q is not a position number", clip(ks))
		return
	}
	g, err := rp.position(k)
	if err != nil {
		writeError(w, http.StatusNotFound, "%v", err)
		return
	}
	reveal, err := revealOf(r.URL.Query().Get("view"), &g)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	var svg bytes.Buffer
	title := fmt.Sprintf("Elasund, move %d of %d, turn %d", k, len(rp.rec.Moves), g.Turn())
	if err := g.WriteSVG(&svg, elasund.SVGOptions{Reveal: reveal, Title: title}); err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	j := positionJSON{Index: k, Total: len(rp.rec.Moves), Turn: g.Turn(), Phase: g.Phase().String(),
		ToMove: g.Color(g.ToMove()).String(), Over: g.Over(), SVG: repaint(svg.String())}
	if g.Winner() != elasund.NoPlayer {
		j.Winner = g.Color(g.Winner()).String()
	}
	if k > 0 {
		e := rp.worded(rp.entries[k-1])
		j.Last = &e
	}
	if k < len(rp.entries) {
		e := rp.worded(rp.entries[k])
		j.Next = &e
	}
	writeJSON(w, http.StatusOK, j)
}

// revealOf reads the view a replay's picture shows: "all" or "" (the
// referee's: every hand), "none" (a spectator's: no hand), or a seat's
// colour (that seat's: its own hand).
func revealOf(view string, g *elasund.Game) (elasund.Reveal, error) {
	switch view {
	case "", "all", "referee":
		return elasund.RevealAll, nil
	case "none", "spectator":
		return elasund.RevealNone, nil
	}
	for p := range g.Players() {
		if g.Color(elasund.Player(p)).String() == view {
			return elasund.RevealSeat(elasund.Player(p)), nil
		}
	}
	return 0, fmt.Errorf("view: %q is none of all, none and the seats' colours", clip(view))
}

// sortedTags lists a record's tags as "Name: value" lines (for the log).
func sortedTags(tags map[string]string) string {
	keys := make([]string, 0, len(tags))
	for k := range tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s; ", k, tags[k])
	}
	return strings.TrimSuffix(b.String(), "; ")
}
