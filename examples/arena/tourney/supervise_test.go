package tourney

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestPrivateEnv: a program's environment is the host's but for HOME,
// TMPDIR, TMP, TEMP and the XDG directories, which name directories in
// its private directory, and the supervisor's variable, which it lacks.
func TestPrivateEnv(t *testing.T) {
	dir := filepath.Join("/x", "bot")
	got := privateEnv([]string{"PATH=/bin", "HOME=/home/me", "TMPDIR=/tmp", "XDG_CACHE_HOME=/c", superviseEnv + "=1", "LANG=C"}, dir)
	want := []string{"PATH=/bin", "LANG=C",
		"HOME=" + filepath.Join(dir, "home"), "TMPDIR=" + filepath.Join(dir, "tmp"), "TMP=" + filepath.Join(dir, "tmp"), "TEMP=" + filepath.Join(dir, "tmp"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "home", ".config"), "XDG_CACHE_HOME=" + filepath.Join(dir, "home", ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(dir, "home", ".local", "share"), "XDG_STATE_HOME=" + filepath.Join(dir, "home", ".local", "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(dir, "run")}
	if runtime.GOOS == "windows" {
		want = append(want, "USERPROFILE="+filepath.Join(dir, "home"), "APPDATA="+filepath.Join(dir, "home", ".config"),
			"LOCALAPPDATA="+filepath.Join(dir, "home", ".cache"))
	}
	if !slices.Equal(got, want) {
		t.Errorf("privateEnv:\n got %q\nwant %q", got, want)
	}
}

// TestRemovePrivateDir: a private directory goes, with what a program
// left in it, directories it made unreadable and unwritable included.
func TestRemovePrivateDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bot")
	if err := os.MkdirAll(filepath.Join(dir, "home", "locked", "deep"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "home", "locked", "deep", "f"), []byte("x"), 0o400); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"home/locked/deep", "home/locked"} {
		if err := os.Chmod(filepath.Join(dir, d), 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := removePrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is still there: %v", dir, err)
	}
}
