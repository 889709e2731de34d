package elasund

import (
	"fmt"
	"io"
)

// WriteSVG draws the table's game as Game.WriteSVG does, saying how it
// ended as Table.Outcome does (a forfeit or an abandoned game included,
// which the Game alone does not know). Once play is over any Reveal may
// be drawn, RevealAll showing every hand; before that RevealAll is refused
// with an error wrapping ErrGameInProgress, and the picture is drawn from
// the view of the revealed seat (or a spectator's, for RevealNone), so
// that it shows nothing that seat may not know. The zero Table gives an
// error wrapping ErrNoGame.
func (t *Table) WriteSVG(w io.Writer, opts SVGOptions) error {
	switch {
	case t.g.n == 0:
		return fmt.Errorf("%w: no game to draw", ErrNoGame)
	case t.Over():
		return t.g.writeSVG(w, opts, t.Outcome())
	case opts.Reveal == RevealAll:
		return fmt.Errorf("%w: RevealAll shows every hand, and is drawn once the game ends", ErrGameInProgress)
	}
	return t.View(opts.Reveal.Seat()).WriteSVG(w, opts)
}
