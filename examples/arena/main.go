// Command arena plays tournaments between elasund bots and reports who is
// stronger, with confidence intervals and Elo ratings.
//
// Usage:
//
//	go run ./examples/arena -bots ismcts,greedy,random -players 3 -games 300
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
//	-seed N        deal the games from the public seed N (see "Keys and
//	               seeds": the exec: bots can read it)
//	-keyfile FILE  deal the games from the secret key in FILE (- for
//	               standard input): 64 hexadecimal digits, as the arena
//	               prints them; FILE must be readable by its owner only
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
//	-botstderrmax N  pass on at most N bytes of an external program's
//	               standard error in each game (default 1 MiB; 0: no bound)
//	-isolate       run each exec: bot in a sandbox of its own where the
//	               system allows (default true; see "Sandboxes")
//	-duplicate     deal every seating of a deal alike (default: true when
//	               every exec: bot runs in a sandbox; see "Sandboxes")
//	-list          list the built-in bots and exit
//	-shard i/n     play only the deals i, i+n, i+2n, … and write them for
//	               arena merge (needs -format json and -seed or -keyfile)
//
// and, to merge the outputs of the shards of one tournament:
//
//	go run ./examples/arena merge [-format F] [-check CLAIMS] SHARD.json…
//
// # Seatings and determinism
//
// Every deal is played in every seating: every way to seat -players
// distinct bots in order (with three bots in three seats, the 6
// permutations; with three bots in two seats, the 6 ordered pairs). Game i
// is seating i mod S of deal i / S (S seatings), and all the games of a
// deal share their game seed, so every bot meets the same shuffles and the
// same first seat from every chair (duplicate play; but for exec: bots
// outside a sandbox, which get every seating dealt apart: see
// "Sandboxes"). Each game's seed comes from the
// tournament's key or seed and its deal, each bot's seed from the key or
// seed, the game and the seat, and the results are gathered by game index:
// the same key or seed gives the same output whatever -parallel is.
//
// # Shards
//
// A tournament too long for one machine is split among machines, or among
// the pods of a Kubernetes Indexed Job (docs/k8s-arena-shards.yaml): run i
// of n, with the same flags and -shard i/n -format json, plays the deals
// i, i+n, i+2n, … (each game as one run of every deal plays it: its seeds
// come from the key or seed, its deal and its seating) and writes the
// usual JSON with the shard and every game it played. "arena merge" reads
// the n files (in any order), checks that they are the n shards of one
// tournament, once each, and writes what one run of every deal writes,
// byte for byte, in the -format asked, with the -check claims verified;
// its exit status is a run's.
//
// # Keys and seeds
//
// A bot that knew its game's seed could foresee every card and roll. So by
// default the arena draws a secret key for the tournament (crypto/rand),
// derives each deal's seed from it by a one-way function
// (tourney.Key.DealSeed), and prints it when the tournament is over: in the
// header of the text and JSON output and on standard error. Nothing a bot
// can read while the tournament runs tells it a deal: the key is on no
// command line, in no environment variable and in no file; the arena keeps
// it in its memory, which sandboxed bots cannot see and which otherwise,
// on Linux, it makes unreadable to other processes of its user (it makes
// itself not dumpable, so that /proc/PID/mem, environ and fd are root's);
// a bot inherits no open file but its pipes
// (on Linux the arena marks close-on-exec the files it was started with,
// too); the records of a deal are written only when
// all its games are over, and one deal's seed tells nothing of another's;
// and every process of a bot is killed at the end of its game (see
// "Sandboxes"). Only the output tells the key, once every bot has
// stopped.
//
// To play a tournament again, put its key in a file and give -keyfile
// FILE. The arena reads the key before it starts any bot, passes it to no
// bot, and refuses a FILE that its group or others may read (chmod 600
// it). A bot run as the arena's own user can still open FILE, though,
// since its name is on the arena's command line, and can search the
// user's files for keys. So:
//
//   - no -seed nor -keyfile (a fresh secret key) keeps the deals from every
//     bot, the exec: bots included, whatever user they run as (a root bot
//     can read the arena's memory: do not run bots as root);
//   - -keyfile FILE keeps them from exec: bots that cannot read FILE: bots
//     run as another user (say exec:sudo -u botuser …), or in a container
//     that does not hold FILE; -keyfile - reads the key from standard input
//     (which the arena then closes), for a key piped from where the bots
//     cannot look;
//   - -seed N is public: anybody who knows N computes every deal
//     (tourney.GameSeed), and the exec: bots outside a sandbox can read it
//     on the arena's command line (/proc/PID/cmdline), so the arena warns
//     when it seats one. It is for tournaments between built-in bots, which
//     are handed their views only, and for runs reproduced by name, such as
//     CI's -seed 1.
//
// # Fair play
//
// The arena is the referee, through elasund.Table: it holds the real game
// and hands each bot only its seat's elasund.View, so no bot can see
// hidden cards, the deck or the future dice, and it plays a bot's move only
// if the Table accepts it. A bot that panics, returns an error or a move
// the Table refuses (a forced roll included: the Table rolls the dice)
// forfeits (Table.Forfeit): the game stops and the bot is ranked last; in
// a game of two the other bot wins, in a larger one nobody does (a draw)
// and the others are placed by their cubes. The tournament goes on;
// forfeits are listed with their reasons: a refused move as the move, the
// rule it breaks in plain words, the refusal's code and the section of
// RULES.md ("played "roll 6 6", a move the rules refuse: The table rolls
// the dice for you. (chance, rules §13)"; the JSON adds the code as
// "refusal").
//
// # Results
//
// Every place and score is the library's (elasund.Outcome, one ranking
// rule: the winner first, then by cubes placed, equal cubes sharing a
// place, a forfeiting seat last). Per bot: games, wins, draws (games
// without a winner: the turn limit, a forfeit with three or four
// players), forfeits, the score (the sum of its returns,
// elasund.Outcome.Returns: 1 for a win, 1/k for a first place shared by k
// seats, such as the most cubes at the turn limit, 0 otherwise), win rate
// with its 95% Wilson interval, win rate in each seat, average cubes on
// the board at the end, average game length in turns and an Elo rating,
// fitted (Bradley–Terry) to every pair of seats of every game, the pair's
// score half of one plus the difference of their returns (a win over a
// loser 1, equal returns a tie), and anchored at random = 1000 when random
// plays, else at the first bot. The text form adds each pair's head-to-head
// win rates. Standard output is deterministic for a given key or seed; a
// progress line (games done, games per second, time left) is drawn on
// standard error when it is a terminal, and a last line there gives the
// time taken.
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
// decision and the chosen move back (see tourney.ProtocolVersion and
// docs/arena.md, "Bots in any language"). The command is split at spaces (no quoting).
// The arena starts it once before the tournament to learn its name (the
// name of its hello, unless a LABEL= names it), then for every game and
// seat, as "Sandboxes" says. It inherits the arena's environment (but for
// HOME, TMPDIR and the like) and no open file but its three pipes. One
// that is slow (-timeout), silent, crashes or answers nonsense forfeits
// the game. Its standard error is passed on, each line prefixed with the
// bot, game and seat, up to -botstderrmax bytes a game (then a line says
// "[arena: stderr of seat N cut after 1 MiB]" and the rest is discarded;
// the bot never waits on it).
//
// # Sandboxes
//
// Every deal is played in every seating with the same cards and dice, so
// that no bot is luckier than another. That is fair only if a bot cannot
// carry what it saw from one seating to the next: one that writes its dice
// to a file and reads them back when the deal comes again foresees them
// (a test bot did so right 56% of the time, by chance 2.8%). So:
//
//   - every run of an exec: bot has a private directory of its own, made
//     for its game and seat and removed after it: HOME, TMPDIR, TMP, TEMP
//     and XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_DATA_HOME, XDG_STATE_HOME
//     and XDG_RUNTIME_DIR name directories in it (a bot that needs files
//     of its own reads them from where they are, by absolute path; Python
//     packages installed with pip --user are not found: use a venv);
//   - on Linux the arena runs each bot under a supervisor (a second run of
//     the arena's binary) that adopts every process the bot starts and
//     kills them all when the bot exits, forfeits or its game ends:
//     processes started with setsid, setpgid or a double fork die too.
//     On other systems a bot runs in a process group of its own (on Unix),
//     killed at the end of its game; a process it starts in another
//     group or session lives on;
//   - with -isolate (the default) on Linux, where the kernel lets the
//     arena's user make user namespaces, each bot runs in a sandbox of its
//     own: every file system read-only, but its private directory and
//     /dev/shm, new and in memory (256 MiB each), so that nothing it writes
//     outlives its game; a /dev of its own (null, zero, full, random,
//     urandom, tty); a /proc that shows its own processes only, so that it
//     can neither see nor signal other bots nor the arena, nor read
//     their command lines or pipes; no network (a loopback that is down);
//     an IPC namespace and session keyring of its own. It runs as the
//     arena's user and group, without privileges (as root, as root of its
//     namespace, which cannot undo the read-only mounts). A bot that
//     writes to /tmp or its working directory gets an error (write where
//     TMPDIR says); a bot that needs the network cannot run sandboxed;
//   - -duplicate deals every seating of a deal alike. It is the default
//     when every exec: bot runs in a sandbox. Outside one (-isolate=false,
//     another system, a kernel without user namespaces for the user, or a
//     container whose /proc is partly hidden), a bot can keep what it saw
//     anywhere its user may write and foresee its cards and dice in the
//     deal's next seating: then the arena says so on standard error and
//     deals every seating apart (tourney.Tournament.SeatingSeeds; the
//     header says "each seating dealt apart", the JSON "seatingSeeds":
//     true). -duplicate keeps duplicate play anyway, with a warning: for
//     bots you trust.
//
// What a sandbox does not give: bots still read what their user may read
// (the user's files, -keyfile FILE if it is theirs; the arena keeps a
// drawn key in its memory, out of their reach), use the CPU and memory
// they like (the arena bounds their time per answer only) and, outside a
// sandbox, bots of the same user can read each other's input through
// /proc/PID/fd/0 (the view of another seat, which may be a forfeit for
// the arena to find) and files. Run each bot as a user of its own to keep
// them apart: -bots 'exec:sudo -u bot1 /opt/bot1/run,exec:sudo -u bot2
// /opt/bot2/run' (with a sudoers rule that lets the arena's user run them
// without a password), or a wrapper script that does so. Do not run bots
// as root.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/bots"
)

func main() {
	tourney.Supervise() // a run of the arena as an exec: bot's supervisor does its work and exits here
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fi, err := os.Stderr.Stat()
	terminal := err == nil && fi.Mode()&os.ModeCharDevice != 0
	code := cli(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, terminal)
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
	bots      listFlag
	players   int
	games     int
	parallel  int
	seed      *uint64 // -seed, if given
	keyFile   string
	maxTurns  int
	rules     elasund.Rules
	format    string
	records   string
	checks    listFlag
	timeout   time.Duration
	botErr    bool
	errMax    int        // -botstderrmax
	isolate   bool       // -isolate
	sandbox   bool       // the exec: bots run in sandboxes (isolation)
	duplicate boolOption // -duplicate
	list      bool
	shard     *shardSpec // -shard, if given
}

// parseFlags parses the command's arguments into o; it returns an error
// message for bad flags, and errHelp for -h.
func parseFlags(args []string, errOut io.Writer) (o options, err error) {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintln(errOut, "Usage of arena:")
		fs.PrintDefaults()
		fmt.Fprint(errOut, execUsage)
	}
	fs.Var(&o.bots, "bots", "the `bots`, comma-separated: built-in names (see -list), exec:COMMAND, or LABEL=either")
	fs.IntVar(&o.players, "players", 2, "seats per game, 2 to 4")
	fs.IntVar(&o.games, "games", 100, "games to play, rounded up to a whole number of deals (every seating of the bots)")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "games played at once")
	fs.Func("seed", "deal from the public seed `N`, which exec: bots outside a sandbox can read (default: a secret key, printed at the end)", func(s string) error {
		n, err := strconv.ParseUint(s, 0, 64)
		o.seed = &n
		return err
	})
	fs.StringVar(&o.keyFile, "keyfile", "", "deal from the secret key in `FILE` (- for standard input), which only its owner may read; "+
		"it hides the key from exec: bots only if they cannot open FILE (run as another user)")
	fs.IntVar(&o.maxTurns, "maxturns", 300, "a game that reaches this many turns is a draw")
	fs.Func("rules", "the rule options: default, english, adjacent-permit-rows, shortage-voids-income, or options joined with + (default \"default\")", func(s string) error {
		r, err := elasund.ParseRules(s)
		o.rules = r
		return err
	})
	fs.StringVar(&o.format, "format", "text", "output `format`: text, csv or json")
	fs.StringVar(&o.records, "records", "", "save every game's record in `DIR`")
	fs.Var(&o.checks, "check", "`claims` to verify, comma-separated: A>B:p (A's wins in the games with B) or A:p (A's wins in all its games)")
	fs.DurationVar(&o.timeout, "timeout", tourney.DefaultTimeout, "time an external program has for each answer")
	fs.BoolVar(&o.botErr, "botstderr", true, "pass external programs' standard error on, each line prefixed")
	fs.IntVar(&o.errMax, "botstderrmax", tourney.DefaultMaxStderr, "pass on at most this many `bytes` of an external program's standard error "+
		"in each game, then a line that says it was cut (0: no bound)")
	fs.BoolVar(&o.isolate, "isolate", true, "run each exec: bot in a sandbox of its own where the system allows (Linux user namespaces): "+
		"every file read-only but a new HOME and TMPDIR in memory, no network, no process but its own; nothing it writes outlives its game")
	fs.Var(&o.duplicate, "duplicate", "deal every seating of a deal alike (duplicate play, the fairest comparison); the default when every "+
		"exec: bot runs in a sandbox. Outside one (-isolate=false, or no sandbox here) a bot can keep what it saw in a file and foresee "+
		"its cards and dice in the deal's next seating: then the default is -duplicate=false, every seating dealt apart")
	fs.BoolVar(&o.list, "list", false, "list the built-in bots and exit")
	fs.Func("shard", "play only the deals i, i+n, i+2n, … (`i/n`) and write them for arena merge (with -format json and -seed or -keyfile)", func(s string) error {
		sp, err := parseShardSpec(s)
		o.shard = &sp
		return err
	})
	if err := fs.Parse(args); err != nil {
		return o, reportedError{err}
	}
	if o.list {
		return o, nil
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, o.check()
}

// reportedError is an error of the flag package, which has written it.
type reportedError struct{ error }

func (e reportedError) Unwrap() error { return e.error }

// check reports what is wrong with the settings.
func (o *options) check() error {
	switch {
	case len(o.bots) < 2:
		return fmt.Errorf("-bots: name at least two bots, such as -bots greedy,random (the built-in bots: %s)", strings.Join(bots.Names(), ", "))
	case o.players < elasund.MinPlayers || o.players > elasund.MaxPlayers:
		return fmt.Errorf("-players %d: the game is for %d to %d players", o.players, elasund.MinPlayers, elasund.MaxPlayers)
	case len(o.bots) < o.players:
		return fmt.Errorf("-bots: %d bots for %d seats; list a bot more than once to seat it more than once", len(o.bots), o.players)
	case o.games < 1:
		return fmt.Errorf("-games %d: play at least one game", o.games)
	case o.parallel < 1:
		return fmt.Errorf("-parallel %d: play at least one game at a time", o.parallel)
	case o.maxTurns < 1:
		return fmt.Errorf("-maxturns %d: the turn limit must be positive (random play can reach positions where nobody can ever win)", o.maxTurns)
	case o.timeout <= 0:
		return fmt.Errorf("-timeout %v: it must be positive", o.timeout)
	case o.errMax < 0:
		return fmt.Errorf("-botstderrmax %d: give a number of bytes, or 0 for no bound", o.errMax)
	case o.format != "text" && o.format != "csv" && o.format != "json":
		return fmt.Errorf("-format %q: want text, csv or json", o.format)
	case o.seed != nil && o.keyFile != "":
		return errors.New("-seed and -keyfile: give one or the other (neither: a secret key)")
	case o.shard != nil && o.seed == nil && o.keyFile == "":
		return errors.New("-shard: give -seed or -keyfile, the same for every shard (a secret key drawn by each run would deal other games)")
	case o.shard != nil && o.format != "json":
		return errors.New("-shard: give -format json, the form arena merge reads")
	case o.shard != nil && len(o.checks) > 0:
		return errors.New("-shard: check claims when merging the shards (arena merge -check)")
	}
	return nil
}

// cli runs the command with the arguments args, reading a -keyfile - from
// stdin, writing the results to out and messages to errOut (a terminal if
// terminal); it returns the exit status.
func cli(ctx context.Context, args []string, stdin io.Reader, out, errOut io.Writer, terminal bool) int {
	if len(args) > 0 && args[0] == "merge" {
		return mergeCmd(args[1:], out, errOut)
	}
	o, err := parseFlags(args, errOut)
	var reported reportedError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &reported):
		return 2
	case err != nil:
		fmt.Fprintln(errOut, "arena:", err)
		return 2
	case o.list:
		fmt.Fprintln(out, strings.Join(bots.Names(), "\n"))
		return 0
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(errOut, "arena: "+format+"\n", a...)
		return 2
	}
	deal, err := dealing(&o, stdin)
	if err != nil {
		return bad("%v", err)
	}
	status := &lockedWriter{w: errOut} // bots' lines and the progress line share it
	errOut = status
	var stderr io.Writer
	if o.botErr {
		stderr = status
	}
	var duplicate bool
	o.sandbox, duplicate = isolation(&o, errOut)
	if hasExec(o.bots) {
		deal.guard(errOut, o.sandbox) // before any program starts
	}
	entrants, anchor, err := makeEntrants(ctx, &o, stderr)
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
	t := &tourney.Tournament{Entrants: entrants, Players: o.players, Games: o.games, Seed: deal.seed, Key: deal.key,
		SeatingSeeds: !duplicate, MaxTurns: o.maxTurns, Rules: o.rules, Parallel: o.parallel}
	if o.shard != nil {
		t.Shard, t.Shards = o.shard.Index, o.shard.Of
	}
	return play(ctx, t, &o, deal, names, anchor, claims, out, status, terminal)
}

// play plays the tournament t and writes its results; it returns the exit
// status.
func play(ctx context.Context, t *tourney.Tournament, o *options, deal dealer, names []string, anchor string,
	claims []tourney.Claim, out io.Writer, errOut *lockedWriter, terminal bool) int {
	total := t.Len()
	var recs *recordWriter
	if o.records != "" {
		if err := os.MkdirAll(o.records, 0o755); err != nil {
			fmt.Fprintln(errOut, "arena:", err)
			return 1
		}
		recs = newRecordWriter(o.records, total, len(t.Seatings()), names)
	}
	var done atomic.Int64
	t.OnGame = func(g *tourney.Match) error {
		done.Add(1)
		return recs.add(g)
	}
	start := time.Now()
	stopProgress := progress(errOut, terminal, total, &done, start)
	games, runErr := t.Run(ctx)
	stopProgress()
	elapsed := time.Since(start)
	if err := recs.flush(); err != nil && runErr == nil {
		runErr = err
	}

	sum := tourney.Summarize(names, o.players, games, anchor)
	h := header{Bots: names, Players: o.players, Games: total, Seatings: len(t.Seatings()), SeatingSeeds: t.SeatingSeeds,
		MaxTurns: o.maxTurns, Rules: o.rules.String(), Played: sum.Games}
	if deal.key != nil {
		h.Key = deal.key.String()
	} else {
		h.Seed = &deal.seed
	}
	var results []tourney.CheckResult
	var err error
	if o.shard != nil {
		err = writeShardJSON(out, h, &sum, *o.shard, games)
	} else {
		results, err = writeResults(out, o.format, h, &sum, claims)
	}
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	fmt.Fprintf(errOut, "arena: %d games in %.1f s (%.1f games/s); time per decision: %s\n",
		sum.Games, elapsed.Seconds(), float64(sum.Games)/elapsed.Seconds(), thinkTimes(&sum))
	if deal.drawn {
		fmt.Fprintf(errOut, "arena: the games were dealt from the secret key %s; to deal them again, "+
			"save it in a file only you can read and pass -keyfile FILE\n", deal.key)
	}
	code := 0
	if runErr != nil {
		fmt.Fprintf(errOut, "arena: stopped after %d of %d games: %v\n", sum.Games, total, runErr)
		code = 1
	}
	return max(code, claimFailures(errOut, results))
}

// writeResults checks the claims and writes the results in format (text,
// csv or json); it returns the claims' verdicts.
func writeResults(out io.Writer, format string, h header, sum *tourney.Summary, claims []tourney.Claim) ([]tourney.CheckResult, error) {
	results := make([]tourney.CheckResult, len(claims))
	for i, c := range claims {
		results[i] = c.Check(*sum)
	}
	var err error
	switch format {
	case "text":
		err = writeText(out, h, sum, results)
	case "csv":
		err = writeCSV(out, sum)
	case "json":
		err = writeJSON(out, h, sum, results)
	}
	return results, err
}

// claimFailures writes the failed claims to errOut and returns 1 if any
// failed, else 0.
func claimFailures(errOut io.Writer, results []tourney.CheckResult) int {
	failed := 0
	for _, r := range results {
		if !r.OK {
			failed++
			fmt.Fprintln(errOut, "arena: claim", r.Message)
		}
	}
	if failed > 0 {
		fmt.Fprintf(errOut, "arena: %d of %d claims fail\n", failed, len(results))
		return 1
	}
	return 0
}

// report writes the results in format and the failed claims; it returns
// the exit status.
func report(out, errOut io.Writer, format string, h header, sum *tourney.Summary, claims []tourney.Claim) int {
	results, err := writeResults(out, format, h, sum, claims)
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	return claimFailures(errOut, results)
}
