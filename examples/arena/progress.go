package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progress draws the progress line on w while the games are played, when
// w is a terminal; it returns a function that stops it and clears the line.
func progress(w *lockedWriter, terminal bool, total int, done *atomic.Int64, start time.Time) func() {
	if !terminal {
		return func() {}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				w.setStatus("")
				return
			case <-tick.C:
				w.setStatus(progressLine(int(done.Load()), total, time.Since(start)))
			}
		}
	}()
	return func() {
		close(stop)
		wg.Wait()
	}
}

// progressLine describes the progress after elapsed: done of total games.
func progressLine(done, total int, elapsed time.Duration) string {
	s := fmt.Sprintf("%d/%d games", done, total)
	if done == 0 || elapsed <= 0 {
		return s
	}
	rate := float64(done) / elapsed.Seconds()
	eta := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
	return s + fmt.Sprintf(", %.1f games/s, %v left", rate, eta)
}

// lockedWriter serializes writes to w, and keeps a status line (the
// progress) below what is written: a write first clears the status line,
// which the next status call draws again.
type lockedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	status bool // a status line is drawn
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.status {
		l.status = false
		if _, err := io.WriteString(l.w, "\r\033[K"); err != nil {
			return 0, err
		}
	}
	return l.w.Write(p)
}

// setStatus draws the status line s in place of the last one; "" clears
// it.
func (l *lockedWriter) setStatus(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, "\r\033[K"+s)
	l.status = s != ""
}
