package elasund_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/elasund/elasund"
)

// Save a game in the middle of play and load it again: the loaded game is
// the same game, hidden cards and random source included, and plays on as
// the saved one would.
func ExampleGame_MarshalBinary() {
	g, _ := elasund.New(elasund.Config{Players: 3, Seed: 42})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll})

	data, err := g.MarshalBinary()
	if err != nil {
		panic(err)
	}
	var loaded elasund.Game
	if err := loaded.UnmarshalBinary(data); err != nil {
		panic(err)
	}
	fmt.Println(len(data), "bytes; the same game:", loaded == *g)

	// Loading checks its input and leaves the receiver alone on error.
	data[1] = 7 // seven players
	err = loaded.UnmarshalBinary(data)
	fmt.Println(errors.Is(err, elasund.ErrBadEncoding), loaded == *g)
	// Output:
	// 269 bytes; the same game: true
	// true true
}

// The JSON form is readable: squares, buildings, colours and phases in the
// package's notation.
func ExampleGame_MarshalJSON() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Blue})
	data, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	var peek struct {
		Version int
		Phase   string
		ToMove  string
		Players []struct {
			Color, Hut, Totem string
			Permits           []string
		}
	}
	_ = json.Unmarshal(data, &peek)
	fmt.Println("version", peek.Version, "-", peek.Phase, "-", peek.ToMove, "to move")
	for _, p := range peek.Players {
		fmt.Println(p.Color, "hut", p.Hut, "totem", p.Totem, "permits", p.Permits)
	}

	var loaded elasund.Game
	if err := json.Unmarshal(data, &loaded); err != nil {
		panic(err)
	}
	fmt.Println("the same game:", loaded == *g)
	// Output:
	// version 1 - roll - blue to move
	// red hut d4 totem e8 permits [supply supply supply supply supply]
	// blue hut c4 totem b8 permits [supply supply supply supply supply]
	// the same game: true
}

// Record a game while it is played, write the record as text, read it back
// and replay it to the same game.
func ExampleRecorder() {
	cfg := elasund.Config{Players: 2, Seed: 7, FirstColor: elasund.Red}
	g, _ := elasund.New(cfg)
	rec, err := elasund.NewRecorder(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	d8, _ := elasund.ParseSquare("d8")
	for _, m := range []elasund.Move{
		{Kind: elasund.Roll}, // the Recorder writes the dice that come up
		{Kind: elasund.EndBuilding},
		{Kind: elasund.TakeGold},
		{Kind: elasund.EndTurn},
		{Kind: elasund.Roll, Dice: [2]uint8{3, 4}},
		{Kind: elasund.Pirates, Row: 8},
		{Kind: elasund.EndBuilding},
		{Kind: elasund.PlacePermit, Permit: 0, Square: d8, Pay: elasund.InfluenceGreen},
	} {
		if err := rec.Apply(g, m); err != nil {
			fmt.Println(err) // a refused move is not recorded
		}
	}
	text := rec.Record().String()
	fmt.Print(text)

	r, err := elasund.ParseRecord(text)
	if err != nil {
		panic(err)
	}
	replayed, err := r.Replay()
	fmt.Println("replayed:", err, *replayed == *g)
	// Output:
	// elasund: illegal move "permit 0 d8 pay green" in phase permit: §5/§10: this costs 2 influence cards of the named colour
	// [Players "2"]
	// [Seed "7"]
	// [FirstPlayer "red"]
	// [Rules "default"]
	// [Result "*"]
	//
	// 1. red: roll 4 6, end build, take gold, end turn
	// 2. blue: roll 3 4, pirates 8, end build
	// replayed: <nil> true
}

// Replay reports the first illegal move of a record with its turn and text.
func ExampleRecord_Replay() {
	r, err := elasund.ParseRecord(`
[Players "2"]
[Seed "1"]
[FirstPlayer "red"]

1. red: roll 2 2, end build, take gold, end turn
2. blue: roll 5 5, build tavern a2
`)
	if err != nil {
		panic(err)
	}
	g, err := r.Replay()
	var re *elasund.ReplayError
	if errors.As(err, &re) {
		fmt.Println("move", re.Index+1, "in turn", re.Turn, "is", re.Move)
		fmt.Println(errors.Is(err, elasund.ErrIllegalMove), g.Phase())
	}
	// Output:
	// move 6 in turn 2 is build tavern a2
	// true build
}

// Print the referee's picture of a game: fmt.Print(g) does it.
func ExampleGame_String() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 3, FirstColor: elasund.Red})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{4, 5}})
	fmt.Print(g)
	// Output:
	// Elasund, 2 players.
	// Turn 1, red's turn. Dice 4+5, the ship in row 9.
	// red builds (2 builds left).
	//
	//             a    b    c    d    e    f
	//       north           N    N    gate gate
	//    2   ~    (1)  .    .    .    .    gate
	//    3   ~    (1)  .    .    .    .    E
	//    4   ~    (1)  .    Bhut Rhut .    E
	//    5   ~    (1)  .    .    .    .    E
	//    6   ~    (1)  .    .    .    .    E
	//    8   ~    (1)  Btot ##   .    Rtot E
	//    9 ship   (1)  Btot .    .    Rtot E
	//   10   ~    (1)  .    .    .    .    E
	//   11   ~    (1)  .    .    .    .    E
	//   12   ~    (1)  .    .    .    .    gate
	//       south           S    S    gate gate
	//
	//    player  gold  influence permits    cubes  TP walls  buildings in supply
	//  > red        4  b0 g1 y0  0 1 2 3 4     10   0     9  house workshop
	//    blue       4  b0 g0 y1  0 1 2 3 4     10   0     9  house workshop
	//    (* the active player, > decides now; cubes and walls: left in supply;
	//    TP: trade points)
	//
	// Trade track milestones: 3[....] 5[...] 7[..] 9[..] 11[.]
	// Bank 43 gold. Church stack 9 tiles.
	// Influence deck 37 cards, discard pile nothing.
	// Neutral supply: well 4, market 4, tavern 5, shop 5, large 3.
	//
	// Map: Rtav = red tavern (the colour's letter and a building's first three
	// letters), R2 = red permit 2, R+5 = red church tile 5, ## = the church
	// foundation, (1) (2) = empty trade fields; walls: N S E = empty sites,
	// R3 = red wall tile 3 (3, 6 and 9 are towers).
}
