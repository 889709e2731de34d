//go:build !linux

package main

// guardProcess does nothing here: the system's own rules decide which
// processes may read the arena's memory (on most, those of the same user
// may, with a debugger's rights), and the files the arena was started with
// stay open in the bots unless they are close-on-exec.
func guardProcess(sandboxed bool) error { return nil }
