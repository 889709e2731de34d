package words

import (
	"strings"

	"github.com/elasund/elasund"
)

// Section returns the section of RULES.md whose rule r enforces, as the
// engine cites it: "§6.2", or "§6.1/§8" when two sections state it. It is
// r.Section(): "" for NoReason and for a value that is no reason.
func Section(r elasund.Reason) string { return r.Section() }

// Sections returns the sections of Section(r) one by one: ["§6.2"], or
// ["§6.1", "§8"]; none for NoReason and for a value that is no reason.
func Sections(r elasund.Reason) []string {
	s := r.Section()
	if s == "" {
		return nil
	}
	return strings.Split(s, "/")
}

// RulesAnchor returns the anchor in RULES.md of the section that states
// the rule r enforces (the first, if two do): "62-permit-majority", so
// that RULES.md#62-permit-majority links to it where RULES.md is shown as
// GitHub shows it. It is "" for NoReason and for a value that is no
// reason.
func RulesAnchor(r elasund.Reason) string {
	s := Sections(r)
	if len(s) == 0 {
		return ""
	}
	return SectionAnchor(s[0])
}

// SectionAnchor returns the anchor of a section of RULES.md, given as the
// engine cites it ("§6.2" gives "62-permit-majority"), as GitHub makes
// anchors of headings: the heading in lower case, without the section
// sign, the dots and other punctuation, its spaces hyphens. It is "" for
// a section RULES.md does not have.
func SectionAnchor(section string) string { return anchors[section] }

// anchors holds the anchor of each section heading of RULES.md, written
// out by hand; the tests check each against RULES.md and that no section
// is missing.
var anchors = map[string]string{
	"§1":   "1-board-geometry",
	"§2":   "2-components-and-starting-position",
	"§3":   "3-buildings",
	"§4":   "4-a-turn",
	"§4.1": "41-roll-and-ship",
	"§4.2": "42-rolling-a-7-pirates",
	"§5":   "5-permits",
	"§6":   "6-building-a-building",
	"§6.1": "61-footprint",
	"§6.2": "62-permit-majority",
	"§6.3": "63-payment-and-compensation",
	"§6.4": "64-permits-go-back",
	"§6.5": "65-what-may-be-built-over",
	"§6.6": "66-displaced-buildings",
	"§6.7": "67-placing-the-building",
	"§6.8": "68-displaced-starters-are-rebuilt",
	"§7":   "7-walls",
	"§8":   "8-the-church",
	"§9":   "9-trade-track",
	"§10":  "10-bonus-actions",
	"§11":  "11-end-of-the-game",
	"§12":  "12-rule-options-the-english-edition",
	"§13":  "13-what-each-player-knows",
}
