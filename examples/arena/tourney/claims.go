package tourney

import (
	"fmt"
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
// reported beside it, not tested.
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

// ParseClaim reads a claim written "A>B:p" or "A:p" (see Claim). The
// threshold follows the last colon, so bot names may hold colons.
func ParseClaim(s string) (Claim, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return Claim{}, fmt.Errorf("claim %q: want bot>opponent:share or bot:share, such as greedy>random:0.85", s)
	}
	who, share := s[:i], strings.TrimSpace(s[i+1:])
	var c Claim
	scale := 1.0
	if strings.HasSuffix(share, "%") {
		share, scale = strings.TrimSuffix(share, "%"), 100
	}
	min, err := strconv.ParseFloat(share, 64)
	if err != nil || min < 0 || min/scale > 1 || min != min {
		return Claim{}, fmt.Errorf("claim %q: the share %q is not a number from 0 to 1 (or 0%% to 100%%)", s, s[i+1:])
	}
	c.Min = min / scale
	if a, b, ok := strings.Cut(who, ">"); ok {
		c.A, c.B = strings.TrimSpace(a), strings.TrimSpace(b)
		if c.B == "" {
			return Claim{}, fmt.Errorf("claim %q names no opponent after >", s)
		}
	} else {
		c.A = strings.TrimSpace(who)
	}
	if c.A == "" {
		return Claim{}, fmt.Errorf("claim %q names no bot", s)
	}
	if c.A == c.B {
		return Claim{}, fmt.Errorf("claim %q sets a bot against itself", s)
	}
	return c, nil
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

// Names checks that the claim names bots among names.
func (c Claim) Names(names []string) error {
	for _, n := range []string{c.A, c.B} {
		if n == "" {
			continue
		}
		found := false
		for _, m := range names {
			found = found || m == n
		}
		if !found {
			return fmt.Errorf("claim %s: no bot is called %q (the bots are %s)", c, n, strings.Join(names, ", "))
		}
	}
	return nil
}

// Check verifies the claim against a summary. A claim about two bots that
// never met, or about a bot that played no game, fails.
func (c Claim) Check(s *Summary) CheckResult {
	r := CheckResult{Claim: c.String()}
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
