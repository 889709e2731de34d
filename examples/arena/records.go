package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
)

// recordWriter saves the games' records in a directory, a deal's records
// once all the games of the deal are over: a record tells its deal's
// cards and dice, which a bot still playing the deal must not read.
type recordWriter struct {
	dir      string
	width    int // of the game numbers in the file names
	seatings int // games a deal
	names    []string
	pending  map[int][]record // by deal
}

// record is a record to write.
type record struct{ name, text string }

// newRecordWriter returns a recordWriter for the games of a tournament of
// total games, seatings a deal, between the entrants names.
func newRecordWriter(dir string, total, seatings int, names []string) *recordWriter {
	return &recordWriter{dir: dir, width: len(strconv.Itoa(total - 1)), seatings: seatings, names: names,
		pending: map[int][]record{}}
}

// add keeps game g's record, and writes its deal's records if the deal is
// over. A nil recordWriter does nothing.
func (w *recordWriter) add(g *tourney.Match) error {
	if w == nil {
		return nil
	}
	rec := g.Result.Record
	rec.Tags = map[string]string{
		"Event":       "elasund arena",
		"Game":        strconv.Itoa(g.Index),
		"Deal":        strconv.Itoa(g.Deal),
		"Termination": termination(g, w.names),
	}
	for p, c := range tourney.SeatColors(len(g.Seating)) {
		name := c.String()
		rec.Tags[strings.ToUpper(name[:1])+name[1:]] = w.names[g.Seating[p]]
	}
	name := fmt.Sprintf("game-%0*d-seed-%d.txt", w.width, g.Index, g.Config.Seed)
	w.pending[g.Deal] = append(w.pending[g.Deal], record{name, rec.String()})
	if len(w.pending[g.Deal]) < w.seatings {
		return nil
	}
	return w.write(g.Deal)
}

// flush writes the records kept, once no game is played any more.
func (w *recordWriter) flush() error {
	if w == nil {
		return nil
	}
	for d := range w.pending {
		if err := w.write(d); err != nil {
			return err
		}
	}
	return nil
}

// write writes the records of deal d.
func (w *recordWriter) write(d int) error {
	for _, r := range w.pending[d] {
		if err := os.WriteFile(filepath.Join(w.dir, r.name), []byte(r.text), 0o644); err != nil {
			return err
		}
	}
	delete(w.pending, d)
	return nil
}

// termination says how game g ended, for its record: the reason of a game
// without a forfeit ("won", "turn limit"); for a forfeit, who forfeited
// and why, and who won or leads by the library's places.
func termination(g *tourney.Match, names []string) string {
	r := &g.Result
	if r.Forfeit == elasund.NoPlayer {
		return r.Reason
	}
	s := fmt.Sprintf("forfeit by seat %d (%s): %s", r.Forfeit, names[g.Seating[r.Forfeit]], r.Reason)
	if r.Winner != elasund.NoPlayer {
		return s + fmt.Sprintf("; seat %d wins", r.Winner)
	}
	var first []string
	for p, place := range r.Place {
		if place == 1 {
			first = append(first, strconv.Itoa(p))
		}
	}
	if len(first) == 1 {
		return s + fmt.Sprintf("; no winner, seat %s leads with the most cubes", first[0])
	}
	last := len(first) - 1
	return s + fmt.Sprintf("; no winner, seats %s and %s share the lead with the most cubes", strings.Join(first[:last], ", "), first[last])
}
