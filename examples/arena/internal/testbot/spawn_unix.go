//go:build unix

package testbot

import (
	"os/exec"
	"syscall"
)

// spawn starts the processes of the spawn mode, each a "sleep 300" that
// tries to outlive the bot: one in a session of its own (setsid), one in
// a process group of its own (setpgid), one orphaned at once by a double
// fork (a shell that leaves it in the background and exits) and one plain
// child. Each inherits the bot's environment, by which a test finds it.
// It logs "spawn PID…".
func spawn() {
	var pids []int
	for _, attr := range []*syscall.SysProcAttr{{Setsid: true}, {Setpgid: true}, nil} {
		cmd := exec.Command("sleep", "300")
		cmd.SysProcAttr = attr
		if err := cmd.Start(); err != nil {
			logf("spawn: %v", err)
			continue
		}
		pids = append(pids, cmd.Process.Pid)
		cmd.Process.Release()
	}
	// The double fork: the shell's child is reparented when the shell exits.
	if err := exec.Command("sh", "-c", "sleep 300 &").Run(); err != nil {
		logf("spawn: %v", err)
	}
	logf("spawn %v", pids)
}
