package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTwoServers seats two people in two browsers, each page
// served by another of two servers on one PostgreSQL database, and plays
// moves by clicking, each person on their own page: each move shows on
// the other person's page, which its own server learns of from the other
// (LISTEN/NOTIFY wakes its long poll).
func TestBrowserTwoServers(t *testing.T) {
	ctxA := browser(t)
	_, fronts, _ := cluster(t, 2, options{MaxGames: 4, Idle: time.Minute, Seed: 12})
	c := create(t, fronts[0], `{"seats": ["human", "human"]}`)
	ctxB, cancelB := chromedp.NewContext(ctxA, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelB)
	pages := []context.Context{ctxA, ctxB}
	for p, ctx := range pages {
		link := fronts[p].URL + "/g/" + c.ID + "#seat=" + c.Seats[p].Token
		act(t, ctx, "opening "+c.Seats[p].Color+"'s link on server "+fmt.Sprint(p), chromedp.EmulateViewport(1366, 768), chromedp.Navigate(link))
	}
	r := rand.New(rand.NewPCG(12, 12))
	var slowest time.Duration
	for range 12 {
		token, st := personDecides(t, c, fronts, r)
		p := 0
		if token == c.Seats[1].Token {
			p = 1
		}
		ctx, other := pages[p], pages[1-p]
		act(t, ctx, "waiting for "+c.Seats[p].Color+"'s page",
			waitFor(fmt.Sprintf(`game && game.version === %d && game.moves.length > 0`, st.Version)))
		var free []string
		for _, m := range st.Moves {
			if m.Cost == "" {
				free = append(free, m.Text)
			}
		}
		m := free[r.IntN(len(free))]
		act(t, ctx, c.Seats[p].Color+" plays "+m, jsClick(fmt.Sprintf(`#moves button[data-move=%q]`, m)),
			waitFor(fmt.Sprintf(`game.version > %d`, st.Version)))
		begin := time.Now()
		act(t, other, "the other page, on the other server, shows "+m, waitFor(fmt.Sprintf(`game && game.version > %d`, st.Version)))
		slowest = max(slowest, time.Since(begin))
	}
	screenshot(t, ctxB, "two-servers.png")
	t.Logf("the slowest update of the page on the other server: %v", slowest)
}
