package elasund

import (
	"testing"
	"unsafe"
)

// playedPositions returns snapshots of a seeded random game after every
// move, for benchmarks and allocation checks.
func playedPositions(tb testing.TB, n int, seed uint64) []Game {
	g, err := New(Config{Players: n, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	r := newChooser(seed)
	var out []Game
	var buf []Move
	for !g.Over() {
		out = append(out, *g)
		buf = g.AppendLegal(buf[:0])
		if err := g.Apply(buf[r.intn(len(buf))]); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// TestApplyDoesNotAllocate pins the speed contract: Apply, AppendLegal with
// a large enough buffer, IsLegal and copying a Game allocate nothing.
func TestApplyDoesNotAllocate(t *testing.T) {
	positions := playedPositions(t, 4, 7)
	buf := make([]Move, 0, 4096)
	var g Game
	r := newChooser(3)
	allocs := testing.AllocsPerRun(200, func() {
		g = positions[r.intn(len(positions))]
		buf = g.AppendLegal(buf[:0])
		m := buf[r.intn(len(buf))]
		_ = g.IsLegal(m)
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Apply/AppendLegal/IsLegal allocate %.1f times per call; want 0", allocs)
	}
}

// TestGameValueSize pins the size of the Game value: at most 512 bytes
// (issue 11), so that saving a position by value copy (saved := *g), as
// search does at every node, stays cheap. The speed work's one cache, the
// board as bitboards (Game.occ), brings it to 448.
func TestGameValueSize(t *testing.T) {
	if size := unsafe.Sizeof(Game{}); size > 512 {
		t.Errorf("a Game value is %d bytes; want at most 512", size)
	}
}

// BenchmarkRandomGame plays whole random 4-player games (with a turn limit:
// random play can reach positions where nobody can win, see doc.go).
func BenchmarkRandomGame(b *testing.B) {
	benchmarkRandomGame(b, (*Game).AppendLegal)
}

// BenchmarkRandomGameReference plays the same games with the reference
// move generator (reference_test.go), for the ratio in one run.
func BenchmarkRandomGameReference(b *testing.B) {
	benchmarkRandomGame(b, refAppendLegal)
}

func benchmarkRandomGame(b *testing.B, appendLegal func(*Game, []Move) []Move) {
	b.ReportAllocs()
	buf := make([]Move, 0, 4096)
	moves := 0
	for i := 0; i < b.N; i++ {
		g, _ := New(Config{Players: 4, Seed: uint64(i), MaxTurns: 1000})
		r := newChooser(uint64(i))
		for !g.Over() {
			buf = appendLegal(g, buf[:0])
			_ = g.Apply(buf[r.intn(len(buf))])
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkApply applies one random legal move to positions of a random
// game (restoring the position by value copy, which is included).
func BenchmarkApply(b *testing.B) {
	positions := playedPositions(b, 4, 7)
	legal := make([][]Move, len(positions))
	for i := range positions {
		legal[i] = positions[i].Legal()
	}
	b.ReportAllocs()
	b.ResetTimer()
	var g Game
	for i := 0; i < b.N; i++ {
		k := i % len(positions)
		g = positions[k]
		_ = g.Apply(legal[k][i%len(legal[k])])
	}
}

// BenchmarkLegal lists the legal moves of positions of a random game.
func BenchmarkLegal(b *testing.B) {
	benchmarkLegal(b, (*Game).AppendLegal)
}

// BenchmarkLegalReference lists them with the reference generator
// (reference_test.go), for the ratio in one run.
func BenchmarkLegalReference(b *testing.B) {
	benchmarkLegal(b, refAppendLegal)
}

func benchmarkLegal(b *testing.B, appendLegal func(*Game, []Move) []Move) {
	positions := playedPositions(b, 4, 7)
	buf := make([]Move, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = appendLegal(&positions[i%len(positions)], buf[:0])
	}
}

var (
	cloneSink *Game
	copySink  Game
)

// BenchmarkClone measures Clone (one allocation) and a value copy (none).
func BenchmarkClone(b *testing.B) {
	g, _ := New(Config{Players: 4, Seed: 1})
	b.Run("Clone", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			cloneSink = g.Clone()
		}
	})
	b.Run("Copy", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			copySink = *g
		}
	})
}
