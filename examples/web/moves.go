package main

import (
	"strconv"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// clientMove is one legal move as the page uses it: its notation (which the
// page sends back to play it), its kind, and the place on the board where a
// click chooses it.
type clientMove struct {
	Text      string   `json:"text"`
	Kind      string   `json:"kind"`
	Building  string   `json:"building,omitempty"`  // what a build or rebuild builds
	Square    string   `json:"square,omitempty"`    // the square a click on which chooses the move
	Footprint []string `json:"footprint,omitempty"` // the squares a build or rebuild covers
	From      string   `json:"from,omitempty"`      // the square a moved permit leaves
	Site      string   `json:"site,omitempty"`      // the wall site of a wall move
	Row       int      `json:"row,omitempty"`       // the row of a steer or pirates move
	// Cost is what the move spends (View.Cost: "3 gold 2 yellow"), or ""
	// for a free move. The page never plays a paid move on one click: it
	// shows the cost and asks.
	Cost string `json:"cost,omitempty"`
	// Words is the move for a person (words.Option: "Place a permit
	// worth 2 on f11 for 2 gold"), which the page's buttons and menus
	// show; CostWords its cost in words ("2 gold and 2 blue influence
	// cards"), or "" for a free move.
	Words     string `json:"words"`
	CostWords string `json:"costWords,omitempty"`
	// Permit is the value of the permit a permit move places or
	// upgrades to ("0" to "4"), "" for other moves.
	Permit string `json:"permit,omitempty"`
}

// clientMoves describes the legal moves ms of the viewer of v for the
// page.
func clientMoves(v elasund.View, ms []elasund.Move) []clientMove {
	out := make([]clientMove, 0, len(ms))
	for _, m := range ms {
		cost := v.Cost(m)
		c := clientMove{Text: m.String(), Kind: m.Kind.String(), Words: words.Option(m, cost)}
		if cost.Total() > 0 {
			c.Cost, c.CostWords = cost.String(), words.Cost(cost)
		}
		switch m.Kind {
		case elasund.Steer, elasund.Pirates:
			c.Row = int(m.Row)
		case elasund.Build, elasund.Rebuild:
			c.Square, c.Building = m.Square.String(), m.Building.String()
			c.Footprint = footprint(m.Building, m.Square)
		case elasund.BuildWall:
			c.Site = m.Site.String()
		case elasund.PlacePermit, elasund.BonusPermit, elasund.UpgradePermit:
			c.Square, c.Permit = m.Square.String(), strconv.Itoa(int(m.Permit))
		case elasund.MovePermit:
			c.Square = m.Square.String()
			c.From = m.From.String()
		}
		out = append(out, c)
	}
	return out
}

// footprint lists the squares building b covers with its north-west square
// at origin: Width columns east and Height rows south (the rows of the city
// are consecutive on the board; there is no row 7 to skip).
func footprint(b elasund.Building, origin elasund.Square) []string {
	rows := elasund.Rows()
	ri := -1
	for i, r := range rows {
		if r == origin.Row() {
			ri = i
		}
	}
	if ri < 0 {
		return nil
	}
	var out []string
	for dy := range b.Height() {
		if ri+dy >= len(rows) {
			break
		}
		for dx := range b.Width() {
			if s := elasund.SquareAt(origin.Col()+dx, rows[ri+dy]); s.Valid() {
				out = append(out, s.String())
			}
		}
	}
	return out
}

// places says what stands on each square, wall site and sea row of the
// game v views, by the key of its place on the page's board.
func places(v elasund.View) map[string]string {
	out := map[string]string{}
	for _, s := range elasund.CitySquares(v.Players()) {
		out["sq-"+s.String()] = words.Contents(v, s)
	}
	for _, w := range elasund.WallSites(v.Players()) {
		out["wall-"+w.String()] = words.Site(v, w)
	}
	for _, r := range elasund.Rows() {
		out["row-"+r.String()] = words.Row(v, r)
	}
	return out
}
