'use strict';
// Helpers shared by the play and replay pages.

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

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

// chip is a small swatch of a player's colour followed by its name.
function chip(color, label) {
  const s = el('span', 'chip ' + color);
  s.append(el('i'), document.createTextNode(label === undefined ? color : label));
  return s;
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

// logItem is a line of a move list: number, turn, player and move.
function logItem(e) {
  const li = el('li');
  li.value = e.n;
  li.dataset.n = e.n;
  li.append(el('span', 'turn', `t${e.turn}`), chip(e.color, ''), el('span', 'text', e.text));
  li.title = `move ${e.n}, turn ${e.turn}, ${e.color}: ${e.text}`;
  return li;
}
