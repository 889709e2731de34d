package tourney

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/elasund/elasund"
)

// lineWriter writes what is written to it to w, line by line, each line
// prefixed, up to max bytes (the prefixes included; no bound if max is
// 0): then it writes the note that the rest is cut, once, and
// discards the rest.
type lineWriter struct {
	mu      sync.Mutex
	w       io.Writer
	prefix  string
	buf     []byte
	max     int
	written int
	cut     bool
	note    string // the last line, when max is reached
}

// newLineWriter returns the lineWriter of the standard error of the
// program of opt in seat.
func newLineWriter(opt ExecOptions, seat elasund.Player) *lineWriter {
	if opt.Stderr == nil {
		return &lineWriter{w: io.Discard}
	}
	max := opt.MaxStderr
	switch {
	case max == 0:
		max = DefaultMaxStderr
	case max < 0:
		max = 0
	}
	return &lineWriter{w: opt.Stderr, prefix: opt.Prefix, max: max,
		note: fmt.Sprintf("[arena: stderr of seat %d cut after %s]", seat, byteSize(max))}
}

// byteSize writes n bytes in MiB or KiB when it is a whole number of them.
func byteSize(n int) string {
	switch {
	case n > 0 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n > 0 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Write writes the complete lines of p and keeps the rest.
func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cut {
		return len(p), nil
	}
	l.buf = append(l.buf, p...)
	for !l.cut {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.emit(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
	if len(l.buf) > maxLine || l.cut {
		if !l.cut {
			l.emit(l.buf)
		}
		l.buf = nil
	}
	return len(p), nil
}

// flush writes what is left.
func (l *lineWriter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 && !l.cut {
		l.emit(l.buf)
	}
	l.buf = nil
}

// emit writes a line, or the note if the line would pass the bound.
func (l *lineWriter) emit(line []byte) {
	s := l.prefix + strings.TrimRight(string(line), "\r") + "\n"
	if l.max > 0 && l.written+len(s) > l.max {
		l.cut = true
		_, _ = io.WriteString(l.w, l.prefix+l.note+"\n")
		return
	}
	l.written += len(s)
	_, _ = io.WriteString(l.w, s)
}
