//go:build illumos || solaris

package main

import (
	"errors"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive fcntl lock on f without waiting, and reports
// whether it got it. It keeps out other processes (a second open in the
// same process is not refused: fcntl locks belong to the process).
func tryLock(f *os.File) (bool, error) {
	lk := unix.Flock_t{Type: unix.F_WRLCK, Whence: io.SeekStart}
	err := unix.FcntlFlock(f.Fd(), unix.F_SETLK, &lk)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EACCES):
		return false, nil
	}
	return false, err
}
