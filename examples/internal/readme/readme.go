// Package readme checks what the repository's documents, README.md and
// the manuals in docs/, say of a command of examples against the command
// itself: the flags they name are the command's flags, the command's
// manual names every one of them, and the values a paragraph lists for a
// flag are the values the flag takes. The commands' tests call it.
package readme

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// root is the repository's root, from the directory of a command of
// examples (the working directory of its tests).
var root = filepath.Join("..", "..")

// Read returns the document name of the repository ("README.md",
// "docs/arena.md"), a path from the repository's root.
func Read(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Documents returns the names of the repository's documents: README.md
// and the Markdown files of docs/, in order.
func Documents(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no document in docs/: %v", err)
	}
	out := []string{"README.md"}
	for _, n := range names {
		out = append(out, "docs/"+filepath.Base(n))
	}
	sort.Strings(out[1:])
	return out
}

var (
	fence    = regexp.MustCompile("(?ms)^ *```.*?^ *```[^\n]*$")
	code     = regexp.MustCompile("`[^`\n]+`")
	flagName = regexp.MustCompile(`(?:^|\s)-([a-z](?:[a-z0-9-]*[a-z0-9])?)`)
	usage    = regexp.MustCompile(`(?m)^  -([a-z](?:[a-z0-9-]*[a-z0-9])?)(?:\s|$)`)
)

// runs returns the ways a command line runs examples/cmd: "go run
// ./examples/cmd" and, for a module of its own, "go -C examples/cmd run .".
func runs(cmd string) []string {
	return []string{"go run ./examples/" + cmd, "go -C examples/" + cmd + " run ."}
}

// Flags returns the flags, without their dash, that text (a Markdown
// document) names for the command examples/cmd, each once, in the order
// they first appear: the flags of every command line that runs it (in
// code blocks or inline code), those in the inline code of what a
// paragraph says after such a command line in inline code (up to the next
// command line that runs a command), and those in the inline code of the
// paragraphs that begin with "`examples/cmd`". When text is the command's
// manual (manual true), the flags in all its prose's inline code count too.
// Inline code that is itself a command line (of go, cd, sh, bash) names no
// flag of cmd unless it runs cmd.
func Flags(text, cmd string, manual bool) []string {
	var out []string
	add := func(s string) {
		for _, m := range flagName.FindAllStringSubmatch(s, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	for _, line := range strings.Split(text, "\n") {
		for _, run := range runs(cmd) {
			for rest, i := line, strings.Index(line, run); i >= 0; i = strings.Index(rest, run) {
				rest = rest[i+len(run):]
				if len(rest) > 0 && rest[0] != ' ' && rest[0] != '`' {
					continue // another command that begins alike
				}
				args, _, _ := strings.Cut(rest, "`")
				args, _, _ = strings.Cut(args, "#")
				add(args)
			}
		}
	}
	prose := fence.ReplaceAllString(text, "")
	for _, p := range Paragraphs(prose, cmd) {
		add(inlineCode(p))
	}
	for _, p := range strings.Split(prose, "\n\n") {
		for _, run := range runs(cmd) {
			add(inlineCode(saidOf(p, "`"+run)))
		}
	}
	if manual {
		for _, p := range strings.Split(prose, "\n\n") {
			add(inlineCode(ownText(p, cmd)))
		}
	}
	return out
}

// runsExample matches inline code that runs a command of examples, and
// names it.
var runsExample = regexp.MustCompile("^`go (?:run \\./examples/|-C examples/)([a-z]+)[ `]")

// ownText returns the text of the paragraph p that is not said of another
// command of examples than cmd: p without what follows an inline code that
// runs another command, up to an inline code that runs cmd.
func ownText(p, cmd string) string {
	var b strings.Builder
	own, last := true, 0
	for _, span := range code.FindAllStringIndex(p, -1) {
		m := runsExample.FindStringSubmatch(p[span[0]:span[1]])
		if m == nil {
			continue
		}
		if own {
			b.WriteString(p[last:span[0]])
		}
		own, last = m[1] == cmd, span[1]
	}
	if own {
		b.WriteString(p[last:])
	}
	return b.String()
}

// commandLine matches inline code that is a command line.
var commandLine = regexp.MustCompile(`(?:^|&& |\s)(?:go (?:run|test|build|-C)|cd|sh|bash) `)

// inlineCode returns the contents of the inline code of text, a line
// each, leaving out the code that is a command line.
func inlineCode(text string) string {
	var b strings.Builder
	for _, c := range code.FindAllString(text, -1) {
		if c = strings.Trim(c, "`"); !commandLine.MatchString(c) {
			b.WriteString(c + "\n")
		}
	}
	return b.String()
}

// saidOf returns what text says after each inline code that begins with
// mention (the code's own end left out), up to the next inline code of
// a command, "`go run" or "`go -C".
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
		said, _, _ = strings.Cut(said, "`go -C")
		out = append(out, said)
	}
	return strings.Join(out, "\n")
}

// Paragraphs returns the paragraphs of text that begin with
// "`examples/cmd`".
func Paragraphs(text, cmd string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); strings.HasPrefix(p, "`examples/"+cmd+"`") {
			out = append(out, p)
		}
	}
	return out
}

// Values returns the values that text's paragraphs about the command
// examples/cmd list for the flag -name: the words in inline code in the
// parentheses that follow "`-name`".
func Values(text, cmd, name string) []string {
	var out []string
	for _, p := range Paragraphs(text, cmd) {
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

// Check fails t unless the documents and the command examples/cmd, whose
// usage message is usage, agree on its flags: every flag that a document
// names for it (Flags) is a flag of usage (or -h or -help, the flag
// package's own), and manual, the document that documents the command
// (README.md, where its paragraphs and command lines count, or a manual
// of docs/, where all of it counts), names every flag of usage.
func Check(t testing.TB, cmd, usage, manual string) {
	t.Helper()
	defined := UsageFlags(usage)
	if len(defined) == 0 {
		t.Fatalf("the usage of %s lists no flag:\n%s", cmd, usage)
	}
	docs := Documents(t)
	if !slices.Contains(docs, manual) {
		t.Fatalf("%s is not a document of the repository (%s)", manual, strings.Join(docs, ", "))
	}
	for _, name := range docs {
		for _, f := range Flags(Read(t, name), cmd, name == manual && name != "README.md") {
			if !slices.Contains(defined, f) && f != "h" && f != "help" {
				t.Errorf("%s names -%s for examples/%s, which has no such flag (it has -%s)", name, f, cmd, strings.Join(defined, ", -"))
			}
		}
	}
	named := Flags(Read(t, manual), cmd, manual != "README.md")
	for _, f := range defined {
		if !slices.Contains(named, f) {
			t.Errorf("%s, which documents examples/%s, does not name its flag -%s", manual, cmd, f)
		}
	}
}
