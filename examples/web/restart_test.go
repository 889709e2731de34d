package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests of this file build the server's binary, start it on a
// database file, kill it with SIGKILL and start it again on the same file.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

// serverBinary builds the command once for the tests of the package.
func serverBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "elasund-web-bin-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "web")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// A process is the server's binary running.
type process struct {
	cmd    *exec.Cmd
	url    string
	stderr *syncBuffer
	done   chan struct{}
}

// syncBuffer is a buffer that the process writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// start runs the server on the database file db and waits for its
// address.
func start(t *testing.T, db string, args ...string) *process {
	t.Helper()
	args = append([]string{"-addr", "127.0.0.1:0", "-db", db, "-bot-delay", "0"}, args...)
	cmd := exec.Command(serverBinary(t), args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, stderr: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.kill(t) })
	lines := bufio.NewScanner(stdout)
	found := make(chan string, 1)
	go func() {
		for lines.Scan() {
			if _, rest, ok := strings.Cut(lines.Text(), "play at "); ok {
				u, _, _ := strings.Cut(rest, " ")
				found <- strings.TrimSuffix(u, "/")
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	go func() { cmd.Wait(); close(p.done) }()
	select {
	case p.url = <-found:
	case <-p.done:
		t.Fatalf("the server stopped: %s", p.stderr)
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	return p
}

// logs reports whether the server's log comes to hold every one of
// texts within a few seconds (it is copied from the process's stderr by
// a goroutine of its own, which may lag behind its stdout).
func (p *process) logs(texts ...string) bool {
	return waitUntil(5*time.Second, func() bool {
		log := p.stderr.String()
		for _, s := range texts {
			if !strings.Contains(log, s) {
				return false
			}
		}
		return true
	})
}

// kill sends SIGKILL and waits for the process to end.
func (p *process) kill(t *testing.T) {
	t.Helper()
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not die")
	}
}

// call sends a request to a running server with a seat's token (if any)
// and returns the status and body.
func (p *process) call(t *testing.T, method, path, token, body string) (int, []byte, error) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, p.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// state returns the game's state for a seat's token ("": a spectator).
func (p *process) state(t *testing.T, id, token string) stateJSON {
	t.Helper()
	status, data, err := p.call(t, "GET", "/api/games/"+id, token, "")
	if err != nil || status != http.StatusOK {
		t.Fatalf("GET %s: %d %s %v", id, status, data, err)
	}
	var st stateJSON
	decode(t, data, &st)
	return st
}

// progress picks a move that moves the game on: rolling, ending a phase,
// taking gold; otherwise one drawn with r.
func progress(moves []clientMove, r *rand.Rand) string {
	for _, want := range []string{"roll", "end build", "take gold", "end turn"} {
		for _, m := range moves {
			if m.Text == want {
				return want
			}
		}
	}
	return moves[r.IntN(len(moves))].Text
}

// deciding returns the token of the person who decides, or "" while a bot
// decides or the game is over, and that person's state.
func deciding(t *testing.T, p *process, c createdJSON) (string, stateJSON) {
	t.Helper()
	for _, s := range c.Seats {
		if s.Token == "" {
			continue
		}
		if st := p.state(t, c.ID, s.Token); len(st.Moves) > 0 {
			return s.Token, st
		}
	}
	return "", stateJSON{}
}

// waitForPerson waits until a person decides (the bots have moved).
func waitForPerson(t *testing.T, p *process, c createdJSON) (string, stateJSON) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if tok, st := deciding(t, p, c); tok != "" {
			return tok, st
		}
		if time.Now().After(deadline) {
			t.Fatal("no person decides")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestKillAndRestart plays some moves through HTTP, kills the server with
// SIGKILL, starts it again on the same database and checks that the game
// is exactly where it was (each seat's view, the log, whose move) and
// that play goes on, the bot included.
func TestKillAndRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	p := start(t, db)
	status, data, err := p.call(t, "POST", "/api/games", "", `{"seats": ["human", "random", "human"]}`)
	if err != nil || status != http.StatusCreated {
		t.Fatalf("creating: %d %s %v", status, data, err)
	}
	var c createdJSON
	decode(t, data, &c)
	r := rand.New(rand.NewPCG(1, 2))
	played := 0
	for played < 40 {
		tok, st := waitForPerson(t, p, c)
		m := progress(st.Moves, r)
		if status, data, err := p.call(t, "POST", "/api/games/"+c.ID+"/moves", tok, mustJSON(t, moveJSON{Move: m})); err != nil || status != http.StatusOK {
			t.Fatalf("%s: %d %s %v", m, status, data, err)
		}
		played++
	}
	tok, _ := waitForPerson(t, p, c)
	before := map[string]stateJSON{}
	for _, s := range append(c.Seats, createdSeat{}) {
		if s.Token != "" || s.Color == "" {
			before[s.Token] = p.state(t, c.ID, s.Token)
		}
	}
	p.kill(t)

	p = start(t, db)
	for token, was := range before {
		now := p.state(t, c.ID, token)
		if !sameJSON(t, string(now.View), string(was.View)) || now.Version != was.Version ||
			mustJSON(t, now.Log) != mustJSON(t, was.Log) || mustJSON(t, now.Moves) != mustJSON(t, was.Moves) ||
			now.SVG != was.SVG || mustJSON(t, now.LastRoll) != mustJSON(t, was.LastRoll) {
			t.Fatalf("seat %q: after the restart the game is not where it was:\n was %.300s\n now %.300s",
				now.You, mustJSON(t, was), mustJSON(t, now))
		}
	}
	if !p.logs("resumed 1 unfinished games") {
		t.Errorf("the log does not say the game was resumed: %s", p.stderr)
	}
	// Play goes on from where it stood: the same person decides, and the
	// bot moves again.
	again, st := waitForPerson(t, p, c)
	if again != tok {
		t.Fatal("another person decides after the restart")
	}
	version := st.Version
	botMoved := false
	for i := 0; i < 30 && !botMoved; i++ {
		tok, st := waitForPerson(t, p, c)
		m := progress(st.Moves, r)
		if status, data, err := p.call(t, "POST", "/api/games/"+c.ID+"/moves", tok, mustJSON(t, moveJSON{Move: m})); err != nil || status != http.StatusOK {
			t.Fatalf("after the restart, %s: %d %s %v", m, status, data, err)
		}
		for _, e := range p.state(t, c.ID, "").Log[version:] {
			botMoved = botMoved || e.Color == "blue"
		}
	}
	if !botMoved {
		t.Fatal("the bot did not move after the restart")
	}
}

// TestAnsweredMovesKept plays moves as fast as a client can, kills the
// server right after a 200, starts it again, and checks that the log holds
// every move that was answered 200, in order.
func TestAnsweredMovesKept(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	for round, killAt := range []int{25, 60} {
		p := start(t, db)
		var c createdJSON
		if round == 0 {
			status, data, err := p.call(t, "POST", "/api/games", "", `{"seats": ["human", "human"], "maxTurns": 1000}`)
			if err != nil || status != http.StatusCreated {
				t.Fatalf("creating: %d %s %v", status, data, err)
			}
			decode(t, data, &c)
			os.WriteFile(filepath.Join(filepath.Dir(db), "game.json"), data, 0o600)
		} else {
			data, err := os.ReadFile(filepath.Join(filepath.Dir(db), "game.json"))
			if err != nil {
				t.Fatal(err)
			}
			decode(t, data, &c)
		}
		from := p.state(t, c.ID, "").Version
		r := rand.New(rand.NewPCG(uint64(round), 9))
		var answered []string // the moves answered 200, in order
		killed := false
		for n := 0; n < killAt+50; n++ {
			tok, st := deciding(t, p, c)
			if tok == "" {
				t.Fatal("nobody decides")
			}
			m := progress(st.Moves, r)
			status, data, err := p.call(t, "POST", "/api/games/"+c.ID+"/moves", tok, mustJSON(t, moveJSON{Move: m}))
			if err != nil {
				break // the server is gone
			}
			if status != http.StatusOK {
				t.Fatalf("%s: %d %s", m, status, data)
			}
			var after stateJSON
			decode(t, data, &after)
			answered = append(answered, after.Log[len(after.Log)-1].Text)
			if len(answered) == killAt {
				p.cmd.Process.Signal(syscall.SIGKILL) // right after the 200
				killed = true
				break
			}
		}
		if !killed {
			t.Fatal("the server was not killed")
		}
		p.kill(t)
		p = start(t, db)
		log := p.state(t, c.ID, "").Log
		if len(log) < from+len(answered) {
			t.Fatalf("round %d: %d moves answered 200 after move %d, the log has %d", round, len(answered), from, len(log))
		}
		for i, text := range answered {
			if log[from+i].Text != text {
				t.Fatalf("round %d: move %d was answered %q, the log has %q", round, from+i+1, text, log[from+i].Text)
			}
		}
		t.Logf("round %d: %d moves answered 200 before SIGKILL, all in the log of %d", round, len(answered), len(log))
		p.kill(t)
	}
}

// TestResumeRefusesBadRows: a game whose saved rows disagree is named and
// left alone, the others are resumed.
func TestResumeRefusesBadRows(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	p := start(t, db)
	var ids []string
	var tokens []string
	for range 2 {
		status, data, err := p.call(t, "POST", "/api/games", "", `{"seats": ["human", "human"]}`)
		if err != nil || status != http.StatusCreated {
			t.Fatalf("creating: %d %s %v", status, data, err)
		}
		var c createdJSON
		decode(t, data, &c)
		ids = append(ids, c.ID)
		tokens = append(tokens, c.Seats[0].Token, c.Seats[1].Token)
		for _, tok := range tokens[len(tokens)-2:] {
			p.call(t, "POST", "/api/games/"+c.ID+"/moves", tok, `{"move": "roll"}`)
		}
	}
	p.kill(t)
	st, err := openSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.db.Exec(`UPDATE moves SET move = 'roll 6 6' WHERE game_id = ?`, ids[0]); err != nil {
		t.Fatal(err)
	}
	st.Close()
	p = start(t, db)
	if !p.logs("game "+ids[0], "resumed 1 unfinished games") {
		t.Fatalf("the log: %s", p.stderr)
	}
	if status, _, _ := p.call(t, "GET", "/api/games/"+ids[1], "", ""); status != http.StatusOK {
		t.Fatalf("the good game: %d", status)
	}
	if status, _, _ := p.call(t, "GET", "/api/games/"+ids[0], "", ""); status != http.StatusNotFound {
		t.Fatalf("the game whose rows disagree: %d", status)
	}
}
