//go:build unix

package tourney

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// TestExecKillsItsProcessGroup: a program that starts a long sleep of its
// own and then hangs, exits, or plays its game to the end leaves no process
// behind once Play returns: the arena starts it in a process group of its
// own and kills the whole group when it forfeits, exits or the game ends.
func TestExecKillsItsProcessGroup(t *testing.T) {
	botProgram(t)
	pids := filepath.Join(t.TempDir(), "pids")
	t.Setenv("ARENA_TEST_PIDS", pids)
	// The script leaves a sleep in the background, then becomes the test
	// bot in the mode given.
	script := filepath.Join(t.TempDir(), "bot.sh")
	err := os.WriteFile(script, []byte("#!/bin/sh\nsleep 3600 &\necho $! >> \"$ARENA_TEST_PIDS\"\nexec \"$@\"\n"), 0o755)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		mode   string
		reason string
	}{
		{"sleep", "timeout: no move within"}, // hangs, and forfeits
		{"exit", "exited before its hello"},  // exits, and forfeits
		{"first", "won"},                     // plays to the end, and exits
		{"stubborn", "won"},                  // plays to the end, and hangs
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			os.Remove(pids)
			b := NewExec([]string{script, os.Args[0], c.mode}, ExecOptions{Timeout: 2 * time.Second})
			cfg := elasund.Config{Players: 2, Seed: 3, MaxTurns: 300}
			r, err := Play(context.Background(), cfg, []bots.Bot{b, firstLegal{}})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(r.Reason, c.reason) {
				t.Errorf("the game ended for %q; want %q", r.Reason, c.reason)
			}
			data, err := os.ReadFile(pids)
			if err != nil {
				t.Fatal(err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil {
				t.Fatalf("the script's sleep: %q", data)
			}
			t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
			if !gone(pid, 3*time.Second) {
				t.Errorf("the program's child %d is still running after the game", pid)
			}
		})
	}
}

// gone waits up to d for the process pid to end: to be no more, or a
// zombie that its new parent has not reaped yet.
func gone(pid int, d time.Duration) bool {
	for end := time.Now().Add(d); ; time.Sleep(10 * time.Millisecond) {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			return true
		}
		if stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
			// pid (comm) state …
			if i := strings.LastIndexByte(string(stat), ')'); i >= 0 && strings.HasPrefix(string(stat[i+1:]), " Z") {
				return true
			}
		}
		if time.Now().After(end) {
			return false
		}
	}
}
