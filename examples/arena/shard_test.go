package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShardsMerge: three shards, merged in any order, give byte for byte
// the output of one run of every deal, in every format and with claims.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-bots", "greedy,random,greedy", "-players", "2", "-games", "30", "-seed", "3", "-parallel", "2"}
	var shards []string
	for _, i := range []string{"2", "0", "1"} {
		code, out, errOut := run(t, append(base, "-format", "json", "-shard", i+"/3")...)
		if code != 0 {
			t.Fatalf("-shard %s/3: exit %d: %s", i, code, errOut)
		}
		name := filepath.Join(dir, "shard"+i+".json")
		if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, name)
	}
	claim := "greedy>random:0.6"
	for _, format := range []string{"text", "json", "csv"} {
		code, want, errOut := run(t, append(base, "-format", format, "-check", claim)...)
		if code != 0 {
			t.Fatalf("one run, -format %s: exit %d: %s", format, code, errOut)
		}
		code, got, errOut := run(t, append([]string{"merge", "-format", format, "-check", claim}, shards...)...)
		if code != 0 {
			t.Fatalf("merge -format %s: exit %d: %s", format, code, errOut)
		}
		if got != want {
			t.Errorf("merge -format %s differs from one run:\n%s\nwant:\n%s", format, got, want)
		}
		if !strings.Contains(errOut, "merged 30 games of 3 shards") {
			t.Errorf("merge -format %s: messages %q", format, errOut)
		}
	}
	// A failing claim fails the merge as it fails a run.
	if code, _, errOut := run(t, append([]string{"merge", "-check", "random>greedy:0.9"}, shards...)...); code != 1 || !strings.Contains(errOut, "claims fail") {
		t.Errorf("merge with a failing claim: exit %d, %q", code, errOut)
	}
}

// TestShardsRefused: flags and shard sets that cannot make one
// tournament are refused.
func TestShardsRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, args ...string) string {
		t.Helper()
		code, out, errOut := run(t, append([]string{"-bots", "greedy,random", "-games", "8", "-format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	s0 := write("s0", "-seed", "1", "-shard", "0/2")
	s1 := write("s1", "-seed", "1", "-shard", "1/2")
	other := write("other", "-seed", "2", "-shard", "1/2")
	whole := write("whole", "-seed", "1")
	flags := [][]string{
		{"-bots", "greedy,random", "-format", "json", "-shard", "0/2"},               // no seed
		{"-bots", "greedy,random", "-seed", "1", "-shard", "0/2"},                    // not json
		{"-bots", "greedy,random", "-seed", "1", "-format", "json", "-shard", "2/2"}, // no such shard
		{"-bots", "greedy,random", "-seed", "1", "-format", "json", "-shard", "x"},   // not i/n
		{"-bots", "greedy,random", "-seed", "1", "-format", "json", "-shard", "0/2", "-check", "greedy:0.5"},
		{"merge"},
		{"merge", "-format", "xml", s0, s1},
		{"merge", "-check", "nobody:0.5", s0, s1},
	}
	for _, args := range flags {
		if code, _, errOut := run(t, args...); code != 2 || errOut == "" {
			t.Errorf("%q: exit %d, %q; want 2 and a message", args, code, errOut)
		}
	}
	merges := []struct {
		files []string
		want  string
	}{
		{[]string{s0}, "shard 1/2 is missing"},
		{[]string{s0, s0}, "both shard 0/2"},
		{[]string{s0, other}, "different tournaments"},
		{[]string{s0, whole}, "not the output of a run with -shard"},
		{[]string{s0, filepath.Join(dir, "none")}, "no such file"},
	}
	for _, m := range merges {
		code, _, errOut := run(t, append([]string{"merge"}, m.files...)...)
		if code != 1 || !strings.Contains(errOut, m.want) {
			t.Errorf("merge %q: exit %d, %q; want 1 and %q", m.files, code, errOut, m.want)
		}
	}
}
