package main

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// expireLeases makes every lease of the database of dsn expired, as if
// its server had stopped renewing it.
func expireLeases(t *testing.T, dsn string) {
	t.Helper()
	adminExec(t, dsn, `UPDATE bot_leases SET expires_at = now() - interval '1 second'`)
}

// TestPGLeases: the lease of a game's bots is one server's at a time;
// another takes it only once it has expired (Orphans), and the server
// that lost it can no longer commit a bot's move; a bot's move after which
// a person decides gives the lease up, a person's move after which a bot
// decides takes it; a lease given up while a bot's move is due is any
// server's, else it is gone.
func TestPGLeases(t *testing.T) {
	ctx := context.Background()
	dsn := postgresDSN(t)
	a, b := openPG(t, dsn), openPG(t, dsn)
	if a.Name() == b.Name() {
		t.Fatalf("two stores named %q", a.Name())
	}
	if err := a.Create(ctx, storedGame{ID: "g", Seats: "s0", Table: []byte{0}, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	claim := func(st *pgStore, want bool) {
		t.Helper()
		if got, err := st.Claim(ctx, "g"); err != nil || got != want {
			t.Fatalf("%s claims: %v %v, want %v", st.Name(), got, err, want)
		}
	}
	orphans := func(st *pgStore, want ...string) {
		t.Helper()
		if got, err := st.Orphans(ctx, 16); err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s's orphans: %v %v, want %v", st.Name(), got, err, want)
		}
	}
	move := func(st *pgStore, n int, bot, next bool) error {
		e := storedMove{N: n, Text: "m", At: time.Now()}
		return st.PlayedBy(ctx, "g", []byte{byte(n)}, e, false, e.At, bot, next)
	}
	claim(a, true)
	claim(b, false)
	claim(a, true) // renewed
	orphans(b)
	expireLeases(t, dsn)
	orphans(b, "g")
	claim(a, false)
	// A's bot move, searched under the lease it lost, is refused.
	if err := move(a, 1, true, true); !errors.Is(err, errStale) {
		t.Fatalf("a bot's move under a lost lease: %v", err)
	}
	if err := move(b, 1, true, true); err != nil { // a bot decides next: B keeps it
		t.Fatal(err)
	}
	claim(a, false)
	if err := move(b, 2, true, false); err != nil { // a person decides next: B gives it up
		t.Fatal(err)
	}
	expireLeases(t, dsn)
	orphans(a)
	if err := move(a, 3, false, true); err != nil { // a person's move hands the game to a bot
		t.Fatal(err)
	}
	claim(b, false)
	claim(a, true)
	if err := a.Release(ctx, "g", true); err != nil { // given up, a bot's move due: any server's
		t.Fatal(err)
	}
	orphans(b, "g")
	if err := b.Release(ctx, "g", false); err != nil { // given up, no bot's move due: gone
		t.Fatal(err)
	}
	expireLeases(t, dsn)
	orphans(a)
	claim(b, true)
	if err := move(a, 4, false, false); err != nil {
		t.Fatal(err)
	}
	claim(a, true) // nobody's: anyone's
}

// TestPGSeats: seats are handed to a bot only from the seats the database
// holds, and then a lease any server may take marks a bot's move as due;
// the end of the game removes it. The stamp follows.
func TestPGSeats(t *testing.T) {
	ctx := context.Background()
	dsn := postgresDSN(t)
	a, b := openPG(t, dsn), openPG(t, dsn)
	if err := a.Create(ctx, storedGame{ID: "g", Seats: "s0", Table: []byte{0}, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 4; n++ {
		if err := a.Played(ctx, "g", []byte{byte(n)}, storedMove{N: n, Text: "m", At: time.Now()}, false, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	orphans := func(st *pgStore, want ...string) {
		t.Helper()
		if got, err := st.Orphans(ctx, 16); err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s's orphans: %v %v, want %v", st.Name(), got, err, want)
		}
	}
	if err := b.SetSeatsFrom(ctx, "g", "not s0", "s1", time.Now()); !errors.Is(err, errStale) {
		t.Fatalf("seats changed from stale seats: %v", err)
	}
	if err := b.SetSeatsFrom(ctx, "g", "s0", "s1", time.Now()); err != nil {
		t.Fatal(err)
	}
	if s, err := a.Stamp(ctx, "g"); err != nil || s != (gameStamp{Moves: 4, Seats: "s1"}) {
		t.Fatalf("the stamp: %+v %v", s, err)
	}
	orphans(a, "g")
	if err := a.Ended(ctx, "g", []byte{9}, 4, time.Now()); err != nil {
		t.Fatal(err)
	}
	expireLeases(t, dsn)
	orphans(b)
	if s, err := b.Stamp(ctx, "g"); err != nil || s != (gameStamp{Moves: 4, Finished: true, Seats: "s1"}) {
		t.Fatalf("the stamp: %+v %v", s, err)
	}
	if _, err := b.Stamp(ctx, "none"); err != errNoGame {
		t.Fatalf("the stamp of no game: %v", err)
	}
}

// TestPGNotify: a store hears of the games the other stores change (a
// move, seats, an end), not of its own changes, and is told to sync all
// when its listening connection is made.
func TestPGNotify(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dsn := postgresDSN(t)
	a, b := openPG(t, dsn), openPG(t, dsn)
	heard, synced := make(chan string, 16), make(chan struct{}, 4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.Listen(ctx, func(id string) { heard <- id }, func() { synced <- struct{}{} })
	}()
	defer func() { cancel(); <-done }()
	wait := func(what string) {
		t.Helper()
		select {
		case <-synced:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: not told to sync", what)
		}
	}
	wait("listening")
	now := time.Now()
	for _, id := range []string{"x", "y"} {
		if err := a.Create(ctx, storedGame{ID: id, Seats: "s", Table: []byte{0}, Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	writes := []func() error{
		func() error { return a.Played(ctx, "x", []byte{1}, storedMove{N: 1, Text: "m", At: now}, false, now) }, // its own: not heard
		func() error { return b.Played(ctx, "y", []byte{1}, storedMove{N: 1, Text: "m", At: now}, false, now) },
		func() error { return b.SetSeatsFrom(ctx, "x", "s", "t", now) },
		func() error { return b.Ended(ctx, "y", []byte{2}, 1, now) },
	}
	for i, w := range writes {
		if err := w(); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
	}
	var got []string
	for len(got) < 3 {
		select {
		case id := <-heard:
			got = append(got, id)
		case <-time.After(20 * time.Second):
			t.Fatalf("heard only %v", got)
		}
	}
	if !slices.Equal(got, []string{"y", "x", "y"}) {
		t.Fatalf("heard %v, want y, x, y", got)
	}
	select {
	case id := <-heard:
		t.Fatalf("heard %q more", id)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestPGIdle: a game is idle once neither changed nor seen since the
// cutoff; seeing it makes it used.
func TestPGIdle(t *testing.T) {
	ctx := context.Background()
	st := openPG(t, postgresDSN(t))
	t0 := time.UnixMilli(1_700_000_000_000)
	if err := st.Create(ctx, storedGame{ID: "g", Seats: "s", Table: []byte{0}, Created: t0}); err != nil {
		t.Fatal(err)
	}
	idle := func(cutoff time.Time, want int) {
		t.Helper()
		if gs, err := st.Idle(ctx, cutoff); err != nil || len(gs) != want {
			t.Fatalf("idle at %v: %d %v, want %d", cutoff.Sub(t0), len(gs), err, want)
		}
	}
	idle(t0, 0)
	idle(t0.Add(time.Millisecond), 1)
	if err := st.Seen(ctx, "g", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := st.Seen(ctx, "g", t0.Add(time.Minute)); err != nil { // an older note changes nothing
		t.Fatal(err)
	}
	idle(t0.Add(time.Hour), 0)
	idle(t0.Add(time.Hour+time.Millisecond), 1)
}
