package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// TestSchema: a new database is migrated to the schema's version, opening
// it again changes nothing, and a database of a newer version is refused.
func TestSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	for range 2 {
		st, err := openSQLite(path)
		if err != nil {
			t.Fatal(err)
		}
		var v, n int
		if err := st.db.QueryRow(`SELECT version, (SELECT COUNT(*) FROM schema_version) FROM schema_version`).Scan(&v, &n); err != nil {
			t.Fatal(err)
		}
		var mode string
		if err := st.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
			t.Fatal(err)
		}
		var sync int
		if err := st.db.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil {
			t.Fatal(err)
		}
		st.Close()
		if v != schemaVersion || n != 1 || mode != "wal" || sync != 2 {
			t.Fatalf("version %d (%d rows), journal %q, synchronous %d; want %d, 1 row, wal, 2 (FULL)", v, n, mode, sync, schemaVersion)
		}
	}
	st, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.db.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := openSQLite(path); err == nil || !strings.Contains(err.Error(), "its schema is version 99, newer than this server's 1") {
		t.Fatalf("a newer database: %v", err)
	}
}

// TestFinishedGame plays a game of two people to its end through the API,
// then checks the end (standings by cubes, every hand revealed as the
// record replayed has it, links to the replay and the record), the
// replay of the game by its id with each seat's view, and that the game
// is kept after the server lets it go from memory, until its retention
// has passed.
func TestFinishedGame(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Hour, Retention: 24 * time.Hour})
	c := create(t, ts, `{"seats": ["human", "human"], "maxTurns": 8}`)
	r := rand.New(rand.NewPCG(3, 3))
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatal("the game did not end")
		}
		g, _, _ := gameOf(s, c.ID)
		if g.Over() {
			break
		}
		ms := g.Legal()
		m := ms[r.IntN(len(ms))]
		if status, data, _ := doAs(t, ts, c.tokenOf(g.Color(g.ToMove()).String()), "POST", "/api/games/"+c.ID+"/moves",
			mustJSON(t, moveJSON{Move: m.String()})); status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
	}
	final, _, _ := gameOf(s, c.ID)
	for _, token := range []string{"", c.Seats[0].Token, c.Seats[1].Token} {
		st := stateAs(t, ts, c.ID, token)
		e := st.End
		if e == nil || e.Method != "turn limit reached" || e.Winner != "" || len(e.Standings) != 2 || e.Replay != "/replay#id="+c.ID ||
			e.Record != "/api/games/"+c.ID+"/record" || len(st.Moves) != 0 {
			t.Fatalf("the end: %+v", e)
		}
		for i, sj := range e.Standings {
			p := elasund.Player(0)
			if sj.Color != final.Color(0).String() {
				p = 1
			}
			if sj.Cubes != final.CubesPlaced(p) || sj.Gold != final.Gold(p) || sj.Hand != handOf(final.Hand(p)) || sj.Kind != human {
				t.Fatalf("standing %d: %+v; the game has %d cubes, gold %d, hand %v", i, sj, final.CubesPlaced(p), final.Gold(p), final.Hand(p))
			}
			if i > 0 && (sj.Cubes > e.Standings[i-1].Cubes || sj.Place < e.Standings[i-1].Place) {
				t.Fatalf("the standings are not best first: %+v", e.Standings)
			}
		}
		if !strings.Contains(st.SVG, "reveal-all") {
			t.Fatal("the picture of a finished game does not show every hand")
		}
	}
	// The replay of the game by its id, with each seat's view.
	var desc replayJSON
	status, data, _ := do(t, ts, "GET", "/api/replays/"+c.ID, "")
	if status != http.StatusOK {
		t.Fatalf("the game's replay: %d %s", status, data)
	}
	decode(t, data, &desc)
	if desc.Total != versionOf(s, c.ID) || desc.Tags["Red"] != human || desc.Tags["Game"] != c.ID {
		t.Fatalf("the game's replay: %d moves, tags %v", desc.Total, desc.Tags)
	}
	for view, class := range map[string]string{"red": "reveal-seat-0", "blue": "reveal-seat-1", "none": "reveal-none", "all": "reveal-all"} {
		var pos positionJSON
		status, data, _ := do(t, ts, "GET", fmt.Sprintf("/api/replays/%s/positions/%d?view=%s", c.ID, desc.Total/2, view), "")
		if status != http.StatusOK {
			t.Fatalf("view %s: %d %s", view, status, data)
		}
		decode(t, data, &pos)
		if !strings.Contains(pos.SVG, `class="elasund players-2 `+class+`"`) {
			t.Fatalf("view %s: the picture is not of %s", view, class)
		}
	}
	if status, data, _ := do(t, ts, "GET", "/api/replays/"+c.ID+"/positions/1?view=purple", ""); status != http.StatusBadRequest ||
		!strings.Contains(string(data), "none of all, none and the seats") {
		t.Fatalf("an unknown view: %d %s", status, data)
	}
	// Let go from memory, the game is loaded from the store; once its
	// retention has passed it is deleted.
	if n := s.sweep(time.Now().Add(2 * time.Hour)); n != 2 { // the game and its replay
		t.Fatalf("%d let go", n)
	}
	if st := stateAs(t, ts, c.ID, ""); st.End == nil || st.Version != desc.Total {
		t.Fatalf("the game loaded again: version %d, end %+v", st.Version, st.End)
	}
	s.expire(time.Now().Add(23 * time.Hour))
	if _, err := s.store.Game(context.Background(), c.ID); err != nil {
		t.Fatalf("deleted before its retention: %v", err)
	}
	s.expire(time.Now().Add(25 * time.Hour))
	if _, err := s.store.Game(context.Background(), c.ID); err != errNoGame {
		t.Fatalf("kept after its retention: %v", err)
	}
	if moves, err := s.store.Moves(context.Background(), c.ID); err != nil || len(moves) != 0 {
		t.Fatalf("its moves kept after its retention: %d %v", len(moves), err)
	}
}

// TestViews: without a token a client gets the spectator's view, with a
// seat's token that seat's; a picture the client has is not sent again,
// nor a state it has (304); answers are compressed for a client that
// accepts gzip.
func TestViews(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, BotDelay: time.Hour})
	c := create(t, ts, `{"seats": ["human", "greedy", "human"]}`)
	g, _, _ := gameOf(s, c.ID)
	for i, token := range []string{"", c.Seats[0].Token, c.Seats[2].Token} {
		want := map[int]elasund.Player{0: elasund.NoPlayer, 1: 0, 2: 2}[i]
		st := stateAs(t, ts, c.ID, token)
		if !sameJSON(t, string(st.View), mustJSON(t, g.View(want))) || (want == elasund.NoPlayer) != (st.You == "") {
			t.Fatalf("token %d: the view is not seat %d's", i, want)
		}
		// The picture is left out when the client has it.
		status, data, _ := doWith(t, ts, "GET", "/api/games/"+c.ID+"?svg="+st.SVGHash, "", auth(token)...)
		var again stateJSON
		decode(t, data, &again)
		if token == "" {
			status, data, _ = doWith(t, ts, "GET", "/api/games/"+c.ID+"?svg="+st.SVGHash, "")
			again = stateJSON{}
			decode(t, data, &again)
		}
		if status != http.StatusOK || again.SVG != "" || again.SVGHash != st.SVGHash || len(st.SVG) < 10000 {
			t.Fatalf("token %d: asked again with the picture's hash: %d, %d bytes of picture", i, status, len(again.SVG))
		}
	}
	// A state the client has: 304 without a body.
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID, nil)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	etag := res.Header.Get("ETag")
	req.Header.Set("If-None-Match", etag)
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if etag == "" || res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Fatalf("If-None-Match %s: %d, %d bytes", etag, res.StatusCode, len(body))
	}
	// gzip, for a client that asks for it (Go's client does by itself
	// and then hides it; this request asks explicitly).
	for _, path := range []string{"/api/games/" + c.ID, "/static/play.js", "/"} {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		zipped, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: Content-Encoding %q", path, res.Header.Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes, %d compressed", path, len(plain), len(zipped))
		if len(zipped)*2 > len(plain) {
			t.Fatalf("%s: %d bytes compressed to %d", path, len(plain), len(zipped))
		}
	}
}
