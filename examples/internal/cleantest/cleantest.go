// Package cleantest runs a package's tests so that they leave no file
// behind: a test writes under t.TempDir(), never in the system's temporary
// directory or the package's directory. The TestMain of each package of
// examples calls Main.
package cleantest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Main runs the tests of m with the temporary directory (TMPDIR, and TMP
// and TEMP on Windows) a new empty directory of its own, in which
// t.TempDir makes its directories, and returns their exit status: that of
// m.Run, or 1 when the tests left a file in that directory (a file
// written to os.TempDir() and never removed) or a new file in the
// package's directory or below. Then it removes the directory.
func Main(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "elasund-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cleantest:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	for _, v := range []string{"TMPDIR", "TMP", "TEMP"} {
		os.Setenv(v, tmp)
	}
	before, err := files(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cleantest:", err)
		return 1
	}
	code := m.Run()
	after, err := files(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cleantest:", err)
		return 1
	}
	var made []string
	for _, f := range after {
		if _, found := slices.BinarySearch(before, f); !found {
			made = append(made, f)
		}
	}
	left, err := files(tmp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cleantest:", err)
		return 1
	}
	if len(made) > 0 || len(left) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: the tests left files behind (write them under t.TempDir()): %q in the package's directory, %q in the temporary directory\n", made, left)
		return 1
	}
	return code
}

// files lists the files and directories under dir, relative to it,
// sorted.
func files(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != dir {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			out = append(out, rel)
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}
