package tourney

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// Entrant is a bot of a tournament: its name in the tables and how to make
// it for one game.
type Entrant struct {
	// Name names the entrant in the results; names are distinct.
	Name string
	// New makes the entrant's bot for one seat of one game. The
	// tournament makes a fresh bot for every game and seat.
	New func(s Seat) (bots.Bot, error)
}

// Seat is a seat of a game of a tournament, for Entrant.New.
type Seat struct {
	Game int            // the game's index
	Seat elasund.Player // the seat
	Seed uint64         // the bot's seed: Tournament.Key.BotSeed(Game, Seat), or BotSeed(Tournament.Seed, Game, Seat)
}

// BuiltIn returns the entrant of the bot that bots.New makes by name,
// named name, seeded with the seat's seed.
func BuiltIn(name string) Entrant {
	return Entrant{Name: name, New: func(s Seat) (bots.Bot, error) { return bots.New(name, s.Seed) }}
}

// Tournament is a series of games between entrants, every deal played in
// every seating (see Seatings), the games in parallel.
//
// Game i of the tournament is the seating i mod S of deal i / S, where S is
// the number of seatings. Every game of a deal has the same Config.Seed, so
// every seating plays the same shuffles and the same first seat. The seeds
// come from Key when it is set, else from Seed:
//
//   - with a Key, deal d is played from Key.DealSeed(d) and the bot in seat
//     p of game i is made with Key.BotSeed(i, p): nobody who lacks the key
//     can compute a deal, so a bot cannot foresee its game's cards and dice
//     however much it knows of the tournament (NewKey draws a key);
//   - without, they are GameSeed(Seed, d) and BotSeed(Seed, i, p), which
//     anybody who knows Seed computes: a public seed, for bots that are
//     trusted (in-process ones) and for runs that must be reproduced by
//     name, such as a CI's.
//
// A game's result therefore depends only on the key or seed and its index,
// and Run returns the same results whatever Parallel is.
//
// Playing a deal in every seating is duplicate play, as in duplicate
// bridge: no bot is luckier than another with the cards and dice, as each
// meets them from every chair, which makes the comparison fairer than
// luck alone. It holds only if a bot cannot remember a deal from one
// seating to the next: a program that keeps what it saw in a file could
// foresee its dice when the deal comes again. A host that seats programs
// it cannot keep from storing (Exec outside a sandbox) sets SeatingSeeds:
// every game is then dealt apart, from a seed of its own.
type Tournament struct {
	// Entrants are the bots; at least two, and at least Players.
	Entrants []Entrant
	// Players is the number of seats of every game, 2 to 4.
	Players int
	// Games is the number of games. Run plays the smallest whole number
	// of deals that gives at least Games games (Len), so that every
	// entrant sits in every seat equally often.
	Games int
	// Seed seeds the deals and the bots when Key is nil; it is public
	// (GameSeed).
	Seed uint64
	// Key, if not nil, seeds the deals and the bots in Seed's place, in
	// secret (Key.DealSeed).
	Key *Key
	// SeatingSeeds deals every game of a deal from a seed of its own
	// (Key.SeatingSeed, or SeatingSeed), not every seating from the
	// deal's: the bots meet other cards and dice in every seating.
	SeatingSeeds bool
	// MaxTurns is the turn limit of every game (Config.MaxTurns); a game
	// that reaches it is a draw. It must be positive: random play can
	// reach positions where nobody can ever win.
	MaxTurns int
	// Rules are the rule options of every game.
	Rules elasund.Rules
	// Parallel is the number of games played at once; 0 means
	// runtime.NumCPU().
	Parallel int
	// Shards, if above 1, splits the deals into that many shards, and Run
	// plays only the games of shard Shard (0 to Shards−1): the deals
	// Shard, Shard+Shards, Shard+2·Shards, …. It returns the others
	// unplayed. A game is played in its shard as in a run of every deal,
	// so the shards' games together are those of one run (the arena's
	// -shard and merge).
	Shard, Shards int
	// OnGame, if not nil, is called after each game with its result, one
	// call at a time, in the order the games finish (not by index). An
	// error stops the tournament: Run returns it. A game's record tells
	// its deal, which other games of the deal may still be playing: a host
	// that shows records to the bots' side while the tournament runs waits
	// until every game of the deal is over.
	OnGame func(m *Match) error
	// KeepRecords keeps every game's record in its Result; Run drops them
	// after OnGame otherwise, to save memory.
	KeepRecords bool
}

// Match is one game of a tournament: which entrant sits in which seat,
// the game's configuration and, once it is played, its result. (The name
// keeps it apart from elasund.Game, the game's state, which a Match does
// not hold.)
type Match struct {
	// Index is the game's number, from 0; Deal its deal (Index / the
	// number of seatings).
	Index, Deal int
	// Seating holds the index in Entrants of the bot in each seat.
	Seating []int
	// Config is the game's configuration.
	Config elasund.Config
	// Played says that the game was played to its end (Run stopped by
	// its context leaves the games it did not finish unplayed).
	Played bool
	// Result is the game's result, when Played.
	Result Result
}

// Seatings returns every seating of the tournament: every way to seat
// Players distinct entrants in order, seat 0 first, in lexicographic order
// of the entrants' indices. With as many entrants as seats these are the
// Players! permutations (6 for three bots in three seats); with n entrants
// for k seats there are n!/(n−k)! (6 for three bots in two seats: each
// pair both ways round).
func (t *Tournament) Seatings() [][]int {
	var out [][]int
	seat := make([]int, 0, t.Players)
	used := make([]bool, len(t.Entrants))
	var fill func()
	fill = func() {
		if len(seat) == t.Players {
			out = append(out, append([]int(nil), seat...))
			return
		}
		for e := range t.Entrants {
			if !used[e] {
				used[e] = true
				seat = append(seat, e)
				fill()
				seat = seat[:len(seat)-1]
				used[e] = false
			}
		}
	}
	if t.Players > 0 && t.Players <= len(t.Entrants) {
		fill()
	}
	return out
}

// Len returns the number of games Run plays: Games rounded up to a whole
// number of deals.
func (t *Tournament) Len() int {
	s := len(t.Seatings())
	if s == 0 || t.Games <= 0 {
		return 0
	}
	return (t.Games + s - 1) / s * s
}

// check reports what is wrong with the tournament's settings.
func (t *Tournament) check() error {
	switch {
	case t.Players < elasund.MinPlayers || t.Players > elasund.MaxPlayers:
		return fmt.Errorf("tourney: %d players; the game is for %d to %d", t.Players, elasund.MinPlayers, elasund.MaxPlayers)
	case len(t.Entrants) < 2:
		return fmt.Errorf("tourney: %d bots; a tournament needs at least 2", len(t.Entrants))
	case len(t.Entrants) < t.Players:
		return fmt.Errorf("tourney: %d bots for %d seats; name a bot more than once to seat it more than once", len(t.Entrants), t.Players)
	case t.Games < 1:
		return fmt.Errorf("tourney: %d games; play at least 1", t.Games)
	case t.MaxTurns < 1:
		return fmt.Errorf("tourney: turn limit %d; it must be positive", t.MaxTurns)
	case t.Parallel < 0:
		return fmt.Errorf("tourney: parallel %d; it must be positive (0: the number of CPUs)", t.Parallel)
	case t.Shards < 0 || t.Shard < 0 || t.Shard >= max(t.Shards, 1):
		return fmt.Errorf("tourney: shard %d of %d; want 0 ≤ shard < shards", t.Shard, t.Shards)
	}
	seen := map[string]bool{}
	for _, e := range t.Entrants {
		if e.Name == "" || e.New == nil {
			return errors.New("tourney: an entrant needs a name and a New")
		}
		if seen[e.Name] {
			return fmt.Errorf("tourney: two entrants are called %q", e.Name)
		}
		seen[e.Name] = true
	}
	return nil
}

// matches returns the games Run plays, unplayed.
func (t *Tournament) matches() []Match {
	seatings := t.Seatings()
	games := make([]Match, t.Len())
	for i := range games {
		deal := i / len(seatings)
		games[i] = Match{
			Index: i, Deal: deal, Seating: seatings[i%len(seatings)],
			Config: elasund.Config{Players: t.Players, Seed: t.gameSeed(deal, i%len(seatings)), MaxTurns: t.MaxTurns, Rules: t.Rules},
		}
	}
	return games
}

// Run plays the tournament: Len games (those of its shard, if Shards is
// above 1), Parallel at a time. It returns every game's Match, in index
// order. When ctx ends it stops, lets the games under way end (they are
// left unplayed) and returns the games with ctx's error; an error of
// OnGame or of an entrant's New stops it the same way.
func (t *Tournament) Run(ctx context.Context) ([]Match, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	games := t.matches()
	workers := t.Parallel
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	var mine []int // the games of the shard
	for i := range games {
		if t.Shards <= 1 || games[i].Deal%t.Shards == t.Shard {
			mine = append(mine, i)
		}
	}
	workers = max(1, min(workers, len(mine)))
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	var (
		wg sync.WaitGroup
		mu sync.Mutex // serializes OnGame
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g := &games[i]
				if err := t.play(ctx, g); err != nil {
					cancel(err)
					continue
				}
				if t.OnGame != nil {
					mu.Lock()
					err := t.OnGame(g)
					mu.Unlock()
					if err != nil {
						cancel(err)
					}
				}
				if !t.KeepRecords {
					g.Result.Record = elasund.Record{Config: g.Config}
				}
			}
		}()
	}
feed:
	for _, i := range mine {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return games, context.Cause(ctx)
	}
	return games, nil
}

// play plays game g; an error means it was not played to its end.
func (t *Tournament) play(ctx context.Context, g *Match) error {
	seats := make([]bots.Bot, len(g.Seating))
	for p, e := range g.Seating {
		b, err := t.Entrants[e].New(Seat{Game: g.Index, Seat: elasund.Player(p), Seed: t.botSeed(g.Index, p)})
		if err != nil {
			return fmt.Errorf("tourney: game %d: %s: %w", g.Index, t.Entrants[e].Name, err)
		}
		seats[p] = b
	}
	r, err := Play(ctx, g.Config, seats)
	if err != nil {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		return fmt.Errorf("tourney: game %d: %w", g.Index, err)
	}
	g.Result, g.Played = r, true
	return nil
}

// gameSeed returns the Config.Seed of seating s of deal d.
func (t *Tournament) gameSeed(d, s int) uint64 {
	switch {
	case t.Key != nil && t.SeatingSeeds:
		return t.Key.SeatingSeed(d, s)
	case t.Key != nil:
		return t.Key.DealSeed(d)
	case t.SeatingSeeds:
		return SeatingSeed(t.Seed, d, s)
	}
	return GameSeed(t.Seed, d)
}

// botSeed returns the seed of the bot in seat p of game i.
func (t *Tournament) botSeed(i, p int) uint64 {
	if t.Key != nil {
		return t.Key.BotSeed(i, p)
	}
	return BotSeed(t.Seed, i, p)
}

// GameSeed returns the Config.Seed of deal d of a tournament seeded with
// seed (and no Key). Anybody who knows seed computes it, and mix is
// invertible: one deal's seed tells the seed, hence every deal.
func GameSeed(seed uint64, d int) uint64 { return mix(seed, 0x6465616c, uint64(d)) }

// SeatingSeed returns the Config.Seed of seating s of deal d of a
// tournament seeded with seed (and no Key) that deals every seating apart
// (Tournament.SeatingSeeds).
func SeatingSeed(seed uint64, d, s int) uint64 { return mix(seed, 0x73656174, uint64(d), uint64(s)) }

// BotSeed returns the seed of the bot in seat p of game i of a tournament
// seeded with seed.
func BotSeed(seed uint64, i, p int) uint64 { return mix(seed, uint64(i), uint64(p)+1) }

// mix hashes its arguments into a seed (SplitMix64's finalizer, chained).
func mix(xs ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range xs {
		h ^= x
		h += 0x9e3779b97f4a7c15
		h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
		h = (h ^ h>>27) * 0x94d049bb133111eb
		h ^= h >> 31
	}
	return h
}
