//go:build !unix

package main

// openFileLimit reports no limit of open files where the system has none
// to read.
func openFileLimit() (uint64, bool) { return 0, false }
