package elasund

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"testing"
)

// TestConcurrentReads: goroutines reading one *Game at once (every method
// that does not change it) see what a single reader sees. Run with -race
// (go test -race -run TestConcurrentReads .), it checks the package doc's
// promise that such reads are safe.
func TestConcurrentReads(t *testing.T) {
	positions := playedPositions(t, 4, 12)
	g := &positions[len(positions)/2]
	before := *g
	read := func() string {
		legal := g.Legal()
		out := fmt.Sprint(legal, g.ToMove(), g.Phase(), g.Turn(), g.Buildings(), g.CubeSpots(1), g.PermitRows(),
			g.Hand(2), g.Key(), g.Validate(), g.String(), g.Config(), g.AppendLegalMask(nil)[:40], g.AppendLegalIndices(nil),
			g.AppendChanceOutcomes(nil))
		for _, m := range legal {
			out += fmt.Sprint(g.IsLegal(m), g.Check(m), g.Cost(m))
		}
		for p := NoPlayer; p < 4; p++ {
			v := g.View(p)
			out += fmt.Sprint(v.Legal(), v.String(), len(v.AppendObservation(nil)))
		}
		for s := Square(0); s < NumSquares; s++ {
			out += fmt.Sprint(g.At(s))
		}
		b, err := g.MarshalBinary()
		j, errJ := json.Marshal(g)
		out += fmt.Sprint(b, err, string(j), errJ, g.WriteSVG(io.Discard, SVGOptions{Reveal: RevealAll}))
		return out
	}
	want := read()
	const readers = 4
	var wg sync.WaitGroup
	got := make([]string, readers)
	for i := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = read()
		}()
	}
	wg.Wait()
	for i, s := range got {
		if s != want {
			t.Errorf("reader %d saw another game than a single reader", i)
		}
	}
	if *g != before {
		t.Error("the readers changed the game")
	}
}
