// Package readme checks what the repository's README says of a command of
// examples against the command itself: the flags it names are the
// command's flags, and the values it lists for a flag are the values the
// flag takes. The commands' tests call it.
package readme

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Read returns the README of the repository, from the directory of a
// command of examples (the working directory of its tests).
func Read(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var (
	fence    = regexp.MustCompile("(?ms)^```.*?^```[^\n]*$")
	code     = regexp.MustCompile("`[^`\n]+`")
	flagName = regexp.MustCompile(`(?:^|\s)-([a-z][a-z0-9]*)`)
	usage    = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9]*)(?:\s|$)`)
)

// Flags returns the flags, without their dash, that readme names for the
// command examples/cmd, each once, in the order they first appear: the
// flags of every "go run ./examples/cmd" command line (in code blocks or
// inline code), and those in the inline code of what a paragraph says
// after such a command line in inline code (up to the next "`go run"),
// of the paragraphs that begin with "`examples/cmd`" and of the sections
// (## or ###) titled as one of sections, with their subsections.
func Flags(readme, cmd string, sections ...string) []string {
	var out []string
	add := func(text string) {
		for _, m := range flagName.FindAllStringSubmatch(text, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	run := "go run ./examples/" + cmd
	for _, line := range strings.Split(readme, "\n") {
		for i := strings.Index(line, run); i >= 0; i = strings.Index(line, run) {
			line = line[i+len(run):]
			if len(line) > 0 && line[0] != ' ' && line[0] != '`' {
				continue // another command that begins alike
			}
			args, _, _ := strings.Cut(line, "`")
			args, _, _ = strings.Cut(args, "#")
			add(args)
		}
	}
	prose := fence.ReplaceAllString(readme, "")
	for _, text := range Paragraphs(prose, cmd) {
		add(inlineCode(text))
	}
	for _, text := range strings.Split(prose, "\n\n") {
		add(inlineCode(saidOf(text, "`"+run)))
	}
	for _, title := range sections {
		add(inlineCode(Section(prose, title)))
	}
	return out
}

// inlineCode returns the contents of the inline code of text, a line
// each.
func inlineCode(text string) string {
	var b strings.Builder
	for _, c := range code.FindAllString(text, -1) {
		b.WriteString(strings.Trim(c, "`") + "\n")
	}
	return b.String()
}

// saidOf returns what text says after each inline code that begins with
// mention (the code's own end left out), up to the next inline code of
// a command, "`go run".
func saidOf(text, mention string) string {
	var out []string
	for i := strings.Index(text, mention); i >= 0; i = strings.Index(text, mention) {
		text = text[i+len(mention):]
		if len(text) > 0 && text[0] != ' ' && text[0] != '`' {
			continue // another command that begins alike
		}
		_, rest, ok := strings.Cut(text, "`")
		if !ok {
			break
		}
		said, _, _ := strings.Cut(rest, "`go run")
		out = append(out, said)
	}
	return strings.Join(out, "\n")
}

// Paragraphs returns the paragraphs of readme that begin with
// "`examples/cmd`".
func Paragraphs(readme, cmd string) []string {
	var out []string
	for _, p := range strings.Split(readme, "\n\n") {
		if p = strings.TrimSpace(p); strings.HasPrefix(p, "`examples/"+cmd+"`") {
			out = append(out, p)
		}
	}
	return out
}

// Section returns the section of readme titled title (after "## " or
// "### "), up to the next title of its level or above; "" if there is
// none.
func Section(readme, title string) string {
	for _, level := range []string{"## ", "### "} {
		head := "\n" + level + title + "\n"
		_, rest, ok := strings.Cut(readme, head)
		if !ok {
			continue
		}
		for _, end := range []string{"\n# ", "\n## ", "\n" + level} {
			rest, _, _ = strings.Cut(rest, end)
		}
		return rest
	}
	return ""
}

// Values returns the values that readme's paragraphs about the command
// examples/cmd list for the flag -name: the words in inline code in the
// parentheses that follow "`-name`".
func Values(readme, cmd, name string) []string {
	var out []string
	for _, p := range Paragraphs(readme, cmd) {
		_, rest, ok := strings.Cut(p, "`-"+name+"` (")
		if !ok {
			continue
		}
		list, _, _ := strings.Cut(rest, ")")
		for _, c := range code.FindAllString(list, -1) {
			out = append(out, strings.Trim(c, "`"))
		}
	}
	return out
}

// UsageFlags returns the flags, without their dash, that a usage message
// written by flag.PrintDefaults lists.
func UsageFlags(text string) []string {
	var out []string
	for _, m := range usage.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// Check fails t unless every flag that the README names for the command
// examples/cmd (Flags, with sections) is a flag of its usage message, or
// -h or -help, and unless the README names at least one.
func Check(t testing.TB, cmd, usage string, sections ...string) {
	t.Helper()
	defined := UsageFlags(usage)
	named := Flags(Read(t), cmd, sections...)
	if len(named) == 0 {
		t.Fatalf("the README names no flag of examples/%s", cmd)
	}
	if len(defined) == 0 {
		t.Fatalf("the usage of %s lists no flag:\n%s", cmd, usage)
	}
	for _, f := range named {
		if !slices.Contains(defined, f) && f != "h" && f != "help" { // the flag package's own
			t.Errorf("the README names -%s for examples/%s, which has no such flag (it has -%s)", f, cmd, strings.Join(defined, ", -"))
		}
	}
}
