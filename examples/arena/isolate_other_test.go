//go:build !linux

package main

// resetDumpable does nothing here: guardProcess does nothing.
func resetDumpable() {}
