package elasund

// The JSON form of a game: Game.MarshalJSON and Game.UnmarshalJSON. The
// binary form and the checks both loaders share are in codec.go.

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// jsonVersion is the layout version of MarshalJSON, its "version" field.
const jsonVersion = 1

// maxJSONLen is the length of the longest data UnmarshalJSON reads.
const maxJSONLen = 64 << 10

// The JSON form, version 1. Players are listed in seat order and named by
// colour elsewhere; squares, buildings, wall sites, influence colours,
// phases and rule options are written as the package writes them.
type jsonGame struct {
	Version  int            `json:"version"`
	Rules    string         `json:"rules"`
	MaxTurns uint32         `json:"maxTurns"`
	Turn     uint32         `json:"turnsPlayed"`
	First    string         `json:"first"`
	Active   string         `json:"active"`
	Phase    string         `json:"phase"`
	ToMove   string         `json:"toMove"`
	Builds   uint8          `json:"builds"`
	Ship     uint8          `json:"ship"`
	Dice     [2]uint8       `json:"dice"`
	Winner   string         `json:"winner,omitempty"`
	Players  []jsonPlayer   `json:"players"`
	Neutral  []jsonBuilding `json:"neutral"`
	Wall     []jsonWall     `json:"wall"`
	Church   jsonChurch     `json:"church"`
	Bank     uint8          `json:"bank"`
	Deck     []string       `json:"deck"`
	Drawn    []string       `json:"drawnSlots"`
	Discard  jsonCards      `json:"discard"`
	Pirates  jsonCards      `json:"pirates,omitzero"`
	Random   string         `json:"random"`
}

type jsonPlayer struct {
	Color       string    `json:"color"`
	Hand        jsonCards `json:"hand"`
	Hut         string    `json:"hut"`
	Totem       string    `json:"totem"`
	House       string    `json:"house"`
	Workshop    string    `json:"workshop"`
	Permits     []string  `json:"permits"`
	WallTiles   uint8     `json:"wallTilesBuilt"`
	TradePoints uint8     `json:"tradePoints"`
	Milestones  []int     `json:"milestones"`
	Cubes       uint8     `json:"cubesPlaced"`
	Owes        uint8     `json:"owes,omitempty"`
	Rebuild     []string  `json:"rebuild,omitempty"`
}

type jsonBuilding struct {
	Building string `json:"building"`
	Copy     int    `json:"copy"`
	Square   string `json:"square"`
	Owner    string `json:"owner"`
	Cubes    uint8  `json:"cubes"`
}

type jsonWall struct {
	Site  string `json:"site"`
	Owner string `json:"owner"`
	Tile  uint8  `json:"tile"`
}

type jsonChurch struct {
	Stack  []uint8          `json:"stack"`
	Drawn  []uint8          `json:"drawn,omitempty"`
	Origin string           `json:"origin,omitempty"`
	Tiles  []jsonChurchTile `json:"tiles"`
}

type jsonChurchTile struct {
	Tile  uint8  `json:"tile"`
	Owner string `json:"owner"`
}

type jsonCards struct {
	Gold   uint8 `json:"gold,omitempty"`
	Blue   uint8 `json:"blue,omitempty"`
	Green  uint8 `json:"green,omitempty"`
	Yellow uint8 `json:"yellow,omitempty"`
}

// Where a player's building is, in the JSON form, when not on a square.
const (
	jsonSupply   = "supply"
	jsonRemoved  = "removed"
	jsonAwaiting = "awaiting rebuild"
)

// MarshalJSON implements json.Marshaler: a readable form of the whole
// state, hidden parts and random source included, that UnmarshalJSON reads
// back to a game == to g. Its fields:
//
//   - "version" (1), "rules" (as Rules.String writes them), "maxTurns",
//     "turnsPlayed" (turns completed), "first", "active", "toMove" and
//     "winner" (colours; "winner" only once someone has won), "phase" (as
//     Phase.String writes it), "builds" (builds made this turn), "ship"
//     (its row, 0 before the first roll) and "dice" (the last roll);
//   - "players", in seat order: "color", "hand" (cards by kind), where the
//     "hut", "totem", "house" and "workshop" are (a square, "supply",
//     "removed" or "awaiting rebuild"), "permits" (where the permits of
//     value 0 to 4 are: a square or "supply"), "wallTilesBuilt",
//     "tradePoints", "milestones" (the trade-track positions holding the
//     player's cubes), "cubesPlaced", "owes" (cards still to discard or
//     return) and "rebuild" (starters awaiting a rebuild decision);
//   - "neutral": the neutral buildings on the board, each with its
//     "building", "copy" (which of the identical copies, from 1), "square"
//     (north-west), "owner" and "cubes";
//   - "wall": the built wall tiles ("site", "owner", "tile" number);
//   - "church": "stack" (tile numbers, top first), "drawn" (the two tiles
//     of a pending church choice), "origin" (the church area's north-west
//     square, once fixed) and "tiles" (built tiles and their owners);
//   - "bank" (gold), "deck" (influence colours, top first), "drawnSlots"
//     (the colours left in the deck's slots below its cards, which no rule
//     reads but == compares), "discard" and "pirates" (cards discarded to
//     the pirates and not yet taken);
//   - "random": the state of the random source, 32 hex digits.
//
// It returns an error wrapping ErrInvalidState for a game that does not
// validate.
func (g Game) MarshalJSON() ([]byte, error) {
	if err := g.checkSaved(); err != nil {
		return nil, err
	}
	hi, lo, err := pcgState(&g.rng)
	if err != nil {
		return nil, err
	}
	col := func(p int) string { return g.colors[p].String() }
	j := jsonGame{
		Version:  jsonVersion,
		Rules:    g.rules.String(),
		MaxTurns: g.maxTurns,
		Turn:     g.turn,
		First:    col(int(g.first)),
		Active:   col(int(g.active)),
		Phase:    g.phase.String(),
		ToMove:   col(int(g.toMove)),
		Builds:   g.builds,
		Ship:     uint8(g.ship),
		Dice:     g.dice,
		Bank:     g.bank,
		Discard:  jsonCards{Blue: g.discard[0], Green: g.discard[1], Yellow: g.discard[2]},
		Pirates:  jsonCards{g.poolGold, g.poolInfl[0], g.poolInfl[1], g.poolInfl[2]},
		Random:   fmt.Sprintf("%016x%016x", hi, lo),
		Neutral:  []jsonBuilding{},
		Wall:     []jsonWall{},
		Deck:     []string{},
		Drawn:    []string{},
	}
	if g.winner >= 0 {
		j.Winner = col(int(g.winner))
	}
	for p := 0; p < int(g.n); p++ {
		j.Players = append(j.Players, g.jsonPlayer(p))
	}
	for id := neutralBase; id < numPieces; id++ {
		if s := g.pieceSq[id]; s.Valid() {
			b := pieceKinds[id]
			j.Neutral = append(j.Neutral, jsonBuilding{b.String(), id - neutralFirst[b] + 1, s.String(), col(int(g.pieceOwner[id])), g.pieceCubes[id]})
		}
	}
	for w := WallSite(0); w < numWallSites; w++ {
		if v := g.wall[w]; v != 0 {
			j.Wall = append(j.Wall, jsonWall{w.String(), col(int(v>>4) - 1), v & 15})
		}
	}
	j.Church = g.jsonChurch()
	for i := int(g.deckLen) - 1; i >= 0; i-- {
		j.Deck = append(j.Deck, InfluenceColor(g.deck[i]+1).String())
	}
	for _, c := range g.deck[g.deckLen:] {
		j.Drawn = append(j.Drawn, InfluenceColor(c+1).String())
	}
	return json.Marshal(j)
}

// jsonPlayer returns player p's part of the JSON form.
func (g *Game) jsonPlayer(p int) jsonPlayer {
	jp := jsonPlayer{
		Color:       g.colors[p].String(),
		Hand:        jsonCards{g.gold[p], g.infl[p][0], g.infl[p][1], g.infl[p][2]},
		Hut:         jsonLocation(g.pieceSq[playerPiece(p, Hut)]),
		Totem:       jsonLocation(g.pieceSq[playerPiece(p, Totem)]),
		House:       jsonLocation(g.pieceSq[playerPiece(p, House)]),
		Workshop:    jsonLocation(g.pieceSq[playerPiece(p, Workshop)]),
		WallTiles:   g.wallBuilt[p],
		TradePoints: g.tp[p],
		Milestones:  []int{},
		Cubes:       g.cubes[p],
		Owes:        g.pending[p],
	}
	for _, s := range g.permitSq[p] {
		jp.Permits = append(jp.Permits, jsonLocation(s))
	}
	for i, m := range milestonePos {
		if g.milestones[p]>>i&1 != 0 {
			jp.Milestones = append(jp.Milestones, int(m))
		}
	}
	for _, b := range [2]Building{Hut, Totem} {
		if g.rebuild[p]&(1<<(b-Hut)) != 0 {
			jp.Rebuild = append(jp.Rebuild, b.String())
		}
	}
	return jp
}

// jsonChurch returns the church's part of the JSON form.
func (g *Game) jsonChurch() jsonChurch {
	c := jsonChurch{Stack: []uint8{}, Tiles: []jsonChurchTile{}}
	for i := int(g.churchLen) - 1; i >= 0; i-- {
		c.Stack = append(c.Stack, g.church[i])
	}
	if g.churchDrawn != [2]uint8{} {
		c.Drawn = g.churchDrawn[:]
	}
	if g.churchOrigin != NoSquare {
		c.Origin = g.churchOrigin.String()
	}
	for t := 1; t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o >= 0 {
			c.Tiles = append(c.Tiles, jsonChurchTile{uint8(t), g.colors[o].String()})
		}
	}
	return c
}

func jsonLocation(s Square) string {
	switch s {
	case inSupply:
		return jsonSupply
	case removedFromGame:
		return jsonRemoved
	case awaitingRebuild:
		return jsonAwaiting
	}
	return s.String()
}

// UnmarshalJSON implements json.Unmarshaler: it loads a game that
// MarshalJSON saved (see there for the fields). It reads the form strictly:
// keys are the field names exactly (in case too), each given once, and
// unknown fields are an error; "dice" has exactly two numbers. It checks
// every field's range and then the whole state with Validate; on any
// error (wrapping ErrBadEncoding or ErrInvalidState) the receiver is left
// unchanged. "drawnSlots" may be left out (its slots are then blue, colour
// index 0); every other field must be given where the state needs it.
//
// Data longer than 64 KiB is refused before it is read: a saved game
// takes under 4 KB, and under 13 KB indented. So is a "turnsPlayed" or
// "maxTurns" beyond TurnLimit. The errors quote at most 60 bytes of the
// data.
func (g *Game) UnmarshalJSON(data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	if len(data) > maxJSONLen {
		return bad("JSON encoding of %d bytes; a game's takes at most %d", len(data), maxJSONLen)
	}
	// The version first, by its exact key, so that the data of another
	// version is refused as such. This also checks the syntax and refuses
	// data after the game.
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return bad("%s", jsonError(err))
	}
	raw, ok := top["version"]
	if !ok || string(raw) == "null" {
		return bad("no version")
	}
	var version int
	if err := json.Unmarshal(raw, &version); err != nil {
		return bad("version: %s", jsonError(err))
	}
	if version != jsonVersion {
		return bad("JSON encoding of version %d; this package reads version %d", version, jsonVersion)
	}
	if err := checkJSONShape(data, reflect.TypeFor[jsonGame]()); err != nil {
		return bad("%v", err)
	}
	var j jsonGame
	if err := json.Unmarshal(data, &j); err != nil {
		return bad("%s", jsonError(err))
	}
	d, err := j.game()
	if err != nil {
		return err
	}
	if err := d.finishLoad(); err != nil {
		return err
	}
	*g = *d
	return nil
}

// game converts the JSON form into a state, checking names and counts;
// finishLoad checks the rest. It reads the form a part at a time, in this
// order, and returns the first error.
func (j *jsonGame) game() (*Game, error) {
	d, err := j.seats()
	if err != nil {
		return nil, err
	}
	for _, read := range [...]func(*jsonGame, *Game) error{
		(*jsonGame).readTurn,
		(*jsonGame).readPlayers,
		(*jsonGame).readNeutral,
		(*jsonGame).readWall,
		(*jsonGame).readChurch,
		(*jsonGame).readCards,
		(*jsonGame).readRandom,
	} {
		if err := read(j, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// seats returns an empty state for the players of the JSON form, with
// their colours: every building and permit in supply, no church tile
// built, no church area and no winner.
func (j *jsonGame) seats() (*Game, error) {
	d := &Game{churchOrigin: NoSquare, winner: -1}
	n := len(j.Players)
	if n < MinPlayers || n > MaxPlayers {
		return nil, badEncoding("%d players", n)
	}
	d.n = uint8(n)
	for i := range d.pieceSq {
		d.pieceSq[i], d.pieceOwner[i] = inSupply, -1
	}
	for p := range d.permitSq {
		for v := range d.permitSq[p] {
			d.permitSq[p][v] = inSupply
		}
	}
	for t := range d.churchOwner {
		d.churchOwner[t] = -1
	}
	for p, jp := range j.Players {
		c, ok := parseColor(jp.Color)
		if !ok {
			return nil, badEncoding("player %d has colour %s", p, quoteInput(jp.Color))
		}
		d.colors[p] = c
	}
	return d, nil
}

// colorSeat returns the seat of the player of colour s (a colour as
// Color.String writes it); what names the field for the error.
func (d *Game) colorSeat(what, s string) (int, error) {
	c, ok := parseColor(s)
	if ok {
		for p := 0; p < int(d.n); p++ {
			if d.colors[p] == c {
				return p, nil
			}
		}
	}
	return 0, badEncoding("%s %s is not a player's colour", what, quoteInput(s))
}

// readTurn reads the rule options, the turn's counters, dice and bank,
// the first, active and deciding players, the winner and the phase.
func (j *jsonGame) readTurn(d *Game) error {
	var err error
	if d.rules, err = ParseRules(j.Rules); err != nil {
		return badEncoding("rules: %v", nested(err))
	}
	d.maxTurns, d.turn, d.builds, d.ship, d.dice, d.bank = j.MaxTurns, j.Turn, j.Builds, Row(j.Ship), j.Dice, j.Bank
	var first, active, toMove int
	if first, err = d.colorSeat("first", j.First); err != nil {
		return err
	}
	if active, err = d.colorSeat("active", j.Active); err != nil {
		return err
	}
	if toMove, err = d.colorSeat("toMove", j.ToMove); err != nil {
		return err
	}
	d.first, d.active, d.toMove = uint8(first), uint8(active), uint8(toMove)
	if j.Winner != "" {
		w, err := d.colorSeat("winner", j.Winner)
		if err != nil {
			return err
		}
		d.winner = int8(w)
	}
	d.phase = PhaseOver + 1
	for ph, name := range phaseNames {
		if name == j.Phase {
			d.phase = Phase(ph)
		}
	}
	if d.phase > PhaseOver {
		return badEncoding("unknown phase %s", quoteInput(j.Phase))
	}
	return nil
}

// readPlayers reads each player's hand, buildings, permits, wall tiles,
// trade points, milestones, cubes, cards owed and rebuilds pending.
func (j *jsonGame) readPlayers(d *Game) error {
	var err error
	for p, jp := range j.Players {
		d.gold[p], d.infl[p] = jp.Hand.Gold, [3]uint8{jp.Hand.Blue, jp.Hand.Green, jp.Hand.Yellow}
		for _, pc := range [...]struct {
			b Building
			s string
		}{{Hut, jp.Hut}, {Totem, jp.Totem}, {House, jp.House}, {Workshop, jp.Workshop}} {
			if d.pieceSq[playerPiece(p, pc.b)], err = parseLocation(pc.s); err != nil {
				return badEncoding("%v %s: %v", d.colors[p], pc.b, nested(err))
			}
		}
		if len(jp.Permits) != PermitsPerPlayer {
			return badEncoding("%v has %d permits; each player has 5", d.colors[p], len(jp.Permits))
		}
		for v, s := range jp.Permits {
			loc, err := parseLocation(s)
			if err != nil || (loc != inSupply && !loc.Valid()) {
				return badEncoding("%v permit %d at %s", d.colors[p], v, quoteInput(s))
			}
			d.permitSq[p][v] = loc
		}
		d.wallBuilt[p], d.tp[p], d.cubes[p], d.pending[p] = jp.WallTiles, jp.TradePoints, jp.Cubes, jp.Owes
		for _, m := range jp.Milestones {
			i := -1
			for k, pos := range milestonePos {
				if int(pos) == m {
					i = k
				}
			}
			if i < 0 || d.milestones[p]>>i&1 != 0 {
				return badEncoding("%v milestones %v", d.colors[p], clipList(jp.Milestones))
			}
			d.milestones[p] |= 1 << i
		}
		for _, name := range jp.Rebuild {
			b, ok := parseBuilding(name)
			if !ok || !b.Starter() || d.rebuild[p]&(1<<(b-Hut)) != 0 {
				return badEncoding("%v rebuild %v", d.colors[p], clipList(jp.Rebuild))
			}
			d.rebuild[p] |= 1 << (b - Hut)
		}
	}
	return nil
}

// readNeutral reads the neutral buildings on the board.
func (j *jsonGame) readNeutral(d *Game) error {
	for _, jb := range j.Neutral {
		b, ok := parseBuilding(jb.Building)
		if !ok || !b.Neutral() || jb.Copy < 1 || jb.Copy > b.Copies() {
			return badEncoding("neutral building %s copy %d", quoteInput(jb.Building), jb.Copy)
		}
		id := neutralFirst[b] + jb.Copy - 1
		if d.pieceSq[id] != inSupply {
			return badEncoding("%v copy %d given twice", b, jb.Copy)
		}
		s, err := ParseSquare(jb.Square)
		if err != nil {
			return badEncoding("%v copy %d: %v", b, jb.Copy, nested(err))
		}
		o, err := d.colorSeat(b.String()+" owner", jb.Owner)
		if err != nil {
			return err
		}
		d.pieceSq[id], d.pieceOwner[id], d.pieceCubes[id] = s, int8(o), jb.Cubes
	}
	return nil
}

// readWall reads the wall tiles built.
func (j *jsonGame) readWall(d *Game) error {
	for _, jw := range j.Wall {
		w, err := ParseWallSite(jw.Site)
		if err != nil {
			return badEncoding("wall: %v", nested(err))
		}
		o, err := d.colorSeat("wall "+jw.Site+" owner", jw.Owner)
		if err != nil {
			return err
		}
		if d.wall[w] != 0 || jw.Tile < 1 || jw.Tile > WallTilesPerPlayer {
			return badEncoding("wall %v: tile %d (or the site given twice)", w, jw.Tile)
		}
		d.wall[w] = uint8((o+1)<<4) | jw.Tile
	}
	return nil
}

// readChurch reads the church stack, the tiles drawn for a choice, the
// church area's origin and the tiles built.
func (j *jsonGame) readChurch(d *Game) error {
	if len(j.Church.Stack) > ChurchTiles {
		return badEncoding("church stack of %d tiles", len(j.Church.Stack))
	}
	d.churchLen = uint8(len(j.Church.Stack))
	for i, t := range j.Church.Stack {
		d.church[len(j.Church.Stack)-1-i] = t
	}
	switch len(j.Church.Drawn) {
	case 0:
	case 2:
		d.churchDrawn = [2]uint8{j.Church.Drawn[0], j.Church.Drawn[1]}
	default:
		return badEncoding("%d church tiles drawn", len(j.Church.Drawn))
	}
	var err error
	if j.Church.Origin != "" {
		if d.churchOrigin, err = ParseSquare(j.Church.Origin); err != nil {
			return badEncoding("church origin: %v", nested(err))
		}
	}
	for _, jt := range j.Church.Tiles {
		o, err := d.colorSeat("church tile owner", jt.Owner)
		if err != nil {
			return err
		}
		if jt.Tile < 1 || jt.Tile > ChurchTiles || d.churchOwner[jt.Tile] >= 0 {
			return badEncoding("church tile %d (or given twice)", jt.Tile)
		}
		d.churchOwner[jt.Tile] = int8(o)
	}
	return nil
}

// readCards reads the influence deck and its drawn slots, the discard
// pile and the cards with the pirates.
func (j *jsonGame) readCards(d *Game) error {
	if len(j.Deck) > TotalInfluenceCards || (j.Drawn != nil && len(j.Deck)+len(j.Drawn) != TotalInfluenceCards) {
		return badEncoding("influence deck of %d cards and %d drawn slots; together they are 39", len(j.Deck), len(j.Drawn))
	}
	d.deckLen = uint8(len(j.Deck))
	for i, name := range j.Deck {
		c, ok := parseInfluence(name)
		if !ok {
			return badEncoding("influence deck card %s", quoteInput(name))
		}
		d.deck[len(j.Deck)-1-i] = uint8(c - 1)
	}
	for i, name := range j.Drawn {
		c, ok := parseInfluence(name)
		if !ok {
			return badEncoding("drawn slot %s", quoteInput(name))
		}
		d.deck[len(j.Deck)+i] = uint8(c - 1)
	}
	if j.Discard.Gold != 0 {
		return badEncoding("gold in the influence discard pile")
	}
	d.discard = [3]uint8{j.Discard.Blue, j.Discard.Green, j.Discard.Yellow}
	d.poolGold, d.poolInfl = j.Pirates.Gold, [3]uint8{j.Pirates.Blue, j.Pirates.Green, j.Pirates.Yellow}
	return nil
}

// readRandom reads the state of the random source.
func (j *jsonGame) readRandom(d *Game) error {
	if len(j.Random) != 32 || strings.ToLower(j.Random) != j.Random {
		return badEncoding("random source %s: 32 lower-case hex digits", quoteInput(j.Random))
	}
	raw, err := hex.DecodeString(j.Random)
	if err != nil {
		return badEncoding("random source %s: %v", quoteInput(j.Random), err)
	}
	return setPCGState(&d.rng, binary.BigEndian.Uint64(raw), binary.BigEndian.Uint64(raw[8:]))
}

// parseLocation reads where a player's building or permit is: a square or
// one of the JSON form's words.
func parseLocation(s string) (Square, error) {
	switch s {
	case jsonSupply:
		return inSupply, nil
	case jsonRemoved:
		return removedFromGame, nil
	case jsonAwaiting:
		return awaitingRebuild, nil
	}
	return ParseSquare(s)
}

// parseColor reads a player colour as Color.String writes it.
func parseColor(s string) (Color, bool) {
	for c := Red; c <= Yellow; c++ {
		if c.String() == s {
			return c, true
		}
	}
	return NoColor, false
}

// jsonError is the text of an error of encoding/json, the JSON value it
// quotes, if any, cut to 60 bytes.
func jsonError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		c := *te
		c.Value = clipInput(c.Value)
		return c.Error()
	}
	return err.Error()
}

// clipList writes a list read from JSON for an error, cut to 60 bytes.
func clipList[T any](xs []T) string { return clipInput(fmt.Sprint(xs)) }
