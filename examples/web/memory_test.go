package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// liveHeap returns the heap live after a collection.
func liveHeap() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC() // twice: the pools (gzip writers of earlier tests) are emptied
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// randomTable returns a table of a game of players seats played with
// random moves for moves moves, or to its end (a turn limit of turns).
func randomTable(t *testing.T, players int, seed uint64, turns, moves int) *elasund.Table {
	t.Helper()
	tb, err := elasund.NewTable(elasund.Config{Players: players, Seed: seed, MaxTurns: turns})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 77))
	for i := 0; i < moves && !tb.Over(); i++ {
		p := tb.ToMove()
		ms := tb.Legal(p)
		if _, err := tb.Play(p, ms[r.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// TestPictureBytes checks pictureBytes, the room counted for a picture:
// the largest drawing of 4-seat games, by the referee (every hand shown)
// and by each seat and the spectator, at their ends and half-way, stays
// under it.
func TestPictureBytes(t *testing.T) {
	most := 0
	for seed := uint64(1); seed <= 6; seed++ {
		full := randomTable(t, 4, seed, 300, 1<<30)
		for _, moves := range []int{full.Len() / 2, full.Len()} {
			tb := randomTable(t, 4, seed, 300, moves)
			data, err := tb.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			g := tableGame(data)
			var svg bytes.Buffer
			if err := g.WriteSVG(&svg, elasund.SVGOptions{Reveal: elasund.RevealAll}); err != nil {
				t.Fatal(err)
			}
			most = max(most, svg.Len())
			for p := elasund.NoPlayer; p < 4; p++ {
				pic, err := seatPicture(tb.View(p))
				if err != nil {
					t.Fatal(err)
				}
				most = max(most, len(pic))
			}
		}
	}
	t.Logf("the largest picture: %d bytes; counted %d", most, pictureBytes)
	if most > pictureBytes || most < pictureBytes/4 {
		t.Fatalf("the largest picture takes %d bytes; pictureBytes is %d", most, pictureBytes)
	}
}

// TestSessionBytes checks the estimate of a session's memory against the
// heap that sessions take: finished sessions settled (their final picture
// drawn) and unfinished ones with every seat's and the spectator's
// picture drawn, of 2 to 4 seats, a few moves in and at a turn limit.
// The estimate is at least what they take, and not twice as much.
func TestSessionBytes(t *testing.T) {
	greedy := func(uint64) bots.Bot { return bots.NewGreedy(1) }
	for _, tc := range []struct {
		players, turns, moves int
		finished              bool
	}{
		{2, 300, 10, false},
		{4, 300, 10, false},
		{4, 300, 150, false},
		{2, 40, 1 << 30, true},
		{4, 40, 1 << 30, true},
		{3, 300, 1 << 30, true},
	} {
		const n = 40
		held := make([]*session, 0, n)
		var estimated int64
		before := liveHeap()
		for i := range n {
			tb := randomTable(t, tc.players, uint64(i+1), tc.turns, tc.moves)
			seats := make([]seat, tc.players)
			seats[0] = seat{kind: human, token: hashToken("x")}
			for p := 1; p < tc.players; p++ {
				seats[p] = seat{kind: "greedy", bot: greedy(uint64(p)), seed: uint64(p)}
			}
			ss, err := newSession(newID(), tb, seats, nil, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if tc.finished != tb.Over() {
				t.Fatalf("%+v: over %v", tc, tb.Over())
			}
			if tc.finished {
				estimated += ss.settle()
			} else {
				for p := elasund.NoPlayer; p < elasund.Player(tc.players); p++ {
					if _, err := ss.state(p, 0, ""); err != nil {
						t.Fatal(err)
					}
				}
				ss.mu.Lock()
				estimated += ss.sessionBytesLocked()
				ss.mu.Unlock()
			}
			held = append(held, ss)
		}
		took := liveHeap() - before
		runtime.KeepAlive(held)
		t.Logf("%+v: %d bytes a session, estimated %d", tc, took/n, estimated/n)
		if took > estimated || estimated > 2*took {
			t.Errorf("%+v: %d sessions take %d bytes, estimated %d", tc, n, took, estimated)
		}
	}
}

// TestBotsMemoryBounded creates the most games the server allows, each
// with three ISMCTS bots and a person, with small but real budgets (a
// search of at most 5,000 iterations, and 1.75 MiB of tree each: two
// searches share 4 MiB); the bots play their turns and the person theirs,
// twice round. While the bots search, and once they wait, the live heap
// stays under the figure memoryBound gives for the server's options (the
// figure main's usage gives for its flags), and once they wait it holds
// the games' sessions as estimated and no search tree: a bot holds
// nothing between its moves (without Release the 48 seats keep 18 MiB of
// trees).
func TestBotsMemoryBounded(t *testing.T) {
	opts := options{MaxGames: 16, MaxTurns: 300, MaxIterations: 2000, MaxSearches: 2, SearchBytes: 4 << 20,
		FinishedBytes: 2 << 20, MaxReplayBytes: 1 << 20, SearchTime: time.Minute}
	bound := memoryBound(opts, opts.MaxTurns)
	// What the process holds before this test's server: in the whole
	// suite, more than a lone server's baseBytes (other tests' servers,
	// browsers' and databases' clients not yet collected).
	before := liveHeap()
	s, ts := testServer(t, opts)
	var games []created
	for range opts.MaxGames {
		games = append(games, create(t, ts, `{"seats": ["ismcts:2000", "ismcts", "human", "ismcts-v:1000"]}`))
	}
	if status, data, _ := do(t, ts, "POST", "/api/games", `{"seats": ["ismcts", "human"]}`); status != http.StatusTooManyRequests {
		t.Fatalf("a game past -max-games: %d %s", status, data)
	}
	var peak int64
	var sampled time.Time
	sample := func() { // every 50 ms: a collection slows the searches
		if time.Since(sampled) < 50*time.Millisecond {
			return
		}
		if h := liveHeap(); h > peak {
			peak = h
		}
		sampled = time.Now()
	}
	r := rand.New(rand.NewPCG(4, 4))
	for round := range 2 {
		// The bots play until the person decides in every game.
		if !waitUntil(2*time.Minute, func() bool {
			sample()
			for _, c := range games {
				if g, human, _ := gameOf(s, c.ID); !g.Over() && g.ToMove() != human {
					return false
				}
			}
			return true
		}) {
			t.Fatalf("round %d: the bots did not reach the person's decision", round)
		}
		for _, c := range games {
			for st := stateAs(t, ts, c.ID, c.Token); len(st.Moves) > 0; {
				status, data, _ := doAs(t, ts, c.Token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: progress(st.Moves, r)}))
				if status != http.StatusOK {
					t.Fatalf("%d %s", status, data)
				}
				st = stateJSON{}
				decode(t, data, &st)
			}
		}
	}
	if !waitUntil(2*time.Minute, func() bool { sample(); return s.searching.Load() == 0 }) {
		t.Fatal("the searches do not end")
	}
	waiting := liveHeap()
	t.Logf("%d searches; live heap %.1f MiB at the most while they ran, %.1f MiB once they wait; the bound %v",
		s.searches.Load(), float64(peak)/(1<<20), float64(waiting)/(1<<20), bound)
	if s.searches.Load() < int64(3*opts.MaxGames) {
		t.Fatalf("%d searches for %d bots", s.searches.Load(), 3*opts.MaxGames)
	}
	if peak > bound.Total() || waiting > bound.Total() {
		t.Fatalf("the live heap reached %d bytes (%d once the bots wait); the bound is %d", peak, waiting, bound.Total())
	}
	// Once no bot searches, the heap holds the games' sessions as
	// estimated, and no search tree.
	// The base: baseBytes, or what the process held before plus a
	// server's own (its SQLite page cache, 2 MB, and its structures).
	base := max(int64(baseBytes), before+4<<20)
	held := base
	for _, c := range games {
		ss := sessionOf(s, c.ID)
		ss.mu.Lock()
		held += ss.sessionBytesLocked()
		ss.mu.Unlock()
	}
	if waiting > held {
		t.Fatalf("with no search running the heap holds %d bytes; the games are estimated at %d, and %d for the rest", waiting, held-base, base)
	}
}

// TestFinishedChurn creates and ends many games (each seat's DELETE
// forfeits its game) and then fetches every one of them without a token,
// as anyone may: the finished games held stay within FinishedBytes, and
// so does the heap they take, however many were fetched; a game let go is
// loaded again when asked for.
func TestFinishedChurn(t *testing.T) {
	const n = 600
	opts := options{MaxGames: 4, FinishedBytes: 2 << 20, Idle: 2 * time.Hour}
	s, ts := testServer(t, opts)
	plain := []string{"Accept-Encoding", "identity"} // no pooled gzip writer comes and goes between the measures
	ids := make([]string, 0, n)
	before := liveHeap()
	for range n {
		status, data, _ := do(t, ts, "POST", "/api/games", `{"seats": ["human", "human", "human"]}`)
		if status != http.StatusCreated {
			t.Fatalf("%d %s", status, data)
		}
		var c createdJSON
		decode(t, data, &c)
		if status, data, _ := doAs(t, ts, c.Admin, "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
			t.Fatalf("%d %s", status, data)
		}
		ids = append(ids, c.ID)
	}
	for _, id := range ids {
		if status, data, _ := doWith(t, ts, "GET", "/api/games/"+id, "", plain...); status != http.StatusOK {
			t.Fatalf("GET a finished game: %d %s", status, data)
		}
	}
	s.mu.Lock()
	held, heldBytes, inPlay := len(s.finished.byID), s.finished.bytes, len(s.games)
	s.mu.Unlock()
	grown := liveHeap() - before
	t.Logf("%d games fetched: %d held, accounted %d bytes; the heap grew %d bytes", n, held, heldBytes, grown)
	if most := int(opts.FinishedBytes / (sessionBase + pictureEntry)); held == 0 || held > most || heldBytes > opts.FinishedBytes || inPlay != 0 {
		t.Fatalf("%d finished games held (at most %d), %d bytes accounted, %d in play", held, most, heldBytes, inPlay)
	}
	if grown > opts.FinishedBytes+1<<20 { // a megabyte for the test's ids and the connections
		t.Fatalf("the heap grew %d bytes; the finished games may take %d", grown, opts.FinishedBytes)
	}
	// The first game fetched was let go: it is loaded again, and over.
	if st := stateAs(t, ts, ids[0], ""); st.End == nil || st.End.Method != "abandoned" {
		t.Fatalf("a game let go, fetched again: %+v", st.End)
	}
}

// TestFinishedGamesOrder checks the finished games held: the least
// recently used is let go first (a get marks a game used, a peek does
// not), a game is held once whatever its adds, one larger than the whole
// is not held, and the idle are let go.
func TestFinishedGamesOrder(t *testing.T) {
	now := time.Now()
	game := func(id string, used time.Duration) *session {
		return &session{id: id, lastUsed: now.Add(-used)}
	}
	f := newFinishedGames(100)
	held := func() string {
		var ids []string
		for e := f.order.Front(); e != nil; e = e.Next() {
			ids = append(ids, e.Value.(*heldGame).ss.id)
		}
		return strings.Join(ids, " ")
	}
	steps := []struct {
		do   func()
		want string
	}{
		{func() { f.add(game("a", 0), 40) }, "a"},
		{func() { f.add(game("b", time.Hour), 40) }, "b a"},
		{func() { f.get("a") }, "a b"},
		{func() { f.peek("b") }, "a b"},
		{func() { f.add(game("c", 0), 40) }, "c a"}, // b, the least recently used, goes
		{func() { f.add(game("a", 0), 30) }, "a c"}, // held once, at its new size
		{func() { f.add(game("d", 0), 101) }, "a c"},
		{func() { f.add(game("e", 3*time.Hour), 30) }, "e a c"},
		{func() { f.sweep(now, 2*time.Hour) }, "a c"},
		{func() { f.remove("c") }, "a"},
		{func() { f.clear() }, ""},
	}
	for i, st := range steps {
		st.do()
		if got := held(); got != st.want || len(f.byID) != f.order.Len() {
			t.Fatalf("step %d: %q held (%d by id), want %q", i, got, len(f.byID), st.want)
		}
	}
	f.add(game("a", 0), 40)
	f.add(game("b", 0), 50)
	if f.bytes != 90 || f.get("x") != nil || f.get("a") == nil {
		t.Fatalf("%d bytes held", f.bytes)
	}
}

// TestMemoryFigure checks the figure of the documentation (main's
// package doc) against memoryBound for the default flags, which -h
// prints, and the flags' checks.
func TestMemoryFigure(t *testing.T) {
	var usage bytes.Buffer
	run(context.Background(), []string{"-h"}, io.Discard, &usage)
	defaults := options{MaxGames: 50, MaxReplayBytes: 64 << 20, SearchBytes: defaultSearchBytes, FinishedBytes: defaultFinishedBytes}
	figure := memoryBound(defaults, 300)
	if want := fmt.Sprintf("memory: at most about %v, with games of 300 turns", figure); !strings.Contains(usage.String(), want) {
		t.Fatalf("the usage:\n%s\nwant %q", usage.String(), want)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(src), "//", "")), " ")
	longest := memoryBound(defaults, maxTurnsAsked)
	for _, want := range []string{
		fmt.Sprintf("the Go heap stays under about %d MiB", mib(figure.Total())),
		fmt.Sprintf("holds up to %.1f MB of log, so 50 of them would add up to about %d MiB",
			float64(maxTurnsAsked*movesPerTurn*moveBytes)/1e6, mib(longest.Games-figure.Games)),
		fmt.Sprintf("each at most about %d KB at the turn limit 300", (figure.Games/50+500)/1000),
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("main.go's doc does not say %q", want)
		}
	}
	for _, tc := range []struct {
		search, finished int64
		searches         int
		want             string
	}{
		{150, 32, 2, ""},
		{2, 1, 2, ""},
		{0, 32, 2, "-search-mb and -finished-mb must be from 1 to 1048576"},
		{150, 0, 2, "-search-mb and -finished-mb must be from 1 to 1048576"},
		{150, 1<<20 + 1, 2, "-search-mb and -finished-mb must be from 1 to 1048576"},
		{3, 32, 4, "-search-mb 3 gives each of the 4 searches (-max-searches) less than 1 MiB"},
	} {
		err := checkMemoryFlags(tc.search, tc.finished, tc.searches)
		if (err == nil) != (tc.want == "") || err != nil && err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc, err, tc.want)
		}
	}
	if err := run(context.Background(), []string{"-search-mb", "1", "-max-searches", "2", "-db", ":memory:"}, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "less than 1 MiB") {
		t.Fatalf("run -search-mb 1 -max-searches 2: %v", err)
	}
}
