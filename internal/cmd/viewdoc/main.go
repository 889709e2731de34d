// Command viewdoc writes the doc comments of the View methods that only
// forward to Game's (view.go of the package in the working directory, or
// in -dir): each is Game's doc comment, as the package internal/viewdoc
// says. go generate runs it from the module's root:
//
//	go generate .
//	go run ./internal/cmd/viewdoc          # the same
//	go run ./internal/cmd/viewdoc -check   # exit status 1 if view.go would change
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/elasund/elasund/internal/viewdoc"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command with the arguments args and returns its exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("viewdoc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the package `directory`")
	check := fs.Bool("check", false, "only check: exit status 1 if view.go would change")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	res, err := viewdoc.Generate(*dir)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "viewdoc: %d forwarders documented as on Game, %d with their own doc (%s)\n",
		len(res.Forwarders), len(res.Own), strings.Join(res.Own, ", "))
	if len(res.Stale) == 0 {
		return 0
	}
	if *check {
		fmt.Fprintf(stderr, "viewdoc: the doc comments of View.%s differ from Game's; run go generate\n", strings.Join(res.Stale, ", View."))
		return 1
	}
	path := filepath.Join(*dir, viewdoc.ViewFile)
	if err := os.WriteFile(path, res.Want, 0o644); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "viewdoc: rewrote the doc comments of View.%s\n", strings.Join(res.Stale, ", View."))
	return 0
}
