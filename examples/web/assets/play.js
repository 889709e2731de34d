'use strict';
// The play page: a person plays one seat against the server's bots. The
// server is the referee; this page knows only its seat's view.

const COLORS = ['red', 'blue', 'green', 'yellow'];
const KIND_HELP = {
  steer: 'click a highlighted row of the sea',
  pirates: 'click a highlighted row of the sea',
  build: 'click a highlighted square (a building\'s north-west corner)',
  rebuild: 'click a highlighted square',
  wall: 'click a highlighted wall site',
  permit: 'click a highlighted square',
  'move permit': 'click a highlighted square (where the permit goes)',
  'upgrade permit': 'click a highlighted permit',
  'bonus permit': 'click a highlighted square',
};
const PHASE_HELP = {
  roll: 'roll the dice',
  steer: 'a repeated number: steer the ship two rows up or down',
  pirates: 'a 7: send the pirates to a row',
  discard: 'the pirates: discard half of your cards',
  shortage: 'a shortage: return half of your influence cards of that type',
  build: 'phase 2: build (at most two), or end building',
  'church choice': 'keep one of the two church tiles',
  rebuild: 'rebuild your displaced starter, or remove it',
  permit: 'phase 3: place a permit or take 2 gold',
  bonus: 'phase 4: one bonus action, or end your turn',
};

let botNames = ['random'];
let game = null; // the last state the server sent
let pollToken = 0;
let busy = false;
let targets = null; // the board's click targets: square -> hit rect

// ---- setup ----

function seatRows() {
  const n = Number($('players').value);
  const body = $('seats').tBodies[0];
  const mine = Number((body.querySelector('input[name=you]:checked') || { value: 0 }).value);
  const old = [...body.querySelectorAll('select')].map((s) => s.value);
  body.replaceChildren();
  for (let p = 0; p < n; p++) {
    const tr = el('tr');
    const radio = el('input');
    radio.type = 'radio';
    radio.name = 'you';
    radio.value = p;
    radio.checked = p === Math.min(mine, n - 1);
    radio.setAttribute('aria-label', `you play ${COLORS[p]}`);
    const sel = el('select');
    sel.setAttribute('aria-label', `bot for ${COLORS[p]}`);
    for (const b of botNames) {
      const o = el('option', '', b);
      o.value = b;
      sel.append(o);
    }
    if (old[p] && botNames.includes(old[p])) sel.value = old[p];
    const tdBot = el('td');
    tdBot.append(sel, el('span', 'you-label', 'you'));
    const tdRadio = el('td');
    tdRadio.append(radio);
    const tdSeat = el('td');
    tdSeat.append(chip(COLORS[p]));
    tr.append(tdSeat, tdRadio, tdBot);
    body.append(tr);
    radio.addEventListener('change', markYou);
  }
  markYou();
}

function markYou() {
  for (const tr of $('seats').tBodies[0].rows) {
    const you = tr.querySelector('input').checked;
    tr.classList.toggle('is-you', you);
    tr.querySelector('select').disabled = you;
  }
}

async function startGame(ev) {
  ev.preventDefault();
  const seats = [];
  for (const tr of $('seats').tBodies[0].rows) {
    seats.push(tr.querySelector('input').checked ? 'you' : tr.querySelector('select').value);
  }
  const body = { seats, rules: $('rules').value };
  $('setup-error').hidden = true;
  try {
    const st = await api('POST', '/api/games', body);
    sessionStorage.setItem('elasund-game', st.id);
    history.replaceState(null, '', '#game=' + st.id);
    render(st);
  } catch (e) {
    $('setup-error').textContent = e.message;
    $('setup-error').hidden = false;
  }
}

function showSetup() {
  pollToken++;
  game = null;
  history.replaceState(null, '', location.pathname);
  sessionStorage.removeItem('elasund-game');
  $('play').hidden = true;
  $('setup').hidden = false;
}

// ---- the game ----

function decides(st) {
  return st.moves.length > 0;
}

function render(st) {
  game = st;
  $('setup').hidden = true;
  $('play').hidden = false;
  closeMenu();
  const svg = showSVG($('board'), st.svg);
  addTargets(svg, st);
  renderStatus(st);
  renderMoves(st);
  renderLog(st);
  const v = st.view;
  const over = v.phase === 'over';
  $('over').hidden = !over;
  if (over) {
    $('over-text').textContent = v.winner
      ? (v.winner === st.you ? 'You won!' : `${v.winner} won.`)
      : `The game ended at the turn limit (${v.maxTurns}) without a winner.`;
    $('record-link').href = `/api/games/${st.id}/record`;
  }
  $('note').hidden = !st.note;
  $('note').textContent = st.note || '';
  $('typed').hidden = over;
  if (!over && !decides(st)) poll();
}

function renderStatus(st) {
  const v = st.view;
  const s = $('status');
  s.replaceChildren();
  const line = el('div', 'line');
  line.append(el('b', '', `Turn ${v.turn}`), document.createTextNode(' · you are '), chip(st.you));
  if (v.dice[0]) line.append(document.createTextNode(` · last roll ${v.dice[0]} + ${v.dice[1]}`));
  s.append(line);
  const who = el('div', 'line big');
  if (v.phase === 'over') {
    who.textContent = 'The game is over.';
  } else if (decides(st)) {
    who.classList.add('yours');
    who.textContent = 'Your decision: ' + (PHASE_HELP[v.phase] || v.phase);
    if (v.phase === 'build') who.textContent += ` (${v.buildsLeft} left)`;
  } else {
    const seat = st.seats.find((x) => x.color === v.toMove);
    who.append(document.createTextNode('Waiting for '), chip(v.toMove),
      document.createTextNode(` (${seat ? seat.player : '?'}): ${v.phase}…`));
    who.classList.add('waiting');
  }
  s.append(who);
}

// renderMoves lists the legal moves by kind: the kinds without a place on
// the board as buttons, the others as a list to open (a fallback for the
// clicks on the board).
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
    const d = el('details', 'group');
    d.dataset.kind = kind;
    const sum = el('summary', '', `${kind} (${moves.length})`);
    if (KIND_HELP[kind]) sum.append(el('span', 'help', ' · ' + KIND_HELP[kind]));
    d.append(sum);
    const list = el('div', 'list');
    for (const m of moves) list.append(moveButton(m));
    d.append(list);
    box.append(d);
  }
  if (buttons.children.length) box.prepend(buttons);
}

function moveButton(m) {
  const b = el('button', 'move', m.text);
  b.type = 'button';
  b.dataset.move = m.text;
  b.addEventListener('click', () => play(m.text));
  b.addEventListener('mouseenter', () => preview(m, true));
  b.addEventListener('mouseleave', () => preview(m, false));
  return b;
}

function renderLog(st) {
  const ol = $('log');
  ol.replaceChildren(...st.log.map(logItem));
  ol.scrollTop = ol.scrollHeight;
}

// addTargets lays click targets over the board: the squares, wall sites and
// sea rows where a legal move is chosen.
function addTargets(svg, st) {
  targets = new Map();
  if (!svg) return;
  const layer = document.createElementNS(SVGNS, 'g');
  layer.id = 'targets';
  svg.append(layer);
  const bySquare = new Map();
  const bySite = new Map();
  const byRow = new Map();
  const add = (map, key, m) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(m);
  };
  for (const m of st.moves) {
    if (m.square) add(bySquare, m.square, m);
    if (m.site) add(bySite, m.site, m);
    if (m.row) add(byRow, String(m.row), m);
  }
  const hit = (x, y, w, h, label, moves, key) => {
    const r = document.createElementNS(SVGNS, 'rect');
    r.setAttribute('x', x);
    r.setAttribute('y', y);
    r.setAttribute('width', w);
    r.setAttribute('height', h);
    r.setAttribute('class', moves.length ? 'hit target' : 'hit');
    r.dataset.target = key;
    if (moves.length) {
      const t = document.createElementNS(SVGNS, 'title');
      t.textContent = moves.map((m) => m.text).join('\n');
      r.append(t);
      r.addEventListener('click', (ev) => {
        ev.stopPropagation();
        choose(ev, label, moves);
      });
    }
    layer.append(r);
    return r;
  };
  // Squares: every one, for the footprint previews; only targets catch clicks.
  for (const rect of svg.querySelectorAll('rect[id^="sq-"]')) {
    const sq = rect.id.slice(3);
    const box = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    targets.set(sq, hit(...box, sq, bySquare.get(sq) || [], 'sq-' + sq));
  }
  for (const [site, moves] of bySite) {
    const g = svg.querySelector('#wall-' + CSS.escape(site));
    if (!g) continue;
    const b = g.getBBox();
    hit(b.x, b.y, b.width, b.height, 'wall ' + site, moves, 'wall-' + site);
  }
  for (const [row, moves] of byRow) {
    const a = svg.querySelector('#sq-a' + CSS.escape(row));
    if (!a) continue;
    const w = Number(a.getAttribute('width'));
    hit(Number(a.getAttribute('x')) - w, Number(a.getAttribute('y')), w, Number(a.getAttribute('height')),
      'row ' + row, moves, 'row-' + row);
  }
  svg.addEventListener('click', (ev) => {
    if (!decides(st)) return;
    const sq = squareAt(svg, ev);
    if (sq) explain(sq);
  });
}

// squareAt returns the city square under a click, or null.
function squareAt(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  for (const rect of svg.querySelectorAll('rect[id^="sq-"]')) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    if (p.x >= x && p.x < x + w && p.y >= y && p.y < y + h) return rect.id.slice(3);
  }
  return null;
}

// explain answers a click on a square where no move of yours goes: in the
// permit phase it asks the engine for its reason; otherwise it says so.
function explain(sq) {
  const v = game.view;
  const me = v.players.find((p) => p.color === game.you);
  if (v.phase === 'permit' && me && me.permitsInSupply.length) {
    play(`permit ${me.permitsInSupply[0]} ${sq}`);
    return;
  }
  showError(`No move of yours goes on ${sq} now.`);
}

// preview outlines the squares a move covers while its button is hovered.
function preview(m, on) {
  if (!targets) return;
  for (const sq of m.footprint || (m.square ? [m.square] : [])) {
    const r = targets.get(sq);
    if (r) r.classList.toggle('preview', on);
  }
  if (m.from && targets.get(m.from)) targets.get(m.from).classList.toggle('preview-from', on);
}

// choose plays the only move of a target, or opens a menu of its moves.
function choose(ev, label, moves) {
  if (moves.length === 1) {
    play(moves[0].text);
    return;
  }
  const menu = $('menu');
  menu.replaceChildren(el('div', 'menu-title', label));
  for (const m of moves) {
    const b = moveButton(m);
    b.addEventListener('click', closeMenu);
    menu.append(b);
  }
  menu.hidden = false;
  const w = menu.offsetWidth;
  const h = menu.offsetHeight;
  menu.style.left = Math.max(4, Math.min(ev.pageX + 8, window.scrollX + document.documentElement.clientWidth - w - 8)) + 'px';
  menu.style.top = Math.max(4, Math.min(ev.pageY + 8, window.scrollY + document.documentElement.clientHeight - h - 8)) + 'px';
}

function closeMenu() {
  const menu = $('menu');
  if (!menu.hidden) {
    for (const r of (targets || new Map()).values()) r.classList.remove('preview', 'preview-from');
  }
  menu.hidden = true;
}

function showError(text) {
  $('error').textContent = text;
  $('error').hidden = false;
}

// play sends a move in notation; the server answers with the new state or
// the engine's refusal.
async function play(text) {
  if (busy || !game) return;
  busy = true;
  $('error').hidden = true;
  closeMenu();
  try {
    const st = await api('POST', `/api/games/${game.id}/moves`, { move: text });
    if ($('typed-move').value.trim() === text) $('typed-move').value = '';
    render(st);
  } catch (e) {
    showError(e.message);
    if (e.status === 404) {
      $('error').textContent += ' Start a new game.';
    } else if (e.status === 409) {
      refresh();
    }
  } finally {
    busy = false;
  }
}

async function refresh() {
  try {
    render(await api('GET', `/api/games/${game.id}`));
  } catch (e) {
    showError(e.message);
  }
}

// poll waits for the bots' moves (the server holds the request until the
// game moves on) and shows each new state.
async function poll() {
  const token = ++pollToken;
  const since = game.version;
  try {
    const st = await api('GET', `/api/games/${game.id}?after=${since}`);
    if (token === pollToken) render(st);
  } catch (e) {
    if (token !== pollToken) return;
    showError(e.message);
    if (e.status !== 404) setTimeout(() => token === pollToken && poll(), 2000);
  }
}

async function watchReplay() {
  try {
    const res = await fetch(`/api/games/${game.id}/record`);
    const text = await res.text();
    if (!res.ok) throw new Error(JSON.parse(text).error);
    const rp = await api('POST', '/api/replays', { record: text });
    location.href = '/replay#id=' + rp.id;
  } catch (e) {
    showError(e.message);
  }
}

async function init() {
  $('players').addEventListener('change', seatRows);
  $('setup-form').addEventListener('submit', startGame);
  $('new-game').addEventListener('click', showSetup);
  $('watch').addEventListener('click', watchReplay);
  $('typed').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const t = $('typed-move').value.trim();
    if (t) play(t);
  });
  document.addEventListener('keydown', (ev) => ev.key === 'Escape' && closeMenu());
  document.addEventListener('click', (ev) => {
    if (!$('menu').hidden && !$('menu').contains(ev.target) && !ev.target.closest('.hit')) closeMenu();
  });
  try {
    botNames = (await api('GET', '/api/bots')).bots;
  } catch (e) {
    $('setup-error').textContent = e.message;
    $('setup-error').hidden = false;
  }
  seatRows();
  const m = location.hash.match(/game=([0-9a-f]+)/);
  const id = m ? m[1] : sessionStorage.getItem('elasund-game');
  if (id) {
    try {
      const st = await api('GET', `/api/games/${id}`);
      history.replaceState(null, '', '#game=' + id);
      render(st);
      return;
    } catch (e) {
      sessionStorage.removeItem('elasund-game');
    }
  }
  showSetup();
}

init();
