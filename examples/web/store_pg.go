package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A sharedStore is a store that several servers share (PostgreSQL): any
// of them may take any request about any game, so that each must bring
// its copy of a game up to the database's before it answers (Stamp), hear
// of the games the others change (Listen), and hold a lease on a game
// before its bots search a move there (Claim), so that one server at a
// time runs them. Its name tells the servers apart in the leases and the
// notifications.
//
// A move is still accepted by one server only: PlayedBy, like Played,
// changes the game only if the database holds it at the move before, in
// the transaction that saves the move, so that of two servers playing the
// same move of the same game one commits and the other gets errStale.
type sharedStore interface {
	store
	// Name is this server's name in the leases and the notifications.
	Name() string
	// LeaseTime is how long a lease lasts unless renewed.
	LeaseTime() time.Duration
	// PlayedBy is Played for one server among several. bot says the move
	// is a bot's, played under this server's lease of the game, which the
	// store checks in the same transaction (errStale if the lease is
	// another's now); next says a bot decides after the move, and the
	// lease is then this server's (renewed, or taken from nobody), else
	// it is given up. The other servers are told of the move.
	PlayedBy(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time, bot, next bool) error
	// SetSeatsFrom is SetSeats that changes the seats only if they are
	// old (else errStale), and marks a bot's move as due (a lease any
	// server may claim), since the seat handed to a bot may decide.
	SetSeatsFrom(ctx context.Context, id, old, seats string, now time.Time) error
	// Stamp returns what tells whether a copy of game id is the
	// database's (errNoGame if it holds no such game).
	Stamp(ctx context.Context, id string) (gameStamp, error)
	// Claim takes the lease of game id's bots for this server, or renews
	// it, for the lease time, and reports whether it holds it: false when
	// another server holds it unexpired.
	Claim(ctx context.Context, id string) (bool, error)
	// Release gives up this server's lease of game id's bots, if it has
	// it: due says a bot's move is still due, and the lease is then left
	// expired, for any server to take (Orphans); else it is removed.
	Release(ctx context.Context, id string, due bool) error
	// Orphans claims up to n leases that have expired (their server died,
	// or gave up the game without a bot's move) and returns their games.
	Orphans(ctx context.Context, n int) ([]string, error)
	// Seen notes that a person used game id at now (for Idle).
	Seen(ctx context.Context, id string, now time.Time) error
	// Idle returns the unfinished games neither changed nor seen since
	// cutoff.
	Idle(ctx context.Context, cutoff time.Time) ([]storedGame, error)
	// Listen calls changed with the id of each game another server
	// changes, and resync after each (re)connection, when notices may
	// have been missed, until ctx is done.
	Listen(ctx context.Context, changed func(id string), resync func())
}

// A gameStamp is what tells a copy of a game from the database's: the
// moves played, whether it is finished, and its seats (a person's seat
// handed to a bot changes no move).
type gameStamp struct {
	Moves    int
	Finished bool
	Seats    string
}

// pgChannel is the channel of PostgreSQL's NOTIFY on which a server tells
// the others which game it changed: the payload is the game's id, a
// space, and the server's name.
const pgChannel = "elasund_games"

// defaultLease is how long a server's lease of a game's bots lasts unless
// renewed: a server renews it every third of it while its bot searches,
// and the others take over a game whose lease expired within about that
// time (they look for one every sixth of it).
const defaultLease = 3 * time.Second

// isPostgres reports whether a -db value names a PostgreSQL database
// (postgres:// or postgresql://) rather than an SQLite file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the store -db names: PostgreSQL for a postgres:// or
// postgresql:// URL, else an SQLite file.
func openStore(db string) (store, error) {
	if isPostgres(db) {
		return openPostgres(context.Background(), db, defaultLease)
	}
	return openSQLite(db)
}

// redact returns a -db value fit for a log: a URL's password is left out.
func redact(db string) string {
	u, err := url.Parse(db)
	if err != nil || !isPostgres(db) {
		return db
	}
	return u.Redacted()
}

// pgStore keeps the games in PostgreSQL through pgx (a pool of
// connections, and one more that listens), for several servers sharing
// one database. The schema is the SQLite one's, at the same version,
// with the types PostgreSQL names (BYTEA, BIGINT), the column seen_at and
// the table bot_leases (pgMigrations).
//
// A transaction commits when PostgreSQL has written and flushed its WAL
// (synchronous_commit on, its default): a move answered 200 survives a
// crash of the server and of the database's machine.
type pgStore struct {
	pool  *pgxpool.Pool
	name  string
	lease time.Duration
}

// pgMigrations are the migrations of the schema in PostgreSQL:
// pgMigrations[v] takes a database from version v to v+1, as
// migrations[v] does an SQLite one; there are as many.
var pgMigrations = []string{
	// 0 → 1: the games, their moves, and the leases of their bots.
	`CREATE TABLE games (
		id          TEXT PRIMARY KEY,
		seats       TEXT NOT NULL,
		tables      BYTEA NOT NULL,
		moves       INTEGER NOT NULL,
		created_at  BIGINT NOT NULL,   -- Unix milliseconds
		updated_at  BIGINT NOT NULL,
		finished_at BIGINT,            -- NULL while the game goes on
		seen_at     BIGINT NOT NULL DEFAULT 0 -- last used by a person, noted every eighth of -idle at most
	);
	CREATE INDEX games_finished ON games (finished_at);
	CREATE TABLE moves (
		game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
		n         INTEGER NOT NULL,
		turn      INTEGER NOT NULL,
		seat      INTEGER NOT NULL,
		move      TEXT NOT NULL,
		played_at BIGINT NOT NULL,
		PRIMARY KEY (game_id, n)
	);
	-- A row while a bot may decide: the server that runs the game's bots,
	-- until when (the database's clock). An expired row is any server's.
	CREATE TABLE bot_leases (
		game_id    TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
		holder     TEXT NOT NULL,
		expires_at TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX bot_leases_expiry ON bot_leases (expires_at);`,
}

// pgLockKey is the key of the advisory lock under which a server migrates
// the schema, and expires games, so that two servers starting together
// do not both migrate.
const pgLockKey = 0x656c6173756e64 // "elasund"

// openPostgres connects to the database of dsn and migrates its schema.
// Each server's store gets a name of its own: the host, the process id
// and a random suffix.
func openPostgres(ctx context.Context, dsn string, lease time.Duration) (*pgStore, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("-db: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	var b [3]byte
	rand.Read(b[:])
	st := &pgStore{pool: pool, lease: lease, name: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b[:]))}
	mctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := st.migrate(mctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: %w", redact(dsn), err)
	}
	return st, nil
}

// migrate brings the schema to schemaVersion, each step in a transaction
// under the advisory lock. A database of a newer version is refused.
func (st *pgStore) migrate(ctx context.Context) error {
	for {
		done, err := st.migrateStep(ctx)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep takes one step of migrate, and reports whether the schema
// is at schemaVersion already.
func (st *pgStore) migrateStep(ctx context.Context) (bool, error) {
	tx, err := st.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(pgLockKey)); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return false, err
	}
	var v int
	err = tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		v = 0
	case err != nil:
		return false, err
	case v > schemaVersion:
		return false, fmt.Errorf("its schema is version %d, newer than this server's %d", v, schemaVersion)
	case v == schemaVersion:
		return true, nil
	}
	if _, err := tx.Exec(ctx, pgMigrations[v]); err != nil {
		return false, fmt.Errorf("migrating the schema from version %d: %w", v, err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, v+1); err != nil {
		return false, err
	}
	return false, tx.Commit(ctx)
}

// Name implements sharedStore.
func (st *pgStore) Name() string { return st.name }

// LeaseTime implements sharedStore.
func (st *pgStore) LeaseTime() time.Duration { return st.lease }

// Ping checks that the database answers.
func (st *pgStore) Ping(ctx context.Context) error { return st.pool.Ping(ctx) }

// Create implements store.
func (st *pgStore) Create(ctx context.Context, g storedGame) error {
	_, err := st.pool.Exec(ctx, `INSERT INTO games (id, seats, tables, moves, created_at, updated_at, seen_at) VALUES ($1, $2, $3, $4, $5, $5, $5)`,
		g.ID, g.Seats, g.Table, g.Moves, ms(g.Created))
	return err
}

// Played implements store: PlayedBy of a person's move after which no
// bot decides.
func (st *pgStore) Played(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time) error {
	return st.PlayedBy(ctx, id, table, e, finished, now, false, false)
}

// leaseFor is the lease time in seconds, for make_interval.
func (st *pgStore) leaseFor() float64 { return st.lease.Seconds() }

// PlayedBy implements sharedStore: one transaction, its statements sent
// in one batch, that changes the game if it is at move e.N-1 and
// unfinished, adds the move's row, checks and moves the lease, and tells
// the other servers (a NOTIFY, delivered at the commit).
func (st *pgStore) PlayedBy(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time, bot, next bool) error {
	var fin *int64
	if finished {
		v := ms(now)
		fin = &v
	}
	b := &pgx.Batch{}
	b.Queue(`UPDATE games SET tables = $1, moves = $2, updated_at = $3, finished_at = $4 WHERE id = $5 AND moves = $6 AND finished_at IS NULL`,
		table, e.N, ms(now), fin, id, e.N-1)
	b.Queue(`INSERT INTO moves (game_id, n, turn, seat, move, played_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, e.N, e.Turn, e.Seat, e.Text, ms(e.At))
	keep := next && !finished
	if bot {
		// The lease must be this server's: renewed if a bot decides
		// next, else given up.
		if keep {
			b.Queue(`UPDATE bot_leases SET expires_at = now() + make_interval(secs => $3) WHERE game_id = $1 AND holder = $2`, id, st.name, st.leaseFor())
		} else {
			b.Queue(`DELETE FROM bot_leases WHERE game_id = $1 AND holder = $2`, id, st.name)
		}
	} else if keep {
		b.Queue(`INSERT INTO bot_leases (game_id, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
			ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at`, id, st.name, st.leaseFor())
	} else {
		b.Queue(`DELETE FROM bot_leases WHERE game_id = $1`, id)
	}
	b.Queue(`SELECT pg_notify($1, $2)`, pgChannel, id+" "+st.name)
	return pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		res := tx.SendBatch(ctx, b)
		defer res.Close()
		tag, err := res.Exec()
		if err := changedRow(tag, err, id, e.N-1); err != nil {
			return err
		}
		if _, err := res.Exec(); err != nil {
			return err
		}
		tag, err = res.Exec()
		if err != nil {
			return err
		}
		if bot && tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: this server's lease of game %s's bots was taken over", errStale, clip(id))
		}
		if _, err := res.Exec(); err != nil {
			return err
		}
		return res.Close()
	})
}

// changedRow is changedOne for pgx: err, or one wrapping errStale if no
// row of game id, unfinished at move moves, was changed.
func changedRow(tag pgconn.CommandTag, err error, id string, moves int) error {
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("%w: game %s is not unfinished at move %d in it", errStale, clip(id), moves)
	}
	return nil
}

// Ended implements store; the lease of the game's bots goes with it, and
// the other servers are told.
func (st *pgStore) Ended(ctx context.Context, id string, table []byte, moves int, now time.Time) error {
	return pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET tables = $1, updated_at = $2, finished_at = $2 WHERE id = $3 AND moves = $4 AND finished_at IS NULL`,
			table, ms(now), id, moves)
		if err := changedRow(tag, err, id, moves); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM bot_leases WHERE game_id = $1`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, id+" "+st.name)
		return err
	})
}

// SetSeats implements store.
func (st *pgStore) SetSeats(ctx context.Context, id string, seats string, now time.Time) error {
	return st.setSeats(ctx, id, nil, seats, now)
}

// SetSeatsFrom implements sharedStore.
func (st *pgStore) SetSeatsFrom(ctx context.Context, id, old, seats string, now time.Time) error {
	return st.setSeats(ctx, id, &old, seats, now)
}

func (st *pgStore) setSeats(ctx context.Context, id string, old *string, seats string, now time.Time) error {
	return pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET seats = $1, updated_at = $2 WHERE id = $3 AND ($4::text IS NULL OR seats = $4)`,
			seats, ms(now), id, old)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: game %s has other seats in the database, or none", errStale, clip(id))
		}
		// A bot's move may be due: a lease expired already, which the
		// server that hands the seat claims at once, and any other if it
		// does not.
		if _, err := tx.Exec(ctx, `INSERT INTO bot_leases (game_id, holder, expires_at) VALUES ($1, '', now()) ON CONFLICT DO NOTHING`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, id+" "+st.name)
		return err
	})
}

// pgGameColumns are gameColumns, the times in Unix milliseconds.
const pgGameColumns = `id, seats, tables, moves, created_at, updated_at, finished_at`

func scanPGGame(row pgx.Row) (storedGame, error) {
	var g storedGame
	var created, updated int64
	var finished *int64
	err := row.Scan(&g.ID, &g.Seats, &g.Table, &g.Moves, &created, &updated, &finished)
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	if finished != nil {
		g.Finished = time.UnixMilli(*finished)
	}
	return g, err
}

// queryGames returns the games of a query of pgGameColumns.
func (st *pgStore) queryGames(ctx context.Context, query string, args ...any) ([]storedGame, error) {
	rows, err := st.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedGame
	for rows.Next() {
		g, err := scanPGGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Unfinished implements store.
func (st *pgStore) Unfinished(ctx context.Context) ([]storedGame, error) {
	return st.queryGames(ctx, `SELECT `+pgGameColumns+` FROM games WHERE finished_at IS NULL ORDER BY created_at`)
}

// Idle implements sharedStore.
func (st *pgStore) Idle(ctx context.Context, cutoff time.Time) ([]storedGame, error) {
	return st.queryGames(ctx, `SELECT `+pgGameColumns+` FROM games WHERE finished_at IS NULL AND updated_at < $1 AND seen_at < $1 ORDER BY created_at`, ms(cutoff))
}

// Game implements store.
func (st *pgStore) Game(ctx context.Context, id string) (storedGame, error) {
	g, err := scanPGGame(st.pool.QueryRow(ctx, `SELECT `+pgGameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return storedGame{}, errNoGame
	}
	return g, err
}

// Stamp implements sharedStore.
func (st *pgStore) Stamp(ctx context.Context, id string) (gameStamp, error) {
	var s gameStamp
	err := st.pool.QueryRow(ctx, `SELECT moves, finished_at IS NOT NULL, seats FROM games WHERE id = $1`, id).Scan(&s.Moves, &s.Finished, &s.Seats)
	if errors.Is(err, pgx.ErrNoRows) {
		return gameStamp{}, errNoGame
	}
	return s, err
}

// Moves implements store.
func (st *pgStore) Moves(ctx context.Context, id string) ([]storedMove, error) {
	rows, err := st.pool.Query(ctx, `SELECT n, turn, seat, move, played_at FROM moves WHERE game_id = $1 ORDER BY n`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanMoves(rows)
}

// Expire implements store. One server expires at a time (the others,
// finding the advisory lock taken, delete nothing this time); the moves
// and leases of a game go with it (ON DELETE CASCADE).
func (st *pgStore) Expire(ctx context.Context, cutoff time.Time) (int, error) {
	n := 0
	err := pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		var got bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1)`, int64(pgLockKey)).Scan(&got); err != nil || !got {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM games WHERE finished_at IS NOT NULL AND finished_at < $1`, ms(cutoff))
		n = int(tag.RowsAffected())
		return err
	})
	return n, err
}

// Seen implements sharedStore.
func (st *pgStore) Seen(ctx context.Context, id string, now time.Time) error {
	_, err := st.pool.Exec(ctx, `UPDATE games SET seen_at = GREATEST(seen_at, $1) WHERE id = $2`, ms(now), id)
	return err
}

// Claim implements sharedStore.
func (st *pgStore) Claim(ctx context.Context, id string) (bool, error) {
	tag, err := st.pool.Exec(ctx, `INSERT INTO bot_leases (game_id, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
		ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
		WHERE bot_leases.holder = EXCLUDED.holder OR bot_leases.expires_at < now()`, id, st.name, st.leaseFor())
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Release implements sharedStore.
func (st *pgStore) Release(ctx context.Context, id string, due bool) error {
	query := `DELETE FROM bot_leases WHERE game_id = $1 AND holder = $2`
	if due {
		query = `UPDATE bot_leases SET expires_at = now() WHERE game_id = $1 AND holder = $2`
	}
	_, err := st.pool.Exec(ctx, query, id, st.name)
	return err
}

// Orphans implements sharedStore.
func (st *pgStore) Orphans(ctx context.Context, n int) ([]string, error) {
	rows, err := st.pool.Query(ctx, `UPDATE bot_leases SET holder = $1, expires_at = now() + make_interval(secs => $2)
		WHERE game_id IN (SELECT game_id FROM bot_leases WHERE expires_at < now() ORDER BY expires_at LIMIT $3 FOR UPDATE SKIP LOCKED)
		RETURNING game_id`, st.name, st.leaseFor(), n)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Listen implements sharedStore: a connection of its own LISTENs, and is
// made again (after a pause) when it fails.
func (st *pgStore) Listen(ctx context.Context, changed func(id string), resync func()) {
	for ctx.Err() == nil {
		st.listen(ctx, changed, resync)
		t := time.NewTimer(st.lease / 6)
		select {
		case <-ctx.Done():
		case <-t.C:
		}
		t.Stop()
	}
}

// listen is one connection of Listen, until it fails or ctx is done.
func (st *pgStore) listen(ctx context.Context, changed func(id string), resync func()) {
	conn, err := pgx.ConnectConfig(ctx, st.pool.Config().ConnConfig)
	if err != nil {
		return
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN `+pgChannel); err != nil {
		return
	}
	resync()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		id, from, _ := strings.Cut(n.Payload, " ")
		if from != st.name {
			changed(id)
		}
	}
}

// Close implements store.
func (st *pgStore) Close() error {
	st.pool.Close()
	return nil
}
