package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund/examples/arena/internal/testbot"
)

// spawnEnv marks the processes of testbot's spawn mode: they inherit it.
const spawnEnv = "ARENA_TEST_SPAWN"

// marked returns the live processes whose environment holds
// spawnEnv=value.
func marked(value string) []int {
	names, _ := filepath.Glob("/proc/[0-9]*/environ")
	var out []int
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil || !slices.Contains(strings.Split(string(data), "\x00"), spawnEnv+"="+value) {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join(filepath.Dir(name), "stat"))
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 || strings.HasPrefix(string(stat[i+1:]), " Z") {
			continue // gone, or a zombie
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(name))); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// TestCLIChildrenDie: once the arena returns, none of the processes that
// an exec: bot started in a session of its own (setsid), a process group
// of its own (setpgid), by a double fork or as plain children is left, in
// a sandbox or not.
func TestCLIChildrenDie(t *testing.T) {
	t.Setenv(testbot.Env, "1")
	t.Setenv(testbot.LogEnv, "-")
	for _, isolate := range []bool{true, false} {
		t.Run(fmt.Sprintf("isolate=%v", isolate), func(t *testing.T) {
			if isolate {
				needSandbox(t)
			}
			mark := fmt.Sprintf("cli-%d-%d", os.Getpid(), time.Now().UnixNano())
			t.Setenv(spawnEnv, mark)
			code, _, errOut := run(t, "-bots", "exec:"+os.Args[0]+" spawn,random", "-games", "2", "-maxturns", "40",
				"-isolate="+strconv.FormatBool(isolate))
			if code != 0 {
				t.Fatalf("exit status %d: %s", code, errOut)
			}
			if n := lines(botLog(errOut), "spawn ["); n != 3 {
				t.Fatalf("%d bots of 3 (a hello, 2 games) started their processes:\n%s", n, errOut)
			}
			var left []int
			for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
				if left = marked(mark); len(left) == 0 {
					break
				}
			}
			if len(left) > 0 {
				t.Errorf("the processes %v that the bots started outlive the arena", left)
				for _, pid := range left {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		})
	}
}
