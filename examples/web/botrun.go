package main

import (
	"context"
	"fmt"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// The bots' limits, by default: a move's search is bounded by a number of
// iterations, by time and by memory, and few searches run at once. An
// ISMCTS iteration keeps about half a kilobyte in the search tree
// (measured on 2- and 4-player positions: 100,000 iterations hold 25 to
// 45 MB and allocate about 60 MB, in 1 to 3 s on one core); each search
// is also bounded to its share of the searches' memory (SearchBytes /
// MaxSearches, 75 MiB by default), and a bot holds nothing between its
// moves (ISMCTS.Release), so the searches hold at most SearchBytes.
const (
	defaultMaxIterations = 100_000
	defaultSearchTime    = 3 * time.Second
	defaultMaxSearches   = 2
	maxSeatName          = 40 // the longest seat name read
)

// newBot makes the bot a seat names: one of bots.Names, or "ismcts:N",
// "ismcts-v:N", "az:N", "ismcts:T", "ismcts-v:T" or "az:T" (bots.New). An ISMCTS bot
// searches at most N iterations (the server's MaxIterations for a bot
// named by its time), at most the server's search time a move (T, if
// shorter) and at most its share of the searches' memory; an N above the
// server's MaxIterations is refused.
func (s *server) newBot(name string, seed uint64) (bots.Bot, error) {
	if len(name) > maxSeatName {
		return nil, fmt.Errorf("a bot's name is at most %d bytes: %q…", maxSeatName, name[:maxSeatName])
	}
	b, err := bots.New(name, seed)
	if err != nil {
		return nil, err
	}
	search, ok := b.(*bots.ISMCTS)
	if !ok {
		return b, nil
	}
	o := search.Options()
	if o.Iterations > s.opts.MaxIterations {
		return nil, fmt.Errorf("%q searches %d iterations a move; this server allows at most %d (-max-iterations)", name, o.Iterations, s.opts.MaxIterations)
	}
	if o.Budget == 0 || o.Budget > s.opts.SearchTime {
		o.Budget = s.opts.SearchTime
	}
	if o.Iterations == 0 {
		// A bot named by its time ("ismcts:3s") would otherwise search as
		// many iterations as fit: its tree, not only its time, is bounded.
		o.Iterations = s.opts.MaxIterations
	}
	o.TreeBytes = s.treeBytes()
	return bots.NewISMCTS(seed, o)
}

// startBots starts the goroutine that plays the bots' moves if a bot
// decides and none runs, unless the server is closing. The server calls
// it after every move of a person: a game that move ended is retired to
// the finished games held.
func (s *server) startBots(ss *session) {
	if !ss.claimBots() {
		if ss.over() {
			s.retire(ss)
		}
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ss.stopBots()
		return
	}
	s.wg.Add(1) // under s.mu, so that Close's Wait sees it or it is not made
	s.mu.Unlock()
	go s.runBots(ss)
}

// runBots plays the bots' moves until the person decides, the game ends
// (it is then retired to the finished games held), the session is closed
// or the server closes. A bot chooses from its seat's view, outside the
// session's lock, when a search slot is free; a search under way stops
// when the session or the server closes.
func (s *server) runBots(ss *session) {
	defer s.wg.Done()
	ctx, cancel := s.botContext(ss)
	defer cancel()
	defer func() {
		if ss.over() {
			s.retire(ss)
		}
	}()
	defer s.unclaim(ss)
	for s.botStep(ctx, ss) {
	}
}

// botStep plays one move of a bot: after the pause of BotDelay, the bot
// chooses from its seat's view when a search slot is free, and its move
// is played. With several servers, the pause and the search run under
// this server's lease of the game's bots (shared.go), and stop if it is
// lost. It reports whether the bots go on.
func (s *server) botStep(ctx context.Context, ss *session) bool {
	lease, ok := s.hold(ctx, ss)
	if !ok {
		ss.stopBots()
		return false
	}
	defer lease.end()
	if !s.pause(ss, s.opts.BotDelay) {
		ss.stopBots()
		return false
	}
	b, v, version, ok := ss.botTurn()
	if !ok {
		return false
	}
	if !s.acquireSearch(ss) {
		ss.stopBots()
		return false
	}
	m, err := s.search(lease.ctx, b, v)
	lost := lease.end()
	s.releaseSearch()
	if lost {
		ss.stopBots()
		return false
	}
	return ss.playBot(b.Name(), version, m, err) || s.again(ss, version)
}

// botContext returns a context that is cancelled when the session is
// stopped (its game deleted or expired, or the server closing), when the
// server closes, or by cancel, which returns once the goroutine that
// watches them has ended.
func (s *server) botContext(ss *session) (ctx context.Context, cancel func()) {
	ctx, stop := context.WithCancel(context.Background())
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ss.done:
		case <-s.stop:
		case <-ctx.Done():
		}
		stop()
	}()
	return ctx, func() { stop(); <-watched }
}

// pause waits d and reports whether the session and the server are still
// open.
func (s *server) pause(ss *session, d time.Duration) bool {
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ss.done:
			return false
		case <-s.stop:
			return false
		}
	}
	select {
	case <-ss.done:
		return false
	case <-s.stop:
		return false
	default:
		return true
	}
}

// acquireSearch waits for one of the MaxSearches search slots, and reports
// whether it got one for a session still open (false: the session or the
// server closed while it waited).
func (s *server) acquireSearch(ss *session) bool {
	select {
	case s.slots <- struct{}{}:
	case <-ss.done:
		return false
	case <-s.stop:
		return false
	}
	if ss.isStopped() {
		s.releaseSearch()
		return false
	}
	return true
}

func (s *server) releaseSearch() { <-s.slots }

// search asks bot b to choose from view v, counting the searches running;
// the search stops when ctx is done. The bot then lets go of what it
// searched with (ISMCTS.Release): a bot holds nothing between its moves.
func (s *server) search(ctx context.Context, b bots.Bot, v elasund.View) (elasund.Move, error) {
	n := s.searching.Add(1)
	s.searches.Add(1)
	for {
		peak := s.searchPeak.Load()
		if n <= peak || s.searchPeak.CompareAndSwap(peak, n) {
			break
		}
	}
	defer s.searching.Add(-1)
	if r, ok := b.(releaser); ok {
		defer r.Release()
	}
	return choose(ctx, b, v)
}

// A releaser is a bot that can let go of what it keeps between its moves
// (bots.ISMCTS).
type releaser interface{ Release() }

// choose asks the bot, turning a panic into an error.
func choose(ctx context.Context, b bots.Bot, v elasund.View) (m elasund.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return bots.ChooseContext(ctx, b, v)
}
