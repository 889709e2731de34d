package elasund_test

import (
	"encoding/json"
	"fmt"

	"github.com/elasund/elasund"
)

// A move marshals as its notation, alone or inside a message, and reads
// back from it.
func ExampleMove_MarshalText() {
	c5, _ := elasund.ParseSquare("c5")
	m := elasund.Move{Kind: elasund.Build, Building: elasund.Tavern, Square: c5}
	text, _ := m.MarshalText()
	fmt.Println(string(text))

	msg := struct {
		Seat elasund.Player
		Move elasund.Move
	}{2, m}
	data, _ := json.Marshal(msg)
	fmt.Println(string(data))

	var back struct {
		Seat elasund.Player
		Move elasund.Move
	}
	err := json.Unmarshal([]byte(`{"Seat":"1","Move":"permit 2 d8 pay green"}`), &back)
	fmt.Println(back.Seat, back.Move.Kind, back.Move.Permit, back.Move.Square, back.Move.Pay, err)

	// A move with a field out of range has no notation.
	_, err = json.Marshal(elasund.Move{Kind: elasund.PlacePermit, Permit: 7, Square: c5})
	fmt.Println(err)
	// Output:
	// build tavern c5
	// {"Seat":"2","Move":"build tavern c5"}
	// 1 permit 2 d8 green <nil>
	// json: error calling MarshalText for type elasund.Move: elasund: bad encoding: no text for move {Kind:permit Square:c5 Permit:7 Pay:none}
}

// A Config marshals to JSON with its colours, first colour, rules and
// church stack by name; it reads back to a Config that starts the same
// game.
func ExampleConfig_json() {
	c := elasund.Config{Players: 3, Colors: []elasund.Color{elasund.Red, elasund.Green, elasund.Yellow},
		FirstColor: elasund.Green, Seed: 7, Rules: elasund.EnglishEdition,
		ChurchStack: []elasund.ChurchTile{5, 1, 9, 2, 8, 3, 7, 4, 6}}
	data, _ := json.MarshalIndent(c, "", "  ")
	fmt.Println(string(data))

	var back elasund.Config
	_ = json.Unmarshal(data, &back)
	g1, _ := elasund.New(c)
	g2, _ := elasund.New(back)
	fmt.Println(*g1 == *g2)
	// Output:
	// {
	//   "Players": 3,
	//   "Colors": [
	//     "red",
	//     "green",
	//     "yellow"
	//   ],
	//   "Seed": 7,
	//   "FirstColor": "green",
	//   "MaxTurns": 0,
	//   "InfluenceDeck": null,
	//   "ChurchStack": [
	//     "5",
	//     "1",
	//     "9",
	//     "2",
	//     "8",
	//     "3",
	//     "7",
	//     "4",
	//     "6"
	//   ],
	//   "Rules": "english"
	// }
	// true
}
