'use strict';
// The deciding seat's actions on the play page: the decision in a
// sentence, the moves that have no place on the board as buttons, a hint
// for those that do (with the buildings to choose from), each in words or,
// if the person asked for it, in notation; and the confirmation a paid
// move asks for.

// The decision of each phase, in a sentence; {n} is the builds left.
const DECISION = {
  roll: 'Roll the dice.',
  steer: 'The ship may not stay in its row: steer it two rows north or south.',
  pirates: 'A 7: send the pirates to a row other than the ship\'s.',
  discard: 'The pirates: give up a card for each of your cubes in their row.',
  shortage: 'A shortage: return half of your influence cards.',
  build: 'Build: up to {n} more (a building, a wall tile or a church tile), or stop building.',
  'church choice': 'Keep one of the two church tiles you drew.',
  rebuild: 'Rebuild your displaced hut or totem, or remove it from the game.',
  permit: 'Place a permit, in the ship\'s row unless you pay, or take 2 gold.',
  bonus: 'One bonus action, or end the turn.',
};

// Each kind of move that has a place on the board: its name, and where
// the board shows it.
const KIND_HINT = {
  steer: ['Steer', 'choose a highlighted sea row'],
  pirates: ['Pirates', 'choose a highlighted sea row'],
  build: ['Buildings', 'choose one, then a highlighted square'],
  rebuild: ['Rebuild', 'choose a highlighted square'],
  wall: ['Wall tiles', 'choose a highlighted wall site'],
  permit: ['Permits', 'choose a highlighted square'],
  'move permit': ['Shift a permit', 'choose a highlighted square'],
  'upgrade permit': ['Upgrade a permit', 'choose a highlighted permit'],
  'bonus permit': ['Bonus permit', 'choose a highlighted square'],
};

let buildKind = ''; // the building chosen in the build phase ('' = any)
let pending = null; // the paid move waiting for its confirmation

// notation reports whether the person asked for the engine's notation
// rather than words.
function notation() {
  return pref('notation', false);
}

// moveLabel is a move as its button says it.
function moveLabel(m) {
  return notation() ? m.text : (m.words || m.text);
}

// renderDecision says whose decision it is, in a sentence, with the
// phase's help one tap away.
function renderDecision(st) {
  const v = st.view;
  const line = $('decision');
  line.replaceChildren();
  line.className = 'decision';
  const help = $('phase-help');
  help.hidden = !!st.end;
  help.dataset.phase = v.phase;
  if (st.end) {
    line.textContent = 'The game is over.';
  } else if (decides(st)) {
    line.classList.add('yours');
    line.append(el('b', '', 'Your turn: '), (DECISION[v.phase] || v.phase).replace('{n}', v.buildsLeft));
  } else {
    line.classList.add('waiting');
    line.append('Waiting for ', chip(v.toMove, capital(v.toMove)), ` (${who(st, v.toMove)}): ${PHASE_NAME[v.phase] || v.phase}…`);
  }
  if (!$('phase-help-text').hidden) showPhaseHelp(true);
}

// renderMoves shows the moves: those without a place on the board as
// buttons; for the others a hint, the build phase's buildings as buttons
// that choose which the board shows, and every move in a list to open.
function renderMoves(st) {
  const box = $('moves');
  box.replaceChildren();
  if (!decides(st)) return;
  const groups = new Map();
  for (const m of st.moves) {
    if (!groups.has(m.kind)) groups.set(m.kind, []);
    groups.get(m.kind).push(m);
  }
  const buttons = el('div', 'buttons');
  for (const [kind, moves] of groups) {
    const onBoard = moves.some((m) => m.square || m.site || m.row);
    if (!onBoard && moves.length <= 12) {
      for (const m of moves) buttons.append(moveButton(m));
      continue;
    }
    if (kind === 'build') box.append(buildChooser(moves));
    const d = el('details', 'group');
    d.dataset.kind = kind;
    const [name, hint] = KIND_HINT[kind] || [capital(kind), 'the list'];
    const sum = el('summary', '', `${name} (${moves.length})`);
    sum.append(el('span', 'count', ' · ' + hint));
    sum.title = `open to list all ${moves.length} as buttons`;
    d.append(sum);
    const list = el('div', 'list');
    for (const m of moves) list.append(moveButton(m));
    d.append(list);
    box.append(d);
  }
  if (buttons.children.length) box.prepend(buttons);
}

// buildChooser offers one button per building that can be built: choosing
// one shows on the board where it goes, each place its whole building
// (on a phone the board comes into view), or asks for the only place.
function buildChooser(moves) {
  const kinds = new Map();
  for (const m of moves) {
    if (!kinds.has(m.building)) kinds.set(m.building, []);
    kinds.get(m.building).push(m);
  }
  const row = el('div', 'builds');
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', 'the building to build');
  row.append(el('span', 'dim', 'Build: '));
  for (const [b, ms] of kinds) {
    const btn = el('button', 'build-kind', `${b} (${ms.length})`);
    btn.type = 'button';
    btn.dataset.building = b;
    btn.setAttribute('aria-pressed', String(b === buildKind));
    const costs = [...new Set(ms.map((m) => m.costWords || 'nothing'))];
    btn.title = `${ms.length} places; it costs ${costs.join(' or ')}`;
    btn.addEventListener('click', () => {
      buildKind = buildKind === b ? '' : b;
      addTargets($('board').querySelector('svg'), game);
      renderMoves(game);
      const again = document.querySelector(`.builds button[data-building="${b}"]`);
      if (again) again.focus();
      showBoard();
      // A building with one place: it is asked at once (the confirmation
      // shows the place on the board).
      if (buildKind === b && ms.length === 1) decide(ms[0]);
    });
    row.append(btn);
  }
  return row;
}

// showBoard brings the board into view when the page has scrolled away
// from it (a phone, where it is above the action bar).
function showBoard() {
  const b = $('board').getBoundingClientRect();
  if (b.top < 0 || b.top > window.innerHeight / 2) window.scrollTo(0, 0);
}

function moveButton(m) {
  const b = el('button', 'move' + (m.cost ? ' paid' : ''), moveLabel(m));
  b.type = 'button';
  b.dataset.move = m.text;
  if (m.cost) {
    if (!m.costWords) b.append(el('span', 'cost', m.cost));
    b.title = `${m.text}: costs ${m.costWords || m.cost} (you will be asked to confirm)`;
  } else {
    b.title = notation() ? (m.words || m.text) : m.text;
  }
  b.addEventListener('click', () => decide(m));
  b.addEventListener('mouseenter', () => preview(m, true));
  b.addEventListener('mouseleave', () => preview(m, false));
  return b;
}

// decide plays a free move at once, and asks before a paid one: the cost
// is shown, with the squares it covers on the board.
function decide(m) {
  closeMenu();
  if (!m.cost) {
    play(m.text);
    return;
  }
  pending = m;
  if (!focusHome) focusHome = focusOf(document.activeElement);
  clearPreviews();
  preview(m, true);
  $('confirm-move').textContent = m.text;
  $('confirm-words').textContent = m.words || '';
  $('confirm-cost').textContent = m.cost;
  $('confirm-cost-words').textContent = m.costWords && m.costWords !== m.cost ? ` (${m.costWords})` : '';
  $('confirm').hidden = false;
  placeConfirm();
  $('confirm-yes').focus();
}

// placeConfirm lays the confirmation over the decision's controls (the
// bar at the bottom of a phone's screen, the column beside the board
// elsewhere), so that it never hides the places it asks about.
function placeConfirm() {
  const box = $('confirm');
  const a = $('actions').getBoundingClientRect();
  const w = Math.min(Math.max(a.width, 280), window.innerWidth - 8);
  box.style.width = w + 'px';
  box.style.left = Math.max(4, Math.min(a.left, window.innerWidth - w - 4)) + 'px';
  const h = box.offsetHeight;
  box.style.top = Math.max(4, Math.min(a.top, window.innerHeight - h - 4)) + 'px';
}

// closeConfirm closes the confirmation of a paid move; with back (the
// person cancelled), the focus goes back to where it was asked from.
function closeConfirm(back) {
  if ($('confirm').hidden) return;
  $('confirm').hidden = true;
  if (pending) preview(pending, false);
  pending = null;
  if (back) goHome();
}

// showPhaseHelp opens (or closes) the help of the phase being decided.
function showPhaseHelp(open) {
  const b = $('phase-help');
  const text = $('phase-help-text');
  b.setAttribute('aria-expanded', String(open));
  text.hidden = !open;
  if (open) text.textContent = PHASE_HELP[b.dataset.phase] || PHASES_HELP;
}

// showError shows text; for a refused move (an Error of api with a
// rule) it adds the rule's section as a small link to the rules. The
// refusal stays until the game moves on or another is shown.
function showError(text, refusal) {
  $('error').textContent = text;
  if (refusal && refusal.section) {
    const a = el('a', 'rule', refusal.section);
    if (refusal.rules) Object.assign(a, { href: refusal.rules, target: '_blank', rel: 'noopener' });
    a.title = 'the rule, in RULES.md';
    $('error').append(' ', a);
  }
  $('error').hidden = false;
  $('error').dataset.version = game ? game.version : -1;
}
