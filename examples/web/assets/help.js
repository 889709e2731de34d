'use strict';
// The words the play page explains the game with: the phases, "TP", the
// wall, the cubes. The same texts are the board's hover help (titles) and
// the tap help (the "?" beside the decision, and the help list).

// What a seat is doing in each phase, for "Waiting for Red: …".
const PHASE_NAME = {
  roll: 'rolling the dice',
  steer: 'steering the ship',
  pirates: 'sending the pirates',
  discard: 'giving up cards to the pirates',
  shortage: 'returning influence cards',
  build: 'building',
  'church choice': 'choosing a church tile',
  rebuild: 'rebuilding a hut or totem',
  permit: 'placing a permit or taking gold',
  bonus: 'choosing a bonus action',
};

// The four phases of a turn, in a sentence.
const PHASES_HELP = 'A turn has four phases: 1, roll the dice (the ship sails to the row of the sum and ' +
  'every building in that row earns its owner a card; a 7 brings the pirates instead); 2, build up to two things ' +
  '(buildings, wall tiles, church tiles); 3, place a permit or take 2 gold; 4, one bonus action, or none.';

// Each decision's help.
const PHASE_HELP = {
  roll: 'Phase 1 of 4. ' + PHASES_HELP,
  steer: 'The dice showed the number of the ship\'s row: it may not stay, so it moves exactly two rows north or south (row 7 does not count).',
  pirates: 'A 7: the ship becomes the pirate ship and there is no income. Send it to a row other than the ship\'s; ' +
    'everyone gives up a card for each of their cubes in that row, and you draw one of them for each of your towers.',
  discard: 'The pirates: give up one card, gold or influence as you choose, for each of your cubes in the pirates\' row.',
  shortage: 'There are too few influence cards to pay the row\'s income: everyone returns half of their influence cards (rounded down), choosing which.',
  build: 'Phase 2 of 4: build up to two things. A building needs your permits under it, worth more than anyone ' +
    'else\'s there; a wall tile goes next to a gate or another tile (2 gold north or south, 4 east); a church tile costs 7 gold.',
  'church choice': 'You drew two church tiles: keep one for the church; the other goes under the stack.',
  rebuild: 'Your hut or totem was built over: put it back on empty squares of the city, or remove it.',
  permit: 'Phase 3 of 4: place one permit from your supply on an empty square of the ship\'s row (a permit costs ' +
    'its value in gold; any row for 2 influence cards of one colour), or take 2 gold.',
  bonus: 'Phase 4 of 4: one bonus action (move or upgrade a permit for 2 influence cards, a bonus permit or ' +
    '2 gold for one influence card of each colour), or end the turn.',
};

// The help list's words: [term, explanation].
const GLOSSARY = [
  ['TP', 'Trade points. Column a is the harbour: each of its squares is worth 1 TP, and each gate field ' +
    '2 TP, to the player whose building covers it. The trade track below the board shows each player\'s ' +
    'TP; reaching 3, 5, 7, 9 and 11 places a cube there.'],
  ['The phases', PHASES_HELP],
  ['The wall', 'The city wall runs north, east and south of the city, between its two gates. In phase 2 ' +
    'you may build your next wall tile (1 to 9) on an empty site next to a gate or to a standing tile, ' +
    'for 2 gold north or south and 4 east. Tiles 1, 2 and 4 draw 1 influence card, 5, 7 and 8 draw 2, ' +
    'and 3, 6 and 9 are towers that place one of your cubes.'],
  ['Cubes', 'The score: the first to place all 10 of their cubes (on neutral buildings, towers, church ' +
    'tiles and the trade track\'s milestones) wins.'],
  ['Permits', 'Your permits (worth 0 to 4) say where you may build: a building needs permits under it, ' +
    'and yours must add up to more than anyone else\'s there.'],
  ['Colours', 'Each player\'s pieces carry their initial (R, B, G, Y) on a badge, and their cubes and ' +
    'disks a pattern: red stripes, blue dots, a green grid, yellow stripes the other way.'],
];

// fillHelp writes the help list.
function fillHelp() {
  const dl = $('glossary');
  if (!dl || dl.children.length) return;
  for (const [term, text] of GLOSSARY) dl.append(el('dt', '', term), el('dd', '', text));
}

// titleBoard gives the board's marks their hover help: the trade fields,
// the wall sites and the foundation.
function titleBoard(svg) {
  const title = (e, text) => {
    if (!e || e.querySelector(':scope > title')) return;
    const t = document.createElementNS(SVGNS, 'title');
    t.textContent = text;
    e.prepend(t);
  };
  for (const c of svg.querySelectorAll('circle.tp-badge')) {
    const t = c.nextElementSibling;
    const n = t && t.tagName === 'text' ? t.textContent[0] : '';
    if (n) title(c, `${n}TP: ${n} trade point${n === '1' ? '' : 's'} to whoever's building covers this square`);
  }
  for (const g of svg.querySelectorAll('#walls > g.wall-site')) title(g, `wall site ${g.id.slice(5)}: ${GLOSSARY[2][1]}`);
}
