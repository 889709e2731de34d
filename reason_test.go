package elasund

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// reasonSpecs is every reason with the code it must keep (the codes are a
// promise to hosts: they never change) and the category sentinel its
// refusals wrap besides ErrIllegalMove (nil: none), written out by hand.
var reasonSpecs = []struct {
	why  Reason
	code string
	cat  error
}{
	{ReasonGameOver, "game-over", ErrGameOver},
	{ReasonNoGame, "no-game", ErrGameOver},
	{ReasonUnknownKind, "unknown-kind", ErrMalformedMove},
	{ReasonUnusedField, "unused-field", ErrMalformedMove},
	{ReasonWrongPhase, "wrong-phase", ErrWrongPhase},
	{ReasonNotASquare, "not-a-square", ErrMalformedMove},
	{ReasonNotARow, "not-a-row", ErrMalformedMove},
	{ReasonNotAnInfluenceColor, "not-an-influence-color", ErrMalformedMove},
	{ReasonNotAPermitValue, "not-a-permit-value", ErrMalformedMove},
	{ReasonNotAChurchTile, "not-a-church-tile", ErrMalformedMove},
	{ReasonForcedDice, "forced-dice", ErrMalformedMove},
	{ReasonSteerTwoRows, "steer-two-rows", nil},
	{ReasonPiratesShipRow, "pirates-ship-row", nil},
	{ReasonCardsOwed, "cards-owed", nil},
	{ReasonCardsNotHeld, "cards-not-held", nil},
	{ReasonBuildLimit, "build-limit", nil},
	{ReasonNotBuildable, "not-buildable", ErrMalformedMove},
	{ReasonBuildingNotInSupply, "building-not-in-supply", nil},
	{ReasonOutsideCity, "outside-city", nil},
	{ReasonChurchFoundation, "church-foundation", nil},
	{ReasonCoversChurch, "covers-church", nil},
	{ReasonPermitCount, "permit-count", nil},
	{ReasonNoOwnPermit, "no-own-permit", nil},
	{ReasonNoMajority, "no-majority", nil},
	{ReasonLargerBuilding, "larger-building", nil},
	{ReasonSameSizeUnpaid, "same-size-unpaid", nil},
	{ReasonNeedlessPay, "needless-pay", ErrMalformedMove},
	{ReasonCannotPayBuildOver, "cannot-pay-build-over", ErrCannotPay},
	{ReasonCannotPayBuild, "cannot-pay-build", ErrCannotPay},
	{ReasonNotAWallSite, "not-a-wall-site", ErrMalformedMove},
	{ReasonWallSiteBuilt, "wall-site-built", nil},
	{ReasonWallNotAdjacent, "wall-not-adjacent", nil},
	{ReasonNoWallTiles, "no-wall-tiles", nil},
	{ReasonCannotPayWall, "cannot-pay-wall", ErrCannotPay},
	{ReasonChurchComplete, "church-complete", nil},
	{ReasonCannotPayChurch, "cannot-pay-church", ErrCannotPay},
	{ReasonNotDrawnTile, "not-drawn-tile", nil},
	{ReasonNotAwaitingRebuild, "not-awaiting-rebuild", nil},
	{ReasonRebuildSquare, "rebuild-square", nil},
	{ReasonPermitNotInSupply, "permit-not-in-supply", nil},
	{ReasonSquareNotEmpty, "square-not-empty", nil},
	{ReasonPermitRow, "permit-row", nil},
	{ReasonPermitRowAdjacent, "permit-row-adjacent", nil},
	{ReasonCannotPayPermit, "cannot-pay-permit", ErrCannotPay},
	{ReasonCannotPayTwoInfluence, "cannot-pay-two-influence", ErrCannotPay},
	{ReasonNoPermitToMove, "no-permit-to-move", nil},
	{ReasonNoPermitToUpgrade, "no-permit-to-upgrade", nil},
	{ReasonUpgradeValue, "upgrade-value", nil},
	{ReasonCannotPayUpgrade, "cannot-pay-upgrade", ErrCannotPay},
	{ReasonCannotPayThreeColors, "cannot-pay-three-colors", ErrCannotPay},
	{ReasonNotYourDecision, "not-your-decision", ErrNotYourDecision},
	{ReasonChance, "chance", ErrChance},
	{ReasonNotListed, "not-listed", ErrNotListed},
	{ReasonAbandoned, "abandoned", ErrGameOver},
	{ReasonForfeited, "forfeited", ErrGameOver},
}

// refusalCategory is reasonSpecs' category of each reason, for mustRefuse.
var refusalCategory = func() map[Reason]error {
	m := make(map[Reason]error, len(reasonSpecs))
	for _, s := range reasonSpecs {
		m[s.why] = s.cat
	}
	return m
}()

// moveCategories are the sentinels a MoveError may wrap besides
// ErrIllegalMove.
var moveCategories = []error{ErrGameOver, ErrWrongPhase, ErrMalformedMove, ErrCannotPay,
	ErrNotYourDecision, ErrChance, ErrNotListed}

// TestReasonsListed: Reasons lists every reason once, in the order of
// reasonSpecs, NoReason not among them, in a slice of its own.
func TestReasonsListed(t *testing.T) {
	var want []Reason
	for _, s := range reasonSpecs {
		want = append(want, s.why)
	}
	got := Reasons()
	if !slices.Equal(got, want) {
		t.Fatalf("Reasons() = %v\nwant         %v", got, want)
	}
	got[0] = NoReason
	if Reasons()[0] != want[0] {
		t.Error("Reasons shares its slice between calls")
	}
}

// TestReasonCodes: each reason's code, rule and text: the code pinned,
// distinct and in lowercase words joined by hyphens; the rule one or more
// sections "§N" or "§N.M"; the text that rule, a colon and a sentence.
func TestReasonCodes(t *testing.T) {
	codeForm := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	ruleForm := regexp.MustCompile(`^§\d+(\.\d+)?(/§\d+(\.\d+)?)*$`)
	seen := map[string]Reason{}
	for _, s := range reasonSpecs {
		r := s.why
		code := r.String()
		if code != s.code {
			t.Errorf("%d: String() = %q, want %q", uint8(r), code, s.code)
		}
		if !codeForm.MatchString(code) {
			t.Errorf("%v: code not in lowercase words joined by hyphens", r)
		}
		if other, ok := seen[code]; ok {
			t.Errorf("%d and %d share the code %q", uint8(other), uint8(r), code)
		}
		seen[code] = r
		if !ruleForm.MatchString(r.Section()) {
			t.Errorf("%v: Section() = %q, want sections such as §6.2", r, r.Section())
		}
		if text := r.Rule(); !strings.HasPrefix(text, r.Section()+": ") || len(text) < len(r.Section())+10 {
			t.Errorf("%v: Rule() = %q, want %q, a colon and the rule", r, text, r.Section())
		}
	}
	if NoReason.String() != "none" || NoReason.Section() != "" || NoReason.Rule() != "" {
		t.Errorf("NoReason: %q, %q, %q; want \"none\" and no rule", NoReason.String(), NoReason.Section(), NoReason.Rule())
	}
	for _, r := range []Reason{numReasons, 200, 255} {
		if r.String() != "Reason("+strconv.Itoa(int(r))+")" || r.Section() != "" || r.Rule() != "" {
			t.Errorf("Reason(%d): %q, %q, %q", uint8(r), r.String(), r.Section(), r.Rule())
		}
	}
}

// TestReasonText: MarshalText and AppendText give the code, UnmarshalText
// reads it back, and so do encoding/json as a value and as a map key;
// NoReason is "none". A value that is no reason does not marshal; text
// that is no code does not unmarshal, leaves the reason as it was and is
// quoted short.
func TestReasonText(t *testing.T) {
	all := append([]Reason{NoReason}, Reasons()...)
	for _, r := range all {
		b, err := r.MarshalText()
		if err != nil || string(b) != r.String() {
			t.Errorf("%v: MarshalText() = %q, %v", r, b, err)
		}
		if b, err := r.AppendText([]byte("x:")); err != nil || string(b) != "x:"+r.String() {
			t.Errorf("%v: AppendText = %q, %v", r, b, err)
		}
		got := Reason(255)
		if err := got.UnmarshalText([]byte(r.String())); err != nil || got != r {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %d", r.String(), got, err, uint8(r))
		}
	}
	type wire struct {
		Why   Reason            `json:"why"`
		All   []Reason          `json:"all"`
		Sents map[Reason]string `json:"sentences"`
	}
	in := wire{Why: ReasonNoMajority, All: all, Sents: map[Reason]string{ReasonCannotPayBuild: "You are short of gold."}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"why":"no-majority"`) || !strings.Contains(string(data), `"cannot-pay-build":"You are short of gold."`) {
		t.Errorf("JSON %s does not name the reasons by code", data)
	}
	var out wire
	if err := json.Unmarshal(data, &out); err != nil || out.Why != in.Why || !slices.Equal(out.All, in.All) || out.Sents[ReasonCannotPayBuild] != in.Sents[ReasonCannotPayBuild] {
		t.Errorf("JSON round trip: %+v, %v; want %+v", out, err, in)
	}

	for _, r := range []Reason{numReasons, 255} {
		if b, err := r.MarshalText(); !errors.Is(err, ErrBadEncoding) || b != nil {
			t.Errorf("Reason(%d).MarshalText() = %q, %v; want an error wrapping ErrBadEncoding", uint8(r), b, err)
		}
		if _, err := json.Marshal(r); !errors.Is(err, ErrBadEncoding) {
			t.Errorf("json.Marshal(Reason(%d)) = %v; want an error wrapping ErrBadEncoding", uint8(r), err)
		}
	}
	for _, text := range []string{"", "No-Majority", "no-majority ", "none\x00", "Reason(60)", strings.Repeat("é", 1000)} {
		r := ReasonChance
		err := r.UnmarshalText([]byte(text))
		if !errors.Is(err, ErrNotation) || r != ReasonChance {
			t.Errorf("UnmarshalText(%q): %v, reason %v; want an error wrapping ErrNotation and the reason unchanged", text, err, r)
			continue
		}
		if msg := err.Error(); len(msg) > 100 || !strings.HasPrefix(msg, `elasund: cannot parse reason "`) {
			t.Errorf("UnmarshalText(%.20q…): error %q; want it short, quoting the text", text, msg)
		}
	}
}

// TestMoveErrorCategories: a MoveError wraps ErrIllegalMove and its
// reason's category, and no other category, also when a host builds one.
func TestMoveErrorCategories(t *testing.T) {
	for _, s := range append(reasonSpecs, struct {
		why  Reason
		code string
		cat  error
	}{NoReason, "none", nil}) {
		err := error(&MoveError{Move: Move{Kind: Roll}, Reason: s.why, Rule: s.why.Rule()})
		if !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%v: does not wrap ErrIllegalMove", s.why)
		}
		for _, cat := range moveCategories {
			if got := errors.Is(err, cat); got != (cat == s.cat) {
				t.Errorf("%v: errors.Is(err, %v) = %v", s.why, cat, got)
			}
		}
	}
}

// TestRefusalAllocs: a refusal allocates its *MoveError and nothing else;
// IsLegal of a refused move and the methods of a Reason allocate nothing.
func TestRefusalAllocs(t *testing.T) {
	g := newTestGame(t, 4)
	for _, m := range []Move{{Kind: EndTurn}, {Kind: Roll, Dice: [2]uint8{0, 9}}, {Kind: numKinds}} {
		var err error
		if n := testing.AllocsPerRun(100, func() { err = g.Apply(m) }); n != 1 || err == nil {
			t.Errorf("Apply(%v): %v allocations, error %v; want 1 and an error", m, n, err)
		}
		if n := testing.AllocsPerRun(100, func() { err = g.Check(m) }); n != 1 || err == nil {
			t.Errorf("Check(%v): %v allocations, error %v; want 1 and an error", m, n, err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = g.IsLegal(m) }); n != 0 {
			t.Errorf("IsLegal(%v): %v allocations, want 0", m, n)
		}
	}
	buf := make([]byte, 0, 64)
	n := testing.AllocsPerRun(100, func() {
		for r := range numReasons {
			_, _, _ = r.String(), r.Section(), r.Rule()
			buf, _ = r.AppendText(buf[:0])
			_ = r.UnmarshalText(buf)
		}
	})
	if n != 0 {
		t.Errorf("the methods of a Reason: %v allocations, want 0", n)
	}
}
