package bots_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/bots"
	"github.com/elasund/elasund/examples/internal/readme"
)

// The bot of one's own of docs/bots.md ("Your own bot"), as that manual
// shows it between the markers: TestBuilderManual checks that the two
// agree.

// Manual: begin

// Builder plays for cubes, then permits, then thrift.
type Builder struct{ r *rand.Rand }

func (Builder) Name() string { return "builder" }

func (b Builder) Choose(v elasund.View) (elasund.Move, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return elasund.Move{}, errors.New("builder: not my decision")
	}
	var g elasund.Game
	if err := v.RedealInto(&g, b.r); err != nil { // a full game consistent with the view
		return elasund.Move{}, err
	}
	me, best, bestScore := v.Viewer(), legal[0], -1000
	for _, m := range legal {
		c := g // a Game is a value: this copies the position
		_ = c.Apply(m)
		s := 10*c.CubesPlaced(me) - 3*len(c.PermitsInSupply(me)) - v.Cost(m).Total()
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return best, nil
}

// Manual: end

// builderSeed is the seed of docs/bots.md's builder tournament.
const builderSeed = 1

// TestBuilder measures docs/bots.md's claim about Builder: a tournament of
// builder, greedy and random, 2 players, 200 games (204: 34 deals of 6
// seatings, so that every pair meets in 68 games), seed builderSeed, a draw
// at turn 300, as the arena plays it. The manual's sentence must give the
// figures it measures:
//
//	go test -run '^TestBuilder$' -v ./examples/bots
//
// (well under a second).
func TestBuilder(t *testing.T) {
	builder := tourney.Entrant{Name: "builder", New: func(s tourney.Seat) (bots.Bot, error) {
		return Builder{rand.New(rand.NewPCG(s.Seed, 0))}, nil
	}}
	tour := tourney.Tournament{
		Entrants: []tourney.Entrant{builder, tourney.BuiltIn("greedy"), tourney.BuiltIn("random")},
		Players:  2, Games: 200, Seed: builderSeed, MaxTurns: 300, Parallel: 2,
	}
	played, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := tourney.Summarize([]string{"builder", "greedy", "random"}, 2, played, "random")
	vsRandom, _ := s.Pair("builder", "random")
	vsGreedy, _ := s.Pair("builder", "greedy")
	claim := fmt.Sprintf("it beats `random` in %d of %d games and loses to `greedy` %d–%d (%d draws)",
		vsRandom.AWins, vsRandom.Games, vsGreedy.AWins, vsGreedy.BWins, vsGreedy.Games-vsGreedy.AWins-vsGreedy.BWins)
	t.Logf("builder against random: %+v", vsRandom)
	t.Logf("builder against greedy: %+v", vsGreedy)
	manual := strings.Join(strings.Fields(readme.Read(t, botsManual)), " ") // lines joined
	if !strings.Contains(manual, claim) {
		t.Errorf("%s does not say what the tournament gives:\n%s", botsManual, claim)
	}
	if cmd := fmt.Sprintf("go test -run '^TestBuilder$' -v ./examples/bots` (seed %d)", builderSeed); !strings.Contains(manual, cmd) {
		t.Errorf("%s does not give the command and seed of the claim: %s", botsManual, cmd)
	}
}

// TestBuilderManual: docs/bots.md shows Builder as this file defines it.
func TestBuilderManual(t *testing.T) {
	src, err := os.ReadFile("builder_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, code, _ := strings.Cut(string(src), "// Manual: begin\n\n")
	code, _, _ = strings.Cut(code, "\n// Manual: end")
	if code == "" || !strings.Contains(readme.Read(t, botsManual), "```go\n"+code+"```\n") {
		t.Errorf("the Builder of %s is not this file's:\n%s", botsManual, code)
	}
}

// botsManual is the document that shows Builder and its tournament.
const botsManual = "docs/bots.md"
