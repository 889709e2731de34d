//go:build unix

package tourney

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start in a process group of its own, whose id is its
// pid, so that killGroup reaches every process it starts.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills every process of the process group p leads (or led: the
// group outlives its leader while a member is left, and its id is not given
// to another process meanwhile).
func killGroup(p *os.Process) error {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil && err != syscall.ESRCH {
		return err
	}
	return nil
}
