package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
)

// cueReport is what the page says of the second cues of its pieces.
type cueReport struct {
	Pieces  int      `json:"pieces"`  // owned pieces with room for a letter
	Small   int      `json:"small"`   // cubes and disks
	Missing []string `json:"missing"` // pieces without their cue
	Chips   int      `json:"chips"`   // the log's chips
}

const readCues = `(() => {
	const rep = {pieces: 0, small: 0, missing: [], chips: 0};
	const initial = {red: "R", blue: "B", green: "G", yellow: "Y"};
	const colorOf = (e) => Object.keys(initial).find((c) => e.classList.contains(c));
	for (const g of document.querySelectorAll("#board svg g.building, #board svg g.permit, #board svg g.wall, #board svg g.church-tile")) {
		const c = colorOf(g);
		if (!c) continue;
		rep.pieces++;
		const cue = g.querySelector(".cue text");
		if (!cue || cue.textContent !== initial[c]) rep.missing.push(g.id + " " + c);
	}
	for (const e of document.querySelectorAll("#board svg rect.cube, #board svg circle.disk, #track svg circle.disk, #track svg rect.cube")) {
		const c = colorOf(e);
		rep.small++;
		const next = e.nextElementSibling;
		if (!next || !next.classList.contains("cue-pattern") || next.getAttribute("fill") !== "url(#cue-" + c + ")") rep.missing.push("cube or disk " + c);
	}
	for (const li of document.querySelectorAll("#log li")) {
		const i = li.querySelector(".chip i"), c = colorOf(li.querySelector(".chip"));
		rep.chips++;
		if (!i || i.dataset.i !== initial[c]) rep.missing.push("log line " + li.dataset.n);
	}
	return rep;
})()`

// TestBrowserPlainWords checks the page's words: the log's lines are the
// server's sentences, the notation one click away (and back); a place's
// menu says each move in words with its cost; the decision's phase is
// explained on a tap, "TP", the phases and the wall in the help, the
// trade fields and wall sites on hover; and every owned piece of the
// board, the trade track and the log carries its seat's initial or
// pattern besides its colour.
func TestBrowserPlainWords(t *testing.T) {
	ctx := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 61})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(61, 61))
	playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool {
		if g.ToMove() != 0 || g.Phase() != elasund.PhasePermit || g.Turn() < 6 {
			return false
		}
		at := map[elasund.Square]int{}
		for _, m := range g.Legal() {
			if m.Kind == elasund.PlacePermit {
				at[m.Square]++
			}
		}
		for _, n := range at {
			if n > 1 {
				return true
			}
		}
		return false
	})
	st := stateAs(t, ts, c.ID, c.Seats[0].Token)
	act(t, ctx, "opening red's page", emulate(screens[3]), chromedp.Navigate(c.Seats[0].URL),
		waitFor(fmt.Sprintf(`game && game.version === %d`, st.Version)))
	lines := get(t, ctx, "reading the log", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#log li .text")].map(e => e.textContent)`))
	if len(lines) != len(st.Log) {
		t.Fatalf("the log shows %d moves of %d", len(lines), len(st.Log))
	}
	for i, e := range st.Log {
		if lines[i] != e.Words {
			t.Errorf("log line %d: %q, want %q (%s)", e.N, lines[i], e.Words, e.Text)
		}
	}
	act(t, ctx, "asking for the notation", jsClick("#notation"), waitFor(`document.getElementById("notation").getAttribute("aria-pressed") === "true"`))
	lines = get(t, ctx, "reading the log", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#log li .text")].map(e => e.textContent)`))
	for i, e := range st.Log {
		if lines[i] != e.Text {
			t.Errorf("log line %d in notation: %q, want %q", e.N, lines[i], e.Text)
		}
	}
	if typed := get(t, ctx, "reading the typed move", chromedp.Evaluate[bool](`!document.getElementById("typed").hidden`)); !typed {
		t.Error("in notation the field to type a move is hidden")
	}
	act(t, ctx, "back to words", jsClick("#notation"), waitFor(`document.getElementById("notation").getAttribute("aria-pressed") === "false"`))

	checkPermitMenus(t, ctx, st)

	// Help: the phase on a tap, the words in the help, the board's marks
	// on hover.
	act(t, ctx, "asking what the phase is", jsClick("#phase-help"), waitFor(`!document.getElementById("phase-help-text").hidden`))
	help := get(t, ctx, "reading the help", chromedp.Evaluate[[]string](`[document.getElementById("phase-help-text").textContent,
		[...document.querySelectorAll("#glossary dt")].map(e => e.textContent).join("|"),
		(document.querySelector("#board circle.tp-badge title") || {}).textContent || "",
		(document.querySelector("#board g.wall-site title") || {}).textContent || ""]`))
	if !strings.HasPrefix(help[0], "Phase 3 of 4: place one permit") || !strings.Contains(help[1], "TP|The phases|The wall") ||
		!strings.Contains(help[2], "trade point") || !strings.Contains(help[3], "wall site") {
		t.Errorf("the help: %q", help)
	}
	screenshot(t, ctx, "words-1366x768.png")

	cues := get(t, ctx, "reading the cues", chromedp.Evaluate[cueReport](readCues))
	if cues.Pieces < 6 || cues.Small < 2 || cues.Chips != len(st.Log) || len(cues.Missing) > 0 {
		t.Errorf("the second cues: %+v", cues)
	}
}

func containsString(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// checkPermitMenus clicks the squares of red's permits: a square where one
// permit fits asks at once, with no menu; the menu of a square with
// several says each in words, with its cost.
func checkPermitMenus(t *testing.T, ctx context.Context, st stateJSON) {
	t.Helper()
	var square string
	count := map[string]int{}
	for _, m := range st.Moves {
		if m.Kind == "permit" {
			count[m.Square]++
			if count[m.Square] > 1 {
				square = m.Square
			}
		}
	}
	for sq, n := range count {
		if n != 1 {
			continue
		}
		// One permit fits there: a click asks at once (or plays), no menu.
		act(t, ctx, "clicking "+sq, chromedp.Evaluate[chromedp.Void](
			`document.querySelector('#targets [data-target="sq-`+sq+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true}))`),
			waitFor(fmt.Sprintf(`!document.getElementById("confirm").hidden || game.version > %d`, st.Version)))
		if ps := readState(t, ctx); ps.Menu || ps.Version != st.Version {
			t.Fatalf("one permit on %s: a menu %v, or played at once: %+v", sq, ps.Menu, ps)
		}
		act(t, ctx, "cancelling", jsClick("#confirm-no"), waitFor(`document.getElementById("confirm").hidden`))
		break
	}
	act(t, ctx, "opening the menu of "+square, chromedp.Evaluate[chromedp.Void](
		`document.querySelector('#targets [data-target="sq-`+square+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true}))`),
		waitFor(`!document.getElementById("menu").hidden`))
	items := get(t, ctx, "reading the menu", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#menu button")].map(b => b.dataset.move + "=" + b.textContent)`))
	for _, m := range st.Moves {
		if m.Square == square && m.Kind == "permit" && !containsString(items, m.Text+"="+m.Words) {
			t.Errorf("the menu of %s says %q, not %q for %s", square, items, m.Words, m.Text)
		}
	}
	act(t, ctx, "closing the menu", chromedp.KeyEvent("\u001b"), waitFor(`document.getElementById("menu").hidden`))

}
