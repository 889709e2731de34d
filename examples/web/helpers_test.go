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

// gameOf is the tests' hook into the referee: a copy of the server's game
// id and the person's seat.
func gameOf(s *server, id string) (elasund.Game, elasund.Player, bool) {
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	if ss == nil {
		return elasund.Game{}, elasund.NoPlayer, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.g, ss.human, true
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
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	if ss == nil {
		return -1
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.version
}

// checkGames validates every game of the server: the state is valid, the
// log and the record agree with the version, and (with replay) the record
// replays to the game.
func checkGames(t *testing.T, s *server, replay bool) {
	t.Helper()
	s.mu.Lock()
	games := make([]*session, 0, len(s.games))
	for _, ss := range s.games {
		games = append(games, ss)
	}
	s.mu.Unlock()
	for _, ss := range games {
		ss.mu.Lock()
		g, version, logLen, recLen := ss.g, ss.version, len(ss.log), ss.rec.Len()
		rec := ss.rec.Record()
		ss.mu.Unlock()
		if err := g.Validate(); err != nil {
			t.Fatalf("game %s: %v", ss.id, err)
		}
		if version != logLen || version != recLen {
			t.Fatalf("game %s: version %d, %d moves logged, %d recorded", ss.id, version, logLen, recLen)
		}
		if replay {
			got, err := rec.Replay()
			if err != nil || *got != g {
				t.Fatalf("game %s: the record does not replay to the game (%v)", ss.id, err)
			}
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

func mustSquare(t *testing.T, s string) elasund.Square {
	t.Helper()
	sq, err := elasund.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
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
	rec := elasund.NewRecorder(cfg)
	r := rand.New(rand.NewPCG(seed, 1))
	for !g.Over() {
		ms := g.Legal()
		if err := rec.Apply(g, ms[r.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Record()
}

// testServer starts a server for a test; the test's cleanup closes it.
func testServer(t *testing.T, opts options) (*server, *httptest.Server) {
	t.Helper()
	s := newServer(opts, nil)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

var client = &http.Client{Timeout: 30 * time.Second}

// do sends a request and returns the status, the body and the content type.
func do(t *testing.T, ts *httptest.Server, method, path, body string) (int, []byte, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
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

// seedWithFirst returns a seed whose 2-player game starts with seat first.
func seedWithFirst(t *testing.T, first elasund.Player) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		g, err := elasund.New(elasund.Config{Players: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if g.ToMove() == first {
			return seed
		}
	}
	t.Fatal("no seed found")
	return 0
}
