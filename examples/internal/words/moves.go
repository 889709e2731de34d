package words

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
)

// Move returns a sentence for a person that says what the player called
// who ("Red", or "You") did with move m, as a log of the game shows it,
// from the move's own fields:
//
//	"Red placed a permit worth 2 on f11."
//	"Blue built a market at e8, paying 3 blue influence cards to build over one of its size."
//	"Green rolled 3 and 4 (7)."
//
// What a move paid in gold is told where its fields say it (a permit's
// value, a wall site's price); a building's price depends on the
// position it was built in, which a move alone does not hold (see
// Option and Cost for a move still to play). A move of no kind this
// package knows gives who, "played" and its notation.
func Move(who string, m elasund.Move) string {
	if s := moveClause(m); s != "" {
		return who + " " + s + "."
	}
	return fmt.Sprintf("%s played %q.", who, m.String())
}

// moveClause is Move's sentence after its subject, without the full stop.
func moveClause(m elasund.Move) string {
	switch m.Kind {
	case elasund.Roll:
		if m.Dice == [2]uint8{} {
			return "rolled the dice"
		}
		return fmt.Sprintf("rolled %d and %d (%d)", m.Dice[0], m.Dice[1], int(m.Dice[0])+int(m.Dice[1]))
	case elasund.Steer:
		return "steered the ship to row " + m.Row.String()
	case elasund.Pirates:
		return "sent the pirates to row " + m.Row.String()
	case elasund.Discard:
		return "gave the pirates " + Cost(m.Cards)
	case elasund.ReturnInfluence:
		return "returned " + Cost(m.Cards) + " in the shortage"
	case elasund.Build:
		s := "built " + article(buildingName(m.Building)) + " at " + m.Square.String()
		if m.Pay != elasund.NoInfluence {
			s += ", paying 3 " + m.Pay.String() + " influence cards to build over one of its size"
		}
		return s
	case elasund.BuildWall:
		return fmt.Sprintf("built a wall tile at %s, on %s, for %d gold", m.Site, wallName(m.Site), m.Site.Cost())
	case elasund.BuildChurch:
		return "built a church tile for 7 gold"
	case elasund.KeepChurchTile:
		return "kept church tile " + strconv.Itoa(int(m.Tile))
	case elasund.Rebuild:
		return "rebuilt " + article(buildingName(m.Building)) + " at " + m.Square.String()
	case elasund.DeclineRebuild:
		return "removed " + article(buildingName(m.Building)) + " from the game"
	case elasund.EndBuilding:
		return "stopped building"
	case elasund.PlacePermit:
		s := fmt.Sprintf("placed a permit worth %d on %s", m.Permit, m.Square)
		if m.Pay != elasund.NoInfluence {
			s += ", paying 2 " + m.Pay.String() + " influence cards to place it outside the ship's row"
		}
		return s
	case elasund.TakeGold:
		return "took 2 gold"
	case elasund.MovePermit:
		return fmt.Sprintf("moved a permit from %s to %s, paying 2 %s influence cards", m.From, m.Square, m.Pay)
	case elasund.UpgradePermit:
		return fmt.Sprintf("upgraded the permit on %s to one worth %d, paying 2 %s influence cards and the difference in gold", m.Square, m.Permit, m.Pay)
	case elasund.BonusPermit:
		return fmt.Sprintf("placed a bonus permit worth %d on %s, paying one influence card of each colour and %d gold", m.Permit, m.Square, m.Permit)
	case elasund.BonusGold:
		return "took 2 gold as a bonus, paying one influence card of each colour"
	case elasund.EndTurn:
		return "ended the turn"
	}
	return ""
}

// Option returns what move m does, for a button or a menu of the player
// who may play it, in the imperative and without a full stop; cost is
// what it costs that player (View.Cost), told after "for" unless it is
// nothing:
//
//	"Place a permit worth 2 on f11 for 2 gold"
//	"Build a market at e8 for 5 gold and 3 blue influence cards"
//	"End the turn"
//
// A move of no kind this package knows gives its notation.
func Option(m elasund.Move, cost elasund.Cards) string {
	s := optionClause(m)
	if s == "" {
		return m.String()
	}
	if cost.Total() > 0 {
		s += " for " + Cost(cost)
	}
	return s
}

// optionClause is Option's phrase before the cost.
func optionClause(m elasund.Move) string {
	switch m.Kind {
	case elasund.Roll:
		return "Roll the dice"
	case elasund.Steer:
		return "Steer the ship to row " + m.Row.String()
	case elasund.Pirates:
		return "Send the pirates to row " + m.Row.String()
	case elasund.Discard:
		return "Give the pirates " + Cost(m.Cards)
	case elasund.ReturnInfluence:
		return "Return " + Cost(m.Cards)
	case elasund.Build:
		s := "Build " + article(buildingName(m.Building)) + " at " + m.Square.String()
		if m.Pay != elasund.NoInfluence {
			s += ", over one of its size"
		}
		return s
	case elasund.BuildWall:
		return "Build a wall tile at " + m.Site.String() + ", on " + wallName(m.Site)
	case elasund.BuildChurch:
		return "Build a church tile"
	case elasund.KeepChurchTile:
		return "Keep church tile " + strconv.Itoa(int(m.Tile))
	case elasund.Rebuild:
		return "Rebuild your " + buildingName(m.Building) + " at " + m.Square.String()
	case elasund.DeclineRebuild:
		return "Remove your " + buildingName(m.Building) + " from the game"
	case elasund.EndBuilding:
		return "Stop building"
	case elasund.PlacePermit:
		s := fmt.Sprintf("Place a permit worth %d on %s", m.Permit, m.Square)
		if m.Pay != elasund.NoInfluence {
			s += ", outside the ship's row"
		}
		return s
	case elasund.TakeGold:
		return "Take 2 gold"
	case elasund.MovePermit:
		return fmt.Sprintf("Shift your permit from %s to %s", m.From, m.Square)
	case elasund.UpgradePermit:
		return fmt.Sprintf("Upgrade your permit on %s to one worth %d", m.Square, m.Permit)
	case elasund.BonusPermit:
		return fmt.Sprintf("Place a bonus permit worth %d on %s", m.Permit, m.Square)
	case elasund.BonusGold:
		return "Take 2 gold as a bonus"
	case elasund.EndTurn:
		return "End the turn"
	}
	return ""
}

// Cost says cards in words: "2 gold", "3 blue influence cards", "5 gold
// and 1 blue, 1 green and 1 yellow influence cards", or "nothing".
func Cost(c elasund.Cards) string {
	var parts []string
	if c.Gold > 0 {
		parts = append(parts, strconv.Itoa(int(c.Gold))+" gold")
	}
	var infl []string
	for _, ic := range elasund.InfluenceColors() {
		if n := c.Of(ic); n > 0 {
			infl = append(infl, strconv.Itoa(n)+" "+ic.String())
		}
	}
	if len(infl) > 0 {
		noun := " influence cards"
		if c.Influence() == 1 {
			noun = " influence card"
		}
		parts = append(parts, list(infl)+noun)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " and ")
}

// list joins words as English does: "a", "a and b", "a, b and c".
func list(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// buildingName is a building's name in words ("large building" for the
// large buildings' stack, which the notation calls "large").
func buildingName(b elasund.Building) string {
	if b == elasund.LargeBuilding {
		return "large building"
	}
	return b.String()
}

// article puts "a" or "an" before a noun.
func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// wallName names the wall a site is on: "the north wall".
func wallName(w elasund.WallSite) string {
	switch {
	case w.East():
		return "the east wall"
	case strings.HasPrefix(w.String(), "N"):
		return "the north wall"
	}
	return "the south wall"
}
