package tourney

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// setupSandbox makes the sandbox of a program, in the supervisor, which
// runs as root of a user namespace of its own, in a mount, PID, IPC and
// network namespace of its own:
//
//   - every file system is read-only (each mount remounted so), but for
//     the program's private directory dir, a new file system in memory
//     (tmpfs), with the directories of privateDirs;
//   - /dev is new, and read-only: null, zero, full, random, urandom and tty
//     (the host's), fd, stdin, stdout and stderr (links into
//     /proc/self/fd), and shm, a new file system in memory;
//   - /proc is new, the PID namespace's, so that the program sees no
//     process but its own and its supervisor;
//   - the supervisor joins a new session keyring, which the program
//     inherits.
//
// Nothing the program writes outlives the namespaces, which die with it.
func setupSandbox(dir string) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("mount --make-rprivate /: %w", err)
	}
	if err := readOnly(); err != nil {
		return err
	}
	size := fmt.Sprintf(",size=%d", sandboxSize)
	if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0700"+size); err != nil {
		return fmt.Errorf("mount tmpfs on %s: %w", dir, err)
	}
	if err := makeDev(filepath.Join(dir, ".dev"), size); err != nil {
		return err
	}
	if err := makePrivateSubdirs(dir); err != nil {
		return err
	}
	// Refused where the host's /proc is partly hidden (as in some
	// containers): then there is no sandbox, as the host's would let the
	// program see other bots, read their input (/proc/PID/fd/0) and the
	// arena's command line.
	if err := syscall.Mount("proc", "/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount proc on /proc: %w", err)
	}
	const keyctlJoinSessionKeyring = 1
	if _, _, e := syscall.Syscall(syscall.SYS_KEYCTL, keyctlJoinSessionKeyring, 0, 0); e != 0 && e != syscall.ENOSYS && e != syscall.EPERM {
		// ENOSYS, EPERM: no keyrings here (a kernel without them, or a
		// seccomp filter that forbids them to the program too).
		return fmt.Errorf("keyctl join session keyring: %w", e)
	}
	return nil
}

// readOnly remounts every mount of the mount namespace read-only, keeping
// its other flags (which a user namespace may not change). It skips the
// mounts it cannot reach (hidden by another mount, or under a directory it
// may not enter), which the program cannot reach either.
func readOnly() error {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		point, opts, ok := parseMountInfo(line)
		if !ok {
			continue
		}
		flags := uintptr(syscall.MS_REMOUNT | syscall.MS_BIND | syscall.MS_RDONLY)
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "nosuid":
				flags |= syscall.MS_NOSUID
			case "nodev":
				flags |= syscall.MS_NODEV
			case "noexec":
				flags |= syscall.MS_NOEXEC
			}
		}
		err := syscall.Mount("", point, "", flags, "")
		if err != nil && !errors.Is(err, syscall.ENOENT) && !errors.Is(err, syscall.EACCES) && !errors.Is(err, syscall.EINVAL) {
			return fmt.Errorf("remount %s read-only: %w", point, err)
		}
	}
	return nil
}

// parseMountInfo returns the mount point and the mount options of a line
// of /proc/self/mountinfo, whose fields are the mount id, its parent's,
// major:minor, the root, the mount point, the mount options, ….
func parseMountInfo(line string) (point, opts string, ok bool) {
	f := strings.Fields(line)
	if len(f) < 6 {
		return "", "", false
	}
	return unescapeMountInfo(f[4]), f[5], true
}

// unescapeMountInfo undoes the octal escapes (\040 for a space) of a path
// in /proc/self/mountinfo.
func unescapeMountInfo(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// devNodes are the host's devices that the sandbox's /dev holds.
var devNodes = []string{"null", "zero", "full", "random", "urandom", "tty"}

// makeDev makes the sandbox's /dev in stage, a new directory, and moves it
// to /dev.
func makeDev(stage, size string) error {
	if err := os.Mkdir(stage, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", stage, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "mode=0755,size=65536"); err != nil {
		return fmt.Errorf("mount tmpfs on %s: %w", stage, err)
	}
	for _, n := range devNodes {
		p := filepath.Join(stage, n)
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return err
		}
		if err := syscall.Mount("/dev/"+n, p, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("mount --bind /dev/%s: %w", n, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(stage, name)); err != nil {
			return err
		}
	}
	shm := filepath.Join(stage, "shm")
	if err := os.Mkdir(shm, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", shm, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=1777"+size); err != nil {
		return fmt.Errorf("mount tmpfs on /dev/shm: %w", err)
	}
	if err := syscall.Mount("", stage, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("remount %s read-only: %w", stage, err)
	}
	if err := syscall.Mount(stage, "/dev", "", syscall.MS_MOVE, ""); err != nil {
		return fmt.Errorf("mount --move %s /dev: %w", stage, err)
	}
	return os.Remove(stage)
}
