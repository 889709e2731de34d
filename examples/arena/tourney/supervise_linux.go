package tourney

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The supervisor is a new run of the host's binary (Supervise) that
// starts a program for Exec and makes sure that every process the program
// starts dies with it. Its arguments are
//
//	supervisorName MODE DIR UID GID PATH -- ARGV…
//
// where MODE is one of
//
//   - "reap": it makes itself its descendants' subreaper
//     (PR_SET_CHILD_SUBREAPER), so that every process the program starts,
//     in whatever session or process group, stays its descendant; when the
//     program exits, or the host stops it with SIGTERM, it kills them all;
//   - "sandbox": it runs in namespaces of its own that the host made for
//     it (user, mount, PID, IPC and network), as the PID namespace's init:
//     when it exits the kernel kills every process of the namespace. It
//     first makes the sandbox (setupSandbox), then starts the program in a
//     user and mount namespace of its own, nested, in which the program
//     cannot undo the sandbox's mounts;
//   - "probe": as "sandbox", but it runs itself in "nop" mode (which exits
//     at once) in place of a program: CheckSandbox's test;
//
// DIR is the program's private directory, UID and GID the host's user and
// group (the program's, in its namespaces), PATH the program's file and
// ARGV its arguments, ARGV[0] first. Its environment is the program's,
// with superviseEnv.

// supervisor does the supervisor's work on its arguments, args, and
// returns its exit status: the program's (128 + the signal that killed
// it), or 125 when the supervisor cannot do its work (it says why on its
// standard error).
func supervisor(args []string) int {
	runtime.LockOSThread() // the session keyring and the program's start: on this thread
	os.Unsetenv(superviseEnv)
	fail := func(err error) int {
		fmt.Fprintf(os.Stderr, "arena: supervisor: %v\n", err)
		return 125
	}
	if len(args) == 2 && args[1] == "nop" {
		return 0
	}
	if len(args) < 8 || args[6] != "--" {
		return fail(fmt.Errorf("bad arguments %q", args))
	}
	mode, dir, path, argv := args[1], args[2], args[5], args[7:]
	uid, err1 := strconv.Atoi(args[3])
	gid, err2 := strconv.Atoi(args[4])
	if err := errors.Join(err1, err2); err != nil {
		return fail(err)
	}
	// Nobody but root may read the supervisor's memory or signal it as
	// its user's; its program, started anew, is dumpable again.
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0); e != 0 {
		return fail(fmt.Errorf("prctl PR_SET_DUMPABLE: %w", e))
	}
	if err := closeOnExec(); err != nil {
		return fail(err)
	}
	cmd := exec.Command(path)
	cmd.Args, cmd.Env = argv, os.Environ()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	switch mode {
	case "reap":
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
			return fail(fmt.Errorf("prctl PR_SET_CHILD_SUBREAPER: %w", e))
		}
		return supervise(cmd, true)
	case "sandbox", "probe":
		if err := setupSandbox(dir); err != nil {
			return fail(err)
		}
		if mode == "probe" {
			self, err := os.Executable()
			if err != nil {
				return fail(err)
			}
			cmd.Path, cmd.Args, cmd.Env = self, []string{supervisorName, "nop"}, append(os.Environ(), superviseEnv+"=1")
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: 0, Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: 0, Size: 1}},
			Credential:  &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true},
		}
		return supervise(cmd, false)
	}
	return fail(fmt.Errorf("no mode %q", mode))
}

// closeOnExec marks close-on-exec every file the supervisor has open but
// its standard input, output and error, so that its program inherits
// nothing else. The supervisor may have inherited files that the host
// opened without close-on-exec while it started the supervisor: Go's
// syscall package itself opens so the files through which it writes a
// sandbox's user and group ID maps (/proc/PID/uid_map, setgroups,
// gid_map), while other goroutines of the host may be starting processes
// (Go lets forks run concurrently), such as the supervisors of the other
// games.
func closeOnExec() error {
	d, err := os.Open("/proc/self/fd")
	if err != nil {
		return err
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return err
	}
	for _, name := range names {
		if fd, err := strconv.Atoi(name); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
	return nil
}

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

// supervise starts the program cmd, reaps every process that ends up the
// supervisor's child until the program exits or the supervisor is asked
// to stop (SIGTERM, SIGINT, SIGHUP: it kills the program then), kills
// every descendant left if reap, and returns the program's exit status.
func supervise(cmd *exec.Cmd, reap bool) int {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "arena: supervisor: %v\n", err)
		return 125
	}
	pid := cmd.Process.Pid
	exited := make(chan syscall.WaitStatus, 1)
	go func() {
		for {
			var ws syscall.WaitStatus
			got, err := syscall.Wait4(-1, &ws, 0, nil)
			switch {
			case err == syscall.ECHILD:
				time.Sleep(time.Millisecond) // no child now; an orphan may come
			case err == nil && got == pid:
				exited <- ws
			}
		}
	}()
	var ws syscall.WaitStatus
	select {
	case ws = <-exited:
	case <-stop:
		_ = cmd.Process.Kill()
		ws = <-exited
	}
	if reap {
		killDescendants(os.Getpid())
	}
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

// command returns the command that runs the program args (found at path)
// for Exec with the environment env and the private directory dir, and
// whether its Cancel stops it by stopping its process group (else it asks
// its supervisor): in a sandbox if sandbox, under a supervisor if the host
// called Supervise, else in a process group of its own.
func command(ctx context.Context, path string, args, env []string, dir string, sandbox bool) (*exec.Cmd, error) {
	if sandbox {
		if err := CheckSandbox(); err != nil {
			return nil, err
		}
		if dumpable, _, _ := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_GET_DUMPABLE, 0, 0); dumpable != 1 && os.Geteuid() != 0 {
			return nil, errors.New("no sandbox: the host is not dumpable (prctl PR_SET_DUMPABLE), so the kernel keeps it " +
				"from writing its programs' user ID maps")
		}
		return supervisorCommand(ctx, "sandbox", path, args, env, dir), nil
	}
	if !supervising.Load() {
		cmd := exec.CommandContext(ctx, path)
		cmd.Args, cmd.Env = args, env
		ownGroup(cmd)
		cmd.Cancel = func() error { return killGroup(cmd.Process) }
		return cmd, makePrivateSubdirs(dir)
	}
	return supervisorCommand(ctx, "reap", path, args, env, dir), makePrivateSubdirs(dir)
}

// supervisorCommand returns the command that runs the supervisor in mode
// for the program args at path.
func supervisorCommand(ctx context.Context, mode, path string, args, env []string, dir string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "/proc/self/exe")
	cmd.Args = append([]string{supervisorName, mode, dir, strconv.Itoa(os.Geteuid()), strconv.Itoa(os.Getegid()), path, "--"}, args...)
	cmd.Env = append(env[:len(env):len(env)], superviseEnv+"=1")
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	cmd.SysProcAttr = attr
	// The supervisor kills what the program started when it stops: ask
	// it to (SIGTERM); WaitDelay later, exec kills it.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	if mode != "reap" {
		// The PID namespace's init: all of it dies with it.
		attr.Pdeathsig = syscall.SIGKILL
		attr.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC | syscall.CLONE_NEWNET
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
		cmd.Cancel = func() error { return killGroup(cmd.Process) }
	}
	return cmd
}

// sandboxProbe holds CheckSandbox's answer.
var sandboxProbe struct {
	once sync.Once
	err  error
}

// CheckSandbox reports whether Exec can run programs in a sandbox here
// (ExecOptions.Sandbox): nil if it can, else why not. It needs Linux, a
// host that called Supervise, and a kernel that lets the host's user make
// user namespaces and mount file systems in them; it tries once, making a
// sandbox, and gives the same answer after.
func CheckSandbox() error {
	sandboxProbe.once.Do(func() { sandboxProbe.err = probeSandbox() })
	return sandboxProbe.err
}

// probeSandbox makes a sandbox and starts a program in it.
func probeSandbox() error {
	if !supervising.Load() {
		return errors.New("no sandbox: the host did not call tourney.Supervise")
	}
	dir, err := makePrivateDir()
	if err != nil {
		return fmt.Errorf("no sandbox: %w", err)
	}
	defer os.Remove(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("no sandbox: %w", err)
	}
	cmd := supervisorCommand(ctx, "probe", self, []string{supervisorName}, privateEnv(os.Environ(), dir), dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		if msg != "" {
			err = fmt.Errorf("%w (%s)", err, msg)
		}
		return fmt.Errorf("no sandbox: %w", err)
	}
	return nil
}
