package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/elasund/elasund"
)

// press presses a key of the keyboard.
func press(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	act(t, ctx, "pressing a key", chromedp.KeyEvent(key))
}

// tabTo presses Tab (or Shift+Tab, toward an element that comes before
// the focus, as a person would) until the element that has the focus
// satisfies pred, a JavaScript expression of e, and returns the presses.
func tabTo(t *testing.T, ctx context.Context, pred string) int {
	t.Helper()
	is := `(e => !!e && e !== document.body && !!(` + pred + `))`
	if get(t, ctx, "reading the focus", chromedp.Evaluate[bool](is+`(document.activeElement)`)) {
		return 0
	}
	back := get(t, ctx, "finding the way", chromedp.Evaluate[bool](`(() => {
		const a = document.activeElement, want = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')]
			.find(e => e.tabIndex >= 0 && e.getClientRects().length && `+is+`(e));
		return !!want && a !== document.body && !!(want.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);
	})()`))
	var mods []chromedp.KeyOption
	if back {
		mods = append(mods, chromedp.KeyModifiers(chromedp.ModifierShift))
	}
	for n := 1; n <= 80; n++ {
		act(t, ctx, "pressing Tab", chromedp.KeyEvent(kb.Tab, mods...))
		if get(t, ctx, "reading the focus", chromedp.Evaluate[bool](is+`(document.activeElement)`)) {
			return n
		}
	}
	t.Fatalf("80 presses of Tab never reached %s", pred)
	return 0
}

// towardTarget is the arrow key that leads from the board's focused place
// toward the nearest place with a move, or "" when the focus is on one.
const towardTarget = `(() => {
	const e = document.activeElement;
	if (e.classList.contains('target')) return '';
	const c = (r) => { const b = r.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
	const [x, y] = c(e);
	let best = null, bd = 1e9;
	for (const o of document.querySelectorAll('#targets .target')) {
		const [ox, oy] = c(o), d = Math.hypot(ox - x, oy - y);
		if (d < bd) { bd = d; best = [ox - x, oy - y]; }
	}
	if (!best) return 'none';
	return Math.abs(best[0]) > Math.abs(best[1]) ? (best[0] > 0 ? 'ArrowRight' : 'ArrowLeft') : (best[1] > 0 ? 'ArrowDown' : 'ArrowUp');
})()`

// arrowToTarget presses the arrow keys from the board's focused place to
// a place with a move, and returns the presses.
func arrowToTarget(t *testing.T, ctx context.Context) int {
	t.Helper()
	keys := map[string]string{"ArrowRight": kb.ArrowRight, "ArrowLeft": kb.ArrowLeft, "ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown}
	for n := 0; n < 60; n++ {
		dir := get(t, ctx, "finding the way", chromedp.Evaluate[string](towardTarget))
		if dir == "" {
			return n
		}
		if keys[dir] == "" {
			t.Fatalf("no way to a target: %q", dir)
		}
		press(t, ctx, keys[dir])
	}
	t.Fatal("60 presses of the arrow keys never reached a target")
	return 0
}

// focusJSON describes the focused element.
type focusJSON struct {
	Target  string `json:"target"`
	Label   string `json:"label"`
	Stroke  string `json:"stroke"`
	Menu    bool   `json:"menu"`
	Confirm bool   `json:"confirm"`
}

const readFocus = `(() => {
	const e = document.activeElement || document.body;
	return {target: (e.dataset || {}).target || "", label: e.getAttribute("aria-label") || "", stroke: getComputedStyle(e).stroke,
		menu: !!e.closest("#menu"), confirm: !!e.closest("#confirm")};
})()`

// TestBrowserKeyboard plays whole turns of red by the keyboard alone, at
// a laptop's and a phone's size: Tab reaches the buttons and the board
// (one stop), the arrow keys move over the board to a place with a move,
// Enter chooses (and chooses in the menu of a place, and confirms a
// cost). Each place has a visible focus and an accessible name that
// says what stands there and the moves that go there; after a move
// chosen on the board the focus is on the same place; the status says
// to a screen reader (aria-live) when the decision becomes red's.
func TestBrowserKeyboard(t *testing.T) {
	ctx := browser(t)
	s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 31})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(31, 31))
	for i, sc := range []screen{screens[3], screens[0]} {
		playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool {
			return g.ToMove() == 0 && g.Phase() == elasund.PhaseRoll && (i == 0 || g.Turn() > 4)
		})
		act(t, ctx, "opening red's page", emulate(sc), chromedp.Navigate(fresh(c.Seats[0].URL)),
			waitFor(fmt.Sprintf(`game && game.version === %d`, versionOf(s, c.ID))))
		act(t, ctx, "waiting for the live region", waitFor(`document.getElementById("announce").textContent !== ""`))
		live := get(t, ctx, "reading the live region", chromedp.Evaluate[[]string](
			`[document.getElementById("announce").getAttribute("aria-live"), document.getElementById("announce").textContent]`))
		if live[0] != "polite" || live[1] != "Your turn. Roll the dice." {
			t.Errorf("%s: the live region (aria-live %q) says %q", sc.name, live[0], live[1])
		}
		keys, board := keyboardTurn(t, ctx, s, c.ID)
		t.Logf("%s: a turn by the keyboard alone took %d key presses (%d on the board)", sc.name, keys, board)
		if board == 0 {
			t.Errorf("%s: the turn reached no board square", sc.name)
		}
	}
}

// keyboardTurn plays red's decisions from the roll to the end of the
// turn by the keyboard alone, and returns the key presses, and those
// that chose a place on the board.
func keyboardTurn(t *testing.T, ctx context.Context, s *server, id string) (keys, board int) {
	t.Helper()
	for step := 0; ; step++ {
		g, _, _ := gameOf(s, id)
		if g.ToMove() != 0 || step > 0 && g.Phase() == elasund.PhaseRoll || step > 12 {
			return keys, board
		}
		v := versionOf(s, id)
		act(t, ctx, "waiting for red's decision", waitFor(fmt.Sprintf(`game.version === %d && game.moves.length > 0`, v)))
		var button string
		switch g.Phase() {
		case elasund.PhaseRoll:
			button = "roll"
		case elasund.PhaseBuild:
			button = "end build"
		case elasund.PhaseBonus:
			button = "end turn"
		}
		onBoard := get(t, ctx, "reading the targets", chromedp.Evaluate[int](`document.querySelectorAll("#targets .target").length`)) > 0
		switch {
		case button != "":
			keys += tabTo(t, ctx, fmt.Sprintf(`e.dataset.move === %q`, button))
			press(t, ctx, kb.Enter)
			keys++
		case onBoard:
			n := tabTo(t, ctx, `e.closest("#targets")`) + arrowToTarget(t, ctx)
			f := get(t, ctx, "reading the focus", chromedp.Evaluate[focusJSON](readFocus))
			checkPlaceName(t, ctx, f)
			if f.Stroke != "rgb(11, 61, 145)" {
				t.Errorf("the focused place %s is drawn with the stroke %q, not the focus's colour", f.Target, f.Stroke)
			}
			for range 3 { // the place, then its menu, then the confirmation of a cost
				press(t, ctx, kb.Enter)
				n++
				act(t, ctx, "waiting", chromedp.Sleep(150))
				if ff := get(t, ctx, "reading the focus", chromedp.Evaluate[focusJSON](readFocus)); !ff.Menu && !ff.Confirm {
					break
				}
			}
			act(t, ctx, "waiting for the move", waitFor(fmt.Sprintf(`game.version > %d`, v)))
			if after := get(t, ctx, "reading the focus", chromedp.Evaluate[focusJSON](readFocus)); after.Target != f.Target {
				t.Errorf("after the move the focus is on %q, not on %s where it was", after.Target, f.Target)
			}
			keys += n
			board += n
		default:
			keys += tabTo(t, ctx, `e.closest("#moves") && e.tagName === "BUTTON"`)
			press(t, ctx, kb.Enter)
			keys++
		}
		act(t, ctx, "waiting for the move", waitFor(fmt.Sprintf(`game.version > %d`, v)))
	}
}

// checkPlaceName checks the accessible name of the focused place f
// against the state: the place, what stands there in the server's words,
// and each kind of its moves with their permits or buildings and costs.
func checkPlaceName(t *testing.T, ctx context.Context, f focusJSON) {
	t.Helper()
	var st stateJSON
	data := get(t, ctx, "reading the state", chromedp.Evaluate[string](`JSON.stringify(game)`))
	decode(t, []byte(data), &st)
	place := strings.TrimPrefix(strings.TrimPrefix(f.Target, "sq-"), "wall-")
	if !strings.HasPrefix(f.Label, place+", "+st.Places[f.Target]) && !strings.HasPrefix(f.Target, "row-") {
		t.Errorf("the place %s is named %q; it holds %q", f.Target, f.Label, st.Places[f.Target])
	}
	for _, m := range st.Moves {
		if m.Square != strings.TrimPrefix(f.Target, "sq-") || m.Kind != "permit" {
			continue
		}
		want := m.Permit
		if m.CostWords != "" {
			want += " (" + m.CostWords + ")"
		}
		if !strings.Contains(f.Label, "; permit moves: ") || !strings.Contains(f.Label, want) {
			t.Errorf("the place %s is named %q, without its move %q (%s)", f.Target, f.Label, m.Text, want)
		}
	}
}
