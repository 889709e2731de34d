'use strict';
// The play page: the lobby that creates a table, and a game played from a
// seat's link (/g/ID#seat=TOKEN) or watched from the spectator's (/g/ID).
// The server is the referee; this page knows only its seat's view.

const COLORS = ['red', 'blue', 'green', 'yellow'];
const KIND_HELP = {
  steer: 'click a highlighted row of the sea',
  pirates: 'click a highlighted row of the sea',
  build: 'choose a building, then click where it goes',
  rebuild: 'click where it goes',
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

let game = null; // the last state the server sent
let gameID = '';
let token = ''; // this seat's token; '' for a spectator
let svgHash = '';
let logEntries = []; // the whole log, kept up to date from each state's tail
let poller = null; // the AbortController of the long poll under way
let busy = false;
let targets = null; // the board's click targets: square -> hit rect
let buildKind = ''; // the building chosen in the build phase ('' = any)
let extraPanel = ''; // a seat whose panel the person opened
let pending = null; // the paid move waiting for its confirmation
let adminToken = ''; // the game's admin token, if this browser created it

// ---- the game ----

function decides(st) {
  return st.moves.length > 0;
}

function headers() {
  return token ? { Authorization: 'Bearer ' + token } : {};
}

function statePath(extra) {
  return `/api/games/${gameID}?from=${logEntries.length}&svg=${encodeURIComponent(svgHash)}` + (extra || '');
}

// openGame shows the game id as the seat of tok ('' for a spectator).
async function openGame(id, tok) {
  gameID = id;
  token = tok;
  adminToken = localStorage.getItem('elasund-admin-' + id) || '';
  logEntries = [];
  svgHash = '';
  $('lobby').hidden = true;
  try {
    render(await api('GET', statePath(), undefined, { headers: headers() }));
  } catch (e) {
    if (e.status === 401 && token) {
      // Not this game's seat: watch instead, and say why.
      localStorage.removeItem('elasund-seat-' + id);
      token = '';
      await openGame(id, '');
      showError(e.message + ' You are watching as a spectator.');
      return;
    }
    $('play').hidden = false;
    showError(e.message);
  }
}

function render(st) {
  if (game && st.version < game.version) return; // an older answer
  game = st;
  $('lobby').hidden = true;
  $('play').hidden = false;
  closeMenu();
  closeConfirm();
  if (st.logFrom <= logEntries.length) {
    logEntries = logEntries.slice(0, st.logFrom).concat(st.log);
  }
  let svg = $('board').querySelector('svg');
  if (st.svg) {
    svg = showSVG($('board'), st.svg);
    svgHash = st.svgHash;
    cropBoard(svg);
  }
  if (!st.moves.some((m) => m.kind === 'build' && m.building === buildKind)) buildKind = '';
  addTargets(svg, st);
  renderStatus(st);
  renderPlayers(st);
  renderPanels(st);
  renderMoves(st);
  renderLog();
  renderOver(st);
  $('note').hidden = !st.note;
  $('note').textContent = st.note || '';
  $('typed').hidden = !decides(st);
  $('copy-spectator').hidden = false;
  $('leave').hidden = !token || !!st.end;
  $('abandon').hidden = !adminToken || !!st.end;
  document.title = st.end ? 'Game over · Elasund'
    : decides(st) ? '▶ Your move · Elasund'
      : `${st.view.toMove} to move · Elasund`;
  if (!st.end) poll();
}

// cropBoard shows the board and the trade track of the picture, without
// the panels drawn right of them (the page shows those itself).
function cropBoard(svg) {
  if (!svg) return;
  const info = svg.querySelector('#info rect');
  if (!info) return;
  let right = 0;
  let bottom = 0;
  for (const g of svg.children) {
    if (g.tagName !== 'g' || g.id === 'info' || g.classList.contains('panel') || g.id === 'targets') continue;
    const b = g.getBBox();
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  right = Math.min(right, Number(info.getAttribute('x')) - 6);
  svg.setAttribute('viewBox', `0 0 ${Math.ceil(right + 8)} ${Math.ceil(bottom + 8)}`);
  fitSVG(svg);
  svg.dataset.panels = '1';
}

function seatOf(st, color) {
  return st.seats.find((s) => s.color === color) || { kind: '?' };
}

function who(st, color) {
  const s = seatOf(st, color);
  if (s.you) return 'you';
  if (s.left) return `left (played by ${s.kind})`;
  return s.kind === 'human' ? 'a person' : s.kind;
}

// sameSeats reports whether two states have the same players in their
// seats (a person who leaves is replaced by a bot without a move).
function sameSeats(a, b) {
  return JSON.stringify(a.seats) === JSON.stringify(b.seats);
}

function renderStatus(st) {
  const v = st.view;
  const s = $('status');
  s.replaceChildren();
  const line = el('div', 'line');
  line.append(el('b', '', `Turn ${v.turn}`));
  if (st.you) line.append(document.createTextNode(' · you are '), chip(st.you));
  else line.append(document.createTextNode(' · you are watching'));
  if (st.lastRoll) {
    const r = st.lastRoll;
    line.append(document.createTextNode(` · last roll ${r.dice[0]} + ${r.dice[1]} = ${r.dice[0] + r.dice[1]} by `),
      chip(r.color, r.color === st.you ? 'you' : r.color));
    line.querySelector('.chip:last-child').classList.add('roller');
  }
  s.append(line);
  const line2 = el('div', 'line');
  if (v.ship) line2.append(document.createTextNode(`ship in row ${v.ship} · `));
  line2.append(document.createTextNode(`bank ${v.bank} gold · deck ${v.deckSize} cards`));
  s.append(line2);
  const whoLine = el('div', 'line big');
  if (st.end) {
    whoLine.textContent = 'The game is over.';
  } else if (decides(st)) {
    whoLine.classList.add('yours');
    whoLine.textContent = 'Your decision: ' + (PHASE_HELP[v.phase] || v.phase);
    if (v.phase === 'build') whoLine.textContent += ` (${v.buildsLeft} left)`;
  } else {
    whoLine.append(document.createTextNode('Waiting for '), chip(v.toMove),
      document.createTextNode(` (${who(st, v.toMove)}): ${v.phase}…`));
    whoLine.classList.add('waiting');
  }
  s.append(whoLine);
}

// renderPlayers lists the seats with their score (cubes placed, of 10),
// gold and cards; a click shows the seat's panel.
function renderPlayers(st) {
  const box = $('players-list');
  box.replaceChildren();
  for (const p of st.view.players) {
    const row = el('button', 'player');
    row.type = 'button';
    row.dataset.color = p.color;
    if (p.color === st.view.toMove && !st.end) row.classList.add('deciding');
    if (p.color === st.you) row.classList.add('mine');
    row.append(chip(p.color, p.color), el('span', 'kind' + (seatOf(st, p.color).left ? ' left' : ''), who(st, p.color)),
      el('span', 'score', `${p.cubesPlaced}/10`),
      el('span', 'gold', `${p.gold} gold`), el('span', 'cards', `${p.influenceCards} card${p.influenceCards === 1 ? '' : 's'}`));
    row.title = `${p.color}: ${p.cubesPlaced} of 10 cubes placed (the score), ${p.gold} gold, ${p.influenceCards} influence cards; click for the panel`;
    row.addEventListener('click', () => {
      extraPanel = extraPanel === p.color ? '' : p.color;
      renderPanels(game);
    });
    box.append(row);
  }
}

// renderPanels shows the panels of the picture for the deciding seat, the
// person's own, and one the person opened.
function renderPanels(st) {
  const box = $('panels');
  box.replaceChildren();
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const seen = new Set();
  for (const c of [st.end ? '' : st.view.toMove, st.you, extraPanel]) {
    if (!c || seen.has(c)) continue;
    seen.add(c);
    const rect = svg.querySelector(`#panel-${c} rect`);
    if (!rect) continue;
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    const pic = document.createElementNS(SVGNS, 'svg');
    pic.setAttribute('viewBox', `${x - 2} ${y - 2} ${w + 4} ${h + 4}`);
    pic.setAttribute('class', 'panel-pic');
    pic.dataset.color = c;
    const use = document.createElementNS(SVGNS, 'use');
    use.setAttribute('href', '#panel-' + c);
    pic.append(use);
    box.append(pic);
  }
}

// renderMoves lists the legal moves by kind: the kinds without a place on
// the board as buttons, the others as a list to open (a fallback for the
// clicks on the board); the build phase's buildings as buttons that choose
// which the board shows.
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

// buildChooser offers one button per building that can be built: choosing
// one shows on the board where it goes, each place its whole footprint.
function buildChooser(moves) {
  const kinds = new Map();
  for (const m of moves) {
    if (!kinds.has(m.building)) kinds.set(m.building, []);
    kinds.get(m.building).push(m);
  }
  const row = el('div', 'builds');
  row.append(el('span', 'dim', 'Build: '));
  for (const [b, ms] of kinds) {
    const btn = el('button', 'build-kind', `${b} (${ms.length})`);
    btn.type = 'button';
    btn.dataset.building = b;
    btn.setAttribute('aria-pressed', String(b === buildKind));
    const costs = [...new Set(ms.map((m) => m.cost || 'free'))];
    btn.title = `${ms.length} places; costs ${costs.join(' or ')}`;
    btn.addEventListener('click', () => {
      buildKind = buildKind === b ? '' : b;
      addTargets($('board').querySelector('svg'), game);
      renderMoves(game);
    });
    row.append(btn);
  }
  return row;
}

function moveButton(m) {
  const b = el('button', 'move' + (m.cost ? ' paid' : ''), m.text);
  b.type = 'button';
  b.dataset.move = m.text;
  if (m.cost) {
    b.append(el('span', 'cost', m.cost));
    b.title = `${m.text}: costs ${m.cost} (you will be asked to confirm)`;
  }
  b.addEventListener('click', () => decide(m));
  b.addEventListener('mouseenter', () => preview(m, true));
  b.addEventListener('mouseleave', () => preview(m, false));
  return b;
}

function renderLog() {
  const ol = $('log');
  const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
  if (ol.children.length > logEntries.length) ol.replaceChildren();
  for (let i = ol.children.length; i < logEntries.length; i++) ol.append(logItem(logEntries[i]));
  $('log-count').textContent = `(${logEntries.length})`;
  if (atEnd || ol.dataset.scrolled !== '1') {
    ol.scrollTop = ol.scrollHeight;
    ol.dataset.scrolled = '1';
  }
}

function renderOver(st) {
  $('over').hidden = !st.end;
  if (!st.end) return;
  $('error').hidden = true; // a refusal shown before the end is moot
  const e = st.end;
  $('over-text').textContent = (e.winner && e.winner === st.you ? 'You won! ' : '') + e.ending;
  const t = $('standings');
  t.replaceChildren();
  const head = el('tr');
  for (const h of ['', 'seat', 'cubes', 'gold', 'cards in hand']) head.append(el('th', '', h));
  t.append(head);
  for (const s of e.standings) {
    const tr = el('tr');
    tr.dataset.color = s.color;
    const seat = el('td');
    seat.append(chip(s.color), document.createTextNode(' ' + (s.kind === 'human' || s.left ? '' : s.kind)));
    if (s.forfeited) seat.append(el('span', 'dim', ' left'));
    if (s.left) seat.append(el('span', 'dim', ` left (played by ${s.kind})`));
    const hand = Object.entries(s.hand).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`).join(', ') || 'none';
    tr.append(el('td', '', s.winner ? '1, winner' : String(s.place)), seat, el('td', '', `${s.cubes}/10`),
      el('td', '', String(s.gold)), el('td', 'hand', hand));
    t.append(tr);
  }
  $('replay-link').href = e.replay;
  $('record-link').href = e.record;
}

// addTargets lays click targets over the board: the squares, wall sites
// and sea rows where a legal move is chosen. A build's target is every
// square of its footprint; a target whose moves all cost something is
// drawn as paid.
function addTargets(svg, st) {
  targets = new Map();
  if (!svg) return;
  const old = svg.querySelector('#targets');
  if (old) old.remove();
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
    if (m.footprint) {
      if (m.kind === 'build' && buildKind && m.building !== buildKind) continue;
      for (const sq of m.footprint) add(bySquare, sq, m);
    } else if (m.square) {
      add(bySquare, m.square, m);
    }
    if (m.site) add(bySite, m.site, m);
    if (m.row) add(byRow, String(m.row), m);
  }
  const hit = (x, y, w, h, label, moves, key) => {
    const r = document.createElementNS(SVGNS, 'rect');
    r.setAttribute('x', x);
    r.setAttribute('y', y);
    r.setAttribute('width', w);
    r.setAttribute('height', h);
    let cls = 'hit';
    if (moves.length) {
      const paid = moves.filter((m) => m.cost).length;
      cls += ' target' + (paid === moves.length ? ' paid' : paid ? ' mixed' : '');
    }
    r.setAttribute('class', cls);
    r.dataset.target = key;
    if (moves.length) {
      const t = document.createElementNS(SVGNS, 'title');
      t.textContent = moves.map((m) => m.text + (m.cost ? ` (${m.cost})` : '')).join('\n');
      r.append(t);
      r.addEventListener('click', (ev) => {
        ev.stopPropagation();
        choose(ev, label, moves);
      });
      if (moves.length === 1) {
        r.addEventListener('mouseenter', () => preview(moves[0], true));
        r.addEventListener('mouseleave', () => preview(moves[0], false));
      }
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
  svg.onclick = (ev) => {
    if (!decides(game)) return;
    const sq = squareAt(svg, ev);
    if (sq) explain(sq);
  };
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
// permit phase it asks the engine for its reason (a move it refuses costs
// nothing); otherwise it says so.
function explain(sq) {
  const v = game.view;
  const me = v.players.find((p) => p.color === game.you);
  if (v.phase === 'permit' && me && me.permitsInSupply.length) {
    play(`permit ${me.permitsInSupply[0]} ${sq}`);
    return;
  }
  showError(`No move of yours goes on ${sq} now.`);
}

// preview outlines the squares a move covers (a build's whole footprint).
function preview(m, on) {
  if (!targets) return;
  for (const sq of m.footprint || (m.square ? [m.square] : [])) {
    const r = targets.get(sq);
    if (r) r.classList.toggle('preview', on);
  }
  if (m.from && targets.get(m.from)) targets.get(m.from).classList.toggle('preview-from', on);
}

function clearPreviews() {
  for (const r of (targets || new Map()).values()) r.classList.remove('preview', 'preview-from');
}

// choose takes the only move of a target, or opens a menu of its moves.
function choose(ev, label, moves) {
  if (moves.length === 1) {
    decide(moves[0]);
    return;
  }
  const menu = $('menu');
  menu.replaceChildren(el('div', 'menu-title', label));
  for (const m of moves) {
    const b = moveButton(m);
    b.addEventListener('click', () => { menu.hidden = true; });
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
  if (!menu.hidden) clearPreviews();
  menu.hidden = true;
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
  clearPreviews();
  preview(m, true);
  $('confirm-move').textContent = m.text;
  $('confirm-cost').textContent = m.cost;
  $('confirm').hidden = false;
  $('confirm-yes').focus();
}

function closeConfirm() {
  if ($('confirm').hidden) return;
  $('confirm').hidden = true;
  if (pending) preview(pending, false);
  pending = null;
}

// showError shows text; for a refused move (an Error of api with a
// rule) it adds the rule's section as a small link to the rules.
function showError(text, refusal) {
  $('error').textContent = text;
  if (refusal && refusal.section) {
    const a = el('a', 'rule', refusal.section);
    if (refusal.rules) Object.assign(a, { href: refusal.rules, target: '_blank', rel: 'noopener' });
    a.title = 'the rule, in RULES.md';
    $('error').append(' ', a);
  }
  $('error').hidden = false;
}

// play sends a move in notation, with the version it was chosen at; the
// server answers, once the move is saved, with the new state, the engine's
// refusal, or (409) the state as it is if the game moved on meanwhile (a
// move of another page of this seat, say): the move is not played.
async function play(text) {
  if (busy || !game) return;
  busy = true;
  $('error').hidden = true;
  closeMenu();
  closeConfirm();
  stopPolling();
  try {
    const st = await api('POST', `/api/games/${gameID}/moves?from=${logEntries.length}&svg=${encodeURIComponent(svgHash)}`,
      { move: text, after: game.version }, { headers: headers() });
    if ($('typed-move').value.trim() === text) $('typed-move').value = '';
    busy = false;
    render(st);
  } catch (e) {
    busy = false;
    if (e.status === 409 && e.data && e.data.view) {
      render(e.data);
      showError(`The game moved on before “${text}” arrived, so it was not played: choose again.`);
      return;
    }
    showError(e.message, e);
    if (e.status === 404) $('error').textContent += ' Start a new table.';
    if (game && !game.end) poll();
  }
}

function stopPolling() {
  if (poller) poller.abort();
  poller = null;
}

// poll waits for the next move (the server holds the request until the
// game moves on, at most 20 s) and shows each new state.
async function poll() {
  stopPolling();
  const ctl = new AbortController();
  poller = ctl;
  try {
    const st = await api('GET', statePath(`&after=${game.version}`), undefined, { headers: headers(), signal: ctl.signal });
    if (poller !== ctl) return;
    poller = null;
    if (st.version === game.version && !st.end && sameSeats(st, game)) {
      poll();
      return;
    }
    render(st);
  } catch (e) {
    if (poller !== ctl || e.name === 'AbortError') return;
    poller = null;
    showError(e.message);
    if (e.status !== 404) setTimeout(() => game && !game.end && !poller && poll(), 2000);
  }
}

// armed makes a button that does something for good ask for a second
// click within a few seconds, its text saying what it does.
function armed(button, question, action) {
  const text = button.textContent;
  let timer = null;
  button.addEventListener('click', async () => {
    if (!timer) {
      button.textContent = question;
      button.classList.add('armed');
      timer = setTimeout(() => {
        timer = null;
        button.textContent = text;
        button.classList.remove('armed');
      }, 5000);
      return;
    }
    clearTimeout(timer);
    timer = null;
    button.textContent = text;
    button.classList.remove('armed');
    await action();
  });
}

// leave makes this seat's person leave the table: a bot plays the seat on
// if two seats stay, and this page watches; else the seat forfeits and the
// game ends.
async function leave() {
  stopPolling();
  try {
    const out = await api('DELETE', `/api/games/${gameID}`, undefined, { headers: headers() });
    localStorage.removeItem('elasund-seat-' + gameID);
    if (out.over) {
      token = '';
      render(await api('GET', statePath()));
      return;
    }
    await openGame(gameID, '');
    showError(`You left the table: the ${out.bot} bot plays ${out.left} now. You are watching.`);
  } catch (e) {
    showError(e.message);
    if (game && !game.end) poll();
  }
}

// abandon ends the game for everyone, with the admin token of the browser
// that created it.
async function abandon() {
  stopPolling();
  try {
    await api('DELETE', `/api/games/${gameID}`, undefined, { headers: { Authorization: 'Bearer ' + adminToken } });
    localStorage.removeItem('elasund-admin-' + gameID);
    adminToken = '';
    render(await api('GET', statePath(), undefined, { headers: headers() }));
  } catch (e) {
    showError(e.message);
    if (game && !game.end) poll();
  }
}

async function init() {
  $('players').addEventListener('change', seatRows);
  $('setup-form').addEventListener('submit', createTable);
  $('typed').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const t = $('typed-move').value.trim();
    if (!t) return;
    const m = game && game.moves.find((x) => x.text === t);
    if (m) decide(m); else play(t);
  });
  $('confirm-yes').addEventListener('click', () => pending && play(pending.text));
  $('confirm-no').addEventListener('click', closeConfirm);
  armed($('leave'), 'Leave the table? Click again', leave);
  armed($('abandon'), 'End it for everyone? Click again', abandon);
  $('copy-spectator').addEventListener('click', async (ev) => {
    const input = $('spectator-link');
    input.value = location.origin + '/g/' + gameID;
    copyField('spectator-link', ev.target);
  });
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('button.copy');
    if (b) copyField(b.dataset.copy, b);
    if (!$('menu').hidden && !$('menu').contains(ev.target) && !ev.target.closest('.hit')) closeMenu();
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      closeMenu();
      closeConfirm();
    }
  });
  const m = location.pathname.match(/^\/g\/([0-9a-f]{32})$/);
  if (m) {
    const id = m[1];
    const frag = new URLSearchParams(location.hash.slice(1));
    let tok = frag.get('seat') || '';
    if (tok) localStorage.setItem('elasund-seat-' + id, tok);
    else tok = localStorage.getItem('elasund-seat-' + id) || '';
    await openGame(id, tok);
    return;
  }
  try {
    botNames = (await api('GET', '/api/bots')).bots;
  } catch (e) {
    $('setup-error').textContent = e.message;
    $('setup-error').hidden = false;
  }
  seatRows();
  showLobby();
}

init();
