package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/elasund/elasund/examples/arena/tourney"
)

// dealer is where a tournament's deals come from: a secret key (drawn by
// the arena or read from -keyfile) or a public seed.
type dealer struct {
	key   *tourney.Key // nil for a public seed
	drawn bool         // the arena drew the key
	seed  uint64       // the public seed when key is nil
}

// dealing returns the dealer the options ask for: -seed's public seed,
// the key of -keyfile (read from stdin for "-"), else a fresh secret key.
func dealing(o *options, stdin io.Reader) (dealer, error) {
	switch {
	case o.seed != nil:
		return dealer{seed: *o.seed}, nil
	case o.keyFile != "":
		k, err := readKey(o.keyFile, stdin)
		if err != nil {
			return dealer{}, fmt.Errorf("-keyfile: %w", err)
		}
		return dealer{key: &k}, nil
	}
	k := tourney.NewKey()
	return dealer{key: &k, drawn: true}, nil
}

// maxKeyFile is the most the arena reads of a key file.
const maxKeyFile = 4096

// readKey reads the key in the file name, or in stdin for "-" (which it
// then closes, if it can). It refuses a regular file that its group or
// others may read.
func readKey(name string, stdin io.Reader) (tourney.Key, error) {
	r, what := stdin, "standard input"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return tourney.Key{}, err
		}
		r, what = f, name
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close() // the file, or standard input: nobody reads it after
	}
	if f, ok := r.(*os.File); ok {
		fi, err := f.Stat()
		if err != nil {
			return tourney.Key{}, err
		}
		if perm := fi.Mode().Perm(); fi.Mode().IsRegular() && perm&0o077 != 0 && runtime.GOOS != "windows" {
			return tourney.Key{}, fmt.Errorf("%s may be read by others than its owner (mode %v): chmod 600 it", what, perm)
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, maxKeyFile))
	if err != nil {
		return tourney.Key{}, err
	}
	k, err := tourney.ParseKey(string(data))
	if err != nil {
		return tourney.Key{}, fmt.Errorf("%s: %w", what, err)
	}
	return k, nil
}

// guard protects the deals from the exec: bots before they start: it
// keeps the arena's memory and files from them where it can
// (guardProcess), and warns that a public seed is theirs to read, or
// (sandboxed bots cannot see the arena's command line) to know.
func (d dealer) guard(errOut io.Writer, sandboxed bool) {
	if err := guardProcess(sandboxed); err != nil {
		fmt.Fprintf(errOut, "arena: warning: cannot keep the arena's memory and files from the exec: bots: %v\n", err)
	}
	switch {
	case d.key != nil:
	case sandboxed:
		fmt.Fprintf(errOut, "arena: warning: -seed %d is public: a bot whose author knows it computes every deal; "+
			"leave -seed out for a secret key\n", d.seed)
	default:
		fmt.Fprintf(errOut, "arena: warning: -seed %d is public: the exec: bots can read it on the arena's command line "+
			"(/proc/%d/cmdline) and compute every deal; leave -seed out for a secret key\n", d.seed, os.Getpid())
	}
}

// hasExec reports whether the -bots list seats an external program.
func hasExec(specs []string) bool {
	for _, spec := range specs {
		if _, bot := splitLabel(spec); strings.HasPrefix(bot, "exec:") {
			return true
		}
	}
	return false
}
