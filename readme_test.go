package elasund

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// readmeBlock returns the contents of the n-th (from 0) fenced code block
// of the given language in the README's section title.
func readmeBlock(t *testing.T, title, lang string, n int) string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## "+title+"\n")
	if !ok {
		t.Fatalf("the README has no section %q", title)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for i := 0; i <= n; i++ {
		if _, section, ok = strings.Cut(section, "```"+lang+"\n"); !ok {
			t.Fatalf("the README's %q has no %s block %d", title, lang, n)
		}
	}
	block, _, ok := strings.Cut(section, "```\n")
	if !ok {
		t.Fatalf("the README's %q has an unended %s block", title, lang)
	}
	return block
}

// TestREADMEProgramFormatted: the README's program ("Using it") is as
// gofmt writes it.
func TestREADMEProgramFormatted(t *testing.T) {
	src := readmeBlock(t, "Using it", "go", 0)
	out, err := format.Source([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Errorf("the README's program is not gofmt's:\n%s", out)
	}
}

// TestREADMEInstall follows the README's recipe for using the library from
// a clone, in a home directory of its own: its clone is this repository,
// and its main.go the program of "Using it". The program must run and say
// who won.
func TestREADMEInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the recipe")
	}
	if get := readmeBlock(t, "Install", "sh", 0); get != "go get github.com/elasund/elasund\n" {
		t.Errorf("the README's first install block is %q", get)
	}
	recipe := readmeBlock(t, "Install", "sh", 1)
	const clone = "git clone <this repository> ~/src/elasund"
	before, after, ok := strings.Cut(recipe, "# put the program of \"Using it\" below in main.go, then:\n")
	if !ok || !strings.HasPrefix(before, clone+"\n") {
		t.Fatalf("the README's recipe is not clone, module, then main.go:\n%s", recipe)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "GOWORK=off")
	for _, v := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} { // keep them out of the new home
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	sh := func(dir, script string) string {
		t.Helper()
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out.String())
		}
		return out.String()
	}
	// The clone: a link to this repository.
	before = strings.Replace(before, clone, "mkdir -p ~/src && ln -s '"+root+"' ~/src/elasund", 1)
	sh(home, before)
	game := filepath.Join(home, "src", "mygame")
	if err := os.WriteFile(filepath.Join(game, "main.go"), []byte(readmeBlock(t, "Using it", "go", 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := sh(game, after); !strings.HasPrefix(out, "winner: ") || !strings.Contains(out, " turns") {
		t.Errorf("the README's program printed %q; want its winner and turns", out)
	}
}

// markdownLink matches the target of a Markdown link or image.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingAnchor returns the anchor GitHub gives a Markdown heading's text:
// lower case, without punctuation, spaces as hyphens.
func headingAnchor(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocumentLinks: every relative link of the README and of docs/ names
// a file of the repository and, into a Markdown file, one of its headings.
func TestDocumentLinks(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no document in docs/: %v", err)
	}
	docs = append([]string{"README.md"}, docs...)
	anchors := map[string][]string{} // by file
	read := func(file string) string {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := anchors[file]; !ok {
			for _, line := range strings.Split(string(data), "\n") {
				if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
					anchors[file] = append(anchors[file], headingAnchor(h))
				}
			}
		}
		return string(data)
	}
	links := 0
	for _, doc := range docs {
		for _, m := range markdownLink.FindAllStringSubmatch(read(doc), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			path, anchor, _ := strings.Cut(target, "#")
			file := doc
			if path != "" {
				file = filepath.Join(filepath.Dir(doc), filepath.FromSlash(path))
				if _, err := os.Stat(file); err != nil {
					t.Errorf("%s links to %s, which is not a file of the repository", doc, target)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(file, ".md") && !slices.Contains(anchors[file], anchor) {
				read(file)
				if !slices.Contains(anchors[file], anchor) {
					t.Errorf("%s links to %s, which has no heading #%s (it has %v)", doc, path, anchor, anchors[file])
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("only %d relative links found", links)
	}
}
