'use strict';
// What the play page does for a seat when the decision becomes its own:
// it plays the only legal move if the person asked for that (a setting of
// the seat, remembered by this browser), says so to a screen reader
// (aria-live), and after a wait rings and notifies if the person asked
// for that (the notification's permission is asked for with a button,
// never on load).

// The moves played for a seat that asked for it, when they are its only
// legal move and cost nothing.
const AUTO_KINDS = ['roll', 'end build', 'take gold', 'end turn'];
const ALERT = {
  autoDelayMs: 250, // a moment to see the decision before it is played for the seat
  waitMs: 4000, // a decision after a wait this long rings and notifies
};

let mineShown = false; // the page last showed a decision of the person's
let waitSince = 0; // when the person last stopped deciding (0: never)
let audio = null; // the AudioContext of the sound, made on a click

function autoKey(st) {
  return `auto-${gameID}-${st.you}`;
}

// autoMove returns the move to play for the seat of st by itself, or
// null: the seat asked for it and its only legal move is a free one of
// AUTO_KINDS.
function autoMove(st) {
  if (!st.you || st.end || st.moves.length !== 1 || !pref(autoKey(st), false)) return null;
  const m = st.moves[0];
  return !m.cost && AUTO_KINDS.includes(m.kind) ? m : null;
}

// noticeTurn announces a decision that has become the person's (needed:
// the seat decides and no move is played for it), and rings and
// notifies when it came after a wait.
function noticeTurn(st, needed) {
  const now = Date.now();
  if (needed && !mineShown) {
    const sentence = (DECISION[st.view.phase] || '').replace('{n}', st.view.buildsLeft);
    announce('Your turn. ' + sentence);
    if (waitSince > 0 && now - waitSince >= ALERT.waitMs) {
      ring();
      notify(sentence);
    }
  }
  if (!needed && (mineShown || waitSince === 0)) waitSince = now;
  mineShown = needed;
}

// announce has a screen reader say text (the live region #announce).
function announce(text) {
  const live = $('announce');
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 50);
}

// ring plays a short sound, if the person asked for it.
function ring() {
  if (!pref('sound', false)) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === 'suspended') audio.resume();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.4);
    document.body.dataset.rang = Number(document.body.dataset.rang || 0) + 1;
  } catch (e) {
    // no sound in this browser
  }
}

// notify shows a notification of the system, if the person allowed it
// and is not looking at the page.
function notify(sentence) {
  if (!('Notification' in window) || Notification.permission !== 'granted' || !pref('notify', false)) return;
  if (!document.hidden && document.hasFocus()) return;
  try {
    const n = new Notification('Elasund: your turn', { body: sentence, tag: 'elasund-' + gameID });
    n.onclick = () => window.focus();
  } catch (e) {
    // a browser that shows notifications only from a service worker
  }
}

// renderSettings shows the seat's settings as they are remembered.
function renderSettings(st) {
  $('settings').hidden = !st.you || !!st.end;
  if (!st.you) return;
  $('auto').checked = pref(autoKey(st), false);
  $('sound').checked = pref('sound', false);
  const n = $('notify');
  n.hidden = !('Notification' in window);
  if (!n.hidden) {
    const on = Notification.permission === 'granted' && pref('notify', false);
    n.textContent = on ? 'Notifications on: turn them off' : 'Notify me when it is my turn';
    n.setAttribute('aria-pressed', String(on));
  }
}

// initSettings wires the settings' controls.
function initSettings() {
  $('auto').addEventListener('change', () => {
    if (!game || !game.you) return;
    setPref(autoKey(game), $('auto').checked);
    const m = autoMove(game);
    if (m) play(m.text);
  });
  $('sound').addEventListener('change', () => {
    setPref('sound', $('sound').checked);
    if ($('sound').checked) {
      try {
        audio = audio || new AudioContext(); // made on a click, so it may sound later
      } catch (e) {
        // no sound in this browser
      }
    }
  });
  $('notify').addEventListener('click', async () => {
    if (pref('notify', false) && Notification.permission === 'granted') {
      setPref('notify', false);
    } else {
      const p = await Notification.requestPermission();
      setPref('notify', p === 'granted');
      if (p === 'denied') showError('This browser refuses notifications from this page; its site settings can allow them.');
    }
    if (game) renderSettings(game);
  });
}
