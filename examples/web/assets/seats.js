'use strict';
// The seats this browser holds, leaving a table and ending it, and the
// start of the play page.
//
// A seat's link (/g/ID#seat=TOKEN) plays the seat; this browser keeps its
// token (elasund-seat-ID) and what it last saw of the game
// (elasund-game-ID: the colour, the turn, whether it was the seat's
// decision or over), which the lobby lists as "your games". The
// spectator link (/g/ID) shows the spectator's view in every browser,
// one that holds a seat too (which offers to play it).

// rememberSeat notes what this browser's seat last saw of the game.
function rememberSeat(st) {
  const was = seatMemory(gameID) || {};
  const now = {
    color: st.you, turn: st.view.turn, decides: decides(st), over: !!st.end,
    ending: st.end ? st.end.ending : '', seen: Date.now(), made: was.made || Date.now(),
  };
  try {
    localStorage.setItem('elasund-seat-' + gameID, token);
    localStorage.setItem('elasund-game-' + gameID, JSON.stringify(now));
  } catch (e) {
    // no storage: the lobby cannot list it
  }
}

// seatMemory is what this browser last saw of its seat of game id.
function seatMemory(id) {
  try {
    return JSON.parse(localStorage.getItem('elasund-game-' + id) || 'null');
  } catch (e) {
    return null;
  }
}

// forgetSeat forgets this browser's seat of game id.
function forgetSeat(id) {
  localStorage.removeItem('elasund-seat-' + id);
  localStorage.removeItem('elasund-game-' + id);
}

// heldSeats lists the games this browser holds a seat of, newest first:
// [{id, token, color, turn, …}].
function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    const m = k && k.match(/^elasund-seat-([0-9a-f]{32})$/);
    if (m) out.push(Object.assign({ id: m[1], token: localStorage.getItem(k) }, seatMemory(m[1]) || {}));
  }
  return out.sort((a, b) => (b.seen || 0) - (a.seen || 0));
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
    forgetSeat(gameID);
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

// initPlay wires the play page's controls.
function initPlay() {
  $('typed').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const t = $('typed-move').value.trim();
    if (!t) return;
    const m = game && game.moves.find((x) => x.text === t);
    if (m) decide(m); else play(t);
  });
  $('confirm-yes').addEventListener('click', () => pending && play(pending.text));
  $('confirm-no').addEventListener('click', () => closeConfirm(true));
  $('phase-help').addEventListener('click', () => showPhaseHelp($('phase-help-text').hidden));
  $('notation').addEventListener('click', () => {
    setPref('notation', !notation());
    $('notation').setAttribute('aria-pressed', String(notation()));
    renderLog(true);
    if (game) render(game);
  });
  $('notation').setAttribute('aria-pressed', String(notation()));
  armed($('leave'), 'Leave the table? Click again', leave);
  armed($('abandon'), 'End it for everyone? Click again', abandon);
  $('copy-spectator').addEventListener('click', async (ev) => {
    const input = $('spectator-link');
    input.value = location.origin + '/g/' + gameID;
    copyField('spectator-link', ev.target);
  });
  // The log follows the newest move until the person scrolls it back,
  // and again once they scroll to its end; its own scrolling, and a
  // window made shorter, change nothing of that.
  $('log').addEventListener('scroll', () => {
    const ol = $('log');
    const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
    if (atEnd || ol.scrollTop < logAutoTop - 2) logFollow = atEnd;
  });
  new ResizeObserver(followLog).observe($('log'));
  // On a phone the actions are a bar fixed at the bottom: the page keeps
  // room for it below its end.
  new ResizeObserver(() => {
    const fixed = getComputedStyle($('actions')).position === 'fixed';
    document.documentElement.style.setProperty('--bar-h', fixed ? $('actions').offsetHeight + 'px' : '0px');
  }).observe($('actions'));
  // The board's text and targets follow the size it is drawn at.
  let resizing = 0;
  let drawn = '';
  new ResizeObserver(() => {
    const svg = $('board').querySelector('svg');
    const r = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (size === drawn) return;
    drawn = size;
    clearTimeout(resizing);
    resizing = setTimeout(layoutBoard, 50);
  }).observe($('board'));
  initSettings();
  fillHelp();
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('button.copy');
    if (b) copyField(b.dataset.copy, b);
    if (!$('menu').hidden && !$('menu').contains(ev.target) && !ev.target.closest('.hit')) closeMenu();
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      closeMenu(true);
      closeConfirm(true);
    }
  });
}

async function init() {
  $('players').addEventListener('change', seatRows);
  $('setup-form').addEventListener('submit', createTable);
  initPlay();
  const m = location.pathname.match(/^\/g\/([0-9a-f]{32})$/);
  if (m) {
    // A seat's link plays the seat; the spectator link watches, in any
    // browser (one that holds a seat is offered to play it).
    const tok = new URLSearchParams(location.hash.slice(1)).get('seat') || '';
    await openGame(m[1], tok);
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
