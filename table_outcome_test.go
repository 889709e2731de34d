package elasund

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sameTable compares tables by what a refused call must leave as it was.
func sameTable(a, b tableState) bool {
	return a.G == b.G && a.End == b.End && slices.Equal(a.Log, b.Log)
}

// endedTables returns tables ended in every way: won by the rules, at the
// turn limit, abandoned, and forfeited at two and four seats.
func endedTables(t *testing.T) map[string]*Table {
	t.Helper()
	won := finishedTable(t, 5)
	if won.Outcome().Method != AllCubesPlaced {
		t.Fatalf("seed 5 ends %v; the test wants a won game", won.Outcome())
	}
	limit := newTestTable(t, Config{Players: 3, Seed: 2, MaxTurns: 4})
	playTable(t, limit, rand.New(rand.NewPCG(2, 2)), 1<<20)
	abandoned := newTestTable(t, Config{Players: 3, Seed: 3})
	playTable(t, abandoned, rand.New(rand.NewPCG(3, 3)), 25)
	abandoned.Abandon()
	forfeit2 := newTestTable(t, Config{Players: 2, Seed: 4})
	playTable(t, forfeit2, rand.New(rand.NewPCG(4, 4)), 40)
	forfeit4 := newTestTable(t, Config{Players: 4, Seed: 6})
	playTable(t, forfeit4, rand.New(rand.NewPCG(6, 6)), 60)
	for tab, p := range map[*Table]Player{forfeit2: 0, forfeit4: 2} {
		if err := tab.Forfeit(p); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]*Table{"won": won, "turn limit": limit, "abandoned": abandoned,
		"forfeited, two seats": forfeit2, "forfeited, four seats": forfeit4}
}

// TestTableForfeit: a forfeit ends the game at once; at two seats the
// other seat wins, at four nobody does and the forfeiter is last; the
// table refuses moves, further forfeits and take-backs, gives its game and
// a record that says how it ended.
func TestTableForfeit(t *testing.T) {
	for _, tc := range []struct {
		players   int
		forfeiter Player
		winner    Player
		term      string
	}{
		{2, 0, 1, "forfeit red"},
		{2, 1, 0, "forfeit blue"},
		{3, 1, NoPlayer, "forfeit blue"},
		{4, 3, NoPlayer, "forfeit yellow"},
	} {
		tab := newTestTable(t, Config{Players: tc.players, Seed: 12})
		playTable(t, tab, rand.New(rand.NewPCG(12, 1)), 30)
		moves := tab.Len()
		if err := tab.Forfeit(tc.forfeiter); err != nil {
			t.Fatalf("%d seats: Forfeit(%d) = %v", tc.players, tc.forfeiter, err)
		}
		o := tab.Outcome()
		if !tab.Over() || tab.ToMove() != NoPlayer || tab.Winner() != tc.winner || o.Winner != tc.winner ||
			o.Method != Forfeited || o.Forfeiter() != tc.forfeiter || o.Place(tc.forfeiter) != tc.players || tab.Abandoned() {
			t.Fatalf("%d seats, seat %d forfeited: over %v, to move %d, winner %d, outcome %v",
				tc.players, tc.forfeiter, tab.Over(), tab.ToMove(), tab.Winner(), o)
		}
		for p := range Player(tc.players) {
			if tab.Legal(p) != nil {
				t.Errorf("seat %d has legal moves after the forfeit", p)
			}
		}
		before := stateOf(tab)
		if _, err := tab.Play(0, Move{Kind: Roll}); !errors.Is(err, ErrGameOver) {
			t.Errorf("Play after a forfeit = %v, want ErrGameOver", err)
		}
		if err := tab.Forfeit(tc.forfeiter); !errors.Is(err, ErrGameOver) {
			t.Errorf("a second Forfeit = %v, want ErrGameOver", err)
		}
		if _, err := tab.Undo(); !errors.Is(err, ErrGameOver) {
			t.Errorf("Undo after a forfeit = %v, want ErrGameOver", err)
		}
		tab.Abandon()
		if !sameTable(before, stateOf(tab)) || tab.Outcome() != o {
			t.Errorf("a refused call or Abandon changed the forfeited table")
		}
		g, err := tab.Game()
		if err != nil || *g != tab.g {
			t.Fatalf("Game after a forfeit: %v", err)
		}
		rec, err := tab.Record()
		if err != nil || rec.Over || len(rec.Moves) != moves || rec.Tags["Termination"] != tc.term {
			t.Fatalf("Record after a forfeit: over %v, %d moves, tags %v, %v", rec.Over, len(rec.Moves), rec.Tags, err)
		}
		back, err := ParseRecord(rec.String())
		if err != nil || back.Tags["Termination"] != tc.term || !strings.Contains(rec.String(), `[Termination "`+tc.term+`"]`) {
			t.Fatalf("the record's Termination does not read back: %v\n%s", err, rec)
		}
		if replayed, err := back.Replay(); err != nil || *replayed != *g {
			t.Errorf("the record does not replay to the table's game: %v", err)
		}
	}
}

func TestTableForfeitRefusals(t *testing.T) {
	tables := endedTables(t)
	fresh := func() *Table { return newTestTable(t, Config{Players: 3, Seed: 1}) }
	for _, tc := range []struct {
		name string
		tab  *Table
		p    Player
		want error
	}{
		{"a spectator", fresh(), NoPlayer, ErrNotYourDecision},
		{"seat 3 of three", fresh(), 3, ErrNotYourDecision},
		{"seat 100", fresh(), 100, ErrNotYourDecision},
		{"a won game", tables["won"], 0, ErrGameOver},
		{"at the turn limit", tables["turn limit"], 0, ErrGameOver},
		{"an abandoned game", tables["abandoned"], 0, ErrGameOver},
		{"the zero table", &Table{}, 0, ErrNoGame},
	} {
		before := stateOf(tc.tab)
		err := tc.tab.Forfeit(tc.p)
		if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), "elasund: ") {
			t.Errorf("%s: Forfeit(%d) = %v, want %v", tc.name, tc.p, err, tc.want)
		}
		if !sameTable(before, stateOf(tc.tab)) {
			t.Errorf("%s: a refused forfeit changed the table", tc.name)
		}
	}
}

// TestTableEndedViews: a table that is over, by any ending, hands out
// views that say so: over, nobody decides, no legal move by any method,
// no legal moves and the outcome in JSON, which loads back.
func TestTableEndedViews(t *testing.T) {
	wantMethod := map[string]Method{"won": AllCubesPlaced, "turn limit": TurnLimitReached, "abandoned": Abandoned,
		"forfeited, two seats": Forfeited, "forfeited, four seats": Forfeited}
	for name, tab := range endedTables(t) {
		o := tab.Outcome()
		if o.Method != wantMethod[name] {
			t.Fatalf("%s: outcome %v", name, o)
		}
		// The game under an abandoned or forfeited table still has moves.
		gameLegal := tab.g.Legal()
		for p := NoPlayer; int(p) < tab.Players(); p++ {
			v := tab.View(p)
			mask := v.AppendLegalMask(nil)
			if !v.Over() || v.Decides() || v.ToMove() != NoPlayer || v.Winner() != o.Winner || v.Outcome() != o ||
				v.Legal() != nil || len(v.AppendLegal([]Move{{}})) != 1 || len(v.AppendLegalIndices([]int{0})) != 1 ||
				len(mask) != NumActions || slices.Contains(mask, true) {
				t.Fatalf("%s, seat %d's view: over %v, decides %v, to move %d, winner %d, outcome %v, legal %v",
					name, p, v.Over(), v.Decides(), v.ToMove(), v.Winner(), v.Outcome(), v.Legal())
			}
			for _, m := range append(gameLegal, Move{Kind: Roll}) {
				if v.IsLegal(m) {
					t.Fatalf("%s, seat %d's view: IsLegal(%v)", name, p, m)
				}
			}
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var j map[string]any
			if err := json.Unmarshal(data, &j); err != nil {
				t.Fatal(err)
			}
			out, _ := j["outcome"].(map[string]any)
			if _, ok := j["legal"]; ok || j["toMove"] != nil || out == nil || out["method"] != o.Method.String() ||
				len(out["standings"].([]any)) != tab.Players() {
				t.Fatalf("%s, seat %d's view in JSON: legal %v, toMove %v, outcome %v", name, p, j["legal"], j["toMove"], j["outcome"])
			}
			var back View
			if err := back.UnmarshalJSON(data); err != nil || back != v {
				t.Fatalf("%s, seat %d's view does not load back: %v", name, p, err)
			}
		}
	}
}

// TestViewJSONOutcome: the outcome of a view's JSON form is exactly what
// its state and its table's ending give; anything else is refused.
func TestViewJSONOutcome(t *testing.T) {
	tables := endedTables(t)
	going := newTestTable(t, Config{Players: 2, Seed: 3})
	playTable(t, going, rand.New(rand.NewPCG(3, 1)), 10)
	js := func(tab *Table) string {
		b, err := json.Marshal(tab.View(0))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	abandoned, forfeit, won := js(tables["abandoned"]), js(tables["forfeited, four seats"]), js(tables["won"])
	if strings.Contains(js(going), `"outcome"`) {
		t.Fatalf("a game that goes on has an outcome: %s", js(going))
	}
	if !strings.Contains(forfeit, `"outcome":{"method":"forfeited","forfeiter":"green","standings":[`) ||
		!strings.Contains(abandoned, `"outcome":{"method":"abandoned","standings":[`) {
		t.Fatalf("outcomes in JSON:\n%s\n%s", forfeit, abandoned)
	}
	for _, tc := range []struct {
		name string
		data string
		want error
	}{
		{"an unknown method", strings.Replace(abandoned, `"method":"abandoned"`, `"method":"resigned"`, 1), ErrBadEncoding},
		{"a game that goes on, abandoned",
			strings.Replace(js(going), `"winner":null`, `"winner":null,"outcome":{"method":"abandoned","standings":[]}`, 1), ErrBadEncoding},
		{"an abandoned game going on", strings.Replace(abandoned, `"outcome":{"method":"abandoned"`, `"outcome":{"method":"turn limit reached"`, 1), ErrBadEncoding},
		{"the outcome left out", cutOutcome(abandoned), ErrBadEncoding},
		{"a won game, abandoned", strings.Replace(won, `"method":"all cubes placed"`, `"method":"abandoned"`, 1), ErrBadEncoding},
		{"another forfeiter", strings.Replace(forfeit, `"forfeiter":"green"`, `"forfeiter":"blue"`, 1), ErrBadEncoding},
		{"a forfeiter who does not play", strings.Replace(forfeit, `"forfeiter":"green"`, `"forfeiter":"purple"`, 1), ErrBadEncoding},
		{"a forfeit without its forfeiter", strings.Replace(forfeit, `"forfeiter":"green",`, ``, 1), ErrBadEncoding},
		{"an unknown key", strings.Replace(forfeit, `"forfeiter"`, `"loser"`, 1), ErrBadEncoding},
	} {
		var v View
		if err := v.UnmarshalJSON([]byte(tc.data)); !errors.Is(err, tc.want) || v != (View{}) {
			t.Errorf("%s: UnmarshalJSON = %v, want %v and the view unchanged", tc.name, err, tc.want)
		}
	}
}

// cutOutcome removes the "outcome" object from a view's JSON form.
func cutOutcome(s string) string {
	i := strings.Index(s, `,"outcome":`)
	j := strings.Index(s, `,"buildsLeft"`)
	if i < 0 || j < i {
		return s
	}
	return s[:i] + s[j:]
}

// TestTableUndo plays seeded games at tables and takes back moves: after
// Undo the table is == to the table before the undone move (the game with
// its random source, the log), Undo returns the entry Play logged, and
// playing the move again draws the same dice and cards, in particular
// after rolls and after the moves that draw the pirates' reward.
func TestTableUndo(t *testing.T) {
	var rolls, rewards, draws int // undone rolls, pirates' reward draws and other draws
	for seed := uint64(1); seed <= 6; seed++ {
		tab := newTestTable(t, Config{Players: 2 + int(seed)%3, Seed: seed, MaxTurns: 60})
		r := rand.New(rand.NewPCG(seed, 7))
		for !tab.Over() {
			p := tab.ToMove()
			legal := tab.Legal(p)
			m := legal[r.IntN(len(legal))]
			before := stateOf(tab)
			played, err := tab.Play(p, m)
			if err != nil {
				t.Fatal(err)
			}
			after, over := stateOf(tab), tab.Over()
			undone, err := tab.Undo()
			if err != nil || undone != played || !sameTable(before, stateOf(tab)) {
				t.Fatalf("seed %d: Undo of %v = %+v, %v; the table differs from before it: %v",
					seed, m, undone, err, cmp.Diff(before, stateOf(tab), cmp.Comparer(func(x, y Game) bool { return x == y })))
			}
			switch {
			case m.Kind == Roll:
				rolls++
			case m.Kind == Discard && before.G.rng != after.G.rng:
				rewards++ // the last discard: the roller's reward is drawn
			case before.G.rng != after.G.rng:
				draws++ // a church tile, a wall reward, a reshuffle
			}
			if again, err := tab.Play(p, m); err != nil || again != played || !sameTable(after, stateOf(tab)) {
				t.Fatalf("seed %d: %v played again after Undo = %+v, %v; want the same draw %+v", seed, m, again, err, played)
			}
			if over && !tab.Over() {
				t.Fatalf("seed %d: the move that ended the game, played again, does not end it", seed)
			}
		}
	}
	if rolls == 0 || rewards == 0 || draws == 0 {
		t.Errorf("undid %d rolls, %d pirates' reward draws and %d other draws; the test wants each", rolls, rewards, draws)
	}
	t.Logf("undid %d rolls, %d pirates' reward draws and %d other draws", rolls, rewards, draws)
}

func TestTableUndoRefusals(t *testing.T) {
	tables := endedTables(t)
	for _, tc := range []struct {
		name string
		tab  *Table
		want error
	}{
		{"no move played", newTestTable(t, Config{Players: 2, Seed: 1}), ErrNothingToUndo},
		{"the zero table", &Table{}, ErrNoGame},
		{"an abandoned game", tables["abandoned"], ErrGameOver},
		{"a forfeited game", tables["forfeited, two seats"], ErrGameOver},
	} {
		before := stateOf(tc.tab)
		e, err := tc.tab.Undo()
		if !errors.Is(err, tc.want) || e != (Entry{}) || !strings.HasPrefix(err.Error(), "elasund: ") {
			t.Errorf("%s: Undo = %+v, %v; want %v", tc.name, e, err, tc.want)
		}
		if !sameTable(before, stateOf(tc.tab)) {
			t.Errorf("%s: a refused Undo changed the table", tc.name)
		}
	}
}

// TestTableUndoEnded: the move that ended a game by the rules can be
// taken back, and played again it ends the game the same way.
func TestTableUndoEnded(t *testing.T) {
	tables := endedTables(t)
	for _, name := range []string{"won", "turn limit"} {
		tab := tables[name]
		end, out, n := stateOf(tab), tab.Outcome(), tab.Len()
		e, err := tab.Undo()
		if err != nil || tab.Over() || tab.Len() != n-1 || tab.ToMove() != e.Player {
			t.Fatalf("%s: Undo = %+v, %v; over %v, %d moves, %v to move", name, e, err, tab.Over(), tab.Len(), tab.ToMove())
		}
		m := e.Move
		if m.Kind == Roll {
			m.Dice = [2]uint8{}
		}
		if _, err := tab.Play(e.Player, m); err != nil {
			t.Fatalf("%s: the move taken back is refused: %v", name, err)
		}
		if !sameTable(end, stateOf(tab)) || tab.Outcome() != out {
			t.Errorf("%s: played again, the last move does not end the game as before", name)
		}
	}
}

// TestTableUndoAllocations: Undo allocates what New allocates (the game
// its replay starts from), however long the log.
func TestTableUndoAllocations(t *testing.T) {
	cfg := Config{Players: 4, Seed: 5}
	tab := newTestTable(t, cfg)
	playTable(t, tab, rand.New(rand.NewPCG(5, 5)), 300)
	p := tab.ToMove()
	m := tab.Legal(p)[0]
	if _, err := tab.Play(p, m); err != nil {
		t.Fatal(err)
	}
	newAllocs := testing.AllocsPerRun(20, func() { _, _ = New(cfg) })
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := tab.Undo(); err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Play(p, m); err != nil { // in the log's room: no allocation
			t.Fatal(err)
		}
	})
	if allocs > newAllocs {
		t.Errorf("Undo and Play allocate %v times, New %v", allocs, newAllocs)
	}
}

func TestTableGame(t *testing.T) {
	tab := newTestTable(t, Config{Players: 2, Seed: 8})
	playTable(t, tab, rand.New(rand.NewPCG(8, 8)), 20)
	if g, err := tab.Game(); !errors.Is(err, ErrGameInProgress) || g != nil {
		t.Fatalf("Game mid-game = %v, %v; want ErrGameInProgress", g, err)
	}
	for name, tab := range endedTables(t) {
		g, err := tab.Game()
		if err != nil || *g != tab.g {
			t.Fatalf("%s: Game = %v", name, err)
		}
		want := tab.g
		g.gold[0]++ // a copy: the table keeps its own
		if tab.g != want {
			t.Fatalf("%s: the game Game returned is the table's", name)
		}
		if rec, _ := tab.Record(); tab.g.Over() {
			if replayed, err := rec.Replay(); err != nil || *replayed != want {
				t.Errorf("%s: the record replays to another game: %v", name, err)
			}
		}
	}
}

// TestTableZeroTable: every method of the zero Table answers without
// panicking; those that can fail return an error wrapping ErrNoGame.
func TestTableZeroTable(t *testing.T) {
	var tab Table
	for name, err := range map[string]error{
		"Play":          second(tab.Play(0, Move{Kind: Roll})),
		"Check":         tab.Check(0, Move{Kind: Roll}),
		"Forfeit":       tab.Forfeit(0),
		"Undo":          second(tab.Undo()),
		"Record":        second(tab.Record()),
		"Game":          second(tab.Game()),
		"MarshalBinary": second(tab.MarshalBinary()),
		"MarshalJSON":   second(tab.MarshalJSON()),
	} {
		if !errors.Is(err, ErrNoGame) || !strings.HasPrefix(err.Error(), "elasund: ") {
			t.Errorf("%s of the zero Table = %v, want an error wrapping ErrNoGame", name, err)
		}
	}
	tab.Abandon()
	if tab.Abandoned() || !tab.Over() || tab.ToMove() != NoPlayer || tab.Winner() != NoPlayer || tab.Players() != 0 ||
		tab.Color(0) != NoColor || tab.Turn() != 0 || tab.Phase() != PhaseOver || tab.Len() != 0 || len(tab.Log()) != 0 ||
		len(tab.AppendLog(nil, 0)) != 0 || tab.Legal(0) != nil || len(tab.AppendLegal(nil, NoPlayer)) != 0 {
		t.Error("the zero Table claims a game")
	}
	if o := tab.Outcome(); o.Over() || o.Winner != NoPlayer || o.Standings() != nil || len(o.Returns(nil)) != 0 {
		t.Errorf("the zero Table's outcome %v", o)
	}
	if v := tab.View(0); v.Over() != (View{}).Over() || v.Decides() || v.Players() != 0 || v.Outcome().Over() {
		t.Errorf("the zero Table's view %+v", v.Outcome())
	}
	if tab.g != (Game{}) || tab.end != 0 || tab.log != nil || tab.cfg.Players != 0 {
		t.Error("the zero Table changed")
	}
}

// Saved forms of an abandoned table made before forfeits were added to
// the format: three seats, seed 7, twelve moves.
const (
	oldAbandonedBinary = "01010300000000000000000700000000000c23cd21f8229925dbf80108cc21f822fa22dbf8011ccb21"
	oldAbandonedJSON   = `{"version":1,"config":{"players":3,"seed":7,"rules":"default"},"moves":["roll 6 5","wall Nf",` +
		`"end build","permit 0 a11","end turn","roll 2 2","wall Ne","end build","permit 0 a2 pay blue","end turn","roll 5 4","wall Nd"],"abandoned":true}`
)

func TestTableOldSavedFormsLoad(t *testing.T) {
	bin, err := hex.DecodeString(oldAbandonedBinary)
	if err != nil {
		t.Fatal(err)
	}
	var a, b Table
	if err := a.UnmarshalBinary(bin); err != nil {
		t.Fatal(err)
	}
	if err := b.UnmarshalJSON([]byte(oldAbandonedJSON)); err != nil {
		t.Fatal(err)
	}
	for _, tab := range []*Table{&a, &b} {
		if !tab.Abandoned() || tab.Len() != 12 || tab.Outcome().Method != Abandoned || tab.cfg.Seed != 7 {
			t.Fatalf("old saved table: abandoned %v, %d moves, %v", tab.Abandoned(), tab.Len(), tab.Outcome())
		}
	}
	if a.g != b.g {
		t.Error("the two old saved forms load to different games")
	}
	// A table saved now without a forfeit has the old layout.
	if again, _ := a.MarshalBinary(); hex.EncodeToString(again) != oldAbandonedBinary {
		t.Errorf("saved again: %x", again)
	}
	if again, _ := json.Marshal(&b); string(again) != oldAbandonedJSON {
		t.Errorf("saved again: %s", again)
	}
}

// TestTableSaveLoadForfeit: a forfeited table saves and loads in both
// forms, with its forfeiter; a forfeit the game cannot have is refused.
func TestTableSaveLoadForfeit(t *testing.T) {
	for p := range Player(4) {
		tab := newTestTable(t, Config{Players: 4, Seed: 40 + uint64(p)})
		playTable(t, tab, rand.New(rand.NewPCG(40, uint64(p))), 50)
		if err := tab.Forfeit(p); err != nil {
			t.Fatal(err)
		}
		bin, _ := tab.MarshalBinary()
		js, _ := json.Marshal(tab)
		if bin[1] != 2|byte(p)<<2 || !strings.Contains(string(js), `"forfeited":"`+tab.Color(p).String()+`"`) {
			t.Fatalf("seat %d's forfeit saved as flags %#x, %s", p, bin[1], js)
		}
		var u, w Table
		if err := u.UnmarshalBinary(bin); err != nil || !sameTable(stateOf(tab), stateOf(&u)) {
			t.Fatalf("binary: %v", err)
		}
		if err := w.UnmarshalJSON(js); err != nil || !sameTable(stateOf(tab), stateOf(&w)) || w.Outcome() != tab.Outcome() {
			t.Fatalf("JSON: %v", err)
		}
	}
	two := newTestTable(t, Config{Players: 2, Seed: 9})
	playTable(t, two, rand.New(rand.NewPCG(9, 9)), 30)
	bin, _ := two.MarshalBinary()
	js, _ := json.Marshal(two)
	wonBin, _ := finishedTable(t, 5).MarshalBinary()
	flags := func(b []byte, f byte) []byte { b = slices.Clone(b); b[1] = f; return b }
	for _, tc := range []struct {
		name string
		data []byte
		json bool
		want error
	}{
		{"binary: abandoned and forfeited", flags(bin, 3), false, ErrBadEncoding},
		{"binary: a seat without a forfeit", flags(bin, 1<<2), false, ErrBadEncoding},
		{"binary: flags beyond the seat", flags(bin, 0x12), false, ErrBadEncoding},
		{"binary: seat 3 of two forfeits", flags(bin, 2|3<<2), false, ErrInvalidState},
		{"binary: a forfeit after the game was won", flags(wonBin, 2), false, ErrInvalidState},
		{"json: abandoned and forfeited", []byte(strings.Replace(string(js), `"moves"`, `"abandoned":true,"forfeited":"red","moves"`, 1)), true, ErrBadEncoding},
		{"json: a colour that does not play", []byte(strings.Replace(string(js), `"moves"`, `"forfeited":"green","moves"`, 1)), true, ErrBadEncoding},
		{"json: not a colour", []byte(strings.Replace(string(js), `"moves"`, `"forfeited":"mauve","moves"`, 1)), true, ErrBadEncoding},
		{"json: a bad config", []byte(`{"version":1,"config":{"players":9,"seed":3,"rules":"default"},"forfeited":"red"}`), true, ErrInvalidState},
	} {
		u := newTestTable(t, Config{Players: 3, Seed: 99})
		before := stateOf(u)
		var err error
		if tc.json {
			err = u.UnmarshalJSON(tc.data)
		} else {
			err = u.UnmarshalBinary(tc.data)
		}
		if !errors.Is(err, tc.want) || !sameTable(before, stateOf(u)) {
			t.Errorf("%s: load = %v, want %v and the table unchanged", tc.name, err, tc.want)
		}
	}
}

// TestTableRecordTermination: the record of a game the host ended says
// how, in a Termination tag that ParseRecord reads back; that of a game
// over by the rules has its result and no such tag.
func TestTableRecordTermination(t *testing.T) {
	want := map[string]string{"won": "", "turn limit": "", "abandoned": "abandoned",
		"forfeited, two seats": "forfeit red", "forfeited, four seats": "forfeit green"}
	for name, tab := range endedTables(t) {
		rec, err := tab.Record()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecord(rec.String())
		if err != nil {
			t.Fatal(err)
		}
		if rec.Tags["Termination"] != want[name] || back.Tags["Termination"] != want[name] || rec.Over != tab.g.Over() || back.Over != rec.Over {
			t.Errorf("%s: Termination %q, read back %q, over %v; want %q", name, rec.Tags["Termination"], back.Tags["Termination"], rec.Over, want[name])
		}
	}
}

// TestTablePlayReturnsItsEntry: Play returns the entry it logs, the roll's
// dice those that came up; a refused move returns the zero Entry.
func TestTablePlayReturnsItsEntry(t *testing.T) {
	tab := newTestTable(t, Config{Players: 3, Seed: 14})
	r := rand.New(rand.NewPCG(14, 0))
	for range 200 {
		p := tab.ToMove()
		legal := tab.Legal(p)
		m := legal[r.IntN(len(legal))]
		turn := tab.Turn()
		e, err := tab.Play(p, m)
		if err != nil || e != tab.log[len(tab.log)-1] || e.Player != p || e.Turn != turn ||
			(m.Kind == Roll) != (e.Move.Dice != [2]uint8{}) || m.Kind != Roll && e.Move != m {
			t.Fatalf("Play(%d, %v) = %+v, %v; logged %+v", p, m, e, err, tab.log[len(tab.log)-1])
		}
		if e, err := tab.Play(p+1, m); err == nil || e != (Entry{}) {
			t.Fatalf("a refused Play returned %+v, %v", e, err)
		}
	}
}

// TestTableEndedViewsText: the picture of a view says how the table's game
// ended, and asks nobody to decide.
func TestTableEndedViewsText(t *testing.T) {
	tables := endedTables(t)
	for name, want := range map[string]string{
		"abandoned":             "Game abandoned in turn " + itoa(tables["abandoned"].Turn()) + ": no winner.",
		"forfeited, two seats":  "Game over in turn " + itoa(tables["forfeited, two seats"].Turn()) + ": red forfeited; blue wins.",
		"forfeited, four seats": "Game over in turn " + itoa(tables["forfeited, four seats"].Turn()) + ": green forfeited.",
		"turn limit":            "Game over at the turn limit: no winner.",
	} {
		s := tables[name].View(1).String()
		header := strings.SplitN(s, "\n", 4)
		if len(header) < 4 || !strings.HasPrefix(header[2], want) || strings.Contains(header[3], " to roll") ||
			strings.Contains(s, "Nocolor") || strings.Contains(s, "NoColor") {
			t.Errorf("%s: the picture begins\n%s\nwant its third line to begin %q", name, strings.Join(header[:3], "\n"), want)
		}
	}
}

// TestSeedZeroToNew: to New, seed 0 is a seed like any other, a fixed game.
func TestSeedZeroToNew(t *testing.T) {
	a, errA := New(Config{Players: 3})
	b, errB := New(Config{Players: 3, Seed: 0})
	c, errC := New(Config{Players: 3, Seed: 1})
	if errA != nil || errB != nil || errC != nil || *a != *b || *a == *c {
		t.Errorf("New with seed 0 twice: equal %v; seed 0 and 1 equal %v", *a == *b, *a == *c)
	}
}
