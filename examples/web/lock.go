package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// errInUse is wrapped by the error of openSQLite for a database file that
// another server holds.
var errInUse = errors.New("the database is in use by another server")

// A fileLock is the lock on a database file that makes its server the only
// one: an exclusive lock on the file beside it, named as the database with
// ".lock" after, held for the server's life.
//
// The lock is the operating system's (flock on Linux, macOS and the BSDs,
// LockFileEx on Windows, fcntl on illumos): it is released when the
// process ends, however it ends (a SIGKILL, a crash), so no stale lock
// outlives a server, and the next server starts. The lock file is left in
// place; the process id written in it names the holder for the message of
// a server refused. SQLite's own locking_mode=EXCLUSIVE was not used: it
// takes its lock at the first read rather than at the open, so a second
// server would start and then fail on its first request (or wait out
// busy_timeout on each), and it keeps every other reader out, the
// sqlite3 shell's .backup of a running server among them; the lock file
// keeps out servers only.
type fileLock struct {
	f *os.File
}

// lockDatabase takes the lock of the database file path, or fails at once
// with an error wrapping errInUse if another server holds it.
func lockDatabase(path string) (*fileLock, error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking the database %s: %w", path, err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking the database %s (%s): %w", path, name, err)
	}
	if !held {
		holder := "another process"
		if pid := readPID(f); pid > 0 {
			holder = "process " + strconv.Itoa(pid)
		}
		f.Close()
		return nil, fmt.Errorf("%w: %s holds %s; one server serves one database file, so stop that server or give this one another -db",
			errInUse, holder, name)
	}
	// Who holds it, for the message of a server refused; a failure to
	// write it costs that name only.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &fileLock{f: f}, nil
}

// readPID reads the process id a lock file holds, or 0.
func readPID(f *os.File) int {
	var buf [32]byte
	n, err := f.ReadAt(buf[:], 0)
	if err != nil && err != io.EOF {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil {
		return 0
	}
	return pid
}

// release releases the lock (closing the file releases it).
func (l *fileLock) release() error {
	if l == nil {
		return nil
	}
	return l.f.Close()
}
