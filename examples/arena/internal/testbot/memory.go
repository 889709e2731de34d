package testbot

import (
	"encoding/json"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
)

// MemoryEnv names, for the remember mode, the tag of its memory files:
// they are called elasund-testbot-memory-TAG (see MemoryPlaces).
const MemoryEnv = "ARENA_TEST_MEMORY"

// memoryMatch is the number of first rolls by which the remember mode
// tells a deal it has seen.
const memoryMatch = 2

// MemoryPlaces returns the files in which the remember mode keeps its
// memory: in its HOME, the system's /tmp, /var/tmp and /dev/shm, and its
// user's home directory as the user database gives it (where HOME pointed
// before the arena moved it), each named after tag.
func MemoryPlaces(tag string) []string {
	name := "elasund-testbot-memory-" + tag
	dirs := []string{os.Getenv("HOME"), "/tmp", "/var/tmp", "/dev/shm"}
	if u, err := user.Current(); err == nil {
		dirs = append(dirs, u.HomeDir)
	}
	var out []string
	for _, d := range dirs {
		if p := filepath.Join(d, name); d != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// A memory is the remember mode: a bot that writes the dice it sees to
// every file it can (MemoryPlaces), and reads them back in its next games:
// when a game begins with the rolls of a game it remembers, it predicts
// the rolls that follow from it. It logs "remember found NAMES" (the
// files whose memory it read, or "none") at the hello, and at the end
// "remember matched H of N" (its predictions of the rolls after the first
// ones: H of N right) or "remember unmatched".
type memory struct {
	places []string
	past   [][][2]int     // the games remembered: each game's rolls by turn (0: unseen)
	dice   map[int][2]int // this game's rolls by turn
	match  [][2]int       // the remembered game that began as this one, if any
	hits   int
	tries  int
}

// newMemory reads the memory files.
func newMemory() *memory {
	m := &memory{places: MemoryPlaces(os.Getenv(MemoryEnv)), dice: map[int][2]int{}}
	var found []string
	for _, p := range m.places {
		data, err := os.ReadFile(p)
		if err != nil || len(data) == 0 {
			continue
		}
		found = append(found, p)
		var past [][][2]int
		if json.Unmarshal(data, &past) == nil && len(past) > len(m.past) {
			m.past = past
		}
	}
	if len(found) == 0 {
		found = []string{"none"}
	}
	logf("remember found %s", strings.Join(found, " "))
	return m
}

// see notes the roll a view shows, predicts it from the matching game,
// and writes the memory.
func (m *memory) see(view json.RawMessage) {
	var v struct {
		Turn  int    `json:"turn"`
		Phase string `json:"phase"`
		Dice  [2]int `json:"dice"`
	}
	json.Unmarshal(view, &v)
	turn := v.Turn // whose roll the dice show: this turn's, or before it is rolled the last turn's
	if v.Phase == "roll" {
		turn--
	}
	if v.Dice == [2]int{} || turn <= 0 {
		return
	}
	if _, seen := m.dice[turn]; seen {
		return
	}
	m.dice[turn] = v.Dice
	if m.match != nil && turn < len(m.match) && m.match[turn] != [2]int{} {
		m.tries++
		if m.match[turn] == v.Dice {
			m.hits++
		}
	}
	if m.match == nil && len(m.dice) == memoryMatch {
		m.match = m.find()
	}
	m.write()
}

// find returns the remembered game whose rolls agree with all of this
// game's so far, if one does.
func (m *memory) find() [][2]int {
	for _, g := range slices.Backward(m.past) {
		ok, both := true, 0
		for t, d := range m.dice {
			if t < len(g) && g[t] != [2]int{} {
				ok = ok && g[t] == d
				both++
			}
		}
		if ok && both == len(m.dice) {
			return g
		}
	}
	return nil
}

// game returns this game's rolls by turn.
func (m *memory) game() [][2]int {
	last := 0
	for t := range m.dice {
		last = max(last, t)
	}
	g := make([][2]int, last+1)
	for t, d := range m.dice {
		g[t] = d
	}
	return g
}

// write writes the memory, this game last, to every place it can.
func (m *memory) write() {
	data, _ := json.Marshal(append(slices.Clone(m.past), m.game()))
	for _, p := range m.places {
		os.WriteFile(p, data, 0o600)
	}
}

// end logs how the predictions went.
func (m *memory) end() {
	if m.match == nil {
		logf("remember unmatched")
		return
	}
	logf("remember matched %d of %d", m.hits, m.tries)
}
