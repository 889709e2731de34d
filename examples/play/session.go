package main

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// session is one game between the person and the bots at a referee's
// table: the Table holds the game, plays only the moves it lists for the
// seat that decides, rolls the dice and keeps the public log; the session
// reads the person's decisions, asks the bots for theirs and shows the
// person what their seat may know.
type session struct {
	in     *bufio.Scanner
	out    io.Writer
	opts   options
	newBot botMaker
	t      *elasund.Table
	// start is the table before its first move (MarshalBinary), the seed
	// included: undo replays the log onto a new table made from it. Like
	// the seed, it is the host's secret until the game ends.
	start []byte
	// botKey seeds the bots, with the seat and the number of moves played
	// (botSeed): the game's seed when -seed gives one, else a secret of
	// the host's.
	botKey uint64
	// decisions holds t.Len() before each of the person's past decisions
	// (those with more than one legal move): where undo goes back to.
	decisions []int
	turn      int  // the last turn announced
	echo      bool // write the lines read after the prompt (input that is not a terminal)
}

// newSession sets up the game of opts at a new table: with opts.cfg.Seed,
// or with a seed the table draws and keeps secret when it is 0.
func newSession(in io.Reader, out io.Writer, opts options, newBot botMaker) (*session, error) {
	t, err := elasund.NewTable(opts.cfg)
	if err != nil {
		return nil, err
	}
	start, err := t.MarshalBinary()
	if err != nil {
		return nil, err
	}
	key := opts.cfg.Seed
	if key == 0 {
		key = secretKey()
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	return &session{in: sc, out: out, opts: opts, newBot: newBot, t: t, start: start, botKey: key, echo: !isTerminal(in)}, nil
}

// secretKey draws a number from crypto/rand: the bots' seeds of a game
// whose seed is secret must not be foreseeable either.
func secretKey() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand.Read's contract since Go 1.24)
	return binary.LittleEndian.Uint64(b[:])
}

// isTerminal reports whether in is a terminal, which shows what is typed.
func isTerminal(in io.Reader) bool {
	f, ok := in.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// printf writes to the person.
func (s *session) printf(format string, a ...any) { fmt.Fprintf(s.out, format, a...) }

// name names player p: "blue (greedy)", "red (you)".
func (s *session) name(p elasund.Player) string {
	if p == s.opts.seat {
		return s.t.Color(p).String() + " (you)"
	}
	return fmt.Sprintf("%v (%s)", s.t.Color(p), s.opts.bots[p])
}

// outcome is how the person's turn at a decision ended.
type outcome int

const (
	moved  outcome = iota // a move was played
	undone                // the game went back to an earlier decision
	quit                  // the person quit or the input ended
)

// play runs the game to its end or until the person quits, saves the
// record and returns the exit status.
func (s *session) play() int {
	var seats []string
	for p := elasund.Player(0); int(p) < s.t.Players(); p++ {
		seats = append(seats, s.name(p))
	}
	seed := "a secret seed (shown at the end)"
	if s.opts.cfg.Seed != 0 {
		seed = fmt.Sprintf("seed %d", s.opts.cfg.Seed)
	}
	s.printf("Elasund, %d players, %s, rules %v", s.t.Players(), seed, s.opts.cfg.Rules)
	if s.opts.cfg.MaxTurns > 0 {
		s.printf(", at most %d turns", s.opts.cfg.MaxTurns)
	}
	s.printf(".\nSeats: %s.\nType help for the commands.\n", strings.Join(seats, ", "))
	for !s.t.Over() {
		if t := s.t.Turn(); t != s.turn {
			s.turn = t
			s.printf("\n--- Turn %d: %s ---\n", t, s.name(s.t.View(s.opts.seat).Active()))
		}
		p := s.t.ToMove()
		if p != s.opts.seat {
			if err := s.botMove(p); err != nil {
				s.printf("%s failed: %v\n", s.name(p), err)
				s.t.Abandon()
				s.save("The game stopped in turn %d.", s.t.Turn())
				return 1
			}
			continue
		}
		switch s.decide() {
		case quit:
			s.t.Abandon()
			if !s.save("You left the game in turn %d.", s.t.Turn()) {
				return 1
			}
			return 0
		case undone:
			s.turn = s.t.Turn()
		}
	}
	if !s.save("%s", s.result()) {
		return 1
	}
	return 0
}

// result shows the game at its end, every card and tile revealed (the
// record's replay: the table shows no more than a seat may know), and
// returns the result.
func (s *session) result() string {
	r, err := s.t.Record()
	var g *elasund.Game
	if err == nil {
		g, err = r.Replay()
	}
	if err != nil {
		s.printf("\n=== Game over ===\nThe final position cannot be shown: %v\n", err)
	} else {
		s.printf("\n=== Game over: every card shown ===\n\n%v\n", g)
	}
	switch w := s.t.Winner(); {
	case w == s.opts.seat:
		return fmt.Sprintf("You win in turn %d!", s.t.Turn())
	case w != elasund.NoPlayer:
		return fmt.Sprintf("%s wins in turn %d.", s.name(w), s.t.Turn())
	}
	return fmt.Sprintf("No winner: the game reached its limit of %d turns.", s.opts.cfg.MaxTurns)
}

// botMove lets the bot of seat p choose from its view and plays its move.
// The table decides whether the move is one the seat may play: a refused
// move is the bot's failure.
func (s *session) botMove(p elasund.Player) error {
	b, err := s.newBot(s.opts.bots[p], botSeed(s.botKey, p, s.t.Len()))
	if err != nil {
		return err
	}
	m, err := choose(b, s.t.View(p))
	if err != nil {
		return err
	}
	if err := s.apply(p, m); err != nil {
		return fmt.Errorf("it chose %q, which the referee refused: %w", m, err)
	}
	return nil
}

// choose asks b for a move, turning a panic into an error.
func choose(b bots.Bot, v elasund.View) (m elasund.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("it panicked: %v", r)
		}
	}()
	return b.Choose(v)
}

// botSeed is the seed of the bot of seat p choosing the move after the
// first moves moves of a game whose bots are seeded with key: the bots'
// choices depend only on the key and the game's moves so far, so an undone
// stretch of the game plays again the same if the person plays the same.
func botSeed(key uint64, p elasund.Player, moves int) uint64 {
	x := key ^ uint64(p+1)*0x9e3779b97f4a7c15 ^ uint64(moves)*0xbf58476d1ce4e5b9
	// splitmix64's finalizer.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// apply plays player p's move m at the table and says what happened: the
// move, the dice a roll brought, and whose cards changed. If the table
// refuses m, it returns the table's error and nothing happened.
func (s *session) apply(p elasund.Player, m elasund.Move) error {
	before := s.t.View(s.opts.seat)
	if _, err := s.t.Play(p, m); err != nil {
		return err
	}
	after := s.t.View(s.opts.seat)
	line := fmt.Sprintf("%s: %v", s.name(p), m)
	if m.Kind == elasund.Roll {
		line += s.rollText(p, before, after)
	}
	s.printf("%s\n", line)
	if d := cardChanges(before, after); d != "" {
		s.printf("  cards: %s\n", d)
	}
	return nil
}

// rollText tells what the dice did.
func (s *session) rollText(p elasund.Player, before, after elasund.View) string {
	d0, d1 := after.Dice()
	sum := d0 + d1
	text := fmt.Sprintf(" %d+%d = %d", d0, d1, sum)
	switch {
	case sum == 7:
		return text + ": the pirates come"
	case after.Phase() == elasund.PhaseSteer:
		return text + fmt.Sprintf(": the ship is in row %v already; %v steers it two rows on", before.Ship(), after.Color(p))
	case int(after.Ship()) != sum:
		return text + fmt.Sprintf(": the ship is in row %v already and moves on to row %v", before.Ship(), after.Ship())
	}
	return text + fmt.Sprintf(": the ship sails to row %v", after.Ship())
}

// cardChanges lists how each player's cards changed between two views of
// the person: gold and, for the person, influence by colour; for the
// others the number of influence cards only, which is all the view holds.
func cardChanges(before, after elasund.View) string {
	var parts []string
	signed := func(n int, what string) string { return fmt.Sprintf("%+d %s", n, what) }
	for p := elasund.Player(0); int(p) < after.Players(); p++ {
		var ch []string
		if d := after.Gold(p) - before.Gold(p); d != 0 {
			ch = append(ch, signed(d, "gold"))
		}
		if p == after.Viewer() {
			b, a := before.Hand(p), after.Hand(p)
			for _, c := range [...]struct {
				name string
				d    int
			}{{"blue", int(a.Blue) - int(b.Blue)}, {"green", int(a.Green) - int(b.Green)}, {"yellow", int(a.Yellow) - int(b.Yellow)}} {
				if c.d != 0 {
					ch = append(ch, signed(c.d, c.name))
				}
			}
		} else if d := after.InfluenceCards(p) - before.InfluenceCards(p); d != 0 {
			what := "influence card"
			if d != 1 && d != -1 {
				what += "s"
			}
			ch = append(ch, signed(d, what))
		}
		if len(ch) > 0 {
			who := after.Color(p).String()
			if p == after.Viewer() {
				who = "you"
			}
			parts = append(parts, who+" "+strings.Join(ch, " "))
		}
	}
	return strings.Join(parts, "; ")
}

// decide shows the person their view and moves and reads lines until a
// move is played, the game goes back (undo) or the person quits.
func (s *session) decide() outcome {
	v := s.t.View(s.opts.seat)
	legal := s.t.Legal(s.opts.seat)
	if len(legal) == 1 {
		if err := s.apply(s.opts.seat, legal[0]); err != nil {
			s.printf("The table refused your only move: %v\n", err)
			return quit
		}
		return moved
	}
	list := newMoveList(legal)
	s.show(v, list)
	for {
		s.printf("%v> ", s.t.Color(s.opts.seat))
		if !s.in.Scan() {
			if err := s.in.Err(); err != nil {
				s.printf("\nThe input failed: %v\n", err)
			} else {
				s.printf("\nEnd of input.\n")
			}
			return quit
		}
		line := strings.TrimSpace(s.in.Text())
		if s.echo {
			s.printf("%s\n", line)
		}
		word, rest, _ := strings.Cut(line, " ")
		switch strings.ToLower(word) {
		case "":
			continue
		case "help", "h", "?":
			s.printf("%s", helpText)
			continue
		case "board", "b":
			s.show(v, nil)
			continue
		case "moves", "m":
			if strings.TrimSpace(rest) == "" {
				list.write(s.out)
			} else if !list.writeFiltered(s.out, rest) {
				s.printf("None of your moves begins with %q.\n", strings.TrimSpace(rest))
			}
			continue
		case "undo", "u":
			if s.undo() {
				return undone
			}
			continue
		case "quit", "q", "exit":
			return quit
		}
		m, ok := s.read(line, list)
		if !ok {
			continue
		}
		at := s.t.Len()
		if err := s.apply(s.opts.seat, m); err != nil {
			s.printf("Refused: %v\n", err)
			continue
		}
		s.decisions = append(s.decisions, at)
		return moved
	}
}

// read turns the person's line, a move's number or notation, into a move;
// for anything else it explains why not. Whether the move may be played is
// the table's to say.
func (s *session) read(line string, list *moveList) (elasund.Move, bool) {
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(list.Moves) {
			s.printf("There is no move %d: your moves are numbered 1 to %d (type moves to list them).\n", n, len(list.Moves))
			return elasund.Move{}, false
		}
		return list.Moves[n-1], true
	}
	m, err := elasund.ParseMove(line)
	if err != nil {
		s.printf("Not a command or a move: %v\nType help for the commands, moves for your moves.\n", err)
		return elasund.Move{}, false
	}
	return m, true
}

// show prints the person's view and hand, and list when not nil.
func (s *session) show(v elasund.View, list *moveList) {
	s.printf("\n%v\nYour hand: %v.\n", v, v.Hand(v.Viewer()))
	if list != nil {
		s.printf("\nYour moves (%d):\n", len(list.Moves))
		list.write(s.out)
	}
}

// undo takes back the person's previous decision and every move after
// it: a new table, made as this one was, replays the log without them. It
// reports whether it did.
func (s *session) undo() bool {
	if len(s.decisions) == 0 {
		s.printf("Nothing to undo: you have made no decision yet.\n")
		return false
	}
	at := s.decisions[len(s.decisions)-1]
	t, err := replay(s.start, s.t.AppendLog(nil, 0)[:at])
	if err != nil {
		s.printf("Cannot undo: %v\n", err)
		return false
	}
	n := s.t.Len() - at
	s.t = t
	s.decisions = s.decisions[:len(s.decisions)-1]
	s.printf("Undone: %s taken back, to your decision in turn %d.\n", plural(n, "move"), t.Turn())
	return true
}

// replay makes the table that start saved (MarshalBinary) and plays log's
// moves at it, each for the seat that played it, a roll as a plain roll:
// the table rolls, and from the same seed and the same moves before, its
// dice come out as they did, which replay checks.
func replay(start []byte, log []elasund.Entry) (*elasund.Table, error) {
	t := new(elasund.Table)
	if err := t.UnmarshalBinary(start); err != nil {
		return nil, err
	}
	var got []elasund.Entry
	for i, e := range log {
		m := e.Move
		if m.Kind == elasund.Roll {
			m.Dice = [2]uint8{}
		}
		if _, err := t.Play(e.Player, m); err != nil {
			return nil, fmt.Errorf("move %d (%v) does not replay: %w", i+1, e.Move, err)
		}
		if got = t.AppendLog(got[:0], i); got[0] != e {
			return nil, fmt.Errorf("move %d: the replay gave %v, the game %v", i+1, got[0].Move, e.Move)
		}
	}
	return t, nil
}

// save writes the result (format and a), where the record went, and the
// game's seed, which the record holds and which may be shown now that the
// game has ended. It reports whether the record was saved.
func (s *session) save(format string, a ...any) bool {
	s.printf(format+"\n", a...)
	r, err := s.t.Record()
	if err != nil {
		s.printf("There is no record: %v\n", err)
		return false
	}
	r.Tags = map[string]string{"Event": "examples/play"}
	for p := elasund.Player(0); int(p) < s.t.Players(); p++ {
		who := "human"
		if p != s.opts.seat {
			who = "bot " + s.opts.bots[p]
		}
		r.Tags[capitalized(s.t.Color(p).String())] = who
	}
	path, err := s.writeRecord(r.String(), r.Config.Seed)
	if err != nil {
		s.printf("The record could not be saved: %v\n", err)
	} else {
		s.printf("The record (%s) is saved to %s\nReplay it with: go run ./examples/replay %s\n", plural(len(r.Moves), "move"), path, path)
	}
	if s.opts.cfg.Seed == 0 {
		s.printf("The game's seed, secret until now, was %d.\n", r.Config.Seed)
	}
	return err == nil
}

// writeRecord saves text, the record of the game of seed, to -record's
// file or a new file in -records' directory, and returns the path.
func (s *session) writeRecord(text string, seed uint64) (string, error) {
	if s.opts.recordFile != "" {
		return s.opts.recordFile, os.WriteFile(s.opts.recordFile, []byte(text), 0o644)
	}
	dir := s.opts.recordDir
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, fmt.Sprintf("elasund-play-%d-*.txt", seed))
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return "", err
	}
	return f.Name(), f.Close()
}

// plural writes n things: "1 move", "3 moves".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// helpText explains the commands.
const helpText = `At your decision, type one of:
  NUMBER        the move of that number in the list
  MOVE          a move in notation: "build tavern c5 pay blue", "wall E5",
                "permit 2 d8", "end build", "take gold", "end turn", ...
                (in long lists SQ stands for one of the squares listed)
  moves         list your moves again
  moves WORDS   list, numbered, the moves that begin with WORDS
                ("moves permit 2", "moves build tavern"; "moves all")
  board         show the board and your hand again
  undo          take back your previous decision and the moves after it
  help          this text
  quit          stop the game (the record so far is saved)
A decision with only one legal move (a roll, say) is played for you. The
dice come from the game's seed: after undo they fall as they did before,
and the bots play the same again if you do.
`
