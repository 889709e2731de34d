package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/examples/internal/readme"
)

// svgRoot is enough of an SVG document to check what run wrote.
type svgRoot struct {
	XMLName xml.Name
	ViewBox string `xml:"viewBox,attr"`
	Width   string `xml:"width,attr"`
	Title   string `xml:"title"`
}

func TestRun(t *testing.T) {
	tests := []struct {
		players int
		seed    uint64
		turn    int
		reveal  string
		scale   float64
		title   string // the picture's title: the players and the turn drawn
	}{
		{4, 7, 40, "all", 1, "Elasund, 4 players, turn 40"},
		{3, 2, 1, "none", 1, "Elasund, 3 players, turn 1"},
		{2, 9, 12, "blue", 0.5, "Elasund, 2 players, turn 12"},
	}
	for _, tc := range tests {
		var out, log bytes.Buffer
		if err := run(&out, &log, tc.players, tc.seed, tc.turn, tc.reveal, tc.scale); err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		var root svgRoot
		if err := xml.Unmarshal(out.Bytes(), &root); err != nil {
			t.Fatalf("%+v: the output is not XML: %v", tc, err)
		}
		if root.XMLName.Space != "http://www.w3.org/2000/svg" || root.XMLName.Local != "svg" || root.Title != tc.title {
			t.Errorf("%+v: root %v, title %q; want an svg in the SVG namespace titled %q", tc, root.XMLName, root.Title, tc.title)
		}
		var vbw, w float64
		if _, err := fmt.Sscanf(root.ViewBox, "0 0 %g", &vbw); err != nil {
			t.Fatalf("%+v: viewBox %q: %v", tc, root.ViewBox, err)
		}
		if _, err := fmt.Sscan(root.Width, &w); err != nil || w != vbw*tc.scale {
			t.Errorf("%+v: width %q with viewBox %q; want the viewBox's width times %v", tc, root.Width, root.ViewBox, tc.scale)
		}
		if !strings.Contains(out.String(), `class="elasund players-`) {
			t.Errorf("%+v: the output is not a WriteSVG picture", tc)
		}
		var again bytes.Buffer
		if err := run(&again, &log, tc.players, tc.seed, tc.turn, tc.reveal, tc.scale); err != nil || !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Errorf("%+v: a second run gives a different picture (%v)", tc, err)
		}
		if log.Len() != 0 {
			t.Errorf("%+v: unexpected notes: %s", tc, log.String())
		}
	}
}

// TestRunPastTheEnd: a turn after the game's end draws the final position
// and says so.
func TestRunPastTheEnd(t *testing.T) {
	var out, log bytes.Buffer
	if err := run(&out, &log, 2, 7, 100000, "all", 1); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "the game ended in turn") || !strings.Contains(out.String(), "game over") {
		t.Errorf("log %q; want a note that the game ended, and a picture of the end", log.String())
	}
}

func TestRunRefuses(t *testing.T) {
	tests := []struct {
		players int
		turn    int
		reveal  string
		scale   float64
		want    string
	}{
		{5, 1, "all", 1, "players"},
		{4, 0, "all", 1, "-turn"},
		{2, 1, "yellow", 1, "-reveal"},
		{2, 1, "referee", 1, "-reveal"},
		{2, 1, "all", -1, "Scale"},
	}
	for _, tc := range tests {
		var out, log bytes.Buffer
		err := run(&out, &log, tc.players, 1, tc.turn, tc.reveal, tc.scale)
		if err == nil || !strings.Contains(err.Error(), tc.want) || out.Len() != 0 {
			t.Errorf("%+v: error %v and %d bytes; want an error about %s and no output", tc, err, out.Len(), tc.want)
		}
	}
}

// TestCLI: the exit status and the streams of the command: -h prints the
// usage under the command's name and is status 0, a bad flag 2, a game
// that cannot be drawn 1; -o writes the picture to a file.
func TestCLI(t *testing.T) {
	file := filepath.Join(t.TempDir(), "board.svg")
	cases := []struct {
		args           []string
		code           int
		stdout, stderr string // prefixes
	}{
		{[]string{"-h"}, 0, "", "usage: render [-players N]"},
		{[]string{"-help"}, 0, "", "usage: render [-players N]"},
		{[]string{"-players", "x"}, 2, "", `invalid value "x" for flag -players`},
		{[]string{"-nosuchflag"}, 2, "", "flag provided but not defined: -nosuchflag"},
		{[]string{"board.svg"}, 2, "", `render: unexpected arguments ["board.svg"]` + "\nusage: render ["},
		{[]string{"-players", "5"}, 1, "", "render: "},
		{[]string{"-turn", "3"}, 0, "<?xml", ""},
		{[]string{"-turn", "3", "-o", file}, 0, "", ""},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := cli(c.args, &out, &errOut)
		if code != c.code || !strings.HasPrefix(out.String(), c.stdout) || !strings.HasPrefix(errOut.String(), c.stderr) ||
			c.stdout == "" && out.Len() > 0 || c.stderr == "" && errOut.Len() > 0 {
			t.Errorf("%q: status %d, stdout %.40q, stderr %.200q; want %d, %q…, %q…", c.args, code, out.String(), errOut.String(), c.code, c.stdout, c.stderr)
		}
	}
	if data, err := os.ReadFile(file); err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("-o %s: %v, %.40q", file, err, data)
	}
}

// TestREADME: the flags the documents name for the command are its flags,
// the README (its manual: "Saving, loading, records and pictures") names
// every one, and the values it lists for -reveal are taken.
func TestREADME(t *testing.T) {
	var usage bytes.Buffer
	if code := cli([]string{"-h"}, io.Discard, &usage); code != 0 {
		t.Fatalf("-h: status %d", code)
	}
	readme.Check(t, "render", usage.String(), "README.md")
	values := readme.Values(readme.Read(t, "README.md"), "render", "reveal")
	if len(values) == 0 {
		t.Fatal("the README lists no value of -reveal")
	}
	for _, v := range values {
		if err := run(io.Discard, io.Discard, 2, 1, 1, v, 1); err != nil {
			t.Errorf("-reveal %s, which the README lists: %v", v, err)
		}
	}
}
