package elasund

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// tableState is what a refused call must leave as it was.
type tableState struct {
	G   Game
	Log []Entry
	End uint8
}

func stateOf(t *Table) tableState {
	s := tableState{G: t.g, End: t.end}
	if len(t.log) > 0 {
		s.Log = slices.Clone(t.log)
	}
	return s
}

// playTable plays random listed moves at t until the game is over or
// moves moves are played.
func playTable(tb testing.TB, t *Table, r *rand.Rand, moves int) {
	tb.Helper()
	for i := 0; i < moves && !t.Over(); i++ {
		p := t.ToMove()
		legal := t.Legal(p)
		if len(legal) == 0 {
			tb.Fatalf("seat %d decides but has no move", p)
		}
		if _, err := t.Play(p, legal[r.IntN(len(legal))]); err != nil {
			tb.Fatalf("a listed move was refused: %v", err)
		}
	}
}

func newTestTable(tb testing.TB, c Config) *Table {
	tb.Helper()
	tab, err := NewTable(c)
	if err != nil {
		tb.Fatal(err)
	}
	return tab
}

// finishedTable plays a seeded game at a table to its end.
func finishedTable(tb testing.TB, seed uint64) *Table {
	tb.Helper()
	tab := newTestTable(tb, Config{Players: 2, Seed: seed, MaxTurns: 400})
	playTable(tb, tab, rand.New(rand.NewPCG(seed, 9)), 1<<20)
	return tab
}

func TestTableRefusals(t *testing.T) {
	over := finishedTable(t, 5)
	tests := []struct {
		name  string
		table func() *Table
		seat  func(*Table) Player
		move  func(*Table) Move
		want  error
		why   Reason
	}{
		{"a forced roll", func() *Table { return newTestTable(t, Config{Players: 2, Seed: 1}) },
			(*Table).ToMove, func(*Table) Move { return Move{Kind: Roll, Dice: [2]uint8{6, 6}} }, ErrChance, ReasonChance},
		{"another seat's move", func() *Table { return newTestTable(t, Config{Players: 3, Seed: 1}) },
			func(tab *Table) Player { return (tab.ToMove() + 1) % 3 }, func(*Table) Move { return Move{Kind: Roll} }, ErrNotYourDecision, ReasonNotYourDecision},
		{"a seat that does not play", func() *Table { return newTestTable(t, Config{Players: 2, Seed: 1}) },
			func(*Table) Player { return 5 }, func(*Table) Move { return Move{Kind: Roll} }, ErrNotYourDecision, ReasonNotYourDecision},
		{"a spectator", func() *Table { return newTestTable(t, Config{Players: 2, Seed: 1}) },
			func(*Table) Player { return NoPlayer }, func(*Table) Move { return Move{Kind: Roll} }, ErrNotYourDecision, ReasonNotYourDecision},
		{"a move of the wrong phase", func() *Table { return newTestTable(t, Config{Players: 2, Seed: 1}) },
			(*Table).ToMove, func(*Table) Move { return Move{Kind: EndTurn} }, ErrWrongPhase, ReasonWrongPhase},
		{"a move of a finished game", func() *Table { return over },
			func(*Table) Player { return 0 }, func(*Table) Move { return Move{Kind: Roll} }, ErrGameOver, ReasonGameOver},
		{"a move of an abandoned game", func() *Table {
			tab := newTestTable(t, Config{Players: 2, Seed: 1})
			tab.Abandon()
			return tab
		}, func(*Table) Player { return 0 }, func(*Table) Move { return Move{Kind: Roll} }, ErrGameOver, ReasonAbandoned},
		{"the zero table", func() *Table { return &Table{} },
			func(*Table) Player { return 0 }, func(*Table) Move { return Move{Kind: Roll} }, ErrNoGame, ReasonNoGame},
		{"a move of a forfeited game", func() *Table {
			tab := newTestTable(t, Config{Players: 3, Seed: 1})
			if err := tab.Forfeit(2); err != nil {
				t.Fatal(err)
			}
			return tab
		}, (*Table).ToMove, func(*Table) Move { return Move{Kind: Roll} }, ErrGameOver, ReasonForfeited},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := tc.table()
			before := stateOf(tab)
			p, m := tc.seat(tab), tc.move(tab)
			_, err := tab.Play(p, m)
			if !errors.Is(err, ErrIllegalMove) || !errors.Is(err, tc.want) {
				t.Fatalf("Play(%d, %v) = %v, want an error wrapping ErrIllegalMove and %v", p, m, err, tc.want)
			}
			var me *MoveError
			if !errors.As(err, &me) || me.Move != m || me.Reason != tc.why {
				t.Errorf("Play's error %v is not a *MoveError naming the move and the reason %v", err, tc.why)
			}
			if cerr := tab.Check(p, m); cerr == nil || cerr.Error() != err.Error() {
				t.Errorf("Check = %v, want Play's error %v", cerr, err)
			}
			if diff := cmp.Diff(before, stateOf(tab), cmp.AllowUnexported(Game{}), cmp.Comparer(func(a, b Game) bool { return a == b })); diff != "" {
				t.Errorf("a refused move changed the table (-before +after):\n%s", diff)
			}
		})
	}
}

// TestTablePlaysExactlyTheListedMoves checks, over every move of the
// action space at positions of random games, that Play accepts a move for
// the deciding seat exactly when Legal lists it, and refuses it for every
// other seat.
func TestTablePlaysExactlyTheListedMoves(t *testing.T) {
	positions := 12
	if testing.Short() {
		positions = 3
	}
	r := rand.New(rand.NewPCG(3, 3))
	for i := range positions {
		tab := newTestTable(t, Config{Players: 2 + i%3, Seed: uint64(i + 1), MaxTurns: 200})
		playTable(t, tab, r, r.IntN(300))
		if tab.Over() {
			continue
		}
		p := tab.ToMove()
		legal := tab.Legal(p)
		for a := range NumActions {
			m, _ := MoveFromIndex(a)
			err := tab.Check(p, m)
			if listed := slices.Contains(legal, m); listed != (err == nil) {
				t.Fatalf("position %d: %v listed %v, Check says %v", i, m, listed, err)
			}
			if q := (p + 1) % Player(tab.Players()); tab.Check(q, m) == nil {
				t.Fatalf("position %d: %v accepted for seat %d, who does not decide", i, m, q)
			}
		}
	}
}

func TestTableLogAndRecord(t *testing.T) {
	tab := newTestTable(t, Config{Players: 3, Seed: 11, MaxTurns: 300})
	if _, err := tab.Record(); !errors.Is(err, ErrGameInProgress) {
		t.Fatalf("Record before the end = %v, want ErrGameInProgress", err)
	}
	g, _ := New(Config{Players: 3, Seed: 11, MaxTurns: 300})
	r := rand.New(rand.NewPCG(1, 1))
	for !tab.Over() {
		p := tab.ToMove()
		if p != g.ToMove() || tab.Turn() != g.Turn() {
			t.Fatalf("the table's seat %d / turn %d, the game's %d / %d", p, tab.Turn(), g.ToMove(), g.Turn())
		}
		legal := tab.Legal(p)
		m := legal[r.IntN(len(legal))]
		turn := g.Turn()
		if _, err := tab.Play(p, m); err != nil {
			t.Fatal(err)
		}
		_ = g.Apply(m)
		e := tab.Log()[tab.Len()-1]
		want := m
		if m.Kind == Roll {
			d1, d2 := g.Dice()
			want.Dice = [2]uint8{uint8(d1), uint8(d2)}
		}
		if e != (Entry{Turn: turn, Player: p, Move: want}) {
			t.Fatalf("log entry %+v, want turn %d, seat %d, %v", e, turn, p, want)
		}
		if _, err := tab.Record(); !tab.Over() && !errors.Is(err, ErrGameInProgress) {
			t.Fatalf("Record mid-game = %v, want ErrGameInProgress", err)
		}
	}
	rec, err := tab.Record()
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Over || rec.Config.Seed != 11 || len(rec.Moves) != tab.Len() {
		t.Fatalf("record over %v, seed %d, %d moves; want over, 11, %d", rec.Over, rec.Config.Seed, len(rec.Moves), tab.Len())
	}
	replayed, err := rec.Replay()
	if err != nil || *replayed != *g {
		t.Fatalf("the record does not replay to the game: %v", err)
	}
	for _, m := range rec.Moves {
		if m.Kind == Roll && m.Dice == [2]uint8{} {
			t.Fatal("the record holds a plain roll, not the dice that came up")
		}
	}
	if got := tab.AppendLog(nil, tab.Len()-2); len(got) != 2 || got[1] != tab.Log()[tab.Len()-1] {
		t.Errorf("AppendLog from Len-2 = %v", got)
	}
	for _, from := range []int{-1, tab.Len() + 1} {
		if got := tab.AppendLog(nil, from); len(got) != 0 {
			t.Errorf("AppendLog(nil, %d) = %v, want nothing", from, got)
		}
	}
}

func TestTableAbandon(t *testing.T) {
	tab := newTestTable(t, Config{Players: 2, Seed: 4})
	playTable(t, tab, rand.New(rand.NewPCG(4, 4)), 30)
	tab.Abandon()
	if !tab.Over() || !tab.Abandoned() || tab.ToMove() != NoPlayer || tab.Winner() != NoPlayer || tab.Legal(0) != nil || tab.Legal(1) != nil {
		t.Fatalf("abandoned table: over %v, abandoned %v, to move %d, winner %d", tab.Over(), tab.Abandoned(), tab.ToMove(), tab.Winner())
	}
	rec, err := tab.Record()
	if err != nil || rec.Over || len(rec.Moves) != 30 {
		t.Fatalf("Record of an abandoned table: over %v, %d moves, %v", rec.Over, len(rec.Moves), err)
	}
	over := finishedTable(t, 6)
	over.Abandon()
	if over.Abandoned() {
		t.Error("Abandon of a game over by the rules marked it abandoned")
	}
}

func TestTableSeedZeroIsSecretAndFresh(t *testing.T) {
	seeds := map[uint64]bool{}
	for range 8 {
		tab := newTestTable(t, Config{Players: 2})
		if tab.cfg.Seed == 0 || seeds[tab.cfg.Seed] {
			t.Fatalf("seed %d drawn twice or zero", tab.cfg.Seed)
		}
		seeds[tab.cfg.Seed] = true
	}
	// Two tables with seed 0 play different games: their dice differ within
	// a few rolls (equal dice for ten rolls running has odds of about 1e-12).
	a, b := newTestTable(t, Config{Players: 2, FirstColor: Red}), newTestTable(t, Config{Players: 2, FirstColor: Red})
	same := true
	for range 10 {
		for _, tab := range []*Table{a, b} {
			for tab.Phase() != PhaseRoll {
				p := tab.ToMove()
				_, _ = tab.Play(p, tab.Legal(p)[0])
			}
			_, _ = tab.Play(tab.ToMove(), Move{Kind: Roll})
		}
		a1, a2 := a.View(NoPlayer).Dice()
		b1, b2 := b.View(NoPlayer).Dice()
		same = same && a1 == b1 && a2 == b2
	}
	if same {
		t.Error("two tables with seed 0 rolled the same dice ten times")
	}
}

func TestTableNewRefusesBadConfig(t *testing.T) {
	if _, err := NewTable(Config{Players: 9}); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("NewTable of 9 players = %v, want ErrInvalidConfig", err)
	}
	c := Config{Players: 2, Colors: []Color{Red, Blue}}
	tab := newTestTable(t, c)
	c.Colors[0] = Green // the table keeps its own copy
	if tab.Color(0) != Red {
		t.Error("the table shares the caller's Colors slice")
	}
}

func TestTableSaveLoad(t *testing.T) {
	deck := make([]InfluenceColor, 0, TotalInfluenceCards)
	for i := range TotalInfluenceCards {
		deck = append(deck, InfluenceColors()[i%3])
	}
	configs := []Config{
		{Players: 2, Seed: 21},
		{Colors: []Color{Yellow, Green, Red}, Seed: 22, FirstColor: Green, MaxTurns: 90, Rules: EnglishEdition},
		{Players: 4, Seed: 23, InfluenceDeck: deck, ChurchStack: []ChurchTile{9, 8, 7, 6, 5, 4, 3, 2, 1}},
	}
	for i, c := range configs {
		for _, moves := range []int{0, 7, 150, 1 << 20} {
			tab := newTestTable(t, c)
			playTable(t, tab, rand.New(rand.NewPCG(uint64(i), 1)), moves)
			if moves == 7 {
				tab.Abandon()
			}
			bin, err := tab.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.Marshal(tab)
			if err != nil {
				t.Fatal(err)
			}
			for name, load := range map[string]func(*Table) error{
				"binary": func(u *Table) error { return u.UnmarshalBinary(bin) },
				"json":   func(u *Table) error { return json.Unmarshal(js, u) },
			} {
				var u Table
				if err := load(&u); err != nil {
					t.Fatalf("config %d, %d moves, %s: %v", i, moves, name, err)
				}
				if diff := cmp.Diff(stateOf(tab), stateOf(&u), cmp.Comparer(func(a, b Game) bool { return a == b })); diff != "" || !slices.Equal(u.cfg.Colors, tab.cfg.Colors) || u.cfg.Seed != tab.cfg.Seed {
					t.Fatalf("config %d, %d moves, %s: loaded table differs:\n%s", i, moves, name, diff)
				}
			}
		}
	}
}

func TestTableLoadRefuses(t *testing.T) {
	tab := newTestTable(t, Config{Players: 2, Seed: 31})
	playTable(t, tab, rand.New(rand.NewPCG(31, 0)), 40)
	bin, _ := tab.MarshalBinary()
	js, _ := json.Marshal(tab)

	// A roll forced to dice the seed does not roll.
	var j map[string]any
	_ = json.Unmarshal(js, &j)
	moves := j["moves"].([]any)
	rolled := slices.IndexFunc(moves, func(m any) bool { return strings.HasPrefix(m.(string), "roll") })
	moves[rolled] = "roll 6 6"
	if tab.log[rolled].Move.Dice == [2]uint8{6, 6} {
		moves[rolled] = "roll 1 1"
	}
	forced, _ := json.Marshal(j)

	tests := []struct {
		name string
		data []byte
		json bool
		want error
	}{
		{"binary: empty", nil, false, ErrBadEncoding},
		{"binary: version 2", append([]byte{2}, bin[1:]...), false, ErrBadEncoding},
		{"binary: a byte after the end", append(slices.Clone(bin), 0), false, ErrBadEncoding},
		{"binary: unknown flags", append([]byte{1, 4}, bin[2:]...), false, ErrBadEncoding},
		{"binary: 9 players", append([]byte{1, 0, 9}, bin[3:]...), false, ErrInvalidState},
		{"json: forced dice", forced, true, ErrInvalidState},
		{"json: key in capitals", bytes.Replace(js, []byte(`"version"`), []byte(`"VERSION"`), 1), true, ErrBadEncoding},
		{"json: unknown key", bytes.Replace(js, []byte(`"moves"`), []byte(`"movez"`), 1), true, ErrBadEncoding},
		{"json: config key in capitals", bytes.Replace(js, []byte(`"seed"`), []byte(`"Seed"`), 1), true, ErrBadEncoding},
		{"json: trailing data", append(slices.Clone(js), '}'), true, ErrBadEncoding},
		{"json: key twice", bytes.Replace(js, []byte(`{"version":1,`), []byte(`{"version":1,"version":1,`), 1), true, ErrBadEncoding},
		{"json: no config", []byte(`{"version":1,"moves":[]}`), true, ErrBadEncoding},
		{"json: seed 0", []byte(`{"version":1,"config":{"players":2,"seed":0,"rules":"default"}}`), true, ErrInvalidState},
		{"json: not a move", []byte(`{"version":1,"config":{"players":2,"seed":3,"rules":"default"},"moves":["fly"]}`), true, ErrBadEncoding},
		{"json: an illegal move", []byte(`{"version":1,"config":{"players":2,"seed":3,"rules":"default"},"moves":["end turn"]}`), true, ErrInvalidState},
		{"json: long colour", []byte(`{"version":1,"config":{"players":2,"colors":["` + strings.Repeat("x", 5000) + `"],"seed":3,"rules":"default"}}`), true, ErrBadEncoding},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := newTestTable(t, Config{Players: 3, Seed: 99})
			before := stateOf(u)
			var err error
			if tc.json {
				err = u.UnmarshalJSON(tc.data)
			} else {
				err = u.UnmarshalBinary(tc.data)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("load = %v, want %v", err, tc.want)
			}
			if len(err.Error()) > 300 {
				t.Errorf("the error quotes too much: %d bytes", len(err.Error()))
			}
			if diff := cmp.Diff(before, stateOf(u), cmp.Comparer(func(a, b Game) bool { return a == b })); diff != "" {
				t.Errorf("a refused load changed the table:\n%s", diff)
			}
		})
	}
	// Every truncation of the binary form is refused.
	for n := range len(bin) {
		var u Table
		if err := u.UnmarshalBinary(bin[:n]); err == nil {
			t.Fatalf("a binary form cut to %d of %d bytes loaded", n, len(bin))
		}
	}
}

func TestTableZeroValue(t *testing.T) {
	var tab Table
	if !tab.Over() || tab.ToMove() != NoPlayer || tab.Winner() != NoPlayer || tab.Players() != 0 || tab.Legal(0) != nil {
		t.Error("the zero Table claims a game")
	}
	if _, err := tab.Record(); err == nil {
		t.Error("the zero Table gave a record")
	}
	if _, err := tab.MarshalBinary(); err == nil {
		t.Error("the zero Table saved")
	}
	if _, err := tab.MarshalJSON(); err == nil {
		t.Error("the zero Table saved as JSON")
	}
}

func FuzzTableUnmarshalBinary(f *testing.F) {
	tab := newTestTable(f, Config{Players: 2, Seed: 8})
	playTable(f, tab, rand.New(rand.NewPCG(8, 8)), 60)
	bin, _ := tab.MarshalBinary()
	f.Add(bin)
	f.Fuzz(func(t *testing.T, data []byte) {
		var u Table
		if err := u.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
				t.Fatalf("error %v wraps neither ErrBadEncoding nor ErrInvalidState", err)
			}
			return
		}
		again, err := u.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var w Table
		if err := w.UnmarshalBinary(again); err != nil || w.g != u.g || w.Len() != u.Len() {
			t.Fatalf("a loaded table does not load again: %v", err)
		}
	})
}

// TestTableHostileSubmissions is a rapid property: a table receives moves
// from any seat (or none), any index of the action space and forced rolls,
// as hostile players would send them, between listed moves of the seat
// that decides. A submission is accepted exactly when its seat decides
// and Legal lists it; a refused one changes nothing; an accepted one is
// logged with the dice that came up; and the table's game stays valid.
func TestTableHostileSubmissions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		tab, err := NewTable(Config{Players: n, Seed: rapid.Uint64Range(1, 1<<62).Draw(t, "seed"), MaxTurns: 60})
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(1, 400).Draw(t, "steps")
		for i := 0; i < steps && !tab.Over(); i++ {
			p, m := tab.ToMove(), Move{}
			switch rapid.IntRange(0, 3).Draw(t, "kind") {
			case 0: // a listed move of the deciding seat
				legal := tab.Legal(p)
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			case 1: // any action, from any seat or none
				m, _ = MoveFromIndex(rapid.IntRange(0, NumActions-1).Draw(t, "action"))
				p = Player(rapid.IntRange(-1, n).Draw(t, "seat"))
			case 2: // dice of its own choosing
				m = Move{Kind: Roll, Dice: [2]uint8{uint8(rapid.IntRange(1, 6).Draw(t, "d1")), uint8(rapid.IntRange(1, 6).Draw(t, "d2"))}}
			case 3: // any action, from the deciding seat
				m, _ = MoveFromIndex(rapid.IntRange(0, NumActions-1).Draw(t, "action"))
			}
			listed := p == tab.ToMove() && slices.Contains(tab.Legal(p), m)
			before, turn := stateOf(tab), tab.Turn()
			_, err := tab.Play(p, m)
			switch {
			case listed && err != nil:
				t.Fatalf("seat %d's listed %v refused: %v", p, m, err)
			case !listed && err == nil:
				t.Fatalf("seat %d's %v accepted, though not listed for it", p, m)
			case err != nil:
				if !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("refusal %v does not wrap ErrIllegalMove", err)
				}
				if !cmp.Equal(before, stateOf(tab), cmp.Comparer(func(a, b Game) bool { return a == b })) {
					t.Fatalf("refused %v changed the table", m)
				}
			default:
				e := tab.Log()[tab.Len()-1]
				d1, d2 := tab.View(NoPlayer).Dice()
				if e.Player != p || e.Turn != turn || (m.Kind == Roll && e.Move.Dice != [2]uint8{uint8(d1), uint8(d2)}) {
					t.Fatalf("log entry %+v for seat %d's %v in turn %d", e, p, m, turn)
				}
			}
			if err := tab.g.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
