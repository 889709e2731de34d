package main

import (
	"io"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/readme"
)

// TestREADME: -h prints the usage under the command's name and is status
// 0; the flags the documents name for the arena (on its command lines, and
// anywhere in its manual docs/arena.md) are the command's flags, and the
// manual names every one; -rules takes what its help says, options joined
// with + too.
func TestREADME(t *testing.T) {
	code, out, usage := run(t, "-h")
	if code != 0 || out != "" || !strings.HasPrefix(usage, "Usage of arena:\n") {
		t.Fatalf("-h: status %d, output %q, usage\n%s", code, out, usage)
	}
	readme.Check(t, "arena", usage, "docs/arena.md")
	if !strings.Contains(usage, "adjacent-permit-rows, shortage-voids-income, or options joined with +") {
		t.Errorf("-h does not say what -rules takes:\n%s", usage)
	}
	o, err := parseFlags([]string{"-bots", "a,b", "-rules", "adjacent-permit-rows+shortage-voids-income"}, io.Discard)
	if err != nil || o.rules != elasund.EnglishEdition {
		t.Errorf("-rules adjacent-permit-rows+shortage-voids-income: %v, %v; want %v", o.rules, err, elasund.EnglishEdition)
	}
}
