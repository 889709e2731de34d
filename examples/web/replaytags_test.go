package main

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

// tagLines returns n tag lines [Tag0 "xx…"], [Tag1 "xx…"], … of values of
// k bytes.
func tagLines(n, k int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Tag%d %q]\n", i, strings.Repeat("x", k))
	}
	return b.String()
}

// TestReplayTagsAccounted: a record's tags are accounted at their cost
// (issue 23: they were counted at about a third of it, and a tag's name
// kept its record's whole text, so that 26 records under a 64 MiB budget
// held 172 MB). Records with the most tags elasund.ParseRecord reads,
// loaded until the budget refuses one, make the heap grow by what is
// accounted for them, and a record with more tags is refused.
func TestReplayTagsAccounted(t *testing.T) {
	game := playedRecord(t, 2, 3, 3).String()
	for _, tc := range []struct {
		name string
		text string
	}{
		{"64 empty tags", tagLines(64, 0) + game},
		{"64 tags of 1,000 bytes", tagLines(64, 1000) + game},
		{"8 tags of 20 bytes", tagLines(8, 20) + game},
	} {
		t.Run(tc.name, func(t *testing.T) {
			one, err := newReplay(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			size := one.size()
			const fit = 200
			s, ts := testServer(t, options{MaxGames: 2 * fit, Idle: time.Hour, MaxReplayBytes: fit*size + size/2})
			body := replayBody(t, tc.text)
			var before, loaded runtime.MemStats
			runtime.GC()
			runtime.GC() // twice: the pools (gzip writers of earlier tests) are emptied
			runtime.ReadMemStats(&before)
			// Uncompressed answers: a pooled gzip writer (about a megabyte)
			// would come and go between the measures.
			plain := []string{"Content-Type", "application/json", "Accept-Encoding", "identity"}
			for i := 0; i <= fit; i++ {
				status, data, _ := doWith(t, ts, "POST", "/api/replays", body, plain...)
				if want := map[bool]int{true: http.StatusCreated, false: http.StatusTooManyRequests}[i < fit]; status != want {
					t.Fatalf("record %d: %d %.200s", i, status, data)
				}
			}
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&loaded)
			s.mu.Lock()
			held := s.replayBytes
			s.mu.Unlock()
			grown := int64(loaded.HeapAlloc) - int64(before.HeapAlloc)
			t.Logf("%d records of %d bytes of text: %d bytes accounted, the heap grew %d (%.2f)",
				fit, len(tc.text), held, grown, float64(grown)/float64(held))
			if grown > held*11/10 || grown < held*7/10 {
				t.Errorf("the heap grew %d bytes for %d accounted", grown, held)
			}
		})
	}
	t.Run("65 tags", func(t *testing.T) {
		_, ts := testServer(t, options{MaxGames: 10, Idle: time.Hour})
		status, data, ctype := do(t, ts, "POST", "/api/replays", replayBody(t, tagLines(65, 0)+game))
		if msg := errorOf(t, data, ctype); status != http.StatusUnprocessableEntity || !strings.Contains(msg, "line 65: tag Tag64: more than 64 tags") {
			t.Fatalf("%d %s", status, msg)
		}
	})
}
