package tourney

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Claim is a claim about a tournament's results that Check verifies:
//
//   - "A>B:p": in the games where both A and B sat, A won at least the
//     share p of them (head to head: A's wins divided by the games they
//     played together; a draw or a third bot's win counts against A);
//   - "A:p": A won at least the share p of all its games.
//
// p is a number from 0 to 1 ("0.85") or a percentage ("85%"). The claim
// holds when the observed share is at least p; the 95% Wilson interval is
// reported beside it, not tested. The zero Claim names no bot: it is not
// valid, so Names refuses it and it fails Check.
type Claim struct {
	// A is the bot the claim is about, B its opponent ("" for a claim
	// about A's overall win rate).
	A, B string
	// Min is the least share of wins that makes the claim hold.
	Min float64
}

// String writes the claim as ParseClaim reads it.
func (c Claim) String() string {
	min := strconv.FormatFloat(c.Min, 'g', -1, 64)
	if c.B == "" {
		return c.A + ":" + min
	}
	return c.A + ">" + c.B + ":" + min
}

// ErrBadClaim is wrapped by the errors of ParseClaim, ParseClaims and
// Claim.Names: a claim that is not written as Claim says, or that names a
// bot that does not play.
var ErrBadClaim = errors.New("tourney: bad claim")

// claimError returns an error about the claim written s, quoted short,
// that wraps ErrBadClaim.
func claimError(s string, format string, a ...any) error {
	return fmt.Errorf("%w %s: %s", ErrBadClaim, quoteText(s), fmt.Sprintf(format, a...))
}

// ParseClaim reads a claim written "A>B:p" or "A:p" (see Claim). The
// threshold follows the last colon, so bot names may hold colons.
func ParseClaim(s string) (Claim, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return Claim{}, claimError(s, "want bot>opponent:share or bot:share, such as greedy>random:0.85")
	}
	who, share := s[:i], strings.TrimSpace(s[i+1:])
	var c Claim
	scale := 1.0
	if strings.HasSuffix(share, "%") {
		share, scale = strings.TrimSuffix(share, "%"), 100
	}
	min, err := strconv.ParseFloat(share, 64)
	if err != nil || min < 0 || min/scale > 1 || min != min {
		return Claim{}, claimError(s, "the share after the last colon is not a number from 0 to 1 (or 0%% to 100%%)")
	}
	c.Min = min / scale
	if a, b, ok := strings.Cut(who, ">"); ok {
		c.A, c.B = strings.TrimSpace(a), strings.TrimSpace(b)
		if c.B == "" {
			return Claim{}, claimError(s, "names no opponent after >")
		}
	} else {
		c.A = strings.TrimSpace(who)
	}
	if err := c.valid(); err != nil {
		return Claim{}, claimError(s, "%v", err)
	}
	return c, nil
}

// valid reports what makes the claim one that ParseClaim would not read:
// it names no bot A (as the zero Claim), A contains ">", A and B are the
// same bot, or Min is not a share from 0 to 1.
func (c Claim) valid() error {
	switch {
	case c.A == "":
		return errors.New("names no bot")
	case strings.Contains(c.A, ">"):
		return fmt.Errorf("names the bot %s, which holds a >", quoteText(c.A))
	case c.A == c.B:
		return errors.New("sets a bot against itself")
	case !(c.Min >= 0 && c.Min <= 1): // NaN too
		return fmt.Errorf("wants the share %v, not one from 0 to 1", c.Min)
	}
	return nil
}

// ParseClaims reads a comma-separated list of claims.
func ParseClaims(s string) ([]Claim, error) {
	var out []Claim
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		c, err := ParseClaim(part)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// CheckResult is the verdict on a claim.
type CheckResult struct {
	Claim string `json:"claim"`
	OK    bool   `json:"ok"`
	// Wins out of Games is what the claim measured: Rate, with its 95%
	// Wilson interval Low to High.
	Wins  int     `json:"wins"`
	Games int     `json:"games"`
	Rate  float64 `json:"winRate"`
	Low   float64 `json:"winRateLow"`
	High  float64 `json:"winRateHigh"`
	// Message says it in words.
	Message string `json:"message"`
}

// Names checks that the claim is valid (as ParseClaim returns them; the
// zero Claim is not) and names bots among names. Its errors wrap
// ErrBadClaim.
func (c Claim) Names(names []string) error {
	if err := c.valid(); err != nil {
		return claimError(c.String(), "%v", err)
	}
	for _, n := range []string{c.A, c.B} {
		if n == "" || slices.Contains(names, n) {
			continue
		}
		return claimError(c.String(), "no bot is called %s (the bots are %s)", quoteText(n), strings.Join(names, ", "))
	}
	return nil
}

// Check verifies the claim against a summary. A claim about two bots that
// never met, or about a bot that played no game, fails; so does a claim
// that is not valid (see Names; the zero Claim names no bot), its Message
// saying why.
func (c Claim) Check(s Summary) CheckResult {
	r := CheckResult{Claim: c.String()}
	if err := c.valid(); err != nil {
		r.Message = fmt.Sprintf("claim %s FAILS: it %v", quoteText(r.Claim), err)
		return r
	}
	var what string
	if c.B == "" {
		st, _ := s.Standing(c.A)
		r.Wins, r.Games = st.Wins, st.Games
		what = fmt.Sprintf("%s won %d of %d games", c.A, r.Wins, r.Games)
	} else {
		h, _ := s.Pair(c.A, c.B)
		r.Wins, r.Games = h.AWins, h.Games
		what = fmt.Sprintf("%s won %d of %d games with %s", c.A, r.Wins, r.Games, c.B)
	}
	r.Rate = ratio(r.Wins, r.Games)
	r.Low, r.High = Wilson(r.Wins, r.Games, Z95)
	r.OK = r.Games > 0 && r.Rate >= c.Min
	verdict := "holds"
	if !r.OK {
		verdict = "FAILS"
	}
	r.Message = fmt.Sprintf("%s %s: %s (%.1f%%, 95%% CI %.1f–%.1f%%; the claim wants at least %.1f%%)",
		c, verdict, what, 100*r.Rate, 100*r.Low, 100*r.High, 100*c.Min)
	return r
}
