package main

import (
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// The tests of this file each replay an attack found against the server,
// through HTTP, and check that it fails.

// TestNoChosenDice: a player cannot choose the dice, nor play any move
// the Table does not list for the seat. The refusals carry the engine's
// reason, and the game does not change.
func TestNoChosenDice(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Minute, BotDelay: time.Hour})
	st := createFirst(t, ts, `{"seats": ["human", "random"]}`, true)
	path := "/api/games/" + st.ID + "/moves"
	g, _, _ := gameOf(s, st.ID)
	if g.Phase() != elasund.PhaseRoll {
		t.Fatalf("the game starts in phase %v", g.Phase())
	}
	for _, tc := range []struct {
		move   string
		status int
		want   error // the engine's reason
	}{
		{"roll 6 6", 422, elasund.ErrChance},
		{"roll 1 1", 422, elasund.ErrChance},
		{"roll 3 4", 422, elasund.ErrChance},
		{"end build", 422, elasund.ErrWrongPhase},
		{"take gold", 422, elasund.ErrWrongPhase},
	} {
		status, data, ctype := doAs(t, ts, st.Token, "POST", path, mustJSON(t, moveJSON{Move: tc.move}))
		msg := errorOf(t, data, ctype)
		m, err := elasund.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		// The engine's reason: the refusal of the server's Table, which
		// wraps the sentinel of the rule.
		want := tableRefusal(t, s, st.ID, m, tc.want)
		if status != tc.status || msg != want {
			t.Errorf("%q: %d %q, want %d %q", tc.move, status, msg, tc.status, want)
		}
		if after, _, _ := gameOf(s, st.ID); after != g {
			t.Fatalf("%q changed the game", tc.move)
		}
	}
	// The plain roll is the Table's: it rolls.
	status, data, _ := doAs(t, ts, st.Token, "POST", path, `{"move": "roll"}`)
	if status != http.StatusOK {
		t.Fatalf("roll: %d %s", status, data)
	}
	var after stateJSON
	decode(t, data, &after)
	g, _, _ = gameOf(s, st.ID)
	d1, d2 := g.Dice()
	if last := after.Log[len(after.Log)-1]; after.Version != 1 || last.Text != fmt.Sprintf("roll %d %d", d1, d2) {
		t.Fatalf("after the roll: version %d, log %+v, dice %d %d", after.Version, after.Log, d1, d2)
	}
}

// tableRefusal returns the error the server's Table gives for the person
// playing m in game id now, which must wrap want.
func tableRefusal(t *testing.T, s *server, id string, m elasund.Move, want error) string {
	t.Helper()
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	err := ss.t.Check(firstHuman(ss), m)
	if !errors.Is(err, want) {
		t.Fatalf("the Table's answer to %v is %v, not an error wrapping %v", m, err, want)
	}
	return err.Error()
}

// TestSeedIsSecret: a client can neither choose the seed nor learn it,
// nor the record, while the game goes on; an operator's -seed makes games
// reproducible.
func TestSeedIsSecret(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, BotDelay: time.Hour})
	for _, body := range []string{
		`{"seats": ["human", "random"], "seed": 123456789}`,
		`{"seats": ["human", "random"], "seed": 1}`,
		`{"seats": ["human", "random"], "seed": "42"}`,
		`{"seats": ["human", "random"], "seed": -1}`,
	} {
		status, data, ctype := do(t, ts, "POST", "/api/games", body)
		if status != http.StatusBadRequest || !strings.Contains(errorOf(t, data, ctype), "a client may not choose the seed") {
			t.Errorf("%s: %d %s, want 400", body, status, data)
		}
	}
	if n := gameCount(s); n != 0 {
		t.Fatalf("%d games made with a chosen seed", n)
	}
	// 0 and null ask for no seed, as before.
	for _, body := range []string{`{"seats": ["human", "random"], "seed": 0}`, `{"seats": ["human", "random"], "seed": null}`} {
		create(t, ts, body)
	}
	// Nothing sent about a game in progress holds its seed, and the record
	// is refused.
	st := create(t, ts, `{"seats": ["random", "human", "random"]}`)
	seed := tableSeed(t, s, st.ID)
	for _, path := range []string{"/api/games/" + st.ID, "/api/games/" + st.ID + "/record"} {
		status, data, _ := do(t, ts, "GET", path, "")
		if strings.Contains(string(data), strconv.FormatUint(seed, 10)) {
			t.Fatalf("GET %s sends the seed", path)
		}
		if strings.HasSuffix(path, "/record") && status != http.StatusConflict {
			t.Fatalf("the record of a game in progress: %d %s", status, data)
		}
	}

	// Secret seeds differ from game to game; an operator's seed gives the
	// same games on every server started with it.
	first := map[uint64]bool{seed: true}
	for range 3 {
		st := create(t, ts, `{"seats": ["human", "random"]}`)
		if seed := tableSeed(t, s, st.ID); first[seed] {
			t.Fatalf("the seed %d twice", seed)
		}
		doAs(t, ts, st.Token, "DELETE", "/api/games/"+st.ID, "")
	}
	var views [2][]string
	for i := range views {
		s, ts := testServer(t, options{MaxGames: 4, BotDelay: time.Hour, Seed: 99})
		for range 3 {
			st := create(t, ts, `{"seats": ["human", "greedy", "random"]}`)
			views[i] = append(views[i], string(st.State.View))
			if seed := tableSeed(t, s, st.ID); seed == 99 {
				t.Fatal("the operator's seed is a game's seed")
			}
		}
	}
	if fmt.Sprint(views[0]) != fmt.Sprint(views[1]) || views[0][0] == views[0][1] && views[0][1] == views[0][2] {
		t.Fatal("an operator's seed does not give the same, different games on every server")
	}
}

// tableSeed returns the seed of the server's game id, which only the
// Table knows.
func tableSeed(t *testing.T, s *server, id string) uint64 {
	t.Helper()
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	ss.mu.Lock()
	data, err := ss.t.MarshalJSON()
	ss.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		Config struct {
			Seed uint64 `json:"seed"`
		} `json:"config"`
	}
	decode(t, data, &saved)
	if saved.Config.Seed == 0 {
		t.Fatalf("no seed in %.200s", data)
	}
	return saved.Config.Seed
}

// TestBotOptionsCapped: every ISMCTS bot a seat may name, by iterations
// or by time, with or without the learned value, searches at most the
// server's search time a move, and the iterations it names or, named by
// its time, at most the server's -max-iterations (so that its tree is
// bounded too); one iteration more than that is refused.
func TestBotOptionsCapped(t *testing.T) {
	s, _ := testServer(t, options{MaxGames: 1, SearchTime: 2 * time.Second, MaxIterations: 5000})
	for _, tc := range []struct {
		name   string
		iters  int
		budget time.Duration
		value  bool
	}{
		{"ismcts", bots.DefaultIterations, 2 * time.Second, false},
		{"ismcts:5000", 5000, 2 * time.Second, false},
		{"ismcts:500", 500, 2 * time.Second, false},
		{"ismcts-v", bots.DefaultIterations, 2 * time.Second, true},
		{"ismcts-v:70", 70, 2 * time.Second, true},
		{"ismcts:1m", 5000, 2 * time.Second, false},
		{"ISMCTS-V:15ms", 5000, 15 * time.Millisecond, true},
		{"az:70", 70, 2 * time.Second, false},
		{"az:10ms", 5000, 10 * time.Millisecond, false},
	} {
		b, err := s.newBot(tc.name, 1)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		o := b.(*bots.ISMCTS).Options()
		if o.Iterations != tc.iters || o.Budget != tc.budget || (o.Value != nil) != tc.value {
			t.Errorf("%s: %d iterations, %v a move, value %v; want %d, %v, %v", tc.name, o.Iterations, o.Budget, o.Value != nil, tc.iters, tc.budget, tc.value)
		}
	}
	for _, name := range []string{"ismcts:5001", "ismcts-v:5001", "az:5001"} {
		if b, err := s.newBot(name, 1); err == nil {
			t.Errorf("%s: %v, want an error (-max-iterations 5000)", name, b.Name())
		}
	}
}

// TestBotSearchesBounded: a bot above the cap is refused; deleting games
// whose bots search stops their searches at once, not at the search time,
// and leaves no goroutine behind, and no search starts for a deleted game;
// closing the server stops the searches under way.
func TestBotSearchesBounded(t *testing.T) {
	t.Run("caps", func(t *testing.T) {
		_, ts := testServer(t, options{MaxGames: 2, BotDelay: time.Hour})
		for _, tc := range []struct {
			bot    string
			status int
		}{
			{"ismcts:10000000", 400},
			{"ismcts:100001", 400},
			{"ismcts-v:10000000", 400},
			{"az:100001", 400},
			{"az:25ms", 201},
			{"ISMCTS-V:100001", 400},
			{"ISMCTS:100000", 201},
			{"ismcts", 201},
			{"ismcts-v:25ms", 201},
		} {
			status, data, ctype := do(t, ts, "POST", "/api/games", `{"seats": ["`+tc.bot+`", "human"]}`)
			if status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.bot, status, data, tc.status)
			}
			if status == http.StatusBadRequest && !strings.Contains(errorOf(t, data, ctype), "this server allows at most 100000 (-max-iterations)") {
				t.Errorf("%s: %s", tc.bot, data)
			}
			if status == http.StatusCreated {
				var c createdJSON
				decode(t, data, &c)
				doAs(t, ts, c.Seats[1].Token, "DELETE", "/api/games/"+c.ID, "")
			}
		}
	})
	t.Run("deleted", func(t *testing.T) {
		// An operator allows searches of 10,000,000 iterations, which would
		// take minutes, and a search time of a minute: deleting the game
		// stops its search at once all the same.
		const search = time.Minute
		s, ts := testServer(t, options{MaxGames: 2, MaxIterations: bots.MaxIterations, SearchTime: search})
		client.CloseIdleConnections()
		base := runtime.NumGoroutine()
		for cycle := 0; cycle < 10; {
			started := s.searches.Load()
			st := create(t, ts, `{"seats": ["ismcts:10000000", "human"]}`)
			if len(st.State.Moves) > 0 {
				// The person decides first: no search to stop.
				doAs(t, ts, st.Token, "DELETE", "/api/games/"+st.ID, "")
				continue
			}
			// The bot's roll, then a search of its turn under way.
			// Generous bounds: waitUntil returns as soon as it holds, and a
			// loaded machine (CI with other jobs) can take seconds.
			if !waitUntil(15*time.Second, func() bool { return s.searches.Load() > started+1 && s.searching.Load() > 0 }) {
				t.Fatal("the bot does not search")
			}
			if status, data, _ := doAs(t, ts, st.Token, "DELETE", "/api/games/"+st.ID, ""); status != http.StatusOK {
				t.Fatalf("delete: %d %s", status, data)
			}
			deleted := time.Now()
			if !waitUntil(time.Second, func() bool { return s.searching.Load() == 0 }) {
				t.Fatalf("cycle %d: the search still runs %v after its game was deleted", cycle, time.Since(deleted))
			}
			cycle++
		}
		if n := gameCount(s); n != 0 {
			t.Fatalf("%d games held", n)
		}
		started := s.searches.Load()
		time.Sleep(300 * time.Millisecond)
		if n := s.searches.Load(); n != started {
			t.Fatalf("%d searches started for deleted games", n-started)
		}
		client.CloseIdleConnections()
		if !waitUntil(10*time.Second, func() bool { return runtime.NumGoroutine() <= base }) {
			t.Fatalf("%d goroutines, %d before the games", runtime.NumGoroutine(), base)
		}
	})
	t.Run("closed", func(t *testing.T) {
		// The server closes while two bots search, each for up to a
		// minute: Close stops the searches and returns at once.
		s, ts := testServer(t, options{MaxGames: 2, MaxIterations: bots.MaxIterations, SearchTime: time.Minute})
		for searching := 0; searching < 2; {
			st := create(t, ts, `{"seats": ["ismcts:10000000", "human"]}`)
			if len(st.State.Moves) > 0 {
				// The person decides first: no search.
				doAs(t, ts, st.Token, "DELETE", "/api/games/"+st.ID, "")
				continue
			}
			searching++
		}
		if !waitUntil(15*time.Second, func() bool { return s.searching.Load() == 2 }) {
			t.Fatalf("%d bots search, want 2", s.searching.Load())
		}
		start := time.Now()
		s.Close()
		if d := time.Since(start); d > time.Second || s.searching.Load() != 0 {
			t.Fatalf("Close took %v and left %d searches running", d, s.searching.Load())
		}
	})
	t.Run("queued", func(t *testing.T) {
		// One search at a time: three games' bots take turns, and each
		// game still gets its bots' moves.
		const search = 50 * time.Millisecond
		s, ts := testServer(t, options{MaxGames: 3, MaxIterations: bots.MaxIterations, SearchTime: search, MaxSearches: 1})
		var ids, tokens []string
		for len(ids) < 3 {
			c := create(t, ts, `{"seats": ["ismcts:10000000", "ismcts:10000000", "human"]}`)
			if len(c.State.Moves) > 0 {
				// The person decides first: no search in this game
				// (were it so in all three, nothing would be queued).
				// The admin token ends it (the person's leaving would
				// hand the seat to a bot, and the game would go on).
				if status, data, _ := doAs(t, ts, c.Admin, "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
					t.Fatalf("delete: %d %s", status, data)
				}
				continue
			}
			ids, tokens = append(ids, c.ID), append(tokens, c.Token)
		}
		if !waitUntil(10*time.Second, func() bool {
			for _, id := range ids {
				if g, human, _ := gameOf(s, id); g.ToMove() != human {
					return false
				}
			}
			return true
		}) {
			t.Fatal("the bots did not all reach the person's decision")
		}
		if peak := s.searchPeak.Load(); peak != 1 {
			t.Fatalf("%d searches ran at once, want 1", peak)
		}
		// Close ends a search under way within the search time.
		for i, id := range ids {
			if status, data, _ := doAs(t, ts, tokens[i], "POST", "/api/games/"+id+"/moves", `{"move": "roll"}`); status != http.StatusOK && status != http.StatusUnprocessableEntity {
				t.Fatalf("roll: %d %s", status, data)
			}
		}
		begin := time.Now()
		s.Close()
		if d := time.Since(begin); d > search+time.Second {
			t.Fatalf("Close took %v", d)
		}
		if n := s.searching.Load(); n != 0 {
			t.Fatalf("%d searches run after Close", n)
		}
	})
}

// waitUntil polls cond until it holds (true) or d has passed (false).
func waitUntil(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// TestCrossSite: another site's page cannot drive the API, a body must be
// JSON sent as such, and nothing may follow it.
func TestCrossSite(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, BotDelay: time.Hour})
	c := create(t, ts, `{"seats": ["human", "random"]}`)
	game, bearer := c.ID, "Bearer "+c.Token
	const newGame = `{"seats": ["human", "random"]}`
	const evil = "http://evil.example"
	rec := replayBody(t, playedRecord(t, 2, 3, 5).String())
	tests := []struct {
		name, method, path, body string
		header                   []string
		status                   int
		err                      string
	}{
		{"text/plain from another site", "POST", "/api/games", newGame,
			[]string{"Origin", evil, "Content-Type", "text/plain"}, 403, "cross-site request is refused"},
		{"JSON from another site", "POST", "/api/games", newGame,
			[]string{"Origin", evil, "Content-Type", "application/json"}, 403, "cross-site"},
		{"Sec-Fetch-Site cross-site", "POST", "/api/games", newGame,
			[]string{"Sec-Fetch-Site", "cross-site", "Content-Type", "application/json"}, 403, "cross-site"},
		{"Sec-Fetch-Site same-site", "POST", "/api/games", newGame,
			[]string{"Sec-Fetch-Site", "same-site", "Content-Type", "application/json"}, 403, "cross-site"},
		{"Origin null", "POST", "/api/games", newGame,
			[]string{"Origin", "null", "Content-Type", "application/json"}, 403, "cross-site"},
		{"a move from another site", "POST", "/api/games/" + game + "/moves", `{"move": "roll"}`,
			[]string{"Origin", evil, "Content-Type", "application/json", "Authorization", bearer}, 403, "cross-site"},
		{"a delete from another site", "DELETE", "/api/games/" + game, "",
			[]string{"Origin", evil, "Authorization", bearer}, 403, "cross-site"},
		{"a record from another site", "POST", "/api/replays", rec,
			[]string{"Origin", evil, "Content-Type", "text/plain"}, 403, "cross-site"},
		{"text/plain from this site", "POST", "/api/games", newGame,
			[]string{"Origin", ts.URL, "Content-Type", "text/plain"}, 415, `Content-Type: application/json, not "text/plain"`},
		{"a form", "POST", "/api/games", "seats=you",
			[]string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "Content-Type: application/json"},
		{"no type", "POST", "/api/games/" + game + "/moves", `{"move": "roll"}`,
			[]string{"Authorization", bearer}, 415, "Content-Type: application/json"},
		{"a record as text", "POST", "/api/replays", playedRecord(t, 2, 3, 5).String(),
			[]string{"Content-Type", "text/plain"}, 415, "Content-Type: application/json"},
		{"a trailing brace", "POST", "/api/games", newGame + "}",
			[]string{"Content-Type", "application/json"}, 400, "data after the JSON value"},
		{"a move and a brace", "POST", "/api/games/" + game + "/moves", `{"move": "roll"}}`,
			[]string{"Content-Type", "application/json", "Authorization", bearer}, 400, "data after the JSON value"},
		{"two objects", "POST", "/api/replays", rec + `{}`,
			[]string{"Content-Type", "application/json"}, 400, "data after the JSON value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, data, ctype := doWith(t, ts, tc.method, tc.path, tc.body, tc.header...)
			if status != tc.status || !strings.Contains(errorOf(t, data, ctype), tc.err) {
				t.Fatalf("%d %s, want %d %q", status, data, tc.status, tc.err)
			}
			if gameCount(s) != 1 || replayCount(s) != 0 || versionOf(s, game) != 0 {
				t.Fatalf("%d games, %d records, version %d", gameCount(s), replayCount(s), versionOf(s, game))
			}
		})
	}
	// The server's own pages send Origin (or Sec-Fetch-Site: same-origin)
	// with application/json; a program sends neither header.
	for _, header := range [][]string{
		{"Origin", ts.URL, "Content-Type", "application/json; charset=utf-8"},
		{"Sec-Fetch-Site", "same-origin", "Content-Type", "application/json"},
		{"Content-Type", "application/json"},
	} {
		status, data, _ := doWith(t, ts, "POST", "/api/games", newGame+"\n", header...)
		if status != http.StatusCreated {
			t.Errorf("%q: %d %s", header, status, data)
		}
	}
	// Reading is not refused, and no answer allows another origin to read.
	req, err := http.NewRequest("GET", ts.URL+"/api/games/"+game, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", evil)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("GET from another site: %d, Access-Control-Allow-Origin %q", res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
	}
}

// TestReplayMemory: the records held are bounded by their accounted size
// as well as by count, and those that expire are freed.
func TestReplayMemory(t *testing.T) {
	rec := playedRecord(t, 4, 8, 300)
	one, err := newReplay(rec.String())
	if err != nil {
		t.Fatal(err)
	}
	size := one.size()
	t.Logf("a record of %d moves: %d bytes accounted", len(rec.Moves), size)
	// The figure the documentation gives: about 120 bytes a move.
	if per := float64(size) / float64(len(rec.Moves)); per < 80 || per > 160 {
		t.Fatalf("%d moves take %d bytes: %.0f a move", len(rec.Moves), size, per)
	}
	const fit = 20
	s, ts := testServer(t, options{MaxGames: 100, Idle: time.Hour, MaxReplayBytes: fit*size + size/2})
	body := replayBody(t, rec.String())
	var before runtime.MemStats
	runtime.GC()
	runtime.GC() // twice: the pools (gzip writers of earlier tests) are emptied
	runtime.ReadMemStats(&before)
	// Uncompressed answers: a pooled gzip writer (about a megabyte) would
	// come and go between the measures.
	plain := []string{"Content-Type", "application/json", "Accept-Encoding", "identity"}
	for i := 0; i <= fit; i++ {
		status, data, ctype := doWith(t, ts, "POST", "/api/replays", body, plain...)
		if i < fit && status != http.StatusCreated {
			t.Fatalf("record %d: %d %s", i, status, data)
		}
		if i == fit && (status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, data, ctype), "more than the")) {
			t.Fatalf("record %d, over the size: %d %s", i, status, data)
		}
	}
	s.mu.Lock()
	held := s.replayBytes
	s.mu.Unlock()
	if held != fit*size || replayCount(s) != fit {
		t.Fatalf("%d records of %d bytes held, accounted %d", replayCount(s), size, held)
	}
	var loaded runtime.MemStats
	runtime.GC()
	runtime.GC() // twice: the pools (gzip writers of earlier tests) are emptied
	runtime.ReadMemStats(&loaded)
	grown := int64(loaded.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d bytes accounted, the heap grew %d", held, grown)
	if grown < held*7/10 || grown > held*3/2 {
		t.Errorf("the heap grew %d bytes for %d accounted", grown, held)
	}
	// Expired: the bytes are given back, and the memory freed.
	if n := s.sweep(time.Now().Add(2 * time.Hour)); n != fit {
		t.Fatalf("%d removed", n)
	}
	s.mu.Lock()
	held = s.replayBytes
	s.mu.Unlock()
	var after runtime.MemStats
	runtime.GC()
	runtime.GC() // twice: the pools (gzip writers of earlier tests) are emptied
	runtime.ReadMemStats(&after)
	if held != 0 || replayCount(s) != 0 {
		t.Fatalf("after the sweep: %d records, %d bytes accounted", replayCount(s), held)
	}
	if freed := int64(loaded.HeapAlloc) - int64(after.HeapAlloc); freed < grown/2 {
		t.Errorf("the heap grew %d bytes for the records and gave back %d", grown, freed)
	}
	if status, data, _ := do(t, ts, "POST", "/api/replays", body); status != http.StatusCreated {
		t.Fatalf("after the sweep: %d %s", status, data)
	}
}
