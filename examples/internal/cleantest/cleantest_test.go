package cleantest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// leakEnv makes TestLeak, run in a child process, leave a file behind:
// "tmp" in the temporary directory, "tree" in the package's directory.
const leakEnv = "CLEANTEST_LEAK"

// treeFile is the file the "tree" leak leaves in the package's directory.
const treeFile = "leaked-by-test.txt"

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestLeak leaves a file behind when leakEnv asks it to; it passes.
func TestLeak(t *testing.T) {
	var err error
	switch os.Getenv(leakEnv) {
	case "tmp":
		err = os.WriteFile(filepath.Join(os.TempDir(), "leaked.txt"), nil, 0o644)
	case "tree":
		err = os.WriteFile(treeFile, nil, 0o644)
	case "tempdir":
		err = os.WriteFile(filepath.Join(t.TempDir(), "fine.txt"), nil, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestMainFails: a test that passes but leaves a file in the temporary
// directory or the package's directory fails the run; one that writes
// under t.TempDir() does not; and the temporary directory of the tests is
// a new one, removed at the end.
func TestMainFails(t *testing.T) {
	if os.Getenv(leakEnv) != "" {
		t.Skip("the child")
	}
	t.Cleanup(func() { os.Remove(treeFile) })
	for _, c := range []struct {
		leak string
		fail bool
	}{{"tmp", true}, {"tree", true}, {"tempdir", false}, {"none", false}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLeak$")
		cmd.Env = append(os.Environ(), leakEnv+"="+c.leak)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != c.fail || c.fail && !strings.Contains(string(out), "the tests left files behind") {
			t.Errorf("leak %s: %v\n%s", c.leak, err, out)
		}
	}
	if dir := os.TempDir(); !strings.Contains(filepath.Base(dir), "elasund-test-") {
		t.Errorf("the tests' temporary directory is %s", dir)
	}
}
