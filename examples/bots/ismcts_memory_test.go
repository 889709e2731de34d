package bots

import (
	"context"
	"testing"
)

// treeBytes returns the bytes of nodes and candidates the bot's trees
// have reserved.
func treeBytes(b *ISMCTS) int {
	n := 0
	for _, t := range b.trees {
		n += cap(t.nodes)*nodeBytes + cap(t.cands)*candBytes
	}
	return n
}

// TestISMCTSRelease checks that a bot released after every move plays the
// same moves as one that keeps its trees, through views of the opening,
// the middle and the end of 2-, 3- and 4-player games, with one worker,
// with two and with a bound on its trees, and that a released bot holds
// no tree.
func TestISMCTSRelease(t *testing.T) {
	for players := 2; players <= 4; players++ {
		views := greedyViews(t, players, uint64(10+players))
		for _, o := range []ISMCTSOptions{{Iterations: 300}, {Iterations: 300, Workers: 2}, {Iterations: 3000, TreeBytes: 256 << 10}} {
			workers := max(o.Workers, 1)
			kept, _ := NewISMCTS(7, o)
			released, _ := NewISMCTS(7, o)
			for i := 0; i < len(views); i += max(1, len(views)/12) {
				want, err := kept.Choose(views[i])
				if err != nil {
					t.Fatal(err)
				}
				if treeBytes(kept) == 0 {
					t.Fatalf("%d players, view %d: the bot that keeps its trees holds none", players, i)
				}
				got, err := released.Choose(views[i])
				released.Release()
				if err != nil || got != want {
					t.Fatalf("%d players, %d workers, view %d: released %v, %v; kept %v", players, workers, i, got, err, want)
				}
				if released.trees != nil || released.totals != nil || released.buf != nil {
					t.Fatalf("%d players, view %d: a released bot holds %d trees, %d totals, %d moves", players, i,
						len(released.trees), cap(released.totals), cap(released.buf))
				}
			}
		}
	}
}

// TestISMCTSTreeBytes checks that a search of ISMCTSOptions.TreeBytes
// stops before its trees' storage passes the bound, whatever its
// iterations allow, with one worker and with several, in a position of
// the build phase of a 4-player game (hundreds of candidates a node);
// that it gets near the bound (it does not stop far short of it); that it
// runs at least one iteration under a bound too small for any; and that
// the bound leaves the moves deterministic.
func TestISMCTSTreeBytes(t *testing.T) {
	views := greedyViews(t, 4, 3)
	v := views[len(views)/2]
	for _, tc := range []struct {
		bytes, workers int
	}{
		{256 << 10, 1},
		{1 << 20, 1},
		{4 << 20, 1},
		{4 << 20, 3},
		{1, 1},
	} {
		var moves []string
		var done []int
		for range 2 {
			b, err := NewISMCTS(5, ISMCTSOptions{Iterations: MaxIterations, TreeBytes: tc.bytes, Workers: tc.workers})
			if err != nil {
				t.Fatal(err)
			}
			m, n, err := b.search(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			got := treeBytes(b)
			t.Logf("TreeBytes %d, %d workers: %d iterations, %d bytes reserved", tc.bytes, tc.workers, n, got)
			switch {
			case n < tc.workers || n >= MaxIterations:
				t.Errorf("TreeBytes %d, %d workers: %d iterations", tc.bytes, tc.workers, n)
			case tc.bytes > 1 && got > tc.bytes:
				t.Errorf("TreeBytes %d, %d workers: the trees reserved %d bytes", tc.bytes, tc.workers, got)
			case tc.bytes > 1 && got < tc.bytes/2:
				t.Errorf("TreeBytes %d, %d workers: the search stopped at %d bytes", tc.bytes, tc.workers, got)
			}
			moves, done = append(moves, m.String()), append(done, n)
		}
		if moves[0] != moves[1] || done[0] != done[1] {
			t.Errorf("TreeBytes %d, %d workers: %v in %v iterations", tc.bytes, tc.workers, moves, done)
		}
	}
}
