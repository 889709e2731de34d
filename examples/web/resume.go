package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/elasund/elasund"
)

// loadSession makes the session of a game the store kept: its Table loaded
// from its saved form (UnmarshalBinary replays the log and refuses one
// that is not a game of its configuration), its seats and bots made again,
// and its move log checked against the table's.
func (s *server) loadSession(ctx context.Context, g storedGame) (*session, error) {
	var t elasund.Table
	if err := t.UnmarshalBinary(g.Table); err != nil {
		return nil, err
	}
	if t.Len() != g.Moves {
		return nil, fmt.Errorf("the table holds %d moves, the games row says %d", t.Len(), g.Moves)
	}
	moves, err := s.store.Moves(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	log := t.Log()
	if s.shared != nil && len(moves) > len(log) {
		moves = moves[:len(log)] // moves another server committed since the game's row was read
	}
	if len(moves) != len(log) {
		return nil, fmt.Errorf("the table holds %d moves, the move log %d", len(log), len(moves))
	}
	for i, m := range moves {
		if m.N != i+1 || m.Text != log[i].Move.String() || m.Seat != int(log[i].Player) {
			return nil, fmt.Errorf("move %d is %q by seat %d in the log, %q by seat %d in the table",
				i+1, clip(m.Text), m.Seat, log[i].Move.String(), log[i].Player)
		}
	}
	seats, admin, err := readSeats(g.Seats, s.newBot)
	if err != nil {
		return nil, err
	}
	ss, err := newSession(g.ID, &t, seats, s.store, time.Now())
	if err != nil {
		return nil, err
	}
	ss.admin = admin
	return ss, nil
}

// resume loads every unfinished game of the store and starts its bots. A
// game that does not load is left in the store as it is and named in the
// error; the others are loaded.
func (s *server) resume() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	games, err := s.store.Unfinished(ctx)
	if err != nil {
		return err
	}
	var errs []error
	var loaded []*session
	for _, g := range games {
		ss, err := s.loadSession(ctx, g)
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", g.ID, err))
			continue
		}
		loaded = append(loaded, ss)
	}
	s.mu.Lock()
	for _, ss := range loaded {
		s.games[ss.id] = ss
	}
	s.mu.Unlock()
	for _, ss := range loaded {
		s.startBots(ss)
	}
	if len(loaded) > 0 {
		s.logger.Printf("resumed %d unfinished games", len(loaded))
	}
	return errors.Join(errs...)
}

// lookup returns the game id: held in memory (in play, or finished and
// marked used among the finished games held), or else loaded from the
// store (a finished game, kept there for its retention, or one let go
// from memory); nil if there is none. A finished game loaded is held
// among the finished games, within their memory: asking for it does not
// hold it any longer than that.
func (s *server) lookup(id string) *session {
	s.mu.Lock()
	ss := s.games[id]
	inPlay := ss != nil
	if ss == nil {
		ss = s.finished.get(id)
	}
	closed := s.closed
	s.mu.Unlock()
	if inPlay && ss.over() {
		s.retire(ss) // ended, and not yet retired by its last move's request or bots
	}
	if ss != nil || closed || len(id) != 32 {
		return ss
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	g, err := s.store.Game(ctx, id)
	if err != nil {
		if !errors.Is(err, errNoGame) {
			s.logger.Printf("game %s: %v", clip(id), err)
		}
		return nil
	}
	loaded, err := s.loadSession(ctx, g)
	if err != nil {
		s.logger.Printf("game %s: %v", id, err)
		return nil
	}
	if loaded.over() {
		s.retire(loaded)
		return loaded
	}
	s.mu.Lock()
	if ss := s.games[id]; ss != nil {
		s.mu.Unlock()
		return ss // loaded meanwhile by another request
	}
	if s.closed || s.unfinishedLocked() >= s.opts.MaxGames && !s.evictLocked(time.Now()) {
		s.mu.Unlock()
		return nil
	}
	s.games[id] = loaded
	s.mu.Unlock()
	s.startBots(loaded)
	return loaded
}

// expire deletes from the store the games finished more than the
// retention before now, and lets them go from memory.
func (s *server) expire(now time.Time) {
	if s.opts.Retention <= 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	n, err := s.store.Expire(ctx, now.Add(-s.opts.Retention))
	if err != nil {
		s.logger.Printf("deleting the finished games: %v", err)
		return
	}
	if n > 0 {
		s.logger.Printf("deleted %d games finished more than %v ago", n, s.opts.Retention)
	}
}
