//go:build !unix

package testbot

// spawn logs that the spawn mode starts nothing here.
func spawn() { logf("spawn: no processes to start here") }
