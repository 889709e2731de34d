package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/jackc/pgx/v5"
)

// The tests of this file run the server's binary as several processes on
// one PostgreSQL database and kill them with SIGKILL.

// leaseHolder returns the process id of the server that holds the lease
// of game id's bots, or 0 if none does.
func leaseHolder(t *testing.T, dsn, id string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var holder string
	err = conn.QueryRow(ctx, `SELECT holder FROM bot_leases WHERE game_id = $1 AND expires_at > now()`, id).Scan(&holder)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(holder, "/") // host/pid/suffix
	pid, _ := strconv.Atoi(parts[len(parts)-2])
	return pid
}

// searching returns the bots' searches running on a server (/healthz),
// or -1 if it does not answer.
func (p *process) searching(t *testing.T) int64 {
	t.Helper()
	status, data, err := p.call(t, "GET", "/healthz", "", "")
	if err != nil || status != http.StatusOK {
		return -1
	}
	var h healthJSON
	decode(t, data, &h)
	return h.Searching
}

// storedLog returns the move log of game id from the database of dsn.
func storedLog(t *testing.T, dsn, id string) []storedMove {
	t.Helper()
	st := openPG(t, dsn)
	moves, err := st.Moves(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	return moves
}

// TestClusterBotTakeover runs three servers on one database, kills with
// SIGKILL the one whose bot is searching a move (it holds the game's
// lease), and checks that another server takes the seat over (within the
// lease's few seconds) and that the game plays to its end, each bot move
// played once: the log's moves are numbered 1 to n, once each, and replay
// as the game's record.
func TestClusterBotTakeover(t *testing.T) {
	dsn := postgresDSN(t)
	args := []string{"-search-time", "400ms", "-max-iterations", "1000000"}
	procs := []*process{start(t, dsn, args...), start(t, dsn, args...), start(t, dsn, args...)}
	status, data, err := procs[0].call(t, "POST", "/api/games", "", `{"seats": ["human", "ismcts:400ms"], "maxTurns": 2}`)
	if err != nil || status != http.StatusCreated {
		t.Fatalf("creating: %d %s %v", status, data, err)
	}
	var c createdJSON
	decode(t, data, &c)
	token := c.Seats[0].Token
	r := rand.New(rand.NewPCG(4, 4))
	killedAt := -1 // the version at which the server searching was killed
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		alive := liveOnes(procs)
		p := alive[r.IntN(len(alive))]
		st, ok := tryState(p, c.ID, token)
		if !ok {
			continue
		}
		if st.End != nil {
			break
		}
		if len(st.Moves) > 0 { // the person decides
			after := st.Version
			p.call(t, "POST", "/api/games/"+c.ID+"/moves", token, mustJSON(t, moveJSON{Move: progress(st.Moves, r), After: &after}))
			continue
		}
		if killedAt < 0 && killSearcher(t, dsn, c.ID, procs) {
			killedAt = st.Version
			continue
		}
		time.Sleep(20 * time.Millisecond)
	}
	if killedAt < 0 {
		t.Fatal("no bot search was seen to kill")
	}
	final := liveOnes(procs)[0].state(t, c.ID, "")
	if final.End == nil {
		t.Fatalf("the game did not end: version %d", final.Version)
	}
	checkLog(t, dsn, c.ID, final)
	if final.Version <= killedAt || final.Log[killedAt].Color != c.Seats[1].Color {
		t.Fatalf("the bot's move %d, which the server killed was searching, is not in the log", killedAt+1)
	}
	took := 0
	for _, p := range liveOnes(procs) {
		if strings.Contains(p.stderr.String(), "its bots' lease expired: this server plays them on") {
			took++
		}
	}
	t.Logf("%d moves; the server searching move %d was killed, and another played the bot on (%d said so)", final.Version, killedAt+1, took)
}

// killSearcher waits until a server holds game id's lease and searches,
// kills it with SIGKILL, and reports whether it did.
func killSearcher(t *testing.T, dsn, id string, procs []*process) bool {
	t.Helper()
	for range 200 {
		pid := leaseHolder(t, dsn, id)
		for _, p := range procs {
			if p.cmd.Process.Pid == pid && p.searching(t) > 0 {
				p.kill(t)
				t.Logf("killed server %d while its bot searched", pid)
				return true
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// liveOnes returns the processes that have not ended.
func liveOnes(procs []*process) []*process {
	var out []*process
	for _, p := range procs {
		select {
		case <-p.done:
		default:
			out = append(out, p)
		}
	}
	return out
}

// tryState returns the game's state for a seat's token, and false if the
// server did not answer it (it was killed, or is starting).
func tryState(p *process, id, token string) (stateJSON, bool) {
	req, err := http.NewRequest("GET", p.url+"/api/games/"+id, nil)
	if err != nil {
		return stateJSON{}, false
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		return stateJSON{}, false
	}
	defer res.Body.Close()
	var st stateJSON
	if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&st) != nil {
		return stateJSON{}, false
	}
	return st, true
}

// checkLog checks game id's log in the database against its final state:
// moves 1 to n, each once, as the state's log has them, and for a
// finished game a record that replays.
func checkLog(t *testing.T, dsn, id string, final stateJSON) {
	t.Helper()
	moves := storedLog(t, dsn, id)
	if len(moves) != final.Version || len(final.Log) != final.Version {
		t.Fatalf("the database's log has %d moves, the game %d", len(moves), final.Version)
	}
	for i, m := range moves {
		if m.N != i+1 || m.Text != final.Log[i].Text {
			t.Fatalf("move %d: %d %q in the database, %q in the game", i+1, m.N, m.Text, final.Log[i].Text)
		}
	}
	if final.End == nil {
		return
	}
	st := openPG(t, dsn)
	g, err := st.Game(context.Background(), id)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var tb elasund.Table
	if err := tb.UnmarshalBinary(g.Table); err != nil || !tb.Over() || tb.Len() != len(moves) {
		t.Fatalf("the saved table: %v, over %v, %d moves", err, tb.Over(), tb.Len())
	}
}

// TestClusterKills plays a stream of moves in three games at once, each
// game's moves from a goroutine of its own, each request to a live server
// drawn at random among three on one database, while servers are killed
// with SIGKILL at random moments (moves in flight) and started again. At
// the end every move answered 200 is in its game's log, at its number, and
// every game loads on a fresh server, its log agreeing with its table.
func TestClusterKills(t *testing.T) {
	dsn := postgresDSN(t)
	procs := []*process{start(t, dsn), start(t, dsn), start(t, dsn)}
	var games []createdJSON
	for range 3 {
		status, data, err := procs[0].call(t, "POST", "/api/games", "", `{"seats": ["human", "human"], "maxTurns": 1000}`)
		if err != nil || status != http.StatusCreated {
			t.Fatalf("creating: %d %s %v", status, data, err)
		}
		var c createdJSON
		decode(t, data, &c)
		games = append(games, c)
	}
	var mu sync.Mutex // guards procs
	live := func() []*process {
		mu.Lock()
		defer mu.Unlock()
		return liveOnes(procs)
	}
	answers := make(chan answered, 3*150)
	errs := make(chan error, len(games))
	stop := make(chan struct{})
	var cut atomic.Int64 // the moves sent whose answer did not come
	var wg sync.WaitGroup
	for i, c := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- moveStream(live, c, rand.New(rand.NewPCG(26, uint64(i))), 150, answers, stop, &cut)
		}()
	}
	streamed := make(chan struct{})
	go func() { wg.Wait(); close(streamed) }()
	r := rand.New(rand.NewPCG(26, 9))
	kills := 0
	deadline := time.After(90 * time.Second)
	for running := true; running; {
		select {
		case <-streamed:
			running = false
		case <-deadline:
			close(stop)
			<-streamed
			t.Fatal("the moves did not stream in time")
		case <-time.After(time.Duration(30+r.IntN(300)) * time.Millisecond):
			i := r.IntN(len(procs))
			mu.Lock()
			p := procs[i]
			mu.Unlock()
			p.kill(t)
			np := start(t, dsn)
			mu.Lock()
			procs[i] = np
			mu.Unlock()
			kills++
		}
	}
	for range games {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	close(answers)
	for _, p := range procs {
		p.kill(t)
	}
	checkAnswered(t, dsn, games, answers)
	t.Logf("%d servers killed while the moves streamed; %d moves sent were not answered", kills, cut.Load())
}

// An answered move is one answered 200: its game, number and text.
type answered struct {
	id   string
	n    int
	text string
}

// checkAnswered starts a fresh server on the database and checks that
// every game loads, its log agreeing with the database's and its table,
// and holds every move answered 200 at its number.
func checkAnswered(t *testing.T, dsn string, games []createdJSON, answers <-chan answered) {
	t.Helper()
	fresh := start(t, dsn)
	logs := map[string][]logEntry{}
	for _, c := range games {
		st := fresh.state(t, c.ID, "")
		checkLog(t, dsn, c.ID, st)
		logs[c.ID] = st.Log
	}
	total := 0
	for a := range answers {
		log := logs[a.id]
		if a.n > len(log) || log[a.n-1].Text != a.text {
			t.Fatalf("game %s: move %d was answered 200 as %q; the log has %d moves", a.id, a.n, a.text, len(log))
		}
		total++
	}
	t.Logf("%d moves answered 200, all in the logs", total)
}

// moveStream plays n moves of game c that are answered 200, each through
// servers that live draws, and sends them to answers; a request that
// fails (its server killed) is tried again. It returns an answer that is
// not 200, 409 or a failure, or nil. It counts in cut the moves sent that
// were not answered.
func moveStream(live func() []*process, c createdJSON, r *rand.Rand, n int, answers chan<- answered, stop <-chan struct{}, cut *atomic.Int64) error {
	for played := 0; played < n; {
		select {
		case <-stop:
			return nil
		default:
		}
		procs := live()
		if len(procs) == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		var token string
		var st stateJSON
		for _, s := range c.Seats {
			if got, ok := tryState(procs[r.IntN(len(procs))], c.ID, s.Token); ok && len(got.Moves) > 0 {
				token, st = s.Token, got
			}
		}
		if token == "" {
			continue
		}
		after := st.Version
		body, _ := json.Marshal(moveJSON{Move: progress(st.Moves, r), After: &after})
		status, data, err := post(procs[r.IntN(len(procs))].url+"/api/games/"+c.ID+"/moves", token, string(body))
		switch {
		case err != nil:
			cut.Add(1)
			continue
		case status == http.StatusConflict:
			continue
		case status != http.StatusOK:
			return fmt.Errorf("a move: %d %s", status, data)
		}
		var now stateJSON
		if err := json.Unmarshal(data, &now); err != nil || now.Version != after+1 {
			return fmt.Errorf("a move from version %d answered version %d (%v)", after, now.Version, err)
		}
		answers <- answered{c.ID, now.Version, now.Log[len(now.Log)-1].Text}
		played++
	}
	return nil
}

// post sends a move with a seat's token and returns the status and body.
func post(url, token, body string) (int, []byte, error) {
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}
