package tourney

import (
	"bytes"
	"context"
	"errors"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/internal/testbot"
	"github.com/elasund/elasund/examples/bots"
	"github.com/elasund/elasund/examples/internal/cleantest"
)

func TestMain(m *testing.M) {
	Supervise()         // acts as a bot's supervisor when Exec starts it so
	testbot.Main(guess) // acts as an external bot when the tests start it so
	os.Exit(cleantest.Main(m))
}

// guess is the cheating test bot's Guesser: it takes word for the seed,
// then for the key, of a tournament.
func guess(word string, deals int) []uint64 {
	var seeds []uint64
	if seed, err := strconv.ParseUint(word, 10, 64); err == nil {
		for d := range deals {
			seeds = append(seeds, GameSeed(seed, d))
		}
	}
	if key, err := ParseKey(word); err == nil {
		for d := range deals {
			seeds = append(seeds, key.DealSeed(d))
		}
	}
	return seeds
}

// botProgram makes the test binary act as an external bot in mode (see
// testbot.Modes) and returns a file its processes log their pids and end
// messages to.
func botProgram(t *testing.T) string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "bot.log")
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, log)
	return log
}

// execBot returns an external bot running this test binary in mode.
func execBot(mode string, timeout time.Duration) *Exec {
	return NewExec([]string{os.Args[0], mode}, ExecOptions{Timeout: timeout})
}

// lastLegal plays the last legal move.
type lastLegal struct{}

func (lastLegal) Name() string { return "last" }
func (lastLegal) Choose(v elasund.View) (elasund.Move, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return elasund.Move{}, errors.New("no legal move")
	}
	return legal[len(legal)-1], nil
}

// TestExecPlaysGames: an external program that answers with the first
// legal move's notation plays exactly the game the in-process firstLegal
// bot plays, and one that answers with the last legal move's action index
// the game of lastLegal: the protocol carries the view, the legal moves and
// the answer faithfully. The program hears its result at the end, and is
// stopped.
func TestExecPlaysGames(t *testing.T) {
	log := botProgram(t)
	cases := []struct {
		mode string
		same bots.Bot
	}{
		{"first", firstLegal{}},
		{"index", lastLegal{}},
		{"both", firstLegal{}}, // the move and its index, which agree
	}
	for _, c := range cases {
		for _, seat := range []int{0, 1} {
			cfg := elasund.Config{Players: 2, Seed: 8, MaxTurns: 60}
			seats := []bots.Bot{bots.NewRandom(1), bots.NewRandom(2)}
			seats[seat] = execBot(c.mode, 5*time.Second)
			r, err := Play(context.Background(), cfg, seats)
			if err != nil {
				t.Fatal(err)
			}
			if r.Forfeit != elasund.NoPlayer {
				t.Fatalf("%s in seat %d: forfeit: %s", c.mode, seat, r.Reason)
			}
			seats = []bots.Bot{bots.NewRandom(1), bots.NewRandom(2)}
			seats[seat] = c.same
			want, err := Play(context.Background(), cfg, seats)
			if err != nil {
				t.Fatal(err)
			}
			if !slicesEqual(r.Record.Moves, want.Record.Moves) || r.Winner != want.Winner {
				t.Errorf("%s in seat %d: the external program's game differs from %s's", c.mode, seat, c.same.Name())
			}
			result := "draw"
			switch r.Winner {
			case elasund.Player(seat):
				result = "win"
			case elasund.NoPlayer:
			default:
				result = "loss"
			}
			pid := lastPid(t, log)
			data, _ := os.ReadFile(log)
			if !strings.HasSuffix(string(data), "end "+result+" "+r.Reason+"\n") {
				t.Errorf("%s in seat %d: the program's log ends %q; want the end message, %s %s", c.mode, seat, tail(data), result, r.Reason)
			}
			checkGone(t, pid)
		}
	}
}

func slicesEqual(a, b []elasund.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func tail(data []byte) string {
	s := string(data)
	if len(s) > 200 {
		s = s[len(s)-200:]
	}
	return s
}

// lastPid returns the pid of the last program started, from the log.
func lastPid(t *testing.T, log string) int {
	t.Helper()
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	pid := 0
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "pid" {
			pid, _ = strconv.Atoi(f[1])
		}
	}
	if pid == 0 {
		t.Fatal("no program logged its pid")
	}
	return pid
}

// TestExecFaults: a program that is slow, silent, exits, crashes, answers
// garbage, a forced roll, a move that is no move, an illegal move, or
// another protocol loses the game with the reason, quickly, and is
// stopped; the other seat is not troubled.
func TestExecFaults(t *testing.T) {
	log := botProgram(t)
	// The programs that answer at once have 5 s (a test binary built with
	// -race on a busy machine may take a while to start), and so does
	// sleep, which answers its hello at once (with 300 ms it forfeited
	// for no hello now and then on a busy machine); silent has 300 ms.
	const short, long = 300 * time.Millisecond, 5 * time.Second
	cases := []struct {
		mode   string
		reason []string // one of them is in the reason
	}{
		{"sleep", []string{"timeout: no move within 5s"}},
		{"silent", []string{"timeout: no hello within 300ms"}},
		{"exit", []string{"exited before its hello", "exited while the arena wrote to it"}},
		{"crash", []string{"exited: exit status 3 before its move", "exited: exit status 3 while the arena wrote to it"}},
		{"garbage", []string{`answered "e2e4, I think": not a JSON object`}},
		{"forced", []string{`played "roll 6 6", a move the rules refuse: The table rolls the dice for you. (chance, rules §13)`}},
		{"nomove", []string{`answered the move "fly away", which is no move`}},
		{"wrong", []string{`played "end turn", a move the rules refuse: That kind of move is not allowed at this point of the turn. (wrong-phase, rules §4)`}},
		{"badproto", []string{"speaks protocol 2; the arena speaks 1"}},
		{"mismatch", []string{`answered the move "roll" and the index 1, which is the move "`}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			cfg := elasund.Config{Players: 3, Seed: 2, MaxTurns: 100, FirstColor: elasund.Blue}
			start := time.Now()
			timeout := long
			if c.mode == "silent" {
				timeout = short
			}
			r, err := Play(context.Background(), cfg, []bots.Bot{bots.NewRandom(1), execBot(c.mode, timeout), bots.NewRandom(3)})
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > timeout+3*grace {
				t.Errorf("the game took %v", took)
			}
			found := false
			for _, want := range c.reason {
				found = found || strings.Contains(r.Reason, want)
			}
			if c.mode == "mismatch" {
				found = found && strings.HasSuffix(r.Reason, ": they disagree")
			}
			if r.Forfeit != 1 || !found {
				t.Errorf("forfeit by %d: %q; want by 1: %q", r.Forfeit, r.Reason, c.reason)
			}
			checkGone(t, lastPid(t, log))
		})
	}
}

// TestExecStubbornIsKilled: a program that does not exit when its input
// is closed at the end of the game is killed a second later.
func TestExecStubbornIsKilled(t *testing.T) {
	log := botProgram(t)
	cfg := elasund.Config{Players: 2, Seed: 1, MaxTurns: 20}
	start := time.Now()
	r, err := Play(context.Background(), cfg, []bots.Bot{execBot("stubborn", 5*time.Second), bots.NewRandom(1)})
	if err != nil || r.Forfeit != elasund.NoPlayer {
		t.Fatalf("%v %q", err, r.Reason)
	}
	if took := time.Since(start); took < grace || took > grace+3*time.Second {
		t.Errorf("the game and the kill took %v; want a little over %v", took, grace)
	}
	checkGone(t, lastPid(t, log))
}

// TestExecStopsWithTheContext: when the context ends during a game, the
// program is killed and Play returns the context's error, not a forfeit.
func TestExecStopsWithTheContext(t *testing.T) {
	log := botProgram(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	cfg := elasund.Config{Players: 2, Seed: 1, MaxTurns: 20}
	_, err := Play(ctx, cfg, []bots.Bot{execBot("sleep", time.Hour), bots.NewRandom(1)})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Play returned %v", err)
	}
	checkGone(t, lastPid(t, log))
}

// TestExecStderr: the program's standard error is passed on line by line,
// prefixed, or discarded.
func TestExecStderr(t *testing.T) {
	botProgram(t)
	var buf syncBuffer
	cfg := elasund.Config{Players: 2, Seed: 1, MaxTurns: 5}
	b := NewExec([]string{os.Args[0], "stderr"}, ExecOptions{Stderr: &buf, Prefix: "[bot red] "})
	if _, err := Play(context.Background(), cfg, []bots.Bot{b, bots.NewRandom(1)}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "[bot red] thinking hard\n" {
		t.Errorf("stderr passed on as %q", got)
	}
	if b.Name() != "testbot-stderr" {
		t.Errorf("Name() = %q; want the name from the hello", b.Name())
	}
}

// TestExecName: the bot is called by the name of its hello, without its
// control characters and cut to 40 characters.
func TestExecName(t *testing.T) {
	botProgram(t)
	cases := []struct{ mode, name string }{
		{"first", "testbot-first"},
		{"badname", "[31mbadname[0m with more than forty char"}, // 40 runes
		{"badproto", "exec"},                                    // no hello accepted, no name
	}
	for _, c := range cases {
		b := execBot(c.mode, 5*time.Second)
		if _, err := Play(context.Background(), elasund.Config{Players: 2, Seed: 1, MaxTurns: 3}, []bots.Bot{b, firstLegal{}}); err != nil {
			t.Fatal(err)
		}
		if b.Name() != c.name {
			t.Errorf("%s: Name() = %q; want %q", c.mode, b.Name(), c.name)
		}
	}
	for in, want := range map[string]string{
		"  mybot 1.0 ":          "mybot 1.0",
		"a\x00b\nc\u200bd\x7f":  "abcd",
		strings.Repeat("é", 50): strings.Repeat("é", 40),
		"\x1b\x1b":              "",
	} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestExecCannotStart: a program that does not exist forfeits at once.
func TestExecCannotStart(t *testing.T) {
	b := NewExec([]string{filepath.Join(t.TempDir(), "no-such-program")}, ExecOptions{})
	r, err := Play(context.Background(), elasund.Config{Players: 2, Seed: 1, MaxTurns: 5}, []bots.Bot{bots.NewRandom(1), b})
	if err != nil || r.Forfeit != 1 || !strings.HasPrefix(r.Reason, "cannot start ") {
		t.Errorf("%v: forfeit by %d: %q", err, r.Forfeit, r.Reason)
	}
}

// TestLineWriter: lines are prefixed, whole, whatever the writes, up to
// the bound (the prefixes included), and the note after it.
func TestLineWriter(t *testing.T) {
	cases := []struct {
		max  int
		want string
	}{
		{0, "> ab\n> c\n> \n> d\n"},
		{100, "> ab\n> c\n> \n> d\n"},
		{12, "> ab\n> c\n> \n> cut\n"},
		{11, "> ab\n> c\n> cut\n"},
		{5, "> ab\n> cut\n"},
		{4, "> cut\n"},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		w := &lineWriter{w: &buf, prefix: "> ", max: c.max, note: "cut"}
		for _, s := range []string{"a", "b\nc", "\r\n", "\n", "d"} {
			if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
				t.Errorf("max %d: Write(%q) = %d, %v", c.max, s, n, err)
			}
		}
		w.flush()
		if got := buf.String(); got != c.want {
			t.Errorf("max %d: got %q; want %q", c.max, got, c.want)
		}
	}
}

// TestExecStderrBound: a program that writes far more than the bound to
// its standard error plays its game to the end (the arena drains the
// pipe), and the arena passes on at most the bound, then one line that says
// the rest was cut; a bound below 0 passes everything on.
func TestExecStderrBound(t *testing.T) {
	botProgram(t)
	const prefix = "[bot] "
	cases := []struct {
		max  int
		want int // the bytes passed on before the note, at least
		note string
	}{
		{0, DefaultMaxStderr - 1000 - len(prefix), "[bot] [arena: stderr of seat 1 cut after 1 MiB]\n"},
		{10 << 10, 10<<10 - 1000 - len(prefix), "[bot] [arena: stderr of seat 1 cut after 10 KiB]\n"},
		{5000, 5000 - 1000 - len(prefix), "[bot] [arena: stderr of seat 1 cut after 5000 bytes]\n"},
		{-1, testbot.FloodBytes / 1000 * (1000 + len(prefix)), ""},
	}
	for _, c := range cases {
		var buf syncBuffer
		b := NewExec([]string{os.Args[0], "flood"}, ExecOptions{Timeout: 10 * time.Second, Stderr: &buf, Prefix: prefix, MaxStderr: c.max})
		r, err := Play(context.Background(), elasund.Config{Players: 2, Seed: 1, MaxTurns: 30}, []bots.Bot{firstLegal{}, b})
		if err != nil || r.Forfeit != elasund.NoPlayer {
			t.Fatalf("max %d: %v, forfeit: %s", c.max, err, r.Reason)
		}
		got := buf.String()
		body, found := strings.CutSuffix(got, c.note)
		bound := c.max
		if c.max == 0 {
			bound = DefaultMaxStderr
		}
		switch {
		case !found:
			t.Errorf("max %d: the output does not end with %q: …%q", c.max, c.note, tail([]byte(got)))
		case c.max >= 0 && len(body) > bound, len(body) < c.want:
			t.Errorf("max %d: %d bytes passed on before the note; want %d to %d", c.max, len(body), c.want, bound)
		case strings.Count(body, prefix) != strings.Count(body, "\n"):
			t.Errorf("max %d: a line passed on is cut or not prefixed", c.max)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestExecDocProtocol: the line protocol is in Exec's documentation, where
// go doc shows it, every message of it.
func TestExecDocProtocol(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"exec.go", "referee.go"} {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, "example.com/tourney")
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, typ := range pkg.Types {
		if typ.Name == "Exec" {
			text = strings.Join(strings.Fields(typ.Doc), " ") // lines joined
		}
	}
	for _, want := range []string{`{"type":"hello","protocol":1,`, `{"type":"hello","name":"mybot"`, `{"type":"decide","view":`,
		`{"move":"<one of legal>"}`, `{"index":<one of indices>}`, `{"type":"end","winner":`, "forfeits the game", "process group"} {
		if !strings.Contains(text, want) {
			t.Errorf("Exec's documentation lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(pkg.Doc, "Exec") {
		t.Errorf("the package documentation does not point to Exec:\n%s", pkg.Doc)
	}
}
