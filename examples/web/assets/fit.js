'use strict';
// The board's text on the screen: no text smaller than MIN_TEXT_PX,
// however small the board is drawn (a phone's board gets larger letters
// in its squares), and each text kept inside its piece or square: a
// tall building's name turned upright, a long name shortened, a church
// tile's label cut to its number, the harbour's ten "1TP" said once
// below its column, a permit's token moved clear of its owner's badge.

const MIN_TEXT_PX = 11.5; // the least font size on the screen, in CSS px
const SHORT_NAME = { workshop: 'wkshp', market: 'mkt', tavern: 'tav.' };

// fitText makes every text of texts at least MIN_TEXT_PX on the screen,
// drawn at scale CSS px a unit, and returns the least size in units, or 0
// for a picture not shown.
function fitText(texts, scale) {
  if (!(scale > 0)) return 0;
  const least = MIN_TEXT_PX / scale;
  for (const t of texts) {
    if (t.dataset.fs === undefined) t.dataset.fs = parseFloat(getComputedStyle(t).fontSize) || 13;
    const fs = Math.max(Number(t.dataset.fs), least);
    t.style.fontSize = fs > Number(t.dataset.fs) ? fs.toFixed(2) + 'px' : '';
  }
  return least;
}

// boardParts are the groups of the picture that the cropped board shows.
function boardParts(svg) {
  return [...svg.querySelectorAll(':scope > g')].filter((g) => g.id !== 'trade-track' && g.id !== 'info' &&
    g.id !== 'targets' && !g.classList.contains('panel'));
}

// fitBoard fits the board's text to the scale it is drawn at.
function fitBoard(svg, scale) {
  const least = fitText(boardParts(svg).flatMap((g) => [...g.querySelectorAll('text')]), scale);
  if (!least) return;
  fitTradeBadges(svg, least);
  sizeBadges(svg);
  fitPermits(svg, least);
  fitBuildingNames(svg);
  fitWallLabels(svg);
  fitWallTiles(svg);
  for (const t of svg.querySelectorAll('#church text')) {
    if (t.dataset.word === undefined) t.dataset.word = t.textContent;
    const word = t.dataset.word.match(/^church (\d)$/);
    t.textContent = t.dataset.word;
    if (word && t.getComputedTextLength() > 56) t.textContent = '†' + word[1];
  }
  const found = [...svg.querySelectorAll('#marks > text')].find((t) => t.textContent === 'foundation');
  if (found) {
    found.style.display = '';
    if (found.getComputedTextLength() > 62) found.style.display = 'none';
  }
}

// fitTradeBadges keeps each trade field's worth in its square's corner:
// when its letters outgrow the round badge, a gate field's "2TP" gets a
// gold halo instead, and the harbour's ten "1TP" become gold dots with a
// single "1TP each" below the column.
function fitTradeBadges(board, least) {
  const big = least > 10.5;
  let label = board.querySelector('#harbour-label');
  for (const c of board.querySelectorAll('circle.tp-badge')) {
    const t = c.nextElementSibling;
    if (!t || t.tagName !== 'text') continue;
    if (t.dataset.x0 === undefined) t.dataset.x0 = t.getAttribute('x');
    const harbour = t.textContent === '1TP';
    c.setAttribute('r', big && harbour ? 6 : 10);
    c.style.display = big && !harbour ? 'none' : '';
    t.style.display = big && harbour ? 'none' : '';
    t.classList.toggle('tp-halo', big);
    t.setAttribute('text-anchor', big ? 'end' : 'middle');
    t.setAttribute('x', big ? Number(c.getAttribute('cx')) + 11 : t.dataset.x0);
    if (harbour && !label) {
      const a12 = board.querySelector('#sq-a12');
      label = document.createElementNS(SVGNS, 'text');
      label.id = 'harbour-label';
      label.setAttribute('class', 'tp-halo');
      label.setAttribute('x', Number(a12.getAttribute('x')) + 32);
      label.setAttribute('y', Number(a12.getAttribute('y')) + 64 + 4);
      label.setAttribute('text-anchor', 'middle');
      label.setAttribute('dominant-baseline', 'hanging');
      label.setAttribute('font-weight', 'bold');
      label.setAttribute('fill', '#4a3a0a');
      label.textContent = '1TP each';
      t.parentNode.append(label);
    }
  }
  if (label) {
    label.style.display = big ? '' : 'none';
    label.style.fontSize = Math.max(12, least).toFixed(2) + 'px';
  }
}

// fitPermits moves each permit's token to the top right of its square
// when the letters are so large that it would meet its owner's badge.
function fitPermits(board, least) {
  for (const g of board.querySelectorAll('g.permit')) {
    const token = g.querySelector(':scope > rect');
    const value = g.querySelector(':scope > text');
    const move = least > 14 ? 'translate(12 -10)' : '';
    for (const e of [token, value]) {
      if (!e) continue;
      if (move) e.setAttribute('transform', move);
      else e.removeAttribute('transform');
    }
  }
}

// fitWallLabels turns an empty east wall site's name upright when it is
// wider than the site.
function fitWallLabels(board) {
  for (const g of board.querySelectorAll('#walls > g.wall-site')) {
    const r = g.querySelector('rect');
    const t = g.querySelector('text');
    if (!r || !t) continue;
    if (t.dataset.y0 === undefined) t.dataset.y0 = t.getAttribute('y');
    t.setAttribute('y', t.dataset.y0);
    t.removeAttribute('transform');
    const w = Number(r.getAttribute('width'));
    const h = Number(r.getAttribute('height'));
    if (t.getComputedTextLength() > w - 2 && h > w) {
      const x = Number(r.getAttribute('x')) + w / 2;
      const y = Number(r.getAttribute('y')) + h / 2;
      t.setAttribute('y', y + parseFloat(getComputedStyle(t).fontSize) * 0.35);
      t.setAttribute('transform', `rotate(-90 ${x} ${y})`);
    }
  }
}

// fitBuildingNames keeps a building's name inside it and clear of its
// badge: turned upright in a tall building, shortened if it is still too
// long, put at the bottom of a building one square high.
function fitBuildingNames(board) {
  for (const g of board.querySelectorAll('g.building')) {
    const body = g.querySelector('rect');
    const t = [...g.querySelectorAll(':scope > text')].pop();
    if (!body || !t) continue;
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(body.getAttribute(a)));
    const badge = g.querySelector('.cue rect');
    const top = badge ? Number(badge.getAttribute('y')) + Number(badge.getAttribute('height')) : y;
    if (t.dataset.word === undefined) t.dataset.word = t.textContent;
    if (t.dataset.y0 === undefined) t.dataset.y0 = t.getAttribute('y');
    t.textContent = t.dataset.word;
    t.setAttribute('y', t.dataset.y0);
    t.removeAttribute('transform');
    t.removeAttribute('textLength');
    const upright = h > w && t.getComputedTextLength() > w - 4;
    const room = upright ? y + h - top - 6 : w - 6;
    squeeze(t, room);
    if (upright) {
      const cx = x + w / 2;
      const cy = (top + y + h) / 2;
      const fs = parseFloat(getComputedStyle(t).fontSize);
      t.setAttribute('y', cy + fs * 0.35);
      t.setAttribute('transform', `rotate(-90 ${cx} ${cy})`);
    } else if (h < 64 && badge) {
      t.setAttribute('y', y + h - 5); // one square high: the name at the bottom, clear of the badge
    }
  }
}

// squeeze keeps text t within room units: its letters narrowed (at their
// height) by up to a third, or its short name.
function squeeze(t, room) {
  let len = t.getComputedTextLength();
  if (len <= room) return;
  if (room / len < 0.67 && SHORT_NAME[t.dataset.word]) {
    t.textContent = SHORT_NAME[t.dataset.word];
    len = t.getComputedTextLength();
  }
  if (len > room) {
    t.setAttribute('textLength', room.toFixed(1));
    t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
}

// fitWallTiles keeps a wall tile's number clear of its owner's badge:
// beside it on the north and south walls, below it on the east wall.
function fitWallTiles(board) {
  for (const g of board.querySelectorAll('#walls > g.wall')) {
    const r = g.querySelector(':scope > rect');
    const t = g.querySelector(':scope > text');
    const b = g.querySelector('.cue rect');
    if (!r || !t || !b) continue;
    if (t.dataset.x0 === undefined) Object.assign(t.dataset, { x0: t.getAttribute('x'), y0: t.getAttribute('y') });
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
    const [bx, by, bw, bh] = ['x', 'y', 'width', 'height'].map((a) => Number(b.getAttribute(a)));
    const tower = g.classList.contains('tower');
    if (w >= h) {
      const right = tower ? x + w - 20 : x + w;
      t.setAttribute('x', Math.max(Number(t.dataset.x0), (bx + bw + right) / 2));
    } else if (!tower) {
      const fs = parseFloat(getComputedStyle(t).fontSize);
      t.setAttribute('y', Math.max(Number(t.dataset.y0), (by + bh + y + h) / 2 + fs * 0.35));
    }
  }
}
