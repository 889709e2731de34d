package tourney

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
)

// superviseEnv is set, to "1", in the environment of the process that
// Exec starts as a program's supervisor: a new run of the host's own
// binary, in which Supervise does the supervisor's work.
const superviseEnv = "ELASUND_ARENA_SUPERVISOR"

// supervisorName is the supervisor's argv[0].
const supervisorName = "elasund-arena-supervisor"

// supervising says that the host called Supervise, so that its binary,
// run again, is a supervisor.
var supervising atomic.Bool

// Supervise lets Exec run its programs under a supervisor and in a
// sandbox (see Exec): call it first thing in main (and in TestMain), before
// anything else runs. Exec starts the supervisor as a new run of the host's
// own binary (/proc/self/exe); in that run Supervise does the supervisor's
// work and exits, so that the host's main never runs there. Elsewhere it
// returns at once. It does what it says on Linux; on other systems Exec
// runs its programs as it does without it.
func Supervise() {
	if os.Getenv(superviseEnv) != "" {
		os.Exit(supervisor(os.Args))
	}
	supervising.Store(true)
}

// sandboxSize is the size of each of the sandbox's file systems in memory
// (its private directory, /dev/shm): a bound on what a program may store.
const sandboxSize = 256 << 20

// privateDirs are the directories made in a program's private directory,
// and the variables of its environment that name them.
var privateDirs = []struct {
	dir  string
	vars []string
}{
	{"home", []string{"HOME"}},
	{"tmp", []string{"TMPDIR", "TMP", "TEMP"}},
	{"home/.config", []string{"XDG_CONFIG_HOME"}},
	{"home/.cache", []string{"XDG_CACHE_HOME"}},
	{"home/.local/share", []string{"XDG_DATA_HOME"}},
	{"home/.local/state", []string{"XDG_STATE_HOME"}},
	{"run", []string{"XDG_RUNTIME_DIR"}},
}

// makePrivateDir makes a program's private directory for one game and
// seat, empty, that only the host's user may enter: a new directory in the
// system's temporary directory.
func makePrivateDir() (string, error) { return os.MkdirTemp("", "elasund-bot-") }

// makePrivateSubdirs makes the directories of privateDirs in dir.
func makePrivateSubdirs(dir string) error {
	for _, d := range privateDirs {
		if err := os.MkdirAll(filepath.Join(dir, d.dir), 0o700); err != nil {
			return err
		}
	}
	return nil
}

// privateEnv returns env with the variables of privateDirs naming the
// directories in dir (USERPROFILE, APPDATA and LOCALAPPDATA too on
// Windows), and without superviseEnv.
func privateEnv(env []string, dir string) []string {
	set := map[string]string{}
	for _, d := range privateDirs {
		for _, v := range d.vars {
			set[v] = filepath.Join(dir, d.dir)
		}
	}
	if runtime.GOOS == "windows" {
		set["USERPROFILE"] = filepath.Join(dir, "home")
		set["APPDATA"] = filepath.Join(dir, "home", ".config")
		set["LOCALAPPDATA"] = filepath.Join(dir, "home", ".cache")
	}
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if runtime.GOOS == "windows" {
			name = strings.ToUpper(name)
		}
		if _, ok := set[name]; !ok && name != superviseEnv {
			out = append(out, kv)
		}
	}
	for _, d := range privateDirs {
		for _, v := range d.vars {
			out = append(out, v+"="+set[v])
		}
	}
	if runtime.GOOS == "windows" {
		out = append(out, "USERPROFILE="+set["USERPROFILE"], "APPDATA="+set["APPDATA"], "LOCALAPPDATA="+set["LOCALAPPDATA"])
	}
	return out
}

// removePrivateDir removes a program's private directory and what the
// program left in it, even the directories it made unreadable.
func removePrivateDir(dir string) error {
	if os.RemoveAll(dir) == nil {
		return nil
	}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() || errors.Is(err, fs.ErrPermission) {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	return os.RemoveAll(dir)
}
