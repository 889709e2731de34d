package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
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
