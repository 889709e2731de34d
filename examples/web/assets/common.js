'use strict';
// Helpers shared by the play and replay pages.

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const COLORS = ['red', 'blue', 'green', 'yellow'];
// Each seat's second cue beside its colour: its initial, on its pieces, in
// the log and in the panels (and a pattern on the board, board.js).
const INITIAL = { red: 'R', blue: 'B', green: 'G', yellow: 'Y' };

// api calls the server's JSON API, sending body (if any) as JSON and the
// fetch options extra (headers, signal), and returns the decoded answer;
// an error answer throws an Error with the server's message: for a refused
// move the plain sentence, with the rule's section and link (err.section,
// err.rules) and the reason's code (err.reason); err.data is the answer
// (for a stale move's 409, the state as it is).
async function api(method, path, body, extra) {
  const opts = Object.assign({ method, headers: {} }, extra || {});
  opts.headers = Object.assign({}, opts.headers);
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && (data.sentence || data.error)) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.data = data;
    if (data && data.reason) Object.assign(err, { reason: data.reason, section: data.section, rules: data.rules });
    throw err;
  }
  return data;
}

// el makes an HTML element with a class and text.
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// capital gives a word a capital letter.
function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// chip is a small swatch of a player's colour, marked with the seat's
// initial and pattern (style.css), followed by its name.
function chip(color, label) {
  const s = el('span', 'chip ' + color);
  const sw = el('i');
  sw.dataset.i = INITIAL[color] || '';
  sw.setAttribute('aria-hidden', 'true');
  s.append(sw, document.createTextNode(label === undefined ? color : label));
  return s;
}

// pref reads a setting this browser remembers (localStorage), or def.
function pref(key, def) {
  try {
    const v = localStorage.getItem('elasund-pref-' + key);
    return v === null ? def : JSON.parse(v);
  } catch (e) {
    return def;
  }
}

// setPref remembers a setting in this browser.
function setPref(key, value) {
  try {
    localStorage.setItem('elasund-pref-' + key, JSON.stringify(value));
  } catch (e) {
    // private browsing without storage: the setting lasts the page
  }
}

// showSVG puts an SVG document into container, scaled to its width, and
// returns the svg element.
function showSVG(container, text) {
  container.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, '');
  const svg = container.querySelector('svg');
  if (svg) {
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    fitSVG(svg);
  }
  return svg;
}

// fitSVG gives an svg element the proportions of its viewBox, so that it
// can be sized by its height or by its width.
function fitSVG(svg) {
  const vb = (svg.getAttribute('viewBox') || '').split(/\s+/).map(Number);
  if (vb.length === 4 && vb[2] > 0 && vb[3] > 0) svg.style.aspectRatio = `${vb[2]} / ${vb[3]}`;
}

// logItem is a line of a move list: number, turn, player and the move in
// words, or in notation when the person asked for it (the other form in
// its title).
function logItem(e, notation) {
  const li = el('li');
  li.value = e.n;
  li.dataset.n = e.n;
  const words = e.words || e.text;
  li.append(el('span', 'turn', `t${e.turn}`), chip(e.color, ''), el('span', 'text', notation ? e.text : words));
  li.title = `move ${e.n}, turn ${e.turn}: ${notation ? words : e.text}`;
  return li;
}
