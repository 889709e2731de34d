package elasund

import "testing"

// TestFootprintTables checks the constant tables of bitboard.go against the
// geometry of §1 and §3, square by square: which origins keep a building
// inside the city of each player count, the squares it covers from each,
// and the origins from which it covers a square.
func TestFootprintTables(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for b := Hut; b <= LargeBuilding; b++ {
			for o := Square(0); o < NumSquares; o++ {
				fits := o.col()+b.Width() <= CityColumns(n) && o.ri()+b.Height() <= NumRows
				if cityOrigins[n][b].has(o) != fits {
					t.Fatalf("%d players: cityOrigins says %v from %v fits the city: %v, want %v", n, b, o, !fits, fits)
				}
				if !fits {
					continue
				}
				var want bitboard
				for dy := 0; dy < b.Height(); dy++ {
					for dx := 0; dx < b.Width(); dx++ {
						want.add(sq(o.col()+dx, o.ri()+dy))
					}
				}
				if got := footprint(b, o); got != want {
					t.Fatalf("footprint(%v, %v) = %v, want %v", b, o, squaresOf(got), squaresOf(want))
				}
			}
			for s := Square(0); s < NumSquares; s++ {
				var want bitboard
				for o := Square(0); o < NumSquares; o++ {
					if cityOrigins[n][b].has(o) && footprint(b, o).has(s) {
						want.add(o)
					}
				}
				if got := covering(b, s).and(cityOrigins[n][b]); got != want {
					t.Fatalf("%d players: covering(%v, %v) in the city = %v, want %v", n, b, s, squaresOf(got), squaresOf(want))
				}
			}
		}
		for s := Square(0); s < NumSquares; s++ {
			if cityBoard(n).has(s) != InCity(s, n) || tradeBoard(n).has(s) != (TradeValue(s, n) > 0) {
				t.Fatalf("%d players: city or trade field sets wrong on %v", n, s)
			}
		}
	}
	for _, n := range []int{-1, 0, 1, 5, 1 << 40} {
		if !cityBoard(n).none() || !tradeBoard(n).none() {
			t.Errorf("%d players: the city or trade fields are not empty", n)
		}
	}
}

// TestBitboardOps checks the set operations on sets of single squares and
// on the whole board, at the edges of the two words.
func TestBitboardOps(t *testing.T) {
	var all bitboard
	for s := Square(0); s < NumSquares; s++ {
		all.add(s)
	}
	if all.count() != NumSquares {
		t.Fatalf("the board has %d squares, want %d", all.count(), NumSquares)
	}
	for s := Square(0); s < NumSquares; s++ {
		var one bitboard
		one.add(s)
		if !one.has(s) || one.count() != 1 || !all.has(s) || one.and(all) != one || !one.andNot(all).none() || one.or(all) != all {
			t.Fatalf("set of %v: ops wrong", s)
		}
		south := one.southOf()
		if s < NumColumns != south.none() || (s >= NumColumns && !south.has(s-NumColumns)) {
			t.Fatalf("southOf(%v) = %v", s, squaresOf(south))
		}
		for k := -int(s); k < NumSquares-int(s); k++ {
			if got := shifted(1, int(s)+k); got.count() != 1 || !got.has(s+Square(k)) {
				t.Fatalf("shifted(1, %d) = %v", int(s)+k, squaresOf(got))
			}
		}
	}
	rest := all
	for want := Square(0); want < NumSquares; want++ {
		if got := rest.pop(); got != want {
			t.Fatalf("pop = %v, want %v", got, want)
		}
	}
	if !rest.none() {
		t.Fatalf("squares left after popping all: %v", squaresOf(rest))
	}
}

// TestBoardSets checks boardSets, which reads Game.cell eight squares at a
// time, against the cells one by one, on every position of seeded random
// games of 2, 3 and 4 players.
func TestBoardSets(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, g := range playedPositions(t, n, 3) {
			bs := g.boardSets()
			for s := Square(0); s < NumSquares; s++ {
				v := g.cell[s]
				noChurch := g.churchOrigin == NoSquare
				want := boardSets{}
				set := func(b *bitboard, on bool) {
					if on {
						b.add(s)
					}
				}
				set(&want.permits, v&cellPermit != 0)
				set(&want.church, v&cellPermit == 0 && v&cellChurch != 0)
				set(&want.buildings, v >= 1 && v <= numPieces)
				set(&want.empty, g.isEmpty(s))
				set(&want.blocked, v&cellPermit == 0 && v&cellChurch != 0 || s == ChurchFoundation && noChurch)
				for _, c := range []struct {
					name      string
					got, want bitboard
				}{
					{"permits", bs.permits, want.permits}, {"church", bs.church, want.church},
					{"buildings", bs.buildings, want.buildings}, {"empty", bs.empty, want.empty},
					{"blocked", bs.blocked, want.blocked},
				} {
					if c.got.has(s) != c.want.has(s) {
						t.Fatalf("%d players, turn %d: %s has %v: %v, cell %#x", n, g.Turn(), c.name, s, c.got.has(s), v)
					}
				}
			}
		}
	}
}

// squaresOf lists the squares of b, for messages.
func squaresOf(b bitboard) []Square {
	var out []Square
	for !b.none() {
		out = append(out, b.pop())
	}
	return out
}

// TestAffordable checks the table of the buildings a player can pay the
// bare cost of, for every amount of gold.
func TestAffordable(t *testing.T) {
	for gold := 0; gold <= GoldCards; gold++ {
		for b := House; b <= LargeBuilding; b++ {
			if got, want := affordable[min(gold, maxCost)]&(1<<b) != 0, b.Cost() <= gold; got != want {
				t.Errorf("%d gold: %v affordable %v, want %v", gold, b, got, want)
			}
		}
	}
}

// TestTwins: the shop is the tavern's twin (same footprint, permits and
// cost), and no other building has one.
func TestTwins(t *testing.T) {
	for b := House; b <= LargeBuilding; b++ {
		want := NoBuilding
		if b == Shop {
			want = Tavern
		}
		if twins[b] != want {
			t.Errorf("twins[%v] = %v, want %v", b, twins[b], want)
		}
	}
}

// TestHoldingAtLeast checks holdingAtLeast, which counts the squares of a
// set under every footprint at once, against counting them footprint by
// footprint, on the permits of every position of seeded random games and
// on sets of squares drawn at random, for every building and every number
// of permits a building needs.
func TestHoldingAtLeast(t *testing.T) {
	var sets []bitboard
	for _, g := range playedPositions(t, 4, 5) {
		sets = append(sets, g.boardSets().permits)
	}
	r := newChooser(11)
	for i := 0; i < 200; i++ {
		var x bitboard
		for k := r.intn(40); k > 0; k-- {
			x.add(Square(r.intn(NumSquares)))
		}
		sets = append(sets, x)
	}
	for _, x := range sets {
		for b := Hut; b <= LargeBuilding; b++ {
			fits := cityOrigins[MaxPlayers][b]
			for need := 1; need <= 3; need++ {
				got := holdingAtLeast(x, b, need).and(fits)
				for o := Square(0); o < NumSquares; o++ {
					want := fits.has(o) && footprint(b, o).and(x).count() >= need
					if got.has(o) != want {
						t.Fatalf("holdingAtLeast(%v, %v, %d) has %v: %v, want %v", squaresOf(x), b, need, o, got.has(o), want)
					}
				}
			}
		}
	}
}

// TestInSupply checks inSupply, which finds the neutral buildings in
// supply from the bytes of all their pieces' squares at once, against
// checkBuildingSupply, building by building, for every player, on the
// positions of a seeded random game and on pieces put in supply, on the
// board, awaiting a rebuild or out of the game at random.
func TestInSupply(t *testing.T) {
	games := playedPositions(t, 4, 9)
	r := newChooser(13)
	places := []Square{inSupply, 0, 37, 89, awaitingRebuild, removedFromGame}
	for i := 0; i < 500; i++ {
		g := games[i%len(games)]
		if i%2 == 1 {
			for id := range g.pieceSq {
				g.pieceSq[id] = places[r.intn(len(places))]
			}
		}
		for a := 0; a < int(g.n); a++ {
			g.active = uint8(a)
			got := g.inSupply(a)
			for b := House; b <= LargeBuilding; b++ {
				if want := g.checkBuildingSupply(b) == NoReason; (got&(1<<b) != 0) != want {
					t.Fatalf("position %d, player %d: inSupply has %v: %v, want %v (pieces %v)", i, a, b, !want, want, g.pieceSq)
				}
			}
			if got&^(1<<(LargeBuilding+1)-1<<House) != 0 {
				t.Fatalf("inSupply = %#x has bits of no building a player builds", got)
			}
		}
	}
}
