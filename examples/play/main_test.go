package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
	"github.com/elasund/elasund/examples/internal/readme"
)

var update = flag.Bool("update", false, "rewrite the golden transcript")

// play runs the command in-process on args with script as its input, and
// returns the transcript and the exit status.
func play(t *testing.T, script string, args ...string) (string, int) {
	t.Helper()
	return playWith(t, bots.New, script, args...)
}

// playWith is play with the bots newBot makes. The system's temporary
// directory, where a record goes by default, is a new directory of the
// test's, so that no test leaves a file behind.
func playWith(t *testing.T, newBot botMaker, script string, args ...string) (string, int) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	var out bytes.Buffer
	status := runWith(strings.NewReader(script), &out, "play", args, newBot)
	return out.String(), status
}

// lines joins script lines.
func lines(l ...string) string { return strings.Join(l, "\n") + "\n" }

// readRecord reads and replays the record file at path.
func readRecord(t *testing.T, path string) (elasund.Record, *elasund.Game) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := elasund.ParseRecord(string(text))
	if err != nil {
		t.Fatalf("the saved record does not parse: %v\n%s", err, text)
	}
	g, err := r.Replay()
	if err != nil {
		t.Fatalf("the saved record does not replay: %v\n%s", err, text)
	}
	return r, g
}

// mustContain fails unless every one of wants is in transcript.
func mustContain(t *testing.T, transcript string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(transcript, w) {
			t.Errorf("the transcript lacks %q:\n%s", w, transcript)
		}
	}
}

// The scripted session of the golden transcript: seed 3, 2 players, the
// person red against a random bot. Red's first decision is a steer (the
// ship rolled into its own row), then red builds.
var sessionScript = lines(
	"help",
	"steer 7",        // not a move: no row 7
	"steer 4",        // a move the engine refuses: two rows from 9 are 6 and 11
	"2",              // steer 11, by number
	"build house a2", // refused: no permits there
	"board",
	"moves end",
	"moves",
	"1",    // wall Nd
	"undo", // back to the build decision
	"undo", // back to the steer
	"undo", // nothing left to undo
	"1",    // steer 6
	"end build",
	"3", // a permit, then the only bonus move, end turn, is played alone
	"foo bar",
	"0",
	"quit",
)

// TestSessionTranscript plays a scripted session (numbers, notation, a
// malformed and a refused move, help, board, moves, undo, quit) and checks
// its transcript: against the golden file testdata/session.golden
// (rewritten with -update), and line by line for what each input must
// bring; the record saved replays the moves played.
func TestSessionTranscript(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	out, status := play(t, sessionScript, "-players", "2", "-bots", "random", "-seed", "3", "-maxturns", "30", "-record", path)
	if status != 0 {
		t.Fatalf("exit status %d:\n%s", status, out)
	}
	golden := filepath.Join("testdata", "session.golden")
	got := strings.ReplaceAll(out, dir, "DIR")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the transcript differs from %s (go test -run TestSessionTranscript -update rewrites it):\n%s", golden, got)
	}

	// The position of the steer decision, from the record.
	r, final := readRecord(t, path)
	g, err := elasund.New(r.Config)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		if g.Phase() == elasund.PhaseSteer {
			break
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != elasund.PhaseSteer || g.ToMove() != 0 {
		t.Fatalf("the record never reaches red's steer: %v", r)
	}
	steer4, _ := elasund.ParseMove("steer 4")
	afterSteer := *g
	afterSteer.Apply(elasund.Move{Kind: elasund.Steer, Row: 11})
	house, _ := elasund.ParseMove("build house a2")
	// The refusals are the rules', said in plain words with their sections.
	if !errors.Is(g.Check(steer4), elasund.ErrIllegalMove) || !errors.Is(afterSteer.Check(house), elasund.ErrIllegalMove) {
		t.Fatal("the game does not refuse steer 4 and build house a2")
	}
	mustContain(t, out,
		"red steers the ship two rows up or down.",
		"Steer the ship:    1) steer 6     2) steer 11\nred> ",
		"red> help\nAt your decision, type one of:",
		"red> steer 7\nThat is not a move I can read.\nType help for the commands, moves for your moves.\n",
		"red> steer 4\nRefused: The same number came up again, so the ship must move exactly two rows north or south (row 7 does not count). (rules §4.1)\n",
		"red> 2\nred (you): steer 11\n",
		"red> build house a2\nRefused: Too few permits lie under that building's squares: it needs 1, or 2 for a tavern or shop, or 3 for a large building, and everyone's permits count. (rules §6.2)\n",
		"red> board\n\n"+afterSteer.View(0).String()+"\nYour hand: ",
		"red> moves end\nDone building:",
		"red> 1\nred (you): wall Nd\n",
		"red> undo\nUndone: 1 move taken back, to your decision in turn 2.\n",
		"red> undo\nNothing to undo: you have made no decision yet.\n",
		"red> 1\nred (you): steer 6\n",
		"red> end build\nred (you): end build\n",
		"red (you): end turn\n\n--- Turn 3: blue (random) ---\n",
		"red> foo bar\nThat is not a move I can read.\nType help for the commands, moves for your moves.\n",
		"red> 0\nThere is no move 0: your moves are numbered 1 to ",
		"red> quit\nYou left the game in turn 4.\nThe game was abandoned; Red and Blue share the lead with 0 cubes.\n"+
			"Standings after turn 4:\n  1. red (you): 0 cubes\n  1. blue (random): 0 cubes\n",
		fmt.Sprintf("The record (%d moves) is saved to %s\nReplay it with: go run ./examples/replay %s\n", len(r.Moves), path, path),
	)
	if strings.Contains(out, "elasund:") || strings.Contains(out, "illegal move") {
		t.Errorf("the transcript shows the engine's text:\n%s", out)
	}
	if strings.Count(out, "red> undo\nUndone:") != 2 {
		t.Errorf("two undos should have gone back:\n%s", out)
	}
	// What was undone is not in the record: red steered to 6 and built
	// no wall.
	text := r.String()
	if !strings.Contains(text, "steer 6") || strings.Contains(text, "steer 11") || strings.Contains(text, "wall Nd") {
		t.Errorf("the record keeps undone moves:\n%s", text)
	}
	if r.Over || final.Over() || final.Turn() != 4 || r.Tags["Red"] != "human" || r.Tags["Blue"] != "bot random" {
		t.Errorf("record: over %v, turn %d, tags %v", r.Over, final.Turn(), r.Tags)
	}
}

// TestWholeGame answers 1 to every decision until the game ends (at a
// turn limit, won by the person, won by a bot): the referee's final
// picture is printed, then how the game ended in words and the standings
// of its Outcome (the winner first, then by cubes, equal cubes sharing a
// place), the record is saved in the -records directory and replays to
// that game with that result; until the end, the person saw no other
// player's influence colours.
func TestWholeGame(t *testing.T) {
	for _, tc := range []struct {
		players, seat, seed, maxTurns string
		result                        string // %d: the last turn
	}{
		{"3", "1", "12", "30", "The game reached its turn limit; Green leads with 3 cubes.\nStandings after turn 30:\n" +
			"  1. green (random): 3 cubes\n  2. red (random): 1 cube\n  2. blue (you): 1 cube"},
		{"2", "0", "2", "0", "Red won by placing all 10 cubes.\nStandings after turn %d:\n  1. red (you): 10 cubes\n  2. blue (random): 4 cubes"},
		{"2", "0", "3", "0", "Blue won by placing all 10 cubes.\nStandings after turn %d:\n  1. blue (random): 10 cubes\n  2. red (you): 5 cubes"},
	} {
		dir := t.TempDir()
		out, status := play(t, strings.Repeat("1\n", 5000),
			"-players", tc.players, "-bots", "random", "-seat", tc.seat, "-seed", tc.seed, "-maxturns", tc.maxTurns, "-records", dir)
		if status != 0 {
			t.Fatalf("exit status %d:\n%s", status, out)
		}
		files, err := filepath.Glob(filepath.Join(dir, "elasund-play-"+tc.seed+"-*.txt"))
		if err != nil || len(files) != 1 {
			t.Fatalf("record files %v (%v)", files, err)
		}
		r, g := readRecord(t, files[0])
		if !g.Over() || !r.Over {
			t.Fatalf("the game did not end: over %v, record over %v", g.Over(), r.Over)
		}
		result := tc.result
		if strings.Contains(result, "%d") {
			result = fmt.Sprintf(result, g.Turn())
		}
		end := "\n=== Game over: every card shown ===\n\n" + g.String() + "\n" + result + "\n" +
			fmt.Sprintf("The record (%d moves) is saved to %s\n", len(r.Moves), files[0])
		mustContain(t, out, end)

		// Before the end, every panel line of the others shows a number
		// of cards, never colours; the person's shows colours.
		me := g.Color(elasund.Player(tc.seat[0] - '0')).String()
		play, _, _ := strings.Cut(out, "=== Game over")
		colours := regexp.MustCompile(`^ [ >*] (red|blue|green) +\d+  (b\d+ g\d+ y\d+|\d+ cards?) `)
		seen := map[string]int{}
		for _, l := range strings.Split(play, "\n") {
			m := colours.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			seen[m[1]]++
			if shown := strings.HasPrefix(m[2], "b"); shown != (m[1] == me) {
				t.Fatalf("the person (%s) sees %s's cards as %q", me, m[1], m[2])
			}
		}
		if n := strings.Count(play, me+"> 1\n"); n < 10 || seen[me] != n || seen["red"] != seen["blue"] {
			t.Errorf("%d decisions answered; panel lines seen: %v", n, seen)
		}
	}
}

// TestUndoPlaysTheSameAgain: a game that goes back several decisions, over
// the bots' turn and its dice, and then chooses as before is the same game
// as one played straight: the same record and the same transcript from
// there on (the dice come from the game's seed, the bots are re-seeded
// from the game's seed and the moves before).
func TestUndoPlaysTheSameAgain(t *testing.T) {
	args := []string{"-players", "3", "-bots", "random", "-seed", "5", "-maxturns", "40"}
	dir := t.TempDir()
	straightPath, undonePath := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	straight, status := play(t, strings.Repeat("1\n", 20)+"quit\n", append(args, "-record", straightPath)...)
	if status != 0 {
		t.Fatal(straight)
	}
	back := 6
	script := strings.Repeat("1\n", 14) + strings.Repeat("undo\n", back) + strings.Repeat("1\n", 6+back) + "quit\n"
	undone, status := play(t, script, append(args, "-record", undonePath)...)
	if status != 0 {
		t.Fatal(undone)
	}
	a, _ := readRecord(t, straightPath)
	b, _ := readRecord(t, undonePath)
	if a.String() != b.String() {
		t.Fatalf("the records differ:\n%s\n%s", a, b)
	}
	// The undos went back over another player's turn.
	re := regexp.MustCompile(`Undone: (\d+) moves? taken back, to your decision in turn (\d+)\.`)
	all := re.FindAllStringSubmatch(undone, -1)
	if len(all) != back {
		t.Fatalf("%d undos answered:\n%s", len(all), undone)
	}
	before := strings.Split(undone, "red> undo\n")[0]
	turns := regexp.MustCompile(`--- Turn (\d+)`).FindAllStringSubmatch(before, -1)
	lastTurn, _ := strconv.Atoi(turns[len(turns)-1][1])
	backTo, _ := strconv.Atoi(all[back-1][2])
	if backTo >= lastTurn {
		t.Errorf("undo went back to turn %d from turn %d: not over another player's turn", backTo, lastTurn)
	}
	// From the decision gone back to, the transcripts agree.
	tail := undone[strings.LastIndex(undone, "red> undo\n")+len("red> undo\n"):]
	tail = tail[strings.Index(tail, "\n")+1:] // after the "Undone" line
	tail = strings.ReplaceAll(tail, undonePath, straightPath)
	if !strings.HasSuffix(straight, tail) {
		t.Errorf("after undo the game went differently:\n%s\n---- straight:\n%s", tail, straight)
	}
}

// TestEndOfInput: input that ends stops the game cleanly, with the record
// so far saved; so does quit at the first decision.
func TestEndOfInput(t *testing.T) {
	for _, script := range []string{"", "board\n", "quit\n", "  \nq\n"} {
		path := filepath.Join(t.TempDir(), "game.txt")
		out, status := play(t, script, "-seed", "3", "-bots", "random", "-record", path)
		if status != 0 {
			t.Errorf("input %q: exit status %d", script, status)
		}
		ending := "\nEnd of input.\nYou left the game in turn 2.\n"
		if strings.Contains(script, "q") {
			ending = "red> q"
		}
		mustContain(t, out, ending, "You left the game in turn 2.\nThe game was abandoned; Red and Blue share the lead with 0 cubes.\n"+
			"Standings after turn 2:\n  1. red (you): 0 cubes\n  1. blue (random): 0 cubes\nThe record (5 moves) is saved to "+path)
		r, g := readRecord(t, path)
		if r.Over || g.Turn() != 2 || g.ToMove() != 0 || r.Tags["Termination"] != "abandoned" {
			t.Errorf("input %q: the record stops in turn %d with %v to move, tags %v", script, g.Turn(), g.ToMove(), r.Tags)
		}
	}
}

// TestBadFlags: a bad flag or value exits with status 2 and says why; -h
// prints the usage, under the command's name, and exits 0; the help of
// -bots names ismcts:N.
func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuch"}, "flag provided but not defined: -nosuch"},
		{[]string{"-players", "5"}, "play: -players 5: Elasund is for 2 to 4 players"},
		{[]string{"-players", "1"}, "play: -players 1: Elasund is for 2 to 4 players"},
		{[]string{"-bots", "random,random,random,random"}, "play: -players 5: Elasund is for 2 to 4 players"},
		{[]string{"-players", "2", "-bots", "random,random"}, "play: 2 bots named for the 1 other seats"},
		{[]string{"-bots", "nosuch"}, `play: bots: unknown bot "nosuch"`},
		{[]string{"-seat", "2"}, "play: -seat 2: the seats are 0 to 1"},
		{[]string{"-seat", "-1"}, "play: -seat -1: the seats are 0 to 1"},
		{[]string{"-rules", "chess"}, "play: -rules: "},
		{[]string{"-maxturns", "-3"}, "play: -maxturns -3"},
		{[]string{"-seed", "x"}, `invalid value "x" for flag -seed`},
		{[]string{"-record", "a", "-records", "b"}, "play: give -record or -records, not both"},
		{[]string{"extra"}, `play: unexpected arguments ["extra"]`},
	} {
		out, status := play(t, "", tc.args...)
		if status != 2 || !strings.Contains(out, tc.want) || !strings.Contains(out, "usage: play") {
			t.Errorf("%q: exit status %d, output\n%s\nwant status 2, %q and the usage", tc.args, status, out, tc.want)
		}
	}
	for _, h := range []string{"-h", "-help", "--help"} {
		var b bytes.Buffer
		status := runWith(strings.NewReader(""), &b, "elasund-play", []string{h}, bots.New)
		out := b.String()
		if status != 0 || !strings.HasPrefix(out, "usage: elasund-play [-players N]") || !strings.Contains(out, "-maxturns") ||
			!strings.Contains(out, "or ismcts:N for an ISMCTS bot that searches N iterations a move") {
			t.Errorf("%s: status %d:\n%s", h, status, out)
		}
	}
	var b bytes.Buffer
	if status := runWith(strings.NewReader(""), &b, "elasund-play", []string{"-seat", "9"}, bots.New); status != 2 ||
		!strings.HasPrefix(b.String(), "elasund-play: -seat 9: the seats are 0 to 1\nusage: elasund-play ") {
		t.Errorf("-seat 9 as elasund-play: status %d:\n%s", status, b.String())
	}
}

// TestCommandName: the command's name in its usage and messages is the
// file name it was run as.
func TestCommandName(t *testing.T) {
	for _, tc := range []struct{ arg0, want string }{
		{"play", "play"},
		{"/tmp/go-build123/b001/exe/play", "play"},
		{"./bin/elasund-play", "elasund-play"},
		{`elasund-play.exe`, "elasund-play"},
		{"", "play"},
		{"/", "play"},
	} {
		if got := commandName(tc.arg0); got != tc.want {
			t.Errorf("commandName(%q) = %q, want %q", tc.arg0, got, tc.want)
		}
	}
}

// TestDefaults: with no flags, the person plays red against one bot (the
// default bot), at most defaultMaxTurns turns, the record saved in the
// temporary directory; the seed is a secret the referee draws, a new one
// each game, shown only at the end with the record; -bots fills the other
// seats in order, repeating.
func TestDefaults(t *testing.T) {
	seeds := map[string]bool{}
	for range 2 {
		out, status := play(t, "")
		if status != 0 {
			t.Fatal(out)
		}
		if !regexp.MustCompile(`^Elasund, 2 players, a secret seed \(shown at the end\), rules default, at most 200 turns\.\nSeats: red \(you\), blue \(` + defaultBot() + `\)\.\n`).MatchString(out) {
			t.Fatalf("transcript:\n%s", out)
		}
		m := regexp.MustCompile(`\nThe record \(\d+ moves?\) is saved to (.*)\nReplay it with: .*\nThe game's seed, secret until now, was (\d+)\.\n$`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("the transcript does not end with the record and the seed:\n%s", out)
		}
		path, seed := m[1], m[2]
		if seeds[seed] || strings.Contains(out[:len(out)-len(m[0])], seed) {
			t.Errorf("seed %s shown before the end, or drawn twice (%v):\n%s", seed, seeds, out)
		}
		seeds[seed] = true
		// The record goes to a new file in the temporary directory (the
		// test's: see playWith), named with the seed, and holds it.
		if dir, name := filepath.Split(path); filepath.Clean(dir) != filepath.Clean(os.TempDir()) || !strings.HasPrefix(name, "elasund-play-"+seed+"-") {
			t.Errorf("the record went to %s", path)
		}
		if r, _ := readRecord(t, path); strconv.FormatUint(r.Config.Seed, 10) != seed {
			t.Errorf("the record's seed is %d; the transcript says %s", r.Config.Seed, seed)
		}
	}
	opts, err := parseFlags(&bytes.Buffer{}, "play", []string{"-players", "4", "-seat", "2", "-bots", "random,other"}, fakeBots(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(opts.bots, ","); got != "random,other,,random" {
		t.Errorf("seats %q", got)
	}
}

// fakeBot is a bot for the tests: it does what act says with the view.
type fakeBot struct {
	name string
	act  func(v elasund.View) (elasund.Move, error)
}

func (b fakeBot) Name() string                                { return b.name }
func (b fakeBot) Choose(v elasund.View) (elasund.Move, error) { return b.act(v) }

// fakeBots makes the bots of bots.New and "other" (a random bot), and the
// fake bots of acts by name.
func fakeBots(t *testing.T, acts map[string]func(v elasund.View) (elasund.Move, error)) botMaker {
	return func(name string, seed uint64) (bots.Bot, error) {
		if act, ok := acts[name]; ok {
			return fakeBot{name, act}, nil
		}
		if name == "other" {
			name = "random"
		}
		return bots.New(name, seed)
	}
}

// TestBotFailures: a bot that panics, errs or chooses a move the referee
// refuses (one of another phase, a roll forced to chosen dice) forfeits
// the game (exit status 1) and the session says why, a refusal in plain
// words with the rule's section, then that the person wins and the
// standings, the forfeiting seat last; the record so far is saved, with
// the forfeit in its Termination tag. A bot is handed only its own seat's
// view, when it decides.
func TestBotFailures(t *testing.T) {
	var views []elasund.View
	acts := map[string]func(v elasund.View) (elasund.Move, error){
		"panicky": func(elasund.View) (elasund.Move, error) { panic("boom") },
		"erring":  func(elasund.View) (elasund.Move, error) { return elasund.Move{}, errors.New("no idea") },
		"illegal": func(elasund.View) (elasund.Move, error) { return elasund.Move{Kind: elasund.EndTurn}, nil },
		"forcing": func(v elasund.View) (elasund.Move, error) {
			return elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}}, nil
		},
		"spy": func(v elasund.View) (elasund.Move, error) {
			views = append(views, v)
			return v.Legal()[0], nil
		},
	}
	// The referee's reasons for the moves at the start of the game of seed
	// 3, where blue rolls first.
	tab, err := elasund.NewTable(elasund.Config{Players: 2, Seed: 3, MaxTurns: defaultMaxTurns})
	if err != nil || tab.ToMove() != 1 {
		t.Fatalf("%v, %v to move", err, tab.ToMove())
	}
	refused := func(m elasund.Move, why error) {
		if err := tab.Check(1, m); !errors.Is(err, why) {
			t.Fatalf("the table refuses %v with %v, not %v", m, err, why)
		}
	}
	refused(elasund.Move{Kind: elasund.EndTurn}, elasund.ErrWrongPhase)
	refused(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}}, elasund.ErrChance)
	for _, tc := range []struct{ bot, want string }{
		{"panicky", "blue (panicky) failed: it panicked: boom\n"},
		{"erring", "blue (erring) failed: no idea\n"},
		{"illegal", "blue (illegal) failed: it chose \"end turn\", which the rules refuse: " +
			"That kind of move is not allowed at this point of the turn. (rules §4)\n"},
		{"forcing", "blue (forcing) failed: it chose \"roll 6 6\", which the rules refuse: The table rolls the dice for you. (rules §13)\n"},
	} {
		path := filepath.Join(t.TempDir(), "game.txt")
		out, status := playWith(t, fakeBots(t, acts), "", "-seed", "3", "-bots", tc.bot, "-record", path)
		if strings.Contains(out, "\nblue ("+tc.bot+"): ") {
			t.Errorf("%s: a move was played:\n%s", tc.bot, out)
		}
		if status != 1 {
			t.Errorf("%s: exit status %d", tc.bot, status)
		}
		mustContain(t, out, tc.want+"Blue left the table, so Red wins.\nStandings after turn 1:\n  1. red (you): 0 cubes\n"+
			"  2. blue ("+tc.bot+"): 0 cubes (forfeited)\nThe record (0 moves) is saved to "+path)
		if r, _ := readRecord(t, path); r.Tags["Termination"] != "forfeit blue" {
			t.Errorf("%s: the record's tags %v", tc.bot, r.Tags)
		}
	}
	out, status := playWith(t, fakeBots(t, acts), strings.Repeat("1\n", 30), "-players", "3", "-seed", "3", "-bots", "spy", "-maxturns", "5", "-records", t.TempDir())
	if status != 0 {
		t.Fatal(out)
	}
	if len(views) < 10 {
		t.Fatalf("the spies decided %d times", len(views))
	}
	for _, v := range views {
		if !v.Decides() || v.Viewer() == 0 || v.Viewer() == elasund.NoPlayer {
			t.Fatalf("a spy was handed the view of %v (decides: %v)", v.Viewer(), v.Decides())
		}
	}
}

// TestREADMEFlags: the flags the documents name for the command are its
// flags, and its manual, docs/play.md, names every one; the flags the
// command's doc comment names are its flags.
func TestREADMEFlags(t *testing.T) {
	usage, status := play(t, "", "-h")
	if status != 0 {
		t.Fatal(usage)
	}
	readme.Check(t, "play", usage, "docs/play.md")
	doc, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	docComment, _, _ := strings.Cut(string(doc), "package main")
	flagRe := regexp.MustCompile("(?:^|[ `\\[])-([a-z]+)\\b")
	found := flagRe.FindAllStringSubmatch(docComment, -1)
	if len(found) < 5 {
		t.Errorf("the doc comment names only %d flags", len(found))
	}
	for _, f := range found {
		if !strings.Contains(usage, "  -"+f[1]+" ") && !strings.Contains(usage, "  -"+f[1]+"\n") {
			t.Errorf("the doc comment names -%s, which is not a flag:\n%s", f[1], usage)
		}
	}
}

// TestCommand builds the command and plays a short session through its
// standard input and output: input that is not a terminal is echoed after
// the prompt, and the exit status is the run's; -h prints the usage under
// the binary's name.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "elasund-play")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	path := filepath.Join(dir, "game.txt")
	cmd := exec.Command(bin, "-seed", "3", "-bots", "random", "-record", path)
	cmd.Stdin = strings.NewReader("moves\n2\nquit\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, string(out), "red> moves\nSteer the ship:", "red> 2\nred (you): steer 11\n", "red> quit\nYou left the game in turn 2.\n")
	readRecord(t, path)
	var exit *exec.ExitError
	if err := exec.Command(bin, "-players", "9").Run(); !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Errorf("-players 9: %v; want exit status 2", err)
	}
	// -h prints the usage under the name the command was run as, and
	// is no error.
	if out, err := exec.Command(bin, "-h").CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "usage: elasund-play [") {
		t.Errorf("-h: %v\n%s", err, out)
	}
}
