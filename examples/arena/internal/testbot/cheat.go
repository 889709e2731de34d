package testbot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
)

// A Guesser returns the game seeds of the first deals deals of a tournament
// whose seed or key were word, or nil when word can be neither. The cheat
// mode tries every word it finds.
type Guesser func(word string, deals int) []uint64

// cheatDeals is the number of deals the cheat mode tries for each word;
// the tests' tournaments have no more.
const cheatDeals = 8

// cheatObservations is the number of rolls whose dice a candidate seed
// must foretell to be the game's: with the first player, about one chance
// in 120 million for a wrong seed. The cheat may try thousands (every
// number it reads, outside a sandbox, in the files its ancestors have
// open, makes a Guesser's candidates): it must not find a wrong one.
const cheatObservations = 5

// cheatTurns is the last turn the cheat mode watches: it sees the rolls of
// its own turns (five in ten, in a game of two); a game's later dice may
// depend on the moves (a reshuffled deck draws from the game's source),
// which the cheat does not foretell.
const cheatTurns = 10

// A cheat looks for the seed of its game the way a bot that wants to
// foresee its dice could: it gathers every word it can read (its own
// arguments and environment, its ancestors' command lines and
// environments under /proc, the files these name, the files its
// ancestors have open), takes
// each for a tournament's seed or key (its Guesser), and checks the first
// deals of each against what it sees: the first player, and the dice of
// the first rolls, which the game's seeded source draws whatever the
// players choose. It logs "cheat found SEED" when one candidate foretells
// them all, "cheat none N" when none of N candidates does, and "cheat
// unsure" when its game ended before it saw enough rolls.
type cheat struct {
	guess Guesser
	words []string
	seat  int
	cfg   elasund.Config
	first string         // the first player's colour
	dice  map[int][2]int // the dice of each turn's roll seen so far
	done  bool
}

// newCheat gathers the words. It first logs the files it was started with
// open ("cheat fds 0 1 2": its pipes).
func newCheat(guess Guesser) *cheat {
	logf("cheat fds %s", openFiles())
	c := &cheat{guess: guess, dice: map[int][2]int{}}
	seen := map[string]bool{}
	add := func(data []byte) {
		for _, w := range strings.FieldsFunc(string(data), func(r rune) bool {
			return r == 0 || r == '=' || r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r'
		}) {
			if !seen[w] {
				seen[w] = true
				c.words = append(c.words, w)
			}
		}
	}
	add([]byte("1")) // the arena's default seed before it had keys
	add([]byte(strings.Join(os.Args, "\x00")))
	add([]byte(strings.Join(os.Environ(), "\x00")))
	// Every ancestor's command line, environment, memory and files: the
	// arena, or a supervisor the arena put between them, and beyond. It
	// logs each try, "cheat read cmdline D: ERR" and the like, D the
	// ancestor's depth (1: the parent).
	var files []string
	for depth, pid := range ancestors() {
		proc := "/proc/" + strconv.Itoa(pid)
		for _, name := range []string{"cmdline", "environ"} {
			data, err := os.ReadFile(filepath.Join(proc, name))
			logf("cheat read %s %d: %v", name, depth+1, err)
			add(data)
		}
		mem, err := os.Open(filepath.Join(proc, "mem")) // the key is in there, somewhere
		logf("cheat open mem %d: %v", depth+1, err)
		if err == nil {
			mem.Close()
		}
		fds, _ := filepath.Glob(filepath.Join(proc, "fd", "*"))
		files = append(files, fds...)
	}
	for _, w := range c.words {
		if filepath.IsAbs(w) || strings.HasPrefix(w, ".") {
			files = append(files, w)
		}
	}
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() && fi.Size() < 1<<16 {
			data, _ := os.ReadFile(f)
			add(data)
		}
	}
	return c
}

// ancestors returns the process's parent, its parent's parent, and so on
// up to the first process of its PID namespace (at most 20 of them).
func ancestors() []int {
	var out []int
	for pid := os.Getppid(); pid > 0 && len(out) < 20; {
		out = append(out, pid)
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if err != nil || i < 0 {
			break
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			break
		}
		pid, _ = strconv.Atoi(f[1])
	}
	return out
}

// openFiles lists the process's open file descriptors, but the one that
// lists them and the Go runtime's own (its poller's anon_inode:[eventpoll]
// and [eventfd]).
func openFiles() string {
	dir := "/proc/self/fd"
	d, err := os.Open(dir)
	if err != nil {
		return err.Error()
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	var fds []int
	for _, name := range names {
		target, _ := os.Readlink(filepath.Join(dir, name))
		if fd, err := strconv.Atoi(name); err == nil && uintptr(fd) != d.Fd() && !strings.HasPrefix(target, "anon_inode:") {
			fds = append(fds, fd)
		}
	}
	slices.Sort(fds)
	return strings.Trim(fmt.Sprint(fds), "[]")
}

// hello notes the game's settings.
func (c *cheat) hello(line []byte) {
	var msg struct {
		Seat     int    `json:"seat"`
		Players  int    `json:"players"`
		Rules    string `json:"rules"`
		MaxTurns int    `json:"maxTurns"`
	}
	json.Unmarshal(line, &msg)
	rules, _ := elasund.ParseRules(msg.Rules)
	c.seat = msg.Seat
	c.cfg = elasund.Config{Players: msg.Players, MaxTurns: msg.MaxTurns, Rules: rules}
}

// see notes what the view of a decision shows, and looks for the seed once
// it has seen enough.
func (c *cheat) see(view json.RawMessage) {
	var v struct {
		Turn        int    `json:"turn"`
		Phase       string `json:"phase"`
		FirstPlayer string `json:"firstPlayer"`
		Dice        [2]int `json:"dice"`
	}
	json.Unmarshal(view, &v)
	c.first = v.FirstPlayer
	if v.Phase != "roll" && v.Dice != [2]int{} && v.Turn <= cheatTurns {
		c.dice[v.Turn] = v.Dice // this turn's roll
	}
	if !c.done && len(c.dice) >= cheatObservations {
		c.done = true
		c.search()
	}
}

// end logs that the game ended before the search.
func (c *cheat) end() {
	if !c.done {
		logf("cheat unsure")
	}
}

// search tries every candidate seed.
func (c *cheat) search() {
	n := 0
	for _, w := range c.words {
		for _, seed := range c.guess(w, cheatDeals) {
			n++
			if c.foretells(seed) {
				logf("cheat found %d", seed)
				return
			}
		}
	}
	logf("cheat none %d", n)
}

// foretells reports whether the game of seed has the first player and the
// dice seen, playing its first legal moves to the turns seen.
func (c *cheat) foretells(seed uint64) bool {
	cfg := c.cfg
	cfg.Seed = seed
	g, err := elasund.New(cfg)
	if err != nil || g.Color(g.FirstPlayer()).String() != c.first {
		return false
	}
	var legal []elasund.Move
	for steps := 0; !g.Over() && g.Turn() <= cheatTurns && steps < 1000; steps++ {
		legal = g.AppendLegal(legal[:0])
		if len(legal) == 0 || g.Apply(legal[0]) != nil {
			return false
		}
		if legal[0].Kind == elasund.Roll {
			a, b := g.Dice()
			if seen, ok := c.dice[g.Turn()]; ok && seen != [2]int{a, b} {
				return false
			}
		}
	}
	return true
}

// rawView returns the "view" of a decide message.
func rawView(line []byte) json.RawMessage {
	var msg struct {
		View json.RawMessage `json:"view"`
	}
	json.Unmarshal(line, &msg)
	return bytes.TrimSpace(msg.View)
}
