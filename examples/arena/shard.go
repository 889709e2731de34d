package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
)

// A tournament too long for one machine is played in shards: each run of
// the arena with -shard i/n plays the deals i, i+n, i+2n, … and writes,
// with -format json, the usual JSON object (the summary of its own games)
// plus "shard" and its "playedGames"; "arena merge FILE…" reads the n
// files and writes what one run of every deal writes, byte for byte, in
// any -format.

// shardSpec is the shard i of n.
type shardSpec struct {
	Index int `json:"index"`
	Of    int `json:"of"`
}

// parseShardSpec reads "i/n", 0 ≤ i < n.
func parseShardSpec(s string) (shardSpec, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return shardSpec{}, fmt.Errorf("-shard %.60q: write i/n with 0 ≤ i < n, such as 0/3", s)
	}
	return shardSpec{i, n}, nil
}

// shardGame is a played game in a shard's output: what Summarize needs of
// it. Winner and Forfeit are seats as numbers, -1 for none, as Seating's
// are (an elasund.Player would marshal as text, "0" or "none").
// Decisions and Think (nanoseconds) give the time per decision that merge
// reports on standard error; they are not deterministic.
type shardGame struct {
	Index     int     `json:"index"`
	Seating   []int   `json:"seating"`
	Seed      uint64  `json:"seed"`
	Winner    int     `json:"winner"`
	Forfeit   int     `json:"forfeit"`
	Reason    string  `json:"reason"`
	Turns     int     `json:"turns"`
	Moves     int     `json:"moves"`
	Cubes     []int   `json:"cubes"`
	Rank      []int   `json:"rank"`
	Decisions []int   `json:"decisions"`
	Think     []int64 `json:"thinkNanos"`
}

// shardFile is the output of a run with -shard, as merge reads it (the
// summary of the shard's own games, which it also holds, is not read).
type shardFile struct {
	header
	Anchor string      `json:"eloAnchor"`
	Shard  *shardSpec  `json:"shard"`
	List   []shardGame `json:"playedGames"`
}

// writeShardJSON writes a shard's output: the JSON of writeJSON with the
// shard and its played games.
func writeShardJSON(w io.Writer, h header, s *tourney.Summary, spec shardSpec, games []tourney.Match) error {
	played := []shardGame{}
	for i := range games {
		g := &games[i]
		if !g.Played {
			continue
		}
		r := &g.Result
		think := make([]int64, len(r.Think))
		for p, d := range r.Think {
			think[p] = int64(d)
		}
		played = append(played, shardGame{Index: g.Index, Seating: g.Seating, Seed: g.Config.Seed,
			Winner: int(r.Winner), Forfeit: int(r.Forfeit), Reason: r.Reason, Turns: r.Turns, Moves: r.Moves,
			Cubes: r.Cubes, Rank: r.Rank, Decisions: r.Decisions, Think: think})
	}
	v := struct {
		header
		*tourney.Summary
		Checks []tourney.CheckResult `json:"checks"`
		Shard  shardSpec             `json:"shard"`
		Games  []shardGame           `json:"playedGames"`
	}{h, s, []tourney.CheckResult{}, spec, played}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// mergeCmd is "arena merge [-format F] [-check CLAIMS] FILE…": it reads the
// outputs of the shards of one tournament and writes the results of the
// whole; it returns the exit status.
func mergeCmd(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("arena merge", flag.ContinueOnError)
	fs.SetOutput(errOut)
	format := fs.String("format", "text", "output `format`: text, csv or json")
	var checks listFlag
	fs.Var(&checks, "check", "`claims` to verify, as the arena's -check")
	fs.Usage = func() {
		fmt.Fprintln(errOut, "usage: arena merge [-format F] [-check CLAIMS] SHARD.json…\n\nmerges the -format json outputs of the runs -shard 0/n to n-1/n of one tournament")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(errOut, "arena merge: "+format+"\n", a...)
		return 2
	}
	if *format != "text" && *format != "csv" && *format != "json" {
		return bad("-format %.60q: want text, csv or json", *format)
	}
	if fs.NArg() == 0 {
		return bad("name the shards' output files")
	}
	files := make([]shardFile, fs.NArg())
	for i, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err == nil {
			err = json.Unmarshal(data, &files[i])
		}
		if err == nil && files[i].Shard == nil {
			err = errors.New("not the output of a run with -shard")
		}
		if err != nil {
			fmt.Fprintf(errOut, "arena merge: %s: %v\n", name, err)
			return 1
		}
	}
	h, anchor, games, err := mergeShards(files, fs.Args())
	if err != nil {
		fmt.Fprintln(errOut, "arena merge:", err)
		return 1
	}
	var claims []tourney.Claim
	for _, s := range checks {
		c, err := tourney.ParseClaim(s)
		if err == nil {
			err = c.Names(h.Bots)
		}
		if err != nil {
			return bad("-check: %v", err)
		}
		claims = append(claims, c)
	}
	sum := tourney.Summarize(h.Bots, h.Players, games, anchor)
	h.Played = sum.Games
	code := report(out, errOut, *format, h, &sum, claims)
	fmt.Fprintf(errOut, "arena: merged %d games of %d shards; time per decision: %s\n", sum.Games, len(files), thinkTimes(&sum))
	return code
}

// mergeShards checks that files (read from names) are every shard of one
// tournament, once each, and returns the tournament's header, Elo anchor
// and games (those no shard played left unplayed).
func mergeShards(files []shardFile, names []string) (header, string, []tourney.Match, error) {
	first := files[0]
	n := first.Shard.Of
	seen := make([]string, n)
	same := func(f *shardFile) bool {
		return slices.Equal(f.Bots, first.Bots) && f.Players == first.Players && f.Games == first.Games &&
			f.Seatings == first.Seatings && f.SeatingSeeds == first.SeatingSeeds && f.MaxTurns == first.MaxTurns && f.Rules == first.Rules &&
			f.Key == first.Key && (f.Seed == nil) == (first.Seed == nil) && (f.Seed == nil || *f.Seed == *first.Seed) &&
			f.Anchor == first.Anchor && f.Shard.Of == n
	}
	for i := range files {
		f := &files[i]
		switch {
		case !same(f):
			return header{}, "", nil, fmt.Errorf("%s and %s are shards of different tournaments (bots, seed, dealing, games, rules or shard count differ)", names[0], names[i])
		case f.Shard.Index < 0 || f.Shard.Index >= n:
			return header{}, "", nil, fmt.Errorf("%s: shard %d of %d", names[i], f.Shard.Index, n)
		case seen[f.Shard.Index] != "":
			return header{}, "", nil, fmt.Errorf("%s and %s are both shard %d/%d", seen[f.Shard.Index], names[i], f.Shard.Index, n)
		}
		seen[f.Shard.Index] = names[i]
	}
	for i, s := range seen {
		if s == "" {
			return header{}, "", nil, fmt.Errorf("shard %d/%d is missing", i, n)
		}
	}
	h := first.header
	if h.Seatings < 1 || h.Games < 1 || h.Games%h.Seatings != 0 || h.Players < elasund.MinPlayers || h.Players > elasund.MaxPlayers {
		return header{}, "", nil, fmt.Errorf("%s: %d games in %d seatings of %d players", names[0], h.Games, h.Seatings, h.Players)
	}
	games := make([]tourney.Match, h.Games)
	for i := range games {
		games[i] = tourney.Match{Index: i, Deal: i / h.Seatings}
	}
	for k := range files {
		for _, sg := range files[k].List {
			if err := place(games, sg, &h, n, files[k].Shard.Index); err != nil {
				return header{}, "", nil, fmt.Errorf("%s: %w", names[k], err)
			}
		}
	}
	return h, first.Anchor, games, nil
}

// place puts the played game sg of shard i of n into games.
func place(games []tourney.Match, sg shardGame, h *header, n, i int) error {
	if sg.Index < 0 || sg.Index >= len(games) {
		return fmt.Errorf("game %d of %d", sg.Index, len(games))
	}
	g := &games[sg.Index]
	p := h.Players
	ok := len(sg.Seating) == p && len(sg.Cubes) == p && len(sg.Rank) == p && len(sg.Decisions) == p && len(sg.Think) == p
	for _, e := range sg.Seating {
		ok = ok && e >= 0 && e < len(h.Bots)
	}
	ok = ok && sg.Winner >= int(elasund.NoPlayer) && sg.Winner < p && sg.Forfeit >= int(elasund.NoPlayer) && sg.Forfeit < p
	switch {
	case !ok:
		return fmt.Errorf("game %d: a result that does not fit %d seats of %d bots", sg.Index, p, len(h.Bots))
	case g.Deal%n != i:
		return fmt.Errorf("game %d of deal %d is not in shard %d/%d", sg.Index, g.Deal, i, n)
	case g.Played:
		return fmt.Errorf("game %d is listed twice", sg.Index)
	}
	think := make([]time.Duration, p)
	for q, d := range sg.Think {
		think[q] = time.Duration(d)
	}
	g.Seating, g.Played = sg.Seating, true
	g.Config = elasund.Config{Players: p, Seed: sg.Seed, MaxTurns: h.MaxTurns}
	g.Result = tourney.Result{Outcome: tourney.Outcome{Winner: elasund.Player(sg.Winner), Forfeit: elasund.Player(sg.Forfeit), Reason: sg.Reason},
		Turns: sg.Turns, Moves: sg.Moves, Cubes: sg.Cubes, Rank: sg.Rank, Decisions: sg.Decisions, Think: think}
	return nil
}
