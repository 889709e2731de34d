// Command arena plays tournaments between elasund bots and reports who is
// stronger, with confidence intervals and Elo ratings.
//
// Usage:
//
//	go run ./examples/arena -bots ismcts,greedy,random -players 3 -games 300 -seed 1
//
// Flags:
//
//	-bots LIST     the bots, comma-separated (the flag may be repeated): names
//	               that examples/bots knows (-list lists them), or
//	               exec:COMMAND for an external program (see below); any of
//	               them as LABEL=BOT to name it in the results. A bot listed
//	               twice plays as two entrants (random, random#2).
//	-players N     seats per game, 2 to 4 (default 2)
//	-games N       games to play (default 100), rounded up to whole deals
//	-parallel N    games played at once (default: the number of CPUs)
//	-seed N        the tournament's seed (default 1)
//	-maxturns N    a game that reaches N turns is a draw (default 300)
//	-rules R       the rule options (default, english, …; see elasund.ParseRules)
//	-format F      text, csv or json (default text)
//	-records DIR   save every game's record to DIR/game-INDEX-seed-SEED.txt
//	-check CLAIMS  claims to verify, comma-separated (the flag may be
//	               repeated): A>B:p (A won at least the share p of the games
//	               where A and B both sat) or A:p (A won at least the share
//	               p of its games); p is 0.85 or 85%
//	-timeout D     time an external program has for each answer (default 10s)
//	-botstderr     pass external programs' standard error on, prefixed
//	               (default true; -botstderr=false discards it)
//	-list          list the built-in bots and exit
//
// # Seatings, seeds and determinism
//
// Every deal is played in every seating: every way to seat -players
// distinct bots in order (with three bots in three seats, the 6
// permutations; with three bots in two seats, the 6 ordered pairs). Game i
// is seating i mod S of deal i / S (S seatings), and all the games of a
// deal share their game seed, so every bot meets the same shuffles and the
// same first seat from every chair. Each game's seed comes from -seed and
// its deal, each bot's seed from -seed, the game and the seat, and the
// results are gathered by game index: the same -seed gives the same output
// whatever -parallel is.
//
// # Fair play
//
// The arena is the referee: it holds the real game and hands each bot only
// its seat's elasund.View, so no bot can see hidden cards, the deck or the
// future dice. A bot that panics, returns an error or an illegal move (a
// forced roll included) forfeits: the game stops, the bot loses and is
// ranked last, and of the others the one with the most cubes on the board
// wins (a tie for the most is a draw). The tournament goes on; forfeits
// are listed with their reasons.
//
// # Results
//
// Per bot: games, wins, draws (games without a winner: the turn limit),
// forfeits, win rate with its 95% Wilson interval, win rate in each seat,
// average cubes on the board at the end, average game length in turns and
// an Elo rating, fitted (Bradley–Terry) to every pair of seats of every
// game compared by final place (winner first, a forfeit last, the others
// by cubes, equal cubes a tie) and anchored at random = 1000 when random
// plays, else at the first bot. The text form adds each pair's head-to-head
// win rates. Standard output is deterministic; a progress line (games done,
// games per second, time left) is drawn on standard error when it is a
// terminal, and a last line there gives the time taken.
//
// # Exit status
//
// 0 when every game was played and every claim holds; 1 when a claim fails
// (each failure is written on standard error) or the tournament could not
// be played to its end; 2 for bad flags.
//
// # External bots
//
// -bots 'exec:python3 mybot.py' seats a program that speaks the arena's
// line protocol over its standard input and output: one JSON object a
// line, a hello each way, then the seat's view and legal moves for each
// decision and the chosen move back (see tourney.ProtocolVersion and the
// README's "Arena" section). The command is split at spaces (no quoting).
// The program is started for every game and seat and stopped at the end
// of the game; one that is slow (-timeout), silent, crashes or answers
// nonsense forfeits the game.
package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/bots"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fi, err := os.Stderr.Stat()
	terminal := err == nil && fi.Mode()&os.ModeCharDevice != 0
	code := cli(ctx, os.Args[1:], os.Stdout, os.Stderr, terminal)
	stop()
	os.Exit(code)
}

// listFlag is a flag whose comma-separated values add up over repeats.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*l = append(*l, part)
		}
	}
	return nil
}

// options are the command's settings.
type options struct {
	bots     listFlag
	players  int
	games    int
	parallel int
	seed     uint64
	maxTurns int
	rules    elasund.Rules
	format   string
	records  string
	checks   listFlag
	timeout  time.Duration
	botErr   bool
}

// cli runs the command with the arguments args, writing the results to out
// and messages to errOut (a terminal if terminal); it returns the exit
// status.
func cli(ctx context.Context, args []string, out, errOut io.Writer, terminal bool) int {
	var o options
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Var(&o.bots, "bots", "the `bots`, comma-separated: built-in names (see -list), exec:COMMAND, or LABEL=either")
	fs.IntVar(&o.players, "players", 2, "seats per game, 2 to 4")
	fs.IntVar(&o.games, "games", 100, "games to play, rounded up to a whole number of deals (every seating of the bots)")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "games played at once")
	fs.Uint64Var(&o.seed, "seed", 1, "the tournament's seed")
	fs.IntVar(&o.maxTurns, "maxturns", 300, "a game that reaches this many turns is a draw")
	fs.Func("rules", "the rule options: default, english, adjacent-permit-rows, shortage-voids-income (default \"default\")", func(s string) error {
		r, err := elasund.ParseRules(s)
		o.rules = r
		return err
	})
	fs.StringVar(&o.format, "format", "text", "output `format`: text, csv or json")
	fs.StringVar(&o.records, "records", "", "save every game's record in `DIR`")
	fs.Var(&o.checks, "check", "`claims` to verify, comma-separated: A>B:p (A's wins in the games with B) or A:p (A's wins in all its games)")
	fs.DurationVar(&o.timeout, "timeout", tourney.DefaultTimeout, "time an external program has for each answer")
	fs.BoolVar(&o.botErr, "botstderr", true, "pass external programs' standard error on, each line prefixed")
	list := fs.Bool("list", false, "list the built-in bots and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *list {
		fmt.Fprintln(out, strings.Join(bots.Names(), "\n"))
		return 0
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(errOut, "arena: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return bad("unexpected arguments %q", fs.Args())
	}
	switch {
	case len(o.bots) < 2:
		return bad("-bots: name at least two bots, such as -bots greedy,random (the built-in bots: %s)", strings.Join(bots.Names(), ", "))
	case o.players < elasund.MinPlayers || o.players > elasund.MaxPlayers:
		return bad("-players %d: the game is for %d to %d players", o.players, elasund.MinPlayers, elasund.MaxPlayers)
	case len(o.bots) < o.players:
		return bad("-bots: %d bots for %d seats; list a bot more than once to seat it more than once", len(o.bots), o.players)
	case o.games < 1:
		return bad("-games %d: play at least one game", o.games)
	case o.parallel < 1:
		return bad("-parallel %d: play at least one game at a time", o.parallel)
	case o.maxTurns < 1:
		return bad("-maxturns %d: the turn limit must be positive (random play can reach positions where nobody can ever win)", o.maxTurns)
	case o.timeout <= 0:
		return bad("-timeout %v: it must be positive", o.timeout)
	case o.format != "text" && o.format != "csv" && o.format != "json":
		return bad("-format %q: want text, csv or json", o.format)
	}
	status := &lockedWriter{w: errOut} // bots' lines and the progress line share it
	errOut = status
	var stderr io.Writer
	if o.botErr {
		stderr = status
	}
	entrants, anchor, err := makeEntrants(o.bots, o.timeout, stderr)
	if err != nil {
		return bad("-bots: %v", err)
	}
	names := make([]string, len(entrants))
	for i, e := range entrants {
		names[i] = e.Name
	}
	var claims []tourney.Claim
	for _, s := range o.checks {
		c, err := tourney.ParseClaim(s)
		if err == nil {
			err = c.Names(names)
		}
		if err != nil {
			return bad("-check: %v", err)
		}
		claims = append(claims, c)
	}
	if o.records != "" {
		if err := os.MkdirAll(o.records, 0o755); err != nil {
			fmt.Fprintln(errOut, "arena:", err)
			return 1
		}
	}

	t := &tourney.Tournament{Entrants: entrants, Players: o.players, Games: o.games, Seed: o.seed,
		MaxTurns: o.maxTurns, Rules: o.rules, Parallel: o.parallel}
	total := t.Len()
	var done atomic.Int64
	width := len(strconv.Itoa(total - 1))
	t.OnGame = func(g *tourney.Game) error {
		done.Add(1)
		if o.records == "" {
			return nil
		}
		return writeRecord(o.records, width, names, g)
	}
	start := time.Now()
	stopProgress := progress(status, terminal, total, &done, start)
	games, runErr := t.Run(ctx)
	stopProgress()
	elapsed := time.Since(start)

	sum := tourney.Summarize(names, o.players, games, anchor)
	results := make([]tourney.CheckResult, len(claims))
	for i, c := range claims {
		results[i] = c.Check(&sum)
	}
	h := header{Bots: names, Players: o.players, Games: total, Seatings: len(t.Seatings()), Seed: o.seed,
		MaxTurns: o.maxTurns, Rules: o.rules.String(), Played: sum.Games}
	switch o.format {
	case "text":
		err = writeText(out, h, &sum, results)
	case "csv":
		err = writeCSV(out, &sum)
	case "json":
		err = writeJSON(out, h, &sum, results)
	}
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	fmt.Fprintf(errOut, "arena: %d games in %.1f s (%.1f games/s); time per decision: %s\n",
		sum.Games, elapsed.Seconds(), float64(sum.Games)/elapsed.Seconds(), thinkTimes(&sum))
	code := 0
	if runErr != nil {
		fmt.Fprintf(errOut, "arena: stopped after %d of %d games: %v\n", sum.Games, total, runErr)
		code = 1
	}
	failed := 0
	for _, r := range results {
		if !r.OK {
			failed++
			fmt.Fprintln(errOut, "arena: claim", r.Message)
		}
	}
	if failed > 0 {
		fmt.Fprintf(errOut, "arena: %d of %d claims fail\n", failed, len(results))
		code = 1
	}
	return code
}

// makeEntrants makes the entrants of the -bots list, and names the Elo
// anchor: the first bot that is random, else the first bot.
func makeEntrants(specs []string, timeout time.Duration, stderr io.Writer) ([]tourney.Entrant, string, error) {
	var entrants []tourney.Entrant
	anchor := ""
	count := map[string]int{}
	for _, spec := range specs {
		label, bot := splitLabel(spec)
		var e tourney.Entrant
		if cmd, ok := strings.CutPrefix(bot, "exec:"); ok {
			args := strings.Fields(cmd)
			if len(args) == 0 {
				return nil, "", fmt.Errorf("%q names no program", spec)
			}
			if _, err := exec.LookPath(args[0]); err != nil {
				return nil, "", fmt.Errorf("%q: %v", spec, err)
			}
			e.New = func(s tourney.Seat) (bots.Bot, error) {
				return tourney.NewExec(args, tourney.ExecOptions{Timeout: timeout, Stderr: stderr,
					Prefix: fmt.Sprintf("%s (game %d, seat %d): ", label, s.Game, s.Seat)}), nil
			}
		} else {
			if _, err := bots.New(bot, 0); err != nil {
				return nil, "", err
			}
			e = tourney.BuiltIn(bot)
		}
		count[label]++
		if count[label] > 1 {
			label += "#" + strconv.Itoa(count[label])
		}
		e.Name = label
		if anchor == "" && strings.EqualFold(bot, "random") {
			anchor = label
		}
		entrants = append(entrants, e)
	}
	return entrants, anchor, nil
}

// splitLabel splits "LABEL=BOT"; a spec without a label is its own label.
// A label is a word of letters, digits, '-', '_' and '.'.
func splitLabel(spec string) (label, bot string) {
	i := strings.IndexByte(spec, '=')
	if i <= 0 || i == len(spec)-1 {
		return spec, spec
	}
	for _, r := range spec[:i] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return spec, spec
		}
	}
	return spec[:i], spec[i+1:]
}

// writeRecord saves game g's record in dir.
func writeRecord(dir string, width int, names []string, g *tourney.Game) error {
	rec := g.Result.Record
	rec.Tags = map[string]string{
		"Event":       "elasund arena",
		"Game":        strconv.Itoa(g.Index),
		"Deal":        strconv.Itoa(g.Deal),
		"Termination": termination(g, names),
	}
	colors := tourney.SeatColors(len(g.Seating))
	for p, e := range g.Seating {
		if c := colors[p]; c != "" {
			rec.Tags[strings.ToUpper(c[:1])+c[1:]] = names[e]
		}
	}
	name := filepath.Join(dir, fmt.Sprintf("game-%0*d-seed-%d.txt", width, g.Index, g.Config.Seed))
	return os.WriteFile(name, []byte(rec.String()), 0o644)
}

// termination says how game g ended, for its record.
func termination(g *tourney.Game, names []string) string {
	r := &g.Result
	if r.Forfeit == elasund.NoPlayer {
		return r.Reason
	}
	s := fmt.Sprintf("forfeit by seat %d (%s): %s", r.Forfeit, names[g.Seating[r.Forfeit]], r.Reason)
	if r.Winner != elasund.NoPlayer {
		s += fmt.Sprintf("; seat %d wins with the most cubes", r.Winner)
	} else {
		s += "; a tie for the most cubes: a draw"
	}
	return s
}

// progress draws the progress line on w while the games are played, when
// w is a terminal; it returns a function that stops it and clears the line.
func progress(w *lockedWriter, terminal bool, total int, done *atomic.Int64, start time.Time) func() {
	if !terminal {
		return func() {}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				w.setStatus("")
				return
			case <-tick.C:
				w.setStatus(progressLine(int(done.Load()), total, time.Since(start)))
			}
		}
	}()
	return func() {
		close(stop)
		wg.Wait()
	}
}

// progressLine describes the progress after elapsed: done of total games.
func progressLine(done, total int, elapsed time.Duration) string {
	s := fmt.Sprintf("%d/%d games", done, total)
	if done == 0 || elapsed <= 0 {
		return s
	}
	rate := float64(done) / elapsed.Seconds()
	eta := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
	return s + fmt.Sprintf(", %.1f games/s, %v left", rate, eta)
}

// thinkTimes lists each bot's average time per decision.
func thinkTimes(s *tourney.Summary) string {
	var parts []string
	for _, st := range s.Standings {
		per := time.Duration(0)
		if st.Decisions > 0 {
			per = st.Think / time.Duration(st.Decisions)
		}
		parts = append(parts, fmt.Sprintf("%s %v", st.Name, per))
	}
	return strings.Join(parts, ", ")
}

// header describes the tournament in the output.
type header struct {
	Bots     []string `json:"botNames"`
	Players  int      `json:"players"`
	Games    int      `json:"gamesPlanned"`
	Played   int      `json:"-"`
	Seatings int      `json:"seatings"`
	Seed     uint64   `json:"seed"`
	MaxTurns int      `json:"maxTurns"`
	Rules    string   `json:"rules"`
}

// pct writes a share as a percentage.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// writeText writes the results as tables.
func writeText(w io.Writer, h header, s *tourney.Summary, checks []tourney.CheckResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games of %d players: %d deals in %d seatings; seed %d, %s rules, draw at turn %d\n",
		h.Games, h.Players, h.Games/max(h.Seatings, 1), h.Seatings, h.Seed, h.Rules, h.MaxTurns)
	if s.Games != h.Games {
		fmt.Fprintf(&b, "(only %d games were played)\n", s.Games)
	}
	b.WriteString("\n")
	nameW := len("bot")
	for _, st := range s.Standings {
		nameW = max(nameW, len(st.Name))
	}
	cols := []string{"games", "wins", "draws", "forfeits", "win %", "95% CI"}
	fmt.Fprintf(&b, "%-*s %6s %6s %6s %8s %6s %13s", nameW, "bot", cols[0], cols[1], cols[2], cols[3], cols[4], cols[5])
	if len(s.Standings) > 0 {
		for _, seat := range s.Standings[0].Seats {
			fmt.Fprintf(&b, " %6s", seat.Color)
		}
	}
	fmt.Fprintf(&b, " %6s %6s %6s\n", "cubes", "turns", "Elo")
	for _, st := range s.Standings {
		fmt.Fprintf(&b, "%-*s %6d %6d %6d %8d %6s %13s", nameW, st.Name, st.Games, st.Wins, st.Draws, st.Forfeits,
			pct(st.WinRate), pct(st.Low)+"–"+pct(st.High))
		for _, seat := range st.Seats {
			fmt.Fprintf(&b, " %6s", pct(seat.WinRate))
		}
		fmt.Fprintf(&b, " %6.2f %6.1f %6.0f\n", st.Cubes, st.Turns, st.Elo)
	}
	fmt.Fprintf(&b, "(win %% by seat in the seat columns; Elo anchored at %s = 1000; %d draws in all)\n", s.Anchor, s.Draws)

	b.WriteString("\nhead to head: the row's win % in the games where it met the column\n")
	fmt.Fprintf(&b, "%*s", 3+nameW, "")
	for i := range s.Standings {
		fmt.Fprintf(&b, " %6d", i+1)
	}
	b.WriteString("\n")
	for i, a := range s.Standings {
		fmt.Fprintf(&b, "%2d %-*s", i+1, nameW, a.Name)
		for _, c := range s.Standings {
			cell := "-"
			if hh, ok := s.Pair(a.Name, c.Name); ok {
				cell = pct(hh.WinRate)
			}
			fmt.Fprintf(&b, " %6s", cell)
		}
		b.WriteString("\n")
	}
	if len(s.Forfeits) > 0 {
		fmt.Fprintf(&b, "\nforfeits: %d\n", len(s.Forfeits))
		const most = 20
		for i, f := range s.Forfeits {
			if i == most {
				fmt.Fprintf(&b, "  … and %d more (-format json lists them all)\n", len(s.Forfeits)-most)
				break
			}
			fmt.Fprintf(&b, "  game %d (seed %d): %s (%s): %s\n", f.Game, f.Seed, f.Bot, f.Color, f.Reason)
		}
	}
	if len(checks) > 0 {
		b.WriteString("\nclaims:\n")
		for _, c := range checks {
			fmt.Fprintf(&b, "  %s\n", c.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCSV writes the standings as CSV, one row per bot.
func writeCSV(w io.Writer, s *tourney.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"bot", "games", "wins", "draws", "losses", "forfeits", "win_rate", "win_rate_low", "win_rate_high"}
	if len(s.Standings) > 0 {
		for _, seat := range s.Standings[0].Seats {
			head = append(head, "win_rate_"+seat.Color)
		}
	}
	head = append(head, "avg_cubes", "avg_turns", "elo")
	_ = cw.Write(head)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, st := range s.Standings {
		row := []string{st.Name, strconv.Itoa(st.Games), strconv.Itoa(st.Wins), strconv.Itoa(st.Draws),
			strconv.Itoa(st.Losses), strconv.Itoa(st.Forfeits), f(st.WinRate), f(st.Low), f(st.High)}
		for _, seat := range st.Seats {
			row = append(row, f(seat.WinRate))
		}
		row = append(row, f(st.Cubes), f(st.Turns), strconv.FormatFloat(st.Elo, 'f', 1, 64))
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// writeJSON writes the settings, the summary and the claims as one JSON
// object.
func writeJSON(w io.Writer, h header, s *tourney.Summary, checks []tourney.CheckResult) error {
	if checks == nil {
		checks = []tourney.CheckResult{}
	}
	v := struct {
		header
		*tourney.Summary
		Checks []tourney.CheckResult `json:"checks"`
	}{h, s, checks}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// lockedWriter serializes writes to w, and keeps a status line (the
// progress) below what is written: a write first clears the status line,
// which the next status call draws again.
type lockedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	status bool // a status line is drawn
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.status {
		l.status = false
		if _, err := io.WriteString(l.w, "\r\033[K"); err != nil {
			return 0, err
		}
	}
	return l.w.Write(p)
}

// setStatus draws the status line s in place of the last one; "" clears
// it.
func (l *lockedWriter) setStatus(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, "\r\033[K"+s)
	l.status = s != ""
}
