'use strict';
// The replay page: load a record and step through it with the board drawn
// at each move (the referee's picture: every hand shown).

let rp = null; // the loaded record
let pos = 0;
let token = 0;
let timer = null;

async function loadText(text) {
  $('load-error').hidden = true;
  try {
    show(await api('POST', '/api/replays', { record: text }));
  } catch (e) {
    $('load-error').textContent = e.message;
    $('load-error').hidden = false;
  }
}

function show(desc) {
  rp = desc;
  $('load').hidden = true;
  $('load-another').hidden = false;
  history.replaceState(null, '', '#id=' + desc.id);
  const info = $('info');
  info.replaceChildren();
  const head = el('div', 'line');
  head.append(el('b', '', `${desc.players.length} players`), document.createTextNode(' · '));
  for (const c of desc.players) head.append(chip(c), document.createTextNode(' '));
  info.append(head);
  const res = el('div', 'line');
  res.textContent = desc.result === '*' ? 'Result: unknown or unfinished'
    : desc.result === 'none' ? 'Result: ended at the turn limit, no winner' : `Result: ${desc.result} won`;
  res.textContent += ` · ${desc.total} moves · rules ${desc.rules}`;
  info.append(res);
  for (const [k, v] of Object.entries(desc.tags || {}).sort()) info.append(el('div', 'line tag', `${k}: ${v}`));
  info.hidden = false;
  const view = $('view');
  const keep = view.value;
  while (view.options.length > 2) view.remove(2);
  for (const c of desc.players) {
    const o = el('option', '', `${c}'s view (${c}'s hand)`);
    o.value = c;
    view.append(o);
  }
  view.value = [...view.options].some((o) => o.value === keep) ? keep : 'all';
  $('controls').hidden = false;
  $('slider').max = desc.total;
  const ol = $('movelist');
  ol.replaceChildren(...desc.moves.map((e) => {
    const li = logItem(e);
    li.addEventListener('click', () => go(e.n));
    return li;
  }));
  go(0);
}

// showPicture shows a position's picture as the play page does: the city
// large, every owned piece marked, the trade track in a strip, and the
// panels of the players and the bank beside or below it.
function showPicture(text) {
  const svg = showSVG($('board'), text);
  if (!svg) return;
  const title = svg.querySelector('title');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', title ? title.textContent : 'the board');
  cropBoard(svg);
  markOwners(svg);
  trackStrip(svg, $('track'));
  const pics = $('pics');
  pics.replaceChildren();
  for (const g of svg.querySelectorAll(':scope > g.panel, :scope > g#info')) {
    const rect = g.querySelector('rect');
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    const pic = document.createElementNS(SVGNS, 'svg');
    pic.setAttribute('viewBox', `${x - 2} ${y - 2} ${w + 4} ${h + 4}`);
    pic.setAttribute('class', 'panel-pic');
    pic.setAttribute('role', 'img');
    pic.setAttribute('aria-label', g.id === 'info' ? 'the bank and the turn' : g.id.replace('panel-', '') + "'s panel");
    const use = document.createElementNS(SVGNS, 'use');
    use.setAttribute('href', '#' + g.id);
    pic.append(use);
    pics.append(pic);
  }
  fitPicture();
}

// fitPicture fits the picture's text to the size it is drawn at.
function fitPicture() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  fitBoard(svg, pictureScale(svg));
  const track = $('track').querySelector('svg');
  if (track) fitText(track.querySelectorAll('text'), pictureScale(track));
  const pic = $('pics').querySelector('svg');
  if (pic) fitText(svg.querySelectorAll('g.panel text, g#info text'), pictureScale(pic));
}

// go shows the position after k moves.
async function go(k) {
  if (!rp) return;
  k = Math.max(0, Math.min(rp.total, k));
  pos = k;
  $('slider').value = k;
  const t = ++token;
  try {
    const p = await api('GET', `/api/replays/${rp.id}/positions/${k}?view=${encodeURIComponent($('view').value)}`);
    if (t !== token) return;
    showPicture(p.svg);
    $('where').textContent = `move ${p.index} of ${p.total} · turn ${p.turn} · ${p.phase}`;
    const step = $('step');
    step.replaceChildren();
    const last = el('div', 'line');
    if (p.last) last.append(el('span', 'dim', 'played: '), chip(p.last.color, ''), el('b', 'move-text', p.last.words || p.last.text),
      el('span', 'dim notation', ` (${p.last.text})`));
    else last.append(el('span', 'dim', 'the opening position'));
    step.append(last);
    const next = el('div', 'line');
    if (p.next) next.append(el('span', 'dim', 'next: '), chip(p.next.color, ''), el('span', '', p.next.words || p.next.text));
    else if (p.over) next.append(el('b', '', p.winner ? `${p.winner} wins` : 'the game ends without a winner'));
    else next.append(el('span', 'dim', 'the end of the record'));
    step.append(next);
    step.hidden = false;
    for (const li of $('movelist').querySelectorAll('li.current')) li.classList.remove('current');
    const cur = $('movelist').querySelector(`li[data-n="${k}"]`);
    if (cur) {
      cur.classList.add('current');
      cur.scrollIntoView({ block: 'nearest' });
    }
  } catch (e) {
    $('load-error').textContent = e.message;
    $('load-error').hidden = false;
  }
}

function auto() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $('auto').textContent = '▶ play';
    return;
  }
  $('auto').textContent = '⏸ pause';
  timer = setInterval(() => {
    if (!rp || pos >= rp.total) {
      auto();
      return;
    }
    go(pos + 1);
  }, 600);
}

async function init() {
  $('first').addEventListener('click', () => go(0));
  $('prev').addEventListener('click', () => go(pos - 1));
  $('next').addEventListener('click', () => go(pos + 1));
  $('last').addEventListener('click', () => go(rp ? rp.total : 0));
  $('auto').addEventListener('click', auto);
  $('load-another').addEventListener('click', () => {
    $('load').hidden = false;
    $('load-another').hidden = true;
  });
  $('slider').addEventListener('input', () => go(Number($('slider').value)));
  let resizing = 0;
  new ResizeObserver(() => {
    clearTimeout(resizing);
    resizing = setTimeout(fitPicture, 50);
  }).observe($('board'));
  $('view').addEventListener('change', () => go(pos));
  document.addEventListener('keydown', (ev) => {
    if (!rp || ev.target.closest('textarea, input[type=file]')) return;
    const keys = { ArrowLeft: pos - 1, ArrowRight: pos + 1, Home: 0, End: rp.total };
    if (ev.key in keys) {
      ev.preventDefault();
      go(keys[ev.key]);
    } else if (ev.key === ' ' && !ev.target.closest('button')) {
      ev.preventDefault();
      auto();
    }
  });
  $('file').addEventListener('change', () => {
    const f = $('file').files[0];
    if (f) f.text().then(loadText);
  });
  $('load').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = $('file').files[0];
    if ($('text').value.trim()) loadText($('text').value);
    else if (f) f.text().then(loadText);
  });
  const m = location.hash.match(/id=([0-9a-z]+)/);
  for (const id of m ? [m[1], 'file'] : ['file']) {
    try {
      show(await api('GET', `/api/replays/${id}`));
      return;
    } catch (e) {
      // not loaded (or removed after being idle): try the next, or wait for an upload
    }
  }
}

init();
