//go:build unix

package tourney

import (
	"errors"
	"syscall"
	"testing"
)

// checkGone fails the test if the process pid still exists: the referee
// waited for it (so it is not even a zombie).
func checkGone(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("process %d is still there (kill 0: %v)", pid, err)
	}
}
