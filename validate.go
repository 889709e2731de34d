package elasund

import "fmt"

// Validate checks every invariant of the game state and returns an error
// naming the first one broken (it wraps ErrInvalidState), or nil. A game made by New and changed only
// by Apply always validates; a user who builds or loads a state should call
// it. The invariants: 51 gold and 39 influence cards (13 per colour), each in
// exactly one place; 10 cubes per player, on the board where the board says
// or in supply; 5 permits per player; building copies conserved, inside the
// city and not overlapping; church tiles only on their places in the fixed
// church area; wall tiles on connected chains from the gates, numbered in
// stack order; trade disks equal to min(11, TP) and milestone flags within
// their capacities; the phase and the deciding player consistent; the
// turns played and the turn limit at most TurnLimit.
func (g *Game) Validate() error {
	// Each rule's room checks its own invariants, in this order; a check
	// may count on those before it having passed (the seats first).
	for _, check := range [...]func(*Game) error{
		(*Game).validateSeats,         // config.go
		(*Game).validateRules,         // options.go
		(*Game).validateTurn,          // turn.go
		(*Game).validateCards,         // cards.go
		(*Game).validateBuildings,     // building.go
		(*Game).validatePermits,       // permits.go
		(*Game).validateCells,         // board.go
		(*Game).validateChurch,        // church.go
		(*Game).validateWalls,         // wall.go
		(*Game).validateCubesAndTrade, // trade.go
		(*Game).validateDecisions,     // turn.go
		(*Game).validateShip,          // turn.go
		(*Game).validateOccupancy,     // bitboard.go
	} {
		if err := check(g); err != nil {
			return err
		}
	}
	return nil
}

// invalidState is the error of a broken invariant: ErrInvalidState and
// what is broken.
func invalidState(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidState, fmt.Sprintf(format, args...))
}
