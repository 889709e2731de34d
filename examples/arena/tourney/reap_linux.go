package tourney

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// killDescendants kills every descendant of the process pid, a subreaper
// (so that they stay its descendants whatever sessions and process groups
// they make), and returns when it has no child left (a subreaper without
// children has no descendants: an orphan would be its child) or after a
// few seconds. It kills them as they are found, round after round: a
// process that forks between two rounds leaves a child that is found in
// the next. The reaper of supervise reaps them.
func killDescendants(pid int) {
	for end := time.Now().Add(3 * time.Second); hasChildren(pid) && time.Now().Before(end); time.Sleep(time.Millisecond) {
		for _, p := range descendants(pid) {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
	}
}

// hasChildren reports whether the process pid has a child, dead or alive,
// from /proc/pid/task/*/children (or, where the kernel lacks them, a scan
// of /proc).
func hasChildren(pid int) bool {
	tasks, err := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	if err != nil || len(tasks) == 0 {
		return len(descendants(pid)) > 0
	}
	for _, name := range tasks {
		data, err := os.ReadFile(name)
		if err != nil || len(strings.TrimSpace(string(data))) > 0 {
			return true
		}
	}
	return false
}

// descendants returns the live descendants of the process pid (zombies
// are dead).
func descendants(pid int) []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	children := map[int][]int{}
	for _, name := range names {
		p, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if ppid, live := parentOf(p); live {
			children[ppid] = append(children[ppid], p)
		}
	}
	var out []int
	for todo := children[pid]; len(todo) > 0; {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[p]...)
		out = append(out, p)
	}
	return out
}

// parentOf returns the parent of the process p, and whether p is alive
// (neither gone nor a zombie), from /proc/p/stat: "p (comm) state ppid …".
func parentOf(p int) (ppid int, live bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
	if err != nil {
		return 0, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, err == nil && f[0] != "Z" && f[0] != "X"
}
