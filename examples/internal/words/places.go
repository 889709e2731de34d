package words

import (
	"fmt"
	"strings"

	"github.com/elasund/elasund"
)

// Contents says what stands on square s of the game v views, for a
// person who cannot see the board (a screen reader reads it as the
// square's name), without the square's name and without a full stop:
//
//	"empty"
//	"Red's permit worth 2"
//	"Red's market, a neutral building with Red's cube"
//	"harbour trade field worth 1 trade point, Blue's hut"
//	"the church foundation, empty"
//
// A square of the city has a trade field's worth, the church foundation,
// a church tile, a building, a permit, or nothing; a building, a church
// tile and a permit never share a square. A square outside the city of
// v's player count gives "outside the city".
func Contents(v elasund.View, s elasund.Square) string {
	if !inCity(v, s) {
		return "outside the city"
	}
	var parts []string
	switch tv := elasund.TradeValue(s, v.Players()); {
	case tv == 1:
		parts = append(parts, "harbour trade field worth 1 trade point")
	case tv > 1:
		parts = append(parts, fmt.Sprintf("gate trade field worth %d trade points", tv))
	}
	c := v.At(s)
	if s == elasund.ChurchFoundation && c.ChurchTile == 0 {
		parts = append(parts, "the church foundation")
	}
	switch {
	case c.ChurchTile != 0:
		parts = append(parts, fmt.Sprintf("church tile %d, built by %s", c.ChurchTile, colour(v, c.TileOwner)))
	case c.Building != elasund.NoBuilding:
		parts = append(parts, building(v, c))
	case c.HasPermit:
		parts = append(parts, fmt.Sprintf("%s's permit worth %d", colour(v, c.PermitOwner), c.Permit))
	default:
		parts = append(parts, "empty")
	}
	return strings.Join(parts, ", ")
}

// building says which building stands on a square, and whose it is.
func building(v elasund.View, c elasund.Contents) string {
	name := buildingName(c.Building)
	where := ""
	if c.Building.Size() > 1 {
		where = " from " + c.Origin.String()
	}
	if !c.Building.Neutral() {
		return colour(v, c.BuildingOwner) + "'s " + name + where
	}
	if c.BuildingOwner == elasund.NoPlayer {
		return article(name) + where + ", a neutral building"
	}
	return fmt.Sprintf("%s%s, a neutral building with %s's cubes", article(name), where, colour(v, c.BuildingOwner))
}

// Site says what stands on wall site w of the game v views, as Contents
// says it of a square:
//
//	"north wall above column c, empty, 2 gold"
//	"east wall beside row 5, Red's wall tile 3, a tower with Red's cube"
//
// A site the game of v's player count does not have gives "no wall site".
func Site(v elasund.View, w elasund.WallSite) string {
	ok := false
	for _, x := range elasund.WallSites(v.Players()) {
		ok = ok || x == w
	}
	if !ok {
		return "no wall site"
	}
	where := wallName(w)[len("the "):]
	if w.East() {
		where += " beside row " + w.Row().String()
	} else {
		side := " below"
		if strings.HasPrefix(w.String(), "N") {
			side = " above"
		}
		where += side + " column " + w.String()[1:]
	}
	owner, tile := v.Wall(w)
	if owner == elasund.NoPlayer {
		return fmt.Sprintf("%s, empty, %d gold", where, w.Cost())
	}
	s := fmt.Sprintf("%s, %s's wall tile %d", where, colour(v, owner), tile)
	if elasund.WallTower(tile) {
		s += ", a tower with " + colour(v, owner) + "'s cube"
	}
	return s
}

// Row says what is in row r of the sea: "row 5 of the sea, where the
// ship is", or "row 5 of the sea".
func Row(v elasund.View, r elasund.Row) string {
	s := "row " + r.String() + " of the sea"
	if v.Ship() == r {
		s += ", where the ship is"
	}
	return s
}

// inCity reports whether s is a square of the city of v's player count.
func inCity(v elasund.View, s elasund.Square) bool {
	var buf [elasund.NumSquares]elasund.Square
	for _, c := range elasund.AppendCitySquares(buf[:0], v.Players()) {
		if c == s {
			return true
		}
	}
	return false
}

// colour names player p of v by its colour, capitalised ("Red"), or
// "nobody".
func colour(v elasund.View, p elasund.Player) string {
	if p == elasund.NoPlayer {
		return "nobody"
	}
	return capital(v.Color(p).String())
}
