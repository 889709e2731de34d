package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/elasund/elasund/examples/arena/tourney"
)

// execUsage ends -h: what the arena does, and does not, to keep exec:
// bots apart (the package documentation, "Sandboxes", says more).
const execUsage = `
exec: bots (go doc ./examples/arena, "Sandboxes"):
  Each game and seat runs with a new private HOME and TMPDIR, removed after
  the game. On Linux a supervisor kills every process the bot started when
  it exits (setsid, setpgid and double forks included); elsewhere only its
  process group. With -isolate on Linux with user namespaces the bot runs in
  a sandbox: all files read-only but its HOME and TMPDIR in memory, no
  network, no process in sight but its own, so nothing it writes outlives
  its game and the seatings of a deal can share their cards and dice.
  Outside a sandbox a bot can remember a deal from one seating to the next
  (so they are dealt apart unless -duplicate), and bots of the same user
  can read each other's files and input (/proc/PID/fd/0: another seat's
  view). Run each bot as a user of its own, e.g.
  exec:sudo -u bot1 /opt/bot1/run, and never as root.
`

// boolOption is a boolean flag that remembers whether it was given.
type boolOption struct {
	set, value bool
}

func (b *boolOption) String() string {
	if b == nil || !b.set {
		return ""
	}
	return strconv.FormatBool(b.value)
}

func (b *boolOption) Set(s string) error {
	v, err := strconv.ParseBool(s)
	b.set, b.value = true, v
	return err
}

func (b *boolOption) IsBoolFlag() bool { return true }

// isolation decides whether the exec: bots run in sandboxes (-isolate,
// where tourney.CheckSandbox allows) and whether every seating of a deal
// is dealt alike (-duplicate: by default when no bot runs outside a
// sandbox), and says on errOut what it decided when bots run outside one.
func isolation(o *options, errOut io.Writer) (sandbox, duplicate bool) {
	if !hasExec(o.bots) {
		return false, !o.duplicate.set || o.duplicate.value
	}
	var why string
	if o.isolate {
		err := tourney.CheckSandbox()
		sandbox = err == nil
		if err != nil {
			why = fmt.Sprintf("the arena cannot isolate the exec: bots here (%v)", err)
		}
	} else {
		why = "-isolate=false runs the exec: bots outside a sandbox"
	}
	duplicate = sandbox
	if o.duplicate.set {
		duplicate = o.duplicate.value
	}
	switch {
	case sandbox:
	case duplicate:
		fmt.Fprintf(errOut, "arena: warning: %s, and -duplicate deals every seating of a deal alike: a bot can keep what it "+
			"saw in a file and foresee its cards and dice when the deal comes again\n", why)
	default:
		fmt.Fprintf(errOut, "arena: %s: every seating of a deal is dealt apart (see -duplicate)\n", why)
	}
	return sandbox, duplicate
}
