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
// sent, to.
const LogEnv = "ARENA_TEST_BOT_LOG"

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
var Modes = []string{"first", "index", "sleep", "silent", "exit", "crash", "garbage", "forced", "nomove", "wrong", "badproto",
	"stubborn", "stderr", "both", "mismatch", "badname", "cheat"}

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
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintf(f, format+"\n", a...)
	f.Close()
}

func run(mode string, guess Guesser) int {
	logf("pid %d %s", os.Getpid(), mode)
	var c *cheat
	if mode == "cheat" {
		c = newCheat(guess)
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
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	moves := 0
	for in.Scan() {
		var msg struct {
			Type    string   `json:"type"`
			Legal   []string `json:"legal"`
			Indices []int    `json:"indices"`
			Result  string   `json:"result"`
			Reason  string   `json:"reason"`
		}
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil {
			fmt.Fprintln(os.Stderr, "testbot:", err)
			return 1
		}
		switch msg.Type {
		case "hello":
			switch mode {
			case "badproto":
				say(`{"type":"hello","name":"testbot","protocol":2}`)
			case "badname":
				data, _ := json.Marshal(map[string]string{"type": "hello", "name": BadName})
				say(string(data))
			case "cheat":
				c.hello(in.Bytes())
				fallthrough
			default:
				say(`{"type":"hello","name":"testbot-` + mode + `","version":"1"}`)
			}
		case "decide":
			moves++
			switch mode {
			case "cheat":
				c.see(rawView(in.Bytes()))
			case "both", "mismatch":
				i := msg.Indices[0]
				if mode == "mismatch" {
					i = (i + 1) % elasund.NumActions
				}
				data, _ := json.Marshal(map[string]any{"move": msg.Legal[0], "index": i})
				say(string(data))
				continue
			case "sleep":
				time.Sleep(time.Hour)
			case "crash":
				if moves > 3 {
					return 3
				}
			case "garbage":
				say("e2e4, I think")
				continue
			case "forced":
				say(`{"move":"roll 6 6"}`)
				continue
			case "nomove":
				say(`{"move":"fly away"}`)
				continue
			case "wrong":
				say(`{"move":"end turn"}`)
				continue
			case "index":
				data, _ := json.Marshal(map[string]int{"index": msg.Indices[len(msg.Indices)-1]})
				say(string(data))
				continue
			}
			data, _ := json.Marshal(map[string]string{"move": msg.Legal[0]})
			say(string(data))
		case "end":
			if c != nil {
				c.end()
			}
			logf("end %s %s", msg.Result, strings.ReplaceAll(msg.Reason, "\n", " "))
			if mode == "stubborn" {
				time.Sleep(time.Hour)
			}
		}
	}
	return 0
}
