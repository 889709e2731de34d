package elasund

// Tests of the bounds of a record's tags (issue 23: 50 MB of tag lines
// allocated 666 MB, 13 times the text, where ParseRecord promises 4).

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// tagLines returns n tag lines [T0 "value"], [T1 "value"], …
func tagLines(n int, value string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[T%d %q]\n", i, value)
	}
	return b.String()
}

// TestRecordTagBounds: a record holds at most maxRecordTags tags besides
// those of its configuration and result, in at most maxRecordTagBytes of
// tag lines; one more is refused with an error that wraps ErrBadRecord,
// names the line and quotes little. The tags of the configuration and
// result count for neither bound.
func TestRecordTagBounds(t *testing.T) {
	const config = "[Players \"2\"]\n[Colors \"red blue\"]\n[Seed \"7\"]\n[FirstPlayer \"red\"]\n[Rules \"default\"]\n" +
		"[MaxTurns \"40\"]\n[ChurchStack \"1 2 3 4 5 6 7 8 9\"]\n[Result \"*\"]\n"
	const game = "\n1. red: roll 1 1\n"
	long := func(n int) string { return strings.Repeat("x", n) }
	// The line [Ti "xx…"] of k bytes and a newline, for i of 10 to 99.
	line := func(i, k int) string { return fmt.Sprintf("[T%d %q]\n", i, long(k-len(`[Tnn ""]`))) }
	full := "" // 64 tags T10 to T73 in exactly maxRecordTagBytes bytes
	for i := 10; i < 10+maxRecordTags; i++ {
		full += line(i, maxRecordTagBytes/maxRecordTags)
	}
	tests := []struct {
		name string
		text string
		line int    // the line refused, or 0: the record reads
		msg  string // the error's text after "line N: "
	}{
		{"64 tags", config + tagLines(maxRecordTags, "x") + game, 0, ""},
		{"65 tags", config + tagLines(maxRecordTags+1, "x") + game, 8 + maxRecordTags + 1,
			"tag T64: more than 64 tags besides those of the configuration and result"},
		{"64 tags in 64 KiB", config + full + game, 0, ""},
		{"64 tags in 64 KiB and a byte", config + strings.Replace(full, `"]`, `x"]`, 1) + game, 8 + maxRecordTags,
			"tag T73: the tags besides those of the configuration and result take more than 65536 bytes"},
		{"a tag of 64 KiB", config + line(10, maxRecordTagBytes) + game, 0, ""},
		{"a tag of 64 KiB and a byte", config + line(10, maxRecordTagBytes+1) + game, 9,
			"tag T10: the tags besides those of the configuration and result take more than 65536 bytes"},
		{"a long name", config + "[" + long(1000) + " \"x\"]\n" + tagLines(maxRecordTags, "x"), 8 + maxRecordTags + 1,
			"tag T63: more than 64 tags besides those of the configuration and result"},
		{"a long name first over", tagLines(maxRecordTags, "x") + "[" + long(1000) + " \"x\"]\n", maxRecordTags + 1,
			"tag " + long(maxQuoted) + "…: more than 64 tags besides those of the configuration and result"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseRecord(tc.text)
			if tc.line == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if len(r.Tags) > maxRecordTags || r.Config.Seed != 7 {
					t.Fatalf("read %d tags, seed %d", len(r.Tags), r.Config.Seed)
				}
				return
			}
			want := fmt.Sprintf("elasund: bad record: line %d: %s", tc.line, tc.msg)
			if !errors.Is(err, ErrBadRecord) || err.Error() != want {
				t.Fatalf("ParseRecord: %v\nwant %s", err, want)
			}
		})
	}
}

// TestRecordKeepsNoText: the tags of a Record read are not parts of the
// text, which a server would otherwise hold as long as the record.
func TestRecordKeepsNoText(t *testing.T) {
	text := "[Event \"club night\"]\n[Site \"Kiel\"]\n[Players \"2\"]\n\n1. roll 1 1\n"
	r, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	start := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	within := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return len(s) > 0 && p >= start && p < start+uintptr(len(text))
	}
	for k, v := range r.Tags {
		if within(k) || within(v) {
			t.Errorf("tag %s %q is a part of the text", k, v)
		}
	}
	if len(r.Tags) != 2 {
		t.Fatalf("tags %v", r.Tags)
	}
}

// TestParseRecordTagMemory: tag-heavy text, refused or read, allocates at
// most what ParseRecord documents: four times its length and 24 KB.
func TestParseRecordTagMemory(t *testing.T) {
	const n = 4 << 20
	var many strings.Builder // n bytes of short tags, all different
	for i := 0; many.Len() < n; i++ {
		fmt.Fprintf(&many, "[T%d \"x\"]\n", i)
	}
	game := recordOfGame(t)
	tests := []struct {
		name string
		text string
		ok   bool
	}{
		{"4 MiB of short tags", many.String() + "\n1. roll 1 1\n", false},
		{"a tag of 4 MiB", "[Event \"" + strings.Repeat("x", n) + "\"]\n", false},
		{"64 empty tags", tagLines(maxRecordTags, ""), true},
		{"64 empty tags and a game", tagLines(maxRecordTags, "") + game, true},
		{"64 tags of 900 bytes and a game", tagLines(maxRecordTags, strings.Repeat("x", 900)) + game, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			got := allocated(func() { _, err = ParseRecord(tc.text) })
			if (err == nil) != tc.ok {
				t.Fatalf("ParseRecord: %v", err)
			}
			t.Logf("%d bytes of text: %d bytes allocated (%.2f×)", len(tc.text), got, float64(got)/float64(len(tc.text)))
			if limit := 4*len(tc.text) + 24<<10; got > uint64(limit) {
				t.Errorf("%d bytes of text: %d bytes allocated, more than %d", len(tc.text), got, limit)
			}
		})
	}
}

// recordOfGame returns the text of a record of a game of about 300 moves.
func recordOfGame(t *testing.T) string {
	t.Helper()
	var text string
	playRandom(t, Config{Players: 3, Seed: 5}, 5, false, 300, func(_ *Game, r *Recorder) bool {
		text = r.Record().String()
		return true
	})
	return text
}
