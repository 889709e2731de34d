package elasund

// Scenario tests for the rule options of RULES.md §12 (the English
// edition): each position is played under all four combinations of the two
// options, and the outcome of each is compared with the default reading's
// (§4.1, §5, interpretations 1 and 2).

import (
	"errors"
	"slices"
	"testing"
)

// optRuleSets are the four combinations of the two options.
var optRuleSets = []Rules{DefaultRules, AdjacentPermitRows, ShortageVoidsIncome, EnglishEdition}

// optReading returns 1 when rules include option o (the English reading),
// else 0 (the default reading): the index of the expectation to use.
func optReading(rules, o Rules) int {
	if rules.Has(o) {
		return 1
	}
	return 0
}

// optPermitGame is permGame (2 players, empty city, ship in row ship, Red in
// phase 3) played with the given rules, with the rows fill filled with
// buildings, no gold and 2 blue and 1 green influence cards for Red: free
// placements are of permit 0, paid ones of permit 0 with blue.
func optPermitGame(t *testing.T, rules Rules, ship Row, fill []Row) *Game {
	t.Helper()
	g := permGame(t, 2, ship, PhasePermit)
	g.rules = rules
	setGold(t, g, 0, 0)
	setInfluence(t, g, 0, 2, 1, 0)
	permFillRows(t, g, fill...)
	mustValid(t, g)
	return g
}

// TestOptionsAdjacentPermitRows: §5 against §12. When the ship's row has no
// empty square, the default reading allows the nearest row above and below
// that have one; AdjacentPermitRows only the rows directly above and below
// (5 and 8 around 6), and beyond them only the paid placement. PermitRows,
// Legal, Check and Apply agree; a refused free placement names §5, or §12
// once the ship's row is full under the English reading.
func TestOptionsAdjacentPermitRows(t *testing.T) {
	cases := []struct {
		name  string
		ship  Row
		fill  []Row
		probe string    // a free placement of permit 0, outside the ship's row
		rows  [2][]Row  // PermitRows: [0] default reading, [1] adjacent rows
		why   [2]Reason // the refusal of a free placement in any other row
	}{
		{name: "ship row open", ship: 5, probe: "e6",
			rows: [2][]Row{{5}, {5}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRow}},
		{name: "nearest open rows are the adjacent ones", ship: 5, fill: []Row{5}, probe: "e6",
			rows: [2][]Row{{4, 6}, {4, 6}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "adjacent rows full, farther rows open", ship: 5, fill: []Row{4, 5, 6}, probe: "e3",
			rows: [2][]Row{{3, 8}, nil}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row above full, row below open", ship: 5, fill: []Row{4, 5}, probe: "e3",
			rows: [2][]Row{{3, 6}, {6}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 6: rows 5 and 8, no row 7", ship: 6, fill: []Row{6}, probe: "e8",
			rows: [2][]Row{{5, 8}, {5, 8}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 6: row 5 full, row 8 next below", ship: 6, fill: []Row{5, 6}, probe: "e4",
			rows: [2][]Row{{4, 8}, {8}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 8: row 6 next above", ship: 8, fill: []Row{8, 9}, probe: "e6",
			rows: [2][]Row{{6, 10}, {6}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 6: rows 5 and 8 full", ship: 6, fill: []Row{5, 6, 8}, probe: "e9",
			rows: [2][]Row{{4, 9}, nil}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 2: only row 3 below", ship: 2, fill: []Row{2}, probe: "e3",
			rows: [2][]Row{{3}, {3}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 2: row 3 full", ship: 2, fill: []Row{2, 3}, probe: "e4",
			rows: [2][]Row{{4}, nil}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 12: only row 11 above", ship: 12, fill: []Row{12}, probe: "e11",
			rows: [2][]Row{{11}, {11}}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
		{name: "row 12: row 11 full", ship: 12, fill: []Row{11, 12}, probe: "e10",
			rows: [2][]Row{{10}, nil}, why: [2]Reason{ReasonPermitRow, ReasonPermitRowAdjacent}},
	}
	for _, c := range cases {
		for _, rules := range optRuleSets {
			t.Run(c.name+"/"+rules.String(), func(t *testing.T) {
				i := optReading(rules, AdjacentPermitRows)
				g := optPermitGame(t, rules, c.ship, c.fill)
				if got := g.PermitRows(); !slices.Equal(got, c.rows[i]) {
					t.Errorf("PermitRows() = %v, want %v", got, c.rows[i])
				}

				// Legal: take gold; permit 0 paid with blue on every empty
				// square; free only in the allowed rows.
				want := []Move{{Kind: TakeGold}}
				for _, s := range CitySquares(2) {
					if !g.IsEmpty(s) {
						continue
					}
					want = append(want, Move{Kind: PlacePermit, Square: s, Pay: InfluenceBlue})
					if slices.Contains(c.rows[i], s.Row()) {
						want = append(want, Move{Kind: PlacePermit, Square: s})
					}
				}
				sameMoves(t, "phase 3", g.Legal(), want)

				// A free placement on an empty square of any other row is
				// refused, naming the rule; Check says the same.
				for _, r := range Rows() {
					if slices.Contains(c.rows[i], r) {
						continue
					}
					for _, s := range permRowSquares(t, r, 'e') {
						if !g.IsEmpty(s) {
							continue
						}
						m := Move{Kind: PlacePermit, Square: s}
						mustRefuse(t, g, m, c.why[i])
						if err := g.Check(m); err == nil || err.(*MoveError).Reason != c.why[i] {
							t.Errorf("Check(%v) = %v, want the reason %v", m, err, c.why[i])
						}
						break
					}
				}

				// The probe: placed where its row is allowed, else refused
				// and the game unchanged.
				m := Move{Kind: PlacePermit, Square: sqr(t, c.probe)}
				if !slices.Contains(c.rows[i], m.Square.Row()) {
					mustRefuse(t, g, m, c.why[i])
					return
				}
				w := g.Clone()
				placePermit(t, w, 0, 0, m.Square)
				w.phase = PhaseBonus
				mustReach(t, g, w, m)
			})
		}
	}
}

// TestOptionsAdjacentPermitRowsText: the refusal under the English reading
// names §12 in exactly the words of the option, and it is no category of
// error beyond ErrIllegalMove (like §5's).
func TestOptionsAdjacentPermitRowsText(t *testing.T) {
	g := optPermitGame(t, EnglishEdition, 5, []Row{4, 5, 6})
	me := mustRefuse(t, g, Move{Kind: PlacePermit, Square: sqr(t, "a3")}, ReasonPermitRowAdjacent)
	if want := "§12: English edition: beyond the adjacent rows only a paid placement"; me.Rule != want {
		t.Errorf("rule %q, want %q", me.Rule, want)
	}
	for _, cat := range []error{ErrGameOver, ErrWrongPhase, ErrMalformedMove, ErrCannotPay} {
		if errors.Is(me, cat) {
			t.Errorf("the refusal wraps %v", cat)
		}
	}
}

// TestOptionsPaidPlacementEnglish: §5's placement paid with 2 influence of
// one colour goes on any empty square under the English reading too: in a
// row beyond the adjacent ones, in one the default reading would allow free
// and in the ship's own row's neighbour. Red pays the permit's value in gold
// and 2 cards of the colour.
func TestOptionsPaidPlacementEnglish(t *testing.T) {
	for _, sq := range []string{"a12", "e3", "b8"} {
		for _, rules := range optRuleSets {
			t.Run(sq+"/"+rules.String(), func(t *testing.T) {
				g := optPermitGame(t, rules, 5, []Row{4, 5, 6})
				setGold(t, g, 0, 3)
				setInfluence(t, g, 0, 1, 2, 0)
				m := Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, sq), Pay: InfluenceGreen}
				if !hasMove(g, m) {
					t.Errorf("Legal lacks %v", m)
				}
				w := g.Clone()
				w.infl[0][1] -= 2
				w.discard[1] += 2
				setGold(t, w, 0, 1)
				placePermit(t, w, 0, 2, m.Square)
				w.phase = PhaseBonus
				mustReach(t, g, w, m)
			})
		}
	}
}

// TestOptionsGoldShortage: §4.1 against §12. Row 5 produces 3 gold (Red 2,
// Blue 1). In a shortage every player returns half (rounded down) of their
// gold under both readings; the default then pays when the bank now can,
// ShortageVoidsIncome pays nobody. Without a shortage both pay; when even
// the return cannot pay, neither does.
func TestOptionsGoldShortage(t *testing.T) {
	type hands struct {
		gold [2]uint8 // Red's and Blue's gold
		bank uint8
	}
	cases := []struct {
		name  string
		start hands
		valid bool     // whether the position is a real one (51 gold cards)
		after [2]hands // [0] default reading, [1] ShortageVoidsIncome
	}{
		{"shortage: the return can pay", hands{[2]uint8{21, 28}, 2}, true, [2]hands{
			{[2]uint8{11 + 2, 14 + 1}, 2 + 10 + 14 - 3}, // returned 10 and 14, paid 2 and 1
			{[2]uint8{11, 14}, 2 + 10 + 14},             // returned 10 and 14, nobody paid
		}},
		{"no shortage: the bank just pays", hands{[2]uint8{21, 27}, 3}, true, [2]hands{
			{[2]uint8{23, 28}, 0},
			{[2]uint8{23, 28}, 0},
		}},
		// With all 51 gold cards in play the bank holds at least 23 after
		// the return; this outcome needs gold taken out of the game.
		{"still short after the return", hands{[2]uint8{3, 2}, 0}, false, [2]hands{
			{[2]uint8{2, 1}, 2}, // returned 1 and 1, nobody paid
			{[2]uint8{2, 1}, 2},
		}},
	}
	for _, c := range cases {
		for _, rules := range optRuleSets {
			t.Run(c.name+"/"+rules.String(), func(t *testing.T) {
				i := optReading(rules, ShortageVoidsIncome)
				g := cardsRowFiveGold(t)
				g.rules = rules
				g.gold[0], g.gold[1], g.bank = c.start.gold[0], c.start.gold[1], c.start.bank
				if c.valid {
					mustValid(t, g)
				}
				want := g.Clone()
				wantRoll(want, cardsDice(5))
				want.ship, want.phase = 5, PhaseBuild
				want.gold[0], want.gold[1], want.bank = c.after[i].gold[0], c.after[i].gold[1], c.after[i].bank
				mustApply(t, g, cardsRoll(5))
				if d := diffGames(want, g); d != "" {
					t.Errorf("roll 5 (-want +got):\n%s", d)
				}
				if c.valid {
					mustValid(t, g)
				}
			})
		}
	}
}

// TestOptionsInfluenceShortage: §4.1 against §12. The huts in row 4
// produce 2 influence; deck and pile hold 1 card. Under both readings every
// player returns half of their influence cards, choosing which, and the
// pile is shuffled into a new deck; the default reading then pays each hut
// a card, ShortageVoidsIncome pays nobody.
func TestOptionsInfluenceShortage(t *testing.T) {
	for _, rules := range optRuleSets {
		t.Run(rules.String(), func(t *testing.T) {
			i := optReading(rules, ShortageVoidsIncome)
			g := cardsHutsRowFour(t, 2)
			g.rules = rules
			moveDeckToDiscard(g)
			cardsEmptyHands(t, g)
			setInfluence(t, g, 0, 13, 6, 0)
			setInfluence(t, g, 1, 0, 6, 13)
			mustValid(t, g)

			// The roll: nobody is paid, both owe 9 cards, Red decides.
			want := g.Clone()
			wantRoll(want, cardsDice(4))
			want.ship = 4
			want.phase, want.toMove = PhaseShortage, 0
			want.pending = [MaxPlayers]uint8{9, 9}
			mustReach(t, g, want, cardsRoll(4))

			want = g.Clone()
			want.infl[0] = [3]uint8{4, 6, 0}
			want.discard[0] += 9
			want.pending[0] = 0
			want.toMove = 1
			mustReach(t, g, want, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 9}})

			// Blue's return ends the shortage: the pile (9 blue, 1+3
			// green, 6 yellow) becomes the deck; then the income or none.
			want = g.Clone()
			want.pending[1] = 0
			want.discard = [3]uint8{}
			want.phase, want.toMove = PhaseBuild, 0
			mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Green: 3, Yellow: 6}})
			draws := [2][MaxPlayers]int{{1, 1}, {0, 0}}[i]
			cardsAcceptShuffle(t, want, g, [MaxPlayers][3]uint8{{4, 6, 0}, {0, 3, 7}}, draws, [3]int{9, 4, 6})
			if d := diffGames(want, g); d != "" {
				t.Errorf("after the shortage (-want +got):\n%s", d)
			}
			mustValid(t, g)
		})
	}
}

// TestOptionsInfluenceShortageNobodyPaid: when even the returned cards
// cannot pay the production, both readings pay nobody; the returns and the
// new deck are the same. (With all 39 cards in play this cannot happen, so
// the state has cards taken out of the game.)
func TestOptionsInfluenceShortageNobodyPaid(t *testing.T) {
	for _, rules := range optRuleSets {
		t.Run(rules.String(), func(t *testing.T) {
			g := cardsHutsRowFour(t, 2)
			g.rules = rules
			g.deckLen = 0
			g.discard = [3]uint8{}
			g.infl[0] = [3]uint8{2, 0, 0}
			g.infl[1] = [3]uint8{0, 1, 0}
			want := g.Clone()
			wantRoll(want, cardsDice(4))
			want.ship, want.phase = 4, PhaseBuild
			want.infl[0] = [3]uint8{1, 0, 0}  // returns 1 blue; Blue returns nothing
			want.deck[0], want.deckLen = 0, 1 // the pile, 1 blue, is the new deck
			mustApply(t, g, cardsRoll(4))
			if d := diffGames(want, g); d != "" {
				t.Errorf("shortage without payment (-want +got):\n%s", d)
			}
		})
	}
}

// TestOptionsShortageGoldThenInfluence: a roll that is short of both types
// (interpretation 11: gold is settled first). Under ShortageVoidsIncome
// neither type is paid; under the default both are paid after the returns.
// Every return is forced (cards of one colour), so the roll settles all.
func TestOptionsShortageGoldThenInfluence(t *testing.T) {
	for _, rules := range optRuleSets {
		t.Run(rules.String(), func(t *testing.T) {
			i := optReading(rules, ShortageVoidsIncome)
			g := newTestGame(t, 2)
			g.rules = rules
			clearCity(t, g)
			placeBuilding(t, g, 0, Hut, sqr(t, "c4"))      // 1 influence
			placeBuilding(t, g, 1, Workshop, sqr(t, "d4")) // 1 gold
			moveDeckToDiscard(g)
			cardsEmptyHands(t, g)
			setInfluence(t, g, 0, 13, 0, 0)
			setInfluence(t, g, 1, 0, 13, 13)
			setGold(t, g, 0, 20)
			setGold(t, g, 1, 31) // bank 0
			mustValid(t, g)
			if g.discard != [3]uint8{0, 0, 0} || g.deckLen != 0 || g.bank != 0 {
				t.Fatalf("setup: discard %v, deck %d, bank %d", g.discard, g.deckLen, g.bank)
			}
			// Blue's 26 cards are of two colours: Blue decides a return of 13.
			want := g.Clone()
			wantRoll(want, cardsDice(4))
			want.ship = 4
			want.gold = [MaxPlayers]uint8{10, 16 + [2]uint8{1, 0}[i]}
			want.bank = 10 + 15 - [2]uint8{1, 0}[i]
			want.infl[0] = [3]uint8{7, 0, 0}
			want.discard = [3]uint8{6, 0, 0}
			want.pending = [MaxPlayers]uint8{0, 13}
			want.phase, want.toMove = PhaseShortage, 1
			mustReach(t, g, want, cardsRoll(4))

			want = g.Clone()
			want.pending[1] = 0
			want.discard = [3]uint8{}
			want.phase, want.toMove = PhaseBuild, 0
			mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Green: 13}})
			draws := [2][MaxPlayers]int{{1, 0}, {0, 0}}[i]
			cardsAcceptShuffle(t, want, g, [MaxPlayers][3]uint8{{7, 0, 0}, {0, 0, 13}}, draws, [3]int{6, 13, 0})
			if d := diffGames(want, g); d != "" {
				t.Errorf("after the shortage (-want +got):\n%s", d)
			}
			mustValid(t, g)
		})
	}
}

// TestOptionsDoNotAllocate: under the English edition's rules too, Apply,
// AppendLegal (with a large enough buffer) and IsLegal allocate nothing:
// on the positions of a random game, and in phase 3 with the ship's row
// and its neighbours full, where free placements are refused by §12.
func TestOptionsDoNotAllocate(t *testing.T) {
	g, err := New(Config{Players: 4, Seed: 7, Rules: EnglishEdition})
	if err != nil {
		t.Fatal(err)
	}
	var positions []Game
	r := newChooser(7)
	var buf []Move
	for !g.Over() {
		positions = append(positions, *g)
		buf = g.AppendLegal(buf[:0])
		mustApply(t, g, buf[r.intn(len(buf))])
	}
	full := optPermitGame(t, EnglishEdition, 5, []Row{4, 5, 6})
	refused := Move{Kind: PlacePermit, Square: sqr(t, "a3")}
	buf = make([]Move, 0, 4096)
	var cur Game
	allocs := testing.AllocsPerRun(200, func() {
		cur = positions[r.intn(len(positions))]
		if r.intn(4) == 0 {
			cur = *full
			if cur.IsLegal(refused) {
				t.Fatalf("%v is legal", refused)
			}
		}
		buf = cur.AppendLegal(buf[:0])
		m := buf[r.intn(len(buf))]
		_ = cur.IsLegal(m)
		if err := cur.Apply(m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Apply/AppendLegal/IsLegal allocate %.1f times per call under %v; want 0", allocs, EnglishEdition)
	}
}

// TestParseRules reads every rule option set back from its name and
// refuses unknown names.
func TestParseRules(t *testing.T) {
	for r := Rules(0); r <= allRules; r++ {
		if !r.valid() {
			continue
		}
		got, err := ParseRules(r.String())
		if err != nil || got != r {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	for s, want := range map[string]Rules{
		"english+adjacent-permit-rows":               EnglishEdition,
		"shortage-voids-income+adjacent-permit-rows": EnglishEdition,
	} {
		if got, err := ParseRules(s); err != nil || got != want {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "English", "default+english", "adjacent-permit-rows+", "unknown", " english"} {
		if _, err := ParseRules(s); err == nil {
			t.Errorf("ParseRules(%q) accepted", s)
		}
	}
}
