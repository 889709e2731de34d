// Package words says in plain English, to the player at the screen, what
// the examples would otherwise show in the engine's terms: why a move was
// refused, and where the rules say so; what a move did or would do; what
// stands on a square; how a game ended.
//
// The engine's own texts (a MoveError's Error and Rule, a Reason's Text)
// are for logs and developers: "elasund: illegal move "permit 0 c8" in
// phase permit: §5: …". A person is told the same in the game's own
// words, addressed to them:
//
//   - Refusal gives the sentence for a Reason, the one rule a refused
//     move breaks ("The values of your permits under that building must
//     add up to more than anyone else's there; a tie lets nobody build.");
//   - Explain gives the sentence for any error of Table.Play, Table.Check,
//     Game.Apply, Game.Check or ParseMove, never the engine's text;
//   - Section, Sections, RulesAnchor and SectionAnchor give the section of
//     RULES.md that states the rule ("§6.2"), for an aside or a link
//     (RULES.md#62-permit-majority).
//
// The moves, the board and the end have their words too:
//
//   - Move says what a player did, for a log ("Red placed a permit worth
//     2 on f11."), from the move's own fields; Option says what a move
//     would do, for a button or a menu, with its cost ("Place a permit
//     worth 2 on f11 for 2 gold"); Cost says cards in words;
//   - Contents, Site and Row say what stands on a square, a wall site or
//     a row of the sea, for a screen reader ("Red's permit worth 2");
//   - Ending says how a game ended and who won.
//
// Each kind of sentence has a file of its own (refusals.go, moves.go,
// places.go, endings.go). Every Reason of
// elasund.Reasons has a sentence, and the tests fail when a new reason
// has none.
//
// The package is internal to the examples: the terminal game
// (examples/play) and the browser table (examples/web, a module of its
// own whose path lies under examples/) use it.
package words
