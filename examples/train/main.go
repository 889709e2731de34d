// Command train makes the learned models of examples/bots: the value
// models (bots.ValueModel, the bots "greedy-v" and "ismcts-v") and the
// policy and value of the bot "az" (bots.AZModel). It plays seeded
// self-play games and writes sampled positions, and the root visits of
// searching bots, as NumPy files, fits models to them and measures them.
//
// Usage:
//
//	go run ./examples/train gen -bots ismcts:100 -players 2 -deals 1000 -seed 1 -out DIR
//	go run ./examples/train merge -out DIR SHARD_DIR...
//	go run ./examples/train fit -data DIR[,DIR…] -hidden 64 -epochs 20 -seed 1 -out value.bin
//	go run ./examples/train eval -model value.bin -data DIR[,DIR…]
//	go run ./examples/train fitpolicy -data DIR[,DIR…] -init az.bin -value value.bin -more value_linear.bin -out az.bin
//
// # gen
//
// gen plays deals 0 to -deals−1, each one game refereed at an
// elasund.Table, the bots seated from -bots (names bots.New knows, as in
// the arena; seat s of deal d gets bot (s+d) mod the number of bots). Each
// decision is sampled with probability -p, and a sampled position gives
// one row for every seat (or, with -allseats=false, for the seat that
// decides): the seat's View.AppendObservation, and its return as the label,
// as the library's elasund.Outcome.Returns gives it: 1 if the seat won the
// game, 0 if another seat won; in a game without a winner (the -maxturns
// limit) the seats in first place, those with the most cubes, share 1 (the
// leader gets 1, two tied for the lead 1/2 each) and the others get 0.
// (gen labelled every seat of such a game 1/n before; the shipped models,
// below, were fitted to data labelled so and have not been refitted.)
// Deal d's game seed, its bots' seeds and its sampling come from -seed
// and d alone, so the output is the same for any -parallel, and -shard
// i/n, which plays deals i, i+n, i+2n, …, plays each of its deals as a run
// of all the deals does.
//
// The output directory gets three NumPy .npy files (version 1.0,
// little-endian, C order), one row a position, in the order of the deals
// and, within a deal, of the moves and seats:
//
//	obs.npy     float32 (N, 2659)  elasund.View.AppendObservation of the seat
//	labels.npy  float32 (N,)       the seat's return: 1, 0, or 1/k for a shared first place
//	meta.npy    int32   (N, 5)     deal, turn, seat, players, moves played
//
// # merge
//
// merge writes the rows of the shards of one run (the directories -shard
// 0/n to n−1/n wrote) to -out in deal order: files byte for byte equal to
// those of one run of all the deals. (Concatenating the shards' files is
// not: the deals of a shard are interleaved with the others'.)
//
// # fit
//
// fit reads data sets, holds out the deals d with d mod -holdout =
// -holdout−1, fits logistic regression (-hidden 0) or a network of one
// hidden layer of -hidden tanh units by minibatch Adam with L2 weight decay
// on the cross-entropy, reports each epoch's log-loss on the training
// positions and the held-out log-loss and accuracy (the share of
// positions where the model's probability is above 1/2 exactly when the
// seat won), and writes the model in the form bots.ParseValueModel reads.
// Its result depends on -seed and -threads (the split of a batch's sum)
// alone.
//
// # eval
//
// eval measures a model file on the held-out positions of data sets, with
// the float32 evaluation of bots.ValueModel.
//
// gen -policy P also records, for each decision of a searching bot
// (ismcts, ismcts-v, az) sampled with probability P, the decider's
// observation, the legal moves' action indices and features, the root's
// visit shares (bots.ISMCTS.ChooseWithPolicy) and the seats' returns, in
// the policy_*.npy files policy.go lists (merge does not merge them).
//
// fit -init starts from the weights of a value model file, not random
// ones.
//
// # fitpolicy
//
// fitpolicy fits the policy of an az model to the policy targets of data
// sets (gen -policy), holding out deals as fit does: minibatch Adam on
// the cross-entropy between the visit shares and the softmax of the
// moves' scores, starting from the policy of -init (bots.InitialPolicy
// without it), and writes an az model with the value model of -value (of
// -init, or bots.LinearValueModel, without it) for games of two players
// and that of -more for games of three and four (without -more, -value's
// judges them too; without either, -init's two are kept). Without -data
// it writes the initial model. az.sh beside this file makes the shipped
// az.bin by a few generations of self-play, fit and self-play
// (docs/learning.md).
//
// # The shipped models
//
// examples/bots/value.bin (64 tanh units, the model of greedy-v) and
// value_linear.bin (logistic regression, the model of ismcts-v) are made
// by value.sh beside this file, run from the repository's root:
//
//	sh examples/train/value.sh /tmp/elasund-value
//
// It generates, with seeds 1 and 2, positions of ismcts:100 self-play
// (3,000 deals of 2 players, 1,200 of 3, 1,200 of 4: 84,830 positions)
// and of greedy self-play (6,000, 4,000 and 3,000 deals: 170,626
// positions), 2.6 GB of .npy files, and fits both models to them (6
// epochs, Adam at 0.0005 with L2 0.0001, seed 1, 2 threads). It took 10.5
// minutes (7 minutes of CPU) on this project's 2-core machine shared with
// other work; the gen and fit steps are deterministic, and the fits gave
// the same files twice. The models tried, fitted to the same positions
// (one deal in five held out; the held-out ISMCTS positions, 17,426, as
// eval measures them; a constant guess has log-loss 0.6503):
//
//	model                 log-loss  accuracy  2p / 3p / 4p log-loss
//	logistic regression     0.5502    72.4%   0.578 / 0.561 / 0.522
//	16 tanh units           0.5366    72.9%   0.546 / 0.547 / 0.523
//	32 tanh units           0.5346    73.0%   0.545 / 0.546 / 0.520
//	64 tanh units           0.5337    73.0%   0.544 / 0.545 / 0.518
//
// In the arena (docs/learning.md) the network pays for greedy-v (60.0%
// of 200 games against greedy, against 41.0% with logistic regression),
// but not for ismcts-v: at 300 iterations a move both win 65% of 200
// games against ismcts:300, and the network costs 5 times more than
// logistic regression a leaf. At equal time (10 ms a move, with 20-move
// playouts and both players judged at every leaf) logistic regression won
// 53.0% and the network 43.0%; ismcts-v now plays 40-move playouts and
// judges a 2-player leaf once (docs/learning.md has its figures).
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
	"strings"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// usage is the command's summary.
const usage = `usage: train gen|merge|fit|eval|fitpolicy [flags] (train CMD -h lists a command's flags)`

// cli runs the command with the arguments args and returns its exit
// status: 0, 1 for a failure, 2 for bad arguments.
func cli(ctx context.Context, args []string, out, errOut io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(errOut, usage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(out, usage)
		return 0
	}
	cmds := map[string]func(context.Context, []string, io.Writer, io.Writer) int{
		"gen": genCmd, "merge": mergeCmd, "fit": fitCmd, "eval": evalCmd,
		"fitpolicy": fitPolicyCmd,
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(errOut, "train: unknown command %.60q\n%s\n", args[0], usage)
		return 2
	}
	return c(ctx, args[1:], out, errOut)
}

// parse parses a command's flags; it returns an exit status, or -1 to go
// on.
func parse(fs *flag.FlagSet, args []string, errOut io.Writer) int {
	fs.SetOutput(errOut)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 && fs.Name() != "merge" {
		fmt.Fprintf(errOut, "train %s: unexpected arguments %.60q\n", fs.Name(), fs.Args())
		return 2
	}
	return -1
}

// fail reports err and returns 1.
func fail(errOut io.Writer, cmd string, err error) int {
	fmt.Fprintf(errOut, "train %s: %v\n", cmd, err)
	return 1
}

// bad reports a bad argument and returns 2.
func bad(errOut io.Writer, cmd, format string, a ...any) int {
	fmt.Fprintf(errOut, "train %s: %s\n", cmd, fmt.Sprintf(format, a...))
	return 2
}

func genCmd(ctx context.Context, args []string, out, errOut io.Writer) int {
	o := genOptions{shard: shard{0, 1}}
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	botList := fs.String("bots", "ismcts:100", "the `bots`, comma-separated (bots.New names); seat s of deal d gets bot (s+d) mod their number")
	fs.IntVar(&o.players, "players", 2, "players a game, 2 to 4")
	fs.IntVar(&o.deals, "deals", 100, "deals (games) of the whole run")
	fs.Uint64Var(&o.seed, "seed", 1, "the run's seed")
	fs.Float64Var(&o.p, "p", 0.02, "the probability that a decision's position is sampled")
	fs.Float64Var(&o.policyP, "policy", 0, "the probability that a decision of a searching bot (ismcts, az) is recorded with its root visits, the policy targets (policy_*.npy)")
	fs.BoolVar(&o.allSeats, "allseats", true, "a sampled position gives a row for every seat (false: for the seat that decides)")
	fs.IntVar(&o.maxTurns, "maxturns", 300, "a game that reaches this many turns is a draw")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "games played at once")
	shardFlag := fs.String("shard", "0/1", "play only deals i, i+n, i+2n, … (`i/n`)")
	fs.StringVar(&o.out, "out", "", "the output `directory` (made if missing)")
	if c := parse(fs, args, errOut); c >= 0 {
		return c
	}
	var err error
	if o.shard, err = parseShard(*shardFlag); err != nil {
		return bad(errOut, "gen", "%v", err)
	}
	for _, b := range strings.Split(*botList, ",") {
		if _, err := bots.New(b, 0); err != nil {
			return bad(errOut, "gen", "-bots: %v", err)
		}
		o.bots = append(o.bots, b)
	}
	switch {
	case o.players < elasund.MinPlayers || o.players > elasund.MaxPlayers:
		return bad(errOut, "gen", "-players %d: the game is for %d to %d players", o.players, elasund.MinPlayers, elasund.MaxPlayers)
	case o.deals < 0:
		return bad(errOut, "gen", "-deals %d: a number of games, 0 or more", o.deals)
	case !(o.p >= 0 && o.p <= 1) || !(o.policyP >= 0 && o.policyP <= 1):
		return bad(errOut, "gen", "-p %v, -policy %v: probabilities, 0 to 1", o.p, o.policyP)
	case o.maxTurns < 1:
		return bad(errOut, "gen", "-maxturns %d: at least 1 (self-play must stop)", o.maxTurns)
	case o.parallel < 1:
		return bad(errOut, "gen", "-parallel %d: at least 1", o.parallel)
	case o.out == "":
		return bad(errOut, "gen", "-out: name the output directory")
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return fail(errOut, "gen", err)
	}
	start := time.Now()
	n, err := gen(ctx, &o)
	if err != nil {
		return fail(errOut, "gen", err)
	}
	fmt.Fprintf(out, "gen: %d positions of %d deals (shard %d/%d) in %s\n", n, len(o.shard.deals(o.deals)), o.shard.i, o.shard.n, o.out)
	fmt.Fprintf(errOut, "gen: %.1f s\n", time.Since(start).Seconds())
	return 0
}

func mergeCmd(_ context.Context, args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	dir := fs.String("out", "", "the output `directory` (made if missing)")
	if c := parse(fs, args, errOut); c >= 0 {
		return c
	}
	if *dir == "" || fs.NArg() == 0 {
		return bad(errOut, "merge", "usage: train merge -out DIR SHARD_DIR...")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return fail(errOut, "merge", err)
	}
	n, err := merge(*dir, fs.Args())
	if err != nil {
		return fail(errOut, "merge", err)
	}
	fmt.Fprintf(out, "merge: %d positions of %d shards in %s\n", n, fs.NArg(), *dir)
	return 0
}

func fitCmd(_ context.Context, args []string, out, errOut io.Writer) int {
	var o fitOptions
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	dataFlag := fs.String("data", "", "the data set `directories`, comma-separated")
	fs.IntVar(&o.hidden, "hidden", 0, "hidden tanh units (0: logistic regression)")
	fs.IntVar(&o.epochs, "epochs", 10, "passes over the training positions")
	fs.IntVar(&o.batch, "batch", 128, "positions a step")
	fs.Float64Var(&o.lr, "lr", 1e-3, "Adam's learning rate")
	fs.Float64Var(&o.l2, "l2", 1e-4, "L2 weight decay on the weights")
	fs.Uint64Var(&o.seed, "seed", 1, "the seed of the initial weights and the shuffles")
	fs.IntVar(&o.holdout, "holdout", 5, "hold out the deals d with d mod N = N-1 (0: none)")
	fs.IntVar(&o.threads, "threads", 2, "goroutines that share a batch (the result depends on it)")
	model := fs.String("out", "", "write the model to `file`")
	initFlag := fs.String("init", "", "start from the weights of this value model `file` (of -hidden units), not random ones")
	if c := parse(fs, args, errOut); c >= 0 {
		return c
	}
	if *initFlag != "" {
		b, err := os.ReadFile(*initFlag)
		if err == nil {
			o.init, err = bots.ParseValueModel(b)
		}
		if err != nil {
			return fail(errOut, "fit", err)
		}
	}
	switch {
	case *dataFlag == "":
		return bad(errOut, "fit", "-data: name the data set directories")
	case o.hidden < 0 || o.hidden > bots.MaxHidden:
		return bad(errOut, "fit", "-hidden %d: 0 to %d", o.hidden, bots.MaxHidden)
	case o.epochs < 0 || o.batch < 1 || o.threads < 1 || o.holdout < 0:
		return bad(errOut, "fit", "-epochs, -holdout: 0 or more; -batch, -threads: 1 or more")
	case !(o.lr > 0) || !(o.l2 >= 0):
		return bad(errOut, "fit", "-lr: above 0; -l2: 0 or more")
	}
	start := time.Now()
	d, err := loadData(strings.Split(*dataFlag, ","), o.holdout)
	if err != nil {
		return fail(errOut, "fit", err)
	}
	fmt.Fprintf(out, "fit: %d training and %d held-out positions (read in %.1f s)\n", len(d.train), len(d.held), time.Since(start).Seconds())
	n, err := fit(d, &o, out)
	if err != nil {
		return fail(errOut, "fit", err)
	}
	name := "logistic regression"
	if o.hidden > 0 {
		name = fmt.Sprintf("%d tanh units", o.hidden)
	}
	report(out, name, d.held, n.predictor())
	if *model != "" {
		m, err := n.model()
		if err == nil {
			var b []byte
			b, _ = m.MarshalBinary()
			err = os.WriteFile(*model, b, 0o644)
		}
		if err != nil {
			return fail(errOut, "fit", err)
		}
	}
	fmt.Fprintf(errOut, "fit: %.1f s\n", time.Since(start).Seconds())
	return 0
}

func evalCmd(_ context.Context, args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	dataFlag := fs.String("data", "", "the data set `directories`, comma-separated")
	model := fs.String("model", "", "the model `file` (empty: the embedded bots.DefaultValueModel)")
	holdout := fs.Int("holdout", 5, "measure the deals d with d mod N = N-1 (0: all)")
	if c := parse(fs, args, errOut); c >= 0 {
		return c
	}
	if *dataFlag == "" || *holdout < 0 {
		return bad(errOut, "eval", "-data: name the data set directories; -holdout: 0 or more")
	}
	m := bots.DefaultValueModel()
	if *model != "" {
		b, err := os.ReadFile(*model)
		if err == nil {
			m, err = bots.ParseValueModel(b)
		}
		if err != nil {
			return fail(errOut, "eval", err)
		}
	}
	d, err := loadData(strings.Split(*dataFlag, ","), *holdout)
	if err != nil {
		return fail(errOut, "eval", err)
	}
	held := d.held
	if *holdout == 0 {
		held = d.train
	}
	obs := make([]float32, elasund.ObservationSize)
	report(out, "model", held, func(s *sample) float64 {
		clear(obs)
		for k, i := range s.idx {
			obs[i] = s.val[k]
		}
		return m.Predict(obs)
	})
	return 0
}
