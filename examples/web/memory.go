package main

import (
	"container/list"
	"errors"
	"fmt"
	"time"

	"github.com/elasund/elasund"
)

// The server's memory is bounded by its options, each part by one of them
// (NOTES-web-memory.md; main's usage gives the figure):
//
//   - the bots' searches, by SearchBytes in all: MaxSearches run at once,
//     each ISMCTS search bounded to its share (ISMCTSOptions.TreeBytes),
//     and a bot keeps nothing between its moves (ISMCTS.Release);
//   - the unfinished games, by MaxGames, each its Table (a few hundred
//     bytes and 24 a move), a picture for each seat and the spectator, and
//     its bots, which hold a few hundred bytes between moves;
//   - the finished games held, by FinishedBytes: they are held in the
//     order of their last use and the least recently used is let go first,
//     to be loaded again from the store when it is asked for;
//   - the replays, by MaxReplayBytes.
const (
	defaultSearchBytes   = 150 << 20 // the searches' memory, in all
	defaultFinishedBytes = 32 << 20  // the finished games held
	// searchOverhead is what a search holds besides its trees' nodes and
	// candidates: its sampled game, the lists of legal moves and their
	// scores, its path, a value model's buffers (a few kilobytes in all).
	searchOverhead = 256 << 10
	// minSearchBytes is the least share of SearchBytes a search may get.
	minSearchBytes = 1 << 20
)

// The estimated memory of a session (sessionBytesLocked): measured on
// finished and unfinished games of 2 to 4 seats (TestSessionBytes), with a
// margin.
const (
	sessionBase  = 16 << 10 // the session, its Table, seats, bots and end, without pictures and log
	moveBytes    = 48       // a move of the Table's log: 24 bytes, and room to grow
	pictureBytes = 80 << 10 // the largest picture of a game, as allocated (TestPictureBytes: 53 KB at most)
	pictureEntry = 64       // a picture's hash and its slot in the map
	// movesPerTurn bounds a game's moves by its turns, for the figure of
	// an unfinished game: the most played in one turn of 300 games of
	// random and greedy moves was 10.
	movesPerTurn = 16
)

// treeBytes is the bytes of search tree each ISMCTS search may hold: its
// share of SearchBytes, less what a search holds besides its tree; at
// least minSearchBytes less that (main refuses flags that give less).
func (s *server) treeBytes() int {
	return int(max(s.opts.SearchBytes/int64(s.opts.MaxSearches)-searchOverhead, minSearchBytes-searchOverhead))
}

// A memoryFigure is the most memory (Go heap, live after a collection)
// that a server of some options holds, by part.
type memoryFigure struct {
	Base, Searches, Games, Finished, Replays int64
}

// baseBytes is the heap of a server without games: the runtime, the
// parsed value models, the database driver's Go side. The database's page
// cache is not on the Go heap (modernc.org/sqlite allocates it apart):
// SQLite's default, 2 MB.
const baseBytes = 8 << 20

// memoryBound returns the memory a server with options o holds at most
// when its games play up to turns turns each.
func memoryBound(o options, turns int) memoryFigure {
	game := int64(sessionBase) + int64(elasund.MaxPlayers+1)*(pictureBytes+pictureEntry) +
		int64(turns)*movesPerTurn*moveBytes
	return memoryFigure{
		Base:     baseBytes,
		Searches: o.SearchBytes,
		Games:    int64(o.MaxGames) * game,
		Finished: o.FinishedBytes,
		Replays:  o.MaxReplayBytes,
	}
}

// Total is the sum of the parts.
func (f memoryFigure) Total() int64 {
	return f.Base + f.Searches + f.Games + f.Finished + f.Replays
}

// String gives the figure in MiB, by part.
func (f memoryFigure) String() string {
	return fmt.Sprintf("%d MiB: searches %d, unfinished games %d, finished games %d, replays %d, the rest %d",
		mib(f.Total()), mib(f.Searches), mib(f.Games), mib(f.Finished), mib(f.Replays), mib(f.Base))
}

// mib returns n bytes in MiB, rounded up.
func mib(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// sessionBytesLocked estimates the memory the session holds: what it
// holds of its own, its Table's log and its pictures. The caller holds
// ss.mu.
func (ss *session) sessionBytesLocked() int64 {
	n := int64(sessionBase) + int64(ss.t.Len())*moveBytes
	for _, pic := range ss.pics {
		n += allocCost(len(pic.svg)) + pictureEntry
	}
	return n
}

// settle readies a finished game to be held: it draws its final picture
// and its end, which every request about it shows, forgets the pictures
// of the game in play, and returns the session's estimated bytes, which
// nothing changes afterwards.
func (ss *session) settle() int64 {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for key := range ss.pics {
		if key != overKey {
			delete(ss.pics, key)
		}
	}
	if ss.t.Over() {
		// Errors leave the picture and the end undrawn: the request that
		// asks for them draws them, or answers the error.
		if _, err := ss.pictureLocked(elasund.NoPlayer, ss.t.View(elasund.NoPlayer)); err == nil && ss.end == nil {
			ss.end, _ = ss.endJSONLocked()
		}
	}
	return ss.sessionBytesLocked() + undrawn(ss)
}

// overKey is the key under which pictureLocked keeps the picture of a
// finished game, the same for every viewer.
const overKey elasund.Player = -2

// undrawn is the room left for the final picture of a finished session
// that could not draw it yet. The caller holds ss.mu.
func undrawn(ss *session) int64 {
	if _, ok := ss.pics[overKey]; ok {
		return 0
	}
	return pictureBytes
}

// A finishedGames holds finished games in memory up to a number of
// estimated bytes: the least recently used is let go first. A game let go
// is loaded again from the store when it is asked for. The server calls
// it under s.mu.
type finishedGames struct {
	max   int64
	bytes int64
	order *list.List // of *heldGame, the most recently used first
	byID  map[string]*list.Element
}

// A heldGame is a finished game held, with its estimated bytes.
type heldGame struct {
	ss   *session
	size int64
}

func newFinishedGames(max int64) *finishedGames {
	return &finishedGames{max: max, order: list.New(), byID: map[string]*list.Element{}}
}

// get returns the game id if it is held, and marks it used.
func (f *finishedGames) get(id string) *session {
	e := f.byID[id]
	if e == nil {
		return nil
	}
	f.order.MoveToFront(e)
	return e.Value.(*heldGame).ss
}

// peek returns the game id if it is held, without marking it used.
func (f *finishedGames) peek(id string) *session {
	if e := f.byID[id]; e != nil {
		return e.Value.(*heldGame).ss
	}
	return nil
}

// add holds session ss of size bytes (in place of another session of its
// id) and lets go of the least recently used games until the games held
// fit; a game larger than the whole is not held.
func (f *finishedGames) add(ss *session, size int64) {
	f.remove(ss.id)
	if size > f.max {
		return
	}
	f.byID[ss.id] = f.order.PushFront(&heldGame{ss: ss, size: size})
	f.bytes += size
	for f.bytes > f.max {
		f.remove(f.order.Back().Value.(*heldGame).ss.id)
	}
}

// remove lets go of the game id, if it is held.
func (f *finishedGames) remove(id string) {
	e := f.byID[id]
	if e == nil {
		return
	}
	f.bytes -= e.Value.(*heldGame).size
	f.order.Remove(e)
	delete(f.byID, id)
}

// sweep lets go of the games unused since now minus idle, and returns how
// many.
func (f *finishedGames) sweep(now time.Time, idle time.Duration) int {
	n := 0
	for e := f.order.Back(); e != nil; {
		prev := e.Prev()
		if ss := e.Value.(*heldGame).ss; ss.idle(now, idle) {
			f.remove(ss.id)
			n++
		}
		e = prev
	}
	return n
}

// clear lets go of every game.
func (f *finishedGames) clear() {
	f.order.Init()
	clear(f.byID)
	f.bytes = 0
}

// retire moves the finished game of ss from the games in play to the
// finished games held: its bots are done, and it is held as long as the
// memory for finished games allows (then loaded again from the store).
func (s *server) retire(ss *session) {
	size := ss.settle() // outside s.mu: it may draw the final picture
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games[ss.id] == ss {
		delete(s.games, ss.id)
	}
	if !s.closed {
		s.finished.add(ss, size)
	}
}

// held returns the game id that the server holds, in play or finished,
// or nil; it neither marks it used nor loads it.
func (s *server) held(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ss := s.games[id]; ss != nil {
		return ss
	}
	return s.finished.peek(id)
}

// retireFinished retires the games held in play that are over.
func (s *server) retireFinished() {
	var over []*session
	s.mu.Lock()
	for _, ss := range s.games {
		if ss.over() {
			over = append(over, ss)
		}
	}
	s.mu.Unlock()
	for _, ss := range over {
		s.retire(ss)
	}
}

// checkMemoryFlags checks -search-mb and -finished-mb: each search gets at
// least minSearchBytes.
func checkMemoryFlags(searchMB, finishedMB int64, searches int) error {
	switch {
	case searchMB < 1 || searchMB > 1<<20 || finishedMB < 1 || finishedMB > 1<<20:
		return errors.New("-search-mb and -finished-mb must be from 1 to 1048576")
	case searchMB<<20/int64(searches) < minSearchBytes:
		return fmt.Errorf("-search-mb %d gives each of the %d searches (-max-searches) less than %d MiB", searchMB, searches, minSearchBytes>>20)
	}
	return nil
}
