'use strict';
// The play page: the lobby that creates a table, and a game played from a
// seat's link (/g/ID#seat=TOKEN) or watched from the spectator's (/g/ID,
// in any browser). The server is the referee; this page knows only its
// seat's view.

let game = null; // the last state the server sent
let gameID = '';
let token = ''; // this seat's token; '' for a spectator
let svgHash = '';
let logEntries = []; // the whole log, kept up to date from each state's tail
let poller = null; // the AbortController of the long poll under way
let busy = false;
let extraPanel = ''; // a seat whose panel the person opened
let adminToken = ''; // the game's admin token, if this browser created it
let logFollow = true; // the log shows its newest move (the person did not scroll back)
let logAutoTop = 0; // where the page last scrolled the log to

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
  game = null;
  $('lobby').hidden = true;
  try {
    render(await api('GET', statePath(), undefined, { headers: headers() }));
  } catch (e) {
    if (e.status === 401 && token) {
      // Not this game's seat: watch instead, and say why.
      forgetSeat(id);
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
  const active = document.activeElement;
  const away = !active || active === document.body || !!active.closest('#menu, #confirm');
  const focus = focusHome && away ? focusHome : focusOf(active);
  focusHome = null;
  if (!st.places && game) st.places = game.places; // sent with a new picture only
  if (!$('error').hidden && Number($('error').dataset.version) !== st.version) $('error').hidden = true; // moot now
  game = st;
  $('lobby').hidden = true;
  $('play').hidden = false;
  closeMenu();
  closeConfirm();
  if (st.logFrom <= logEntries.length) logEntries = logEntries.slice(0, st.logFrom).concat(st.log);
  if (st.svg) {
    const svg = showSVG($('board'), st.svg);
    svgHash = st.svgHash;
    prepareBoard(svg);
  }
  if (!st.moves.some((m) => m.kind === 'build' && m.building === buildKind)) buildKind = '';
  renderDecision(st);
  renderStatus(st);
  renderPlayers(st);
  renderPanels(st);
  renderMoves(st);
  renderSettings(st);
  layoutBoard();
  renderLog();
  renderOver(st);
  $('note').hidden = !st.note;
  $('note').textContent = st.note || '';
  $('typed').hidden = !decides(st) || !notation();
  $('leave').hidden = !token || !!st.end;
  $('abandon').hidden = !adminToken || !!st.end;
  document.title = st.end ? 'Game over · Elasund'
    : decides(st) ? '▶ Your move · Elasund'
      : `${capital(st.view.toMove)} to move · Elasund`;
  restoreFocus(focus);
  if (st.you) rememberSeat(st);
  const auto = autoMove(st);
  noticeTurn(st, decides(st) && !auto);
  if (auto) setTimeout(() => { if (game === st && !busy) play(auto.text); }, ALERT.autoDelayMs);
  else if (!st.end) poll();
}

// prepareBoard readies a new picture of the board: cropped to the city,
// its pieces marked, its marks explained, its trade track below it; the
// picture's own drawing hidden from screen readers, which read the
// places instead (targets.js).
function prepareBoard(svg) {
  if (!svg) return;
  cropBoard(svg);
  markOwners(svg);
  titleBoard(svg);
  for (const g of svg.querySelectorAll(':scope > g')) g.setAttribute('aria-hidden', 'true');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', 'The board: its squares, wall sites and sea rows; the arrow keys move between them');
  trackStrip(svg, $('track'));
}

// layoutBoard fits the board's text and targets to the size it is drawn
// at now: after a new state, and when the window changes size.
function layoutBoard() {
  const svg = $('board').querySelector('svg');
  if (!svg || !game) return;
  fitBoard(svg, pictureScale(svg));
  const track = $('track').querySelector('svg');
  if (track) fitText(track.querySelectorAll('text'), pictureScale(track));
  const pic = $('panels').querySelector('svg');
  if (pic) fitText(svg.querySelectorAll('g.panel text'), pictureScale(pic));
  const focus = focusOf(document.activeElement);
  addTargets(svg, game);
  restoreFocus(focus);
}

// focusOf describes the element that has the focus, so that the same
// control can have it again once the page is drawn anew.
function focusOf(e) {
  if (!e || e === document.body) return null;
  if (e.dataset && e.dataset.target) return { sel: `#targets [data-target="${e.dataset.target}"]`, board: true };
  if (e.dataset && e.dataset.move) return { sel: `#moves [data-move="${CSS.escape(e.dataset.move)}"]`, moves: true };
  if (e.dataset && e.dataset.building) return { sel: `.builds [data-building="${e.dataset.building}"]`, moves: true };
  if (e.id) return { sel: '#' + CSS.escape(e.id) };
  return null;
}

// restoreFocus gives the focus back to the control f describes, or the
// nearest to it, if a new drawing took it away (or always, with force).
function restoreFocus(f, force) {
  const now = document.activeElement;
  if (!f || (!force && now && now !== document.body && !now.closest('[hidden]'))) return;
  let e = document.querySelector(f.sel);
  if (!e && f.board) e = document.querySelector('#targets [tabindex="0"]');
  if (!e && f.moves) e = document.querySelector('#moves button, #moves summary');
  if (e && !e.closest('[hidden]')) e.focus({ preventScroll: true });
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
  if (st.you) line.append(' · you are ', chip(st.you, capital(st.you)));
  else line.append(' · you are watching');
  if (st.lastRoll) {
    const r = st.lastRoll;
    line.append(` · last roll ${r.dice[0]} + ${r.dice[1]} = ${r.dice[0] + r.dice[1]} by `,
      chip(r.color, r.color === st.you ? 'you' : r.color));
    line.querySelector('.chip:last-child').classList.add('roller');
  }
  s.append(line);
  const line2 = el('div', 'line');
  if (v.ship) line2.append(`ship in row ${v.ship} · `);
  line2.append(`bank ${v.bank} gold · deck ${v.deckSize} cards`);
  s.append(line2);
  if (!st.you) offerSeat(s);
}

// offerSeat tells a spectator whose browser holds a seat of the game how
// to play it: the spectator link always shows the spectator's view.
function offerSeat(box) {
  const tok = localStorage.getItem('elasund-seat-' + gameID);
  if (!tok) return;
  const a = el('a', 'play-seat', 'Play your seat here');
  a.href = `/g/${gameID}#seat=${tok}`;
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    history.replaceState(null, '', a.href);
    stopPolling();
    openGame(gameID, tok);
  });
  const p = el('div', 'line');
  p.append('This browser holds a seat of this game: ', a, '.');
  box.append(p);
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
    row.setAttribute('aria-expanded', String(extraPanel === p.color));
    row.addEventListener('click', () => {
      extraPanel = extraPanel === p.color ? '' : p.color;
      renderPlayers(game);
      renderPanels(game);
      layoutBoard();
      document.querySelector(`#players-list [data-color="${p.color}"]`).focus();
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
    pic.setAttribute('role', 'img');
    pic.setAttribute('aria-label', panelWords(st, c));
    pic.dataset.color = c;
    const use = document.createElementNS(SVGNS, 'use');
    use.setAttribute('href', '#panel-' + c);
    pic.append(use);
    box.append(pic);
  }
}

// panelWords says what a seat's panel shows.
function panelWords(st, c) {
  const p = st.view.players.find((x) => x.color === c);
  if (!p) return capital(c) + "'s panel";
  const hand = p.hand ? `: ${p.hand.gold} gold, ${p.hand.blue} blue, ${p.hand.green} green and ${p.hand.yellow} yellow` : '';
  return `${capital(c)}'s panel: ${p.gold} gold, ${p.influenceCards} influence cards${hand}; ` +
    `permits in supply ${(p.permitsInSupply || []).join(', ') || 'none'}; ${p.cubesPlaced} of 10 cubes placed`;
}

// renderLog shows the moves played, following the newest unless the
// person scrolled back.
function renderLog(rebuild) {
  const ol = $('log');
  if (rebuild || ol.children.length > logEntries.length) ol.replaceChildren();
  for (let i = ol.children.length; i < logEntries.length; i++) ol.append(logItem(logEntries[i], notation()));
  $('log-count').textContent = `(${logEntries.length})`;
  followLog();
}

// followLog scrolls the log to its newest move, unless the person
// scrolled it back.
function followLog() {
  const ol = $('log');
  if (!logFollow) return;
  ol.scrollTop = ol.scrollHeight;
  logAutoTop = ol.scrollTop;
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
  for (const h of ['place', 'seat', 'cubes', 'gold', 'cards in hand']) head.append(el('th', '', h));
  t.append(head);
  for (const s of e.standings) {
    const tr = el('tr');
    tr.dataset.color = s.color;
    const seat = el('td');
    seat.append(chip(s.color), ' ' + (s.kind === 'human' || s.left ? '' : s.kind));
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

// explain answers a click on a square where no move of yours goes: in the
// permit phase it asks the engine for its reason (a move it refuses costs
// nothing); otherwise it says so.
function explain(sq) {
  if (!game || !decides(game)) return;
  const v = game.view;
  const me = v.players.find((p) => p.color === game.you);
  if (v.phase === 'permit' && me && me.permitsInSupply.length) {
    play(`permit ${me.permitsInSupply[0]} ${sq}`);
    return;
  }
  showError(`No move of yours goes on ${sq} now.`);
}

// play sends a move in notation, with the version it was chosen at; the
// server answers, once the move is saved, with the new state, the engine's
// refusal, or (409) the state as it is if the game moved on meanwhile (a
// move of another page of this seat, say): the move is not played.
async function play(text) {
  if (busy || !game) return;
  busy = true;
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
