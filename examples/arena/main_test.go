package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/internal/testbot"
	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/internal/cleantest"
)

// arenaEnv is the environment variable that makes the test binary the
// command, run on its arguments, in a process of its own, as a user would
// run it: a bot then reads the command's real command line under /proc.
const arenaEnv = "ARENA_TEST_COMMAND"

func TestMain(m *testing.M) {
	tourney.Supervise() // acts as a bot's supervisor when the arena starts it so
	if os.Getenv(arenaEnv) == "1" {
		os.Unsetenv(arenaEnv) // its bots are bots
		main()
	}
	testbot.Main(guess) // acts as an external bot when a test starts it so
	os.Exit(cleantest.Main(m))
}

// guess is the cheating test bot's Guesser: it takes word for the seed,
// then for the key, of a tournament, dealt by deal or by seating (of the
// cheat tests' two).
func guess(word string, deals int) []uint64 {
	var seeds []uint64
	if seed, err := strconv.ParseUint(word, 10, 64); err == nil {
		for d := range deals {
			seeds = append(seeds, tourney.GameSeed(seed, d), tourney.SeatingSeed(seed, d, 0), tourney.SeatingSeed(seed, d, 1))
		}
	}
	if key, err := tourney.ParseKey(word); err == nil {
		for d := range deals {
			seeds = append(seeds, key.DealSeed(d), key.SeatingSeed(d, 0), key.SeatingSeed(d, 1))
		}
	}
	return seeds
}

// run runs the command and returns its exit status, output and messages.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runIn(t, strings.NewReader(""), args...)
}

// runIn runs the command with stdin as its standard input.
func runIn(t *testing.T, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli(context.Background(), args, stdin, &out, &errOut, false)
	resetDumpable() // for the next run, which may make sandboxes (the command runs once)
	return code, out.String(), errOut.String()
}

// TestCLIDeterministic: the same seed gives the same output, byte for
// byte, in every format, whatever -parallel is.
func TestCLIDeterministic(t *testing.T) {
	for _, format := range []string{"text", "csv", "json"} {
		var outs []string
		for _, parallel := range []string{"1", "2", "3"} {
			code, out, errOut := run(t, "-bots", "random,random,random", "-players", "3", "-games", "24",
				"-seed", "3", "-maxturns", "150", "-parallel", parallel, "-format", format)
			if code != 0 {
				t.Fatalf("-format %s -parallel %s: exit status %d: %s", format, parallel, code, errOut)
			}
			outs = append(outs, out)
		}
		for i := 1; i < len(outs); i++ {
			if outs[i] != outs[0] {
				t.Errorf("-format %s: the output differs with -parallel:\n%s\n%s", format, outs[0], outs[i])
			}
		}
	}
	_, a, _ := run(t, "-bots", "random,random", "-games", "20", "-seed", "1", "-format", "json")
	_, b, _ := run(t, "-bots", "random,random", "-games", "20", "-seed", "2", "-format", "json")
	if a == b {
		t.Error("seeds 1 and 2 give the same results")
	}
}

// jsonOut is the JSON output, as far as the tests read it.
type jsonOut struct {
	BotNames     []string `json:"botNames"`
	Players      int      `json:"players"`
	GamesPlanned int      `json:"gamesPlanned"`
	Seatings     int      `json:"seatings"`
	SeatingSeeds bool     `json:"seatingSeeds"`
	Seed         uint64   `json:"seed"`
	MaxTurns     int      `json:"maxTurns"`
	Rules        string   `json:"rules"`
	Games        int      `json:"games"`
	Draws        int      `json:"draws"`
	Bots         []struct {
		Name     string  `json:"name"`
		Games    int     `json:"games"`
		Wins     int     `json:"wins"`
		Draws    int     `json:"draws"`
		Losses   int     `json:"losses"`
		Forfeits int     `json:"forfeits"`
		Score    float64 `json:"score"`
		WinRate  float64 `json:"winRate"`
		Low      float64 `json:"winRateLow"`
		High     float64 `json:"winRateHigh"`
		Seats    []struct {
			Color string `json:"color"`
			Games int    `json:"games"`
			Wins  int    `json:"wins"`
		} `json:"seats"`
		Cubes float64 `json:"avgCubes"`
		Turns float64 `json:"avgTurns"`
		Elo   float64 `json:"elo"`
	} `json:"bots"`
	HeadToHead []struct {
		A, B  string
		Games int `json:"games"`
		AWins int `json:"aWins"`
	} `json:"headToHead"`
	Forfeits []struct {
		Game   int    `json:"game"`
		Bot    string `json:"bot"`
		Color  string `json:"color"`
		Reason string `json:"reason"`
	} `json:"forfeits"`
	EloAnchor string `json:"eloAnchor"`
	Checks    []struct {
		Claim string `json:"claim"`
		OK    bool   `json:"ok"`
	} `json:"checks"`
}

func decodeJSON(t *testing.T, out string) jsonOut {
	t.Helper()
	var j jsonOut
	d := json.NewDecoder(strings.NewReader(out))
	if err := d.Decode(&j); err != nil {
		t.Fatalf("the JSON output does not decode: %v\n%s", err, out)
	}
	if d.More() {
		t.Fatal("more than one JSON value")
	}
	return j
}

// TestCLIFormats: the CSV output is a well-formed table, a row per bot,
// and the JSON output one object whose numbers add up; the text output has
// its tables.
func TestCLIFormats(t *testing.T) {
	args := []string{"-bots", "random,r2=random,greedyish=random", "-players", "3", "-games", "13", "-seed", "5", "-check", "random:0"}
	code, out, errOut := run(t, append(args, "-format", "csv")...)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, out)
	}
	wantHead := "bot,games,wins,draws,losses,forfeits,score,win_rate,win_rate_low,win_rate_high,win_rate_red,win_rate_blue,win_rate_green,avg_cubes,avg_turns,elo"
	if len(rows) != 4 || strings.Join(rows[0], ",") != wantHead {
		t.Fatalf("CSV: %d rows, header %v", len(rows), rows[0])
	}
	for i, name := range []string{"random", "r2", "greedyish"} {
		row := rows[i+1]
		if row[0] != name {
			t.Errorf("row %d is %q; want %q", i+1, row[0], name)
		}
		for _, cell := range row[1:] {
			if _, err := strconv.ParseFloat(cell, 64); err != nil {
				t.Errorf("row %s: %q is not a number", name, cell)
			}
		}
	}

	code, out, _ = run(t, append(args, "-format", "json")...)
	if code != 0 {
		t.Fatal(code)
	}
	j := decodeJSON(t, out)
	// 13 games round up to 18: three deals of the 6 seatings.
	if j.GamesPlanned != 18 || j.Games != 18 || j.Seatings != 6 || j.Players != 3 || j.Seed != 5 || j.MaxTurns != 300 ||
		j.Rules != "default" || j.EloAnchor != "random" || len(j.Bots) != 3 || len(j.HeadToHead) != 6 || len(j.Checks) != 1 || !j.Checks[0].OK {
		t.Errorf("JSON: %+v", j)
	}
	wins, score := 0, 0.0
	for _, b := range j.Bots {
		wins += b.Wins
		score += b.Score
		seatGames := 0
		for _, s := range b.Seats {
			seatGames += s.Games
			if s.Games != 6 {
				t.Errorf("%s sat %d times in %s; want 6", b.Name, s.Games, s.Color)
			}
		}
		if b.Games != 18 || b.Wins+b.Draws+b.Losses != b.Games || seatGames != b.Games || !(b.Low <= b.WinRate && b.WinRate <= b.High) {
			t.Errorf("%s: %+v", b.Name, b)
		}
	}
	if wins+j.Draws != j.Games {
		t.Errorf("%d wins and %d draws in %d games", wins, j.Draws, j.Games)
	}
	if math.Abs(score-float64(j.Games)) > 1e-9 { // every game's returns sum to 1
		t.Errorf("the scores sum to %v in %d games", score, j.Games)
	}
	if j.Bots[0].Elo != 1000 {
		t.Errorf("random is rated %v; want the anchor, 1000", j.Bots[0].Elo)
	}

	code, out, _ = run(t, append(args, "-format", "text")...)
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"18 games of 3 players: 3 deals in 6 seatings; seed 5, default rules, draw at turn 300",
		"bot        games   wins  draws forfeits   score  win %        95% CI    red   blue  green  cubes  turns    Elo",
		"Elo anchored at random = 1000", "(score: 1 a win, 1/k a first place shared by k seats", "head to head", "claims:\n  random:0 holds: random won"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text output lacks %q:\n%s", want, out)
		}
	}
}

// TestCLIChecks: claims that hold exit 0, a claim that fails exits 1
// naming it on stderr, a bad claim exits 2 before any game.
func TestCLIChecks(t *testing.T) {
	base := []string{"-bots", "random,random", "-games", "40", "-seed", "1", "-format", "json"}
	_, out, _ := run(t, base...)
	j := decodeJSON(t, out)
	h := j.HeadToHead[0] // random against random#2
	rate := float64(h.AWins) / float64(h.Games)
	cases := []struct {
		checks []string
		code   int
		stderr string
	}{
		{[]string{"random>random#2:0"}, 0, ""},
		{[]string{fmt.Sprintf("random>random#2:%v", rate)}, 0, ""},
		{[]string{fmt.Sprintf("random>random#2:%v", rate+0.01)}, 1, "arena: claim random>random#2:"},
		{[]string{"random:0.1,random#2:0.1"}, 0, ""},
		{[]string{"random:0.1", "random#2:0.99"}, 1, "arena: 1 of 2 claims fail"},
		{[]string{"random:1%,random#2:100%"}, 1, "FAILS"},
		{[]string{"greedy>random:0.5"}, 2, `no bot is called "greedy"`},
		{[]string{"random>random#2"}, 2, "want bot>opponent:share"},
		{[]string{"random:2"}, 2, "not a number from 0 to 1"},
	}
	for _, c := range cases {
		args := append([]string(nil), base...)
		for _, ch := range c.checks {
			args = append(args, "-check", ch)
		}
		code, out, errOut := run(t, args...)
		if code != c.code || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%v: exit status %d, stderr %q; want %d and %q", c.checks, code, errOut, c.code, c.stderr)
		}
		if c.code == 2 && out != "" {
			t.Errorf("%v: a bad claim, yet output: %q", c.checks, out)
		}
	}
}

// TestCLIBadFlags: bad flags exit 2 with a message, before any game.
func TestCLIBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{}, "name at least two bots"},
		{[]string{"-bots", "random"}, "name at least two bots"},
		{[]string{"-bots", "random,nosuchbot"}, `unknown bot "nosuchbot"`},
		{[]string{"-bots", "random,random", "-players", "3"}, "2 bots for 3 seats"},
		{[]string{"-bots", "random,random", "-players", "5"}, "-players 5"},
		{[]string{"-bots", "random,random", "-games", "0"}, "-games 0"},
		{[]string{"-bots", "random,random", "-parallel", "0"}, "-parallel 0"},
		{[]string{"-bots", "random,random", "-maxturns", "0"}, "-maxturns 0"},
		{[]string{"-bots", "random,random", "-timeout", "0s"}, "-timeout 0s"},
		{[]string{"-bots", "random,random", "-format", "xml"}, `-format "xml"`},
		{[]string{"-bots", "random,random", "-rules", "house"}, "unknown rule option"},
		{[]string{"-bots", "random,exec:"}, "names no program"},
		{[]string{"-bots", "random,exec:/no/such/program"}, "/no/such/program"},
		{[]string{"-bots", "random,random", "extra"}, "unexpected arguments"},
		{[]string{"-nosuchflag"}, "flag provided but not defined"},
	}
	for _, c := range cases {
		code, out, errOut := run(t, c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit status %d, output %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	if code, out, _ := run(t, "-list"); code != 0 || !strings.Contains(out, "random\n") {
		t.Errorf("-list: %d %q", code, out)
	}
}

// TestCLIRecords: -records saves every game's record, named by game index
// and seed; each parses and replays to the winner the results count, with
// the bots' names and how the game ended in its tags.
func TestCLIRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	code, out, errOut := run(t, "-bots", "a=random,b=random,c=random", "-players", "3", "-games", "12", "-seed", "7",
		"-maxturns", "90", "-records", dir, "-format", "json")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	j := decodeJSON(t, out)
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 12 {
		t.Fatalf("%d records for 12 games", len(files))
	}
	name := regexp.MustCompile(`^game-(\d\d)-seed-(\d+)\.txt$`)
	wins := map[string]int{}
	draws := 0
	seedOfDeal := map[int]string{}
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
		m := name.FindStringSubmatch(f.Name())
		if m == nil {
			t.Fatalf("record %q is not named game-NN-seed-N.txt", f.Name())
		}
		index, _ := strconv.Atoi(m[1])
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := elasund.ParseRecord(string(data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		if strconv.FormatUint(rec.Config.Seed, 10) != m[2] || rec.Tags["Game"] != m[1][:0]+strconv.Itoa(index) {
			t.Errorf("%s: seed %d, game tag %q", f.Name(), rec.Config.Seed, rec.Tags["Game"])
		}
		deal := index / 6
		if s, ok := seedOfDeal[deal]; ok && s != m[2] {
			t.Errorf("deal %d has seeds %s and %s", deal, s, m[2])
		}
		seedOfDeal[deal] = m[2]
		g, err := rec.Replay()
		if err != nil || !rec.Over || !g.Over() {
			t.Fatalf("%s: replay: %v (over %v)", f.Name(), err, rec.Over)
		}
		if rec.Config.MaxTurns != 90 || rec.Tags["Event"] != "elasund arena" {
			t.Errorf("%s: max turns %d, tags %v", f.Name(), rec.Config.MaxTurns, rec.Tags)
		}
		if w := g.Winner(); w == elasund.NoPlayer {
			draws++
			if rec.Tags["Termination"] != "turn limit" {
				t.Errorf("%s: a draw terminated by %q", f.Name(), rec.Tags["Termination"])
			}
		} else {
			c := g.Color(w).String()
			wins[rec.Tags[strings.ToUpper(c[:1])+c[1:]]]++
			if rec.Tags["Termination"] != "won" {
				t.Errorf("%s: a win terminated by %q", f.Name(), rec.Tags["Termination"])
			}
		}
	}
	if !sort.StringsAreSorted(names) || names[0] != "game-00-seed-"+seedOfDeal[0]+".txt" {
		t.Errorf("record names %v", names)
	}
	if draws != j.Draws {
		t.Errorf("%d draws in the records, %d in the results", draws, j.Draws)
	}
	for _, b := range j.Bots {
		if wins[b.Name] != b.Wins {
			t.Errorf("%s won %d games by the records, %d by the results", b.Name, wins[b.Name], b.Wins)
		}
	}
	if draws == 0 || len(wins) < 2 {
		t.Errorf("draws %d, winners %v: the test wants both", draws, wins)
	}
}

// TestCLIExternalBots: a program seated with exec: plays its games; one
// that crashes forfeits each of its games with the reason in the results,
// and the tournament goes on to its end with exit status 0.
func TestCLIExternalBots(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "")
	code, out, errOut := run(t, "-bots", "exec:"+os.Args[0]+" first,random", "-games", "4", "-format", "json",
		"-check", "random>testbot-first:0")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	j := decodeJSON(t, out)
	if j.Games != 4 || len(j.Forfeits) != 0 || j.Bots[0].Name != "testbot-first" || j.EloAnchor != "random" {
		t.Errorf("%+v", j)
	}

	code, out, errOut = run(t, "-bots", "crasher=exec:"+os.Args[0]+" crash,random,x=exec:"+os.Args[0]+" stderr",
		"-games", "6", "-seed", "1", "-format", "text", "-parallel", "2")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	if !strings.Contains(out, "forfeits: 4\n") || !strings.Contains(out, "crasher (red): exited: exit status 3") {
		t.Errorf("the crashes are not listed:\n%s", out)
	}
	if n := strings.Count(errOut, "x (game "); n != 4 || !strings.Contains(errOut, ", seat 1): thinking hard\n") {
		t.Errorf("the programs' stderr: %d prefixed lines in %q", n, errOut)
	}
	code, _, errOut = run(t, "-bots", "exec:"+os.Args[0]+" stderr,random", "-games", "2", "-botstderr=false")
	if code != 0 || strings.Contains(errOut, "thinking") {
		t.Errorf("-botstderr=false: %d %q", code, errOut)
	}
}

// TestCLIExecNames: an exec: bot is called by the name of its hello
// (cleaned), unless a label names it; twice the same name is two entrants;
// a program that says no hello is called by its command, with a warning.
func TestCLIExecNames(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "")
	bin := "exec:" + os.Args[0]
	cases := []struct {
		bots  string
		names []string
		warn  string
	}{
		{bin + " first," + bin + " first", []string{"testbot-first", "testbot-first#2"}, ""},
		{"mine=" + bin + " first,random", []string{"mine", "random"}, ""},
		{bin + " badname,random", []string{"[31mbadname[0m with more than forty char", "random"}, ""},
		{bin + " badproto,random", []string{bin + " badproto", "random"}, "no hello: speaks protocol 2; the arena speaks 1"},
		{bin + " exit,random", []string{bin + " exit", "random"}, "no hello: exited before its hello"},
	}
	for _, c := range cases {
		code, out, errOut := run(t, "-bots", c.bots, "-games", "2", "-maxturns", "5", "-format", "json")
		if code != 0 {
			t.Fatalf("%s: exit status %d: %s", c.bots, code, errOut)
		}
		j := decodeJSON(t, out)
		if !slices.Equal(j.BotNames, c.names) {
			t.Errorf("%s: the bots are called %q; want %q", c.bots, j.BotNames, c.names)
		}
		if c.warn != "" && !strings.Contains(errOut, c.warn+"; it is called ") {
			t.Errorf("%s: no warning %q in %q", c.bots, c.warn, errOut)
		}
	}
}

// TestProgress: the progress line says games done, games per second and
// the time left; it is drawn in place on a terminal and not at all
// elsewhere.
func TestProgress(t *testing.T) {
	cases := []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 100, 0, "0/100 games"},
		{50, 100, 10 * time.Second, "50/100 games, 5.0 games/s, 10s left"},
		{3, 300, 1500 * time.Millisecond, "3/300 games, 2.0 games/s, 2m29s left"},
		{300, 300, time.Minute, "300/300 games, 5.0 games/s, 0s left"},
	}
	for _, c := range cases {
		if got := progressLine(c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%d, %d, %v) = %q; want %q", c.done, c.total, c.elapsed, got, c.want)
		}
	}
	var buf bytes.Buffer
	var done atomic.Int64
	done.Store(7)
	w := &lockedWriter{w: &buf}
	stop := progress(w, true, 10, &done, time.Now().Add(-time.Second))
	time.Sleep(450 * time.Millisecond)
	w.Write([]byte("a bot's line\n")) // clears the progress line, which comes back
	time.Sleep(250 * time.Millisecond)
	stop()
	s := buf.String()
	if !regexp.MustCompile(`^\r\033\[K7/10 games, [0-9.]+ games/s, [0-9.]+s left(\r\033\[K7/10 games, [^\r]*)*` +
		`\r\033\[Ka bot's line\n(\r\033\[K7/10 games, [^\r\n]*)+\r\033\[K$`).MatchString(s) {
		t.Errorf("on a terminal: %q", s)
	}
	buf.Reset()
	progress(&lockedWriter{w: &buf}, false, 10, &done, time.Now())()
	if buf.Len() != 0 {
		t.Errorf("not on a terminal: %q", buf.String())
	}
	code, _, errOut := run(t, "-bots", "random,random", "-games", "2")
	if code != 0 || strings.Contains(errOut, "\r") || !strings.HasPrefix(errOut, "arena: 2 games in ") {
		t.Errorf("stderr not a terminal: %q", errOut)
	}
}

// TestSplitLabel: LABEL=BOT names a bot; other '=' belong to the bot.
func TestSplitLabel(t *testing.T) {
	cases := []struct{ in, label, bot string }{
		{"random", "random", "random"},
		{"r=random", "r", "random"},
		{"my-bot_2.0=exec:python3 bot.py", "my-bot_2.0", "exec:python3 bot.py"},
		{"exec:python3 bot.py --depth=3", "exec:python3 bot.py --depth=3", "exec:python3 bot.py --depth=3"},
		{"=random", "=random", "=random"},
		{"r=", "r=", "r="},
	}
	for _, c := range cases {
		if l, b := splitLabel(c.in); l != c.label || b != c.bot {
			t.Errorf("splitLabel(%q) = %q, %q; want %q, %q", c.in, l, b, c.label, c.bot)
		}
	}
}

// cheatLog runs the command, in a process of its own, with a cheating
// exec: bot (testbot's cheat mode) against random; it returns the bot's
// log (which it writes to its standard error: a sandboxed bot can write no
// file of the host), and the command's exit status, output and messages.
func cheatLog(t *testing.T, stdin string, args ...string) (log string, code int, out, errOut string) {
	t.Helper()
	args = append([]string{"-bots", "exec:" + os.Args[0] + " cheat,random", "-games", "8", "-parallel", "2"}, args...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), arenaEnv+"=1", testbot.Env+"=1", testbot.LogEnv+"=-")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return botLog(stderr.String()), cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// botLine is a line of an exec: bot's standard error as the arena passes
// it on: "NAME (game G, seat S): LINE" or "NAME (hello): LINE".
var botLine = regexp.MustCompile(`(?m)^.*? \((?:game \d+, seat \d+|hello)\): (.*)$`)

// botLog returns the lines that the exec: bots wrote to their standard
// error, from the arena's.
func botLog(errOut string) string {
	var b strings.Builder
	for _, m := range botLine.FindAllStringSubmatch(errOut, -1) {
		b.WriteString(m[1] + "\n")
	}
	return b.String()
}

// lines counts the lines of log that start with prefix; a prefix that
// ends with a newline counts the lines that are the rest.
func lines(log, prefix string) int {
	n := 0
	for _, line := range strings.SplitAfter(log, "\n") {
		if strings.HasPrefix(line, prefix) {
			n++
		}
	}
	return n
}

// TestCLIDealsAreSecret: a bot that reads everything it can (its
// ancestors' command lines and environments under /proc, the files they
// name and have open) and tries every word for the tournament's seed or
// key, against the first player and the dice it sees, finds its deal, when
// it runs outside a sandbox (-isolate=false), if the tournament is dealt
// from -seed (hence the warning) or from a -keyfile it can read (the
// documented limit), and never when the arena drew the key or read it from
// standard input. In a sandbox it sees no process but its own and its
// supervisor: it never finds its deal. Unless it runs as root, it cannot
// read the arena's memory or environment either.
func TestCLIDealsAreSecret(t *testing.T) {
	// The public seed: a number that no file the bot can read holds by
	// chance. A small one, such as 7, is a word of many a binary, which
	// the bot reads, in a sandbox too, when its environment names it:
	// bash's $_ names the program that ran go test, /usr/bin/timeout in
	// "timeout 600 go test".
	const seed = "5730842187663914971"
	key := tourney.NewKey()
	keyFile := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(keyFile, []byte(key.String()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		stdin string
		args  []string
		found bool   // the bot finds the deal in every game it can tell
		warn  string // on stderr
	}{
		{"public seed", "", []string{"-seed", seed, "-isolate=false"}, true, "arena: warning: -seed " + seed + " is public: the exec: bots can read it"},
		{"drawn key", "", []string{"-isolate=false"}, false, "arena: the games were dealt from the secret key "},
		{"key on stdin", key.String(), []string{"-keyfile", "-", "-isolate=false"}, false, ""},
		{"readable key file", "", []string{"-keyfile", keyFile, "-isolate=false"}, true, ""},
		{"sandbox, public seed", "", []string{"-seed", seed}, false, "arena: warning: -seed " + seed + " is public: a bot whose author knows it"},
		{"sandbox, drawn key", "", nil, false, "arena: the games were dealt from the secret key "},
		{"sandbox, readable key file", "", []string{"-keyfile", keyFile}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sandboxed := !slices.Contains(c.args, "-isolate=false")
			if sandboxed {
				needSandbox(t)
			}
			log, code, out, errOut := cheatLog(t, c.stdin, append(c.args, "-format", "json")...)
			found, none := lines(log, "cheat found "), lines(log, "cheat none ")
			if code != 0 {
				t.Fatalf("exit status %d: %s", code, errOut)
			}
			if j := decodeJSON(t, out); j.Games != 8 || len(j.Forfeits) != 0 || j.SeatingSeeds == sandboxed {
				t.Fatalf("%d games, forfeits %+v, seatings dealt apart: %v", j.Games, j.Forfeits, j.SeatingSeeds)
			}
			if c.found && (found == 0 || none > 0) || !c.found && (found > 0 || none == 0) {
				t.Errorf("the cheat found its deal in %d games and none in %d", found, none)
			}
			if !strings.Contains(errOut, c.warn) {
				t.Errorf("stderr lacks %q: %s", c.warn, errOut)
			}
			if c.stdin != "" && !strings.Contains(out, `"key": "`+key.String()+`"`) {
				t.Errorf("the output does not give the key read:\n%s", out)
			}
			// 8 games, and the hello before them; the bots had their pipes
			// open, and no other file.
			if n := lines(log, "cheat open mem 1: "); n != 9 {
				t.Errorf("%d bots tried to open their parent's memory; want 9", n)
			}
			if n := lines(log, "cheat fds 0 1 2\n"); n != 9 {
				t.Errorf("%d bots of 9 had only their three pipes open:\n%s", n, log)
			}
			if os.Geteuid() == 0 {
				return // root reads every process's memory
			}
			// Their parent is their supervisor, and its parent the arena
			// (outside a sandbox; inside, the supervisor has none).
			n := 0
			for _, what := range []string{"cheat open mem", "cheat read environ"} {
				n += lines(log, what+" 1: <nil>") + lines(log, what+" 2: <nil>")
			}
			if n > 0 {
				t.Errorf("the bots read the arena's or their supervisor's memory or environment %d times", n)
			}
			if sandboxed && lines(log, "cheat open mem 2: ") > 0 {
				t.Errorf("sandboxed bots see processes beyond their supervisor:\n%s", log)
			}
		})
	}
}

// TestCLIKeys: without -seed the arena deals from a fresh secret key,
// which it gives in the output and on stderr; -keyfile (a file, or - for
// standard input) plays the same tournament again from it. A key file that
// others may read, a file that holds no key, or -seed with -keyfile is
// refused before any game, without quoting the file.
func TestCLIKeys(t *testing.T) {
	args := []string{"-bots", "random,random", "-games", "6", "-maxturns", "60", "-format", "json"}
	code, out, errOut := run(t, args...)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	var h struct {
		Key  string  `json:"key"`
		Seed *uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	key, err := tourney.ParseKey(h.Key)
	if err != nil || h.Seed != nil {
		t.Fatalf("the output gives the key %q (%v) and the seed %v", h.Key, err, h.Seed)
	}
	if !strings.Contains(errOut, "dealt from the secret key "+h.Key+"; ") {
		t.Errorf("stderr does not give the key: %s", errOut)
	}
	if _, again, _ := run(t, args...); again == out {
		t.Error("two tournaments without -seed or -keyfile had the same key and results")
	}

	dir := t.TempDir()
	file := func(name, text string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil { // the umask masked WriteFile's
			t.Fatal(err)
		}
		return path
	}
	good := file("good", key.String()+"\n", 0o600)
	for _, replay := range [][]string{{"-keyfile", good}, {"-keyfile", "-"}} {
		code, again, errOut := runIn(t, strings.NewReader(key.String()), append(args, replay...)...)
		if code != 0 || again != out {
			t.Errorf("%v: exit status %d, %s; the output differs from the first run's:\n%s\n%s", replay, code, errOut, out, again)
		}
		if strings.Contains(errOut, "dealt from the secret key") {
			t.Errorf("%v: stderr repeats the key given: %s", replay, errOut)
		}
	}

	secret := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-keyfile", file("open", key.String(), 0o644)}, "may be read by others than its owner (mode -rw-r--r--): chmod 600 it"},
		{[]string{"-keyfile", file("group", key.String(), 0o640)}, "(mode -rw-r-----)"},
		{[]string{"-keyfile", file("bad", secret, 0o600)}, "tourney: not a key: a key is 64 hexadecimal digits, and this holds other characters"},
		{[]string{"-keyfile", filepath.Join(dir, "none")}, "no such file"},
		{[]string{"-keyfile", good, "-seed", "1"}, "-seed and -keyfile: give one or the other"},
		{[]string{"-seed", "x"}, `invalid value "x" for flag -seed`},
	}
	for _, c := range cases {
		code, out, errOut := run(t, append([]string{"-bots", "random,random"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Contains(errOut, secret[:20]) {
			t.Errorf("%v: exit status %d, output %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestRecordsWaitForTheirDeal: a game's record, which tells its deal's
// cards and dice, is written only once every game of its deal is over (or
// the tournament has stopped), so that no bot still playing the deal can
// read it.
func TestRecordsWaitForTheirDeal(t *testing.T) {
	dir := t.TempDir()
	w := newRecordWriter(dir, 9, 3, []string{"a", "b"})
	game := func(i int) *tourney.Match {
		cfg := elasund.Config{Players: 2, Seed: uint64(100 + i/3)}
		return &tourney.Match{Index: i, Deal: i / 3, Seating: []int{i % 2, 1 - i%2}, Config: cfg, Played: true,
			Result: tourney.Result{Outcome: tourney.Outcome{Winner: elasund.NoPlayer, Forfeit: elasund.NoPlayer, Reason: "turn limit"},
				Record: elasund.Record{Config: cfg}}}
	}
	steps := []struct {
		add  int // the game that ends, or -1 when the tournament stops
		want []string
	}{
		{4, nil},
		{0, nil},
		{3, nil},
		{1, nil},
		{5, []string{"game-3-seed-101.txt", "game-4-seed-101.txt", "game-5-seed-101.txt"}},
		{6, nil},
		{2, []string{"game-0-seed-100.txt", "game-1-seed-100.txt", "game-2-seed-100.txt"}},
		{-1, []string{"game-6-seed-102.txt"}},
	}
	var have []string
	for _, s := range steps {
		var err error
		if s.add >= 0 {
			err = w.add(game(s.add))
		} else {
			err = w.flush()
		}
		if err != nil {
			t.Fatal(err)
		}
		have = append(have, s.want...)
		slices.Sort(have)
		files, _ := os.ReadDir(dir)
		var got []string
		for _, f := range files {
			got = append(got, f.Name())
		}
		if !slices.Equal(got, have) {
			t.Errorf("after game %d: the records are %q; want %q", s.add, got, have)
		}
	}
	if err := (*recordWriter)(nil).add(game(0)); err != nil || (*recordWriter)(nil).flush() != nil {
		t.Error("a nil recordWriter fails")
	}
}
