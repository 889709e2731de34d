//go:build !unix

package tourney

import "testing"

// checkGone cannot look for a process here; the timings of the tests still
// show that the referee does not wait for a program that hangs.
func checkGone(t *testing.T, pid int) {}
