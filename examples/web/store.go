package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite": pure Go, no cgo
)

// A store keeps the games: each game's seats and saved table, and its
// move log, so that a restart loses nothing that was answered. The server
// calls it under a session's lock, and it never calls back into a session.
//
// There are two implementations: SQLite (sqliteStore), one server to a
// database file, and PostgreSQL (pgStore, store_pg.go), which several
// servers share (a sharedStore). The schema is plain SQL (two tables and a
// version), the same in both, and migrated the same way.
type store interface {
	// Create saves a new game, before any request about it is answered.
	Create(ctx context.Context, g storedGame) error
	// Played saves the move n (from 1) of game id and the table after it,
	// in one transaction: when it returns nil, both are durable. finished
	// is set once the game is over. It changes the game only if the store
	// holds it unfinished at move n-1, and otherwise returns an error
	// wrapping errStale.
	Played(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time) error
	// Ended saves the table of a game the server ended before its end
	// (abandoned when idle, or forfeited by a seat that left), which holds
	// moves moves, and marks it finished. It changes the game only if the
	// store holds it unfinished at that move, and otherwise returns an
	// error wrapping errStale.
	Ended(ctx context.Context, id string, table []byte, moves int, now time.Time) error
	// SetSeats saves the seats of game id (seatsJSON) anew: a person's
	// seat was handed to a bot.
	SetSeats(ctx context.Context, id string, seats string, now time.Time) error
	// Unfinished returns every game that is not finished, to resume.
	Unfinished(ctx context.Context) ([]storedGame, error)
	// Game returns one game, finished or not (ErrNoGame if there is none).
	Game(ctx context.Context, id string) (storedGame, error)
	// Moves returns the move log of game id, in order.
	Moves(ctx context.Context, id string) ([]storedMove, error)
	// Expire deletes the games finished before cutoff and their moves, and
	// returns how many it deleted.
	Expire(ctx context.Context, cutoff time.Time) (int, error)
	// Close closes the database.
	Close() error
}

// errNoGame is the error of store.Game for an id it does not hold.
var errNoGame = errors.New("no such game in the database")

// errStale is wrapped by the error of a write the store refuses because
// the game it holds is not at the move the writer expects: the writer's
// copy is stale (another server wrote the game since), and writing it
// would lose the moves it lacks.
var errStale = errors.New("the database holds another state of the game")

// A storedGame is a game as the store keeps it.
type storedGame struct {
	ID       string
	Seats    string // seatsJSON: who plays each seat, a bot's seed, a token's hash
	Table    []byte // elasund.Table.MarshalBinary
	Moves    int    // the number of moves the table holds
	Created  time.Time
	Updated  time.Time
	Finished time.Time // the zero Time while the game goes on
}

// A storedMove is one row of a game's move log.
type storedMove struct {
	N    int    // the move's number, from 1
	Turn int    // the turn it was played in
	Seat int    // the seat that played it
	Text string // its notation (elasund.Move.String)
	At   time.Time
}

// schemaVersion is the version of the schema this server writes;
// migrations[v] takes a database from version v to v+1.
var migrations = []string{
	// 0 → 1: the games and their moves.
	`CREATE TABLE games (
		id          TEXT PRIMARY KEY,
		seats       TEXT NOT NULL,    -- JSON: [{"kind": "human", "token": sha-256 hex}, {"kind": "greedy", "seed": 42}]
		tables      BLOB NOT NULL,    -- elasund.Table.MarshalBinary: the configuration (with the seed) and the log
		moves       INTEGER NOT NULL, -- the number of moves played
		created_at  INTEGER NOT NULL, -- Unix milliseconds
		updated_at  INTEGER NOT NULL,
		finished_at INTEGER           -- NULL while the game goes on
	);
	CREATE INDEX games_finished ON games (finished_at);
	CREATE TABLE moves (
		game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
		n         INTEGER NOT NULL,   -- from 1
		turn      INTEGER NOT NULL,
		seat      INTEGER NOT NULL,
		move      TEXT NOT NULL,      -- notation
		played_at INTEGER NOT NULL,
		PRIMARY KEY (game_id, n)
	) WITHOUT ROWID;`,
}

// schemaVersion is the version the migrations reach.
var schemaVersion = len(migrations)

// sqliteStore keeps the games in an SQLite database file through the
// pure-Go driver modernc.org/sqlite.
//
// The database runs in WAL mode with synchronous=FULL: a transaction is
// on the disk (its log written and fsync'ed) when its COMMIT returns, so a
// move answered 200 survives the server's crash and also the machine's
// (power loss, kernel panic). NORMAL would skip that fsync and survive a
// crash of the server alone. One connection serializes the writes, as
// SQLite does anyway.
//
// One server serves a database file: the store holds the lock of the file
// (fileLock) from its open to its Close, and a second open, by another
// server or the same, fails at once with an error wrapping errInUse.
// Every write that changes a game names the move it expects the game to
// be at, so that a copy of a game that is not the latest cannot overwrite
// it (errStale).
type sqliteStore struct {
	db   *sql.DB
	lock *fileLock // nil for ":memory:"
}

// openSQLite opens (creating it if need be) the database at path, after
// taking its lock, and migrates its schema; ":memory:" is a database that
// keeps nothing, and takes no lock.
func openSQLite(path string) (*sqliteStore, error) {
	if path == "" {
		return nil, errors.New("no database file named")
	}
	if path == ":memory:" {
		return openUnlocked(path)
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("database file %q: a name with ? or # is refused", clip(path))
	}
	lockName := path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		lockName = real // a link to the database and the database share the lock
	}
	lock, err := lockDatabase(lockName)
	if err != nil {
		return nil, err
	}
	st, err := openUnlocked(path)
	if err != nil {
		lock.release()
		return nil, err
	}
	st.lock = lock
	return st, nil
}

// openUnlocked is openSQLite without the lock.
func openUnlocked(path string) (*sqliteStore, error) {
	pragmas := "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate"
	dsn := "file:" + path + "?" + pragmas + "&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	if path == ":memory:" {
		dsn = "file::memory:?" + pragmas
	} else if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("database file %q: a name with ? or # is refused", clip(path))
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; and ":memory:" is one database per connection
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	st := &sqliteStore{db: db}
	if err := st.migrate(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	return st, nil
}

// migrate brings the schema to schemaVersion, each step in a transaction.
// A database of a newer version is refused.
func (st *sqliteStore) migrate(ctx context.Context) error {
	if _, err := st.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	for {
		tx, err := st.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		v, err := readVersion(ctx, tx)
		if err == nil && v > schemaVersion {
			err = fmt.Errorf("its schema is version %d, newer than this server's %d", v, schemaVersion)
		}
		if err != nil || v == schemaVersion {
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating the schema from version %d: %w", v, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, v+1); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
}

// readVersion reads the schema's version (0 for a new database).
func readVersion(ctx context.Context, tx *sql.Tx) (int, error) {
	var v int
	err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return v, err
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64)
}

// Create implements store.
func (st *sqliteStore) Create(ctx context.Context, g storedGame) error {
	_, err := st.db.ExecContext(ctx, `INSERT INTO games (id, seats, tables, moves, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		g.ID, g.Seats, g.Table, g.Moves, ms(g.Created), ms(g.Created))
	return err
}

// Played implements store.
func (st *sqliteStore) Played(ctx context.Context, id string, table []byte, e storedMove, finished bool, now time.Time) error {
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var fin any
	if finished {
		fin = ms(now)
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET tables = ?, moves = ?, updated_at = ?, finished_at = ? WHERE id = ? AND moves = ? AND finished_at IS NULL`,
		table, e.N, ms(now), fin, id, e.N-1)
	if err := changedOne(res, err, id, e.N-1); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, n, turn, seat, move, played_at) VALUES (?, ?, ?, ?, ?, ?)`,
		id, e.N, e.Turn, e.Seat, e.Text, ms(e.At)); err != nil {
		return err
	}
	return tx.Commit()
}

// Ended implements store.
func (st *sqliteStore) Ended(ctx context.Context, id string, table []byte, moves int, now time.Time) error {
	res, err := st.db.ExecContext(ctx, `UPDATE games SET tables = ?, updated_at = ?, finished_at = ? WHERE id = ? AND moves = ? AND finished_at IS NULL`,
		table, ms(now), ms(now), id, moves)
	return changedOne(res, err, id, moves)
}

// changedOne returns the error of an update of game id that expected it
// unfinished at move moves: err, or one wrapping errStale if no row was
// changed.
func changedOne(res sql.Result, err error, id string, moves int) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: game %s is not unfinished at move %d in it", errStale, clip(id), moves)
	}
	return nil
}

// SetSeats implements store.
func (st *sqliteStore) SetSeats(ctx context.Context, id string, seats string, now time.Time) error {
	res, err := st.db.ExecContext(ctx, `UPDATE games SET seats = ?, updated_at = ? WHERE id = ?`, seats, ms(now), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("game %s is not in the database (%v)", id, err)
	}
	return nil
}

const gameColumns = `id, seats, tables, moves, created_at, updated_at, finished_at`

func scanGame(row interface{ Scan(...any) error }) (storedGame, error) {
	var g storedGame
	var created, updated, finished sql.NullInt64
	err := row.Scan(&g.ID, &g.Seats, &g.Table, &g.Moves, &created, &updated, &finished)
	g.Created, g.Updated, g.Finished = fromMS(created), fromMS(updated), fromMS(finished)
	return g, err
}

// Unfinished implements store.
func (st *sqliteStore) Unfinished(ctx context.Context) ([]storedGame, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE finished_at IS NULL ORDER BY created_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedGame
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Game implements store.
func (st *sqliteStore) Game(ctx context.Context, id string) (storedGame, error) {
	g, err := scanGame(st.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return storedGame{}, errNoGame
	}
	return g, err
}

// rowScanner is what the rows of database/sql and of pgx have in common.
type rowScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanMoves reads the rows of a query of moves (n, turn, seat, move,
// played_at), for both stores.
func scanMoves(rows rowScanner) ([]storedMove, error) {
	var out []storedMove
	for rows.Next() {
		var m storedMove
		var at int64
		if err := rows.Scan(&m.N, &m.Turn, &m.Seat, &m.Text, &at); err != nil {
			return nil, err
		}
		m.At = time.UnixMilli(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// Moves implements store.
func (st *sqliteStore) Moves(ctx context.Context, id string) ([]storedMove, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT n, turn, seat, move, played_at FROM moves WHERE game_id = ? ORDER BY n`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanMoves(rows)
}

// Expire implements store.
func (st *sqliteStore) Expire(ctx context.Context, cutoff time.Time) (int, error) {
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	const old = `SELECT id FROM games WHERE finished_at IS NOT NULL AND finished_at < ?`
	if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id IN (`+old+`)`, ms(cutoff)); err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE finished_at IS NOT NULL AND finished_at < ?`, ms(cutoff))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	return int(n), tx.Commit()
}

// Ping checks that the database answers.
func (st *sqliteStore) Ping(ctx context.Context) error { return st.db.PingContext(ctx) }

// Close implements store. It releases the database's lock once the
// database is closed.
func (st *sqliteStore) Close() error {
	err := st.db.Close()
	if lerr := st.lock.release(); err == nil {
		err = lerr
	}
	return err
}
