package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// The tests of several servers on one PostgreSQL database, in this
// process: each server has a store (a pool of connections) of its own,
// as separate processes would.

// personDecides returns the token and state of the person who decides in
// game c, asking each seat's state of a front r picks; "" if nobody does.
func personDecides(t *testing.T, c created, fronts []*httptest.Server, r *rand.Rand) (string, stateJSON) {
	t.Helper()
	for _, seat := range c.Seats {
		if seat.Token == "" {
			continue
		}
		if st := stateAs(t, fronts[r.IntN(len(fronts))], c.ID, seat.Token); len(st.Moves) > 0 {
			return seat.Token, st
		}
	}
	return "", stateJSON{}
}

// playThrough plays game c to its end with random moves of r, every
// request to a front r picks, each move sent with "after"; it returns the
// spectator's final state.
func playThrough(t *testing.T, c created, fronts []*httptest.Server, r *rand.Rand) stateJSON {
	t.Helper()
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the game did not end")
		}
		token, st := personDecides(t, c, fronts, r)
		if token == "" {
			final := stateAs(t, fronts[r.IntN(len(fronts))], c.ID, "")
			if final.End == nil {
				t.Fatalf("nobody decides at version %d, and the game goes on", final.Version)
			}
			return final
		}
		m := st.Moves[r.IntN(len(st.Moves))].Text
		after := st.Version
		if status, data, _ := doAs(t, fronts[r.IntN(len(fronts))], token, "POST", "/api/games/"+c.ID+"/moves",
			mustJSON(t, moveJSON{Move: m, After: &after})); status != http.StatusOK {
			t.Fatalf("move %d, %s: %d %s", after+1, m, status, data)
		}
	}
}

// TestClusterGame plays a game of three people with every request sent to
// one of three servers drawn at random, and the same game (the same seed,
// the same choices) on one server on SQLite: it ends the same, move for
// move. Every state a server answers is the game as the last move left
// it, whichever server played that move.
func TestClusterGame(t *testing.T) {
	opts := options{MaxGames: 4, Idle: time.Hour, Seed: 26}
	_, fronts, _ := cluster(t, 3, opts)
	_, one := testServer(t, opts)
	const body = `{"seats": ["human", "human", "human"], "maxTurns": 15}`
	var finals []stateJSON
	for _, fs := range [][]*httptest.Server{{one}, fronts} {
		c := create(t, fs[0], body)
		finals = append(finals, playThrough(t, c, fs, rand.New(rand.NewPCG(26, 1))))
	}
	a, b := finals[0], finals[1]
	a.End.Record, a.End.Replay = b.End.Record, b.End.Replay // the links name the game's id
	if a.Version < 40 || a.Version != b.Version || mustJSON(t, a.Log) != mustJSON(t, b.Log) || mustJSON(t, a.End) != mustJSON(t, b.End) ||
		!sameJSON(t, string(a.View), string(b.View)) {
		t.Fatalf("the game on three servers ended otherwise than on one:\n one   %.400s\n three %.400s", mustJSON(t, a), mustJSON(t, b))
	}
	t.Logf("%d moves, ended the same (%s)", a.Version, a.End.Method)
}

// TestClusterRace sends the same move 50 times at once, spread over
// three servers: with "after", exactly one is played and the 49 others are
// answered 409; a roll without "after" is played once and the others are
// refused, as a second roll is on one server. The log has the move once,
// and every server then shows the same game.
func TestClusterRace(t *testing.T) {
	servers, fronts, _ := cluster(t, 3, options{MaxGames: 4, Idle: time.Hour, Seed: 3})
	c := create(t, fronts[0], `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(3, 3))
	for round := range 8 {
		token, st := personDecides(t, c, fronts, r)
		m, withAfter := st.Moves[r.IntN(len(st.Moves))].Text, true
		for _, cm := range st.Moves {
			if cm.Text == "roll" && round%2 == 1 {
				m, withAfter = "roll", false
			}
		}
		body := mustJSON(t, moveJSON{Move: m})
		if withAfter {
			body = mustJSON(t, moveJSON{Move: m, After: &st.Version})
		}
		statuses := raceCluster(t, fronts, c.ID, token, body, 50)
		if statuses[http.StatusOK] != 1 || statuses[http.StatusOK]+statuses[http.StatusConflict]+statuses[http.StatusForbidden]+statuses[http.StatusUnprocessableEntity] != 50 ||
			withAfter && statuses[http.StatusConflict] != 49 {
			t.Fatalf("round %d, %q (after: %v) 50 times: answered %v", round, m, withAfter, statuses)
		}
		moves, err := servers[0].store.Moves(context.Background(), c.ID)
		if err != nil || len(moves) != st.Version+1 || !strings.HasPrefix(moves[st.Version].Text, m) {
			t.Fatalf("round %d: the log has %d moves (%v), want %d ending with %q", round, len(moves), err, st.Version+1, m)
		}
		for i, f := range fronts {
			if now := stateAs(t, f, c.ID, ""); now.Version != st.Version+1 {
				t.Fatalf("round %d: server %d shows version %d", round, i, now.Version)
			}
		}
		t.Logf("round %d: %q (after: %v): %v", round, m, withAfter, statuses)
	}
}

// raceCluster sends body as a move of game id n times at once, the i-th
// to front i mod 3, and counts the answers by status.
func raceCluster(t *testing.T, fronts []*httptest.Server, id, token, body string, n int) map[int]int {
	t.Helper()
	statuses := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", fronts[i%len(fronts)].URL+"/api/games/"+id+"/moves", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			<-start
			status := -1
			if res, err := client.Do(req); err == nil {
				status = res.StatusCode
				res.Body.Close()
			}
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return statuses
}

// TestClusterLongPoll: a page waiting on one server (?after=V) is woken by
// a move played on another, long before its wait is over: the server hears
// of it (LISTEN/NOTIFY) and answers the new state. It logs how long the
// wake took.
func TestClusterLongPoll(t *testing.T) {
	_, fronts, _ := cluster(t, 2, options{MaxGames: 4, Idle: time.Hour, MaxWait: time.Minute})
	c := create(t, fronts[0], `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(5, 5))
	for round := range 5 {
		token, st := personDecides(t, c, fronts, r)
		waited := make(chan stateJSON, 1)
		go func() {
			var got stateJSON
			if res, err := client.Get(fmt.Sprintf("%s/api/games/%s?after=%d", fronts[1].URL, c.ID, st.Version)); err == nil {
				json.NewDecoder(res.Body).Decode(&got)
				res.Body.Close()
			}
			waited <- got
		}()
		time.Sleep(100 * time.Millisecond) // the wait begins
		played := time.Now()
		if status, data, _ := doAs(t, fronts[0], token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: st.Moves[0].Text})); status != http.StatusOK {
			t.Fatalf("%d %s", status, data)
		}
		got := <-waited
		if got.Version != st.Version+1 {
			t.Fatalf("round %d: the wait on the other server answered version %d, want %d", round, got.Version, st.Version+1)
		}
		t.Logf("round %d: woken %v after the move's answer began", round, time.Since(played).Round(time.Millisecond))
	}
}

// TestClusterLeave: a person leaves on one server, and every server shows
// the seat left and refuses the leaver's token; the greedy bot plays the
// seat on, under one server's lease, and the game, every request to a
// server drawn at random, plays to its end; a server started afresh on
// the database loads it (its log checked against its table) as it ended.
func TestClusterLeave(t *testing.T) {
	opts := options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Millisecond}
	servers, fronts, dsn := cluster(t, 3, opts)
	c := create(t, fronts[0], `{"seats": ["human", "human", "human"], "maxTurns": 8}`)
	r := rand.New(rand.NewPCG(8, 8))
	for range 10 {
		token, st := personDecides(t, c, fronts, r)
		if status, data, _ := doAs(t, fronts[r.IntN(3)], token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: st.Moves[0].Text})); status != http.StatusOK {
			t.Fatalf("%d %s", status, data)
		}
	}
	red := c.tokenOf("red")
	status, data, _ := doAs(t, fronts[1], red, "DELETE", "/api/games/"+c.ID, "")
	if status != http.StatusOK || !strings.Contains(string(data), `"bot":"greedy"`) {
		t.Fatalf("red leaves: %d %s", status, data)
	}
	for i, f := range fronts {
		if status, _, _ := doAs(t, f, red, "GET", "/api/games/"+c.ID, ""); status != http.StatusUnauthorized {
			t.Fatalf("server %d: the leaver's token: %d", i, status)
		}
		if st := stateAs(t, f, c.ID, ""); !st.Seats[0].Left || st.Seats[0].Kind != "greedy" {
			t.Fatalf("server %d: the seats %+v", i, st.Seats)
		}
	}
	c.Seats[0].Token = ""
	final := playOn(t, c, fronts, r)
	if final.End == nil {
		t.Fatal("the game did not end")
	}
	moves, err := servers[2].store.Moves(context.Background(), c.ID)
	if err != nil || len(moves) != final.Version {
		t.Fatalf("the log has %d moves (%v), the game %d", len(moves), err, final.Version)
	}
	bot := 0
	for _, m := range moves {
		if m.Seat == 0 && m.N > 10 {
			bot++
		}
	}
	if bot == 0 {
		t.Fatal("the bot did not play the seat red left")
	}
	st, err := openPostgres(context.Background(), dsn, testLease)
	if err != nil {
		t.Fatal(err)
	}
	_, fresh := testServerOn(t, opts, st)
	if again := stateAs(t, fresh, c.ID, ""); mustJSON(t, again.Log) != mustJSON(t, final.Log) || again.End == nil {
		t.Fatalf("a fresh server loads the game otherwise: version %d", again.Version)
	}
	t.Logf("%d moves, %d of them the bot's", final.Version, bot)
}

// playOn plays the people's moves of game c at random, each request to a
// server drawn at random, waiting for the bots, until the game ends; it
// returns the final state.
func playOn(t *testing.T, c created, fronts []*httptest.Server, r *rand.Rand) stateJSON {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		token, st := personDecides(t, c, fronts, r)
		if token == "" {
			now := stateAs(t, fronts[r.IntN(len(fronts))], c.ID, "")
			if now.End != nil {
				return now
			}
			time.Sleep(5 * time.Millisecond) // a bot decides
			continue
		}
		after := st.Version
		status, data, _ := doAs(t, fronts[r.IntN(len(fronts))], token, "POST", "/api/games/"+c.ID+"/moves",
			mustJSON(t, moveJSON{Move: st.Moves[r.IntN(len(st.Moves))].Text, After: &after}))
		if status != http.StatusOK && status != http.StatusConflict { // a bot may have moved since
			t.Fatalf("%d %s", status, data)
		}
	}
	t.Fatal("the game did not end in time")
	return stateJSON{}
}

// TestClusterRetention: a game used through one server is not abandoned
// by another that holds it idle; once no server used it for the idle
// time, it is abandoned when the janitors of the three look (the first
// to save it abandoned does, and the others' writes are refused, the game
// being over in the database); a finished game expires
// after its retention, and then no server shows it.
func TestClusterRetention(t *testing.T) {
	const idle, retention = time.Hour, 24 * time.Hour
	servers, fronts, _ := cluster(t, 3, options{MaxGames: 4, Idle: idle, Retention: retention})
	c := create(t, fronts[0], `{"seats": ["human", "human"]}`)
	for _, f := range fronts {
		stateAs(t, f, c.ID, "") // every server holds it
	}
	ctx := context.Background()
	later := time.Now().Add(90 * time.Minute)
	stateAs(t, fronts[1], c.ID, "") // used through server 1, 30 minutes before later
	servers[1].store.(sharedStore).Seen(ctx, c.ID, later.Add(-30*time.Minute))
	servers[0].sweep(later) // server 0 holds it idle: it lets it go
	if g, err := servers[0].store.Game(ctx, c.ID); err != nil || !g.Finished.IsZero() {
		t.Fatalf("abandoned while used elsewhere: %+v %v", g, err)
	}
	if st := stateAs(t, fronts[0], c.ID, ""); st.End != nil {
		t.Fatal("server 0 shows it ended")
	}
	unused := later.Add(idle + idle/8)
	for _, s := range servers {
		s.sweep(unused)
	}
	g, err := servers[2].store.Game(ctx, c.ID)
	if err != nil || g.Finished.IsZero() {
		t.Fatalf("not abandoned once unused: %+v %v", g, err)
	}
	for i, f := range fronts {
		if st := stateAs(t, f, c.ID, ""); st.End == nil || st.End.Method != "abandoned" {
			t.Fatalf("server %d: the end %+v", i, st.End)
		}
	}
	servers[2].expire(g.Finished.Add(retention - time.Minute))
	stateAs(t, fronts[0], c.ID, "")
	servers[1].expire(g.Finished.Add(retention + time.Minute))
	for i, f := range fronts {
		if status, _, _ := do(t, f, "GET", "/api/games/"+c.ID, ""); status != http.StatusNotFound {
			t.Fatalf("server %d: the expired game: %d", i, status)
		}
	}
}

// TestClusterHandover: while one server's bot waits to move (its
// -bot-delay) under the game's lease, which it renews, no other server
// plays the bot, though their bots would move at once; when that server
// shuts down it gives the lease up, and another plays the bot on at once.
func TestClusterHandover(t *testing.T) {
	dsn := postgresDSN(t)
	var servers []*server
	var fronts []*httptest.Server
	for _, delay := range []time.Duration{time.Hour, time.Millisecond} {
		st, err := openPostgres(context.Background(), dsn, testLease)
		if err != nil {
			t.Fatal(err)
		}
		s, ts := testServerOn(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: delay}, st)
		servers, fronts = append(servers, s), append(fronts, ts)
	}
	c := createFirst(t, fronts[0], `{"seats": ["greedy", "human"]}`, false)
	stateAs(t, fronts[1], c.ID, "") // the other server holds the game too
	time.Sleep(2 * testLease)       // long enough for a lease not renewed to expire
	if st := stateAs(t, fronts[1], c.ID, ""); st.Version != 0 {
		t.Fatalf("the bot moved (version %d) while the first server held its lease", st.Version)
	}
	servers[0].Close()
	if !waitUntil(20*time.Second, func() bool { return stateAs(t, fronts[1], c.ID, "").Version > 0 }) {
		t.Fatal("the other server did not play the bot on")
	}
}

// staleCopy starts two servers on one database and a game of two people,
// loads server 1's copy of it, and then plays the first person's move
// (a person who decides by the seed) through server 0: the copy it
// returns is stale.
func staleCopy(t *testing.T, seed uint64) ([]*server, []*httptest.Server, created, *session) {
	t.Helper()
	servers, fronts, _ := cluster(t, 2, options{MaxGames: 4, Idle: time.Hour})
	c := create(t, fronts[0], `{"seats": ["human", "human"]}`)
	ctx := context.Background()
	g, err := servers[1].store.Game(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	stale, err := servers[1].loadSession(ctx, g) // server 1's copy, at move 0
	if err != nil {
		t.Fatal(err)
	}
	token, st := personDecides(t, c, fronts[:1], rand.New(rand.NewPCG(seed, seed)))
	if status, data, _ := doAs(t, fronts[0], token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: st.Moves[0].Text})); status != http.StatusOK {
		t.Fatalf("%d %s", status, data)
	}
	return servers, fronts, c, stale
}

// TestClusterAbandonStale: the admin's end of a game, asked of a server
// whose copy another server's move has just made stale, ends the game as
// it stands in the database, that move included.
func TestClusterAbandonStale(t *testing.T) {
	servers, fronts, c, stale := staleCopy(t, 1)
	if err := servers[1].abandonGame(stale, time.Now()); err != nil {
		t.Fatal(err)
	}
	g, err := servers[0].store.Game(context.Background(), c.ID)
	if err != nil || g.Finished.IsZero() || g.Moves != 1 {
		t.Fatalf("the game after its end: %d moves, finished %v (%v)", g.Moves, g.Finished, err)
	}
	if end := stateAs(t, fronts[0], c.ID, "").End; end == nil || end.Method != "abandoned" || stateAs(t, fronts[0], c.ID, "").Version != 1 {
		t.Fatalf("the end: %+v", end)
	}
}

// TestClusterLeaveStale: a person who leaves through a server whose copy
// of the seats another server's leave has just made stale leaves all the
// same: the seats are loaded again and both leaves are kept.
func TestClusterLeaveStale(t *testing.T) {
	servers, fronts, _ := cluster(t, 2, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour})
	c := create(t, fronts[0], `{"seats": ["human", "human", "human", "human"]}`)
	ctx := context.Background()
	g, err := servers[1].store.Game(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	stale, err := servers[1].loadSession(ctx, g) // server 1's copy, before red leaves
	if err != nil {
		t.Fatal(err)
	}
	if status, data, _ := doAs(t, fronts[0], c.tokenOf("red"), "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
		t.Fatalf("red leaves: %d %s", status, data)
	}
	green := elasund.NoPlayer
	for p, s := range c.Seats {
		if s.Color == "green" {
			green = elasund.Player(p)
		}
	}
	if out, err := servers[1].leaveSeat(stale, green); err != nil || out.Over {
		t.Fatalf("green leaves through the stale copy: %+v %v", out, err)
	}
	st := stateAs(t, fronts[0], c.ID, "")
	left := 0
	for _, s := range st.Seats {
		if s.Left {
			left++
			if s.Color != "red" && s.Color != "green" {
				t.Fatalf("%s is shown left", s.Color)
			}
		}
	}
	if left != 2 {
		t.Fatalf("the seats after two leaves: %+v", st.Seats)
	}
}

// TestClusterForfeitStale: the last person who leaves, through a server
// whose copy another server's move has just made stale, forfeits the game
// as it stands in the database, that move included: the game is saved
// ended, not only said to be.
func TestClusterForfeitStale(t *testing.T) {
	servers, fronts, c, stale := staleCopy(t, 2)
	out, err := servers[1].leaveSeat(stale, 0)
	if err != nil || !out.Over || out.Method != "forfeited" {
		t.Fatalf("seat 0 leaves through the stale copy: %+v %v", out, err)
	}
	g, err := servers[0].store.Game(context.Background(), c.ID)
	if err != nil || g.Finished.IsZero() || g.Moves != 1 {
		t.Fatalf("the game after the forfeit: %d moves, finished %v (%v)", g.Moves, g.Finished, err)
	}
	if end := stateAs(t, fronts[0], c.ID, "").End; end == nil || end.Method != "forfeited" {
		t.Fatalf("the end: %+v", end)
	}
}

// TestClusterResume: a game whose bot is due when its only server stops
// is resumed by one of the two servers started afterwards, which plays
// the bot on to the person's decision; the other does not.
func TestClusterResume(t *testing.T) {
	dsn := postgresDSN(t)
	st, err := openPostgres(context.Background(), dsn, testLease)
	if err != nil {
		t.Fatal(err)
	}
	first, front := testServerOn(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour}, st)
	c := createFirst(t, front, `{"seats": ["greedy", "human"]}`, false)
	first.Close()
	var logs [2]*syncBuffer
	var fronts []*httptest.Server
	for i := range logs {
		st, err := openPostgres(context.Background(), dsn, testLease)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = &syncBuffer{}
		s, err := newServer(options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Millisecond}, st, log.New(logs[i], "", 0))
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(s)
		t.Cleanup(func() { s.Close(); ts.Close(); st.Close() })
		fronts = append(fronts, ts)
	}
	// No request asks about the game (which would load it, and its bots,
	// on the server asked): the servers find its lease expired.
	if !waitUntil(20*time.Second, func() bool { g, err := st.Game(context.Background(), c.ID); return err == nil && g.Moves > 0 }) {
		t.Fatal("the bot was not played on")
	}
	if !waitUntil(20*time.Second, func() bool { return len(stateAs(t, fronts[0], c.ID, c.Token).Moves) > 0 }) {
		t.Fatal("the bot was not played on to the person's decision")
	}
	resumed := 0
	for _, l := range logs {
		if strings.Contains(l.String(), "game "+c.ID+": its bots' lease expired: this server plays them on") {
			resumed++
		}
	}
	if resumed != 1 {
		t.Fatalf("%d servers resumed the game's bots:\n%s\n%s", resumed, logs[0], logs[1])
	}
}

// TestClusterEvict: with several servers, a server holding its most
// games (-max-games) that is asked about another lets go from memory the
// one used least recently, once no request can be waiting for it, rather
// than refusing (while every game it holds was just used, it refuses);
// the database keeps the game let go, and a server loads it when asked.
func TestClusterEvict(t *testing.T) {
	servers, fronts, _ := cluster(t, 2, options{MaxGames: 2, Idle: time.Hour, MaxWait: 50 * time.Millisecond})
	var games []created
	for _, f := range []*httptest.Server{fronts[0], fronts[0], fronts[1]} {
		games = append(games, create(t, f, `{"seats": ["human", "human"]}`))
	}
	if status, _, _ := do(t, fronts[0], "GET", "/api/games/"+games[2].ID, ""); status != http.StatusNotFound {
		t.Fatalf("a full server, whose games were just used, asked about another: %d", status)
	}
	time.Sleep(50*time.Millisecond + 1100*time.Millisecond) // no request can wait for the games now
	stateAs(t, fronts[0], games[1].ID, "")                  // used again: game 0 is the least recently used
	stateAs(t, fronts[0], games[2].ID, "")
	if sessionOf(servers[0], games[0].ID) != nil || sessionOf(servers[0], games[1].ID) == nil || gameCount(servers[0]) != 2 {
		t.Fatalf("server 0 holds %d games, game 0: %v", gameCount(servers[0]), sessionOf(servers[0], games[0].ID) != nil)
	}
	if st := stateAs(t, fronts[1], games[0].ID, ""); st.End != nil || st.Version != 0 {
		t.Fatalf("game 0 let go, loaded by the other server: version %d, end %+v", st.Version, st.End)
	}
}
