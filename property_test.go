package elasund

// Property tests with rapid: random legal play from random seeds for 2, 3
// and 4 players, checking the game's invariants after every move through
// the public API (independently of Validate, which is checked too).

import (
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// conservation checks the component invariants of RULES.md §2 through the
// public accessors (and the deck's colours, which no accessor shows).
func conservation(g *Game) string {
	n := g.Players()
	pool := g.PiratesPool()
	// 51 gold cards, each in exactly one place.
	gold := g.Bank() + int(pool.Gold)
	for p := Player(0); int(p) < n; p++ {
		gold += g.Gold(p)
	}
	if gold != GoldCards {
		return "gold cards: " + strconv.Itoa(gold) + ", want 51"
	}
	// 39 influence cards, 13 of each colour.
	var infl [3]int
	for _, c := range g.deck[:g.DeckSize()] {
		infl[c]++
	}
	for i, ic := range InfluenceColors() {
		infl[i] += g.DiscardPile().Of(ic) + pool.Of(ic)
		for p := Player(0); int(p) < n; p++ {
			infl[i] += g.Influence(p, ic)
		}
		if infl[i] != InfluencePerColor {
			return ic.String() + " influence cards: " + strconv.Itoa(infl[i]) + ", want 13"
		}
	}
	buildings := g.Buildings()
	for p := Player(0); int(p) < n; p++ {
		// 10 cubes: on the board where the board shows them, or in supply.
		spots := g.CubeSpots(p)
		if len(spots) != g.CubesPlaced(p) || g.CubesPlaced(p)+g.CubesInSupply(p) != CubesPerPlayer {
			return "cubes of player " + strconv.Itoa(int(p)) + " do not add up"
		}
		// 5 permits: in supply, or on the square the board shows.
		onBoard := 0
		for v := 0; v < PermitsPerPlayer; v++ {
			if s := g.PermitSquare(p, v); s != InSupply {
				onBoard++
				if c := g.At(s); !c.HasPermit || c.Permit != v || c.PermitOwner != p {
					return "permit not where PermitSquare says"
				}
			}
		}
		if onBoard+len(g.PermitsInSupply(p)) != PermitsPerPlayer {
			return "permits of player " + strconv.Itoa(int(p)) + " do not add up to 5"
		}
		// Player buildings: each on the board exactly where it says, or off it.
		for _, b := range []Building{Hut, Totem, House, Workshop} {
			s := g.BuildingOrigin(p, b)
			found := 0
			for _, pb := range buildings {
				if pb.Building == b && pb.Owner == p {
					found++
					if pb.Origin != s {
						return "building square disagrees with the board"
					}
				}
			}
			if found > 1 || (found == 1) != s.Valid() {
				return b.String() + " of player " + strconv.Itoa(int(p)) + " is in two places or none"
			}
		}
		// Trade disk = min(11, TP of standing buildings).
		tp := 0
		for _, pb := range buildings {
			if pb.Owner != p {
				continue
			}
			for dy := 0; dy < pb.Building.Height(); dy++ {
				for dx := 0; dx < pb.Building.Width(); dx++ {
					tp += TradeValue(sq(pb.Origin.col()+dx, pb.Origin.ri()+dy), n)
				}
			}
		}
		if g.TradePoints(p) != tp || g.TradeDisk(p) != min(11, tp) {
			return "trade disk of player " + strconv.Itoa(int(p)) + " is not min(11, TP)"
		}
	}
	// Neutral copies: on the board or in the neutral supply.
	for _, b := range []Building{Well, Market, Tavern, Shop, LargeBuilding} {
		on := 0
		for _, pb := range buildings {
			if pb.Building == b {
				on++
			}
		}
		if on+g.NeutralSupply(b) != b.Copies() {
			return b.String() + " copies do not add up"
		}
	}
	return ""
}

// TestPropertyRandomPlay plays random legal moves (chosen by rapid, so a
// failure shrinks to a short game), under each combination of the rule
// options of §12, and checks after every move: card,
// cube, permit and building conservation; church tiles never leave; disks
// equal min(11, TP); Validate; every legal move is unique, parses back
// from its notation and is accepted by IsLegal, and a sample of them applies
// without error on clones.
func TestPropertyRandomPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		rules := rapid.SampledFrom(optRuleSets).Draw(t, "rules")
		g, err := New(Config{Players: n, Seed: seed, Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		var tiles [ChurchTiles + 1]Player
		var buf []Move
		for step := 0; step < 3000 && !g.Over(); step++ {
			buf = g.AppendLegal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("step %d: no legal move in phase %v", step, g.Phase())
			}
			seen := make(map[Move]bool, len(buf))
			for _, m := range buf {
				if seen[m] {
					t.Fatalf("step %d: %v listed twice", step, m)
				}
				seen[m] = true
				if !g.IsLegal(m) {
					t.Fatalf("step %d: listed move %v is not legal: %v", step, m, g.Check(m))
				}
				if pm, err := ParseMove(m.String()); err != nil || pm != m {
					t.Fatalf("step %d: %v does not round-trip its notation: %v, %v", step, m, pm, err)
				}
			}
			for k := 0; k < 3; k++ {
				m := buf[(step*7+k*13)%len(buf)]
				c := g.Clone()
				if err := c.Apply(m); err != nil {
					t.Fatalf("step %d: legal move %v refused: %v", step, m, err)
				}
			}
			i := rapid.IntRange(0, len(buf)-1).Draw(t, "move")
			if err := g.Apply(buf[i]); err != nil {
				t.Fatalf("step %d: legal move %v refused: %v", step, buf[i], err)
			}
			if msg := conservation(g); msg != "" {
				t.Fatalf("step %d after %v: %s", step, buf[i], msg)
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("step %d after %v: %v", step, buf[i], err)
			}
			for tile := ChurchTile(1); tile <= ChurchTiles; tile++ {
				owner := g.ChurchTileOwner(tile)
				if tiles[tile] != 0 && tiles[tile]-1 != owner {
					t.Fatalf("step %d: church tile %d moved from player %d to %d", step, tile, tiles[tile]-1, owner)
				}
				if owner != NoPlayer {
					tiles[tile] = owner + 1
					if c := g.At(g.ChurchSquare(tile)); c.ChurchTile != tile {
						t.Fatalf("step %d: church tile %d is not on its square", step, tile)
					}
				}
			}
		}
	})
}

// TestRandomGamesReachWinner plays many seeded random games for each player
// count and requires each to end with a winner and no error. (Random play
// can reach dead positions where nobody can ever win — doc.go,
// interpretation 19 — but none of these seeds does; a turn limit turns such
// a stall into a failure instead of a hang.)
func TestRandomGamesReachWinner(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := New(Config{Players: n, Seed: seed, MaxTurns: 3000})
			if err != nil {
				t.Fatal(err)
			}
			r := newChooser(seed)
			var buf []Move
			for !g.Over() {
				buf = g.AppendLegal(buf[:0])
				m := buf[r.intn(len(buf))]
				if err := g.Apply(m); err != nil {
					t.Fatalf("%d players, seed %d: %v", n, seed, err)
				}
			}
			if w := g.Winner(); w == NoPlayer || g.CubesPlaced(w) != CubesPerPlayer {
				t.Fatalf("%d players, seed %d: no winner with 10 cubes after %d turns", n, seed, g.Turn())
			}
		}
	}
}

// chooser picks random move indexes for test play (a tiny xorshift, so
// tests do not depend on another package's stream).
type chooser struct{ s uint64 }

func newChooser(seed uint64) *chooser { return &chooser{seed*0x9e3779b97f4a7c15 + 1} }

func (c *chooser) intn(n int) int {
	c.s ^= c.s << 13
	c.s ^= c.s >> 7
	c.s ^= c.s << 17
	return int(c.s % uint64(n))
}
