package elasund

import (
	"fmt"
	"strings"
)

// Rules selects the rule options of RULES.md §12: the readings in which the
// official English rulebook differs from the French rulebook, the
// Spanish-English text and the reference manual. Each option is one bit;
// combine them with |. The zero value, DefaultRules, plays the majority
// reading of every rule.
type Rules uint8

// The rule options (RULES.md §12).
const (
	// DefaultRules is the majority reading of every rule (§4.1, §5).
	DefaultRules Rules = 0

	// AdjacentPermitRows is the English edition's permit fallback (§12):
	// when the ship's row has no empty square, a free phase-3 permit may go
	// only in the row directly above or directly below (the rows next to 6
	// are 5 and 8); beyond them only the placement paid with 2 influence.
	// Without it, the nearest row above and the nearest row below that have
	// an empty square are allowed (§5).
	AdjacentPermitRows Rules = 1 << 0

	// ShortageVoidsIncome is the English edition's shortage (§12): after
	// every player has returned half of their cards of the short type,
	// nobody is paid that type this turn. Without it the production is paid
	// after the return if it now can be (§4.1).
	ShortageVoidsIncome Rules = 1 << 1

	// EnglishEdition turns on every reading of the English rulebook.
	EnglishEdition = AdjacentPermitRows | ShortageVoidsIncome

	allRules = EnglishEdition
)

// Has reports whether every option of o is on in r.
func (r Rules) Has(o Rules) bool { return r&o == o }

// ruleOptions names each option, as Rules.String writes it and ParseRules
// reads it.
var ruleOptions = [...]struct {
	r    Rules
	name string
}{{AdjacentPermitRows, "adjacent-permit-rows"}, {ShortageVoidsIncome, "shortage-voids-income"}}

// String names the options that are on, such as "adjacent-permit-rows",
// "english" for EnglishEdition, or "default" for none; options are joined
// with "+". ParseRules reads it back.
func (r Rules) String() string {
	var buf [64]byte
	return string(appendRules(buf[:0], r))
}

// ParseRules reads rule options as Rules.String writes them: "default",
// "english", or option names joined with "+" ("adjacent-permit-rows",
// "shortage-voids-income", "english"). It reads the names in place,
// allocating nothing but its error, which wraps ErrNotation and quotes at
// most 60 bytes of s and of the name it does not know.
func ParseRules(s string) (Rules, error) {
	if s == "default" {
		return DefaultRules, nil
	}
	var r Rules
	for name := range strings.SplitSeq(s, "+") {
		found := name == "english"
		if found {
			r |= EnglishEdition
		}
		for _, o := range ruleOptions {
			if o.name == name {
				r, found = r|o.r, true
			}
		}
		if !found {
			return DefaultRules, fmt.Errorf("%w rules %s: unknown rule option %s", ErrNotation, quoteInput(s), quoteInput(name))
		}
	}
	return r, nil
}

// valid reports whether r names only options that exist.
func (r Rules) valid() bool { return r&^allRules == 0 }

// Rules returns the rule options the game is played with (Config.Rules).
func (g *Game) Rules() Rules { return g.rules }

// validateRules is Validate's check of the rule options: only known ones.
func (g *Game) validateRules() error {
	if !g.rules.valid() {
		return invalidState("unknown rule options %#x", uint8(g.rules))
	}
	return nil
}
