package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/examples/arena/internal/testbot"
	"github.com/elasund/elasund/examples/arena/tourney"
)

// needSandbox fails the test unless the arena can make sandboxes here,
// and skips it only where there are none: not Linux, or a kernel that
// forbids user namespaces to the tests' user.
func needSandbox(t *testing.T) {
	t.Helper()
	err := tourney.CheckSandbox()
	if err == nil {
		return
	}
	read := func(name string) string {
		data, _ := os.ReadFile(name)
		return strings.TrimSpace(string(data))
	}
	switch {
	case runtime.GOOS != "linux":
		t.Skip(err)
	case read("/proc/sys/user/max_user_namespaces") == "0":
		t.Skipf("%v: user.max_user_namespaces is 0", err)
	case os.Geteuid() != 0 && read("/proc/sys/kernel/unprivileged_userns_clone") == "0":
		t.Skipf("%v: kernel.unprivileged_userns_clone is 0", err)
	case os.Geteuid() != 0 && read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1":
		t.Skipf("%v: kernel.apparmor_restrict_unprivileged_userns is 1", err)
	}
	t.Fatal(err)
}

// recordSeeds returns the seed of every game from the names of the
// records in dir (game-INDEX-seed-SEED.txt), by game index.
func recordSeeds(t *testing.T, dir string) map[int]uint64 {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "game-*-seed-*.txt"))
	re := regexp.MustCompile(`game-(\d+)-seed-(\d+)\.txt$`)
	out := map[int]uint64{}
	for _, n := range names {
		m := re.FindStringSubmatch(n)
		i, _ := strconv.Atoi(m[1])
		out[i], _ = strconv.ParseUint(m[2], 10, 64)
	}
	return out
}

// TestCLIIsolation: a bot that keeps the dice it sees in every file it can
// (its HOME, /tmp, /var/tmp, /dev/shm, its user's home) never finds them
// again when it runs in a sandbox (the default where the system allows),
// and the seatings of a deal are dealt alike (duplicate play). Outside a
// sandbox (-isolate=false) the arena says so and deals every seating apart,
// so that the bot's memory of a deal is no use; -duplicate deals them alike
// again, with a warning, and the bot foresees its dice.
func TestCLIIsolation(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "-")
	tag := fmt.Sprintf("cli-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv(testbot.MemoryEnv, tag)
	clean := func() {
		for _, p := range testbot.MemoryPlaces(tag) {
			os.Remove(p)
		}
	}
	t.Cleanup(clean)
	cases := []struct {
		name    string
		args    []string
		apart   bool   // the seatings of a deal are dealt apart
		found   bool   // the bot finds a memory in its later games
		matched bool   // and foresees the dice of a game it remembers
		note    string // on stderr
	}{
		{"sandbox", nil, false, false, false, ""},
		{"no sandbox", []string{"-isolate=false"}, true, true, false,
			"arena: -isolate=false runs the exec: bots outside a sandbox: every seating of a deal is dealt apart (see -duplicate)\n"},
		{"no sandbox, duplicate", []string{"-isolate=false", "-duplicate"}, false, true, true,
			"arena: warning: -isolate=false runs the exec: bots outside a sandbox, and -duplicate deals every seating of a deal alike: " +
				"a bot can keep what it saw in a file and foresee its cards and dice when the deal comes again\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.args == nil {
				needSandbox(t)
			}
			clean()
			dir := t.TempDir()
			args := append([]string{"-bots", "exec:" + os.Args[0] + " remember,random", "-games", "4", "-parallel", "1",
				"-seed", "3", "-maxturns", "80", "-format", "json", "-records", dir}, c.args...)
			code, out, errOut := run(t, args...)
			if code != 0 {
				t.Fatalf("exit status %d: %s", code, errOut)
			}
			if j := decodeJSON(t, out); j.SeatingSeeds != c.apart || len(j.Forfeits) != 0 {
				t.Errorf("seatings dealt apart: %v, forfeits %v; want %v, none", j.SeatingSeeds, j.Forfeits, c.apart)
			}
			seeds := recordSeeds(t, dir)
			if len(seeds) != 4 || (seeds[0] != seeds[1] || seeds[2] != seeds[3]) != c.apart {
				t.Errorf("the games' seeds %v; want the seatings of a deal dealt apart: %v", seeds, c.apart)
			}
			log := botLog(errOut)
			if n := lines(log, "remember found none\n"); c.found && n != 2 || !c.found && n != 5 { // the hello and game 0 have no past
				t.Errorf("%d of the 5 bots (a hello, 4 games) found no memory:\n%s", n, log)
			}
			if n := lines(log, "remember matched "); (n > 0) != c.matched {
				t.Errorf("%d games foresaw their dice from a game they remembered:\n%s", n, log)
			}
			if c.note != "" && !strings.Contains(errOut, c.note) {
				t.Errorf("stderr lacks %q:\n%s", c.note, errOut)
			}
			if c.note == "" && strings.Contains(errOut, "sandbox") {
				t.Errorf("stderr speaks of sandboxes:\n%s", errOut)
			}
		})
	}
}

// TestCLIStderrBound: the arena passes on at most -botstderrmax bytes of
// an exec: bot's standard error in each game (1 MiB by default), then a
// line that says the rest was cut; the bot, which writes 4 MiB, plays its
// games to the end.
func TestCLIStderrBound(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "")
	cases := []struct {
		args []string
		max  int
		size string
	}{
		{nil, tourney.DefaultMaxStderr, "1 MiB"},
		{[]string{"-botstderrmax", "10000"}, 10000, "10000 bytes"},
	}
	for _, c := range cases {
		args := append([]string{"-bots", "exec:" + os.Args[0] + " flood,random", "-games", "2", "-maxturns", "40", "-format", "json"}, c.args...)
		code, out, errOut := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit status %d: %.500s", c.args, code, errOut)
		}
		if j := decodeJSON(t, out); j.Games != 2 || len(j.Forfeits) != 0 {
			t.Errorf("%v: %d games, forfeits %v", c.args, j.Games, j.Forfeits)
		}
		for _, run := range []string{"(hello): ", "(game 0, seat 0): ", "(game 1, seat 1): "} {
			var got int
			for _, line := range strings.SplitAfter(errOut, "\n") {
				if strings.Contains(line, run) {
					got += len(line)
				}
			}
			seat := "0"
			if run == "(game 1, seat 1): " {
				seat = "1"
			}
			note := run + "[arena: stderr of seat " + seat + " cut after " + c.size + "]\n"
			if !strings.Contains(errOut, note) {
				t.Errorf("%v: no line %q", c.args, note)
			}
			if got > c.max+len(note)+len("exec:"+os.Args[0]+" flood ") || got < c.max-1100 {
				t.Errorf("%v: %d bytes of the bot's %s passed on; want at most %d and the note", c.args, got, run, c.max)
			}
		}
	}
}

// TestUsageSaysTheRisks: -h says what -duplicate risks outside a sandbox,
// that bots of the same user can read each other's input, and what to do.
func TestUsageSaysTheRisks(t *testing.T) {
	_, _, usage := run(t, "-h")
	usage = strings.Join(strings.Fields(usage), " ")
	for _, want := range []string{
		"a bot can keep what it saw in a file and foresee its cards and dice in the deal's next seating",
		"bots of the same user can read each other's files and input (/proc/PID/fd/0: another seat's view)",
		"Run each bot as a user of its own, e.g. exec:sudo -u bot1 /opt/bot1/run, and never as root.",
		"-botstderrmax bytes pass on at most this many bytes of an external program's standard error in each game",
	} {
		if !strings.Contains(usage, want) {
			t.Errorf("-h does not say %q:\n%s", want, usage)
		}
	}
}
