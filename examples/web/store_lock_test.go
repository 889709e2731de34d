package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// TestOneServerPerDatabase: while a store holds a database file, a second
// open of it (by its name, or through a link to it) fails at once with a
// message that names the holder and the way out, and changes nothing; it
// succeeds once the first is closed. A database in memory takes no lock.
func TestOneServerPerDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	link := filepath.Join(dir, "link.db")
	first, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, link} {
		second, err := openSQLite(name)
		if err == nil {
			second.Close()
			t.Fatalf("%s: a second store opened the database while the first holds it", name)
		}
		want := "the database is in use by another server: process " + strconv.Itoa(os.Getpid()) + " holds " + path + ".lock; one server serves one database file, so stop that server or give this one another -db"
		if !errors.Is(err, errInUse) || err.Error() != want {
			t.Fatalf("%s: %v\nwant %s", name, err, want)
		}
	}
	// The first store works on.
	if err := first.Create(context.Background(), storedGame{ID: "a", Seats: "[]", Table: []byte{1}, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := openSQLite(path)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	if _, err := second.Game(context.Background(), "a"); err != nil {
		t.Fatalf("the game the first saved: %v", err)
	}
	second.Close()
	for range 2 {
		st, err := openSQLite(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
	}
}

// TestSecondServerRefused runs the server's binary twice on one database
// file: the second stops at once, saying why, before it serves anything;
// once the first is killed with SIGKILL (which releases its lock), a
// server starts on the file.
func TestSecondServerRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	first := start(t, db)
	cmd := exec.Command(serverBinary(t), "-addr", "127.0.0.1:0", "-db", db)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("the second server: %v\n%s", err, out)
	}
	want := "web: the database is in use by another server: process " + strconv.Itoa(first.cmd.Process.Pid) + " holds " + db + ".lock"
	if !strings.HasPrefix(string(out), want) || strings.Contains(string(out), "play at") {
		t.Fatalf("the second server said:\n%s\nwant %s…", out, want)
	}
	first.kill(t)
	again := start(t, db)
	if status, _, err := again.call(t, "GET", "/api/bots", "", ""); err != nil || status != http.StatusOK {
		t.Fatalf("the server started after the first was killed: %d %v", status, err)
	}
}

// playMoves plays n random moves of a game of people on server s.
func playMoves(t *testing.T, s *server, ts *httptest.Server, c created, r *rand.Rand, n int) {
	t.Helper()
	for range n {
		g, _, ok := gameOf(s, c.ID)
		if !ok || g.Over() {
			t.Fatal("the game is over or gone")
		}
		ms := g.Legal()
		m := ms[r.IntN(len(ms))]
		if status, data, _ := doAs(t, ts, c.tokenOf(g.Color(g.ToMove()).String()), "POST", "/api/games/"+c.ID+"/moves",
			mustJSON(t, moveJSON{Move: m.String()})); status != http.StatusOK {
			t.Fatalf("%v: %d %s", m, status, data)
		}
	}
}

// TestStaleWritesRefused replays the loss of issue 23 with a server that
// does not take the lock (as servers did before it): server B loads a game
// at move 5 while server A plays it on to move 11. B's move and B's
// forfeit of the game are refused by the store, which keeps A's game as it
// was (its table and its log rows agree), and a server started afresh on
// the file loads it at move 11. The store refuses the same writes when
// asked directly, and a write to a finished game.
func TestStaleWritesRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	stA, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	a, tsA := testServerOn(t, options{MaxGames: 4}, stA)
	c := create(t, tsA, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(23, 5))
	playMoves(t, a, tsA, c, r, 5)
	stB, err := openUnlocked(path)
	if err != nil {
		t.Fatal(err)
	}
	b, tsB := testServerOn(t, options{MaxGames: 4}, stB)
	if v := versionOf(b, c.ID); v != 5 {
		t.Fatalf("server B holds the game at version %d, want 5", v)
	}
	playMoves(t, a, tsA, c, r, 6)
	// B plays a move of its copy: refused by the store, taken back.
	g, _, _ := gameOf(b, c.ID)
	status, data, _ := doAs(t, tsB, c.tokenOf(g.Color(g.ToMove()).String()), "POST", "/api/games/"+c.ID+"/moves",
		mustJSON(t, moveJSON{Move: g.Legal()[0].String()}))
	if status != http.StatusServiceUnavailable || !strings.Contains(string(data), "the database holds another state of the game") {
		t.Fatalf("server B's move: %d %s", status, data)
	}
	// B's seat leaves, which ends B's copy: whatever B answers, the store
	// refuses the write.
	status, data, _ = doAs(t, tsB, c.Seats[0].Token, "DELETE", "/api/games/"+c.ID, "")
	t.Logf("server B's DELETE: %d %s", status, data)
	ctx := context.Background()
	checkStored := func(what string) {
		t.Helper()
		sg, err := stA.Game(ctx, c.ID)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		moves, err := stA.Moves(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		var tb elasund.Table
		if err := tb.UnmarshalBinary(sg.Table); err != nil || tb.Len() != 11 || sg.Moves != 11 || !sg.Finished.IsZero() || len(moves) != 11 {
			t.Fatalf("%s: the games row says %d moves (finished %v), the table %d (%v), the log %d", what, sg.Moves, sg.Finished, tb.Len(), err, len(moves))
		}
		for i, e := range tb.Log() {
			if moves[i].Text != e.Move.String() {
				t.Fatalf("%s: move %d is %q in the table, %q in the log", what, i+1, e.Move.String(), moves[i].Text)
			}
		}
	}
	checkStored("after server B's writes")
	// The store, asked directly with a stale count, refuses too.
	sg, _ := stA.Game(ctx, c.ID)
	stale := []error{
		stA.Ended(ctx, c.ID, sg.Table, 5, time.Now()),
		stA.Played(ctx, c.ID, sg.Table, storedMove{N: 6, Text: "roll"}, false, time.Now()),
		stA.Played(ctx, c.ID, sg.Table, storedMove{N: 13, Text: "roll"}, false, time.Now()),
	}
	for i, err := range stale {
		if !errors.Is(err, errStale) {
			t.Errorf("stale write %d: %v, want errStale", i, err)
		}
	}
	checkStored("after the stale writes")
	// A finished game is changed by nobody.
	if err := stA.Ended(ctx, c.ID, sg.Table, 11, time.Now()); err != nil {
		t.Fatal(err)
	}
	for i, err := range []error{
		stA.Ended(ctx, c.ID, sg.Table, 11, time.Now()),
		stA.Played(ctx, c.ID, sg.Table, storedMove{N: 12, Text: "roll"}, false, time.Now()),
	} {
		if !errors.Is(err, errStale) {
			t.Errorf("write %d to a finished game: %v, want errStale", i, err)
		}
	}
	if _, err := stA.db.Exec(`UPDATE games SET finished_at = NULL WHERE id = ?`, c.ID); err != nil {
		t.Fatal(err)
	}
	b.Close()
	a.Close()
	stB.Close()
	stA.Close()
	// A fresh server loads the game A played.
	fresh, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	_, tsF := testServerOn(t, options{MaxGames: 4}, fresh)
	if st := stateAs(t, tsF, c.ID, ""); st.Version != 11 || st.End != nil {
		t.Fatalf("a fresh server: version %d, end %+v", st.Version, st.End)
	}
}
