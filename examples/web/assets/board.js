'use strict';
// The board's picture as the pages show it: cropped to the city (the
// trade track in a strip of its own, the panels beside), every owned
// piece marked with its seat's initial or pattern besides its colour
// (its text fitted to the screen by fit.js).

const BOARD_MARGIN = 24;
// The seats' colours as the pictures draw them (palette.go: green darker).
const SEAT_FILL = { red: '#d3303c', blue: '#2363c2', green: '#1f7a35', yellow: '#f2c417' }; // units around the city, for the wall sites' enlarged targets

// cropBoard shows the city of the picture (the labels, the sea, the walls
// and what stands in it), without the trade track and the panels drawn
// beside and below it, which the page shows itself.
function cropBoard(svg) {
  if (!svg) return;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const g of svg.children) {
    if (g.tagName !== 'g' || g.id === 'info' || g.id === 'trade-track' || g.id === 'targets' || g.classList.contains('panel')) continue;
    const b = g.getBBox();
    if (b.width === 0 && b.height === 0) continue;
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  if (!isFinite(x0)) return;
  const m = BOARD_MARGIN;
  svg.setAttribute('viewBox', `${Math.floor(x0 - m / 3)} ${Math.floor(y0 - m)} ${Math.ceil(x1 - x0 + m / 3 + m)} ${Math.ceil(y1 - y0 + 2 * m)}`);
  fitSVG(svg);
  svg.dataset.panels = '1';
}

// trackStrip shows the picture's trade track in box, as a picture of its
// own that takes the box's width: a copy of the track (without its ids),
// which the board's picture then hides.
function trackStrip(svg, box) {
  box.replaceChildren();
  const track = svg && svg.querySelector('#trade-track');
  if (!track) return null;
  const b = track.getBBox();
  const pic = document.createElementNS(SVGNS, 'svg');
  pic.setAttribute('viewBox', `${b.x - 4} ${b.y - 4} ${b.width + 8} ${b.height + 8}`);
  pic.setAttribute('class', 'track-pic');
  pic.setAttribute('role', 'img');
  pic.setAttribute('aria-label', trackWords(svg));
  pic.setAttribute('font-family', svg.getAttribute('font-family'));
  const copy = track.cloneNode(true);
  copy.removeAttribute('id');
  copy.classList.add('trade-track');
  for (const e of copy.querySelectorAll('[id]')) {
    e.dataset.id = e.id;
    e.removeAttribute('id');
  }
  pic.append(copy);
  fitSVG(pic);
  box.append(pic);
  track.style.display = 'none';
  return pic;
}

// trackWords says where each disk stands on the trade track.
function trackWords(svg) {
  const at = [];
  for (const d of svg.querySelectorAll('#trade-track .disk')) {
    const boxes = svg.querySelectorAll('#trade-track .track-box');
    const c = COLORS.find((k) => d.classList.contains(k));
    const box = [...boxes].find((r) => {
      const x = Number(r.getAttribute('x'));
      return Number(d.getAttribute('cx')) >= x && Number(d.getAttribute('cx')) < x + Number(r.getAttribute('width'));
    });
    if (c && box) at.push(`${capital(c)} ${box.id.replace('track-', '')}`);
  }
  return 'The trade track, from 0 to 11 trade points: ' + (at.join(', ') || 'no disk');
}

// markOwners gives every owned piece of the picture a second cue beside
// its colour: a badge with its seat's initial on each building, permit,
// wall tile and church tile, and the seat's pattern on each cube and
// disk, which are too small for a letter. The panels (shown through
// <use>) get them too.
function markOwners(svg) {
  if (!svg || svg.querySelector('defs.cues')) return;
  svg.prepend(cuePatterns());
  const colorOf = (e) => COLORS.find((c) => e.classList.contains(c));
  for (const g of svg.querySelectorAll('g.building, g.permit, g.wall, g.church-tile')) {
    const c = colorOf(g);
    const body = g.querySelector('rect');
    if (!c || !body) continue;
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(body.getAttribute(a)));
    let at;
    if (g.classList.contains('permit')) {
      const sq = svg.querySelector('#sq-' + g.id.slice('permit-'.length));
      at = sq ? { x: Number(sq.getAttribute('x')) + 3, y: Number(sq.getAttribute('y')) + 61, anchor: 'bl' } : null;
    } else if (g.classList.contains('wall')) {
      const tower = g.classList.contains('tower');
      at = w >= h ? { x: x + 2, y: y + h / 2, anchor: 'l' }
        : tower ? { x: x + w / 2, y: y + h - 2, anchor: 'b' } : { x: x + w / 2, y: y + 2, anchor: 't' };
    } else if (g.classList.contains('church-tile')) {
      at = { x: x + w - 2, y: y + h - 2, anchor: 'br' };
    } else {
      at = { x: x + 4, y: y + 4, anchor: 'tl' };
    }
    if (at) g.append(badge(c, at));
  }
  for (const shape of svg.querySelectorAll('rect.cube, circle.disk')) {
    const c = colorOf(shape);
    if (!c) continue;
    const over = shape.cloneNode(false);
    over.removeAttribute('id');
    over.setAttribute('class', 'cue-pattern ' + c);
    over.setAttribute('fill', `url(#cue-${c})`);
    over.setAttribute('stroke', 'none');
    shape.after(over);
  }
}

// badge is a seat's initial on a tile of its colour, placed at at (its
// corner or side named by at.anchor); sizeBadges fits it to its letter.
function badge(color, at) {
  const g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('class', 'cue ' + color);
  g.dataset.anchor = at.anchor;
  g.dataset.x = at.x;
  g.dataset.y = at.y;
  const r = document.createElementNS(SVGNS, 'rect');
  r.setAttribute('fill', SEAT_FILL[color]);
  r.setAttribute('stroke', '#222222');
  r.setAttribute('stroke-width', '1');
  r.setAttribute('rx', '2');
  const t = document.createElementNS(SVGNS, 'text');
  t.setAttribute('font-size', '11');
  t.setAttribute('font-weight', 'bold');
  t.setAttribute('text-anchor', 'middle');
  t.setAttribute('fill', color === 'yellow' ? '#222222' : '#ffffff');
  t.textContent = INITIAL[color];
  g.append(r, t);
  return g;
}

// sizeBadges fits each badge's tile to its letter at the letter's size
// now, and puts it at its place.
function sizeBadges(svg) {
  for (const g of svg.querySelectorAll('g.cue')) {
    const t = g.querySelector('text');
    const r = g.querySelector('rect');
    const fs = parseFloat(t.style.fontSize || t.getAttribute('font-size'));
    const w = fs * 0.95;
    const h = fs * 1.15;
    let x = Number(g.dataset.x);
    let y = Number(g.dataset.y);
    const a = g.dataset.anchor;
    if (a.includes('r')) x -= w;
    if (a === 't' || a === 'b') x -= w / 2;
    if (a.includes('b')) y -= h;
    if (a === 'l') y -= h / 2;
    r.setAttribute('x', x);
    r.setAttribute('y', y);
    r.setAttribute('width', w);
    r.setAttribute('height', h);
    t.setAttribute('x', x + w / 2);
    t.setAttribute('y', y + h * 0.8);
  }
}

// cuePatterns defines each seat's pattern: red diagonal stripes, blue
// dots, green a grid, yellow stripes the other way.
function cuePatterns() {
  const defs = document.createElementNS(SVGNS, 'defs');
  defs.setAttribute('class', 'cues');
  defs.innerHTML = `
<pattern id="cue-red" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="5" fill="#ffffff" fill-opacity="0.7"/></pattern>
<pattern id="cue-blue" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="1.3" fill="#ffffff" fill-opacity="0.8"/></pattern>
<pattern id="cue-green" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 2.5h5M2.5 0v5" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1.2"/></pattern>
<pattern id="cue-yellow" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="2" height="5" fill="#222222" fill-opacity="0.55"/></pattern>`;
  return defs;
}

// pictureScale returns the CSS px a unit of svg's viewBox takes on the
// screen, or 0 if it is not shown.
function pictureScale(svg) {
  if (!svg) return 0;
  const vb = svg.viewBox.baseVal;
  const r = svg.getBoundingClientRect();
  if (!vb || !vb.width || !r.width) return 0;
  return Math.min(r.width / vb.width, r.height / vb.height);
}
