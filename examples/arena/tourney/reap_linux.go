package tourney

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// killDescendants kills every descendant of the process pid, a subreaper
// (so that they stay its descendants whatever sessions and process groups
// they make), and returns when none is left alive or after a few seconds.
// It kills them as they are found, round after round: a process that
// forks between two rounds leaves a child that is found in the next.
func killDescendants(pid int) {
	quiet := 0 // rounds in a row that found none
	for end := time.Now().Add(3 * time.Second); quiet < 2 && time.Now().Before(end); {
		found := descendants(pid)
		for _, p := range found {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		if len(found) == 0 {
			quiet++
		} else {
			quiet = 0
		}
		time.Sleep(time.Millisecond)
	}
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
