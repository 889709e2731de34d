package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
)

// fakeNotification replaces the page's Notification API by one that
// grants the permission asked for and records the notifications shown,
// and makes the page believe it is not looked at.
const fakeNotification = `(() => {
	window.__shown = [];
	window.Notification = class { constructor(title, o) { window.__shown.push(title + ": " + o.body); } };
	Notification.permission = "default";
	Notification.requestPermission = async () => { Notification.permission = "granted"; return "granted"; };
	document.hasFocus = () => false;
	ALERT.waitMs = 300;
})()`

// TestBrowserGettingBack checks what brings a person back to their game:
// the notification they asked for (with a button) and the sound when the
// decision becomes theirs after a wait, the log that follows new moves
// unless they scrolled it back (a shorter window too), a refusal that
// goes once the game moves on, the lobby's list of the games this
// browser holds a seat of, and the spectator link, which shows a
// spectator's view in the browser of a seat too.
func TestBrowserGettingBack(t *testing.T) {
	ctx := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 51})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(51, 51))
	playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool { return g.ToMove() == 1 && g.Turn() >= 6 })
	act(t, ctx, "opening red's page", emulate(screens[3]), chromedp.Navigate(c.Seats[0].URL),
		waitFor(fmt.Sprintf(`game && game.version === %d`, versionOf(s, c.ID))),
		chromedp.Evaluate[chromedp.Void](fakeNotification))
	if shown := get(t, ctx, "reading the notifications", chromedp.Evaluate[int](`window.__shown.length`)); shown != 0 {
		t.Fatalf("%d notifications before any was asked for", shown)
	}
	act(t, ctx, "asking for notifications and a sound", jsClick("#notify"),
		waitFor(`document.getElementById("notify").getAttribute("aria-pressed") === "true"`), jsClick("#sound"))

	// The log, scrolled back, stays where the person left it; a refusal
	// stays until the game moves on.
	act(t, ctx, "scrolling the log back", chromedp.Evaluate[chromedp.Void](
		`(() => { const ol = document.getElementById("log"); ol.scrollTop = 0; ol.dispatchEvent(new Event("scroll")); })()`))
	blue := c.tokenOf("blue")
	for g, _, _ := gameOf(s, c.ID); g.ToMove() == 1; g, _, _ = gameOf(s, c.ID) {
		v := versionOf(s, c.ID)
		if status, data, _ := doAs(t, ts, blue, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: progressMove(g)})); status != http.StatusOK {
			t.Fatalf("blue's move: %d %s", status, data)
		}
		act(t, ctx, "waiting for blue's move", waitFor(fmt.Sprintf(`game.version > %d`, v)))
	}
	act(t, ctx, "waiting for red's decision", waitFor(`game.moves.length > 0 && window.__shown.length > 0 && document.getElementById("announce").textContent !== ""`))
	back := get(t, ctx, "reading the page", chromedp.Evaluate[[]string](`[String(document.getElementById("log").scrollTop), window.__shown[0],
		document.body.dataset.rang || "0", document.getElementById("announce").textContent]`))
	if back[0] != "0" || !strings.HasPrefix(back[1], "Elasund: your turn: ") || back[2] == "0" || !strings.HasPrefix(back[3], "Your turn.") {
		t.Errorf("after blue's turn: the log scrolled to %s, notified %q, rang %s times, announced %q", back[0], back[1], back[2], back[3])
	}
	// Back at the end of the log, it follows again, also in a window
	// made shorter.
	act(t, ctx, "scrolling the log to its end", chromedp.Evaluate[chromedp.Void](
		`(() => { const ol = document.getElementById("log"); ol.scrollTop = ol.scrollHeight; ol.dispatchEvent(new Event("scroll")); })()`),
		chromedp.EmulateViewport(1366, 560))
	settle(t, ctx)
	g, _, _ := gameOf(s, c.ID)
	sq := nonTarget(g)
	act(t, ctx, "clicking a square of no move", chromedp.Evaluate[chromedp.Void](`document.querySelector('#targets [data-target="sq-`+sq+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true}))`),
		waitFor(`!document.getElementById("error").hidden`))
	v := versionOf(s, c.ID)
	if status, data, _ := doAs(t, ts, c.Seats[0].Token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: progressMove(g)})); status != http.StatusOK {
		t.Fatalf("red's move from another tab: %d %s", status, data)
	}
	act(t, ctx, "waiting for the move", waitFor(fmt.Sprintf(`game.version > %d`, v)))
	settle(t, ctx)
	follow := get(t, ctx, "reading the page", chromedp.Evaluate[[]bool](`(() => { const ol = document.getElementById("log");
		return [ol.scrollHeight - ol.scrollTop - ol.clientHeight < 4, document.getElementById("error").hidden]; })()`))
	if !follow[0] || !follow[1] {
		t.Errorf("after a move in a shorter window: the log at its end %v; the refusal gone %v", follow[0], follow[1])
	}

	// The lobby lists the game, and the spectator link shows the
	// spectator's view in this browser that holds red's seat.
	act(t, ctx, "opening the lobby", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/"),
		waitFor(fmt.Sprintf(`(document.querySelector('#games-list li[data-id=%q] .state') || {}).textContent?.startsWith("Turn ")`, c.ID)))
	row := get(t, ctx, "reading the list", chromedp.Text(chromedp.CSS(fmt.Sprintf(`#games-list li[data-id=%q]`, c.ID))))
	if !strings.Contains(row, "Red") || !strings.Contains(row, "Open") {
		t.Errorf("the lobby lists the game as %q", row)
	}
	screenshot(t, ctx, "lobby-games-1366x768.png")

	// A browser that kept many seats lists the 20 it saw last, asks the
	// server about those only, and says how many more it holds.
	act(t, ctx, "holding 25 more seats", chromedp.Evaluate[chromedp.Void](`for (let i = 0; i < 25; i++) {
		const id = (i + 1).toString(16).padStart(32, "0");
		localStorage.setItem("elasund-seat-" + id, "t" + i);
		localStorage.setItem("elasund-game-" + id, JSON.stringify({color: "blue", turn: 1, seen: 1000 + i}));
	}`), chromedp.Navigate(ts.URL+"/"), waitFor(`document.querySelectorAll("#games-list li").length > 0`))
	rows := get(t, ctx, "reading the list", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#games-list li")].map((li) => li.textContent)`))
	if len(rows) != 21 || !strings.Contains(rows[0], "Red") || !strings.Contains(rows[20], "and 6 older games, not listed") {
		t.Errorf("with 26 seats held, the lobby lists %d rows: first %q, last %q", len(rows), rows[0], rows[len(rows)-1])
	}
	act(t, ctx, "opening the spectator link", chromedp.Navigate(ts.URL+"/g/"+c.ID), waitFor(`game !== null`))
	if ps := readState(t, ctx); ps.You != "" || len(ps.Moves) != 0 || ps.Hands[0] || ps.Hands[1] {
		t.Errorf("the spectator link in red's browser shows %+v", ps)
	}
	act(t, ctx, "playing red's seat from the offer", jsClick("#status a.play-seat"), waitFor(`game && game.you === "red"`))
}

// progressMove is a move of g that moves the turn on: the roll, the end
// of building, the gold, the end of the turn, or the first legal one.
func progressMove(g elasund.Game) string {
	legal := g.Legal()
	for _, want := range []elasund.MoveKind{elasund.Roll, elasund.EndBuilding, elasund.TakeGold, elasund.EndTurn} {
		for _, m := range legal {
			if m.Kind == want {
				return m.String()
			}
		}
	}
	return legal[0].String()
}
