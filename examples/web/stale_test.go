package main

import (
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// racedMove is the answer to one of two moves sent at once.
type racedMove struct {
	status int
	data   []byte
}

// raceMoves sends the moves of bodies to url at once, as two pages of a
// seat would, each with token, and returns their answers.
func raceMoves(t *testing.T, url, token string, bodies [2]string) [2]racedMove {
	t.Helper()
	var out [2]racedMove
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, body := range bodies {
		req, err := http.NewRequest("POST", url, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, err := client.Do(req)
			if err != nil {
				out[i] = racedMove{status: -1, data: []byte(err.Error())}
				return
			}
			defer res.Body.Close()
			data, err := io.ReadAll(res.Body)
			if err != nil {
				data = []byte(err.Error())
			}
			out[i] = racedMove{status: res.StatusCode, data: data}
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// pair chooses two different moves of a state: in the build phase a
// build and "end build", which stays listed after the build (the case of
// a page that builds and a stale one that ends the phase); else two at
// random. Their order is random.
func pair(st stateJSON, r *rand.Rand) (string, string) {
	var builds []string
	end := false
	for _, m := range st.Moves {
		switch {
		case m.Kind == "build":
			builds = append(builds, m.Text)
		case m.Text == "end build":
			end = true
		}
	}
	a, b := "", ""
	if end && len(builds) > 0 {
		a, b = builds[r.IntN(len(builds))], "end build"
	} else {
		i := r.IntN(len(st.Moves))
		j := (i + 1 + r.IntN(len(st.Moves)-1)) % len(st.Moves)
		a, b = st.Moves[i].Text, st.Moves[j].Text
	}
	if r.IntN(2) == 0 {
		a, b = b, a
	}
	return a, b
}

// TestStaleMove: two pages of one seat send two different listed moves at
// once, both chosen at the same version ("after"): exactly one is played,
// and the other is refused with 409 and the state as it is now, the same
// state a GET gives the seat, whatever the order they arrive in. The
// rounds are many, so that the requests really race. Without "after" (a
// script's move) a move is played on the game as it stands, as before:
// the test counts the rounds in which both moves were played then.
func TestStaleMove(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Hour, Seed: 5})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	url := ts.URL + "/api/games/" + c.ID + "/moves"
	r := rand.New(rand.NewPCG(9, 9))
	// play returns the deciding seat's token and state, after playing
	// single moves until that seat has two moves to choose from.
	decider := func() (string, stateJSON) {
		t.Helper()
		for range 1000 {
			g, _, _ := gameOf(s, c.ID)
			if g.Over() {
				t.Fatal("the game ended")
			}
			token := c.tokenOf(g.Color(g.ToMove()).String())
			st := stateAs(t, ts, c.ID, token)
			if len(st.Moves) >= 2 {
				return token, st
			}
			if status, data, _ := doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: st.Moves[0].Text})); status != http.StatusOK {
				t.Fatalf("%s: %d %s", st.Moves[0].Text, status, data)
			}
		}
		t.Fatal("no decision of two moves")
		return "", stateJSON{}
	}
	const rounds = 60
	raced, firstWon := 0, 0 // the rounds played, and those the first request won
	for round := range rounds {
		token, st := decider()
		a, b := pair(st, r)
		after := st.Version
		got := raceMoves(t, url, token, [2]string{
			mustJSON(t, moveJSON{Move: a, After: &after}), mustJSON(t, moveJSON{Move: b, After: &after})})
		played, stale := -1, -1
		for k, m := range got {
			switch m.status {
			case http.StatusOK:
				played = k
			case http.StatusConflict:
				stale = k
			default:
				t.Fatalf("round %d: %q and %q: %d %s", round, a, b, m.status, m.data)
			}
		}
		if played < 0 || stale < 0 {
			t.Fatalf("round %d: %q and %q at version %d: answered %d and %d; want one played and one 409",
				round, a, b, after, got[0].status, got[1].status)
		}
		raced++
		if played == 0 {
			firstWon++
		}
		if v := versionOf(s, c.ID); v != after+1 {
			t.Fatalf("round %d: version %d after one move from %d", round, v, after)
		}
		// The 409 is the state now, as a GET gives it to the seat, with
		// the error.
		var refused staleJSON
		decode(t, got[stale].data, &refused)
		now := stateAs(t, ts, c.ID, token)
		if refused.Version != after+1 || !strings.Contains(refused.Error, "the game has moved on") ||
			mustJSON(t, refused.stateJSON) != mustJSON(t, now) {
			t.Fatalf("round %d: the 409 is version %d, error %q;\n got  %.300s\n want %.300s", round, refused.Version, refused.Error,
				mustJSON(t, refused.stateJSON), mustJSON(t, now))
		}
		if g, _, _ := gameOf(s, c.ID); g.Over() {
			break
		}
	}
	t.Logf("with after: %d rounds, one move played in each (the first sent in %d)", raced, firstWon)
	// A move chosen at an old version, or a version not reached, is
	// refused, the game unchanged; a negative one is no version.
	token, st := decider()
	for _, tc := range []struct {
		after  int
		status int
	}{{st.Version - 1, 409}, {st.Version + 1, 409}, {0, 409}, {-1, 400}} {
		status, data, _ := doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: st.Moves[0].Text, After: &tc.after}))
		if status != tc.status || versionOf(s, c.ID) != st.Version {
			t.Fatalf("after %d at version %d: %d %s, version %d", tc.after, st.Version, status, data, versionOf(s, c.ID))
		}
	}

	// Without "after", both moves are played when the first leaves the
	// second listed (a build, then "end build"): the page always sends it.
	twice := 0
	for range rounds {
		token, st := decider()
		a, b := pair(st, r)
		got := raceMoves(t, url, token, [2]string{mustJSON(t, moveJSON{Move: a}), mustJSON(t, moveJSON{Move: b})})
		ok := 0
		for _, m := range got {
			switch m.status {
			case http.StatusOK:
				ok++
			case http.StatusForbidden, http.StatusUnprocessableEntity: // the first move changed the decision
			default:
				t.Fatalf("without after: %d %s", m.status, m.data)
			}
		}
		if ok == 0 {
			t.Fatal("without after, neither move was played")
		}
		if ok == 2 {
			twice++
		}
		if g, _, _ := gameOf(s, c.ID); g.Over() {
			break
		}
	}
	t.Logf("without after, both moves were played in %d of %d rounds", twice, rounds)
}
