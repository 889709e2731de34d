package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/elasund/elasund/examples/arena/tourney"
)

// thinkTimes lists each bot's average time per decision.
func thinkTimes(s *tourney.Summary) string {
	var parts []string
	for _, st := range s.Standings {
		per := time.Duration(0)
		if st.Decisions > 0 {
			per = st.Think / time.Duration(st.Decisions)
		}
		parts = append(parts, fmt.Sprintf("%s %v", st.Name, per))
	}
	return strings.Join(parts, ", ")
}

// header describes the tournament in the output.
type header struct {
	Bots     []string `json:"botNames"`
	Players  int      `json:"players"`
	Games    int      `json:"gamesPlanned"`
	Played   int      `json:"-"`
	Seatings int      `json:"seatings"`
	// SeatingSeeds: every seating of a deal dealt apart (not -duplicate).
	SeatingSeeds bool    `json:"seatingSeeds,omitempty"`
	Seed         *uint64 `json:"seed,omitempty"` // a public seed
	Key          string  `json:"key,omitempty"`  // or a secret key
	MaxTurns     int     `json:"maxTurns"`
	Rules        string  `json:"rules"`
}

// pct writes a share as a percentage.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// writeText writes the results as tables.
func writeText(w io.Writer, h header, s *tourney.Summary, checks []tourney.CheckResult) error {
	var b strings.Builder
	dealt := "secret key"
	if h.Seed != nil {
		dealt = fmt.Sprintf("seed %d", *h.Seed)
	}
	apart := ""
	if h.SeatingSeeds {
		apart = ", each seating dealt apart"
	}
	fmt.Fprintf(&b, "%d games of %d players: %d deals in %d seatings%s; %s, %s rules, draw at turn %d\n",
		h.Games, h.Players, h.Games/max(h.Seatings, 1), h.Seatings, apart, dealt, h.Rules, h.MaxTurns)
	if h.Key != "" {
		fmt.Fprintf(&b, "key %s\n", h.Key)
	}
	if s.Games != h.Games {
		fmt.Fprintf(&b, "(only %d games were played)\n", s.Games)
	}
	b.WriteString("\n")
	nameW := len("bot")
	for _, st := range s.Standings {
		nameW = max(nameW, len(st.Name))
	}
	cols := []string{"games", "wins", "draws", "forfeits", "win %", "95% CI"}
	fmt.Fprintf(&b, "%-*s %6s %6s %6s %8s %6s %13s", nameW, "bot", cols[0], cols[1], cols[2], cols[3], cols[4], cols[5])
	if len(s.Standings) > 0 {
		for _, seat := range s.Standings[0].Seats {
			fmt.Fprintf(&b, " %6s", seat.Color)
		}
	}
	fmt.Fprintf(&b, " %6s %6s %6s\n", "cubes", "turns", "Elo")
	for _, st := range s.Standings {
		fmt.Fprintf(&b, "%-*s %6d %6d %6d %8d %6s %13s", nameW, st.Name, st.Games, st.Wins, st.Draws, st.Forfeits,
			pct(st.WinRate), pct(st.Low)+"–"+pct(st.High))
		for _, seat := range st.Seats {
			fmt.Fprintf(&b, " %6s", pct(seat.WinRate))
		}
		fmt.Fprintf(&b, " %6.2f %6.1f %6.0f\n", st.Cubes, st.Turns, st.Elo)
	}
	fmt.Fprintf(&b, "(win %% by seat in the seat columns; Elo anchored at %s = 1000; %d draws in all)\n", s.Anchor, s.Draws)

	b.WriteString("\nhead to head: the row's win % in the games where it met the column\n")
	fmt.Fprintf(&b, "%*s", 3+nameW, "")
	for i := range s.Standings {
		fmt.Fprintf(&b, " %6d", i+1)
	}
	b.WriteString("\n")
	for i, a := range s.Standings {
		fmt.Fprintf(&b, "%2d %-*s", i+1, nameW, a.Name)
		for _, c := range s.Standings {
			cell := "-"
			if hh, ok := s.Pair(a.Name, c.Name); ok {
				cell = pct(hh.WinRate)
			}
			fmt.Fprintf(&b, " %6s", cell)
		}
		b.WriteString("\n")
	}
	if len(s.Forfeits) > 0 {
		fmt.Fprintf(&b, "\nforfeits: %d\n", len(s.Forfeits))
		const most = 20
		for i, f := range s.Forfeits {
			if i == most {
				fmt.Fprintf(&b, "  … and %d more (-format json lists them all)\n", len(s.Forfeits)-most)
				break
			}
			fmt.Fprintf(&b, "  game %d (seed %d): %s (%s): %s\n", f.Game, f.Seed, f.Bot, f.Color, f.Reason)
		}
	}
	if len(checks) > 0 {
		b.WriteString("\nclaims:\n")
		for _, c := range checks {
			fmt.Fprintf(&b, "  %s\n", c.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCSV writes the standings as CSV, one row per bot.
func writeCSV(w io.Writer, s *tourney.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"bot", "games", "wins", "draws", "losses", "forfeits", "win_rate", "win_rate_low", "win_rate_high"}
	if len(s.Standings) > 0 {
		for _, seat := range s.Standings[0].Seats {
			head = append(head, "win_rate_"+seat.Color)
		}
	}
	head = append(head, "avg_cubes", "avg_turns", "elo")
	_ = cw.Write(head)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, st := range s.Standings {
		row := []string{st.Name, strconv.Itoa(st.Games), strconv.Itoa(st.Wins), strconv.Itoa(st.Draws),
			strconv.Itoa(st.Losses), strconv.Itoa(st.Forfeits), f(st.WinRate), f(st.Low), f(st.High)}
		for _, seat := range st.Seats {
			row = append(row, f(seat.WinRate))
		}
		row = append(row, f(st.Cubes), f(st.Turns), strconv.FormatFloat(st.Elo, 'f', 1, 64))
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// writeJSON writes the settings, the summary and the claims as one JSON
// object.
func writeJSON(w io.Writer, h header, s *tourney.Summary, checks []tourney.CheckResult) error {
	if checks == nil {
		checks = []tourney.CheckResult{}
	}
	v := struct {
		header
		*tourney.Summary
		Checks []tourney.CheckResult `json:"checks"`
	}{h, s, checks}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
