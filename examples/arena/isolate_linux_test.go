package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
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

// resetDumpable makes the test process dumpable again after a run of cli
// that made it not dumpable (guardProcess): one that is not cannot make
// sandboxes, unless it runs as root.
func resetDumpable() { syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 1, 0) }

// nobody is the unprivileged user that TestCLIUnprivileged runs as.
const nobody = 65534

// copyExecutable copies the test binary to dir, for nobody to run, and
// lets nobody reach dir.
func copyExecutable(t *testing.T, dir string) string {
	t.Helper()
	for d := dir; d != "/"; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o001 == 0 {
			if err := os.Chmod(d, fi.Mode().Perm()|0o111); err != nil {
				t.Fatal(err)
			}
		}
	}
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	bin := filepath.Join(dir, "arena.test")
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err == nil {
		_, err = io.Copy(dst, src)
		err = errors.Join(err, dst.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestCLIUnprivileged: the tests run as root also run the arena as an
// unprivileged user (nobody), for whom the kernel's rules differ (who may
// write a user namespace's ID maps; what a process that is not dumpable
// may do): there too its bots play in sandboxes, remember nothing from one
// game to the next, and leave no process behind. (Run unprivileged, the
// other tests do so already.)
func TestCLIUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the tests run unprivileged: the other tests check it")
	}
	needSandbox(t)
	dir := t.TempDir()
	bin := copyExecutable(t, dir)
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o777); err != nil || os.Chmod(tmp, 0o1777) != nil {
		t.Fatal(err)
	}
	tag := fmt.Sprintf("nobody-%d-%d", os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command(bin, "-bots", "exec:"+bin+" remember,exec:"+bin+" spawn", "-games", "4", "-parallel", "2",
		"-maxturns", "60", "-format", "json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), arenaEnv+"=1", testbot.Env+"=1", testbot.LogEnv+"=-", testbot.MemoryEnv+"="+tag,
		spawnEnv+"="+tag, "HOME="+dir, "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	t.Cleanup(func() {
		for _, p := range testbot.MemoryPlaces(tag) {
			os.Remove(p)
		}
		for _, pid := range marked(tag) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if j := decodeJSON(t, stdout.String()); j.Games != 4 || len(j.Forfeits) != 0 || j.SeatingSeeds {
		t.Errorf("%d games, forfeits %v, seatings dealt apart %v; want 4, none, false:\n%s", j.Games, j.Forfeits, j.SeatingSeeds, stderr.String())
	}
	log := botLog(stderr.String())
	if n := lines(log, "remember found none\n"); n != 5 || lines(log, "remember matched ") > 0 {
		t.Errorf("%d of the 5 runs of the bot (a hello, 4 games) found no memory:\n%s", n, log)
	}
	if n := lines(log, "spawn ["); n != 5 {
		t.Errorf("%d of the 5 runs of the spawning bot started their processes:\n%s", n, log)
	}
	var left []int
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if left = marked(tag); len(left) == 0 {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("the processes %v that the bots started outlive the arena", left)
	}
}
