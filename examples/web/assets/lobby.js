'use strict';
// The lobby of the play page: choose who plays each seat, create the
// table, and hand out its links.

let botNames = ['random']; // the bots the server offers

function seatRows() {
  const n = Number($('players').value);
  const body = $('seats').tBodies[0];
  const old = [...body.querySelectorAll('select')].map((s) => s.value);
  body.replaceChildren();
  for (let p = 0; p < n; p++) {
    const tr = el('tr');
    const sel = el('select');
    sel.setAttribute('aria-label', `who plays ${COLORS[p]}`);
    sel.dataset.seat = COLORS[p];
    const human = el('option', '', 'a person');
    human.value = 'human';
    sel.append(human);
    for (const b of botNames) {
      const o = el('option', '', 'bot: ' + b);
      o.value = b;
      sel.append(o);
    }
    sel.value = old[p] || (p === 0 ? 'human' : (botNames.includes('greedy') ? 'greedy' : botNames[0]));
    const tdSeat = el('td');
    tdSeat.append(chip(COLORS[p]));
    const tdWho = el('td');
    tdWho.append(sel);
    tr.append(tdSeat, tdWho);
    body.append(tr);
  }
}

async function createTable(ev) {
  ev.preventDefault();
  const seats = [...$('seats').tBodies[0].querySelectorAll('select')].map((s) => s.value);
  $('setup-error').hidden = true;
  try {
    showLinks(await api('POST', '/api/games', { seats, rules: $('rules').value }));
  } catch (e) {
    $('setup-error').textContent = e.message;
    $('setup-error').hidden = false;
  }
}

// showLinks lists the links of a table just created: a person's seat's
// link to copy and send, or to open here; and the spectators'.
function showLinks(c) {
  // The admin token ends the game for everyone: this browser keeps it, and
  // its pages of the game offer to end it.
  if (c.admin) localStorage.setItem('elasund-admin-' + c.id, c.admin);
  const list = $('link-list');
  list.replaceChildren();
  for (const s of c.seats) {
    const li = el('li', 'link-row');
    li.dataset.color = s.color;
    li.append(chip(s.color));
    if (!s.token) {
      li.append(el('span', 'who', 'bot: ' + s.kind));
      list.append(li);
      continue;
    }
    const input = el('input');
    input.readOnly = true;
    input.value = s.url;
    input.id = 'link-' + s.color;
    input.setAttribute('aria-label', `the link of ${s.color}'s seat`);
    const copy = el('button', 'copy', 'Copy');
    copy.type = 'button';
    copy.dataset.copy = input.id;
    const open = el('a', 'open', 'Play ' + s.color + ' here');
    open.href = s.url;
    li.append(input, copy, open);
    list.append(li);
  }
  $('spectator-link').value = c.spectator;
  $('links').hidden = false;
}

// copyField copies the text of an input to the clipboard.
async function copyField(id, button) {
  const input = $(id);
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();
    document.execCommand('copy');
  }
  if (button) {
    const text = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = text), 1500);
  }
}

function showLobby() {
  stopPolling();
  game = null;
  $('play').hidden = true;
  $('lobby').hidden = false;
  document.title = 'Elasund: a new table';
  listGames();
}

// maxListed bounds the games the lobby lists, and asks the server about:
// the ones this browser saw last.
const maxListed = 20;

// listGames lists the games this browser holds a seat of, as it last saw
// them, then as they are now: the maxListed seen last, so that a browser
// that kept many seats neither sends a request for each at every visit
// nor keeps them all from going idle.
async function listGames() {
  const all = heldSeats();
  const held = all.slice(0, maxListed);
  $('games').hidden = held.length === 0;
  const list = $('games-list');
  list.replaceChildren();
  for (const h of held) {
    const li = el('li', 'game-row');
    li.dataset.id = h.id;
    const link = el('a', 'open', 'Open');
    link.href = `/g/${h.id}#seat=${h.token}`;
    const state = el('span', 'state', gameLine(h));
    li.append(h.color ? chip(h.color, capital(h.color)) : el('span', 'chip', '?'), state, link);
    list.append(li);
    api('GET', `/api/games/${h.id}`, undefined, { headers: { Authorization: 'Bearer ' + h.token } }).then((st) => {
      state.textContent = gameLine({ turn: st.view.turn, decides: st.moves.length > 0, over: !!st.end,
        ending: st.end ? st.end.ending : '', toMove: st.view.toMove });
      li.classList.toggle('yours', st.moves.length > 0);
    }, (e) => {
      if (e.status !== 404 && e.status !== 401) return;
      state.textContent = e.status === 404 ? 'This game is no longer kept.' : 'You left this game.';
      const forget = el('button', 'forget', 'Forget it');
      forget.type = 'button';
      forget.addEventListener('click', () => {
        forgetSeat(h.id);
        listGames();
      });
      link.replaceWith(forget);
    });
  }
  if (all.length > held.length) {
    const n = all.length - held.length;
    list.append(el('li', 'game-row', `and ${n} older ${n === 1 ? 'game' : 'games'}, not listed`));
  }
}

// gameLine says in a line where a game stands.
function gameLine(g) {
  if (g.over) return 'Over: ' + (g.ending || 'the game has ended.');
  if (g.turn === undefined) return 'A game you hold a seat of.';
  if (g.decides) return `Turn ${g.turn}: your move.`;
  return `Turn ${g.turn}: ` + (g.toMove ? `${capital(g.toMove)} to move.` : 'waiting for the others.');
}
