package readme

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const sample = "# demo\n\n" +
	"## Run\n\n" +
	"```sh\n" +
	"go run ./examples/tool -a 1 -bee x   # -notaflag in a comment\n" +
	"go run ./examples/toolbox -c\n" +
	"go -C examples/tool run . -max-y 2\n" +
	"```\n\n" +
	"`examples/tool` takes `-a`, `-dee` and\n`-mode` (`fast`, `slow` or `auto`), and -plain words.\n\n" +
	"Also `go run ./examples/tool -e` inline, then `-f`, and `go run ./examples/toolbox`, then `-k`.\n\n" +
	"## Tool\n\n" +
	"- `-g 3` sets g; `cd x && go test -run T -v .` is a command of go.\n\n" +
	"  ```\n  -fenced\n  ```\n\n" +
	"`-h2` too.\n"

func TestFlags(t *testing.T) {
	cases := []struct {
		cmd    string
		manual bool
		want   []string
	}{
		{"tool", false, []string{"a", "bee", "max-y", "e", "dee", "mode", "f"}},
		{"tool", true, []string{"a", "bee", "max-y", "e", "dee", "mode", "f", "g", "h2"}},
		{"toolbox", false, []string{"c", "k"}},
		{"nothing", false, nil},
	}
	for _, c := range cases {
		if got := Flags(sample, c.cmd, c.manual); !slices.Equal(got, c.want) {
			t.Errorf("Flags(%s, manual %v) = %q; want %q", c.cmd, c.manual, got, c.want)
		}
	}
}

func TestValues(t *testing.T) {
	if got, want := Values(sample, "tool", "mode"), []string{"fast", "slow", "auto"}; !slices.Equal(got, want) {
		t.Errorf("Values(tool, mode) = %q; want %q", got, want)
	}
	if got := Values(sample, "tool", "a"); got != nil {
		t.Errorf("Values(tool, a) = %q; want none", got)
	}
}

func TestUsageFlags(t *testing.T) {
	usage := "usage: tool [-a N]\n  -a int\n    \tthe a (default 1)\n  -bee string\n    \ta -b in the text\n  -max-y int\n    \ty\n  -verbose\n    \tsay more\n"
	if got, want := UsageFlags(usage), []string{"a", "bee", "max-y", "verbose"}; !slices.Equal(got, want) {
		t.Errorf("UsageFlags = %q; want %q", got, want)
	}
}

// recorder is a testing.TB that records what Check reports; its Fatal
// ends the goroutine, as testing's does.
type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) {
	r.msgs = append(r.msgs, fmt.Sprint(args...))
	runtime.Goexit()
}

// TestCheck runs Check on a repository of its own: a README, and the
// command's manual in docs/.
func TestCheck(t *testing.T) {
	const usage = "usage: tool\n  -a int\n    \tthe a\n  -bee string\n    \tbee\n"
	cases := []struct {
		name, readme, manual, usage, doc string
		want                             []string // parts of the messages, in order; none if it passes
	}{
		{"agree", "Run `go run ./examples/tool -a 1`.\n", "# Tool\n\n`-a` and `-bee`; `-h` helps.\n", usage, "docs/tool.md", nil},
		{"the README names a flag the command lacks", "Run `go run ./examples/tool -z 1`.\n", "# Tool\n\n`-a` and `-bee`.\n", usage, "docs/tool.md",
			[]string{"README.md names -z for examples/tool"}},
		{"the manual names a flag the command lacks", "", "# Tool\n\n`-a`, `-bee` and `-c`.\n", usage, "docs/tool.md",
			[]string{"docs/tool.md names -c"}},
		{"the manual leaves a flag out", "", "# Tool\n\n`-a` only.\n", usage, "docs/tool.md",
			[]string{"docs/tool.md, which documents examples/tool, does not name its flag -bee"}},
		{"the README as the manual: its paragraphs count", "`examples/tool` takes `-a`.\n\n`-bee` is elsewhere.\n", "# Tool\n", usage, "README.md",
			[]string{"README.md, which documents examples/tool, does not name its flag -bee"}},
		{"no such document", "", "# Tool\n", usage, "docs/other.md", []string{"docs/other.md is not a document"}},
		{"a usage without flags", "", "# Tool\n", "usage: tool\n", "docs/tool.md", []string{"lists no flag"}},
	}
	saved := root
	defer func() { root = saved }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root = t.TempDir()
			if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, text := range map[string]string{"README.md": c.readme, "docs/tool.md": c.manual} {
				if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := &recorder{TB: t}
			done := make(chan struct{})
			go func() {
				defer close(done)
				Check(r, "tool", c.usage, c.doc)
			}()
			<-done
			if len(r.msgs) != len(c.want) {
				t.Fatalf("Check reported %q; want %d messages with %q", r.msgs, len(c.want), c.want)
			}
			for i, w := range c.want {
				if !strings.Contains(r.msgs[i], w) {
					t.Errorf("message %d: %q; want one with %q", i, r.msgs[i], w)
				}
			}
		})
	}
}
