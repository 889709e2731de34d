package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// session is one game between the person and the bots, refereed: it holds
// the real game and its record.
type session struct {
	in     *bufio.Scanner
	out    io.Writer
	opts   options
	newBot botMaker
	g      *elasund.Game
	rec    *elasund.Recorder
	// decisions holds rec.Len() before each of the person's past decisions
	// (those with more than one legal move): where undo goes back to.
	decisions []int
	turn      int  // the last turn announced
	echo      bool // write the lines read after the prompt (input that is not a terminal)
}

// newSession sets up the game of opts.
func newSession(in io.Reader, out io.Writer, opts options, newBot botMaker) (*session, error) {
	g, err := elasund.New(opts.cfg)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	return &session{in: sc, out: out, opts: opts, newBot: newBot, g: g, rec: elasund.NewRecorder(opts.cfg), echo: !isTerminal(in)}, nil
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
		return s.g.Color(p).String() + " (you)"
	}
	return fmt.Sprintf("%v (%s)", s.g.Color(p), s.opts.bots[p])
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
	for p := elasund.Player(0); int(p) < s.g.Players(); p++ {
		seats = append(seats, s.name(p))
	}
	s.printf("Elasund, %d players, seed %d, rules %v", s.g.Players(), s.opts.cfg.Seed, s.opts.cfg.Rules)
	if s.opts.cfg.MaxTurns > 0 {
		s.printf(", at most %d turns", s.opts.cfg.MaxTurns)
	}
	s.printf(".\nSeats: %s.\nType help for the commands.\n", strings.Join(seats, ", "))
	for !s.g.Over() {
		if t := s.g.Turn(); t != s.turn {
			s.turn = t
			s.printf("\n--- Turn %d: %s ---\n", t, s.name(s.g.Active()))
		}
		p := s.g.ToMove()
		if p != s.opts.seat {
			if err := s.botMove(p); err != nil {
				s.printf("%s failed: %v\n", s.name(p), err)
				s.save("The game stopped in turn %d.", s.g.Turn())
				return 1
			}
			continue
		}
		switch s.decide() {
		case quit:
			if !s.save("You left the game in turn %d.", s.g.Turn()) {
				return 1
			}
			return 0
		case undone:
			s.turn = s.g.Turn()
		}
	}
	s.printf("\n=== Game over: every card shown ===\n\n%v\n", s.g)
	result := fmt.Sprintf("No winner: the game reached its limit of %d turns.", s.opts.cfg.MaxTurns)
	switch w := s.g.Winner(); {
	case w == s.opts.seat:
		result = fmt.Sprintf("You win in turn %d!", s.g.Turn())
	case w != elasund.NoPlayer:
		result = fmt.Sprintf("%s wins in turn %d.", s.name(w), s.g.Turn())
	}
	if !s.save("%s", result) {
		return 1
	}
	return 0
}

// botMove lets the bot of seat p choose from its view and plays its move.
func (s *session) botMove(p elasund.Player) error {
	v := s.g.View(p)
	b, err := s.newBot(s.opts.bots[p], botSeed(s.opts.cfg.Seed, p, s.rec.Len()))
	if err != nil {
		return err
	}
	m, err := choose(b, v)
	if err != nil {
		return err
	}
	if !slices.Contains(v.Legal(), m) {
		if err := s.g.Check(m); err != nil {
			return fmt.Errorf("it chose %q, which is not legal: %w", m, err)
		}
		return fmt.Errorf("it chose %q, which is not one of its legal moves", m)
	}
	return s.apply(p, m)
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
// first moves moves of the game of seed: the bots' choices depend only on
// the game's seed and its moves so far, so an undone stretch of the game
// plays again the same if the person plays the same.
func botSeed(seed uint64, p elasund.Player, moves int) uint64 {
	x := seed ^ uint64(p+1)*0x9e3779b97f4a7c15 ^ uint64(moves)*0xbf58476d1ce4e5b9
	// splitmix64's finalizer.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// apply plays player p's move m through the recorder and says what
// happened: the move, the dice a roll brought, and whose cards changed.
func (s *session) apply(p elasund.Player, m elasund.Move) error {
	before := s.g.View(s.opts.seat)
	if err := s.rec.Apply(s.g, m); err != nil {
		return err
	}
	after := s.g.View(s.opts.seat)
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
			b, a := before.Hand(), after.Hand()
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
	v := s.g.View(s.opts.seat)
	legal := v.Legal()
	if len(legal) == 1 {
		if err := s.apply(s.opts.seat, legal[0]); err != nil {
			s.printf("The engine refused your only move: %v\n", err)
			return quit
		}
		return moved
	}
	list := newMoveList(legal)
	s.show(v, list)
	for {
		s.printf("%v> ", s.g.Color(s.opts.seat))
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
		at := s.rec.Len()
		if err := s.apply(s.opts.seat, m); err != nil {
			s.printf("Refused: %v\n", err)
			continue
		}
		s.decisions = append(s.decisions, at)
		return moved
	}
}

// read turns the person's line, a move's number or notation, into one of
// the moves of list; for anything else it explains why not.
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
	if m.Kind == elasund.Roll && m.Dice != [2]uint8{} {
		s.printf("Refused: the referee rolls the dice; type roll.\n")
		return elasund.Move{}, false
	}
	if err := s.g.Check(m); err != nil {
		s.printf("Refused: %v\n", err)
		return elasund.Move{}, false
	}
	if !slices.Contains(list.Moves, m) {
		s.printf("Refused: %v is not one of your moves now.\n", m)
		return elasund.Move{}, false
	}
	return m, true
}

// show prints the person's view and hand, and list when not nil.
func (s *session) show(v elasund.View, list *moveList) {
	s.printf("\n%v\nYour hand: %v.\n", v, v.Hand())
	if list != nil {
		s.printf("\nYour moves (%d):\n", len(list.Moves))
		list.write(s.out)
	}
}

// undo takes back the person's previous decision and every move after
// it: it replays the record without them. It reports whether it did.
func (s *session) undo() bool {
	if len(s.decisions) == 0 {
		s.printf("Nothing to undo: you have made no decision yet.\n")
		return false
	}
	at := s.decisions[len(s.decisions)-1]
	moves := s.rec.Record().Moves
	g, err := elasund.New(s.opts.cfg)
	if err != nil {
		s.printf("Cannot undo: %v\n", err)
		return false
	}
	rec := elasund.NewRecorder(s.opts.cfg)
	for _, m := range moves[:at] {
		if err := rec.Apply(g, m); err != nil {
			s.printf("Cannot undo: the record does not replay: %v\n", err)
			return false
		}
	}
	s.g, s.rec = g, rec
	s.decisions = s.decisions[:len(s.decisions)-1]
	s.printf("Undone: %s taken back, to your decision in turn %d.\n", plural(len(moves)-at, "move"), g.Turn())
	return true
}

// save writes the record and then the result (format and a), and where
// the record went; it reports whether the record was saved.
func (s *session) save(format string, a ...any) bool {
	r := s.rec.Record()
	r.Tags = map[string]string{"Event": "examples/play"}
	for p := elasund.Player(0); int(p) < s.g.Players(); p++ {
		who := "human"
		if p != s.opts.seat {
			who = "bot " + s.opts.bots[p]
		}
		r.Tags[capitalized(s.g.Color(p).String())] = who
	}
	s.printf(format+"\n", a...)
	path, err := s.writeRecord(r.String())
	if err != nil {
		s.printf("The record could not be saved: %v\n", err)
		return false
	}
	s.printf("The record (%s) is saved to %s\nReplay it with: go run ./examples/replay %s\n", plural(len(r.Moves), "move"), path, path)
	return true
}

// writeRecord saves text to -record's file or a new file in -records'
// directory, and returns the path.
func (s *session) writeRecord(text string) (string, error) {
	if s.opts.recordFile != "" {
		return s.opts.recordFile, os.WriteFile(s.opts.recordFile, []byte(text), 0o644)
	}
	dir := s.opts.recordDir
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, fmt.Sprintf("elasund-play-%d-*.txt", s.opts.cfg.Seed))
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
