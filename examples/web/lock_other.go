//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || illumos || solaris || windows)

package main

import (
	"fmt"
	"os"
	"runtime"
)

// tryLock fails: this system has none of the locks the server uses.
func tryLock(*os.File) (bool, error) {
	return false, fmt.Errorf("no file lock on %s", runtime.GOOS)
}
