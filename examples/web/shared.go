package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/elasund/elasund"
)

// Several servers, one database (a sharedStore: PostgreSQL). Any server
// takes any request about any game, so that no load balancer in front
// needs to send a game's requests to one server. Each server holds
// copies of the games it was asked about, as one server does, and:
//
//   - before it answers about a game it compares its copy with the
//     database's (gameStamp: one query by primary key) and loads the game
//     again if another server changed it (sync);
//   - it hears of the games the others change through PostgreSQL's
//     LISTEN/NOTIFY and loads those it holds again at once, which wakes
//     its long polls (syncLater);
//   - a move is accepted by one server only: the store commits it only if
//     the game is at the move before (a compare-and-set of the move count
//     in the transaction of the move), and a server that lost the race
//     loads the game again and plays the move as a second submission of
//     it would be played (play: 409 with "after", else on the game as it
//     stands);
//   - a game's bots search on one server at a time, the one that holds
//     the game's lease (a row with an expiry, renewed while the bot
//     searches); the move of a bot is committed only under its lease. A
//     server that dies stops renewing, and another takes the lease over
//     once it has expired (adoptOrphans) and plays on. This also resumes
//     the bots of a game whose servers all stopped: a server does not load
//     every unfinished game when it starts, as a lone server does;
//   - a game nobody used for -idle is abandoned by the first server whose
//     janitor finds it so in the database (the servers note there, every
//     eighth of -idle at most, when a game was used), and a finished game
//     expires by one server's janitor at a time.

// asShared returns st if several servers share it, else nil.
func asShared(st store) sharedStore {
	sh, _ := st.(sharedStore)
	return sh
}

// resumeGames resumes the unfinished games of the store: one server loads
// them all and starts their bots (resume); with several, a server loads a
// game when it is asked about it, and the bots of a game go on where its
// lease expires (adoptOrphans).
func (s *server) resumeGames() error {
	if s.shared == nil {
		return s.resume()
	}
	s.startShared()
	return nil
}

// startShared starts, for a server among several, the goroutines that
// listen for the games the others change and that take over the bots of
// games whose lease expired. They end when the server closes.
func (s *server) startShared() {
	ctx, cancel := context.WithCancel(context.Background())
	s.wg.Add(3)
	go func() {
		defer s.wg.Done()
		<-s.stop
		cancel()
	}()
	go func() {
		defer s.wg.Done()
		s.shared.Listen(ctx, s.changedElsewhere, s.syncAll)
	}()
	go func() {
		defer s.wg.Done()
		s.adoptOrphans(ctx)
	}()
}

// changedElsewhere loads again the game id, if the server holds it,
// which another server changed.
func (s *server) changedElsewhere(id string) {
	if ss := s.held(id); ss != nil {
		s.syncLater(ss)
	}
}

// syncAll loads again every game held that changed, after notices may
// have been missed (the listening connection was made again).
func (s *server) syncAll() {
	s.mu.Lock()
	var all []*session
	for _, ss := range s.games {
		all = append(all, ss)
	}
	s.mu.Unlock()
	for _, ss := range all {
		s.syncLater(ss)
	}
}

// syncLater syncs the session in a goroutine of its own, unless one runs
// already, which then syncs once more.
func (s *server) syncLater(ss *session) {
	if ss.syncing.Add(1) > 1 {
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ss.syncing.Store(0)
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		for {
			s.sync(ss)
			if ss.syncing.CompareAndSwap(1, 0) {
				return
			}
			ss.syncing.Store(1)
		}
	}()
}

// sync brings the session to the database's copy of its game, loading it
// again if it differs (a server among several; for one, it does nothing).
// It reports false when the database holds the game no more (expired),
// and the server then lets it go. An error of the database leaves the
// copy as it is.
func (s *server) sync(ss *session) bool {
	if s.shared == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	stamp, err := s.shared.Stamp(ctx, ss.id)
	if err == nil && ss.matches(stamp) {
		return true
	}
	var g storedGame
	if err == nil {
		g, err = s.store.Game(ctx, ss.id)
	}
	if errors.Is(err, errNoGame) {
		s.drop(ss)
		return false
	}
	if err == nil {
		var t *elasund.Table
		var seats []seat
		if t, seats, err = s.tableOf(g); err == nil {
			ss.replace(t, seats)
		}
	}
	if err != nil {
		s.logger.Printf("game %s: loading it again: %v", ss.id, err)
	}
	return true
}

// tableOf makes the Table and the seats of a stored game.
func (s *server) tableOf(g storedGame) (*elasund.Table, []seat, error) {
	var t elasund.Table
	if err := t.UnmarshalBinary(g.Table); err != nil {
		return nil, nil, err
	}
	if t.Len() != g.Moves {
		return nil, nil, fmt.Errorf("the table holds %d moves, the games row says %d", t.Len(), g.Moves)
	}
	seats, _, err := readSeats(g.Seats, s.newBot)
	return &t, seats, err
}

// drop lets go of a game the database no longer holds.
func (s *server) drop(ss *session) {
	s.mu.Lock()
	if s.games[ss.id] == ss {
		delete(s.games, ss.id)
	}
	if s.finished.peek(ss.id) == ss {
		s.finished.remove(ss.id)
	}
	s.mu.Unlock()
	ss.stop()
}

// matches reports whether the session's copy of its game is the one
// stamp describes.
func (ss *session) matches(stamp gameStamp) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.t.Len() == stamp.Moves && ss.t.Over() == stamp.Finished && ss.seatsJSON() == stamp.Seats
}

// replace puts table t and seats, loaded from the database, in place of
// the session's, and wakes the requests that wait, unless the copy held
// is as far on already: a game only moves on (more moves, then finished;
// seats only ever left by their person), and a reload may come back after
// a move this server played.
func (ss *session) replace(t *elasund.Table, seats []seat) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	n, m := ss.t.Len(), t.Len()
	ahead := m > n || m == n && (t.Over() && !ss.t.Over() || leftSeats(seats) > leftSeats(ss.seats))
	if !ahead || ss.stopped {
		return
	}
	ss.t, ss.seats = t, seats
	clear(ss.pics)
	ss.end = nil
	ss.lastRoll = lastRollOf(t)
	ss.notify()
}

// leftSeats counts the seats whose person left.
func leftSeats(seats []seat) int {
	n := 0
	for _, s := range seats {
		if s.left {
			n++
		}
	}
	return n
}

// shared reports whether the session's store is shared by several
// servers.
func (ss *session) shared() bool {
	_, ok := ss.store.(sharedStore)
	return ok
}

// savePlayedLocked saves move row of seat p and the table data after it
// (store.Played; with several servers PlayedBy, which also moves the
// lease of the game's bots). The caller holds ss.mu.
func (ss *session) savePlayedLocked(ctx context.Context, p elasund.Player, data []byte, row storedMove) error {
	sh, ok := ss.store.(sharedStore)
	if !ok {
		return ss.store.Played(ctx, ss.id, data, row, ss.t.Over(), row.At)
	}
	q := ss.t.ToMove()
	next := q != elasund.NoPlayer && ss.seats[q].bot != nil
	return sh.PlayedBy(ctx, ss.id, data, row, ss.t.Over(), row.At, ss.seats[p].bot != nil, next)
}

// saveSeatsLocked saves the seats, which were old (with several servers,
// only if the database still holds old). The caller holds ss.mu.
func (ss *session) saveSeatsLocked(ctx context.Context, old string, now time.Time) error {
	if sh, ok := ss.store.(sharedStore); ok {
		return sh.SetSeatsFrom(ctx, ss.id, old, ss.seatsJSON(), now)
	}
	return ss.store.SetSeats(ctx, ss.id, ss.seatsJSON(), now)
}

// botDecides reports whether a bot decides in the game.
func (ss *session) botDecides() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	p := ss.t.ToMove()
	return p != elasund.NoPlayer && ss.seats[p].bot != nil
}

// fresh readies a session for a request: with several servers, it syncs
// it, and notes in the database that the game was used (every eighth of
// -idle at most). It reports false if the game is gone.
func (s *server) fresh(ss *session, now time.Time) bool {
	if s.shared == nil {
		return true
	}
	if !s.sync(ss) {
		return false
	}
	if s.opts.Idle > 0 && ss.noteSeen(now, s.opts.Idle/8) {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		if err := s.shared.Seen(ctx, ss.id, now); err != nil {
			s.logger.Printf("game %s: %v", ss.id, err)
		}
		cancel()
	}
	return true
}

// noteSeen reports whether the use of the game at now is to be noted in
// the database: the last was noted more than every before.
func (ss *session) noteSeen(now time.Time, every time.Duration) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if now.Sub(ss.seen) < every {
		return false
	}
	ss.seen = now
	return true
}

// play plays a person's move (session.play). With several servers, a
// move the database refused because another server played first
// (errStale) is played again on the game loaded again, as a second
// submission of the same move would be: refused with 409 if it was
// chosen "after" a state the game has left, else played on the game as
// it stands, if the Table allows it.
func (s *server) play(ss *session, p elasund.Player, m elasund.Move, after int) error {
	err := ss.play(p, m, after)
	for range 3 {
		if s.shared == nil || !errors.Is(err, errStale) || !s.sync(ss) {
			break
		}
		err = ss.play(p, m, after)
	}
	return err
}

// A botLease is a bot's search under its server's lease of the game: ctx
// is the search's, cancelled when the lease is lost.
type botLease struct {
	ctx    context.Context
	cancel context.CancelFunc
	lost   atomic.Bool
	done   chan struct{}
}

// hold claims the lease of the session's bots for this server, and
// renews it every third of the lease time until end; a lease lost (taken
// by another server, or not renewed) cancels its ctx. It reports false if
// no bot decides or another server holds the lease. With one server there
// is no lease.
func (s *server) hold(parent context.Context, ss *session) (*botLease, bool) {
	l := &botLease{done: make(chan struct{})}
	l.ctx, l.cancel = context.WithCancel(parent)
	if s.shared == nil {
		close(l.done)
		return l, true
	}
	if !ss.botDecides() || !s.claim(ss.id) {
		l.cancel()
		return nil, false
	}
	go func() {
		defer close(l.done)
		t := time.NewTicker(s.shared.LeaseTime() / 3)
		defer t.Stop()
		for {
			select {
			case <-l.ctx.Done():
				return
			case <-t.C:
				if !s.claim(ss.id) {
					l.lost.Store(true)
					l.cancel()
					return
				}
			}
		}
	}()
	return l, true
}

// end ends the lease's search, and reports whether the lease was lost.
func (l *botLease) end() bool {
	l.cancel()
	<-l.done
	return l.lost.Load()
}

// claim claims or renews this server's lease of game id's bots; an error
// of the database counts as another server's lease.
func (s *server) claim(id string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	ok, err := s.shared.Claim(ctx, id)
	if err != nil {
		s.logger.Printf("game %s: the lease of its bots: %v", id, err)
	}
	return ok && err == nil
}

// unclaim gives up, as the bots of a session stop on this server while a
// bot decides (the session stopped, or the server closes), its lease,
// left expired so that another server takes the game's bots over at once.
func (s *server) unclaim(ss *session) {
	if s.shared != nil && ss.botDecides() && !ss.over() {
		s.release(ss.id, true)
	}
}

// release gives up this server's lease of game id's bots; due says a
// bot's move is still due (Release).
func (s *server) release(id string, due bool) {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := s.shared.Release(ctx, id, due); err != nil {
		s.logger.Printf("game %s: giving up the lease of its bots: %v", id, err)
	}
}

// again reports, after a bot's move that was not played, whether the bots
// go on: with several servers, if the game moved on elsewhere from
// version (reloaded) and a bot still decides.
func (s *server) again(ss *session, version int) bool {
	if s.shared == nil || !s.sync(ss) {
		return false
	}
	ss.mu.Lock()
	moved := ss.t.Len() != version
	ss.mu.Unlock()
	return moved && ss.claimBots()
}

// adoptOrphans takes over, every sixth of the lease time, the games whose
// lease expired: their server died, or stopped without a bot's move.
func (s *server) adoptOrphans(ctx context.Context) {
	t := time.NewTicker(s.shared.LeaseTime() / 6)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ids, err := s.shared.Orphans(ctx, 16)
		if err != nil && ctx.Err() == nil {
			s.logger.Printf("looking for games whose bots' server stopped: %v", err)
		}
		for _, id := range ids {
			s.adopt(id)
		}
	}
}

// adopt runs the bots of game id, whose lease this server has just
// taken, if a bot decides; else it gives the lease up. A game this server
// cannot hold (it is closing, or full, or the game does not load) keeps
// the lease until it expires, for another server to try.
func (s *server) adopt(id string) {
	ss := s.lookup(id) // a game loaded now starts its bots
	if ss == nil || !s.sync(ss) {
		return
	}
	if ss.over() || !ss.botDecides() {
		s.release(id, false)
		return
	}
	s.logger.Printf("game %s: its bots' lease expired: this server plays them on", id)
	s.startBots(ss)
}

// abandonGame abandons the game of ss for everyone (the admin token's
// DELETE). With several servers, a copy that another server's move made
// stale since it was synced is let go, and the game is loaded again and
// abandoned as it stands.
func (s *server) abandonGame(ss *session, now time.Time) error {
	err := ss.abandon(now)
	if s.shared != nil && errors.Is(err, errStale) {
		s.drop(ss)
		if again := s.lookup(ss.id); again != nil {
			err = again.abandon(now)
			s.forget(again)
		}
	}
	return err
}

// evictLocked lets go from memory, with several servers, the game held in
// play that was used least recently, to make room for another, if no
// request can be waiting for it (it was unused for longer than the
// longest wait, and a second) and its bots do not run on this server: the
// database keeps it, and a server loads it again when asked about it. It
// reports whether it let one go. The caller holds s.mu.
func (s *server) evictLocked(now time.Time) bool {
	if s.shared == nil {
		return false
	}
	var oldest *session
	var when time.Time
	for _, ss := range s.games {
		ss.mu.Lock()
		used, busy := ss.lastUsed, ss.running || ss.stopped
		ss.mu.Unlock()
		if !busy && now.Sub(used) > s.opts.MaxWait+time.Second && (oldest == nil || used.Before(when)) {
			oldest, when = ss, used
		}
	}
	if oldest == nil {
		return false
	}
	delete(s.games, oldest.id)
	oldest.stop()
	return true
}

// letGoIdle lets go of a game unused for the idle time: one server
// abandons it; with several servers, it is only let go from memory, and
// abandonIdle abandons it if no server used it.
func (s *server) letGoIdle(ss *session, now time.Time) {
	if s.shared != nil {
		ss.stop()
		return
	}
	if err := ss.abandon(now); err != nil {
		s.logger.Printf("game %s: saving it abandoned: %v", ss.id, err)
	}
}

// abandonIdle abandons, with several servers, the unfinished games that
// no server changed or noted used for the idle time and an eighth (the
// servers note a use every eighth at most). The servers' janitors may
// find the same game: the first to save it abandoned does, the others'
// writes are refused (errStale).
func (s *server) abandonIdle(now time.Time) {
	if s.shared == nil || s.opts.Idle <= 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	games, err := s.shared.Idle(ctx, now.Add(-s.opts.Idle-s.opts.Idle/8))
	if err != nil {
		s.logger.Printf("looking for idle games: %v", err)
		return
	}
	for _, g := range games {
		t, _, err := s.tableOf(g)
		var data []byte
		if err == nil {
			t.Abandon()
			data, err = t.MarshalBinary()
		}
		if err == nil {
			err = s.store.Ended(ctx, g.ID, data, t.Len(), now)
		}
		switch {
		case errors.Is(err, errStale):
		case err != nil:
			s.logger.Printf("game %s: saving it abandoned: %v", g.ID, err)
		default:
			if ss := s.held(g.ID); ss != nil {
				s.sync(ss)
			}
		}
	}
}
