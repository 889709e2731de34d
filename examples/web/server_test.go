package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// TestPlayThroughAPI plays a whole game through the API, choosing random
// legal moves for the person's seat, and checks every state the server
// sends against its own game: the seat's view and picture and nothing
// more, the legal moves, the version; then the record of the finished game
// replays to the server's game.
func TestPlayThroughAPI(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Minute, MaxTurns: 12, Seed: 21})
	c := create(t, ts, `{"seats": ["random", "human", "random"]}`)
	st := c.State
	if st.You != "blue" || len(st.Seats) != 3 || st.Seats[1] != (seatJSON{Color: "blue", Kind: "human", You: true}) || st.Seats[0] != (seatJSON{Color: "red", Kind: "random"}) {
		t.Fatalf("seats %+v, you %q", st.Seats, st.You)
	}
	if len(c.Seats) != 3 || c.Seats[0].Token != "" || c.Seats[2].URL != "" || c.Seats[1].URL != ts.URL+"/g/"+c.ID+"#seat="+c.Token ||
		c.Spectator != ts.URL+"/g/"+c.ID || len(c.Token) < 22 {
		t.Fatalf("created %+v", c.createdJSON)
	}
	var status int
	var data []byte
	r := rand.New(rand.NewPCG(4, 4))
	moves := 0
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the game did not end")
		}
		g, human, ok := gameOf(s, st.ID)
		if !ok {
			t.Fatal("the game is gone")
		}
		if st.Version != versionOf(s, st.ID) || (g.ToMove() != human && !g.Over()) {
			// The bots are moving: wait for a state past this one.
			status, data, _ = doAs(t, ts, c.Token, "GET", fmt.Sprintf("/api/games/%s?after=%d", st.ID, st.Version), "")
			if status != http.StatusOK {
				t.Fatalf("polling: %d %s", status, data)
			}
			st = stateJSON{}
			decode(t, data, &st)
			continue
		}
		// A state of the person's decision (or the end): exactly the seat's
		// view of the server's game.
		if !sameJSON(t, string(st.View), mustJSON(t, g.View(human))) {
			t.Fatalf("step %d: the view sent differs from the server's view", step)
		}
		var sent struct {
			Players []map[string]any `json:"players"`
		}
		decode(t, st.View, &sent)
		for p, pj := range sent.Players {
			if _, has := pj["hand"]; has != (elasund.Player(p) == human) {
				t.Fatalf("step %d: player %d's hand sent: %v", step, p, has)
			}
		}
		// The seat's picture; once the game is over, every hand is shown.
		reveal := elasund.RevealSeat(human)
		if g.Over() {
			reveal = elasund.RevealAll
		}
		var svg bytes.Buffer
		if err := g.WriteSVG(&svg, elasund.SVGOptions{Reveal: reveal}); err != nil {
			t.Fatal(err)
		}
		if st.SVG != repaint(svg.String()) {
			t.Fatalf("step %d: the picture sent is not the seat's picture", step)
		}
		var texts []string
		for _, m := range st.Moves {
			texts = append(texts, m.Text)
		}
		if want := legalTexts(g); fmt.Sprint(texts) != fmt.Sprint(want) || (len(want) == 0) != g.Over() {
			t.Fatalf("step %d: moves %q, want %q", step, texts, want)
		}
		if g.Over() {
			break
		}
		m := st.Moves[r.IntN(len(st.Moves))]
		status, data, _ = doAs(t, ts, c.Token, "POST", "/api/games/"+st.ID+"/moves", mustJSON(t, moveJSON{Move: m.Text}))
		if status != http.StatusOK {
			t.Fatalf("step %d: playing %q: %d %s", step, m.Text, status, data)
		}
		version := st.Version
		st = stateJSON{}
		decode(t, data, &st)
		if st.Version <= version || st.Log[len(st.Log)-1].Text == "" {
			t.Fatalf("step %d: version %d after %d", step, st.Version, version)
		}
		moves++
	}
	if moves == 0 {
		t.Fatal("the person never moved")
	}
	checkGames(t, s)

	// Over: the record is given, and replays to the server's game.
	g, _, _ := gameOf(s, st.ID)
	status, data, _ = do(t, ts, "GET", "/api/games/"+st.ID+"/record", "")
	if status != http.StatusOK {
		t.Fatalf("record: %d %s", status, data)
	}
	rec, err := elasund.ParseRecord(string(data))
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := rec.Replay()
	if err != nil || *replayed != g {
		t.Fatalf("the record does not replay to the game: %v", err)
	}
	if rec.Tags["Blue"] != "human" || rec.Tags["Red"] != "random" {
		t.Fatalf("record tags %v", rec.Tags)
	}
	// A move after the end is refused by the engine.
	status, data, ctype := doAs(t, ts, c.Token, "POST", "/api/games/"+st.ID+"/moves", `{"move": "roll"}`)
	if want := g.Check(elasund.Move{Kind: elasund.Roll}).Error(); status != http.StatusUnprocessableEntity || errorOf(t, data, ctype) != want {
		t.Fatalf("a move after the end: %d %s, want 422 %q", status, data, want)
	}
}

// TestRefusals sends bad requests of every kind and checks each answer:
// the status, a JSON error naming what is wrong, and games unchanged.
func TestRefusals(t *testing.T) {
	// The bots wait an hour before each move: the games stand still.
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, BotDelay: time.Hour})
	const body = `{"seats": ["human", "random"]}`
	cm := createFirst(t, ts, body, true)  // red, the person, decides
	ct := createFirst(t, ts, body, false) // blue, a bot, decides
	cp := createFirst(t, ts, `{"seats": ["human", "human"]}`, true)
	mine, theirs, pair := cm.ID, ct.ID, cp.ID
	gm, _, _ := gameOf(s, mine)
	gt, _, _ := gameOf(s, theirs)
	gp, _, _ := gameOf(s, pair)
	if gm.ToMove() != 0 || gt.ToMove() != 1 || gp.ToMove() != 0 {
		t.Fatal("the games do not start as the seeds say")
	}
	_, parseErr := elasund.ParseMove("fly")
	// A made-up token: the real one with its first character changed (a
	// token may start with any of 64 characters, "x" among them).
	madeUp := "x" + cm.Token[1:]
	if cm.Token[0] == 'x' {
		madeUp = "y" + cm.Token[1:]
	}
	tests := []struct {
		name, method, path, body string
		token                    string // the seat's token sent, if any
		status                   int
		err                      string // in the error message
	}{
		{"list of games", "GET", "/api/games", "", "", 405, "method GET is not allowed"},
		{"not JSON", "POST", "/api/games", "{", "", 400, "not the JSON object expected"},
		{"unknown field", "POST", "/api/games", `{"seat": 1}`, "", 400, `unknown field "seat"`},
		{"two values", "POST", "/api/games", `{"seats": ["human", "random"]} {}`, "", 400, "data after the JSON value"},
		{"no seats", "POST", "/api/games", `{"seats": []}`, "", 400, "0 seats given"},
		{"five seats", "POST", "/api/games", `{"seats": ["human", "random", "random", "random", "random"]}`, "", 400, "5 seats given"},
		{"no person", "POST", "/api/games", `{"seats": ["random", "random"]}`, "", 400, `no seat is "human"`},
		{"the old you", "POST", "/api/games", `{"seats": ["you", "random"]}`, "", 400, `unknown bot "you"`},
		{"unknown bot", "POST", "/api/games", `{"seats": ["human", "deep blue"]}`, "", 400, `unknown bot "deep blue"`},
		{"unknown rules", "POST", "/api/games", `{"seats": ["human", "random"], "rules": "chess"}`, "", 400, "rules:"},
		{"negative seed", "POST", "/api/games", `{"seats": ["human", "random"], "seed": -1}`, "", 400, "may not choose the seed"},
		{"long bot name", "POST", "/api/games", `{"seats": ["human", "` + strings.Repeat("b", 5000) + `"]}`, "", 400, "at most 40 bytes"},
		{"ismcts:0", "POST", "/api/games", `{"seats": ["human", "ismcts:0"]}`, "", 400, "the N of ismcts:N is iterations (1 to 10000000) or a time (1ms to 1m0s)"},
		{"huge body", "POST", "/api/games", `{"seats": ["human", "random"]` + strings.Repeat(" ", 100<<10) + "}", "", 413, "larger than"},
		{"unknown game", "GET", "/api/games/0123", "", "", 404, `no game "0123"`},
		{"move in unknown game", "POST", "/api/games/0123/moves", `{"move": "roll"}`, cm.Token, 404, `no game "0123"`},
		{"wrong method", "PUT", "/api/games/" + mine, "", "", 405, "method PUT"},
		{"moves listed", "GET", "/api/games/" + mine + "/moves", "", "", 405, "use POST"},
		{"a move without a token", "POST", "/api/games/" + mine + "/moves", `{"move": "roll"}`, "", 401, "a move needs a seat's token"},
		{"a move with a made-up token", "POST", "/api/games/" + mine + "/moves", `{"move": "roll"}`, madeUp, 401, "holds no seat's token of game " + mine},
		{"a move with another game's token", "POST", "/api/games/" + mine + "/moves", `{"move": "roll"}`, cp.Token, 401, "holds no seat's token"},
		{"a move with the other seat's token", "POST", "/api/games/" + pair + "/moves", `{"move": "roll"}`, cp.tokenOf("blue"), 403,
			"seat 1 (blue) does not decide now; seat 0 (red) does (another person decides, not you)"},
		{"a state with a made-up token", "GET", "/api/games/" + mine, "", "nonsense", 401, "holds no seat's token"},
		{"an end without a token", "DELETE", "/api/games/" + mine, "", "", 401, "leaving a game (or ending it, with the game's admin token) needs a seat's token"},
		{"not notation", "POST", "/api/games/" + mine + "/moves", `{"move": "fly"}`, cm.Token, 400, parseErr.Error()},
		{"empty move", "POST", "/api/games/" + mine + "/moves", `{}`, cm.Token, 400, "cannot parse move"},
		{"move not a string", "POST", "/api/games/" + mine + "/moves", `{"move": 7}`, cm.Token, 400, "not the JSON object"},
		{"illegal move", "POST", "/api/games/" + mine + "/moves", `{"move": "end turn"}`, cm.Token, 422,
			gm.Check(elasund.Move{Kind: elasund.EndTurn}).Error()},
		{"a bot's move", "POST", "/api/games/" + theirs + "/moves", `{"move": "roll"}`, ct.Token, 403,
			"seat 0 (red) does not decide now; seat 1 (blue) does (the random bot decides, not you)"},
		{"huge move", "POST", "/api/games/" + mine + "/moves", `{"move": "` + strings.Repeat("a", 1<<20) + `"}`, cm.Token, 413, "larger than"},
		{"record too early", "GET", "/api/games/" + mine + "/record", "", "", 409, "once the game is over"},
		{"bad version", "GET", "/api/games/" + mine + "?after=x", "", "", 400, "not a version number"},
		{"bad log start", "GET", "/api/games/" + mine + "?from=-1", "", "", 400, "not a number of moves"},
		{"unknown record", "GET", "/api/replays/0123", "", "", 404, `no record "0123"`},
		{"unknown position", "GET", "/api/replays/0123/positions/1", "", "", 404, `no record "0123"`},
		{"a game's replay too early", "GET", "/api/replays/" + mine, "", "", 409, "once the game is over"},
		{"no record", "POST", "/api/replays", "", "", 415, "Content-Type: application/json"},
		{"empty record", "POST", "/api/replays", `{"record": " "}`, "", 400, "the record is empty"},
		{"not a record", "POST", "/api/replays", `{"record": "hello"}`, "", 422, "record"},
		{"huge record", "POST", "/api/replays", replayBody(t, strings.Repeat("# a comment\n", 100<<10)), "", 413, "larger than"},
		{"records listed", "GET", "/api/replays", "", "", 405, "use POST"},
		{"unknown file", "GET", "/static/nothing.js", "", "", 404, "no file"},
		{"static directory", "GET", "/static/", "", "", 404, "no file"},
		{"post a file", "POST", "/static/play.js", "x", "", 405, "method POST"},
		{"post a page", "POST", "/", "x", "", 405, "method POST"},
		{"unknown page", "GET", "/nothing", "", "", 404, "no such page"},
		{"bots by POST", "POST", "/api/bots", "", "", 405, "use GET"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var status int
			var data []byte
			var ctype string
			if tc.token != "" {
				status, data, ctype = doAs(t, ts, tc.token, tc.method, tc.path, tc.body)
			} else {
				status, data, ctype = do(t, ts, tc.method, tc.path, tc.body)
			}
			if status != tc.status {
				t.Fatalf("status %d, want %d: %.300s", status, tc.status, data)
			}
			if msg := errorOf(t, data, ctype); !strings.Contains(msg, tc.err) {
				t.Fatalf("error %q, want it to contain %q", msg, tc.err)
			}
			for id, want := range map[string]elasund.Game{mine: gm, theirs: gt, pair: gp} {
				if g, _, _ := gameOf(s, id); g != want {
					t.Fatalf("game %s changed", id)
				}
			}
			checkGames(t, s)
		})
	}
	// The cap: a fourth game fits, a fifth does not.
	create(t, ts, body)
	status, data, ctype := do(t, ts, "POST", "/api/games", body)
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, data, ctype), "at most 4") {
		t.Fatalf("over the cap: %d %s", status, data)
	}
	// Ending a game makes room; the game ended is over, forfeited by the
	// seat that ended it.
	if status, data, _ := doAs(t, ts, ct.Token, "DELETE", "/api/games/"+theirs, ""); status != http.StatusOK {
		t.Fatalf("delete: %d %s", status, data)
	}
	if st := stateAs(t, ts, theirs, ""); st.End == nil || st.End.Method != "forfeited" || st.End.Winner != "blue" {
		t.Fatalf("a game ended: %+v", st.End)
	}
	create(t, ts, body)
}

// TestPages checks that the pages and their files are served.
func TestPages(t *testing.T) {
	_, ts := testServer(t, options{MaxGames: 1})
	for _, tc := range []struct{ path, ctype, has string }{
		{"/", "text/html", `<script src="/static/play.js">`},
		{"/g/0123", "text/html", `<script src="/static/play.js">`},
		{"/favicon.ico", "image/svg+xml", `<svg`},
		{"/replay", "text/html", `<script src="/static/replay.js">`},
		{"/static/play.js", "text/javascript", "async function play(text)"},
		{"/static/replay.js", "text/javascript", "async function go(k)"},
		{"/static/common.js", "text/javascript", "async function api("},
		{"/static/style.css", "text/css", "svg .hit.target"},
		{"/api/bots", "application/json", `"random"`},
	} {
		status, data, ctype := do(t, ts, "GET", tc.path, "")
		if status != http.StatusOK || !strings.HasPrefix(ctype, tc.ctype) || !bytes.Contains(data, []byte(tc.has)) {
			t.Errorf("GET %s: %d %q, want 200 %q with %q", tc.path, status, ctype, tc.ctype, tc.has)
		}
	}
}

// TestHammer sends random, malformed and out-of-turn requests, one at a
// time and then from several goroutines, and checks after each that the
// server answered with a 2xx or a 4xx with a JSON error and that every game
// is valid.
func TestHammer(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 6, Idle: time.Minute, MaxTurns: 30, MaxWait: 200 * time.Millisecond})
	r := rand.New(rand.NewPCG(12, 34))
	ids := func() []string {
		s.mu.Lock()
		defer s.mu.Unlock()
		var out []string
		for id := range s.games {
			out = append(out, id)
		}
		return out
	}
	rec := replayBody(t, playedRecord(t, 2, 3, 10).String())
	notation := []string{"roll", "roll 3 4", "end build", "take gold", "end turn", "permit 2 d8", "permit 0 a2 pay blue",
		"build house c5", "wall E5", "church", "keep 7", "discard 1 gold", "return 1 blue", "steer 5", "pirates 9",
		"bonus gold", "remove hut", "rebuild hut d4", "move permit c5 d5 pay green", "upgrade permit d4 4 pay blue"}
	randomBody := func(r *rand.Rand, id string) string {
		switch r.IntN(12) {
		case 0:
			return ""
		case 1:
			b := make([]byte, r.IntN(200))
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			return string(b)
		case 2:
			return `{"seats": ["human", "random"]}`
		case 3:
			return `{"seats": ["random", "human", "random", "random"], "seed": ` + fmt.Sprint(r.Uint64()>>1) + `}`
		case 4:
			return `{"seats": [` + strings.Repeat(`"human",`, r.IntN(6)) + `"random"]}`
		case 5, 6:
			// A legal move of whoever decides: the person's plays, a
			// bot's is out of turn.
			if g, _, ok := gameOf(s, id); ok {
				if ms := g.Legal(); len(ms) > 0 {
					return mustJSON(t, moveJSON{Move: ms[r.IntN(len(ms))].String()})
				}
			}
			return `{"move": "roll"}`
		case 7:
			return mustJSON(t, moveJSON{Move: notation[r.IntN(len(notation))]})
		case 8:
			return `{"move": "` + strings.Repeat("x", 20<<10) + `"}`
		case 9:
			return rec
		case 10:
			return `{"move": null, "extra": [1, 2, {"a": "b"}]}`
		}
		return `[]`
	}
	randomRequest := func(r *rand.Rand) (method, path, body string) {
		methods := []string{"GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"}
		method = methods[r.IntN(len(methods))]
		id := "ffff"
		if have := ids(); len(have) > 0 && r.IntN(8) > 0 {
			id = have[r.IntN(len(have))]
		}
		paths := []string{"/api/games", "/api/games/" + id, "/api/games/" + id + "/moves", "/api/games/" + id + "/moves",
			"/api/games/" + id + "/record", "/api/games/" + id + "?after=" + fmt.Sprint(r.IntN(40)-5),
			"/api/replays", "/api/replays/" + id, "/api/replays/" + id + "/positions/" + fmt.Sprint(r.IntN(50)-5),
			"/api/bots", "/", "/replay", "/static/play.js", "/api/games/" + id + "/moves/extra", "/api/%zz", "/api/games/%00"}
		path = paths[r.IntN(len(paths))]
		if method == "DELETE" && r.IntN(4) > 0 {
			method = "GET" // deleting everything would leave little to hammer
		}
		return method, path, randomBody(r, id)
	}
	var tokensMu sync.Mutex
	var tokens []string // of the games created
	send := func(t *testing.T, r *rand.Rand) {
		method, path, body := randomRequest(r)
		req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
		if err != nil {
			return // a path the client cannot send
		}
		if r.IntN(4) > 0 {
			req.Header.Set("Content-Type", "application/json")
		}
		if k := r.IntN(4); k > 0 {
			tokensMu.Lock()
			if len(tokens) > 0 {
				req.Header.Set("Authorization", "Bearer "+tokens[r.IntN(len(tokens))])
			}
			tokensMu.Unlock()
			if k == 3 {
				req.Header.Set("Authorization", "Bearer "+strings.Repeat("A", r.IntN(40)))
			}
		}
		res, err := client.Do(req)
		if err != nil {
			t.Errorf("%s %s: %v", method, path, err)
			return
		}
		defer res.Body.Close()
		var buf bytes.Buffer
		buf.ReadFrom(res.Body)
		if res.StatusCode == http.StatusCreated && path == "/api/games" {
			var c createdJSON
			if json.Unmarshal(buf.Bytes(), &c) == nil {
				tokensMu.Lock()
				for _, s := range c.Seats {
					if s.Token != "" {
						tokens = append(tokens, s.Token)
					}
				}
				tokensMu.Unlock()
			}
		}
		if res.StatusCode >= 500 || (res.StatusCode >= 300 && res.StatusCode < 400 && res.StatusCode != 301) {
			t.Errorf("%s %s %.80q: status %d %.200s", method, path, body, res.StatusCode, buf.Bytes())
		}
		if res.StatusCode >= 400 && method != "HEAD" {
			var e apiError
			if err := decodeErr(buf.Bytes(), &e); err != nil || e.Error == "" {
				t.Errorf("%s %s: %d without a JSON error: %.200s", method, path, res.StatusCode, buf.Bytes())
			}
		}
	}
	deadline := time.Now().Add(25 * time.Second)
	for i := 0; i < 1200 && time.Now().Before(deadline); i++ {
		send(t, r)
		checkGames(t, s)
		if t.Failed() {
			t.FailNow()
		}
	}
	// Several clients at once; the race detector watches.
	done := make(chan struct{})
	for w := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			r := rand.New(rand.NewPCG(uint64(w), 99))
			for i := 0; i < 150 && time.Now().Before(deadline.Add(10*time.Second)); i++ {
				send(t, r)
			}
		}()
	}
	for range 4 {
		<-done
	}
	checkGames(t, s)
}

func decodeErr(data []byte, e *apiError) error {
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		return errors.New("not a JSON object")
	}
	return json.Unmarshal(data, e)
}

// TestRecover: a panic in a handler is answered with a 500 and a JSON
// error, and the server goes on serving.
func TestRecover(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 1})
	s.mux.HandleFunc("/boom", func(http.ResponseWriter, *http.Request) { panic("boom") })
	status, data, ctype := do(t, ts, "GET", "/boom", "")
	if status != http.StatusInternalServerError || errorOf(t, data, ctype) != "internal error" {
		t.Fatalf("a panic: %d %s", status, data)
	}
	if status, _, _ := do(t, ts, "GET", "/api/bots", ""); status != http.StatusOK {
		t.Fatalf("after a panic: %d", status)
	}
}
