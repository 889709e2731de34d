package tourney

import "math"

// Comparison is one comparison of two entrants (by their indices) in one
// game: Score is A's result against B, from 0 to 1: 1 a win, 0.5 a tie, 0
// a loss, and a share between for a partial win (Summarize scores a pair
// of seats by their returns, 0.75 for a first place shared by two against
// a seat behind it).
type Comparison struct {
	A, B  int
	Score float64
}

// Elo fits Elo ratings to pairwise results. Summarize counts each game of
// k players as its k(k−1)/2 comparisons of two seats by their returns
// (Result.Returns, the library's elasund.Outcome.Returns): the score of a
// seat with return a against one with return b is (1 + a − b)/2, so a
// winner beats every other seat, the seats behind first place tie, and a
// seat's scores in a game add up to its return, scaled.
//
// The fit is the Bradley–Terry model, P(i beats j) = γi/(γi+γj), with a
// score s counted as s of a win and 1 − s of a loss, solved by Hunter's MM iteration
// (γi ← Wi / Σj nij/(γi+γj)) to its maximum likelihood. One virtual tie
// between every two entrants keeps the ratings finite when an entrant wins
// or loses every comparison. The ratings are 400·log10(γi/γa) + 1000, so
// that the anchor a is exactly 1000 and a rating 400 points above another
// is ten-to-one odds in a comparison.
//
// Elo returns n ratings, none for n < 1, 1000 for a lone entrant. An anchor outside 0 to n−1 anchors
// entrant 0, as Summarize anchors the first entrant when no entrant has
// the anchor's name. A comparison that names an entrant outside 0 to n−1,
// or the same entrant twice, or whose Score is NaN, is left out; a Score
// below 0 counts as 0 and one above 1 as 1.
func Elo(n int, results []Comparison, anchor int) []float64 {
	switch {
	case n < 1:
		return nil
	case n == 1:
		return []float64{1000}
	}
	if anchor < 0 || anchor >= n {
		anchor = 0
	}
	wins := make([]float64, n)
	games := make([][]float64, n)
	for i := range games {
		games[i] = make([]float64, n)
		for j := range games[i] {
			if i != j {
				games[i][j] = 1 // the virtual tie
			}
		}
		wins[i] = 0.5 * float64(n-1)
	}
	for _, r := range results {
		if r.A == r.B || r.A < 0 || r.A >= n || r.B < 0 || r.B >= n || math.IsNaN(r.Score) {
			continue
		}
		score := min(max(r.Score, 0), 1)
		games[r.A][r.B]++
		games[r.B][r.A]++
		wins[r.A] += score
		wins[r.B] += 1 - score
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for iter := 0; iter < 100000; iter++ {
		for i := range gamma {
			var d float64
			for j := range gamma {
				if j != i {
					d += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			next[i] = wins[i] / d
		}
		// Normalize to a geometric mean of 1 and measure the change.
		var logSum float64
		for _, x := range next {
			logSum += math.Log(x)
		}
		scale := math.Exp(-logSum / float64(n))
		change := 0.0
		for i := range gamma {
			x := next[i] * scale
			change = max(change, math.Abs(math.Log(x/gamma[i])))
			gamma[i] = x
		}
		if change < 1e-13 {
			break
		}
	}
	elo := make([]float64, n)
	for i := range elo {
		elo[i] = 1000
		if i != anchor {
			elo[i] += 400 * math.Log10(gamma[i]/gamma[anchor])
		}
	}
	return elo
}
