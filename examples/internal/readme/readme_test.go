package readme

import (
	"slices"
	"testing"
)

const sample = "# demo\n\n" +
	"## Run\n\n" +
	"```sh\n" +
	"go run ./examples/tool -a 1 -bee x   # -notaflag in a comment\n" +
	"go run ./examples/toolbox -c\n" +
	"```\n\n" +
	"`examples/tool` takes `-a`, `-dee` and\n`-mode` (`fast`, `slow` or `auto`), and -plain words.\n\n" +
	"Also `go run ./examples/tool -e` inline, then `-f`, and `go run ./examples/toolbox`, then `-k`.\n\n" +
	"## Tool\n\n" +
	"- `-g 3` sets g.\n\n" +
	"### Deeper\n\n" +
	"`-h2` too.\n\n" +
	"## Other\n\n" +
	"`-i` is not the tool's.\n"

func TestFlags(t *testing.T) {
	cases := []struct {
		sections []string
		want     []string
	}{
		{nil, []string{"a", "bee", "e", "dee", "mode", "f"}},
		{[]string{"Tool"}, []string{"a", "bee", "e", "dee", "mode", "f", "g", "h2"}},
		{[]string{"Deeper"}, []string{"a", "bee", "e", "dee", "mode", "f", "h2"}},
		{[]string{"Missing"}, []string{"a", "bee", "e", "dee", "mode", "f"}},
	}
	for _, c := range cases {
		if got := Flags(sample, "tool", c.sections...); !slices.Equal(got, c.want) {
			t.Errorf("Flags(tool, %q) = %q; want %q", c.sections, got, c.want)
		}
	}
	if got := Flags(sample, "toolbox"); !slices.Equal(got, []string{"c", "k"}) {
		t.Errorf("Flags(toolbox) = %q; want [c k]", got)
	}
	if got := Flags(sample, "nothing"); got != nil {
		t.Errorf("Flags(nothing) = %q; want none", got)
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
	usage := "usage: tool [-a N]\n  -a int\n    \tthe a (default 1)\n  -bee string\n    \ta -b in the text\n  -verbose\n    \tsay more\n"
	if got, want := UsageFlags(usage), []string{"a", "bee", "verbose"}; !slices.Equal(got, want) {
		t.Errorf("UsageFlags = %q; want %q", got, want)
	}
}
