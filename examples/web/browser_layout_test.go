package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
)

// screen is a size of window the page is laid out for.
type screen struct {
	name  string
	w, h  int64
	phone bool // a phone's screen: touch, and no board text under 11 px
}

var screens = []screen{
	{"390x844", 390, 844, true},
	{"844x390", 844, 390, true},
	{"1024x768", 1024, 768, false},
	{"1366x768", 1366, 768, false},
	{"1920x1080", 1920, 1080, false},
	{"800x600", 800, 600, false},
}

// emulate makes the page's window the screen's size, a phone's with touch
// and twice the pixels.
func emulate(sc screen) chromedp.Action[chromedp.Void] {
	if sc.phone {
		return chromedp.EmulateViewport(sc.w, sc.h, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.EmulateViewport(sc.w, sc.h)
}

var loads atomic.Int64

// fresh returns a page's URL made new with a query the server ignores,
// so that opening it loads the page again (a URL that differs from the
// page's own only in its fragment would not).
func fresh(url string) string {
	base, frag, _ := strings.Cut(url, "#")
	return fmt.Sprintf("%s?load=%d#%s", base, loads.Add(1), frag)
}

// settle lets the page draw itself anew after its window changed: a
// headless Chromium draws a frame (and runs the page's ResizeObservers)
// only when asked for one, as a screenshot does.
func settle(t *testing.T, ctx context.Context) {
	t.Helper()
	get(t, ctx, "drawing a frame", chromedp.CaptureScreenshot())
	act(t, ctx, "waiting for the page to fit itself", chromedp.Sleep(250))
}

// viewShot saves a screenshot of what the window shows (not the whole
// page) to the directory ELASUND_SCREENSHOTS names, or to the test's
// temporary directory.
func viewShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png := get(t, ctx, "screenshot", chromedp.CaptureScreenshot())
	dir := os.Getenv("ELASUND_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// buildDecision plays random moves through the API in game c until red
// decides in the build phase with a building of several squares to
// build in two places or more, and a wall tile.
func buildDecision(t *testing.T, s *server, ts *httptest.Server, c created, seed uint64) elasund.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	g, _ := playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool {
		if g.ToMove() != 0 || g.Phase() != elasund.PhaseBuild {
			return false
		}
		places := map[elasund.Building]int{}
		wide, wall := false, false
		for _, m := range g.Legal() {
			if m.Kind == elasund.Build && len(footprint(m.Building, m.Square)) >= 2 {
				places[m.Building]++
				wide = wide || places[m.Building] >= 2
			}
			wall = wall || m.Kind == elasund.BuildWall
		}
		return wide && wall
	})
	return g
}

// layoutReport is what the page measures of its layout.
type layoutReport struct {
	Outside  []string `json:"outside"`  // controls and targets outside the window, or covered
	Targets  int      `json:"targets"`  // the board's targets measured
	Controls int      `json:"controls"` // the deciding seat's controls measured
	Small    []string `json:"small"`    // targets under 24×24 CSS px
	LeastTgt float64  `json:"leastTgt"` // the smallest side of a target
	LeastTxt float64  `json:"leastTxt"` // the smallest board text, in CSS px
	SmallTxt []string `json:"smallTxt"` // board texts under 11 CSS px
	Texts    int      `json:"texts"`
}

// measureLayout has the page measure itself: where the deciding seat's
// controls and the board's targets lie (each must be in the window and
// not covered: the point at its middle is its own), the size of every
// target (every place of the board, button, field and link that is not
// a link in a sentence), and the size on the screen of every text of the
// board and of the trade track.
const measureLayout = `(() => {
	const W = innerWidth, H = innerHeight, rep = {outside: [], small: [], smallTxt: [], leastTgt: 1e9, leastTxt: 1e9, targets: 0, controls: 0, texts: 0};
	const shown = (e) => e.getClientRects().length > 0 && !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden';
	const name = (e) => e.dataset.target || e.dataset.move || e.dataset.building || e.id || e.textContent.trim().slice(0, 30);
	const inView = (e) => {
		const r = e.getBoundingClientRect();
		if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) return 'outside the window at ' + [r.left, r.top, r.right, r.bottom].map(Math.round);
		const x = r.left + r.width / 2, y = r.top + r.height / 2, at = document.elementFromPoint(x, y);
		return at === e || e.contains(at) ? '' : 'covered by ' + (at ? at.tagName + '#' + at.id + '.' + at.className : 'nothing');
	};
	for (const e of document.querySelectorAll('#actions button, #actions summary')) {
		if (!shown(e) || (e.tagName !== 'SUMMARY' && e.closest('details:not([open])'))) continue;
		rep.controls++;
		const why = inView(e);
		if (why) rep.outside.push('control ' + name(e) + ': ' + why);
	}
	for (const e of document.querySelectorAll('#targets .target')) {
		rep.targets++;
		const why = inView(e);
		if (why) rep.outside.push('target ' + name(e) + ': ' + why);
	}
	for (const e of document.querySelectorAll('#play button, #play summary, #play input, #play select, #play a, #targets .hit, #play [tabindex="0"]')) {
		if (!shown(e) || (e.tagName === 'A' && getComputedStyle(e).display === 'inline') || (e.tagName !== 'SUMMARY' && e.closest('details:not([open])'))) continue;
		const r = e.getBoundingClientRect();
		rep.leastTgt = Math.min(rep.leastTgt, r.width, r.height);
		if (r.width < 23.9 || r.height < 23.9) rep.small.push(name(e) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
	}
	for (const t of document.querySelectorAll('#board svg text, #track svg text')) {
		if (!t.getClientRects().length || getComputedStyle(t).display === 'none') continue;
		const r = t.getBoundingClientRect(), box = t.ownerSVGElement.getBoundingClientRect();
		if (r.width === 0 || r.right < box.left || r.left > box.right || r.bottom < box.top || r.top > box.bottom) continue;
		const m = t.getScreenCTM(), px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
		rep.texts++;
		rep.leastTxt = Math.min(rep.leastTxt, px);
		if (px < 10.95) rep.smallTxt.push(t.textContent + ' ' + px.toFixed(1));
	}
	return rep;
})()`

// TestBrowserLayouts opens a seat deciding in the build phase on a
// phone (390×844, and held sideways), a tablet (1024×768), laptops
// (1366×768, 800×600) and a desktop (1920×1080), chooses a building of
// several squares, and checks what the page shows: the decision's
// controls and the board's targets inside the window without scrolling
// and not covered; no target under 24×24 CSS px (WCAG 2.2's minimum);
// on a phone, no text of the board or the trade track under 11 CSS px;
// and axe-core, injected into the page, finds no serious or critical
// violation. It saves a screenshot of the window at each size.
func TestBrowserLayouts(t *testing.T) {
	ctx := browser(t)
	axe := axeSource(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 21})
	c := create(t, ts, `{"seats": ["human", "human", "human"]}`)
	g := buildDecision(t, s, ts, c, 21)
	places := map[string]int{} // the places of each building of several squares
	building := ""
	for _, m := range g.Legal() {
		if m.Kind == elasund.Build && len(footprint(m.Building, m.Square)) >= 2 {
			b := m.Building.String()
			places[b]++
			if places[b] > places[building] {
				building = b
			}
		}
	}
	version := versionOf(s, c.ID)
	choose := []chromedp.Action[chromedp.Void]{
		// A person who scrolled down to the log chooses the building:
		// its places come into view.
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`.builds button[data-building=%q]`, building))),
		waitFor(fmt.Sprintf(`document.querySelector('.builds button[data-building=%q]').getAttribute("aria-pressed") === "true"`, building)),
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			checkLayout(t, ctx, sc, c.Seats[0].URL, version, choose...)
			checkAxe(t, ctx, axe, sc.name)
			viewShot(t, ctx, "layout-"+sc.name+".png")
			// The confirmation of a paid place hides none of the places.
			act(t, ctx, "asking for a paid place", chromedp.Evaluate[chromedp.Void](
				`document.querySelector("#targets .target.paid").dispatchEvent(new MouseEvent("click", {bubbles: true}))`),
				waitFor(`!document.getElementById("confirm").hidden || !document.getElementById("menu").hidden`),
				chromedp.Evaluate[chromedp.Void](`document.querySelector("#menu:not([hidden]) button.paid")?.click()`),
				waitFor(`!document.getElementById("confirm").hidden`))
			if covered := get(t, ctx, "measuring the confirmation", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#targets .target")].filter(e => {
				const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
				return at && at.closest("#confirm"); }).map(e => e.dataset.target)`)); len(covered) > 0 {
				t.Errorf("the confirmation hides the places %v", covered)
			}
			viewShot(t, ctx, "confirm-"+sc.name+".png")
		})
	}
	// The permit phase: the squares of red's permits in the ship's row.
	if status, data, _ := doAs(t, ts, c.Seats[0].Token, "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: "end build"})); status != 200 {
		t.Fatalf("ending the build phase: %d %s", status, data)
	}
	for _, sc := range screens {
		t.Run(sc.name+"-permit", func(t *testing.T) {
			checkLayout(t, ctx, sc, c.Seats[0].URL, version+1)
			if sc.phone {
				viewShot(t, ctx, "layout-permit-"+sc.name+".png")
			}
		})
	}
	// The lobby, with the game listed, and the replay page.
	for _, page := range []struct{ name, path, ready string }{
		{"lobby", "/", `!document.getElementById("games").hidden`},
		{"replay", "/replay", `!document.getElementById("load").hidden`},
	} {
		for _, sc := range []screen{screens[0], screens[3]} {
			act(t, ctx, "opening the "+page.name, emulate(sc), chromedp.Navigate(ts.URL+page.path), waitFor(page.ready))
			checkAxe(t, ctx, axe, page.name+" "+sc.name)
		}
	}
}

// checkLayout opens the page of url at screen sc once the game is at
// version, does the actions, and checks the layout: the decision's
// controls and the board's targets inside the window without scrolling
// and not covered; no target under 24×24 CSS px; on a phone no text of
// the board or the trade track under 11 CSS px.
func checkLayout(t *testing.T, ctx context.Context, sc screen, url string, version int, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	act(t, ctx, "opening red's page", emulate(sc), chromedp.Navigate(fresh(url)),
		waitFor(fmt.Sprintf(`game && game.version === %d && game.moves.length > 0 && document.querySelector("#targets")`, version)))
	act(t, ctx, "choosing", actions...)
	settle(t, ctx) // the board scrolled into view, its text fitted
	rep := get(t, ctx, "measuring the page", chromedp.Evaluate[layoutReport](measureLayout))
	t.Logf("%s: %d controls, %d targets; the smallest target %.1f px, the smallest board text %.1f px (%d texts)",
		sc.name, rep.Controls, rep.Targets, rep.LeastTgt, rep.LeastTxt, rep.Texts)
	if rep.Targets == 0 || rep.Controls == 0 {
		t.Errorf("nothing to measure: %+v", rep)
	}
	for _, o := range rep.Outside {
		t.Errorf("not in view: %s", o)
	}
	for _, o := range rep.Small {
		t.Errorf("a target under 24×24 px: %s", o)
	}
	if sc.phone {
		for _, o := range rep.SmallTxt {
			t.Errorf("board text under 11 px: %s", o)
		}
	}
}

// axeSource returns the script of axe-core: the file ELASUND_AXE names,
// or the one npm ci installs in browsertest/node_modules. Without it the
// test is skipped, or fails when ELASUND_REQUIRE_BROWSER is set.
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("ELASUND_AXE")
	if path == "" {
		path = filepath.Join("browsertest", "node_modules", "axe-core", "axe.min.js")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		msg := fmt.Sprintf("no axe-core at %s (%v): run `npm ci` in examples/web/browsertest, or name the file with ELASUND_AXE", path, err)
		if os.Getenv("ELASUND_REQUIRE_BROWSER") != "" {
			t.Fatal(msg + " (ELASUND_REQUIRE_BROWSER is set)")
		}
		t.Skip("SKIP: " + msg)
	}
	return string(data)
}

// axeViolation is one rule axe-core finds broken, with its nodes.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// checkAxe injects axe-core into the page and runs it: a violation of
// impact "serious" or "critical" fails the test; the others are logged.
func checkAxe(t *testing.T, ctx context.Context, axe, where string) {
	t.Helper()
	act(t, ctx, "injecting axe-core", chromedp.Evaluate[chromedp.Void](axe+"\n;window.__axeResult = null; axe.run(document, {resultTypes: ['violations']}).then(r => { window.__axeResult = r.violations; });"),
		chromedp.Poll[chromedp.Void](`window.__axeResult !== null`, chromedp.WithPollingTimeout(30*time.Second)))
	vs := get(t, ctx, "reading axe-core's result", chromedp.Evaluate[[]axeViolation](`window.__axeResult`))
	var minor []string
	for _, v := range vs {
		if v.Impact == "serious" || v.Impact == "critical" {
			var nodes []string
			for _, n := range v.Nodes {
				nodes = append(nodes, fmt.Sprint(n.Target)+": "+n.Summary)
			}
			t.Errorf("%s: axe-core: %s (%s): %s\n%s", where, v.ID, v.Impact, v.Help, strings.Join(nodes, "\n"))
			continue
		}
		minor = append(minor, fmt.Sprintf("%s (%s, %d)", v.ID, v.Impact, len(v.Nodes)))
	}
	t.Logf("%s: axe-core: %d violations, none serious or critical; minor: %v", where, len(vs), minor)
}
