package words

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/elasund/elasund"
)

// githubAnchor returns the anchor GitHub gives a markdown heading's text:
// in lower case, without every character that is not a letter, mark,
// number, connector, hyphen or space, its spaces hyphens.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// sectionRE finds the section marker that begins a heading's text.
var sectionRE = regexp.MustCompile(`^§[0-9]+(?:\.[0-9]+)?\b`)

// rulesHeadings returns the texts of the headings of the repository's
// RULES.md, leaving out lines in fenced code blocks.
func rulesHeadings(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "RULES.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if !fenced && strings.HasPrefix(line, "#") {
			out = append(out, strings.TrimSpace(strings.TrimLeft(line, "#")))
		}
	}
	return out
}

// TestAnchors checks the anchors against the headings of RULES.md: each
// section heading has its anchor, as GitHub makes it, no other heading
// has the same anchor (GitHub would number it), and no anchor is of a
// section RULES.md lacks.
func TestAnchors(t *testing.T) {
	headings := rulesHeadings(t)
	count := map[string]int{}
	for _, h := range headings {
		count[githubAnchor(h)]++
	}
	found := map[string]bool{}
	for _, h := range headings {
		sec := sectionRE.FindString(h)
		if sec == "" {
			continue
		}
		found[sec] = true
		want := githubAnchor(h)
		if got := SectionAnchor(sec); got != want {
			t.Errorf("SectionAnchor(%q) = %q, want %q for heading %q", sec, got, want, h)
		}
		if count[want] != 1 {
			t.Errorf("%d headings of RULES.md have the anchor %q", count[want], want)
		}
	}
	for sec := range anchors {
		if !found[sec] {
			t.Errorf("anchors has %q, which no heading of RULES.md has", sec)
		}
	}
	if len(found) < 20 {
		t.Errorf("found %d section headings in RULES.md, want them all", len(found))
	}
	if got := SectionAnchor("§6.9"); got != "" {
		t.Errorf(`SectionAnchor("§6.9") = %q, want ""`, got)
	}
}

// TestEveryReasonLinks checks that the section of every reason has an
// anchor.
func TestEveryReasonLinks(t *testing.T) {
	for _, r := range elasund.Reasons() {
		secs := Sections(r)
		if len(secs) == 0 || strings.Join(secs, "/") != Section(r) {
			t.Errorf("%v: Sections = %q, Section = %q", r, secs, Section(r))
		}
		for _, s := range secs {
			if SectionAnchor(s) == "" {
				t.Errorf("%v: section %q has no anchor", r, s)
			}
		}
		if RulesAnchor(r) != SectionAnchor(secs[0]) {
			t.Errorf("%v: RulesAnchor = %q, want the first section's %q", r, RulesAnchor(r), SectionAnchor(secs[0]))
		}
	}
}

// TestSections checks Section, Sections and RulesAnchor on reasons of one
// and of two sections, and on values that are no refusal.
func TestSections(t *testing.T) {
	tests := []struct {
		r       elasund.Reason
		section string
		list    []string
		anchor  string
	}{
		{elasund.ReasonNoMajority, "§6.2", []string{"§6.2"}, "62-permit-majority"},
		{elasund.ReasonPiratesShipRow, "§4.2", []string{"§4.2"}, "42-rolling-a-7-pirates"},
		{elasund.ReasonCoversChurch, "§6.1/§8", []string{"§6.1", "§8"}, "61-footprint"},
		{elasund.ReasonCannotPayPermit, "§5/§10", []string{"§5", "§10"}, "5-permits"},
		{elasund.ReasonPermitRowAdjacent, "§12", []string{"§12"}, "12-rule-options-the-english-edition"},
		{elasund.NoReason, "", nil, ""},
		{elasund.Reason(255), "", nil, ""},
	}
	for _, tt := range tests {
		if got := Section(tt.r); got != tt.section {
			t.Errorf("Section(%v) = %q, want %q", tt.r, got, tt.section)
		}
		if got := Sections(tt.r); !slices.Equal(got, tt.list) {
			t.Errorf("Sections(%v) = %q, want %q", tt.r, got, tt.list)
		}
		if got := RulesAnchor(tt.r); got != tt.anchor {
			t.Errorf("RulesAnchor(%v) = %q, want %q", tt.r, got, tt.anchor)
		}
	}
}

// TestGithubAnchor checks the test's anchor maker on headings whose
// anchors GitHub shows.
func TestGithubAnchor(t *testing.T) {
	tests := []struct{ heading, want string }{
		{"§6.2 Permit majority", "62-permit-majority"},
		{"§12 Rule options: the English edition", "12-rule-options-the-english-edition"},
		{"Limits & Retries", "limits--retries"},
		{"snake_case and CamelCase", "snake_case-and-camelcase"},
	}
	for _, tt := range tests {
		if got := githubAnchor(tt.heading); got != tt.want {
			t.Errorf("githubAnchor(%q) = %q, want %q", tt.heading, got, tt.want)
		}
	}
}
