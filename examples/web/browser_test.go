package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
		// Chromium leaves its singleton socket's folder in TMPDIR: keep it
		// in the test's own.
		chromedp.Env("TMPDIR="+t.TempDir()),
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

// TestBrowserReplay uploads a record on the replay page and steps through
// it.
func TestBrowserReplay(t *testing.T) {
	ctx := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute})
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
	// Any seat's view, or the referee's.
	for _, tc := range []struct{ view, class string }{{"blue", "reveal-seat-1"}, {"none", "reveal-none"}, {"all", "reveal-all"}} {
		act(t, ctx, "showing the view "+tc.view, chromedp.SetValue(chromedp.CSS("#view"), tc.view),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("view").dispatchEvent(new Event("change"))`),
			waitFor(fmt.Sprintf(`document.querySelector("#board svg").classList.contains(%q)`, tc.class)))
	}
	screenshot(t, ctx, "replay.png")
	// A phone: the city takes the width, every text of it at least 11 px.
	act(t, ctx, "a phone's screen", emulate(screens[0]))
	settle(t, ctx)
	rep := get(t, ctx, "measuring the board", chromedp.Evaluate[layoutReport](measureLayout))
	width := get(t, ctx, "measuring the board", chromedp.Evaluate[float64](`document.querySelector("#board svg").getBoundingClientRect().width`))
	if width < 370 || rep.Texts == 0 || len(rep.SmallTxt) > 0 {
		t.Errorf("on a phone the replay's board is %.0f px wide, its text %d, under 11 px %v", width, rep.Texts, rep.SmallTxt)
	}
	viewShot(t, ctx, "replay-390x844.png")
}
