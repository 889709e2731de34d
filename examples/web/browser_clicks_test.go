package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// viewOf returns seat p's view of the server's game id.
func viewOf(s *server, id string, p elasund.Player) elasund.View {
	ss := sessionOf(s, id)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.t.View(p)
}

// clickMove plays move m on the page by clicking as a person would, and
// returns the clicks: its button (opening its list first if it is in
// one); or, for a move with a place on the board, the building to build
// (if another is chosen), the place (of a building's squares the one
// with the fewest moves), the move in the place's menu if it has one,
// and the confirmation of a cost.
func clickMove(t *testing.T, ctx context.Context, m elasund.Move) int {
	t.Helper()
	var st stateJSON
	decode(t, []byte(get(t, ctx, "reading the state", chromedp.Evaluate[string](`JSON.stringify(game)`))), &st)
	var cm clientMove
	for _, c := range st.Moves {
		if c.Text == m.String() {
			cm = c
		}
	}
	if cm.Text == "" {
		t.Fatalf("the page does not offer %v", m)
	}
	clicks := 0
	click := func(css string) {
		t.Helper()
		act(t, ctx, "clicking "+css, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`document.querySelector(%q).dispatchEvent(new MouseEvent("click", {bubbles: true}))`, css)))
		clicks++
	}
	place := ""
	switch {
	case cm.Row != 0:
		place = fmt.Sprintf("row-%d", cm.Row)
	case cm.Site != "":
		place = "wall-" + cm.Site
	case len(cm.Footprint) > 0:
		b := fmt.Sprintf(`.builds button[data-building=%q]`, cm.Building)
		if cm.Kind == "build" && get(t, ctx, "reading the building", chromedp.Evaluate[string](
			`(document.querySelector('`+b+`') || {getAttribute: () => "none"}).getAttribute("aria-pressed")`)) == "false" {
			click(b)
			if readState(t, ctx).Confirm { // its only place, asked at once
				click("#confirm-yes")
				return clicks
			}
		}
		place = "sq-" + fewestMoves(t, ctx, cm.Footprint)
	case cm.Square != "":
		place = "sq-" + cm.Square
	}
	if place == "" {
		button := fmt.Sprintf(`#moves button[data-move=%q]`, cm.Text)
		if get(t, ctx, "finding the button", chromedp.Evaluate[bool](`!!document.querySelector('`+button+`').closest("details:not([open])")`)) {
			click(fmt.Sprintf(`#moves details[data-kind=%q] summary`, cm.Kind))
		}
		click(button)
	} else {
		click(fmt.Sprintf(`#targets [data-target=%q]`, place))
		if readState(t, ctx).Menu {
			click(fmt.Sprintf(`#menu button[data-move=%q]`, cm.Text))
		}
	}
	if cm.Cost != "" {
		act(t, ctx, "waiting for the confirmation", waitFor(`!document.getElementById("confirm").hidden`))
		click("#confirm-yes")
	}
	return clicks
}

// fewestMoves returns the square of squares that holds the fewest moves
// on the page's board.
func fewestMoves(t *testing.T, ctx context.Context, squares []string) string {
	t.Helper()
	counts := get(t, ctx, "counting the moves of the squares", chromedp.Evaluate[[]int](fmt.Sprintf(
		`%s.map(sq => movesByPlace(game, buildKind).get("sq-" + sq)?.length || 99)`, mustJSONString(squares))))
	best := 0
	for i, n := range counts {
		if n < counts[best] {
			best = i
		}
	}
	return squares[best]
}

func mustJSONString(v []string) string {
	return `["` + strings.Join(v, `","`) + `"]`
}

// TestBrowserClicks measures the clicks a turn of a person: red, a person
// who plays as the greedy bot would (each move chosen by bots.Greedy from
// red's view), plays ten turns against two greedy bots on the page by
// clicking as clickMove does, once with the seat's setting that plays
// the only legal move for it and once without. It logs the median and
// the mean of the clicks a turn (the issue measured a median of 6 before
// this page played a seat's only move and offered one place's one move
// without a menu), and checks that the setting saves clicks and plays
// nothing but a free only move.
func TestBrowserClicks(t *testing.T) {
	ctx := browser(t)
	act(t, ctx, "a laptop's screen", emulate(screens[3]))
	var medians [2]float64
	for i, auto := range []bool{true, false} {
		s, ts := testServer(t, options{MaxGames: 4, Idle: time.Minute, MaxTurns: 300, Seed: 41, BotDelay: time.Millisecond})
		c := create(t, ts, `{"seats": ["human", "greedy", "greedy"]}`)
		act(t, ctx, "opening red's page", chromedp.Navigate(fresh(c.Seats[0].URL)),
			waitFor(`game !== null`), chromedp.Evaluate[chromedp.Void](`ALERT.autoDelayMs = 0`))
		if auto {
			act(t, ctx, "asking for the only moves to be played", waitFor(`!document.getElementById("settings").hidden`), jsClick("#auto"))
		}
		turns := playClicking(t, ctx, s, c.ID, 10)
		medians[i] = median(turns)
		t.Logf("auto-play %v: clicks in each of red's turns %v: median %.1f, mean %.2f", auto, turns, medians[i], mean(turns))
	}
	if medians[0] >= medians[1] {
		t.Errorf("the clicks a turn: a median of %.1f playing the only moves, %.1f without", medians[0], medians[1])
	}
}

// playClicking plays red's decisions on the page until red has played n
// whole turns, and returns the clicks of each turn (the decisions taken
// while red is the active player).
func playClicking(t *testing.T, ctx context.Context, s *server, id string, n int) []int {
	t.Helper()
	greedy := bots.NewGreedy(41)
	byKind := map[string][2]int{} // a kind's moves and clicks
	defer func() { t.Logf("moves and clicks by kind: %v", byKind) }()
	var turns []int
	turn, clicks := -1, 0
	for step := 0; len(turns) < n; step++ {
		if step > 2000 {
			t.Fatal("the turns did not end")
		}
		g, _, _ := gameOf(s, id)
		if g.Over() {
			t.Fatal("the game ended")
		}
		if g.Active() == 0 && g.Turn() != turn {
			if turn >= 0 {
				turns = append(turns, clicks)
			}
			turn, clicks = g.Turn(), 0
		}
		if g.ToMove() != 0 {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		v := versionOf(s, id)
		act(t, ctx, "waiting for red's page", waitFor(fmt.Sprintf(`game && game.version >= %d && !busy`, v)))
		legal := g.Legal()
		played := get(t, ctx, "reading the page", chromedp.Evaluate[bool](fmt.Sprintf(`game.version > %d || !!autoMove(game)`, v)))
		if played { // the page plays it for red, or has
			if len(legal) != 1 || !slices.Contains([]elasund.MoveKind{elasund.Roll, elasund.EndBuilding, elasund.TakeGold, elasund.EndTurn}, legal[0].Kind) {
				t.Fatalf("the page played a move for red, of the legal %v", legal)
			}
		} else {
			m, err := greedy.Choose(viewOf(s, id, 0))
			if err != nil {
				t.Fatal(err)
			}
			k := clickMove(t, ctx, m)
			clicks += k
			byKind[m.Kind.String()] = [2]int{byKind[m.Kind.String()][0] + 1, byKind[m.Kind.String()][1] + k}
		}
		act(t, ctx, "waiting for the move", waitFor(fmt.Sprintf(`game.version > %d`, v)))
	}
	return turns
}

func median(xs []int) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return float64(s[len(s)/2])
	}
	return float64(s[len(s)/2-1]+s[len(s)/2]) / 2
}

func mean(xs []int) float64 {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return float64(sum) / float64(max(len(xs), 1))
}
