'use strict';
// The board's targets on the play page: every square, wall site and sea
// row is a place to click, tap or reach with the keyboard (one stop of
// Tab, then the arrow keys; Enter or Space chooses), named for screen
// readers by what stands there and the moves that go there. A place where
// one of the seat's moves goes is highlighted; a place of a paid move
// differently.

let targets = null; // key ("sq-f11", "wall-Nc", "row-5") -> its hit rect
let boardKey = ''; // the place the board's keyboard focus is on
let focusHome = null; // where the focus goes back to from a menu or a confirmation (focusOf)
const MIN_TARGET_PX = 26; // the least side of a target on the screen (WCAG 2.2: 24)

// movesByPlace groups the seat's moves by the place a click chooses them:
// a build's every square (of the building chosen, if one is), a permit's
// square, a wall move's site, a ship's or pirates' row.
function movesByPlace(st, building) {
  const by = new Map();
  const add = (key, m) => {
    if (!by.has(key)) by.set(key, []);
    by.get(key).push(m);
  };
  for (const m of st.moves) {
    if (m.footprint) {
      if (m.kind === 'build' && building && m.building !== building) continue;
      for (const sq of m.footprint) add('sq-' + sq, m);
    } else if (m.square) {
      add('sq-' + m.square, m);
    }
    if (m.site) add('wall-' + m.site, m);
    if (m.row) add('row-' + m.row, m);
  }
  return by;
}

// places lists the board's places with their boxes, in units: the
// squares, the wall sites and the sea's rows.
function boardPlaces(svg) {
  const out = [];
  const box = (e) => ['x', 'y', 'width', 'height'].map((a) => Number(e.getAttribute(a)));
  for (const r of svg.querySelectorAll('#city rect[id^="sq-"]')) {
    out.push({ key: r.id, label: r.id.slice(3), box: box(r) });
  }
  for (const g of svg.querySelectorAll('#walls > g[id^="wall-"]')) {
    const b = g.querySelector('rect') ? box(g.querySelector('rect')) : null;
    if (b) out.push({ key: g.id, label: 'wall site ' + g.id.slice(5), box: b, wall: true });
  }
  for (const a of svg.querySelectorAll('#city rect[id^="sq-a"]')) {
    const [x, y, w, h] = box(a);
    out.push({ key: 'row-' + a.id.slice(4), label: 'sea row ' + a.id.slice(4), box: [x - w, y, w, h] });
  }
  return out;
}

// addTargets lays the places over the board as targets, the seat's
// moves on them.
function addTargets(svg, st) {
  targets = new Map();
  if (!svg) return;
  const old = svg.querySelector('#targets');
  if (old) old.remove();
  const layer = document.createElementNS(SVGNS, 'g');
  layer.id = 'targets';
  svg.append(layer);
  const by = movesByPlace(st, buildKind);
  const places = boardPlaces(svg);
  const scale = pictureScale(svg);
  for (const p of places) {
    const moves = by.get(p.key) || [];
    const r = document.createElementNS(SVGNS, 'rect');
    const [x, y, w, h] = p.wall ? wallBox(svg, p.box, scale) : p.box;
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
    r.dataset.target = p.key;
    r.setAttribute('tabindex', '-1');
    r.setAttribute('role', 'button');
    r.setAttribute('aria-label', placeName(p, st, moves));
    if (!moves.length) r.setAttribute('aria-disabled', 'true');
    r.addEventListener('click', (ev) => {
      ev.stopPropagation();
      boardKey = p.key;
      if (moves.length) choose(r, p.label, moves);
      else if (p.key.startsWith('sq-')) explain(p.key.slice(3));
    });
    r.addEventListener('focus', () => {
      boardKey = p.key;
      rovingStop(p.key);
    });
    if (moves.length === 1) {
      r.addEventListener('mouseenter', () => preview(moves[0], true));
      r.addEventListener('mouseleave', () => preview(moves[0], false));
    }
    layer.append(r);
    targets.set(p.key, r);
  }
  const first = [...targets.keys()].find((k) => by.has(k));
  rovingStop(targets.has(boardKey) ? boardKey : first || 'sq-a2');
  svg.onkeydown = boardKeys;
  svg.onclick = (ev) => {
    if (!decides(game)) return;
    const sq = squareAt(svg, ev);
    if (sq) explain(sq);
  };
}

// wallBox enlarges a wall site's box outward (away from the city) to at
// least MIN_TARGET_PX on the screen each way, for a finger.
function wallBox(svg, [x, y, w, h], scale) {
  const need = scale > 0 ? MIN_TARGET_PX / scale : 0;
  const city = svg.querySelector('#sq-a2');
  const top = city ? Number(city.getAttribute('y')) : 0;
  if (h < need) {
    const grow = need - h;
    if (y < top) y -= grow; // the north wall grows north, the south wall south
    h = need;
  }
  if (w < need) w = need; // the east wall grows east
  return [x, y, w, h];
}

// placeName names a place for a screen reader: where it is, what stands
// there (the server's words), and the moves that go there ("f11, empty;
// permit moves: 0, 1 (1 gold)").
function placeName(p, st, moves) {
  const what = (game && game.places && game.places[p.key]) || '';
  let name = p.key.startsWith('row-') ? capital(what || p.label) : `${p.label}${what ? ', ' + what : ''}`;
  if (!moves.length) return name;
  const kinds = new Map();
  for (const m of moves) {
    if (!kinds.has(m.kind)) kinds.set(m.kind, []);
    const cost = m.cost ? ` (${m.costWords || m.cost})` : '';
    let part = m.permit !== undefined && m.kind !== 'move permit' ? m.permit : m.building || m.text;
    if (m.kind === 'move permit') part = 'from ' + m.from;
    kinds.get(m.kind).push(part + cost);
  }
  for (const [k, parts] of kinds) name += `; ${k} moves: ${parts.join(', ')}`;
  return name;
}

// rovingStop makes the place key the board's one stop of Tab.
function rovingStop(key) {
  if (!targets || !targets.has(key)) return;
  for (const [k, r] of targets) r.setAttribute('tabindex', k === key ? '0' : '-1');
}

// boardKeys moves the focus over the board with the arrow keys, to the
// nearest place that way, and chooses with Enter or Space.
function boardKeys(ev) {
  const r = ev.target.closest && ev.target.closest('.hit');
  if (!r) return;
  if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    r.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return;
  }
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  if (!dir) return;
  ev.preventDefault();
  const next = nearest(r, dir);
  if (next) next.focus();
}

// nearest returns the place whose centre is nearest to r's in direction
// dir, preferring one in line with it.
function nearest(r, [dx, dy]) {
  const c = (e) => {
    const b = e.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [x, y] = c(r);
  let best = null;
  let bestD = Infinity;
  for (const o of targets.values()) {
    if (o === r) continue;
    const [ox, oy] = c(o);
    const along = (ox - x) * dx + (oy - y) * dy;
    const across = Math.abs((ox - x) * dy) + Math.abs((oy - y) * dx);
    if (along < 8) continue;
    const d = along + 3 * across;
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

// squareAt returns the city square under a click, or null.
function squareAt(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  for (const rect of svg.querySelectorAll('#city rect[id^="sq-"]')) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    if (p.x >= x && p.x < x + w && p.y >= y && p.y < y + h) return rect.id.slice(3);
  }
  return null;
}

// preview outlines the squares a move covers (a build's whole footprint).
function preview(m, on) {
  if (!targets) return;
  for (const sq of m.footprint || (m.square ? [m.square] : [])) {
    const r = targets.get('sq-' + sq);
    if (r) r.classList.toggle('preview', on);
  }
  if (m.from && targets.get('sq-' + m.from)) targets.get('sq-' + m.from).classList.toggle('preview-from', on);
}

function clearPreviews() {
  for (const r of (targets || new Map()).values()) r.classList.remove('preview', 'preview-from');
}

// choose takes the only move of a place, or opens a menu of its moves
// beside it, the first of them focused.
function choose(r, label, moves) {
  if (moves.length === 1) {
    decide(moves[0]);
    return;
  }
  const menu = $('menu');
  const sorted = moves.slice().sort((a, b) => (a.permit || '').localeCompare(b.permit || ''));
  menu.replaceChildren(el('div', 'menu-title', `${capital(label)}: choose`));
  menu.setAttribute('aria-label', `the moves on ${label}`);
  for (const m of sorted) {
    const b = moveButton(m);
    b.addEventListener('click', () => { menu.hidden = true; });
    menu.append(b);
  }
  menu.dataset.from = r.dataset.target;
  focusHome = focusOf(r);
  menu.hidden = false;
  const box = r.getBoundingClientRect();
  const w = menu.offsetWidth;
  const h = menu.offsetHeight;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  menu.style.left = Math.max(4, Math.min(box.right + 6, vw - w - 8)) + window.scrollX + 'px';
  menu.style.top = Math.max(4, Math.min(box.top, vh - h - 8)) + window.scrollY + 'px';
  menu.querySelector('button').focus();
}

// closeMenu closes the menu of a place; with back, the focus goes back to
// the place.
function closeMenu(back) {
  const menu = $('menu');
  if (menu.hidden) return;
  clearPreviews();
  menu.hidden = true;
  if (back) goHome();
}

// goHome gives the focus back to where a menu or a confirmation was
// opened from.
function goHome() {
  const home = focusHome;
  focusHome = null;
  if (home) restoreFocus(home, true);
}
