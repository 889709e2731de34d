package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// tableAt returns a table of r's game with r's moves played, rolls as plain
// rolls, each for the seat that decides: the referee's position where the
// record stops.
func tableAt(t *testing.T, r elasund.Record) *elasund.Table {
	t.Helper()
	tab, err := elasund.NewTable(r.Config)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		if m.Kind == elasund.Roll {
			m.Dice = [2]uint8{}
		}
		if _, err := tab.Play(tab.ToMove(), m); err != nil {
			t.Fatalf("the record does not replay at a table: %v", err)
		}
	}
	return tab
}

// TestPersonCannotForceRoll: a roll forced to chosen dice, typed at any
// decision, is refused with the table's reason (chance is the referee's)
// and the game goes on unchanged: quitting then saves the record that
// quitting at once does. A plain roll out of its phase is refused too, for
// its own reason.
func TestPersonCannotForceRoll(t *testing.T) {
	args := []string{"-players", "2", "-bots", "random", "-seed", "3", "-maxturns", "30"}
	for _, tc := range []struct {
		before []string // the decisions before, played by the person
		input  string
		why    error
	}{
		{nil, "roll 6 6", elasund.ErrChance},           // at the steer decision
		{nil, "roll 1 2", elasund.ErrChance},           // dice that differ
		{[]string{"1"}, "roll 6 6", elasund.ErrChance}, // at the build decision
		{[]string{"1"}, "roll", elasund.ErrWrongPhase},
	} {
		dir := t.TempDir()
		at, moved := filepath.Join(dir, "at.txt"), filepath.Join(dir, "after.txt")
		prefix := strings.Join(append(tc.before, ""), "\n")
		if out, status := play(t, prefix+"quit\n", append(args, "-record", at)...); status != 0 {
			t.Fatal(out)
		}
		r, _ := readRecord(t, at)
		m, err := elasund.ParseMove(tc.input)
		if err != nil {
			t.Fatal(err)
		}
		tab := tableAt(t, r)
		want := tab.Check(0, m)
		if !errors.Is(want, tc.why) || !errors.Is(want, elasund.ErrIllegalMove) {
			t.Fatalf("%q: the table says %v; want %v", tc.input, want, tc.why)
		}
		out, status := play(t, prefix+tc.input+"\nquit\n", append(args, "-record", moved)...)
		if status != 0 {
			t.Fatal(out)
		}
		mustContain(t, out, "red> "+tc.input+"\nRefused: "+want.Error()+"\nred> quit\n")
		if after, _ := readRecord(t, moved); after.String() != r.String() {
			t.Errorf("%q changed the game:\n%s\nwant\n%s", tc.input, after, r)
		}
	}
}

// TestBotMoveRefused: the session plays a bot's move for the seat it asked,
// and the table decides: a roll forced to chosen dice, a move of another
// phase, or a move that is listed but for another seat than the bot's (a
// bot answering a decision that is not its seat's) is refused with the
// table's reason and is the bot's failure; nothing is played.
func TestBotMoveRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		asked  func(s *session) elasund.Player // the seat the session asks
		choose func(s *session, v elasund.View) elasund.Move
		why    error
	}{
		{"forced roll", (*session).deciding, func(*session, elasund.View) elasund.Move {
			return elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}}
		}, elasund.ErrChance},
		{"other phase", (*session).deciding, func(*session, elasund.View) elasund.Move {
			return elasund.Move{Kind: elasund.EndTurn}
		}, elasund.ErrWrongPhase},
		{"other seat", (*session).waiting, func(s *session, v elasund.View) elasund.Move {
			if v.Decides() {
				t.Errorf("the bot of a seat that does not decide was handed a deciding view")
			}
			return s.t.Legal(s.t.ToMove())[0]
		}, elasund.ErrNotYourDecision},
	} {
		var s *session
		var out bytes.Buffer
		newBot := fakeBots(t, map[string]func(v elasund.View) (elasund.Move, error){
			"fake": func(v elasund.View) (elasund.Move, error) { return tc.choose(s, v), nil },
		})
		opts, err := parseFlags(&out, "play", []string{"-players", "3", "-bots", "fake", "-seed", "3"}, newBot)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = newSession(strings.NewReader(""), &out, opts, newBot); err != nil {
			t.Fatal(err)
		}
		before := s.t.View(elasund.NoPlayer)
		out.Reset()
		err = s.botMove(tc.asked(s))
		if !errors.Is(err, tc.why) || !errors.Is(err, elasund.ErrIllegalMove) || !strings.Contains(err.Error(), "which the referee refused") {
			t.Errorf("%s: %v; want the referee's refusal, %v", tc.name, err, tc.why)
		}
		if s.t.Len() != 0 || s.t.View(elasund.NoPlayer) != before || out.Len() != 0 {
			t.Errorf("%s: %d moves played, output %q", tc.name, s.t.Len(), out.String())
		}
	}
}

// deciding is the seat that decides now; for the tests.
func (s *session) deciding() elasund.Player { return s.t.ToMove() }

// waiting is a bot's seat that does not decide now; for the tests.
func (s *session) waiting() elasund.Player {
	for p := elasund.Player(0); int(p) < s.t.Players(); p++ {
		if p != s.opts.seat && p != s.t.ToMove() {
			return p
		}
	}
	return elasund.NoPlayer
}

// TestUndoSameDiceAndBots: going back several decisions, over the bots'
// turns and their rolls, and choosing as before, the dice fall and the
// bots play as they did: the transcript from the decision gone back to
// repeats the first one's. So with a fixed seed and with the secret seed
// the table draws (and the secret bots' key).
func TestUndoSameDiceAndBots(t *testing.T) {
	const ahead, back = 14, 6
	script := strings.Repeat("1\n", ahead) + strings.Repeat("undo\n", back) + strings.Repeat("1\n", back) + "quit\n"
	for _, tc := range []struct {
		prompt string
		args   []string
	}{
		{"red> ", []string{"-players", "3", "-bots", "random,greedy"}},
		{"red> ", []string{"-players", "3", "-bots", "random,greedy", "-seed", "11"}},
		{"green> ", []string{"-players", "4", "-bots", "random", "-seat", "2", "-maxturns", "50"}},
	} {
		args, prompt := tc.args, tc.prompt
		path := filepath.Join(t.TempDir(), "game.txt")
		out, status := play(t, script, append(args, "-record", path)...)
		if status != 0 {
			t.Fatal(out)
		}
		first, _, ok := strings.Cut(out, prompt+"undo\n")
		last := strings.LastIndex(out, "\nUndone: ")
		end := strings.LastIndex(out, prompt+"quit\n")
		if !ok || last < 0 || end < last || strings.Count(out, "\nUndone: ") != back {
			t.Fatalf("%q: the undos did not go back:\n%s", args, out)
		}
		again := out[last+1 : end]
		again = again[strings.Index(again, "\n")+1:] // after the "Undone" line
		if !strings.HasSuffix(first, again) {
			t.Errorf("%q: after undo the game went differently:\n%s\n---- first:\n%s", args, again, first)
		}
		// The stretch played again has the bots' moves and their dice.
		if !strings.Contains(again, "(random): roll ") || !strings.Contains(again, "(random): ") {
			t.Errorf("%q: undo went back over no bot's roll:\n%s", args, again)
		}
		readRecord(t, path)
	}
}

// TestReplay: replay makes the saved table and plays a log at it, rolls as
// plain rolls, to the same table; a log that is not the game's (dice that
// the seed does not roll, a move for a seat that does not decide, a move
// not legal) is refused with the move's number.
func TestReplay(t *testing.T) {
	tab, err := elasund.NewTable(elasund.Config{Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	start, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 1))
	for tab.Len() < 120 && !tab.Over() {
		legal := tab.Legal(tab.ToMove())
		if _, err := tab.Play(tab.ToMove(), legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	log := tab.Log()
	for _, n := range []int{0, 1, 40, len(log)} {
		got, err := replay(start, log[:n])
		if err != nil {
			t.Fatalf("%d moves: %v", n, err)
		}
		if !slices.Equal(got.Log(), log[:n]) {
			t.Errorf("%d moves: the log replays as %v", n, got.Log())
		}
	}
	got, _ := replay(start, log)
	for p := elasund.Player(0); p < 3; p++ {
		if got.View(p) != tab.View(p) {
			t.Errorf("seat %d sees another game after the replay", p)
		}
	}
	roll := 0
	for log[roll].Move.Kind != elasund.Roll || roll == 0 {
		roll++
	}
	for _, tc := range []struct {
		name   string
		change func(l []elasund.Entry) int // the number of the move changed
		is     error                       // the error's sentinel, if any
		want   string
	}{
		{"other dice", func(l []elasund.Entry) int {
			d := &l[roll].Move.Dice
			d[0] = d[0]%6 + 1
			return roll + 1
		}, nil, "the replay gave"},
		{"other seat", func(l []elasund.Entry) int { l[1].Player = (l[1].Player + 1) % 3; return 2 }, elasund.ErrNotYourDecision, "does not replay"},
		{"illegal", func(l []elasund.Entry) int { l[1].Move = elasund.Move{Kind: elasund.Roll}; return 2 }, elasund.ErrWrongPhase, "does not replay"},
	} {
		bad := slices.Clone(log)
		n := tc.change(bad)
		_, err := replay(start, bad)
		if err == nil || (tc.is != nil && !errors.Is(err, tc.is)) || !strings.Contains(err.Error(), tc.want) ||
			!strings.HasPrefix(err.Error(), fmt.Sprintf("move %d", n)) {
			t.Errorf("%s: %v; want an error naming move %d, %v and %q", tc.name, err, n, tc.is, tc.want)
		}
	}
	if _, err := replay([]byte("not a table"), nil); !errors.Is(err, elasund.ErrBadEncoding) {
		t.Errorf("a bad saved table: %v", err)
	}
}
