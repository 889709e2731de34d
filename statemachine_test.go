package elasund

// The state-machine test: rapid drives a game through random actions —
// legal moves, malformed and illegal moves, moves of the wrong player or of
// another phase, play on clones — and checks the engine's contract after
// every one (the generic harness OpenSpiel runs on its games, in rapid's
// t.Repeat form).

import (
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// machine is the state of one state-machine run.
type machine struct {
	cfg   Config
	g     *Game
	log   []Move // every move applied to g, in order, for the replay check
	pool  []Move // moves legal in earlier positions (other phases, other turns)
	other *Game  // a second game: its legal moves are legal somewhere else
	buf   []Move
	r     *chooser
}

// newMachine starts a game of a drawn player count, seed and rule options
// (§12: the default, the English edition or one of its two options) and
// plays a drawn number of random legal moves, so that runs start in every
// phase of the game and not only at its first roll.
func newMachine(t *rapid.T) *machine {
	n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
	seed := rapid.Uint64().Draw(t, "seed")
	rules := rapid.SampledFrom([]Rules{DefaultRules, EnglishEdition, AdjacentPermitRows, ShortageVoidsIncome}).Draw(t, "rules")
	m := &machine{cfg: Config{Players: n, Seed: seed, Rules: rules}}
	var err error
	if m.g, err = New(m.cfg); err != nil {
		t.Fatal(err)
	}
	if m.other, err = New(Config{Players: MinPlayers + int(seed%3), Seed: ^seed, Rules: rules}); err != nil {
		t.Fatal(err)
	}
	m.r = newChooser(seed)
	m.play(t, rapid.IntRange(0, 350).Draw(t, "warmup"))
	return m
}

// play applies k random legal moves to the game (fewer if it ends).
func (m *machine) play(t *rapid.T, k int) {
	for ; k > 0 && !m.g.Over(); k-- {
		m.buf = m.g.AppendLegal(m.buf[:0])
		m.apply(t, m.buf[m.r.intn(len(m.buf))])
	}
}

// apply applies a move that must be legal and logs it.
func (m *machine) apply(t *rapid.T, mv Move) {
	if err := m.g.Apply(mv); err != nil {
		t.Fatalf("legal move %v refused: %v", mv, err)
	}
	m.log = append(m.log, mv)
}

// try applies a move that may or may not be legal and checks the verdict:
// Check, IsLegal and Apply agree; an accepted move is listed by Legal (a
// forced roll aside); a refused move returns a *MoveError wrapping
// ErrIllegalMove that names a rule, and leaves the whole state unchanged.
// It reports whether the move was accepted.
func (m *machine) try(t *rapid.T, mv Move) bool {
	g := m.g
	listed := false
	for _, l := range g.AppendLegal(m.buf[:0]) {
		listed = listed || l == mv
	}
	chk, ok := g.Check(mv), g.IsLegal(mv)
	before := *g
	err := g.Apply(mv)
	// Forced dice: Check and Apply accept them, Legal and IsLegal do not.
	forced := mv.Kind == Roll && mv.Dice != [2]uint8{}
	if (chk == nil) != (err == nil) || ok != (chk == nil && !forced) || ok != listed {
		t.Fatalf("%+v in %v: Check %v, IsLegal %v, listed %v, Apply %v", mv, before.phase, chk, ok, listed, err)
	}
	if err == nil {
		m.log = append(m.log, mv)
		return true
	}
	if listed {
		t.Fatalf("%+v listed by Legal but refused: %v", mv, err)
	}
	if !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("%+v: error %v does not wrap ErrIllegalMove", mv, err)
	}
	var me *MoveError
	if !errors.As(err, &me) || me.Move != mv || me.Phase != before.phase || me.Reason == NoReason || me.Rule != me.Reason.Rule() {
		t.Fatalf("%+v: error %#v is not a *MoveError for this move and phase, with a reason and its rule", mv, err)
	}
	if !strings.Contains(err.Error(), "§") || chk.Error() != err.Error() {
		t.Fatalf("%+v: Apply says %q, Check says %q; both must name the same rule", mv, err, chk)
	}
	if d := diffGames(&before, g); d != "" {
		t.Fatalf("refused %+v changed the game (-before +after):\n%s", mv, d)
	}
	return false
}

// drawMove draws a move with arbitrary field values, in and out of range;
// half of them keep only the fields their kind uses.
func drawMove(t *rapid.T) Move {
	mv := Move{
		Kind:     MoveKind(rapid.IntRange(0, int(numKinds)+1).Draw(t, "kind")),
		Building: Building(rapid.IntRange(0, 12).Draw(t, "building")),
		Square:   Square(rapid.IntRange(0, 255).Draw(t, "square")),
		From:     Square(rapid.IntRange(0, 255).Draw(t, "from")),
		Row:      Row(rapid.IntRange(0, 15).Draw(t, "row")),
		Permit:   uint8(rapid.IntRange(0, 7).Draw(t, "permit")),
		Site:     WallSite(rapid.IntRange(0, 24).Draw(t, "site")),
		Tile:     ChurchTile(rapid.IntRange(0, 11).Draw(t, "tile")),
		Pay:      InfluenceColor(rapid.IntRange(0, 5).Draw(t, "pay")),
		Cards: Cards{
			Gold:   uint8(rapid.IntRange(0, 4).Draw(t, "gold")),
			Blue:   uint8(rapid.IntRange(0, 4).Draw(t, "blue")),
			Green:  uint8(rapid.IntRange(0, 4).Draw(t, "green")),
			Yellow: uint8(rapid.IntRange(0, 4).Draw(t, "yellow")),
		},
		Dice: [2]uint8{uint8(rapid.IntRange(0, 7).Draw(t, "die1")), uint8(rapid.IntRange(0, 7).Draw(t, "die2"))},
	}
	if rapid.Bool().Draw(t, "canonical") {
		mv = canonical(mv)
	}
	return mv
}

// perturb changes one field of a move by a small amount.
func perturb(t *rapid.T, mv Move) Move {
	d := rapid.SampledFrom([]int{-1, 1, -2, 2, 7}).Draw(t, "delta")
	switch rapid.IntRange(0, 10).Draw(t, "field") {
	case 0:
		mv.Kind = MoveKind(int(mv.Kind) + d)
	case 1:
		mv.Building = Building(int(mv.Building) + d)
	case 2:
		mv.Square = Square(int(mv.Square) + d)
	case 3:
		mv.From = Square(int(mv.From) + d)
	case 4:
		mv.Row = Row(int(mv.Row) + d)
	case 5:
		mv.Permit = uint8(int(mv.Permit) + d)
	case 6:
		mv.Site = WallSite(int(mv.Site) + d)
	case 7:
		mv.Tile = ChurchTile(int(mv.Tile) + d)
	case 8:
		mv.Pay = InfluenceColor(int(mv.Pay) + d)
	case 9:
		mv.Cards.Gold = uint8(int(mv.Cards.Gold) + d)
	case 10:
		mv.Cards.Blue = uint8(int(mv.Cards.Blue) + d)
	}
	return mv
}

// legalMove draws one of the legal moves, or reports false if there is none.
func (m *machine) legalMove(t *rapid.T) (Move, bool) {
	m.buf = m.g.AppendLegal(m.buf[:0])
	if len(m.buf) == 0 {
		return Move{}, false
	}
	return m.buf[rapid.IntRange(0, len(m.buf)-1).Draw(t, "legal")], true
}

// Legal: apply one of the listed moves.
func (m *machine) Legal(t *rapid.T) {
	mv, ok := m.legalMove(t)
	if !ok {
		t.Skip("game over")
	}
	m.apply(t, mv)
}

// Burst: play a run of random legal moves, to get deep into the game.
func (m *machine) Burst(t *rapid.T) {
	if m.g.Over() {
		t.Skip("game over")
	}
	m.play(t, rapid.IntRange(1, 60).Draw(t, "burst"))
}

// Malformed: apply a move with arbitrary fields.
func (m *machine) Malformed(t *rapid.T) {
	m.try(t, drawMove(t))
}

// Perturbed: apply a legal move with one field changed.
func (m *machine) Perturbed(t *rapid.T) {
	mv, ok := m.legalMove(t)
	if !ok {
		t.Skip("game over")
	}
	m.try(t, perturb(t, mv))
}

// ForcedRoll: roll with arbitrary dice values: {0,0} rolls, two values
// 1–6 force the dice (as a chance node does), anything else is malformed.
func (m *machine) ForcedRoll(t *rapid.T) {
	d1 := uint8(rapid.IntRange(0, 7).Draw(t, "die1"))
	d2 := uint8(rapid.IntRange(0, 7).Draw(t, "die2"))
	rolling := m.g.Phase() == PhaseRoll
	accepted := m.try(t, Move{Kind: Roll, Dice: [2]uint8{d1, d2}})
	plain := d1 == 0 && d2 == 0
	forced := d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6
	if want := rolling && (plain || forced); accepted != want {
		t.Fatalf("forced roll %d %d in the roll phase %v: accepted %v, want %v", d1, d2, rolling, accepted, want)
	}
	if accepted && forced {
		if a, b := m.g.Dice(); a != int(d1) || b != int(d2) {
			t.Fatalf("forced roll %d %d: the dice show %d %d", d1, d2, a, b)
		}
	}
}

// WrongPlayer: apply a move that another player could make if it were
// their decision now.
func (m *machine) WrongPlayer(t *rapid.T) {
	g := m.g
	if g.Over() {
		t.Skip("game over")
	}
	q := uint8(rapid.IntRange(1, int(g.n)-1).Draw(t, "other")+int(g.toMove)) % g.n
	as := *g
	as.toMove = q
	switch as.phase {
	case PhaseDiscard, PhaseShortage, PhaseRebuild:
	default:
		as.active = q
	}
	theirs := as.AppendLegal(nil)
	if len(theirs) == 0 {
		t.Skip("the other player would have no move")
	}
	m.try(t, theirs[rapid.IntRange(0, len(theirs)-1).Draw(t, "theirs")])
}

// OtherPhase: apply a move that was legal in an earlier position of this
// game or in another game, usually in another phase.
func (m *machine) OtherPhase(t *rapid.T) {
	if rapid.Bool().Draw(t, "from other game") || len(m.pool) == 0 {
		o := m.other
		if o.Over() {
			t.Skip("other game over")
		}
		l := o.AppendLegal(nil)
		mv := l[rapid.IntRange(0, len(l)-1).Draw(t, "other move")]
		m.try(t, mv)
		if err := o.Apply(mv); err != nil {
			t.Fatalf("other game: legal %v refused: %v", mv, err)
		}
		return
	}
	m.try(t, m.pool[rapid.IntRange(0, len(m.pool)-1).Draw(t, "pooled")])
}

// ClonePlay: play on a clone and check that the original did not change.
func (m *machine) ClonePlay(t *rapid.T) {
	before := *m.g
	c := m.g.Clone()
	for k := rapid.IntRange(1, 40).Draw(t, "clone moves"); k > 0 && !c.Over(); k-- {
		l := c.AppendLegal(m.buf[:0])
		if err := c.Apply(l[m.r.intn(len(l))]); err != nil {
			t.Fatalf("clone: %v", err)
		}
	}
	if d := diffGames(&before, m.g); d != "" {
		t.Fatalf("play on a clone changed the original (-before +after):\n%s", d)
	}
}

// Twin: apply the same legal move to a clone and to the original; the two
// must end equal (the random source travels with the state).
func (m *machine) Twin(t *rapid.T) {
	mv, ok := m.legalMove(t)
	if !ok {
		t.Skip("game over")
	}
	c := m.g.Clone()
	if err := c.Apply(mv); err != nil {
		t.Fatalf("clone: legal %v refused: %v", mv, err)
	}
	m.apply(t, mv)
	if d := diffGames(c, m.g); d != "" {
		t.Fatalf("%v on a clone and on the original differ (-clone +original):\n%s", mv, d)
	}
}

// Replay: replay the log from New on a fresh game; it must reach the same
// state.
func (m *machine) Replay(t *rapid.T) {
	r, err := New(m.cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, mv := range m.log {
		if err := r.Apply(mv); err != nil {
			t.Fatalf("replay move %d %v: %v", i, mv, err)
		}
	}
	if d := diffGames(m.g, r); d != "" {
		t.Fatalf("replay of %d moves differs (-game +replay):\n%s", len(m.log), d)
	}
}

// Check runs after every action: Validate passes; Legal is non-empty unless
// the game is over, has no duplicates, and lists moves only for the
// deciding player.
func (m *machine) Check(t *rapid.T) {
	g := m.g
	if err := g.Validate(); err != nil {
		t.Fatalf("%v", err)
	}
	if msg := conservation(g); msg != "" {
		t.Fatal(msg)
	}
	legal := g.AppendLegal(m.buf[:0])
	m.buf = legal
	if g.Over() != (len(legal) == 0) {
		t.Fatalf("over %v with %d legal moves in %v", g.Over(), len(legal), g.Phase())
	}
	for i, mv := range legal {
		for _, o := range legal[:i] {
			if o == mv {
				t.Fatalf("Legal lists %v twice", mv)
			}
		}
		if why := notTheDecider(g, mv); why != "" {
			t.Fatalf("Legal lists %v in %v for player %d: %s", mv, g.Phase(), g.ToMove(), why)
		}
	}
	if len(legal) > 0 {
		mv := legal[int(uint(len(m.log))%uint(len(legal)))]
		if len(m.pool) < 256 {
			m.pool = append(m.pool, mv)
		} else {
			m.pool[len(m.log)%256] = mv
		}
	}
}

// notTheDecider returns why a listed move is not the deciding player's to
// make ("" if nothing is wrong): it moves or upgrades a permit that is not
// theirs, places a permit value they do not hold, discards or returns cards
// they do not hold or owe, rebuilds a starter they do not await, builds a
// player building not in their supply, or pays with a colour they lack.
func notTheDecider(g *Game, mv Move) string {
	p := g.ToMove()
	if p == NoPlayer {
		return "nobody decides"
	}
	switch g.Phase() {
	case PhaseDiscard, PhaseShortage, PhaseRebuild:
	default:
		if p != g.Active() {
			return "the decider is not the player whose turn it is"
		}
	}
	if mv.Pay != NoInfluence && g.Influence(p, mv.Pay) == 0 {
		return "pays with a colour the player lacks"
	}
	switch mv.Kind {
	case MovePermit, UpgradePermit:
		sq := mv.From
		if mv.Kind == UpgradePermit {
			sq = mv.Square
		}
		if c := g.At(sq); !c.HasPermit || c.PermitOwner != p {
			return "the permit on that square is not theirs"
		}
	case PlacePermit, BonusPermit:
		if g.PermitSquare(p, int(mv.Permit)) != InSupply {
			return "that permit value is not in their supply"
		}
	case Discard, ReturnInfluence:
		h := g.Hand(p)
		if mv.Cards.Gold > h.Gold || mv.Cards.Blue > h.Blue || mv.Cards.Green > h.Green || mv.Cards.Yellow > h.Yellow {
			return "cards the player does not hold"
		}
		if mv.Cards.Total() != g.Pending(p) {
			return "not the number of cards the player owes"
		}
	case Rebuild, DeclineRebuild:
		if !g.RebuildPending(p, mv.Building) {
			return "a starter the player does not await"
		}
	case Build:
		if !mv.Building.Neutral() && g.BuildingOrigin(p, mv.Building) != InSupply {
			return "a player building not in their supply"
		}
	}
	return ""
}

// TestStateMachine runs the state machine over random seeds and player
// counts.
func TestStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := newMachine(t)
		t.Repeat(rapid.StateMachineActions(m))
	})
}

// TestNotTheDeciderCatches checks the state machine's "moves only for the
// deciding player" check itself: moves that only another player could make
// are caught, and the decider's own listed moves are not.
func TestNotTheDeciderCatches(t *testing.T) {
	g := newTestGame(t, 2)
	setPhase(g, PhaseBonus, 0)
	setShip(g, 5)
	setGold(t, g, 0, 4)
	setInfluence(t, g, 0, 1, 1, 1)
	setInfluence(t, g, 1, 0, 0, 0)
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	placePermit(t, g, 1, 4, sqr(t, "d6"))
	mustValid(t, g)
	for _, mv := range g.Legal() {
		if why := notTheDecider(g, mv); why != "" {
			t.Errorf("the decider's own move %v is flagged: %s", mv, why)
		}
	}
	other := *g
	setPhase(&other, PhaseBonus, 1)
	setInfluence(t, &other, 1, 2, 0, 0)
	flagged := 0
	for _, mv := range other.Legal() {
		if mv.Kind == EndTurn || mv.Kind == BonusGold {
			continue // anybody's to make
		}
		if why := notTheDecider(g, mv); why == "" {
			t.Errorf("player 1's move %v is not flagged for player 0", mv)
		}
		flagged++
	}
	if flagged == 0 {
		t.Fatal("player 1 has no move of their own to check")
	}
	cases := []struct {
		name  string
		phase Phase
		mv    Move
	}{
		{"discard cards not held", PhaseDiscard, Move{Kind: Discard, Cards: Cards{Gold: 5}}},
		{"return cards not owed", PhaseShortage, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 1}}},
		{"rebuild not awaited", PhaseRebuild, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "a2")}},
		{"build a hut on the board", PhaseBuild, Move{Kind: Build, Building: Hut, Square: sqr(t, "a2")}},
		{"pay with a colour lacked", PhaseBuild, Move{Kind: Build, Building: Tavern, Square: sqr(t, "a2"), Pay: InfluenceBlue}},
		{"place a permit on the board", PhaseBonus, Move{Kind: BonusPermit, Permit: 2, Square: sqr(t, "a2")}},
		{"upgrade another's permit", PhaseBonus, Move{Kind: UpgradePermit, Square: sqr(t, "d6"), Permit: 3, Pay: InfluenceGreen}},
	}
	for _, tc := range cases {
		c := *g
		setInfluence(t, &c, 0, 0, 1, 0)
		setPhase(&c, tc.phase, 0)
		if c.phase == PhaseDiscard {
			c.pending[0] = 1
		}
		if why := notTheDecider(&c, tc.mv); why == "" {
			t.Errorf("%s: %v is not flagged", tc.name, tc.mv)
		}
	}
}
