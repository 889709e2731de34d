package elasund

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The code cites sections of RULES.md as "§N" or "§N.M" (MoveError.Rule,
// comments, the package documentation). These tests keep RULES.md in step
// with the citations: every cited section has a heading of its own.

// citationRE finds a section citation. The optional ".M" needs a digit, so
// a sentence's full stop after "§11." is not taken for a sub-section.
var citationRE = regexp.MustCompile(`§[0-9]+(?:\.[0-9]+)?`)

// headingMarkerRE finds a section marker in a heading, ended by a character
// that is neither digit nor dot, or by the end of the line.
var headingMarkerRE = regexp.MustCompile(`(§[0-9]+(?:\.[0-9]+)?)(?:[^0-9.]|$)`)

// codeCitations returns every section cited in the non-test Go files of the
// module root, each with the first place that cites it.
func codeCitations(t *testing.T) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	cited := map[string]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, c := range citationRE.FindAllString(line, -1) {
				if _, ok := cited[c]; !ok {
					cited[c] = fmt.Sprintf("%s:%d", name, i+1)
				}
			}
		}
	}
	return cited
}

// rulesHeadings returns the markdown heading lines of RULES.md, leaving out
// lines inside fenced code blocks.
func rulesHeadings(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced && strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// headingMarkers returns the section markers in a heading line.
func headingMarkers(line string) []string {
	var out []string
	for _, m := range headingMarkerRE.FindAllStringSubmatch(line, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestRulesReferenceCitations(t *testing.T) {
	cited := codeCitations(t)
	if len(cited) < 15 {
		t.Fatalf("found only %d distinct section citations in the code (%v); the scan is broken", len(cited), cited)
	}
	headed := map[string]bool{}
	for _, h := range rulesHeadings(t) {
		for _, m := range headingMarkers(h) {
			headed[m] = true
		}
	}
	var missing []string
	for c, where := range cited {
		if !headed[c] {
			missing = append(missing, fmt.Sprintf("%s (cited at %s)", c, where))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("RULES.md has no heading for section %s", m)
	}
}

func TestRulesReferenceHeadingsUnique(t *testing.T) {
	seen := map[string]string{}
	for _, h := range rulesHeadings(t) {
		for _, m := range headingMarkers(h) {
			if prev, ok := seen[m]; ok {
				t.Errorf("section %s has two headings: %q and %q", m, prev, h)
				continue
			}
			seen[m] = h
		}
	}
	// Every section of the specification has its heading, cited yet or not.
	want := []string{"§1", "§2", "§3", "§4", "§4.1", "§4.2", "§5", "§6"}
	for i := 1; i <= 8; i++ {
		want = append(want, fmt.Sprintf("§6.%d", i))
	}
	for i := 7; i <= 13; i++ {
		want = append(want, fmt.Sprintf("§%d", i))
	}
	for _, m := range want {
		if _, ok := seen[m]; !ok {
			t.Errorf("RULES.md has no heading for section %s", m)
		}
	}
}
