package elasund

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
