package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// pageState is what the play page shows, read from its script's state.
type pageState struct {
	Version int          `json:"version"`
	Phase   string       `json:"phase"`
	You     string       `json:"you"`
	Moves   []clientMove `json:"moves"`
	Hands   []bool       `json:"hands"` // whether the view holds each seat's hand
	Log     int          `json:"log"`   // moves in the page's log
	Error   string       `json:"error"`
	Confirm bool         `json:"confirm"`
	Menu    bool         `json:"menu"`
	Title   string       `json:"title"`
	Roller  string       `json:"roller"` // whose the last roll is, as the status says
}

const readPage = `(() => ({
	version: game ? game.version : -1, phase: game ? game.view.phase : "", you: game ? game.you : "",
	moves: game ? game.moves : [], hands: game ? game.view.players.map(p => "hand" in p) : [],
	log: document.querySelectorAll("#log li").length,
	error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
	confirm: !document.getElementById("confirm").hidden, menu: !document.getElementById("menu").hidden,
	title: document.title,
	roller: (document.querySelector("#status .roller") || {textContent: ""}).textContent,
}))()`

func readState(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	return get(t, ctx, "reading the page", chromedp.Evaluate[pageState](readPage))
}

// jsClick clicks an element with the page's script: for a button in a
// closed list, which a person would open first.
func jsClick(css string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, css))
}

// TestBrowserTable seats two people in two browser contexts (two
// browsers, as far as the pages can tell) with a bot between them, from
// the lobby's links, and plays whole turns by clicking, each person on
// their own page: each page shows its seat's hand and no other, shows the
// other's moves within a second, and one person reloads mid-game; then
// green leaves (a bot plays the seat on, shown as left on red's page) and
// red, whose browser created the table, ends it for everyone. It takes
// the screenshots at 1366×768 and 390×844 and checks the layout: at
// 1366×768 the board, the deciding seat's panel and the moves fit without
// scrolling the page; at 390 px the board takes the width.
func TestBrowserTable(t *testing.T) {
	ctxA := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 11, BotDelay: 20 * time.Millisecond})

	// The lobby: red a person, blue the random bot, green a person.
	act(t, ctxA, "opening the lobby",
		chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS("#setup-form")),
		chromedp.SetValue(chromedp.CSS("#players"), "3"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("players").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="red"]`), "human"),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="blue"]`), "random"),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="green"]`), "human"),
		chromedp.Click(chromedp.CSS("#start")),
		chromedp.WaitVisible(chromedp.CSS("#links")))
	red := get(t, ctxA, "reading red's link", chromedp.Value(chromedp.CSS("#link-red")))
	green := get(t, ctxA, "reading green's link", chromedp.Value(chromedp.CSS("#link-green")))
	spectator := get(t, ctxA, "reading the spectators' link", chromedp.Value(chromedp.CSS("#spectator-link")))
	if !strings.HasPrefix(red, ts.URL+"/g/") || !strings.Contains(red, "#seat=") || red == green ||
		strings.Contains(spectator, "#") || !strings.HasPrefix(red, spectator+"#") {
		t.Fatalf("links: red %q, green %q, spectators %q", red, green, spectator)
	}
	if n := get(t, ctxA, "counting the bot's rows", chromedp.Evaluate[int](`document.querySelectorAll("#link-list input").length`)); n != 2 {
		t.Fatalf("%d seat links for 2 people", n)
	}
	screenshot(t, ctxA, "lobby-1366x768.png")
	id := strings.TrimPrefix(spectator, ts.URL+"/g/")

	ctxB, cancelB := chromedp.NewContext(ctxA, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelB)
	act(t, ctxA, "opening red's link", chromedp.Navigate(red))
	act(t, ctxB, "opening green's link in another browser", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(green))
	pages := map[elasund.Player]context.Context{0: ctxA, 2: ctxB}
	names := map[elasund.Player]string{0: "red", 2: "green"}

	g, _, ok := gameOf(s, id)
	if !ok {
		t.Fatal("the server has no game of the links")
	}
	startTurn := g.Turn()
	r := rand.New(rand.NewPCG(5, 5))
	reloaded, shot := false, false
	var slowest time.Duration
	for step := 0; ; step++ {
		if step > 400 {
			t.Fatal("the turns did not end")
		}
		g, _, _ = gameOf(s, id)
		if g.Over() {
			t.Fatal("the game ended")
		}
		if g.Turn() >= startTurn+6 && g.ToMove() != 1 {
			break // each person has played two whole turns
		}
		p := g.ToMove()
		if p == 1 { // the bot
			if !waitUntil(10*time.Second, func() bool { g, _, _ := gameOf(s, id); return g.ToMove() != 1 }) {
				t.Fatal("the bot does not move")
			}
			continue
		}
		ctx, other := pages[p], pages[2-p]
		version := versionOf(s, id)
		act(t, ctx, "waiting for "+names[p]+"'s page",
			waitFor(fmt.Sprintf(`game && game.version === %d && game.moves.length > 0`, version)))
		ps := readState(t, ctx)
		var texts []string
		for _, m := range ps.Moves {
			texts = append(texts, m.Text)
		}
		if want := legalTexts(g); strings.Join(texts, "|") != strings.Join(want, "|") {
			t.Fatalf("%s's page offers %q, the engine %q", names[p], texts, want)
		}
		// Each page holds its own seat's hand and no other.
		for q, has := range ps.Hands {
			if has != (elasund.Player(q) == p) {
				t.Fatalf("%s's page: the hand of seat %d shown: %v", names[p], q, has)
			}
		}
		if !strings.HasPrefix(ps.Title, "▶ Your move") {
			t.Fatalf("%s decides, and the title is %q", names[p], ps.Title)
		}
		if want := lastRoller(s, id); want != "" {
			if want == names[p] {
				want = "you"
			}
			if ps.Roller != want {
				t.Fatalf("the status says the last roll is %q's, it is %s's", ps.Roller, want)
			}
		}
		if !shot && p == 0 && ps.Phase == "build" {
			screenshot(t, ctx, "table-1366x768.png")
			checkFits(t, ctx)
			shot = true
		}
		m := progress(ps.Moves, r)
		paid := false
		for _, c := range ps.Moves {
			paid = paid || (c.Text == m && c.Cost != "")
		}
		act(t, ctx, names[p]+" plays "+m, jsClick(fmt.Sprintf(`#moves button[data-move=%q]`, m)))
		if paid {
			act(t, ctx, "confirming "+m, waitFor(`!document.getElementById("confirm").hidden`), jsClick("#confirm-yes"))
		}
		act(t, ctx, "waiting for "+m, waitFor(fmt.Sprintf(`game.version > %d`, version)))
		// The other person's page shows the move within a second.
		begin := time.Now()
		if err := chromedp.Do(other, chromedp.Poll[chromedp.Void](fmt.Sprintf(`game && game.version > %d`, version),
			chromedp.WithPollingTimeout(time.Second), chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
			t.Fatalf("the other page did not show %s's move %q within a second: %v", names[p], m, err)
		}
		slowest = max(slowest, time.Since(begin))
		if !reloaded && g.Turn() >= startTurn+3 {
			// Green reloads mid-game: the page comes back as green's seat,
			// the whole log and green's hand with it.
			act(t, ctxB, "reloading green's page", chromedp.Reload(),
				waitFor(fmt.Sprintf(`game && game.version >= %d`, versionOf(s, id))))
			ps := readState(t, ctxB)
			if ps.You != "green" || !ps.Hands[2] || ps.Hands[0] || ps.Log != ps.Version {
				t.Fatalf("after the reload green's page shows %+v", ps)
			}
			reloaded = true
		}
	}
	if !reloaded || !shot {
		t.Fatalf("reloaded %v, screenshot %v", reloaded, shot)
	}
	t.Logf("the slowest update of the other page: %v", slowest)

	// The page shows each seat's view of the server's game.
	g, _, _ = gameOf(s, id)
	for p, ctx := range pages {
		act(t, ctx, "waiting for the last move", waitFor(fmt.Sprintf(`game && game.version === %d`, versionOf(s, id))))
		view := get(t, ctx, "reading the view", chromedp.Evaluate[string](`JSON.stringify(game.view)`))
		if want := mustJSON(t, g.View(p)); !sameJSON(t, view, want) {
			t.Fatalf("%s's page's view differs from the server's:\n page %s\n want %s", names[p], view, want)
		}
	}
	// A spectator, in a third browser: the public view, no hand, no move.
	ctxC, cancelC := chromedp.NewContext(ctxA, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelC)
	act(t, ctxC, "opening the spectators' link", chromedp.Navigate(spectator),
		waitFor(fmt.Sprintf(`game && game.version === %d`, versionOf(s, id))))
	if ps := readState(t, ctxC); ps.You != "" || len(ps.Moves) != 0 || ps.Hands[0] || ps.Hands[1] || ps.Hands[2] || ps.Log != ps.Version {
		t.Fatalf("the spectators' page shows %+v", ps)
	}
	// A phone: the board takes the width of the screen.
	act(t, ctxB, "a phone's screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Reload(),
		waitFor(`game && document.querySelector("#board svg") !== null`))
	width := get(t, ctxB, "measuring the board", chromedp.Evaluate[float64](`document.querySelector("#board svg").getBoundingClientRect().width`))
	if width < 370 {
		t.Fatalf("on a 390-px screen the board is %.0f px wide", width)
	}
	screenshot(t, ctxB, "table-390x844.png")

	// Green leaves the table from their page, a second click confirming:
	// two seats stay, so the greedy bot plays green on. Green's page then
	// watches, and red's shows green's seat as left, played by the bot,
	// without a move being played.
	act(t, ctxB, "green leaves", chromedp.EmulateViewport(1366, 768),
		jsClick("#leave"), waitFor(`document.getElementById("leave").classList.contains("armed")`), jsClick("#leave"),
		waitFor(`game && game.you === "" && !document.getElementById("error").hidden`))
	if ps := readState(t, ctxB); !strings.Contains(ps.Error, "You left the table: the greedy bot plays green now") || ps.Hands[2] {
		t.Fatalf("green's page after leaving: %+v", ps)
	}
	act(t, ctxA, "red sees green leave", waitFor(`game.seats[2].left === true`))
	row := get(t, ctxA, "reading green's row", chromedp.Text(chromedp.CSS(`#players-list button[data-color="green"] .kind`)))
	if row != "left (played by greedy)" {
		t.Fatalf("red's page shows green as %q", row)
	}
	if st := stateAs(t, ts, id, ""); !st.Seats[2].Left || st.Seats[2].Kind != defaultLeaveBot || st.End != nil {
		t.Fatalf("after green left: %+v (end %+v)", st.Seats, st.End)
	}
	screenshot(t, ctxA, "left-1366x768.png")

	// Red's browser created the table: it holds the admin token, and ends
	// the game for everyone (a second click confirming). Green's page,
	// which has no admin token, offers no such button.
	if shown := get(t, ctxB, "reading green's buttons", chromedp.Evaluate[bool](`!document.getElementById("abandon").hidden`)); shown {
		t.Fatal("green's page offers to end the game for everyone")
	}
	act(t, ctxA, "red ends the game for everyone",
		jsClick("#abandon"), waitFor(`document.getElementById("abandon").classList.contains("armed")`), jsClick("#abandon"),
		waitFor(`!document.getElementById("over").hidden`))
	if st := stateAs(t, ts, id, ""); st.End == nil || st.End.Method != "abandoned" {
		t.Fatalf("after red ended the game: %+v", st.End)
	}
	act(t, ctxB, "green's page shows the end", waitFor(`!document.getElementById("over").hidden`))
}

// lastRoller returns the colour of the seat that rolled last in game id,
// from its Table's log; "" before the first roll.
func lastRoller(s *server, id string) string {
	ss := sessionOf(s, id)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	log := ss.t.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Move.Kind == elasund.Roll {
			return ss.t.Color(log[i].Player).String()
		}
	}
	return ""
}

// pageFit is the page's size and where its parts end.
type pageFit struct {
	ScrollH float64 `json:"scrollH"`
	ScrollW float64 `json:"scrollW"`
	H       float64 `json:"h"`
	W       float64 `json:"w"`
	Boxes   []struct {
		Name   string  `json:"name"`
		Bottom float64 `json:"bottom"`
		Right  float64 `json:"right"`
		Height float64 `json:"height"`
	} `json:"boxes"`
}

// checkFits checks that the page does not scroll and that the board, the
// deciding seat's panel and the moves are in the window.
func checkFits(t *testing.T, ctx context.Context) {
	t.Helper()
	fit := get(t, ctx, "measuring the page", chromedp.Evaluate[pageFit](`(() => {
		const b = (name, e) => { const r = e ? e.getBoundingClientRect() : {bottom: 1e9, right: 1e9, height: 0}; return {name, bottom: r.bottom, right: r.right, height: r.height}; };
		return {scrollH: document.documentElement.scrollHeight, scrollW: document.documentElement.scrollWidth,
			h: innerHeight, w: innerWidth, boxes: [
			b("board", document.querySelector("#board svg")),
			b("deciding panel", document.querySelector('#panels svg[data-color="' + game.view.toMove + '"]')),
			b("moves", document.getElementById("moves")),
			b("players", document.getElementById("players-list")),
		]};
	})()`))
	if fit.ScrollH > fit.H+1 || fit.ScrollW > fit.W+1 {
		t.Errorf("the page scrolls: %.0f×%.0f in a window of %.0f×%.0f", fit.ScrollW, fit.ScrollH, fit.W, fit.H)
	}
	for _, b := range fit.Boxes {
		if b.Bottom > fit.H+1 || b.Right > fit.W+1 || b.Height < 10 {
			t.Errorf("%s: bottom %.0f, right %.0f, height %.0f in a window of %.0f×%.0f", b.Name, b.Bottom, b.Right, b.Height, fit.W, fit.H)
		}
	}
}

// TestBrowserPaidMove: a move that costs something is never played by one
// click. Two people's seats are played through the API (random moves)
// until red may build a building of several squares; then on red's page
// choosing the building shows every square of each place's footprint, a
// click on one of them asks to confirm, showing the cost View.Cost gives,
// and the server's game changes only once the person confirms; a free
// move plays at once. A click the rules refuse is explained in a plain
// sentence with the rule's section; a move clicked on a page that missed
// a move of the seat's other tab is refused (409) and the page shows the
// game as it is; and when red leaves the table the end says so.
func TestBrowserPaidMove(t *testing.T) {
	ctx := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 3})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(8, 8))
	var build elasund.Move
	for step := 0; build.Kind == elasund.NoMove; step++ {
		if step > 3000 {
			t.Fatal("red never could build a building of several squares")
		}
		g, _, _ := gameOf(s, c.ID)
		ms := g.Legal()
		if g.ToMove() == 0 && g.Phase() == elasund.PhaseBuild {
			for _, m := range ms {
				if m.Kind == elasund.Build && len(footprint(m.Building, m.Square)) >= 2 && g.Cost(m).Total() > 0 {
					build = m
				}
			}
			if build.Kind != elasund.NoMove {
				break
			}
		}
		m := ms[r.IntN(len(ms))]
		if status, data, _ := doAs(t, ts, c.tokenOf(g.Color(g.ToMove()).String()), "POST", "/api/games/"+c.ID+"/moves",
			mustJSON(t, moveJSON{Move: m.String()})); status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
	}
	before, _, _ := gameOf(s, c.ID)
	cost := before.Cost(build)
	played := versionOf(s, c.ID)
	act(t, ctx, "opening red's page", chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(c.Seats[0].URL),
		waitFor(fmt.Sprintf(`game && game.version === %d && game.moves.length > 0`, played)))
	// Choosing the building shows its places, each with its whole
	// footprint.
	b := build.Building.String()
	act(t, ctx, "choosing "+b, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.builds button[data-building=%q]`, b))),
		waitFor(fmt.Sprintf(`document.querySelector('.builds button[data-building=%q]').getAttribute("aria-pressed") === "true"`, b)))
	targets := get(t, ctx, "reading the targets", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#targets rect.target")].map(r => r.dataset.target)`))
	shown := map[string]bool{}
	for _, tg := range targets {
		shown[tg] = true
	}
	for _, m := range before.Legal() {
		if m.Kind == elasund.Build && m.Building == build.Building {
			for _, sq := range footprint(m.Building, m.Square) {
				if !shown["sq-"+sq] {
					t.Fatalf("%v: its square %s is not shown as a target (targets %v)", m, sq, targets)
				}
			}
		}
	}
	// A click on the footprint's last square (not its corner) asks.
	fp := footprint(build.Building, build.Square)
	corner := fp[len(fp)-1]
	open := func() {
		t.Helper()
		act(t, ctx, "clicking "+corner, chromedp.Click(chromedp.CSS(`#targets rect[data-target="sq-`+corner+`"]`)),
			waitFor(`!document.getElementById("confirm").hidden || !document.getElementById("menu").hidden`))
		if readState(t, ctx).Menu {
			act(t, ctx, "choosing "+build.String()+" in the menu",
				chromedp.Click(chromedp.CSS(fmt.Sprintf(`#menu button[data-move=%q]`, build.String()))),
				waitFor(`!document.getElementById("confirm").hidden`))
		}
	}
	open()
	if after, _, _ := gameOf(s, c.ID); after != before {
		t.Fatal("a click on a paid target played the move")
	}
	shownCost := get(t, ctx, "reading the cost", chromedp.Text(chromedp.CSS("#confirm-cost")))
	shownMove := get(t, ctx, "reading the move", chromedp.Text(chromedp.CSS("#confirm-move")))
	if shownCost != cost.String() || shownMove != build.String() {
		t.Fatalf("the confirmation shows %q costing %q, want %q costing %q", shownMove, shownCost, build.String(), cost.String())
	}
	previewed := get(t, ctx, "reading the preview", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#targets rect.preview")].map(r => r.dataset.target.slice(3)).sort()`))
	if fmt.Sprint(previewed) != fmt.Sprint(sortedCopy(fp)) {
		t.Fatalf("while asking, the board shows %v, the footprint is %v", previewed, fp)
	}
	screenshot(t, ctx, "confirm-1366x768.png")
	act(t, ctx, "cancelling", chromedp.Click(chromedp.CSS("#confirm-no")), waitFor(`document.getElementById("confirm").hidden`))
	if after, _, _ := gameOf(s, c.ID); after != before {
		t.Fatal("a cancelled move was played")
	}
	open()
	act(t, ctx, "confirming", chromedp.Click(chromedp.CSS("#confirm-yes")),
		waitFor(fmt.Sprintf(`game.version > %d`, played)))
	after, _, _ := gameOf(s, c.ID)
	if at := after.At(build.Square); at.Building != build.Building || at.Origin != build.Square ||
		after.Gold(0) != before.Gold(0)-int(cost.Gold) {
		t.Fatalf("after confirming %v: %+v at %v, gold %d (was %d, cost %v)", build, at, build.Square, after.Gold(0), before.Gold(0), cost)
	}
	// A free move ("end build") is played on one click.
	version := versionOf(s, c.ID)
	act(t, ctx, "ending the build phase", waitFor(fmt.Sprintf(`game.version === %d`, version)),
		chromedp.Click(chromedp.CSS(`#moves button[data-move="end build"]`)),
		waitFor(fmt.Sprintf(`game.version === %d`, version+1)))
	if readState(t, ctx).Confirm {
		t.Fatal("a free move asked to be confirmed")
	}
	// In the permit phase a click on a square where no permit of red's
	// may go asks the engine, which refuses it: the page says why in a
	// plain sentence, with the rule's section as a link to RULES.md, and
	// never shows the engine's text.
	g, _, _ := gameOf(s, c.ID)
	if g.Phase() != elasund.PhasePermit {
		t.Fatalf("after ending the build phase: phase %v", g.Phase())
	}
	sq := nonTarget(g)
	value := get(t, ctx, "reading red's permits", chromedp.Evaluate[int](
		`game.view.players.find(p => p.color === game.you).permitsInSupply[0]`))
	tried, err := elasund.ParseMove(fmt.Sprintf("permit %d %s", value, sq))
	var refusal *elasund.MoveError
	if err != nil || !errors.As(g.Check(tried), &refusal) {
		t.Fatalf("%q is no refused move: %v", fmt.Sprintf("permit %d %s", value, sq), err)
	}
	act(t, ctx, "clicking a square that is no target", chromedp.Click(chromedp.CSS("#sq-"+sq)),
		waitFor(`!document.getElementById("error").hidden`))
	want := words.Refusal(refusal.Reason) + " " + words.Section(refusal.Reason)
	link := get(t, ctx, "reading the rule's link", chromedp.Evaluate[string](
		`(document.querySelector("#error a.rule") || {href: ""}).href`))
	if got := readState(t, ctx).Error; got != want || strings.Contains(got, "elasund") ||
		link != rulesURL+"#"+words.RulesAnchor(refusal.Reason) {
		t.Fatalf("clicking %s shows %q (rule %q), want %q (%v refused %v)", sq, got, link, want, refusal.Reason, tried)
	}
	if after, _, _ := gameOf(s, c.ID); after != g {
		t.Fatal("a refused move changed the server's game")
	}
	screenshot(t, ctx, "refusal-1366x768.png")
	// A stale page: red plays a move from another tab (the API) while
	// this page, not polling, still shows the state before it; the move
	// clicked on the page carries the version it was chosen at, so it is
	// refused (409, not played), and the page shows the game as it is.
	stale := versionOf(s, c.ID)
	var free string
	for _, m := range readState(t, ctx).Moves {
		if m.Cost == "" {
			free = m.Text
		}
	}
	act(t, ctx, "stopping the page's poll", chromedp.Evaluate[chromedp.Void](`stopPolling()`))
	other := g.Legal()[0]
	if status, data, _ := doAs(t, ts, c.Seats[0].Token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: other.String()})); status != http.StatusOK {
		t.Fatalf("%v from another tab: %d %s", other, status, data)
	}
	act(t, ctx, "clicking "+free+" on the stale page", jsClick(fmt.Sprintf(`#moves button[data-move=%q]`, free)),
		waitFor(fmt.Sprintf(`game.version === %d && !document.getElementById("error").hidden`, stale+1)))
	if got := readState(t, ctx).Error; !strings.Contains(got, "The game moved on before “"+free+"” arrived") || versionOf(s, c.ID) != stale+1 {
		t.Fatalf("the stale click shows %q; the game is at version %d, want %d", got, versionOf(s, c.ID), stale+1)
	}
	// Red ends the game, leaving the table: the page shows why it ended
	// and red last, marked as having left.
	if status, data, _ := doAs(t, ts, c.Seats[0].Token, "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
		t.Fatalf("leaving: %d %s", status, data)
	}
	act(t, ctx, "waiting for the end", waitFor(`!document.getElementById("over").hidden`))
	over := get(t, ctx, "reading the end", chromedp.Evaluate[[]string](
		`[document.getElementById("over-text").textContent, document.querySelector("#standings tr:last-child").textContent]`))
	if over[0] != "Red left the table, so Blue wins." || !strings.Contains(over[1], "red") || !strings.Contains(over[1], "left") {
		t.Fatalf("the end shows %q", over)
	}
	screenshot(t, ctx, "end-1366x768.png")
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}
