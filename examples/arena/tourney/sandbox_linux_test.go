package tourney

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/internal/testbot"
	"github.com/elasund/elasund/examples/bots"
)

// needSandbox fails the test unless Exec can make sandboxes here, and
// skips it only where the kernel forbids user namespaces to the tests'
// user.
func needSandbox(t *testing.T) {
	t.Helper()
	err := CheckSandbox()
	if err == nil {
		return
	}
	if why := userNamespacesOff(); why != "" {
		t.Skipf("%v: %s", err, why)
	}
	t.Fatal(err)
}

// userNamespacesOff says why the kernel forbids user namespaces to this
// process, or "" when it allows them.
func userNamespacesOff() string {
	read := func(name string) string {
		data, _ := os.ReadFile(name)
		return strings.TrimSpace(string(data))
	}
	switch {
	case read("/proc/sys/user/max_user_namespaces") == "0":
		return "user.max_user_namespaces is 0"
	case os.Geteuid() != 0 && read("/proc/sys/kernel/unprivileged_userns_clone") == "0":
		return "kernel.unprivileged_userns_clone is 0"
	case os.Geteuid() != 0 && read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1":
		return "kernel.apparmor_restrict_unprivileged_userns is 1"
	}
	return ""
}

// botLines returns the lines that programs logged to a syncBuffer
// (testbot.LogEnv "-") that start with prefix, without it.
func botLines(buf *syncBuffer, prefix string) []string {
	var out []string
	for _, line := range strings.Split(buf.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			out = append(out, rest)
		}
	}
	return out
}

// TestExecForgetsBetweenGames: a program that writes the dice it sees to
// every file it can (its HOME, /tmp, /var/tmp, /dev/shm, its user's home
// directory) and reads them back in its next game, the next seating of the
// same deal, finds nothing there when it runs in a sandbox, and leaves
// nothing on the host; run as a plain process under a supervisor, it finds
// its memory and foresees its dice (which is why the arena deals every
// seating apart when it cannot make sandboxes). As root too: the sandbox's
// file systems are read-only for root.
func TestExecForgetsBetweenGames(t *testing.T) {
	needSandbox(t)
	botProgram(t)
	t.Setenv(testbot.LogEnv, "-")
	tag := fmt.Sprintf("forget-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv(testbot.MemoryEnv, tag)
	places := testbot.MemoryPlaces(tag)
	clean := func() {
		for _, p := range places {
			os.Remove(p)
		}
	}
	t.Cleanup(clean)
	for _, sandbox := range []bool{true, false} {
		t.Run(fmt.Sprintf("sandbox=%v", sandbox), func(t *testing.T) {
			clean()
			var stderr syncBuffer
			exe := Entrant{Name: "remember", New: func(s Seat) (bots.Bot, error) {
				return NewExec([]string{os.Args[0], "remember"}, ExecOptions{Timeout: 10 * time.Second, Stderr: &stderr,
					Prefix: fmt.Sprintf("game %d: ", s.Game), Sandbox: sandbox}), nil
			}}
			first := Entrant{Name: "first", New: func(Seat) (bots.Bot, error) { return firstLegal{}, nil }}
			tour := &Tournament{Entrants: []Entrant{exe, first}, Players: 2, Games: 2, Seed: 5, MaxTurns: 60, Parallel: 1}
			games, err := tour.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if games[0].Config.Seed != games[1].Config.Seed {
				t.Fatal("the two seatings of the deal have different seeds")
			}
			for _, g := range games {
				if g.Result.Forfeit != elasund.NoPlayer {
					t.Fatalf("game %d: forfeit: %s\n%s", g.Index, g.Result.Reason, stderr.String())
				}
			}
			if got := botLines(&stderr, "game 0: remember found "); !slices.Equal(got, []string{"none"}) {
				t.Errorf("game 0 found a memory: %q", got)
			}
			second := botLines(&stderr, "game 1: remember found ")
			if sandbox && !slices.Equal(second, []string{"none"}) {
				t.Errorf("game 1 found game 0's memory in %q", second)
			}
			if !sandbox && (len(second) != 1 || second[0] == "none" || len(botLines(&stderr, "game 1: remember matched ")) != 1) {
				t.Errorf("without a sandbox, game 1 did not find game 0's memory and match it: %q\n%s", second, stderr.String())
			}
			for _, p := range places {
				if _, err := os.Stat(p); sandbox && err == nil {
					t.Errorf("the sandboxed program left %s on the host", p)
				}
			}
		})
	}
}

// spawnEnv marks the processes of the spawn mode: they inherit it.
const spawnEnv = "ARENA_TEST_SPAWN"

// marked returns the processes whose environment holds spawnEnv=value.
func marked(value string) []int {
	names, _ := filepath.Glob("/proc/[0-9]*/environ")
	var out []int
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil || !slices.Contains(strings.Split(string(data), "\x00"), spawnEnv+"="+value) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(name))); err == nil && pid != os.Getpid() {
			if _, live := parentOf(pid); live {
				out = append(out, pid)
			}
		}
	}
	return out
}

// TestExecChildrenDie: the processes a program starts in a session of
// its own (setsid), in a process group of its own (setpgid), by a double
// fork, or as plain children are all gone once its game is over, under a
// supervisor and in a sandbox, whether the program plays to the end or
// forfeits.
func TestExecChildrenDie(t *testing.T) {
	needSandbox(t)
	botProgram(t)
	t.Setenv(testbot.LogEnv, "-")
	for _, sandbox := range []bool{false, true} {
		for _, seed := range []uint64{3, 4} {
			name := fmt.Sprintf("sandbox=%v,seed=%d", sandbox, seed)
			t.Run(name, func(t *testing.T) {
				mark := fmt.Sprintf("%d-%d-%s", os.Getpid(), time.Now().UnixNano(), name)
				t.Setenv(spawnEnv, mark)
				var stderr syncBuffer
				b := NewExec([]string{os.Args[0], "spawn"}, ExecOptions{Timeout: 10 * time.Second, Stderr: &stderr, Sandbox: sandbox})
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var other bots.Bot = firstLegal{}
				if seed == 4 { // the program is stopped in the middle of its game
					other = &cancelAfter{n: 5, cancel: cancel}
				}
				_, err := Play(ctx, elasund.Config{Players: 2, Seed: seed, MaxTurns: 60}, []bots.Bot{b, other})
				if err != nil && seed == 3 {
					t.Fatal(err)
				}
				spawned := botLines(&stderr, "spawn ")
				if len(spawned) != 1 || len(strings.Fields(spawned[0])) != 3 {
					t.Fatalf("the program did not start its processes:\n%s", stderr.String())
				}
				var left []int
				for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
					if left = marked(mark); len(left) == 0 {
						break
					}
				}
				if len(left) > 0 {
					t.Errorf("the processes %v that the program started outlive it", left)
					for _, pid := range left {
						syscall.Kill(pid, syscall.SIGKILL)
					}
				}
			})
		}
	}
}

// TestExecInheritsNoFile: a program under a supervisor, in a sandbox or
// not, has its three pipes open and no other file, even when the host held
// one that is not close-on-exec when it started it (as Go's syscall
// package holds those through which it writes a sandbox's user ID maps,
// while other goroutines start processes).
func TestExecInheritsNoFile(t *testing.T) {
	needSandbox(t)
	botProgram(t)
	t.Setenv(testbot.LogEnv, "-")
	for _, sandbox := range []bool{false, true} {
		t.Run(fmt.Sprintf("sandbox=%v", sandbox), func(t *testing.T) {
			fd, err := syscall.Open(os.Args[0], syscall.O_RDONLY, 0) // not close-on-exec
			if err != nil {
				t.Fatal(err)
			}
			defer syscall.Close(fd)
			var stderr syncBuffer
			b := NewExec([]string{os.Args[0], "cheat"}, ExecOptions{Timeout: 10 * time.Second, Stderr: &stderr, Sandbox: sandbox})
			if _, err := Play(context.Background(), elasund.Config{Players: 2, Seed: 3, MaxTurns: 30}, []bots.Bot{b, firstLegal{}}); err != nil {
				t.Fatal(err)
			}
			if got := botLines(&stderr, "cheat fds "); !slices.Equal(got, []string{"0 1 2"}) {
				t.Errorf("the program's open files: %q; want its pipes, 0 1 2 (fd %d leaked)\n%s", got, fd, stderr.String())
			}
		})
	}
}

// cancelAfter plays the first legal move, and cancels a context at its
// n-th decision.
type cancelAfter struct {
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Name() string { return "cancel" }

func (c *cancelAfter) Choose(v elasund.View) (elasund.Move, error) {
	if c.n--; c.n <= 0 {
		c.cancel()
	}
	return firstLegal{}.Choose(v)
}

// TestExecSandboxFaults: a program in a sandbox that hangs, exits or
// crashes forfeits with the reason it would give outside one (the
// supervisor exits with the program's status).
func TestExecSandboxFaults(t *testing.T) {
	needSandbox(t)
	botProgram(t)
	cases := []struct {
		mode   string
		reason []string // one of them is in the reason
	}{
		{"sleep", []string{"timeout: no move within 5s"}},
		{"silent", []string{"timeout: no hello within 500ms"}},
		{"exit", []string{"exited before its hello", "exited while the arena wrote to it"}},
		{"crash", []string{"exited: exit status 3 before its move", "exited: exit status 3 while the arena wrote to it"}},
		{"garbage", []string{`answered "e2e4, I think": not a JSON object`}},
	}
	for _, c := range cases {
		timeout := 5 * time.Second // sleep too: it answers its hello, which may be slow on a busy machine
		if c.mode == "silent" {
			timeout = 500 * time.Millisecond
		}
		b := NewExec([]string{os.Args[0], c.mode}, ExecOptions{Timeout: timeout, Sandbox: true})
		r, err := Play(context.Background(), elasund.Config{Players: 2, Seed: 2, MaxTurns: 100}, []bots.Bot{firstLegal{}, b})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, want := range c.reason {
			found = found || strings.Contains(r.Reason, want)
		}
		if r.Forfeit != 1 || !found {
			t.Errorf("%s: forfeit by %d: %q; want by 1: %q", c.mode, r.Forfeit, r.Reason, c.reason)
		}
	}
}

// TestParseMountInfo: the mount point (its octal escapes undone) and the
// mount options of lines of /proc/self/mountinfo.
func TestParseMountInfo(t *testing.T) {
	cases := []struct {
		line, point, opts string
		ok                bool
	}{
		{"36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue", "/mnt2", "rw,noatime", true},
		{`40 25 0:35 / /media/my\040disk\134x ro,nosuid,nodev shared:5 - vfat /dev/sdb1 rw`, `/media/my disk\x`, "ro,nosuid,nodev", true},
		{`41 25 0:36 / /a\04 rw - tmpfs t rw`, `/a\04`, "rw", true},
		{"", "", "", false},
		{"1 2 3:4 / /x", "", "", false},
	}
	for _, c := range cases {
		point, opts, ok := parseMountInfo(c.line)
		if point != c.point || opts != c.opts || ok != c.ok {
			t.Errorf("parseMountInfo(%q) = %q, %q, %v; want %q, %q, %v", c.line, point, opts, ok, c.point, c.opts, c.ok)
		}
	}
}
