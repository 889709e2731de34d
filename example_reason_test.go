package elasund_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/elasund/elasund"
)

// A page shows a refusal in its own words: it keys its sentences on the
// refusal's Reason and falls back to the rule's text for a reason it has
// no sentence for. The reason travels as its code.
func ExampleReason() {
	sentences := map[elasund.Reason]string{
		elasund.ReasonWrongPhase:    "Not now: finish this part of the turn first.",
		elasund.ReasonNoMajority:    "You need more permits here than anyone else.",
		elasund.ReasonCannotPayWall: "You are short of gold for this wall tile.",
	}
	say := func(err error) {
		var me *elasund.MoveError
		if !errors.As(err, &me) {
			fmt.Println(err)
			return
		}
		msg, ok := sentences[me.Reason]
		if !ok {
			msg = me.Reason.Rule()
		}
		fmt.Printf("%s (%s): %s\n", me.Reason, me.Reason.Section(), msg)
	}

	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	say(g.Check(elasund.Move{Kind: elasund.EndTurn}))
	say(g.Check(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{7, 1}}))

	wire, _ := json.Marshal(struct {
		Reason elasund.Reason `json:"reason"`
	}{elasund.ReasonNoMajority})
	fmt.Println(string(wire))
	// Output:
	// wrong-phase (§4): Not now: finish this part of the turn first.
	// forced-dice (§4.1): §4.1: forced dice must both be 1 to 6 (or both 0 to roll)
	// {"reason":"no-majority"}
}

// A host's test checks that its page has a sentence for every reason's
// code; here it lists the first codes without one.
func ExampleReasons() {
	sentences := map[string]string{
		"game-over": "The game is over.",
		"no-game":   "There is no game here.",
		// … one for each code
	}
	var missing []string
	for _, r := range elasund.Reasons() {
		if _, ok := sentences[r.String()]; !ok {
			missing = append(missing, r.String())
		}
	}
	fmt.Println(missing[:3])
	// Output:
	// [unknown-kind unused-field wrong-phase]
}
