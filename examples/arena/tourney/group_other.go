//go:build !unix

package tourney

import (
	"os"
	"os/exec"
)

// ownGroup does nothing here: there are no process groups to start the
// program in.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the program p; the processes it started are left.
func killGroup(p *os.Process) error {
	if err := p.Kill(); err != nil && err != os.ErrProcessDone {
		return err
	}
	return nil
}
