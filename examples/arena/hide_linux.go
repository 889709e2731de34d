package main

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// guardProcess keeps what the arena holds from the exec: bots, before it
// starts any. Unless every bot runs in a sandbox (sandboxed), it makes the
// arena's process not dumpable (prctl PR_SET_DUMPABLE 0): its
// /proc/PID/mem, environ, fd, maps and the like become root's, and no
// process of the same user may trace it, so a bot cannot read the key from
// the arena's memory (root, and a process with CAP_SYS_PTRACE, still can);
// its command line stays readable by all. A sandboxed bot sees no process
// outside its sandbox, the arena's included; and a process that is not
// dumpable cannot make sandboxes (the kernel keeps it from writing the
// user ID maps of its children), but as root. And it marks close-on-exec
// the files the arena was started with (its own files are so already), so
// that a bot inherits no file but its pipes.
func guardProcess(sandboxed bool) error {
	if !sandboxed {
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0); e != 0 {
			return fmt.Errorf("prctl PR_SET_DUMPABLE: %w", e)
		}
	}
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
