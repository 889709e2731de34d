// Package testbot is an external bot for the arena's tests: a test binary
// whose TestMain calls Main becomes, when its environment says so, a
// program that speaks the arena's line protocol, well or badly, as its
// first argument asks. The tests seat it with exec: on os.Args[0], so they
// need no other language.
package testbot

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/elasund/elasund"
)

// Env is the environment variable that makes a test binary a bot: set it
// to "1" in the environment of the program the arena starts.
const Env = "ARENA_TEST_BOT"

// LogEnv names a file the bot appends its pid, and the end message it is
// sent, to; "-" logs to its standard error, where a sandboxed bot, which
// can write no file of the host, can still log.
const LogEnv = "ARENA_TEST_BOT_LOG"

// FloodBytes is how much the flood mode writes to its standard error.
const FloodBytes = 4 << 20

// Modes are the behaviours the bot's first argument chooses:
//
//	first     plays the first legal move by its notation
//	index     plays the last legal move by its action index
//	sleep     says hello, then never answers a move
//	silent    never says hello
//	exit      exits at once
//	crash     plays three moves, then exits with status 3
//	garbage   answers a move with a line that is not JSON
//	forced    answers a forced roll, "roll 6 6"
//	nomove    answers a move that is no move, "fly away"
//	wrong     answers "end turn" (a move, but not a legal one first)
//	badproto  answers the hello with protocol 2
//	stubborn  plays first, and after the end ignores its closed input
//	stderr    plays first, writing a line to its standard error first
//	both      plays first, naming each move by its notation and its index
//	mismatch  answers the first legal move's notation with another index
//	badname   plays first, after a hello with a name full of control
//	          characters and too long
//	cheat     plays first, and looks for its game's seed (see cheat)
//	remember  plays first, and remembers the dice of its games in files to
//	          foresee them when a deal comes again (see memory)
//	spawn     plays first, after starting processes that try to outlive
//	          it (see spawn)
//	flood     plays first, after writing FloodBytes to its standard error
var Modes = []string{"first", "index", "sleep", "silent", "exit", "crash", "garbage", "forced", "nomove", "wrong", "badproto",
	"stubborn", "stderr", "both", "mismatch", "badname", "cheat", "remember", "spawn", "flood"}

// BadName is the name the badname mode gives in its hello.
const BadName = "\x1b[31mbad\tname\x1b[0m with more than forty characters in it"

// Main acts as the bot and exits when the environment variable Env is "1";
// it returns at once otherwise. The cheat mode tries the words it finds
// with guess.
func Main(guess Guesser) {
	if os.Getenv(Env) != "1" {
		return
	}
	mode := "first"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	os.Exit(run(mode, guess))
}

func logf(format string, a ...any) {
	name := os.Getenv(LogEnv)
	switch name {
	case "":
		return
	case "-":
		fmt.Fprintf(os.Stderr, format+"\n", a...)
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintf(f, format+"\n", a...)
	f.Close()
}

// run acts as the bot of the mode and returns its exit status.
func run(mode string, guess Guesser) int {
	logf("pid %d %s", os.Getpid(), mode)
	b := &bot{mode: mode, out: bufio.NewWriter(os.Stdout)}
	switch mode {
	case "cheat":
		b.cheat = newCheat(guess)
	case "remember":
		b.memory = newMemory()
	case "spawn":
		spawn()
	case "flood":
		line := strings.Repeat("x", 999) + "\n"
		for range FloodBytes / len(line) {
			os.Stderr.WriteString(line)
		}
	}
	switch mode {
	case "exit":
		return 0
	case "silent":
		time.Sleep(time.Hour)
		return 0
	case "stderr":
		fmt.Fprintln(os.Stderr, "thinking hard")
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<22)
	for in.Scan() {
		var msg message
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil {
			fmt.Fprintln(os.Stderr, "testbot:", err)
			return 1
		}
		switch msg.Type {
		case "hello":
			b.hello(in.Bytes())
		case "decide":
			if status, exit := b.decide(in.Bytes(), &msg); exit {
				return status
			}
		case "end":
			b.end(&msg)
		}
	}
	return 0
}

// message is what the bot reads of the arena's messages.
type message struct {
	Type    string   `json:"type"`
	Legal   []string `json:"legal"`
	Indices []int    `json:"indices"`
	Result  string   `json:"result"`
	Reason  string   `json:"reason"`
}

// bot is the bot of one mode, in one game.
type bot struct {
	mode   string
	cheat  *cheat  // in the cheat mode
	memory *memory // in the remember mode
	out    *bufio.Writer
	moves  int // the decisions so far
}

// say writes the line s to the arena.
func (b *bot) say(s string) {
	b.out.WriteString(s + "\n")
	b.out.Flush()
}

// sayJSON writes v to the arena as a JSON line.
func (b *bot) sayJSON(v any) {
	data, _ := json.Marshal(v)
	b.say(string(data))
}

// hello answers the arena's hello, line.
func (b *bot) hello(line []byte) {
	switch b.mode {
	case "badproto":
		b.say(`{"type":"hello","name":"testbot","protocol":2}`)
		return
	case "badname":
		b.sayJSON(map[string]string{"type": "hello", "name": BadName})
		return
	case "cheat":
		b.cheat.hello(line)
	}
	b.say(`{"type":"hello","name":"testbot-` + b.mode + `","version":"1"}`)
}

// decide answers the decision msg, read from line, as the mode says; exit
// says that the bot exits now, with status.
func (b *bot) decide(line []byte, msg *message) (status int, exit bool) {
	b.moves++
	switch b.mode {
	case "cheat":
		b.cheat.see(rawView(line))
	case "remember":
		b.memory.see(rawView(line))
	case "both", "mismatch":
		i := msg.Indices[0]
		if b.mode == "mismatch" {
			i = (i + 1) % elasund.NumActions
		}
		b.sayJSON(map[string]any{"move": msg.Legal[0], "index": i})
		return 0, false
	case "sleep":
		time.Sleep(time.Hour)
	case "crash":
		if b.moves > 3 {
			return 3, true
		}
	case "garbage":
		b.say("e2e4, I think")
		return 0, false
	case "forced":
		b.say(`{"move":"roll 6 6"}`)
		return 0, false
	case "nomove":
		b.say(`{"move":"fly away"}`)
		return 0, false
	case "wrong":
		b.say(`{"move":"end turn"}`)
		return 0, false
	case "index":
		b.sayJSON(map[string]int{"index": msg.Indices[len(msg.Indices)-1]})
		return 0, false
	}
	b.sayJSON(map[string]string{"move": msg.Legal[0]})
	return 0, false
}

// end takes the end of the game, msg.
func (b *bot) end(msg *message) {
	if b.cheat != nil {
		b.cheat.end()
	}
	if b.memory != nil {
		b.memory.end()
	}
	logf("end %s %s", msg.Result, strings.ReplaceAll(msg.Reason, "\n", " "))
	if b.mode == "stubborn" {
		time.Sleep(time.Hour)
	}
}
