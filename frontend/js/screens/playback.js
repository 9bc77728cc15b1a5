// An answer's events one by one: the deal, and the other's moves with a pause, a flight, a sound.

import { byId } from '../dom.js';
import { OVER, THROWN, isVisibleMove, soundOf, speakEvent, tablesAfter, undoEvent } from '../model.js';
import { arrive, fly, sleep, timing } from '../motion.js';
import { logEvent, patch, showing } from '../state.js';
import { announce } from '../ui.js';

function animateEvent(event, duration) {
  const opponent = byId('opp-fan');
  const pile = byId('discard-slot');
  if (event.kind === 'drew' && event.source === 'stock') return fly(byId('stock'), opponent, null, duration);
  if (['drew', 'took_upcard'].includes(event.kind)) return fly(pile, opponent, event.card, duration);
  if (THROWN.includes(event.kind)) return fly(opponent, pile, event.card, duration);
}

export async function playback({ get, update, sound }, data) {
  const events = data.events || [];
  const me = data.view.seat;
  const tables = tablesAfter(data.view, events);
  const { pause, fly: flyTime } = timing(get().settings);
  let last = null; // with no pauses, one sound for the whole answer
  const hear = (noise) => { if (pause > 0) sound.play(noise); else last = noise; };
  for (const [i, event] of events.entries()) {
    update((s) => logEvent(s, event));
    const noise = soundOf(event, me);
    if (event.kind === 'hand_started') {
      update((s) => patch(showing(s, tables[i]), { screen: 'table' }));
      hear('deal');
      const cards = [...byId('hand').querySelectorAll('button.hand-card'), ...byId('opp-fan').children];
      await arrive(cards, byId('stock'), flyTime, Math.round(flyTime / 10));
    } else if (event.seat === 1 - me && isVisibleMove(event) && pause > 0 && get().screen === 'table') {
      update((s) => showing(s, undoEvent(tables[i], event)));
      announce(speakEvent(event, me));
      if (noise) sound.play(noise);
      await animateEvent(event, flyTime);
      update((s) => showing(s, tables[i]));
      await sleep(pause);
    } else if (noise && (event.seat === 1 - me || event.kind === 'match_ended')) {
      hear(noise);
    }
  }
  if (last) sound.play(last);
  update((s) => showing(s, null));
  if (OVER.includes(data.view.phase) && pause > 0) await sleep(Math.min(900, pause + 300));
}
