package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
)

// findChromium returns the path of a Chromium or Chrome binary: the one
// ELASUND_CHROMIUM names, /usr/bin/chromium (the Debian package), or one on
// PATH; "" if there is none or ELASUND_CHROMIUM is "none".
func findChromium() string {
	switch p := os.Getenv("ELASUND_CHROMIUM"); p {
	case "none":
		return ""
	case "":
	default:
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless Chromium for the test, or skips the test when
// none is installed (fails, if ELASUND_REQUIRE_BROWSER is set, as CI does).
func browser(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" {
		msg := "no Chromium found (not at /usr/bin/chromium, not on PATH, ELASUND_CHROMIUM unset or \"none\"); " +
			"install it with `apt-get install -y chromium` to run the browser test"
		if os.Getenv("ELASUND_REQUIRE_BROWSER") != "" {
			t.Fatal(msg + " (ELASUND_REQUIRE_BROWSER is set)")
		}
		t.Skip("SKIP: " + msg)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoFirstRun,
		// The machine has no network beyond loopback: nothing to fetch.
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.WindowSize(1500, 1000),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	return bctx
}

// act runs browser actions, failing the test on an error.
func act(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs a browser action that returns a value.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is true in the page.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second))
}

// screenshot saves a screenshot of the page to the directory
// ELASUND_SCREENSHOTS names, or to the test's temporary directory.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	png := get(t, ctx, "screenshot", chromedp.FullScreenshot(100))
	dir := os.Getenv("ELASUND_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

// pageState is what the play page shows, read from its script's state.
type pageState struct {
	ID      string   `json:"id"`
	Version int      `json:"version"`
	Phase   string   `json:"phase"`
	You     string   `json:"you"`
	Moves   []string `json:"moves"`
	Dice    [2]int   `json:"dice"`
	Error   string   `json:"error"`
	Menu    bool     `json:"menu"`
}

const readPage = `(() => ({
	id: game ? game.id : "", version: game ? game.version : -1,
	phase: game ? game.view.phase : "", you: game ? game.you : "",
	moves: game ? game.moves.map(m => m.text) : [], dice: game ? game.view.dice : [0, 0],
	error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
	menu: !document.getElementById("menu").hidden,
}))()`

// TestBrowserPlay plays the first turns of a game in a real browser by
// clicking: it starts a 2-player game against the random bot, rolls, ends
// the build phase with its button, places a permit by clicking a
// highlighted square, ends the turn, and has an illegal move refused; after
// every click it compares the page with the server's game.
func TestBrowserPlay(t *testing.T) {
	ctx := browser(t)
	s := newServer(options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 11}, nil)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })

	read := func() pageState {
		t.Helper()
		return get(t, ctx, "reading the page", chromedp.Evaluate[pageState](readPage))
	}
	// settle waits until the page shows the person's decision (or the end),
	// with a version past since, and returns it.
	settle := func(since int) pageState {
		t.Helper()
		act(t, ctx, "waiting for the page", waitFor(fmt.Sprintf(
			`game && game.version > %d && (game.moves.length > 0 || game.view.phase === "over")`, since)))
		return read()
	}
	server := func(id string) (elasund.Game, elasund.Player) {
		t.Helper()
		g, human, ok := gameOf(s, id)
		if !ok {
			t.Fatalf("the server has no game %s", id)
		}
		return g, human
	}
	click := func(what, css string) {
		t.Helper()
		act(t, ctx, what, chromedp.Click(chromedp.CSS(css)))
	}
	errorShown := waitFor(`!document.getElementById("error").hidden`)

	// The setup: 2 players, you red, against the random bot.
	act(t, ctx, "opening the page",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS("#setup-form")),
		chromedp.SetValue(chromedp.CSS("#players"), "2"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("players").dispatchEvent(new Event("change"))`),
	)
	if n := get(t, ctx, "counting the seats", chromedp.Evaluate[int](`document.querySelectorAll("#seats tbody tr").length`)); n != 2 {
		t.Fatalf("the setup shows %d seats for 2 players", n)
	}
	click("starting", "#start")
	ps := settle(-1)
	if ps.You != "red" {
		t.Fatalf("you play %q, want red", ps.You)
	}
	g, human := server(ps.ID)
	if g.ToMove() != human {
		t.Fatalf("the page shows your decision but the server's game waits for %v", g.Color(g.ToMove()))
	}
	screenshot(t, ctx, "play-start.png")

	var rolled, ended, placed, refused, clickedRefusal, turnEnded bool
	for step := 0; step < 40 && !turnEnded; step++ {
		ps = read()
		g, human = server(ps.ID)
		if g.Over() {
			t.Fatalf("the game ended at step %d", step)
		}
		if g.ToMove() != human || ps.Version != versionOf(s, ps.ID) {
			ps = settle(ps.Version)
			continue
		}
		if want := legalTexts(g); strings.Join(ps.Moves, "|") != strings.Join(want, "|") {
			t.Fatalf("the page offers %q, the engine %q", ps.Moves, want)
		}
		switch ps.Phase {
		case "roll":
			click("rolling", `#moves button[data-move="roll"]`)
			ps = settle(ps.Version)
			g, _ = server(ps.ID)
			d1, d2 := g.Dice()
			if ps.Dice != [2]int{d1, d2} {
				t.Fatalf("the page shows the dice %v, the server rolled %d %d", ps.Dice, d1, d2)
			}
			status := get(t, ctx, "reading the status", chromedp.Text(chromedp.CSS("#status")))
			if !strings.Contains(status, fmt.Sprintf("last roll %d + %d", d1, d2)) {
				t.Fatalf("the status %q does not show the roll %d + %d", status, d1, d2)
			}
			rolled = true
		case "steer", "pirates":
			click("choosing a row on the sea", `#targets rect.target[data-target^="row-"]`)
			ps = settle(ps.Version)
		case "build":
			if !refused {
				// A move typed in notation, illegal now: the engine's
				// refusal, citing the rule, is shown.
				want := g.Check(elasund.Move{Kind: elasund.EndTurn}).Error()
				act(t, ctx, "typing an illegal move",
					chromedp.SetValue(chromedp.CSS("#typed-move"), "end turn"),
					chromedp.Click(chromedp.CSS("#typed button")),
					errorShown)
				if got := read().Error; got != want {
					t.Fatalf("the page shows the refusal %q, want the engine's %q", got, want)
				}
				if after, _ := server(ps.ID); after != g {
					t.Fatal("a refused move changed the server's game")
				}
				refused = true
			}
			click("ending the build phase", `#moves button[data-move="end build"]`)
			ps = settle(ps.Version)
			ended = true
		case "permit":
			if !clickedRefusal {
				// A click on a square where no permit of yours may go asks
				// the engine, which refuses it and says why.
				sq := nonTarget(g)
				act(t, ctx, "clicking a square that is no target", chromedp.Click(chromedp.CSS("#sq-"+sq)), errorShown)
				if got := read().Error; !strings.Contains(got, `elasund: illegal move "permit`) || !strings.Contains(got, "§") {
					t.Fatalf("clicking %s shows %q, want the engine's refusal of a permit there", sq, got)
				}
				if after, _ := server(ps.ID); after != g {
					t.Fatal("a refused move changed the server's game")
				}
				clickedRefusal = true
			}
			target := get(t, ctx, "finding a highlighted square", chromedp.Evaluate[string](
				`document.querySelector('#targets rect.target[data-target^="sq-"]').dataset.target.slice(3)`))
			click("clicking "+target, `#targets rect[data-target="sq-`+target+`"]`)
			act(t, ctx, "waiting for the move or its menu",
				waitFor(fmt.Sprintf(`game.version > %d || !document.getElementById("menu").hidden`, ps.Version)))
			chosen := ""
			if read().Menu {
				chosen = get(t, ctx, "reading the menu", chromedp.Evaluate[string](`document.querySelector("#menu button.move").dataset.move`))
				screenshot(t, ctx, "play-menu.png")
				click("choosing in the menu", "#menu button.move")
			}
			ps = settle(ps.Version)
			g, human = server(ps.ID)
			c := g.At(mustSquare(t, target))
			if !c.HasPermit || c.PermitOwner != human {
				t.Fatalf("after clicking %s (%q) the server's game has %+v there, want your permit", target, chosen, c)
			}
			class := get(t, ctx, "reading the permit on the board", chromedp.AttributeValue(chromedp.CSS("#permit-"+target), "class"))
			if want := fmt.Sprintf("permit red value-%d", c.Permit); class.Value != want {
				t.Fatalf("the board shows the permit on %s as %q, want %q", target, class.Value, want)
			}
			placed = true
		case "bonus":
			click("ending the turn", `#moves button[data-move="end turn"]`)
			ps = settle(ps.Version)
			turnEnded = true
		default: // discard, shortage, rebuild, church choice: the first button
			click("choosing a move of phase "+ps.Phase, "#moves button.move")
			ps = settle(ps.Version)
		}
	}
	if !rolled || !ended || !placed || !refused || !clickedRefusal || !turnEnded {
		t.Fatalf("the turn was not played through: rolled %v, ended building %v, placed a permit %v, refusals %v %v, ended the turn %v",
			rolled, ended, placed, refused, clickedRefusal, turnEnded)
	}
	// The page shows the server's position: the seat's view, nothing more.
	ps = read()
	g, human = server(ps.ID)
	pageView := get(t, ctx, "reading the view", chromedp.Evaluate[string](`JSON.stringify(game.view)`))
	if want := mustJSON(t, g.View(human)); !sameJSON(t, pageView, want) {
		t.Fatalf("the page's view differs from the server's:\n page %s\n want %s", pageView, want)
	}
	screenshot(t, ctx, "play.png")
}

// TestBrowserReplay uploads a record on the replay page and steps through
// it.
func TestBrowserReplay(t *testing.T) {
	ctx := browser(t)
	s := newServer(options{MaxGames: 4, Idle: time.Minute}, nil)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	rec := playedRecord(t, 3, 9, 40)
	file := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(file, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx, "uploading a record",
		chromedp.Navigate(ts.URL+"/replay"),
		chromedp.WaitVisible(chromedp.CSS("#load")),
		chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{file}),
		waitFor(`document.querySelector("#board svg") !== null && document.getElementById("where").textContent.startsWith("move 0 ")`))
	if n := replayCount(s); n != 1 {
		t.Fatalf("%d records loaded", n)
	}
	if n := get(t, ctx, "counting the moves", chromedp.Evaluate[int](`document.querySelectorAll("#movelist li").length`)); n != len(rec.Moves) {
		t.Fatalf("the move list has %d moves, the record %d", n, len(rec.Moves))
	}
	act(t, ctx, "stepping",
		chromedp.Click(chromedp.CSS("#next")),
		waitFor(`document.getElementById("where").textContent.startsWith("move 1 ")`),
		chromedp.Click(chromedp.CSS("#next")),
		waitFor(`document.getElementById("where").textContent.startsWith("move 2 ")`),
		chromedp.Click(chromedp.CSS("#next")),
		waitFor(`document.getElementById("where").textContent.startsWith("move 3 ")`),
		chromedp.Click(chromedp.CSS("#prev")),
		waitFor(`document.getElementById("where").textContent.startsWith("move 2 ")`))
	if step := get(t, ctx, "reading the step", chromedp.Text(chromedp.CSS("#step"))); !strings.Contains(step, rec.Moves[1].String()) {
		t.Fatalf("at move 2 the page shows %q, want the second move %q", step, rec.Moves[1].String())
	}
	// The last position: the board as the record's game ends.
	act(t, ctx, "jumping to the end", chromedp.Click(chromedp.CSS("#last")),
		waitFor(fmt.Sprintf(`document.getElementById("where").textContent.startsWith("move %d ")`, len(rec.Moves))))
	final, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	title := get(t, ctx, "reading the picture's title", chromedp.Evaluate[string](`document.querySelector("#board svg > title").textContent`))
	if want := fmt.Sprintf("move %d of %d, turn %d", len(rec.Moves), len(rec.Moves), final.Turn()); !strings.Contains(title, want) {
		t.Fatalf("the last picture is titled %q, want %q", title, want)
	}
	screenshot(t, ctx, "replay.png")
}
