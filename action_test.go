package elasund

import (
	"errors"
	"testing"

	"pgregory.net/rapid"
)

// Tests of the fixed integer action space.

// TestActionLayout checks the layout documented on NumActions: the kinds'
// ranges tile [0, NumActions) in MoveKind order with the documented sizes,
// and the tables behind them hold exactly as many moves as their ranges
// (counted here by brute force over the rules' bounds).
func TestActionLayout(t *testing.T) {
	want := map[MoveKind]int{
		Roll: 37, Steer: 10, Pirates: 10, Discard: 714, ReturnInfluence: 1371, Build: 2156,
		BuildWall: 20, BuildChurch: 1, KeepChurchTile: 9, Rebuild: 144, EndBuilding: 1,
		PlacePermit: 1800, TakeGold: 1, MovePermit: 24030, UpgradePermit: 1080,
		BonusPermit: 450, BonusGold: 1, EndTurn: 1, DeclineRebuild: 2,
	}
	next := 0
	for k := Roll; k < numKinds; k++ {
		first, count := ActionRange(k)
		if first != next || count != want[k] {
			t.Errorf("ActionRange(%v) = %d, %d; want %d, %d", k, first, count, next, want[k])
		}
		next = first + count
	}
	if next != NumActions || NumActions != 31838 {
		t.Errorf("the kinds cover %d indices; NumActions is %d, want 31838", next, NumActions)
	}
	for _, k := range []MoveKind{NoMove, numKinds, 200} {
		if f, c := ActionRange(k); f != 0 || c != 0 {
			t.Errorf("ActionRange(%d) = %d, %d; want 0, 0", k, f, c)
		}
	}
	// Brute-force counts of the rules' bounds.
	discards, returns := 0, 0
	for gd := 0; gd <= 9; gd++ {
		for b := 0; b <= 13; b++ {
			for gr := 0; gr <= 13; gr++ {
				for y := 0; y <= 13; y++ {
					if s := gd + b + gr + y; s >= 1 && s <= 9 {
						discards++
					}
					if s := b + gr + y; gd == 0 && s >= 1 && s <= 19 {
						returns++
					}
				}
			}
		}
	}
	builds := 0
	for b := House; b <= LargeBuilding; b++ {
		for s := Square(0); s < NumSquares; s++ {
			if InCity(s, 4) && s.col()+b.Width() <= NumColumns && s.ri()+b.Height() <= NumRows {
				builds += 4
			}
		}
	}
	// Starters: the 4-player city has every square and every trade field
	// of the smaller ones (f2 and f12 lie outside the 2-player city).
	huts, totems := 0, 0
	for s := Square(0); s < NumSquares; s++ {
		if TradeValue(s, 4) == 0 {
			huts++
			if s.ri() < NumRows-1 && TradeValue(s+NumColumns, 4) == 0 {
				totems++
			}
		}
	}
	if discards != 714 || returns != 1371 || builds != 2156 || huts != 76 || totems != 68 {
		t.Errorf("counted %d discards, %d returns, %d builds, %d hut and %d totem rebuilds", discards, returns, builds, huts, totems)
	}
}

// TestActionIndexIsABijection decodes every index and encodes it back: each
// index names one well-formed move (its notation parses back to it), and
// distinct indices name distinct moves.
func TestActionIndexIsABijection(t *testing.T) {
	seen := make(map[Move]int, NumActions)
	for i := 0; i < NumActions; i++ {
		m, err := MoveFromIndex(i)
		if err != nil {
			t.Fatalf("MoveFromIndex(%d): %v", i, err)
		}
		if got := m.Index(); got != i {
			t.Fatalf("MoveFromIndex(%d) = %v, whose Index is %d", i, m, got)
		}
		if canonical(m) != m || fieldRanges(m) != NoReason {
			t.Fatalf("MoveFromIndex(%d) = %v is not well formed", i, m)
		}
		if pm, err := ParseMove(m.String()); err != nil || pm != m {
			t.Fatalf("MoveFromIndex(%d) = %v does not round-trip its notation: %v, %v", i, m, pm, err)
		}
		if j, dup := seen[m]; dup {
			t.Fatalf("indices %d and %d both name %v", j, i, m)
		}
		seen[m] = i
	}
	for _, i := range []int{-1, NumActions, NumActions + 1, -1 << 40} {
		if m, err := MoveFromIndex(i); !errors.Is(err, ErrActionIndex) || m != (Move{}) {
			t.Errorf("MoveFromIndex(%d) = %v, %v; want ErrActionIndex", i, m, err)
		}
	}
}

// TestActionIndexRefusesImpossibleMoves: moves that no position allows
// have no index.
func TestActionIndexRefusesImpossibleMoves(t *testing.T) {
	c5 := sqr(t, "c5")
	for _, m := range []Move{
		{},
		{Kind: numKinds},
		{Kind: Roll, Dice: [2]uint8{0, 3}},
		{Kind: Roll, Dice: [2]uint8{7, 1}},
		{Kind: Roll, Row: 5},
		{Kind: Steer, Row: 7},
		{Kind: Pirates, Row: 13},
		{Kind: Discard},
		{Kind: Discard, Cards: Cards{Gold: 5, Blue: 5}},
		{Kind: Discard, Cards: Cards{Yellow: 200}},
		{Kind: ReturnInfluence},
		{Kind: ReturnInfluence, Cards: Cards{Gold: 1, Blue: 1}},
		{Kind: ReturnInfluence, Cards: Cards{Blue: 14}},
		{Kind: ReturnInfluence, Cards: Cards{Blue: 7, Green: 7, Yellow: 6}},
		{Kind: Build, Building: Hut, Square: c5},
		{Kind: Build, Building: LargeBuilding, Square: sqr(t, "i2")},
		{Kind: Build, Building: LargeBuilding, Square: sqr(t, "a11")},
		{Kind: Build, Building: Well, Square: NoSquare},
		{Kind: Build, Building: Well, Square: c5, Pay: 4},
		{Kind: BuildWall, Site: numWallSites},
		{Kind: KeepChurchTile},
		{Kind: KeepChurchTile, Tile: 10},
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "a5")},
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "f11")},
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "c12")},
		{Kind: Rebuild, Building: House, Square: c5},
		{Kind: DeclineRebuild, Building: Well},
		{Kind: PlacePermit, Permit: 5, Square: c5},
		{Kind: PlacePermit, Permit: 1, Square: 90},
		{Kind: MovePermit, From: c5, Square: c5, Pay: InfluenceBlue},
		{Kind: MovePermit, From: c5, Square: sqr(t, "c6")},
		{Kind: UpgradePermit, Square: c5, Permit: 0, Pay: InfluenceBlue},
		{Kind: UpgradePermit, Square: c5, Permit: 5, Pay: InfluenceBlue},
		{Kind: BonusPermit, Square: c5, Pay: InfluenceBlue},
		{Kind: EndTurn, Square: c5},
	} {
		if i := m.Index(); i != -1 {
			t.Errorf("%+v has index %d; want -1", m, i)
		}
	}
}

// TestActionIndexOfLegalMoves is the property over random games of 2–4
// players: every legal move has an index that decodes back to it, the
// indices of a position are distinct, LegalMask marks exactly them and
// AppendLegalIndices lists them in Legal's order; every forced roll has an
// index too.
func TestActionIndexOfLegalMoves(t *testing.T) {
	var mask []bool
	var idx []int
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		g, err := New(Config{Players: n, Seed: seed, MaxTurns: 400})
		if err != nil {
			t.Fatal(err)
		}
		var buf []Move
		for step := 0; !g.Over(); step++ {
			buf = g.AppendLegal(buf[:0])
			mask = g.AppendLegalMask(mask[:0])
			idx = g.AppendLegalIndices(idx[:0])
			if len(idx) != len(buf) {
				t.Fatalf("step %d: %d indices for %d legal moves", step, len(idx), len(buf))
			}
			marked := 0
			for _, ok := range mask {
				if ok {
					marked++
				}
			}
			if marked != len(buf) {
				t.Fatalf("step %d: LegalMask marks %d indices for %d legal moves", step, marked, len(buf))
			}
			for k, m := range buf {
				i := m.Index()
				if i < 0 || i >= NumActions || idx[k] != i || !mask[i] {
					t.Fatalf("step %d: %v has index %d (listed %d)", step, m, i, idx[k])
				}
				if back, err := MoveFromIndex(i); err != nil || back != m {
					t.Fatalf("step %d: MoveFromIndex(%d) = %v, %v; want %v", step, i, back, err, m)
				}
			}
			if g.Phase() == PhaseRoll {
				for a := uint8(1); a <= 6; a++ {
					for b := uint8(1); b <= 6; b++ {
						m := Move{Kind: Roll, Dice: [2]uint8{a, b}}
						if i := m.Index(); i < 0 || mask[i] || g.IsLegal(m) || g.Check(m) != nil {
							t.Fatalf("forced roll %v: index %d, marked %v", m, i, i >= 0 && mask[i])
						}
					}
				}
			}
			if err := g.Apply(buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestEveryAcceptedMoveHasAnIndex checks, at positions of seeded random
// games, every move of the phase's kinds over the whole range of their
// fields (candidateMoves): each one Check accepts (forced rolls too) has
// an index.
func TestEveryAcceptedMoveHasAnIndex(t *testing.T) {
	every := 4
	if testing.Short() {
		every = 17
	}
	var cands []Move
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := playedPositions(t, n, uint64(60+n))
		for k := 0; k < len(positions); k += every {
			g := &positions[k]
			cands = candidateMoves(g, cands[:0])
			for _, m := range cands {
				if g.Check(m) == nil && m.Index() < 0 {
					t.Fatalf("%d players, position %d: legal %v has no index", n, k, m)
				}
			}
		}
	}
}

// TestActionsDoNotAllocate pins the speed contract of the action space.
func TestActionsDoNotAllocate(t *testing.T) {
	positions := playedPositions(t, 4, 7)
	mask := make([]bool, NumActions)
	idx := make([]int, 0, maxLegal)
	r := newChooser(5)
	allocs := testing.AllocsPerRun(200, func() {
		g := &positions[r.intn(len(positions))]
		mask = g.AppendLegalMask(mask[:0])
		idx = g.AppendLegalIndices(idx[:0])
		m, _ := MoveFromIndex(idx[r.intn(len(idx))])
		_ = m.Index()
	})
	if allocs != 0 {
		t.Errorf("LegalMask/AppendLegalIndices/MoveFromIndex/Index allocate %.1f times per call; want 0", allocs)
	}
}

// BenchmarkIndex encodes the legal moves of positions of a random game.
func BenchmarkIndex(b *testing.B) {
	var moves []Move
	for _, g := range playedPositions(b, 4, 7) {
		moves = g.AppendLegal(moves)
	}
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += moves[i%len(moves)].Index()
	}
	_ = sum
}

// BenchmarkMoveFromIndex decodes indices spread over the action space.
func BenchmarkMoveFromIndex(b *testing.B) {
	b.ReportAllocs()
	var m Move
	for i := 0; b.Loop(); i++ {
		m, _ = MoveFromIndex(i * 7919 % NumActions)
	}
	_ = m
}

// BenchmarkLegalMask marks the legal moves of positions of a random game.
func BenchmarkAppendLegalMask(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	mask := make([]bool, NumActions)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		mask = positions[i%len(positions)].AppendLegalMask(mask[:0])
	}
}

// BenchmarkAppendLegalIndices lists the legal indices of positions of a
// random game.
func BenchmarkAppendLegalIndices(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	idx := make([]int, 0, maxLegal)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		idx = positions[i%len(positions)].AppendLegalIndices(idx[:0])
	}
}
