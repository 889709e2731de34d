package tourney

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
	"unicode"

	"github.com/elasund/elasund"
)

// ProtocolVersion is the version of the line protocol that Exec speaks
// (see Exec).
const ProtocolVersion = 1

// DefaultTimeout is the time an external program has for each answer when
// ExecOptions.Timeout is 0.
const DefaultTimeout = 10 * time.Second

// maxLine is the longest line read from a program.
const maxLine = 1 << 20

// grace is how long a program has to exit once its input is closed, and
// how long its standard error may stay open after it is killed.
const grace = time.Second

// DefaultMaxStderr is ExecOptions.MaxStderr's default: 1 MiB.
const DefaultMaxStderr = 1 << 20

// ExecOptions configures an external bot.
type ExecOptions struct {
	// Timeout is the time the program has for each answer (its hello and
	// each move); 0 means DefaultTimeout.
	Timeout time.Duration
	// Stderr, if not nil, receives the program's standard error, each line
	// prefixed with Prefix and written with one call of Write; nil discards
	// it. Programs of games played at once write to it concurrently: it
	// must be safe for that, as os.Stderr is.
	Stderr io.Writer
	Prefix string
	// MaxStderr bounds what Stderr receives of the program in its game, in
	// bytes, the prefixes included: past it, one line says that the rest
	// was cut, and the rest is read and discarded (the program never waits
	// on its standard error). 0 means DefaultMaxStderr; below 0, no bound.
	MaxStderr int
	// Sandbox runs the program in a sandbox (see Exec). It needs what
	// CheckSandbox checks, and a host that is dumpable (not made otherwise
	// by prctl PR_SET_DUMPABLE) unless it runs as root; where that is
	// missing, the program cannot start and forfeits.
	Sandbox bool
}

// Exec is a bot played by an external program, in any language, that
// speaks the arena's line protocol (version ProtocolVersion), below. Make
// one per game and seat with NewExec; the referee starts it (Start), asks
// it for moves (Choose), tells it the outcome (Finish) and stops it
// (Close).
//
// In the line protocol (version 1) the arena starts the program once per
// game and seat and talks to it over its standard input and output, one
// JSON object per line (no newline inside an object). Every message the
// arena sends has a "type".
//
//  1. The arena says hello:
//     {"type":"hello","protocol":1,"seat":0,"color":"red","players":2,
//     "colors":["red","blue"],"rules":"default","maxTurns":300}
//     and the program answers with its own hello within the timeout:
//     {"type":"hello","name":"mybot","version":"1.0"} ("protocol", if
//     given, must be 1). The results call the bot by its name (cut to 40
//     printable characters) unless it is given a label.
//  2. For each of the seat's decisions the arena sends
//     {"type":"decide","view":{…},"legal":["roll", …],"indices":[0, …]}:
//     the seat's view (the JSON of elasund.View: what the seat may know,
//     nothing more), its legal moves in the package's notation, and their
//     action indices (Move.Index), in the same order. The program answers
//     within the timeout {"move":"<one of legal>"} or
//     {"index":<one of indices>}.
//  3. At the end of the game the arena sends
//     {"type":"end","winner":"red","forfeit":null,"reason":"won","result":"win","view":{…}}
//     (winner and forfeit: a colour or null; result: "win", "loss" or
//     "draw"; reason: "won", "turn limit" or why a bot forfeited), then
//     closes the program's input. The program should exit; it is killed
//     one second later.
//
// Blank lines from the program are skipped. A program that does not answer
// in time, answers what is not a JSON object, names no legal move or a move
// and an index that disagree, closes its output or exits forfeits the
// game. The game's seed is never sent: it would tell the future dice.
//
// # Processes and files
//
// Every run of the program has a private directory of its own, made for
// its game and seat and removed after: HOME, TMPDIR, TMP, TEMP and the
// XDG_*_HOME and XDG_RUNTIME_DIR variables of its environment (which is
// the host's, else) name directories in it. Its only open files are the
// three pipes: under a supervisor (below), whatever the host holds; run
// directly, with those files of the host that are not close-on-exec (the
// command examples/arena marks so those it was started with, on Linux).
//
// Where it runs depends on the host and the system:
//
//   - on Linux, in a host that called Supervise, the program runs under a
//     supervisor (a new run of the host's binary) that is its
//     descendants' subreaper: every process it starts, in whatever session
//     or process group (setsid, setpgid, a double fork), is killed when it
//     exits, forfeits or its game ends;
//   - with ExecOptions.Sandbox (Linux, where CheckSandbox says so), it runs
//     in a sandbox: namespaces of its own (user, mount, PID, IPC and
//     network) in which every file system is read-only but its private
//     directory and /dev/shm, both new and in memory, /dev holds null,
//     zero, full, random, urandom and tty, /proc shows its own processes
//     only, there is no network, and every process dies with the namespace
//     when the program ends. Nothing it writes survives its game, so that
//     it cannot remember a deal from one seating to the next, and it can
//     neither see nor signal other processes, the other bots included. The
//     program runs as the host's user (the same uid and gid inside),
//     without privileges;
//   - elsewhere (no Supervise, other systems) the program runs in a process
//     group of its own (on Unix), and every process left in the group is
//     killed when it ends; a process it starts in another group or session
//     escapes. Its private directory is only where it is told to write:
//     what it writes elsewhere (the system's /tmp, its user's real home)
//     stays.
//
// Without a sandbox, a program can read and write what its user can: the
// files of other bots of the same user, and the pipes of other bots'
// processes (/proc/PID/fd/0: another bot's view). Run each bot as a user
// of its own (exec:sudo -u botN …) to keep them apart. A program that
// kills its supervisor (it runs as the same user) leaves what it started
// to the system; in a sandbox it cannot, as the supervisor is the
// namespace's init.
type Exec struct {
	args []string
	opt  ExecOptions

	name    string // from the program's hello
	ctx     context.Context
	cancel  context.CancelFunc
	cmd     *exec.Cmd
	in      *os.File // the program's standard input, our end
	out     *os.File // the program's standard output, our end
	lines   chan []byte
	readEnd chan struct{} // closed after the reader sets readErr
	readErr error         // why lines closed; read after readEnd closes
	exited  chan struct{} // closed when the program has exited
	waitErr error         // the program's exit status; read after exited closes
	errOut  *os.File      // the program's standard error, our end
	errDone chan struct{} // closed when the program's standard error is copied
	stderr  *lineWriter
	dir     string // the program's private directory
	seat    elasund.Player
	fault   error // the program's first fault: every later call fails with it

	legal []elasund.Move
}

// NewExec returns a bot that runs the program args[0] with the arguments
// args[1:].
func NewExec(args []string, opt ExecOptions) *Exec {
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	return &Exec{args: args, opt: opt, name: "exec"}
}

// Name returns the name the program gave in its hello, without its
// unprintable characters and cut to 40, or "exec" before the hello or if
// it gave none.
func (b *Exec) Name() string { return b.name }

type helloMsg struct {
	Type     string   `json:"type"`
	Protocol int      `json:"protocol"`
	Seat     int      `json:"seat"`
	Color    string   `json:"color"`
	Players  int      `json:"players"`
	Colors   []string `json:"colors"`
	Rules    string   `json:"rules"`
	MaxTurns int      `json:"maxTurns"`
}

type decideMsg struct {
	Type    string       `json:"type"`
	View    elasund.View `json:"view"`
	Legal   []string     `json:"legal"`
	Indices []int        `json:"indices"`
}

type endMsg struct {
	Type    string       `json:"type"`
	Winner  *string      `json:"winner"`
	Forfeit *string      `json:"forfeit"`
	Reason  string       `json:"reason"`
	Result  string       `json:"result"`
	View    elasund.View `json:"view"`
}

// Start starts the program, in a process group of its own, and exchanges
// hellos.
func (b *Exec) Start(ctx context.Context, v elasund.View) error {
	if len(b.args) == 0 {
		return faultf("no program to run")
	}
	b.ctx, b.cancel = context.WithCancel(ctx)
	b.seat = v.Viewer()
	if err := b.start(); err != nil {
		b.cancel()
		return faultf("cannot start %s: %v", b.args[0], err)
	}
	b.lines, b.readEnd = make(chan []byte), make(chan struct{})
	go b.read()

	seat := v.Viewer()
	hello := helloMsg{Type: "hello", Protocol: ProtocolVersion, Seat: int(seat), Color: v.Color(seat).String(),
		Players: v.Players(), Rules: v.Rules().String(), MaxTurns: v.MaxTurns()}
	for p := elasund.Player(0); int(p) < v.Players(); p++ {
		hello.Colors = append(hello.Colors, v.Color(p).String())
	}
	line, err := b.exchange(hello, "hello")
	if err != nil {
		return err
	}
	var answer struct {
		Type     string `json:"type"`
		Name     string `json:"name"`
		Protocol *int   `json:"protocol"`
	}
	if err := decodeObject(line, &answer); err != nil {
		return b.fail(faultf("answered the hello with %s: %v", quoteLine(line), err))
	}
	switch {
	case answer.Type != "" && answer.Type != "hello":
		return b.fail(faultf("answered the hello with a message of type %q", answer.Type))
	case answer.Protocol != nil && *answer.Protocol != ProtocolVersion:
		return b.fail(faultf("speaks protocol %d; the arena speaks %d", *answer.Protocol, ProtocolVersion))
	}
	if name := cleanName(answer.Name); name != "" {
		b.name = name
	}
	return nil
}

// maxName is the longest name, in runes, that a program may give itself.
const maxName = 40

// cleanName returns the name a program gave in its hello as the results
// may show it: without control or other unprintable characters, spaces
// at either end, or the runes beyond maxName.
func cleanName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == maxName {
			break
		}
		if unicode.IsPrint(r) {
			b.WriteRune(r)
			n++
		}
	}
	return strings.TrimSpace(b.String())
}

// start starts the program with pipes for its standard input, output and
// error (its only open files) and a private directory, as Exec says (under
// a supervisor, in a sandbox or in a process group of its own), and the
// goroutines that wait for it and copy its standard error. When the program
// exits, or is stopped by the end of b.ctx, every process it started is
// killed.
func (b *Exec) start() (err error) {
	path, err := exec.LookPath(b.args[0])
	if err != nil {
		return err
	}
	if b.dir, err = makePrivateDir(); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = removePrivateDir(b.dir)
		}
	}()
	cmd, err := command(b.ctx, path, b.args, privateEnv(os.Environ(), b.dir), b.dir, b.opt.Sandbox)
	if err != nil {
		return err
	}
	cmd.WaitDelay = grace
	var ends []*os.File // the pipes' ends: stdin's, stdout's, stderr's
	for range 3 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(ends)
			return err
		}
		ends = append(ends, r, w)
	}
	cmd.Stdin, b.in = ends[0], ends[1]
	b.out, cmd.Stdout = ends[2], ends[3]
	b.errOut, cmd.Stderr = ends[4], ends[5]
	if b.opt.Stderr == nil {
		cmd.Stderr = nil // the null device
	}
	err = cmd.Start()
	closeAll([]*os.File{ends[0], ends[3], ends[5]}) // the program has its own copies
	if err != nil {
		closeAll([]*os.File{ends[1], ends[2], ends[4]})
		return err
	}
	b.cmd = cmd
	b.exited = make(chan struct{})
	go func() {
		b.waitErr = cmd.Wait()
		_ = killGroup(cmd.Process) // what the program left in its group
		close(b.exited)
	}()
	b.errDone = make(chan struct{})
	b.stderr = newLineWriter(b.opt, b.seat)
	go func() {
		defer close(b.errDone)
		_, _ = io.Copy(b.stderr, b.errOut)
	}()
	return nil
}

// closeAll closes files.
func closeAll(files []*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// Choose sends the view and the legal moves and reads the program's move.
func (b *Exec) Choose(v elasund.View) (elasund.Move, error) {
	if b.fault != nil {
		return elasund.Move{}, b.fault
	}
	if b.cmd == nil {
		return elasund.Move{}, faultf("not started")
	}
	b.legal = v.AppendLegal(b.legal[:0])
	msg := decideMsg{Type: "decide", View: v, Legal: make([]string, len(b.legal)), Indices: make([]int, len(b.legal))}
	for i, m := range b.legal {
		msg.Legal[i], msg.Indices[i] = m.String(), m.Index()
	}
	line, err := b.exchange(msg, "move")
	if err != nil {
		return elasund.Move{}, err
	}
	var answer struct {
		Move  *string `json:"move"`
		Index *int    `json:"index"`
	}
	if err := decodeObject(line, &answer); err != nil {
		return elasund.Move{}, b.fail(faultf("answered %s: %v", quoteLine(line), err))
	}
	if answer.Move == nil && answer.Index == nil {
		return elasund.Move{}, b.fail(faultf("answered %s, which names no move (want {\"move\":…} or {\"index\":…})", quoteLine(line)))
	}
	var m elasund.Move
	if answer.Move != nil {
		if m, err = elasund.ParseMove(*answer.Move); err != nil {
			return elasund.Move{}, b.fail(faultf("answered the move %q, which is no move: %v", *answer.Move, err))
		}
	}
	if answer.Index != nil {
		mi, err := elasund.MoveFromIndex(*answer.Index)
		switch {
		case err != nil:
			return elasund.Move{}, b.fail(faultf("answered the index %d, which is no action: %v", *answer.Index, err))
		case answer.Move != nil && mi != m:
			return elasund.Move{}, b.fail(faultf("answered the move %q and the index %d, which is the move %q: they disagree",
				*answer.Move, *answer.Index, mi.String()))
		}
		m = mi
	}
	return m, nil
}

// Finish tells the program how the game ended.
func (b *Exec) Finish(v elasund.View, o Outcome) {
	if b.cmd == nil || b.fault != nil {
		return
	}
	name := func(p elasund.Player) *string {
		if p == elasund.NoPlayer {
			return nil
		}
		s := v.Color(p).String()
		return &s
	}
	result := "loss"
	switch o.Winner {
	case v.Viewer():
		result = "win"
	case elasund.NoPlayer:
		if o.Forfeit != v.Viewer() {
			result = "draw"
		}
	}
	_ = b.send(endMsg{Type: "end", Winner: name(o.Winner), Forfeit: name(o.Forfeit), Reason: o.Reason, Result: result, View: v})
}

// Close closes the program's input, gives it a second to exit (none after
// a fault), stops it if it has not (and every process it started), waits
// for it and removes its private directory.
func (b *Exec) Close() error {
	if b.cmd == nil {
		return nil
	}
	b.in.Close()
	if b.fault == nil {
		select {
		case <-b.exited:
		case <-time.After(grace):
		}
	}
	b.cancel() // kills the program's process group if the program still runs
	<-b.exited
	b.out.Close()
	select {
	case <-b.errDone:
	case <-time.After(grace): // held open by a process that left the group
	}
	b.errOut.Close()
	<-b.errDone
	b.stderr.flush()
	b.cmd = nil
	return removePrivateDir(b.dir)
}

// read sends the program's output lines to b.lines, and closes it at the
// end of the output or when a line is too long.
func (b *Exec) read() {
	defer close(b.readEnd)
	defer close(b.lines)
	r := bufio.NewReaderSize(b.out, 64<<10)
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			b.readErr = fmt.Errorf("wrote a line longer than %d bytes", maxLine)
			return
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if len(bytes.TrimSpace(line)) > 0 && err == io.EOF {
				err = nil // a last line without its newline
			} else {
				b.readErr = err
				return
			}
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			select {
			case b.lines <- t:
			case <-b.ctx.Done():
				return
			}
		}
		if err != nil {
			return
		}
		line = nil
	}
}

// exchange sends msg and reads the answer line, within the timeout; what
// names the answer expected in the errors.
func (b *Exec) exchange(msg any, what string) ([]byte, error) {
	deadline := time.Now().Add(b.opt.Timeout)
	if err := b.sendBy(msg, deadline); err != nil {
		return nil, err
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line, ok := <-b.lines:
		if ok {
			return line, nil
		}
		return nil, b.fail(b.gone(fmt.Sprintf("before its %s", what)))
	case <-timer.C:
		return nil, b.fail(faultf("timeout: no %s within %v", what, b.opt.Timeout))
	case <-b.ctx.Done():
		return nil, b.fail(b.ctx.Err())
	}
}

// send writes msg as one line, with a second to spare.
func (b *Exec) send(msg any) error { return b.sendBy(msg, time.Now().Add(grace)) }

// sendBy writes msg as one line by the deadline.
func (b *Exec) sendBy(msg any, deadline time.Time) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return b.fail(err)
	}
	data = append(data, '\n')
	if err := b.in.SetWriteDeadline(deadline); err != nil {
		return b.fail(err)
	}
	if _, err := b.in.Write(data); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return b.fail(faultf("timeout: the program does not read its input"))
		}
		return b.fail(b.gone("while the arena wrote to it"))
	}
	return nil
}

// gone describes a program that closed its output or exited, when.
func (b *Exec) gone(when string) error {
	select {
	case <-b.exited:
		status := "exited"
		if b.waitErr != nil {
			status = "exited: " + b.waitErr.Error()
		}
		return faultf("%s %s", status, when)
	case <-time.After(grace):
	}
	select {
	case <-b.readEnd:
		if b.readErr != nil && b.readErr != io.EOF {
			return faultf("output unreadable %s: %v", when, b.readErr)
		}
		return faultf("closed its output %s", when)
	default:
		return faultf("stopped reading its input %s", when)
	}
}

// fail records the program's first fault, kills the program's process
// group (the program has forfeited) and returns the fault.
func (b *Exec) fail(err error) error {
	if b.fault == nil {
		b.fault = err
		b.cancel()
	}
	return b.fault
}

// decodeObject decodes one JSON object.
func decodeObject(line []byte, v any) error {
	if len(line) == 0 || line[0] != '{' {
		return errors.New("not a JSON object")
	}
	d := json.NewDecoder(bytes.NewReader(line))
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("not a JSON object: %v", err)
	}
	if d.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// quoteLine quotes a line of a program for a message, cut short.
func quoteLine(line []byte) string { return quoteText(string(line)) }

// quoteText quotes s for a message, cut to its first 60 bytes.
func quoteText(s string) string {
	const max = 60
	if len(s) > max {
		s = s[:max] + "…"
	}
	return fmt.Sprintf("%q", s)
}
