package elasund

import (
	"encoding/base64"
	"encoding/json"
)

// The view in JSON, for a web client: lowerCamel names, players by colour
// ("red"), squares, rows, buildings, wall sites and moves in the package's
// notation.

type cardsJSON struct {
	Gold   int `json:"gold"`
	Blue   int `json:"blue"`
	Green  int `json:"green"`
	Yellow int `json:"yellow"`
}

func toCardsJSON(c Cards) cardsJSON {
	return cardsJSON{int(c.Gold), int(c.Blue), int(c.Green), int(c.Yellow)}
}

type playerJSON struct {
	Color           string     `json:"color"`
	Gold            int        `json:"gold"`
	InfluenceCards  int        `json:"influenceCards"`
	Hand            *cardsJSON `json:"hand,omitempty"` // the viewer's own
	Pending         int        `json:"pending"`
	PermitsInSupply []int      `json:"permitsInSupply"`
	Buildings       []string   `json:"buildings"` // hut, totem, house, workshop: square, "supply", "removed" or "awaiting rebuild"
	WallTilesLeft   int        `json:"wallTilesLeft"`
	TradePoints     int        `json:"tradePoints"`
	TradeDisk       int        `json:"tradeDisk"`
	Milestones      []int      `json:"milestones"`
	CubesPlaced     int        `json:"cubesPlaced"`
}

type buildingJSON struct {
	Building string `json:"building"`
	Owner    string `json:"owner"`
	Square   string `json:"square"`
	Cubes    int    `json:"cubes"`
}

type permitJSON struct {
	Owner  string `json:"owner"`
	Value  int    `json:"value"`
	Square string `json:"square"`
}

type wallJSON struct {
	Site  string `json:"site"`
	Owner string `json:"owner"`
	Tile  int    `json:"tile"`
}

type churchTileJSON struct {
	Tile   int    `json:"tile"`
	Square string `json:"square"`
	Owner  string `json:"owner"`
}

type churchJSON struct {
	Origin    *string          `json:"origin"`
	Tiles     []churchTileJSON `json:"tiles"`
	StackSize int              `json:"stackSize"`
	Bottom    int              `json:"bottom,omitempty"` // known to the first builder only
	Choice    []int            `json:"choice,omitempty"` // the first builder's two drawn tiles, to them only
}

// outcomeJSON is the JSON form of an Outcome that is over.
type outcomeJSON struct {
	Method    string         `json:"method"`              // Method.String: "all cubes placed", "abandoned", …
	Forfeiter *string        `json:"forfeiter,omitempty"` // the colour of the seat that forfeited
	Standings []standingJSON `json:"standings"`           // by place, then seat
}

type standingJSON struct {
	Color     string `json:"color"`
	Place     int    `json:"place"`
	Cubes     int    `json:"cubes"`
	Won       bool   `json:"won"`
	Forfeited bool   `json:"forfeited"`
}

type viewJSON struct {
	Viewer        *string        `json:"viewer"` // null for a spectator
	Phase         string         `json:"phase"`
	Turn          int            `json:"turn"`
	MaxTurns      int            `json:"maxTurns"`
	Rules         string         `json:"rules"`
	Active        string         `json:"active"`
	ToMove        *string        `json:"toMove"`
	FirstPlayer   string         `json:"firstPlayer"`
	Winner        *string        `json:"winner"`
	Outcome       *outcomeJSON   `json:"outcome,omitempty"` // once the game is over`
	BuildsLeft    int            `json:"buildsLeft"`
	Ship          *int           `json:"ship"`
	Dice          [2]int         `json:"dice"`
	Bank          int            `json:"bank"`
	DeckSize      int            `json:"deckSize"`
	DiscardPile   cardsJSON      `json:"discardPile"`
	PiratesPool   cardsJSON      `json:"piratesPool"`
	Players       []playerJSON   `json:"players"`
	Buildings     []buildingJSON `json:"buildings"`
	NeutralSupply map[string]int `json:"neutralSupply"`
	Permits       []permitJSON   `json:"permits"`
	Wall          []wallJSON     `json:"wall"`
	Church        churchJSON     `json:"church"`
	Legal         []string       `json:"legal,omitempty"` // the viewer's legal moves, when they decide
	State         string         `json:"state"`           // the view's position, for UnmarshalJSON
}

// MarshalJSON writes the view as a JSON object a web client can read:
// field names in lowerCamel case, players named by colour, squares, rows,
// buildings, wall sites and moves in the package's notation ("c8", "large",
// "Nc", "build tavern c5 pay blue"). Its fields: viewer (null for a
// spectator), phase, turn, maxTurns, rules, active, toMove (null once the
// game is over), firstPlayer, winner, outcome (once the game is over: its
// method in the words of Method.String, the forfeiter's colour for a
// forfeit, and the standings: color, place, cubes, won, forfeited, by
// place and seat), buildsLeft, ship, dice, bank, deckSize, discardPile and
// piratesPool (cards by kind), players (in seat order: color, gold,
// influenceCards, the viewer's hand, pending, permitsInSupply, buildings
// (where the hut, totem, house and workshop are), wallTilesLeft,
// tradePoints, tradeDisk, milestones, cubesPlaced), buildings on the
// board, neutralSupply, permits on the board, wall, church (origin, tiles,
// stackSize, and for the first builder bottom and choice) and, when the
// viewer decides, legal; and state, the view's position in the layout of
// Game.MarshalBinary with everything the viewer may not know zero, in
// base64, from which UnmarshalJSON loads the view back. Nothing the viewer
// may not know is in it.
func (v View) MarshalJSON() ([]byte, error) {
	j, err := v.jsonForm()
	if err != nil {
		return nil, err
	}
	return json.Marshal(j)
}

// jsonForm returns the view's JSON form.
func (v View) jsonForm() (viewJSON, error) {
	g := &v.g
	name := func(p Player) string { return g.Color(p).String() }
	opt := func(p Player) *string {
		if !g.valid(p) {
			return nil
		}
		s := name(p)
		return &s
	}
	j := viewJSON{
		Viewer: opt(v.Viewer()), Phase: g.phase.String(), Turn: g.Turn(), MaxTurns: int(g.maxTurns),
		Rules: g.rules.String(), Active: name(g.Active()), ToMove: opt(v.toMove()),
		FirstPlayer: name(g.FirstPlayer()), Winner: opt(g.winnerWith(v.end)), BuildsLeft: g.BuildsLeft(),
		Outcome: outcomeForm(g.outcome(v.end)),
		Dice:    [2]int{int(g.dice[0]), int(g.dice[1])}, Bank: g.Bank(), DeckSize: g.DeckSize(),
		DiscardPile: toCardsJSON(g.DiscardPile()), PiratesPool: toCardsJSON(g.PiratesPool()),
		Players: []playerJSON{}, Buildings: []buildingJSON{}, NeutralSupply: map[string]int{},
		Permits: []permitJSON{}, Wall: []wallJSON{},
		Church: v.churchJSON(),
	}
	if g.ship.Valid() {
		r := int(g.ship)
		j.Ship = &r
	}
	for p := Player(0); int(p) < g.Players(); p++ {
		j.Players = append(j.Players, v.playerJSON(p))
		for val := 0; val < PermitsPerPlayer; val++ {
			if s := g.PermitSquare(p, val); s.Valid() {
				j.Permits = append(j.Permits, permitJSON{name(p), val, s.String()})
			}
		}
	}
	for _, b := range g.Buildings() {
		j.Buildings = append(j.Buildings, buildingJSON{b.Building.String(), name(b.Owner), b.Origin.String(), b.Cubes})
	}
	for b := Well; b <= LargeBuilding; b++ {
		j.NeutralSupply[b.String()] = g.NeutralSupply(b)
	}
	for _, w := range WallSites(g.Players()) {
		if p, t := g.Wall(w); p != NoPlayer {
			j.Wall = append(j.Wall, wallJSON{w.String(), name(p), t})
		}
	}
	for _, m := range v.Legal() {
		j.Legal = append(j.Legal, m.String())
	}
	state, err := g.appendBinary(make([]byte, 0, binaryLen))
	j.State = base64.StdEncoding.EncodeToString(state)
	return j, err
}

// outcomeForm returns the JSON form of o, nil while the game goes on.
func outcomeForm(o Outcome) *outcomeJSON {
	if !o.Over() {
		return nil
	}
	j := &outcomeJSON{Method: o.Method.String(), Standings: []standingJSON{}}
	if f := o.Forfeiter(); f != NoPlayer {
		s := o.colors[f].String()
		j.Forfeiter = &s
	}
	var buf [MaxPlayers]Standing
	for _, s := range o.AppendStandings(buf[:0]) {
		j.Standings = append(j.Standings, standingJSON{s.Color.String(), s.Place, s.Cubes, s.Won, s.Forfeited})
	}
	return j
}

// playerJSON returns player p's part of the view's JSON form.
func (v *View) playerJSON(p Player) playerJSON {
	g := &v.g
	pj := playerJSON{
		Color: g.Color(p).String(), Gold: g.Gold(p), InfluenceCards: v.InfluenceCards(p), Pending: g.Pending(p),
		PermitsInSupply: append([]int{}, g.PermitsInSupply(p)...), WallTilesLeft: g.WallTilesLeft(p),
		TradePoints: g.TradePoints(p), TradeDisk: g.TradeDisk(p), Milestones: []int{}, CubesPlaced: g.CubesPlaced(p),
	}
	if p == v.Viewer() {
		h := toCardsJSON(g.Hand(p))
		pj.Hand = &h
	}
	where := func(s Square) string {
		switch s {
		case InSupply:
			return "supply"
		case RemovedFromGame:
			return "removed"
		case AwaitingRebuild:
			return "awaiting rebuild"
		}
		return s.String()
	}
	for b := Hut; b <= Workshop; b++ {
		pj.Buildings = append(pj.Buildings, where(g.BuildingOrigin(p, b)))
	}
	for _, m := range milestonePos {
		if g.HasMilestoneCube(p, int(m)) {
			pj.Milestones = append(pj.Milestones, int(m))
		}
	}
	return pj
}

// churchJSON returns the church's part of the view's JSON form.
func (v *View) churchJSON() churchJSON {
	g := &v.g
	c := churchJSON{Tiles: []churchTileJSON{}, StackSize: g.ChurchTilesLeft(), Bottom: int(v.ChurchBottom())}
	if o := g.ChurchOrigin(); o.Valid() {
		s := o.String()
		c.Origin = &s
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if p := g.ChurchTileOwner(t); p != NoPlayer {
			c.Tiles = append(c.Tiles, churchTileJSON{int(t), g.ChurchSquare(t).String(), g.Color(p).String()})
		}
	}
	if a, b := v.ChurchChoice(); a != 0 {
		c.Choice = []int{int(a), int(b)}
	}
	return c
}
