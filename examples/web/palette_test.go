package main

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// luminance is the relative luminance of a colour "#rrggbb" (WCAG 2.2).
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	if len(hex) != 7 || hex[0] != '#' {
		t.Fatalf("not a colour: %q", hex)
	}
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			t.Fatal(err)
		}
		c := float64(v) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

// contrast is the contrast ratio of two colours (WCAG 2.2).
func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestPaletteContrast checks the contrast of every text of the board's
// picture in the page's palette against the ground it is drawn on: at
// least 4.5:1 (WCAG 2.2, 1.4.3; the board's text is small). The colours
// are the library's (svg.go) and the page's replacements; the check of
// the replaced colours fails for the library's own, which is why they
// are replaced.
func TestPaletteContrast(t *testing.T) {
	const (
		white, ink   = "#ffffff", "#222222"
		square       = "#f4eedf" // a square of the city
		harbour      = "#e6ecda"
		gateField    = "#efe2c2"
		emptySite    = "#f1efe9"
		churchTile   = "#d9cfe8"
		panel        = "#fbf8f1"
		milestoneBox = "#f3dd9a"
		tpBadge      = "#e2b53a"
		labelGrey    = "#555555"
	)
	tests := []struct {
		what, text, ground string
	}{
		{"white on a red piece", white, "#d3303c"},
		{"white on a blue piece", white, "#2363c2"},
		{"white on a green piece", white, greenFill},
		{"ink on a yellow piece", ink, "#f2c417"},
		{"a label on a square", labelGrey, square},
		{"a label on a harbour", labelGrey, harbour},
		{"a label on a gate field", labelGrey, gateField},
		{"a label on a milestone", labelGrey, milestoneBox},
		{"a label on a panel", labelGrey, panel},
		{"a label on the picture's ground", labelGrey, white},
		{"a trade field's worth on its badge", "#4a3a0a", tpBadge},
		{"an empty wall site's name", wallSiteLabel, emptySite},
		{"the word gate", white, gateFill},
		{"a church tile's label", churchInk, churchTile},
		{"the foundation's label", churchInk, square},
		{"a neutral building's name", ink, "#d6d0c4"},
	}
	for _, tt := range tests {
		if c := contrast(t, tt.text, tt.ground); c < 4.5 {
			t.Errorf("%s: %s on %s has a contrast of %.2f:1, under 4.5:1", tt.what, tt.text, tt.ground, c)
		}
	}
	// The library's colours that the palette replaces fail, and the
	// replacements are made.
	for _, old := range []struct{ text, ground string }{
		{white, "#2f9a45"}, {"#9a917c", emptySite}, {white, "#8c7f6c"}, {"#6b5a8c", churchTile},
	} {
		if c := contrast(t, old.text, old.ground); c >= 4.5 {
			t.Errorf("%s on %s has %.2f:1: no need to replace it", old.text, old.ground, c)
		}
	}
	g, err := elasund.New(elasund.Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := g.WriteSVG(&svg, elasund.SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	page := repaint(svg.String())
	for _, old := range []string{`"#2f9a45"`, `fill="#9a917c"`, `fill="#8c7f6c"`, `fill="#6b5a8c"`} {
		if !strings.Contains(svg.String(), old) {
			t.Errorf("the library's picture has no %s: the palette replaces nothing", old)
		}
		if strings.Contains(page, old) {
			t.Errorf("the page's picture still has %s", old)
		}
	}
	if len(page) != len(svg.String()) {
		t.Errorf("the page's picture is %d bytes, the library's %d: more than colours changed", len(page), svg.Len())
	}
}
