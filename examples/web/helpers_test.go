package main

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// gameOf is the tests' hook into the referee: the game the server's Table
// for id holds (from a copy of the Table, abandoned to give its game), and
// the first person's seat.
func gameOf(s *server, id string) (elasund.Game, elasund.Player, bool) {
	ss := s.held(id)
	if ss == nil {
		return elasund.Game{}, elasund.NoPlayer, false
	}
	ss.mu.Lock()
	data, err := ss.t.MarshalBinary()
	ss.mu.Unlock()
	if err != nil {
		panic(err)
	}
	return tableGame(data), firstHuman(ss), true
}

// firstHuman returns the first person's seat of a session.
func firstHuman(ss *session) elasund.Player {
	for p, st := range ss.seats {
		if st.bot == nil {
			return elasund.Player(p)
		}
	}
	return elasund.NoPlayer
}

// sessionOf returns the server's session id, or nil.
func sessionOf(s *server, id string) *session { return s.held(id) }

// tableGame returns the game of a Table saved with MarshalBinary.
func tableGame(data []byte) elasund.Game {
	var t elasund.Table
	if err := t.UnmarshalBinary(data); err != nil {
		panic(err)
	}
	t.Abandon() // a copy: its game is the game so far
	g, err := t.Game()
	if err != nil {
		panic(err)
	}
	return *g
}

// gameCount and replayCount count the games and records held.
func gameCount(s *server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

func replayCount(s *server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.replays)
}

// versionOf returns the version of the server's game id, or -1.
func versionOf(s *server, id string) int {
	ss := s.held(id)
	if ss == nil {
		return -1
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.t.Len()
}

// checkGames validates every game of the server: the state is valid and
// the state sent agrees with the Table's log.
func checkGames(t *testing.T, s *server) {
	t.Helper()
	s.mu.Lock()
	games := make([]*session, 0, len(s.games))
	for _, ss := range s.games {
		games = append(games, ss)
	}
	s.mu.Unlock()
	for _, ss := range games {
		g, _, ok := gameOf(s, ss.id)
		if !ok {
			continue // removed meanwhile
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("game %s: %v", ss.id, err)
		}
		st, err := ss.state(firstHuman(ss), 0, "")
		if err != nil {
			t.Fatalf("game %s: %v", ss.id, err)
		}
		if len(st.Log) != st.Version || (len(st.Log) > 0 && st.Log[len(st.Log)-1].N != st.Version) {
			t.Fatalf("game %s: version %d, %d moves sent", ss.id, st.Version, len(st.Log))
		}
	}
}

func legalTexts(g elasund.Game) []string {
	var out []string
	for _, m := range g.Legal() {
		out = append(out, m.String())
	}
	return out
}

// nonTarget returns a city square on which no legal move of the decider
// goes.
func nonTarget(g elasund.Game) string {
	used := map[elasund.Square]bool{}
	for _, m := range g.Legal() {
		used[m.Square] = true
	}
	for _, s := range elasund.CitySquares(g.Players()) {
		if !used[s] {
			return s.String()
		}
	}
	return ""
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		t.Fatalf("%v in %s", err, a)
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return reflect.DeepEqual(va, vb)
}

// playedRecord plays a seeded game of random moves to its end (a turn
// limit of maxTurns) and returns its record.
func playedRecord(t *testing.T, players int, seed uint64, maxTurns int) elasund.Record {
	t.Helper()
	cfg := elasund.Config{Players: players, Seed: seed, MaxTurns: maxTurns}
	g, err := elasund.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := elasund.NewRecorder(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for !g.Over() {
		ms := g.Legal()
		if err := rec.Apply(g, ms[r.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Record()
}

// testServer starts a server for a test, its games in a database in
// memory; the test's cleanup closes it.
func testServer(t *testing.T, opts options) (*server, *httptest.Server) {
	t.Helper()
	st, err := openSQLite(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	return testServerOn(t, opts, st)
}

// testServerOn starts a server of the games of st; the test's cleanup
// closes both.
func testServerOn(t *testing.T, opts options, st store) (*server, *httptest.Server) {
	t.Helper()
	s, err := newServer(opts, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close() // ends the long polls first, so that ts.Close need not wait for them
		ts.Close()
		st.Close()
	})
	return s, ts
}

var client = &http.Client{Timeout: 30 * time.Second}

// do sends a request, a body as application/json, and returns the status,
// the body and the content type.
func do(t *testing.T, ts *httptest.Server, method, path, body string) (int, []byte, string) {
	t.Helper()
	var header []string
	if body != "" {
		header = []string{"Content-Type", "application/json"}
	}
	return doWith(t, ts, method, path, body, header...)
}

// doWith sends a request with the headers given as name, value pairs, and
// returns the status, the body and the content type.
func doWith(t *testing.T, ts *httptest.Server, method, path, body string, header ...string) (int, []byte, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, data, res.Header.Get("Content-Type")
}

// decode decodes a JSON answer into v.
func decode(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %.200s: %v", data, err)
	}
}

// errorOf returns the message of a JSON error answer, failing the test if
// the answer is not one.
func errorOf(t *testing.T, data []byte, ctype string) string {
	t.Helper()
	if !strings.HasPrefix(ctype, "application/json") {
		t.Fatalf("an error answer of type %q: %.200s", ctype, data)
	}
	var e apiError
	if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
		t.Fatalf("not a JSON error: %.200s (%v)", data, err)
	}
	return e.Error
}

// auth returns the header of a seat's token.
func auth(token string) []string { return []string{"Authorization", "Bearer " + token} }

// doAs sends a request with a seat's token, a body as application/json.
func doAs(t *testing.T, ts *httptest.Server, token, method, path, body string) (int, []byte, string) {
	t.Helper()
	header := auth(token)
	if body != "" {
		header = append(header, "Content-Type", "application/json")
	}
	return doWith(t, ts, method, path, body, header...)
}

// created is a game created by a test: its answer, and its first
// person's token and state.
type created struct {
	createdJSON
	Token string    // the first person's seat's
	State stateJSON // the first person's
}

// tokenOf returns the token of the seat of colour c.
func (c created) tokenOf(color string) string {
	for _, s := range c.Seats {
		if s.Color == color {
			return s.Token
		}
	}
	return ""
}

// create creates a game with the body and returns it with its first
// person's state.
func create(t *testing.T, ts *httptest.Server, body string) created {
	t.Helper()
	status, data, _ := do(t, ts, "POST", "/api/games", body)
	if status != http.StatusCreated {
		t.Fatalf("creating %s: %d %s", body, status, data)
	}
	var c created
	decode(t, data, &c.createdJSON)
	for _, s := range c.Seats {
		if s.Token != "" {
			c.Token = s.Token
			break
		}
	}
	c.State = stateAs(t, ts, c.ID, c.Token)
	return c
}

// stateAs returns game id's state as the seat of token sees it ("": a
// spectator).
func stateAs(t *testing.T, ts *httptest.Server, id, token string) stateJSON {
	t.Helper()
	var header []string
	if token != "" {
		header = auth(token)
	}
	status, data, _ := doWith(t, ts, "GET", "/api/games/"+id, "", header...)
	if status != http.StatusOK {
		t.Fatalf("GET game %s: %d %s", id, status, data)
	}
	var st stateJSON
	decode(t, data, &st)
	return st
}

// createFirst creates games with the body until one starts with the
// first person to move (personFirst) or a bot, ending the others with
// their admin token, and returns it.
func createFirst(t *testing.T, ts *httptest.Server, body string, personFirst bool) created {
	t.Helper()
	for range 64 {
		c := create(t, ts, body)
		if (len(c.State.Moves) > 0) == personFirst {
			return c
		}
		if status, data, _ := doAs(t, ts, c.Admin, "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
			t.Fatalf("deleting: %d %s", status, data)
		}
	}
	t.Fatalf("no game of %s started with the person first: %v", body, personFirst)
	return created{}
}

// replayBody is the body of POST /api/replays for a record's text.
func replayBody(t *testing.T, text string) string {
	t.Helper()
	return mustJSON(t, replayRequest{Record: text})
}
