package elasund

import (
	"strconv"
	"unicode/utf8"
)

// Quoting input in error messages. An error of this package quotes at most
// maxQuoted bytes of what it was given, so that a huge input makes a short
// message: every error that quotes a parsed string, a name read from a saved
// game or a tag of a record goes through quoteInput or clipInput.

// maxQuoted is the most bytes of input an error message quotes.
const maxQuoted = 60

// clipInput returns s, or, when s is longer than maxQuoted bytes, its first
// maxQuoted bytes or fewer (cut before a rune that does not fit whole)
// followed by "…".
func clipInput(s string) string {
	head, cut := clipHead(s)
	if cut {
		return head + "…"
	}
	return head
}

// quoteInput quotes s as %q does or, when s is longer than maxQuoted bytes,
// quotes its first maxQuoted bytes or fewer (cut at a rune boundary) and
// adds "…" after the closing quote.
func quoteInput(s string) string {
	head, cut := clipHead(s)
	if cut {
		return strconv.Quote(head) + "…"
	}
	return strconv.Quote(head)
}

// clipHead returns the part of s an error quotes, and whether it is shorter
// than s.
func clipHead(s string) (string, bool) {
	if len(s) <= maxQuoted {
		return s, false
	}
	n := maxQuoted
	for i := n; i > maxQuoted-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			n = i
			break
		}
	}
	return s[:n], true
}
