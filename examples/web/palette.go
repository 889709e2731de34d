package main

import "strings"

// The page's palette: the library's pictures (elasund.WriteSVG) with the
// few colours changed that do not give their text a contrast of 4.5:1
// (WCAG 2.2, 1.4.3), each replaced where it is a fill (the green everywhere): the green seat's
// pieces (white text on them), the labels of the empty wall sites, the
// gates' word "gate" (white on the gate) and the church's labels. The
// page's own style (style.css) uses the same green. TestPaletteContrast
// checks every pair of text and ground the pictures use.
const (
	greenFill     = "#1f7a35" // the library's #2f9a45: white on it was 3.6:1
	wallSiteLabel = "#645c49" // the library's #9a917c on #f1efe9: 2.7:1
	gateFill      = "#6e6353" // the library's #8c7f6c: white on it was 3.9:1
	churchInk     = "#54446f" // the library's #6b5a8c on a church tile: 4.1:1
)

var palette = strings.NewReplacer(
	`"#2f9a45"`, `"`+greenFill+`"`, // a fill or a stroke
	`fill="#9a917c"`, `fill="`+wallSiteLabel+`"`,
	`fill="#8c7f6c"`, `fill="`+gateFill+`"`,
	`fill="#6b5a8c"`, `fill="`+churchInk+`"`,
)

// repaint returns a picture of the library in the page's palette.
func repaint(svg string) string { return palette.Replace(svg) }
