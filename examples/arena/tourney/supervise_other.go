//go:build !linux

package tourney

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// supervisor refuses to work: Exec starts no supervisor here.
func supervisor(args []string) int {
	fmt.Fprintln(os.Stderr, "arena: supervisor: no supervisor on this system")
	return 125
}

// command returns the command that runs the program args (found at path)
// for Exec with the environment env and the private directory dir: in a
// process group of its own, on Unix (there is no supervisor nor sandbox
// here).
func command(ctx context.Context, path string, args, env []string, dir string, sandbox bool) (*exec.Cmd, error) {
	if sandbox {
		return nil, CheckSandbox()
	}
	cmd := exec.CommandContext(ctx, path)
	cmd.Args, cmd.Env = args, env
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd.Process) }
	return cmd, makePrivateSubdirs(dir)
}

// CheckSandbox reports whether Exec can run programs in a sandbox here
// (ExecOptions.Sandbox): never, on this system; sandboxes need Linux.
func CheckSandbox() error { return errors.New("no sandbox: it needs Linux") }
