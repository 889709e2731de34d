package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// flakyStore is a store whose Played fails while fail is set, as a full
// disk would; it notes every move it was asked to keep.
type flakyStore struct {
	store
	mu    sync.Mutex
	fail  bool
	asked []storedMove
}

func (f *flakyStore) Played(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time) error {
	f.mu.Lock()
	fail := f.fail
	f.asked = append(f.asked, e)
	f.mu.Unlock()
	if fail {
		return errors.New("disk full")
	}
	return f.store.Played(ctx, id, table, e, finished, now)
}

func (f *flakyStore) setFail(fail bool) {
	f.mu.Lock()
	f.fail = fail
	f.mu.Unlock()
}

func (f *flakyStore) lastAsked() storedMove {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asked[len(f.asked)-1]
}

// savedTable returns the saved form of game id's Table and the last roll
// the session shows.
func savedTable(t *testing.T, s *server, id string) ([]byte, *rollJSON) {
	t.Helper()
	ss := sessionOf(s, id)
	if ss == nil {
		t.Fatal("the game is gone")
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	data, err := ss.t.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data, ss.lastRoll
}

// TestStoreFailure: when the store fails to keep a move, the move is
// answered 503 and taken back: the Table is exactly as before (its saved
// form, the last roll shown), the store holds what it held, and the same
// move played again once the store works is played as it would have been
// (a roll rolls the same dice), the game going on from there. The moves
// taken back are an ordinary move, a roll, and the move that ends the
// game at its turn limit (which Table.Undo refuses, the game being over).
func TestStoreFailure(t *testing.T) {
	tests := []struct {
		name string
		stop func(g elasund.Game, m elasund.Move) bool // the move on which the store fails
	}{
		{"a move", func(g elasund.Game, m elasund.Move) bool { return g.Turn() >= 3 && m.Kind != elasund.Roll }},
		{"a roll", func(g elasund.Game, m elasund.Move) bool { return g.Turn() >= 3 && m.Kind == elasund.Roll }},
		{"the last move", func(g elasund.Game, m elasund.Move) bool {
			after := g // a copy, whose source rolls as the Table's would
			return after.Apply(m) == nil && after.Over()
		}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mem, err := openSQLite(":memory:")
			if err != nil {
				t.Fatal(err)
			}
			st := &flakyStore{store: mem}
			s, ts := testServerOn(t, options{MaxGames: 1, Idle: time.Hour, Seed: uint64(60 + i)}, st)
			c := create(t, ts, `{"seats": ["human", "human"], "maxTurns": 5}`)
			r := rand.New(rand.NewPCG(uint64(i), 11))
			g, m := playUntil(t, s, ts, c, r, tc.stop)
			if m.Kind == elasund.NoMove {
				t.Fatal("the game ended before the move")
			}
			before, roll := savedTable(t, s, c.ID)
			token := c.tokenOf(g.Color(g.ToMove()).String())
			body := mustJSON(t, moveJSON{Move: m.String()})

			st.setFail(true)
			status, data, ctype := doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", body)
			if status != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, data, ctype), "could not be saved") {
				t.Fatalf("the store failing: %d %s", status, data)
			}
			lost := st.lastAsked()
			after, rollAfter := savedTable(t, s, c.ID)
			if !bytes.Equal(after, before) || rollAfter != roll {
				t.Fatal("the move the store did not keep was not taken back")
			}
			if g2, _, _ := gameOf(s, c.ID); g2 != g || g2.Over() {
				t.Fatal("the game changed")
			}
			stored, err := mem.Game(context.Background(), c.ID)
			if err != nil || !bytes.Equal(stored.Table, before) || stored.Moves != versionOf(s, c.ID) || !stored.Finished.IsZero() {
				t.Fatalf("the store holds %d moves (%v), finished %v", stored.Moves, err, stored.Finished)
			}
			if st := stateAs(t, ts, c.ID, token); st.End != nil || len(st.Moves) == 0 {
				t.Fatalf("after the failure: end %+v, %d moves", st.End, len(st.Moves))
			}

			st.setFail(false)
			status, data, _ = doAs(t, ts, token, "POST", "/api/games/"+c.ID+"/moves", body)
			if status != http.StatusOK {
				t.Fatalf("the move again: %d %s", status, data)
			}
			if kept := st.lastAsked(); kept.Text != lost.Text || kept.N != lost.N || kept.Turn != lost.Turn {
				t.Fatalf("the move again is %+v; the first time it was %+v", kept, lost)
			}
			if tc.name == "the last move" {
				if st := stateAs(t, ts, c.ID, ""); st.End == nil || st.End.Method != "turn limit reached" {
					t.Fatalf("the last move again: end %+v", st.End)
				}
				return
			}
			playUntil(t, s, ts, c, r, nil) // and on to the end
		})
	}
}
