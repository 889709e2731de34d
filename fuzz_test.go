package elasund

// Native Go fuzz targets (go test -fuzz=FuzzX). Without -fuzz each one runs
// as a plain test over its seed corpus: the f.Add entries and the files
// under testdata/fuzz/FuzzX/.
//
//	FuzzApply      decoded moves applied to positions of seeded random games
//	               (this file)
//	FuzzNew        New with arbitrary configurations (fuzz_new_test.go)
//	FuzzParseMove  the move notation: ParseMove of arbitrary text, and the
//	               round trip of every canonical move (fuzz_notation_test.go)
//
// The targets of the saved forms (FuzzUnmarshalBinary, FuzzUnmarshalJSON,
// FuzzParseRecord) are beside the codec and record tests. Their inputs are
// long to minimize: fuzz them with -fuzzminimizetime=1000x, as CI does
// (.ci/run says why), or a minimization that runs out of time restarts
// its worker and loses its runs.

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
)

// ---------------------------------------------------------------------------
// Positions from seeded random games.

// fuzzMaxSteps bounds the random moves played to reach a FuzzApply position.
// Random games end after about 320 (2 players) to 470 (4 players) moves, so
// the bound reaches the end of most games.
const fuzzMaxSteps = 1200

// fuzzConfig decodes FuzzApply's players byte: 2+players%3 players; of
// v = players/3, bit 0 chooses the miser policy (see fuzzPick) and v/2,
// when odd, a turn limit of twice that (2 to 82 turns), else none. The
// rule options (§12) come from the two high bits of the steps: bit 14 turns
// on AdjacentPermitRows, bit 15 ShortageVoidsIncome (fuzzRules), and the
// other 14 bits count the moves (fuzzPosition). Steps below 16384, as in
// every corpus file written before the options existed, keep the default
// rules and their meaning.
func fuzzConfig(players uint8, seed uint64, steps uint16) (Config, bool) {
	v := players / 3
	c := Config{Players: 2 + int(players%3), Seed: seed, Rules: fuzzRules(steps)}
	if mt := int(v / 2); mt%2 == 1 {
		c.MaxTurns = 2 * mt
	}
	return c, v%2 == 1
}

// fuzzEnglish is the bits of FuzzApply's steps that select the English
// edition (see fuzzConfig).
const fuzzEnglish = 0xc000

// fuzzRules decodes the rule options from FuzzApply's steps (see
// fuzzConfig).
func fuzzRules(steps uint16) Rules {
	var r Rules
	if steps&(1<<14) != 0 {
		r |= AdjacentPermitRows
	}
	if steps&(1<<15) != 0 {
		r |= ShortageVoidsIncome
	}
	return r
}

// fuzzPick chooses the next move of a seeded random game. The uniform
// policy picks any legal move. The miser policy never spends: it ends its
// builds, takes the 2 gold and ends its turn whenever it may, so the bank and
// the influence deck run dry and positions in a shortage (PhaseShortage),
// which uniform random play almost never reaches, come up.
func fuzzPick(buf []Move, r *chooser, miser bool) Move {
	if miser {
		for _, k := range [...]MoveKind{EndBuilding, TakeGold, EndTurn} {
			for _, m := range buf {
				if m.Kind == k {
					return m
				}
			}
		}
	}
	return buf[r.intn(len(buf))]
}

// fuzzSnapEvery is how often (in moves) fuzzPosition keeps a snapshot of a
// seeded game, and fuzzTrackLimit how many games it keeps them for.
const (
	fuzzSnapEvery  = 8
	fuzzTrackLimit = 64
)

// fuzzSnap is a seeded game after some moves, with its move chooser.
type fuzzSnap struct {
	g Game
	r chooser
}

// fuzzTracks caches, per (players, rules, seed), snapshots of the seeded game every
// fuzzSnapEvery moves: inputs that differ only in steps or moves then do not
// replay the game from the start. Play is deterministic, so a snapshot is
// the position a replay would reach.
var fuzzTracks struct {
	sync.Mutex
	m map[[2]uint64][]fuzzSnap // key: players | rules<<8, seed
}

// fuzzPosition starts the game FuzzApply's players, seed and steps decode
// to (fuzzConfig) and plays (steps&^fuzzEnglish)%fuzzMaxSteps moves of it (fewer if the game ends first),
// checking each move it plays with Validate.
func fuzzPosition(t testing.TB, players uint8, seed uint64, steps uint16) *Game {
	t.Helper()
	c, miser := fuzzConfig(players, seed, steps)
	key := [2]uint64{uint64(players) | uint64(c.Rules)<<8, seed}
	fuzzTracks.Lock()
	defer fuzzTracks.Unlock()
	snaps := fuzzTracks.m[key]
	if snaps == nil {
		g, err := New(c)
		if err != nil {
			t.Fatalf("New(%+v): %v", c, err)
		}
		snaps = []fuzzSnap{{*g, *newChooser(seed)}}
	}
	target := int(steps&^fuzzEnglish) % fuzzMaxSteps
	i := min(target/fuzzSnapEvery, len(snaps)-1)
	cur := snaps[i]
	g, r := &cur.g, &cur.r
	var buf []Move
	for step := i * fuzzSnapEvery; step < target && !g.Over(); step++ {
		buf = g.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("step %d: no legal move in phase %v", step, g.Phase())
		}
		m := fuzzPick(buf, r, miser)
		if err := g.Apply(m); err != nil {
			t.Fatalf("step %d: listed move %v refused: %v", step, m, err)
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("step %d after %v: %v", step, m, err)
		}
		if (step+1)%fuzzSnapEvery == 0 && (step+1)/fuzzSnapEvery == len(snaps) {
			snaps = append(snaps, cur)
		}
	}
	if fuzzTracks.m == nil || len(fuzzTracks.m) >= fuzzTrackLimit {
		fuzzTracks.m = make(map[[2]uint64][]fuzzSnap)
	}
	fuzzTracks.m[key] = snaps
	return g
}

// TestFuzzPositionSnapshots checks that fuzzPosition gives the same
// position from its snapshots, asked in any order, as from a replay from the
// start with no snapshots.
func TestFuzzPositionSnapshots(t *testing.T) {
	fresh := func(players uint8, seed uint64, steps uint16) Game {
		fuzzTracks.Lock()
		fuzzTracks.m = nil
		fuzzTracks.Unlock()
		return *fuzzPosition(t, players, seed, steps)
	}
	for _, players := range []uint8{2, 3, 31} { // 4 players; 2 players, miser; 3 players, 10 turns
		want := map[uint16]Game{}
		order := []uint16{0, 1, 7, 8, 9, 31, 32, 33, 500, 64, 63, 1199, 700, 100, 15}
		// The same steps with the English edition's rules (§12), another
		// game, asked in between.
		for _, steps := range slices.Clone(order) {
			order = append(order, steps|fuzzEnglish)
		}
		for _, steps := range order {
			want[steps] = fresh(players, 5, steps)
			if r := want[steps].rules; r != fuzzRules(steps) {
				t.Fatalf("players byte %d, steps %#x: the game plays %v rules", players, steps, r)
			}
		}
		fuzzTracks.Lock()
		fuzzTracks.m = nil
		fuzzTracks.Unlock()
		for i := range 2 * len(order) {
			steps := order[i*7%len(order)] // default and English games interleaved
			if got := *fuzzPosition(t, players, 5, steps); got != want[steps] {
				w := want[steps]
				t.Fatalf("players byte %d, %d steps: from snapshots (-replay +snapshots):\n%s", players, steps, diffGames(&w, &got))
			}
		}
	}
}

// fuzzPhaseSeeds chooses, for each phase, a (players, seed, steps) input
// of fuzzPosition whose position is in that phase, so that the seed corpus
// covers every phase: among the positions of a few seeded games, the one
// with the most kinds of legal moves and then the most legal moves (the
// first on a tie), where changed legal moves run into the most rules. The games are 4, 2 and 3 players by seed, each
// played uniformly, by the miser policy and uniformly with the 26-turn
// limit (players bytes 0–2, 3–5 and 78–80; see fuzzConfig), with the rule
// options the steps bits rules select (0 or fuzzEnglish).
func fuzzPhaseSeeds(rules uint16) (found [PhaseOver + 1]struct {
	players uint8
	seed    uint64
	steps   uint16
	score   int
	ok      bool
}) {
	var buf []Move
	for seed := range uint64(12) {
		n := uint8(seed+2) % 3
		for _, players := range [...]uint8{n, 3 + n, 78 + n} {
			c, miser := fuzzConfig(players, seed, rules)
			g, err := New(c)
			if err != nil {
				continue
			}
			r := newChooser(seed)
			for step := 0; step < fuzzMaxSteps; step++ {
				buf = g.AppendLegal(buf[:0])
				var kinds [numKinds]bool
				score := len(buf)
				for _, m := range buf {
					if !kinds[m.Kind] {
						kinds[m.Kind] = true
						score += 1 << 16
					}
				}
				if f := &found[g.Phase()]; !f.ok || score > f.score {
					f.players, f.seed, f.steps, f.score, f.ok = players, seed, uint16(step)|rules, score, true
				}
				if g.Over() || g.Apply(fuzzPick(buf, r, miser)) != nil {
					break // fuzzPosition reports a refused move
				}
			}
		}
	}
	return found
}

// ---------------------------------------------------------------------------
// Decoding fuzz bytes into moves.

// fuzzBytes reads fuzz input byte by byte; once exhausted it reads zeros.
type fuzzBytes struct{ b []byte }

func (r *fuzzBytes) more() bool { return len(r.b) > 0 }

func (r *fuzzBytes) next() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// The fields of a Move, as fuzzMoveField numbers them.
const numMoveFields = 15

// fuzzMoveField returns a pointer to field i (0 ≤ i < numMoveFields) of m:
// Kind, Building, Square, From, Row, Permit, Site, Tile, Pay, the four card
// counts and the two dice. Every field is one byte wide.
func fuzzMoveField(m *Move, i int) *uint8 {
	switch i {
	case 0:
		return (*uint8)(&m.Kind)
	case 1:
		return (*uint8)(&m.Building)
	case 2:
		return (*uint8)(&m.Square)
	case 3:
		return (*uint8)(&m.From)
	case 4:
		return (*uint8)(&m.Row)
	case 5:
		return &m.Permit
	case 6:
		return (*uint8)(&m.Site)
	case 7:
		return (*uint8)(&m.Tile)
	case 8:
		return (*uint8)(&m.Pay)
	case 9:
		return &m.Cards.Gold
	case 10:
		return &m.Cards.Blue
	case 11:
		return &m.Cards.Green
	case 12:
		return &m.Cards.Yellow
	case 13:
		return &m.Dice[0]
	}
	return &m.Dice[1]
}

// fuzzRanges are the ranges the "fields in range" mode takes each field
// modulo: every kind (with NoMove), building, square, row index, permit
// value, wall site, tile (with 0), colour (with none), small card counts
// and die faces (with 0).
var fuzzRanges = [numMoveFields]int{19, 10, NumSquares, NumSquares, NumRows, PermitsPerPlayer,
	numWallSites, ChurchTiles + 1, 4, 4, 4, 4, 4, 7, 7}

// fuzzDeltas are the small changes the "perturbed" mode makes to a field:
// one and two steps, and for squares one row north or south.
var fuzzDeltas = [8]int{1, -1, 2, -2, NumColumns, -NumColumns, NumColumns + 1, -NumColumns - 1}

// fuzzUsedFields returns the fields (as fuzzMoveField numbers them) that
// moves of kind k use: those canonical keeps.
func fuzzUsedFields(k MoveKind) []int {
	var used []int
	for i := 1; i < numMoveFields; i++ {
		m := Move{Kind: k}
		*fuzzMoveField(&m, i) = 1
		if canonical(m) == m {
			used = append(used, i)
		}
	}
	return used
}

// decodeMove reads one move. Its first byte chooses how, so that the
// decoded moves range from surely legal to arbitrary bytes:
//
//	mode%4 == 0: the k-th legal move (k modulo their number; k is the next
//	             byte, or the next two, big-endian, when there are more
//	             than 256 legal moves);
//	mode%4 == 1: the k-th legal move with one or two (bit 2 of mode)
//	             fields changed, each by a field byte and a value byte. The
//	             field is one the kind uses (fuzzUsedFields), or with bit 3
//	             of mode any field. A value below 128 adds a small delta
//	             (fuzzDeltas), one above sets the field to value-128 or, for
//	             squares, to twice that;
//	mode%4 == 2: every field a raw byte;
//	mode%4 == 3: every field in its range (fuzzRanges), then only the
//	             fields the kind uses kept (canonical), so the move passes
//	             the form checks and reaches the rules.
//
// When there is no legal move (the game is over), modes 0 and 1 start
// from the zero Move. With bit 4 of mode set, the move is tried on a copy
// of the game (tryOnly), so that the moves after it see the same position.
func decodeMove(r *fuzzBytes, legal []Move) (m Move, tryOnly bool) {
	mode := r.next()
	tryOnly = mode>>4%2 == 1
	switch mode % 4 {
	case 0, 1:
		k := int(r.next())
		if len(legal) > 256 {
			k = k<<8 | int(r.next())
		}
		if len(legal) > 0 {
			m = legal[k%len(legal)]
		}
		if mode%4 == 0 {
			return m, tryOnly
		}
		used := fuzzUsedFields(m.Kind)
		for range 1 + int(mode>>2)%2 {
			i := int(r.next())
			if mode>>3%2 == 0 && len(used) > 0 {
				i = used[i%len(used)]
			} else {
				i %= numMoveFields
			}
			v := r.next()
			f := fuzzMoveField(&m, i)
			switch {
			case v < 128:
				*f = uint8(int(*f) + fuzzDeltas[v%8])
			case i == 2 || i == 3:
				*f = (v - 128) * 2
			default:
				*f = v - 128
			}
		}
	case 2:
		for i := range numMoveFields {
			*fuzzMoveField(&m, i) = r.next()
		}
	case 3:
		for i := range numMoveFields {
			*fuzzMoveField(&m, i) = uint8(int(r.next()) % fuzzRanges[i])
		}
		m.Row = rowNumbers[m.Row]
		m = canonical(m)
	}
	return m, tryOnly
}

// seedK writes k as decodeMove reads the index of one of n legal moves.
func seedK(k, n int) []byte {
	if n > 256 {
		return []byte{byte(k >> 8), byte(k)}
	}
	return []byte{byte(k)}
}

// seedRaw writes a move for FuzzApply's seed corpus in decodeMove's mode 2
// (its raw fields), followed by the two bytes fuzzProbe reads.

func seedRaw(m Move) []byte {
	b := []byte{2}
	for i := range numMoveFields {
		b = append(b, *fuzzMoveField(&m, i))
	}
	return append(b, 3, 3)
}

// ---------------------------------------------------------------------------
// FuzzApply.

// rawMove is a Move without its String method, so that %#v prints every
// field's number.
type rawMove Move

// moveDesc describes m for a failure message: its notation and its fields.
func moveDesc(m Move) string { return fmt.Sprintf("%q %#v", m.String(), rawMove(m)) }

// kindPhase is the phase each kind of move is played in, as the comments of
// the MoveKind constants give it.
var kindPhase = map[MoveKind]Phase{
	Roll: PhaseRoll, Steer: PhaseSteer, Pirates: PhasePirates, Discard: PhaseDiscard,
	ReturnInfluence: PhaseShortage, Build: PhaseBuild, BuildWall: PhaseBuild,
	BuildChurch: PhaseBuild, KeepChurchTile: PhaseChurchChoice, Rebuild: PhaseRebuild,
	EndBuilding: PhaseBuild, PlacePermit: PhasePermit, TakeGold: PhasePermit,
	MovePermit: PhaseBonus, UpgradePermit: PhaseBonus, BonusPermit: PhaseBonus,
	BonusGold: PhaseBonus, EndTurn: PhaseBonus, DeclineRebuild: PhaseRebuild,
}

// fuzzMaxMoves bounds the moves decoded from one FuzzApply input. Bytes past
// them are ignored, which keeps inputs short: the fuzzer's minimization of
// a new input takes time quadratic in its length.
const fuzzMaxMoves = 16

// FuzzApply builds a position of a seeded random game (fuzzPosition: all
// phases from roll to over come up, under each combination of the rule
// options of §12) and applies moves decoded from the fuzz
// bytes (decodeMove), or tries them on a copy. For every move: nothing
// panics; Check and IsLegal leave the game alone and agree; IsLegal agrees
// with Legal (every move it accepts is listed, but for a Roll with forced
// dice); Apply succeeds exactly when IsLegal says so. An applied move leaves a state
// that passes Validate and the conservation checks, and applying it to a
// copy of the position gives the same state. A refused move returns a
// *MoveError for that move and phase, with a Reason whose Text is its
// Rule, that wraps ErrIllegalMove, equals
// Check's error, wraps ErrGameOver when the game is over and
// ErrMalformedMove or ErrWrongPhase when the kind is unknown, a field the
// kind does not use is set or the phase is not the kind's, and leaves the
// game exactly as it was. Accessors are called with arbitrary arguments
// after every move and must not panic or change the game.
func FuzzApply(f *testing.F) {
	// Entries for each phase, each trying changed legal moves on the phase's
	// position (bit 4 of decodeMove's mode). The first ones take the first
	// legal move of each kind and change each field it uses by +1 and by −1
	// (sixteen moves an entry). The next spreads sixteen moves over the list
	// of legal moves and changes two fields of each, one up and one down (for
	// cards: one card given up for another). For the build phase also one
	// that changes any field.
	byKind := func(g *Game) (moves [][]byte) {
		legal := g.Legal()
		var seen [256]bool
		for k, m := range legal {
			if seen[m.Kind] {
				continue
			}
			seen[m.Kind] = true
			for f := range fuzzUsedFields(m.Kind) {
				for v := range byte(2) {
					moves = append(moves, slices.Concat([]byte{1 | 16}, seedK(k, len(legal)), []byte{byte(f), v, 0, 0}))
				}
			}
		}
		return moves
	}
	spread := func(g *Game, mode byte, changes func(i byte) []byte) []byte {
		var b []byte
		n := len(g.Legal())
		for i := range byte(fuzzMaxMoves) {
			b = slices.Concat(b, []byte{mode}, seedK(int(i)*n/fuzzMaxMoves, n), changes(i), []byte{i, 0})
		}
		return b
	}
	// The same for games with the English edition's rules (§12).
	found := fuzzPhaseSeeds(0)
	english := fuzzPhaseSeeds(fuzzEnglish)
	for ph, s := range slices.Concat(found[:], english[:]) {
		ph %= len(found)
		if !s.ok {
			f.Fatalf("no seeded random game reaches phase %v; the seed corpus would miss it", Phase(ph))
		}
		g := fuzzPosition(f, s.players, s.seed, s.steps)
		if g.Phase() != Phase(ph) {
			f.Fatalf("fuzzPosition(%d, %d, %d) is in phase %v, want %v", s.players, s.seed, s.steps, g.Phase(), Phase(ph))
		}
		for moves := byKind(g); len(moves) > 0; {
			n := min(len(moves), fuzzMaxMoves)
			f.Add(s.players, s.seed, s.steps, slices.Concat(moves[:n]...))
			moves = moves[n:]
		}
		f.Add(s.players, s.seed, s.steps, spread(g, 1|4|16, func(i byte) []byte { return []byte{i, 0, i + 1, 1} }))
		if Phase(ph) == PhaseBuild {
			f.Add(s.players, s.seed, s.steps, spread(g, 1|8|16, func(i byte) []byte { return []byte{i % numMoveFields, i % 2} }))
		}
	}
	// Sixteen legal moves, the first, second or third, of a 3-player game.
	var walk []byte
	g := fuzzPosition(f, 1, 2, 100)
	for i := 0; i < fuzzMaxMoves && !g.Over(); i++ {
		legal := g.Legal()
		k := i % 3 % len(legal)
		walk = slices.Concat(walk, []byte{0}, seedK(k, len(legal)), []byte{byte(i), 0})
		mustApply(f, g, legal[k])
	}
	f.Add(uint8(1), uint64(2), uint16(100), walk)
	f.Add(uint8(0), uint64(1), uint16(0), []byte{})      // a new game, no moves
	f.Add(uint8(2), uint64(7), uint16(0), slices.Concat( // forced roll 6 1, then the pirates
		seedRaw(Move{Kind: Roll, Dice: [2]uint8{6, 1}}), seedRaw(Move{Kind: Pirates, Row: 7}),
		seedRaw(Move{Kind: Pirates, Row: 12, Pay: InfluenceBlue}), seedRaw(Move{Kind: Pirates, Row: 12})))
	f.Add(uint8(0), uint64(3), uint16(0), slices.Concat( // forced dice out of range, then 1 1 twice
		seedRaw(Move{Kind: Roll, Dice: [2]uint8{0, 3}}), seedRaw(Move{Kind: Roll, Dice: [2]uint8{7, 1}}),
		seedRaw(Move{Kind: Roll, Dice: [2]uint8{1, 1}}), seedRaw(Move{Kind: Roll, Dice: [2]uint8{1, 1}})))
	f.Add(uint8(4), uint64(11), uint16(5), []byte{3, 6, 3, 40, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 9, 9}) // "build house e6 pay blue" from fields in range
	f.Add(uint8(255), uint64(math.MaxUint64), uint16(math.MaxUint16), []byte{255, 255, 255, 255})

	f.Fuzz(func(t *testing.T, players uint8, seed uint64, steps uint16, moves []byte) {
		g := fuzzPosition(t, players, seed, steps)
		r := &fuzzBytes{moves}
		var legal []Move
		for i := 0; i < fuzzMaxMoves && r.more(); i++ {
			legal = g.AppendLegal(legal[:0])
			if g.Over() != (len(legal) == 0) || g.Over() != (g.ToMove() == NoPlayer) {
				t.Fatalf("phase %v: %d legal moves, ToMove %d", g.Phase(), len(legal), g.ToMove())
			}
			m, tryOnly := decodeMove(r, legal)
			if tryOnly {
				c := *g
				fuzzCheckMove(t, &c, m, legal)
			} else {
				fuzzCheckMove(t, g, m, legal)
			}
			fuzzProbe(t, g, r.next(), r.next())
		}
	})
}

// fuzzCheckMove applies m to g and checks the outcome (see FuzzApply).
func fuzzCheckMove(t *testing.T, g *Game, m Move, legal []Move) {
	t.Helper()
	before := *g
	isLegal := g.IsLegal(m)
	cerr := g.Check(m)
	if *g != before {
		t.Fatalf("IsLegal/Check(%s) changed the game:\n%s", moveDesc(m), diffGames(&before, g))
	}
	forcedRoll := m.Kind == Roll && m.Dice != [2]uint8{}
	if isLegal != (cerr == nil && !forcedRoll) {
		t.Fatalf("IsLegal(%s) = %v but Check = %v", moveDesc(m), isLegal, cerr)
	}
	if listed := slices.Contains(legal, m); listed != isLegal {
		t.Fatalf("phase %v: IsLegal(%s) = %v, but listed by Legal = %v (%v)", g.Phase(), moveDesc(m), isLegal, listed, cerr)
	}
	err := g.Apply(m)
	if (err == nil) != (cerr == nil) {
		t.Fatalf("Apply(%s) = %v but Check = %v", moveDesc(m), err, cerr)
	}
	if err == nil {
		if verr := g.Validate(); verr != nil {
			t.Fatalf("after Apply(%s) in phase %v: %v", moveDesc(m), before.phase, verr)
		}
		if msg := conservation(g); msg != "" {
			t.Fatalf("after Apply(%s) in phase %v: %s", moveDesc(m), before.phase, msg)
		}
		again := before
		if err := again.Apply(m); err != nil || again != *g {
			t.Fatalf("Apply(%s) on a copy of the position: %v, or a different state:\n%s", moveDesc(m), err, diffGames(g, &again))
		}
		return
	}
	if *g != before {
		t.Fatalf("refused Apply(%s) changed the game (-before +after):\n%s", moveDesc(m), diffGames(&before, g))
	}
	if !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("Apply(%s) error %v does not wrap ErrIllegalMove", moveDesc(m), err)
	}
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("Apply(%s) error %T is not a *MoveError", moveDesc(m), err)
	}
	if me.Move != m || me.Phase != before.phase || me.Reason == NoReason || me.Rule != me.Reason.Rule() {
		t.Fatalf("Apply(%s) in phase %v: MoveError names move %s, phase %v, reason %v, rule %q", moveDesc(m), before.phase, moveDesc(me.Move), me.Phase, me.Reason, me.Rule)
	}
	if err.Error() != cerr.Error() {
		t.Fatalf("Apply(%s) error %q, Check said %q", moveDesc(m), err, cerr)
	}
	over, wrong, malformed := errors.Is(err, ErrGameOver), errors.Is(err, ErrWrongPhase), errors.Is(err, ErrMalformedMove)
	ph, known := kindPhase[m.Kind]
	switch {
	case before.phase == PhaseOver:
		if !over {
			t.Fatalf("Apply(%s) after the game: %v does not wrap ErrGameOver", moveDesc(m), err)
		}
	case over:
		t.Fatalf("Apply(%s) in phase %v: %v wraps ErrGameOver", moveDesc(m), before.phase, err)
	case !known:
		if !malformed {
			t.Fatalf("Apply(%s) of an unknown kind: %v does not wrap ErrMalformedMove", moveDesc(m), err)
		}
	case canonical(m) != m || ph != before.phase:
		if !malformed && !wrong {
			t.Fatalf("Apply(%s) in phase %v: %v wraps neither ErrMalformedMove nor ErrWrongPhase", moveDesc(m), before.phase, err)
		}
	case wrong:
		t.Fatalf("Apply(%s) in its phase %v: %v wraps ErrWrongPhase", moveDesc(m), before.phase, err)
	}
}

// fuzzProbe calls the accessors that take arguments with values from two
// fuzz bytes, in and out of range, and checks that none panics or changes
// the game.
func fuzzProbe(t *testing.T, g *Game, a, b byte) {
	t.Helper()
	before := *g
	p := Player(int8(a))
	if a%2 == 0 {
		p = Player(a%6) - 1 // NoPlayer, the seats and one past them
	}
	s, row, bld := Square(b), Row(b%14), Building(b%11)
	ic, tile, site := InfluenceColor(b%5), ChurchTile(b%11), WallSite(b)
	_ = g.At(s)
	_ = g.IsEmpty(s)
	_ = g.BuildingOrigin(p, bld)
	_ = g.NeutralSupply(bld)
	_, _ = g.CubesPlaced(p), g.CubesInSupply(p)
	_ = g.CubeSpots(p)
	_ = g.RebuildPending(p, bld)
	_, _, _ = g.Gold(p), g.Influence(p, ic), g.Hand(p)
	_, _ = g.ChurchSquare(tile), g.ChurchTileOwner(tile)
	_, _ = g.Color(p), g.PlayerOf(Color(b))
	_ = g.Pending(p)
	_ = g.PermitSquare(p, int(int8(b)))
	_ = g.PermitsInSupply(p)
	_ = g.CubesInRow(p, row)
	_, _ = g.TradePoints(p), g.TradeDisk(p)
	_ = g.HasMilestoneCube(p, int(int8(b)))
	_ = g.MilestoneCubes(int(int8(b)))
	_, _ = g.Wall(site)
	_ = g.WallTilesLeft(p)
	_ = g.Buildings()
	_ = g.PermitRows()
	_, _, _, _ = g.Active(), g.ToMove(), g.FirstPlayer(), g.Winner()
	_, _, _, _ = g.Turn(), g.BuildsLeft(), g.Ship(), g.PiratesPool()
	_, _, _ = g.Bank(), g.DeckSize(), g.DiscardPile()
	_, _ = g.ChurchOrigin(), g.ChurchTilesLeft()
	_, _ = g.ChurchChoice()
	_, _ = g.Dice()
	if *g != before {
		t.Fatalf("an accessor changed the game:\n%s", diffGames(&before, g))
	}
}
