//go:build unix

package main

import "syscall"

// openFileLimit returns the number of files the process may open (its
// soft RLIMIT_NOFILE, which Go raises to the hard limit when it starts;
// "unlimited" is the largest uint64).
func openFileLimit() (uint64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, false
	}
	return uint64(rl.Cur), true
}
