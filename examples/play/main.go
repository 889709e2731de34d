// Command play lets a person play Elasund against bots in the terminal.
//
// Usage:
//
//	go run ./examples/play [-players 3] [-bots ismcts,greedy] [-seat 0] [-seed N]
//	    [-rules default] [-maxturns 200] [-record FILE | -records DIR]
//
// The game is held by an elasund.Table, the library's referee: it plays
// only the moves it lists for the seat that decides, rolls the dice itself
// (nobody, person or bot, may submit a roll forced to chosen dice) and
// keeps the public log of the moves. The person sees only what their seat
// may know (View.String: the board, their own cards, the others' card
// counts) and each bot is handed only its seat's View. The bots named by
// -bots (examples/bots: random, greedy, ismcts, their learned forms
// greedy-v and ismcts-v, ismcts:N for a search of N iterations a move,
// ismcts:10ms for one of 10 ms) fill the other seats in order, the list
// repeated if it is shorter than the seats; by default one more seat than
// bots named. -seat is the person's seat, 0 for the first colour (red).
//
// At each decision the command lists the legal moves, numbered and grouped
// by kind (long lists, such as the hundreds of permit placements, compactly),
// and reads a line: a move's number, a move in notation ("build tavern c5 pay
// blue", "permit 2 d8", "end build"), or a command: help, board, moves
// [WORDS], undo, quit. A move the table refuses is explained in plain
// words, the rule it breaks with its section of RULES.md as an aside
// ("Refused: The values of your permits under that building must add up
// to more than anyone else's there; a tie lets nobody build. (rules
// §6.2)"; examples/internal/words), never in the engine's terms. It shows
// what each bot did and what the dice did. A decision with a single legal
// move (a roll, say) is played without asking. A bot that fails to choose,
// or chooses a move the table refuses, forfeits the game (Table.Forfeit).
//
// The seed: -seed N plays the game of seed N, shown at the start, which
// the same flags and the same decisions play again (dice, cards and the
// bots' choices). Without -seed (or with 0) the table draws a secret seed
// from crypto/rand and the bots' seeds derive from another secret of the
// command's: whoever knew the seed could foresee every roll and card, so
// it is shown only at the end, after the record (which holds it) is saved.
//
// undo takes back the person's previous decision and everything after it,
// a move at a time, through the table (Table.Undo), which is then exactly
// as it was before them, its random source included: the dice fall again
// as they fell, and the bots, seeded from -seed (or the command's secret),
// their seat and the number of moves before, choose the same again if the
// person does.
//
// At the end (the game is won, reaches -maxturns, a bot forfeits, or the
// person quits or closes the input, which abandons it) it says how the
// game ended and who won or leads (words.Ending: "Red won by placing all
// 10 cubes.", "The game reached its turn limit; Blue leads with 7
// cubes.") and the standings of the table's Outcome (every seat's place
// and cubes: the winner first, then by cubes, equal cubes sharing a place,
// a forfeiting seat last), shows every card of a game over by the rules,
// saves the table's record, which examples/replay replays, to -record FILE
// or to a new file in -records DIR (by default the system's temporary
// directory), and shows the seed if it was secret. The exit status is 0, 1
// if the record cannot be saved or a bot fails, and 2 for bad flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, commandName(os.Args[0]), os.Args[1:]))
}

// commandName is the name the command was run as, from its path arg0, for
// its usage and messages: "play", or what the binary was built or renamed
// as.
func commandName(arg0 string) string {
	name := strings.TrimSuffix(filepath.Base(arg0), ".exe")
	if name == "" || name == "." || name == string(filepath.Separator) {
		return "play"
	}
	return name
}

// defaultMaxTurns ends a game that goes on for too long without a winner:
// play can reach positions where nobody can ever win.
const defaultMaxTurns = 200

// options are the command's flags, checked.
type options struct {
	cfg        elasund.Config
	seat       elasund.Player
	bots       []string // by seat; "" for the person's seat
	recordFile string   // -record
	recordDir  string   // -records
}

// run plays one game reading the person's lines from in and writing to out,
// with the command-line arguments args of the command called name. It
// returns the exit status.
func run(in io.Reader, out io.Writer, name string, args []string) int {
	return runWith(in, out, name, args, bots.New)
}

// botMaker makes the bot of a name with a seed, as bots.New.
type botMaker func(name string, seed uint64) (bots.Bot, error)

// runWith is run with the bots that newBot makes.
func runWith(in io.Reader, out io.Writer, name string, args []string, newBot botMaker) int {
	opts, err := parseFlags(out, name, args, newBot)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	s, err := newSession(in, out, opts, newBot)
	if err != nil {
		fmt.Fprintf(out, "%s: %v\n", name, err)
		return 2
	}
	return s.play()
}

// parseFlags reads args of the command called name. For a bad flag it
// writes the problem and the usage to out and returns an error; for -h or
// -help, the usage and flag.ErrHelp.
func parseFlags(out io.Writer, name string, args []string, newBot botMaker) (options, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	players := fs.Int("players", 0, "number of players, 2 to 4 (default: one more than the bots named)")
	botList := fs.String("bots", defaultBot(), "the bots in the other seats, in order, comma-separated (the list repeats if short): "+strings.Join(bots.Names(), ", ")+", or ismcts:N for an ISMCTS bot that searches N iterations a move (ismcts-v:N with the learned value; ismcts:10ms for 10 ms a move)")
	seat := fs.Int("seat", 0, "your seat, 0 to players-1 (colours in seat order: red, blue, green, yellow)")
	seed := fs.Uint64("seed", 0, "the game's seed, for a game that can be played again (0: a secret seed the referee draws, shown at the end)")
	rulesText := fs.String("rules", "default", "the rule options (RULES.md §12): default, english, adjacent-permit-rows, shortage-voids-income, or options joined with +")
	maxTurns := fs.Int("maxturns", defaultMaxTurns, "end the game without a winner after this many turns (0: no limit)")
	recordFile := fs.String("record", "", "save the game's record to `FILE`")
	recordDir := fs.String("records", "", "save the game's record to a new file in `DIR` (default: the temporary directory)")
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: %s [-players N] [-bots NAME,…] [-seat N] [-seed N] [-rules R] [-maxturns N] [-record FILE | -records DIR]\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	bad := func(format string, a ...any) (options, error) {
		err := fmt.Errorf(format, a...)
		fmt.Fprintf(out, "%s: %v\n", name, err)
		fs.Usage()
		return options{}, err
	}
	if fs.NArg() > 0 {
		return bad("unexpected arguments %q", fs.Args())
	}
	names := strings.Split(*botList, ",")
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
		if _, err := newBot(names[i], 0); err != nil {
			return bad("%v", err)
		}
	}
	n := *players
	if n == 0 {
		n = len(names) + 1
	}
	if n < elasund.MinPlayers || n > elasund.MaxPlayers {
		return bad("-players %d: Elasund is for %d to %d players", n, elasund.MinPlayers, elasund.MaxPlayers)
	}
	if len(names) > n-1 {
		return bad("%d bots named for the %d other seats", len(names), n-1)
	}
	if *seat < 0 || *seat >= n {
		return bad("-seat %d: the seats are 0 to %d", *seat, n-1)
	}
	rules, err := elasund.ParseRules(*rulesText)
	if err != nil {
		return bad("-rules: %v", err)
	}
	if *maxTurns < 0 {
		return bad("-maxturns %d: give 0 for no limit or a positive number", *maxTurns)
	}
	if *recordFile != "" && *recordDir != "" {
		return bad("give -record or -records, not both")
	}
	opts := options{
		cfg:        elasund.Config{Players: n, Seed: *seed, Rules: rules, MaxTurns: *maxTurns},
		seat:       elasund.Player(*seat),
		recordFile: *recordFile,
		recordDir:  *recordDir,
	}
	for p, k := 0, 0; p < n; p++ {
		if p == *seat {
			opts.bots = append(opts.bots, "")
			continue
		}
		opts.bots = append(opts.bots, names[k%len(names)])
		k++
	}
	return opts, nil
}

// defaultBot is the bot the other seats get by default: greedy, or random
// where greedy is not built.
func defaultBot() string {
	if _, err := bots.New("greedy", 0); err == nil {
		return "greedy"
	}
	return "random"
}
