package main

import "syscall"

// hideMemory makes the arena's process not dumpable (prctl
// PR_SET_DUMPABLE 0): its /proc/PID/mem, environ, fd, maps and the like
// become root's, and no process of the same user may trace it, so an exec:
// bot cannot read the key from the arena's memory. Its command line stays
// readable by all. Root, and a process with CAP_SYS_PTRACE, can still read
// it.
func hideMemory() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0); e != 0 {
		return e
	}
	return nil
}
