package bots_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// TestChooseContextDone: a context done before ChooseContext is called
// stops every bot at once, with an error that wraps the context's and no
// move, even a search of MaxIterations or a forced move.
func TestChooseContextDone(t *testing.T) {
	views := midgameViews(t)
	forced := forcedView(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	for _, ctx := range []struct {
		name string
		ctx  context.Context
		want error
	}{{"cancelled", cancelled, context.Canceled}, {"expired", expired, context.DeadlineExceeded}} {
		for _, name := range append(bots.Names(), "ismcts:10000000", "ismcts-v:10000000") {
			for _, v := range []elasund.View{views[len(views)/2], forced} {
				b, err := bots.New(name, 1)
				if err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				m, err := bots.ChooseContext(ctx.ctx, b, v)
				if !errors.Is(err, ctx.want) || m != (elasund.Move{}) {
					t.Errorf("%s, %s: ChooseContext = %v, %v; want no move and an error wrapping %v", ctx.name, name, m, err, ctx.want)
				}
				if d := time.Since(start); d > 100*time.Millisecond {
					t.Errorf("%s, %s: ChooseContext took %v", ctx.name, name, d)
				}
			}
		}
	}
	if _, err := bots.ChooseContext(context.Background(), nil, views[0]); !errors.Is(err, bots.ErrUnknownBot) {
		t.Errorf("ChooseContext(a nil bot) = %v; want an error wrapping ErrUnknownBot", err)
	}
}

// TestISMCTSChooseContextStops: a search of MaxIterations, which would run
// for minutes, ends within a second of its context's cancellation, with
// one worker or several, with the heuristic or a value model.
func TestISMCTSChooseContextStops(t *testing.T) {
	v := midgameViews(t)[10]
	for _, o := range []bots.ISMCTSOptions{
		{Iterations: bots.MaxIterations},
		{Iterations: bots.MaxIterations, Workers: 3},
		{Iterations: bots.MaxIterations, Value: bots.LinearValueModel()},
		{Budget: time.Hour},
	} {
		b := mustISMCTS(t, 1, o)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		m, err := b.ChooseContext(ctx, v)
		d := time.Since(start)
		cancel()
		if !errors.Is(err, context.Canceled) || m != (elasund.Move{}) {
			t.Errorf("%s, %d workers: ChooseContext = %v, %v; want no move and an error wrapping context.Canceled", b.Name(), b.Options().Workers, m, err)
		}
		if d > time.Second {
			t.Errorf("%s, %d workers: ChooseContext took %v, cancelled after 50ms", b.Name(), b.Options().Workers, d)
		}
	}
}

// TestChooseContextMovesUnchanged: with a context that could be cancelled
// but is not, every bot chooses through ChooseContext the moves it chooses
// through Choose, a bot without ChooseContext as well as ISMCTS.
func TestChooseContextMovesUnchanged(t *testing.T) {
	views := midgameViews(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, name := range append(bots.Names(), "ismcts:200") {
		a, _ := bots.New(name, 3)
		b, _ := bots.New(name, 3)
		for i := 0; i < len(views); i += 7 {
			want, werr := a.Choose(views[i])
			got, err := bots.ChooseContext(ctx, b, views[i])
			if got != want || err != nil || werr != nil {
				t.Errorf("%s, view %d: ChooseContext = %v, %v; Choose = %v, %v", name, i, got, err, want, werr)
			}
		}
	}
}

// forcedView returns the view of the first decision of a game that has a
// single legal move.
func forcedView(t *testing.T) elasund.View {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 7, MaxTurns: 300})
	if err != nil {
		t.Fatal(err)
	}
	b := bots.NewGreedy(1)
	for !g.Over() {
		v := g.View(g.ToMove())
		if len(v.Legal()) == 1 {
			return v
		}
		m, err := b.Choose(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no forced move in the game")
	return elasund.View{}
}
