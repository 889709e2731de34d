package main

import (
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// TestMoveLatency measures how long the server takes to answer a
// person's move, from the request to the last byte of the answer over
// loopback: the Table's check and play, the saved form and the log row
// committed to an SQLite file (WAL, synchronous=FULL: an fsync a move),
// and the new state with its picture, compressed. Two people play, so no
// bot's search is counted. It logs the percentiles; the goal is a 99th
// percentile under 20 ms. ELASUND_LATENCY_CHECK=1 makes a slower 99th
// percentile a failure (it is not checked by default: the figure depends
// on the machine's disk and load, and -race slows it severalfold).
func TestMoveLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("measures 400 moves")
	}
	st, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	s, ts := testServerOn(t, options{MaxGames: 2, MaxTurns: 2000}, st)
	c := create(t, ts, `{"seats": ["human", "human", "human"]}`)
	r := rand.New(rand.NewPCG(7, 7))
	var took []time.Duration
	svg := ""
	for len(took) < 400 {
		g, _, _ := gameOf(s, c.ID)
		if g.Over() {
			c = create(t, ts, `{"seats": ["human", "human", "human"]}`)
			continue
		}
		ms := g.Legal()
		m := ms[r.IntN(len(ms))]
		begin := time.Now()
		// As the page asks: the log from the moves it has, the picture
		// only if it changed.
		status, data, _ := doAs(t, ts, c.tokenOf(g.Color(g.ToMove()).String()), "POST",
			"/api/games/"+c.ID+"/moves?from="+strconv.Itoa(versionOf(s, c.ID))+"&svg="+svg, mustJSON(t, moveJSON{Move: m.String()}))
		took = append(took, time.Since(begin))
		if status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
		var after stateJSON
		decode(t, data, &after)
		svg = after.SVGHash
	}
	slices.Sort(took)
	pct := func(p float64) time.Duration { return took[int(p*float64(len(took)-1))] }
	t.Logf("%d moves answered (SQLite file, WAL, synchronous=FULL): p50 %v, p90 %v, p99 %v, max %v",
		len(took), pct(0.5), pct(0.9), pct(0.99), took[len(took)-1])
	if os.Getenv("ELASUND_LATENCY_CHECK") != "" && pct(0.99) > 20*time.Millisecond {
		t.Fatalf("the 99th percentile is %v, more than 20 ms", pct(0.99))
	}
}
