package main

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// leave sends DELETE for game id with token and returns the status and
// the answer.
func leave(t *testing.T, ts *httptest.Server, id, token string) (int, leftJSON, string) {
	t.Helper()
	status, data, _ := doAs(t, ts, token, "DELETE", "/api/games/"+id, "")
	var out leftJSON
	if status == http.StatusOK {
		decode(t, data, &out)
	}
	return status, out, string(data)
}

// playPeople plays the game of c to its end through the API: a random
// legal move for each person's seat that decides, with its token, while
// the bots play theirs.
func playPeople(t *testing.T, s *server, ts *httptest.Server, c created, r *rand.Rand) {
	t.Helper()
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatal("the game does not end")
		}
		v := versionOf(s, c.ID) // before the game: a bot's move after it is seen
		g, _, ok := gameOf(s, c.ID)
		if !ok {
			t.Fatal("the game is gone")
		}
		if g.Over() {
			return
		}
		ss := sessionOf(s, c.ID)
		ss.mu.Lock()
		bot := ss.seats[g.ToMove()].bot != nil
		ss.mu.Unlock()
		if bot {
			if !waitUntil(10*time.Second, func() bool { return versionOf(s, c.ID) != v }) {
				t.Fatal("the bot does not move")
			}
			continue
		}
		ms := g.Legal()
		m := ms[r.IntN(len(ms))]
		token := c.tokenOf(g.Color(g.ToMove()).String())
		if status, data, _ := doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: m.String()})); status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
	}
}

// TestLeave: a person who leaves a game of three seats is handed to the
// leave bot, and the game goes on to its end by the rules, the seat shown
// as left; their token then neither plays nor sees the seat. Only the
// token's own seat leaves. At two seats, or once fewer than two seats
// would stay that no person left, the seat forfeits and the game ends.
// The admin token abandons the game for everyone, and is no seat's.
func TestLeave(t *testing.T) {
	t.Run("three seats go on", func(t *testing.T) {
		s, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour, Seed: 31})
		c := create(t, ts, `{"seats": ["human", "human", "random"], "maxTurns": 10}`)
		red, blue := c.tokenOf("red"), c.tokenOf("blue")
		// Another seat's token, a made-up one, or none, make nobody leave.
		for _, token := range []string{"made-up", ""} {
			if status, _, data := leave(t, ts, c.ID, token); status != http.StatusUnauthorized {
				t.Fatalf("DELETE with token %q: %d %s", token, status, data)
			}
		}
		leftAt := versionOf(s, c.ID)
		status, out, data := leave(t, ts, c.ID, blue)
		if status != http.StatusOK || out != (leftJSON{ID: c.ID, Left: "blue", Bot: defaultLeaveBot}) {
			t.Fatalf("blue leaving: %d %s", status, data)
		}
		st := stateAs(t, ts, c.ID, red)
		want := []seatJSON{{Color: "red", Kind: human, You: true}, {Color: "blue", Kind: defaultLeaveBot, Left: true}, {Color: "green", Kind: "random"}}
		if mustJSON(t, st.Seats) != mustJSON(t, want) || st.End != nil {
			t.Fatalf("after blue left, red sees the seats %+v (end %+v)", st.Seats, st.End)
		}
		// Blue's token neither plays nor sees the seat, nor leaves again.
		for _, req := range [][2]string{{"GET", ""}, {"POST", `{"move": "roll"}`}, {"DELETE", ""}} {
			path := "/api/games/" + c.ID
			if req[0] == "POST" {
				path += "/moves"
			}
			status, data, ctype := doAs(t, ts, blue, req[0], path, req[1])
			if status != http.StatusUnauthorized || !strings.Contains(errorOf(t, data, ctype), "left game") {
				t.Fatalf("%s with the token of blue, who left: %d %s", req[0], status, data)
			}
		}
		// The game goes on, the bot playing blue, to its end by the rules.
		playPeople(t, s, ts, c, rand.New(rand.NewPCG(1, 2)))
		end := stateAs(t, ts, c.ID, "").End
		if end == nil || (end.Method != "turn limit reached" && end.Method != "all cubes placed") {
			t.Fatalf("the end: %+v", end)
		}
		for _, sj := range end.Standings {
			if sj.Left != (sj.Color == "blue") || sj.Forfeited || (sj.Color == "blue" && sj.Kind != defaultLeaveBot) {
				t.Fatalf("standing %+v", sj)
			}
		}
		ss := sessionOf(s, c.ID)
		ss.mu.Lock()
		bluePlayed := 0 // the moves of blue's seat after blue left: the bot's
		for _, e := range ss.t.AppendLog(nil, leftAt) {
			if e.Player == 1 {
				bluePlayed++
			}
		}
		ss.mu.Unlock()
		_, data2, _ := do(t, ts, "GET", "/api/games/"+c.ID+"/record", "")
		rec, err := elasund.ParseRecord(string(data2))
		if err != nil || rec.Tags["Blue"] != "human, then "+defaultLeaveBot || bluePlayed == 0 {
			t.Fatalf("the record's tags %v (%v); blue played %d moves", rec.Tags, err, bluePlayed)
		}
	})
	t.Run("two seats forfeit", func(t *testing.T) {
		_, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour})
		c := create(t, ts, `{"seats": ["human", "greedy"]}`)
		status, out, data := leave(t, ts, c.ID, c.tokenOf("red"))
		if status != http.StatusOK || out != (leftJSON{ID: c.ID, Left: "red", Over: true, Method: "forfeited"}) {
			t.Fatalf("red leaving: %d %s", status, data)
		}
		end := stateAs(t, ts, c.ID, "").End
		if end == nil || end.Method != "forfeited" || end.Winner != "blue" {
			t.Fatalf("the end: %+v", end)
		}
		if status, _, data := leave(t, ts, c.ID, c.tokenOf("red")); status != http.StatusConflict {
			t.Fatalf("leaving a finished game: %d %s", status, data)
		}
	})
	t.Run("the last two", func(t *testing.T) {
		// Four people: two leave, each handed to a bot; then two seats
		// stay that no person left, and the third to leave forfeits.
		_, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour})
		c := create(t, ts, `{"seats": ["human", "human", "human", "human"]}`)
		for _, color := range []string{"red", "green"} {
			if status, out, data := leave(t, ts, c.ID, c.tokenOf(color)); status != http.StatusOK || out.Over || out.Bot != defaultLeaveBot {
				t.Fatalf("%s leaving: %d %s", color, status, data)
			}
		}
		status, out, data := leave(t, ts, c.ID, c.tokenOf("yellow"))
		if status != http.StatusOK || !out.Over || out.Method != "forfeited" {
			t.Fatalf("yellow leaving: %d %s", status, data)
		}
		end := stateAs(t, ts, c.ID, "").End
		if end == nil || end.Method != "forfeited" || end.Standings[3].Color != "yellow" || !end.Standings[3].Forfeited {
			t.Fatalf("the end: %+v", end)
		}
	})
	t.Run("two leave at once", func(t *testing.T) {
		// Three people, two of whom leave at once: one is handed to a
		// bot, and then the other forfeits, whatever the order.
		for round := range 20 {
			_, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour})
			c := create(t, ts, `{"seats": ["human", "human", "human"]}`)
			var wg sync.WaitGroup
			var outs [2]leftJSON
			for i, color := range []string{"red", "blue"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req, _ := http.NewRequest("DELETE", ts.URL+"/api/games/"+c.ID, nil)
					req.Header.Set("Authorization", "Bearer "+c.tokenOf(color))
					res, err := client.Do(req)
					if err != nil {
						return
					}
					defer res.Body.Close()
					if res.StatusCode == http.StatusOK {
						json.NewDecoder(res.Body).Decode(&outs[i]) // a failure leaves it zero, which fails below
					}
				}()
			}
			wg.Wait()
			handed, forfeited := 0, 0
			for _, o := range outs {
				switch {
				case o.Bot != "" && !o.Over:
					handed++
				case o.Over && o.Method == "forfeited":
					forfeited++
				}
			}
			if handed != 1 || forfeited != 1 {
				t.Fatalf("round %d: %+v", round, outs)
			}
		}
	})
	t.Run("the store fails", func(t *testing.T) {
		// The database does not keep the handover: the seat stays the
		// person's, who may leave again once it works.
		mem, err := openSQLite(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		st := &seatsFailStore{store: mem, fail: true}
		s, ts := testServerOn(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour}, st)
		c := create(t, ts, `{"seats": ["human", "human", "human"]}`)
		if status, _, data := leave(t, ts, c.ID, c.tokenOf("red")); status != http.StatusServiceUnavailable || !strings.Contains(data, "could not be handed to a bot") {
			t.Fatalf("red leaving, the store failing: %d %s", status, data)
		}
		if seats := stateAs(t, ts, c.ID, c.tokenOf("red")).Seats; seats[0].Kind != human || seats[0].Left || !seats[0].You {
			t.Fatalf("the seats after the store failed: %+v", seats)
		}
		st.fail = false
		if status, out, data := leave(t, ts, c.ID, c.tokenOf("red")); status != http.StatusOK || out.Bot != defaultLeaveBot {
			t.Fatalf("red leaving again: %d %s", status, data)
		}
		if sessionOf(s, c.ID) == nil {
			t.Fatal("the game is gone")
		}
	})
	t.Run("admin", func(t *testing.T) {
		s, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour})
		c := create(t, ts, `{"seats": ["human", "human", "human"]}`)
		if len(c.Admin) < 32 || c.Admin == c.Token {
			t.Fatalf("the admin token %q", c.Admin)
		}
		// It is no seat's: it sees what a spectator sees and plays nothing.
		if st := stateAs(t, ts, c.ID, c.Admin); st.You != "" || len(st.Moves) != 0 {
			t.Fatalf("the admin token sees %+v", st)
		}
		if status, data, _ := doAs(t, ts, c.Admin, "POST", "/api/games/"+c.ID+"/moves", `{"move": "roll"}`); status != http.StatusUnauthorized {
			t.Fatalf("a move with the admin token: %d %s", status, data)
		}
		// Another game's admin token ends nothing.
		other := create(t, ts, `{"seats": ["human", "random"]}`)
		if status, _, data := leave(t, ts, c.ID, other.Admin); status != http.StatusUnauthorized {
			t.Fatalf("another game's admin token: %d %s", status, data)
		}
		status, out, data := leave(t, ts, c.ID, c.Admin)
		if status != http.StatusOK || out != (leftJSON{ID: c.ID, Over: true, Method: "abandoned"}) {
			t.Fatalf("the admin ending the game: %d %s", status, data)
		}
		end := stateAs(t, ts, c.ID, "").End
		if end == nil || end.Method != "abandoned" || sessionOf(s, other.ID).over() {
			t.Fatalf("the end: %+v", end)
		}
		if status, _, data := leave(t, ts, c.ID, c.Admin); status != http.StatusConflict {
			t.Fatalf("ending a finished game: %d %s", status, data)
		}
	})
}

// seatsFailStore is a store whose SetSeats fails while fail is set.
type seatsFailStore struct {
	store
	fail bool // set and read by the test's goroutine only, between requests
}

func (f *seatsFailStore) SetSeats(ctx context.Context, id string, seats string, now time.Time) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.store.SetSeats(ctx, id, seats, now)
}

// TestLeftSeatKept: a seat its person left is played by the bot after a
// restart of the server too; the person's token stays refused, and the
// admin token still ends the game.
func TestLeftSeatKept(t *testing.T) {
	st, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	opts := options{MaxGames: 4, Idle: time.Hour, BotDelay: time.Hour}
	s1, err := newServer(opts, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts1 := httptest.NewServer(s1)
	c := create(t, ts1, `{"seats": ["human", "human", "human"]}`)
	if status, _, data := leave(t, ts1, c.ID, c.tokenOf("green")); status != http.StatusOK {
		t.Fatalf("green leaving: %d %s", status, data)
	}
	s1.Close()
	ts1.Close()

	s2, ts2 := testServerOn(t, opts, st)
	seats := stateAs(t, ts2, c.ID, c.tokenOf("red")).Seats
	if seats[2] != (seatJSON{Color: "green", Kind: defaultLeaveBot, Left: true}) || seats[0].Kind != human || seats[1].Kind != human {
		t.Fatalf("after the restart: the seats %+v", seats)
	}
	ss := sessionOf(s2, c.ID)
	ss.mu.Lock()
	bot := ss.seats[2].bot
	ss.mu.Unlock()
	if bot == nil || bot.Name() != defaultLeaveBot {
		t.Fatalf("after the restart green is played by %v", bot)
	}
	if status, data, _ := doAs(t, ts2, c.tokenOf("green"), "GET", "/api/games/"+c.ID, ""); status != http.StatusUnauthorized {
		t.Fatalf("green's token after the restart: %d %s", status, data)
	}
	if status, out, data := leave(t, ts2, c.ID, c.Admin); status != http.StatusOK || out.Method != "abandoned" {
		t.Fatalf("the admin token after the restart: %d %s", status, data)
	}
}

// TestSeatsData: the seats column is read in both its forms: the bare
// array of seats saved before the admin token (no admin token), and the
// object with the admin token's hash and a seat its person left.
func TestSeatsData(t *testing.T) {
	s, _ := testServer(t, options{})
	hash := strings.Repeat("ab", 32)
	for _, tc := range []struct {
		name, data string
		admin      bool
		left       []bool
		err        string
	}{
		{"old array", `[{"kind": "human", "token": "` + hash + `"}, {"kind": "random", "seed": 3}]`, false, []bool{false, false}, ""},
		{"object", `{"admin": "` + hash + `", "seats": [{"kind": "human", "token": "` + hash + `"}, {"kind": "greedy", "seed": 4, "token": "` + hash + `", "left": true}]}`,
			true, []bool{false, true}, ""},
		{"bad admin", `{"admin": "zz", "seats": []}`, false, nil, "admin token's hash"},
		{"left without its token", `{"seats": [{"kind": "greedy", "seed": 4, "left": true}]}`, false, nil, "seat 0: a token's hash"},
		{"not JSON", `{`, false, nil, "seats: "},
	} {
		seats, admin, err := readSeats(tc.data, s.newBot)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || (admin != [32]byte{}) != tc.admin || len(seats) != len(tc.left) {
			t.Fatalf("%s: %d seats, admin %x, %v", tc.name, len(seats), admin, err)
		}
		for p, st := range seats {
			if st.left != tc.left[p] || (st.left && (st.bot == nil || st.token[0] != 0xab)) {
				t.Fatalf("%s: seat %d %+v", tc.name, p, st)
			}
		}
	}
}
