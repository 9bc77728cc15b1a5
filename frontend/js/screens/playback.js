// An answer's events one by one: the deal, and the other's moves with a flight, a sound, a caption by their hand and
// a pause between two of them (none after the last: the table is yours at once).

import { byId } from '../dom.js';
import { OVER, THROWN, addCaption, captionOf, isVisibleMove, soundOf, speakEvent, tablesAfter, undoEvent } from '../model.js';
import { arrive, fly, sleep, timing } from '../motion.js';
import { logEvent, patch, showing, withCaption } from '../state.js';
import { announce } from '../ui.js';

function animateEvent(event, duration) {
  const opponent = byId('opp-fan');
  const pile = byId('discard-slot');
  if (event.kind === 'drew' && event.source === 'stock') return fly(byId('stock'), opponent, null, duration);
  if (['drew', 'took_upcard'].includes(event.kind)) return fly(pile, opponent, event.card, duration);
  if (THROWN.includes(event.kind)) return fly(opponent, pile, event.card, duration);
}

/** The index of the last of `events` shown with a flight (-1: none). */
export function lastShown(events, me, pause) {
  if (pause <= 0) return -1;
  return events.findLastIndex((e) => e.seat === 1 - me && isVisibleMove(e));
}

export async function playback({ get, update, sound }, data) {
  const events = data.events || [];
  const me = data.view.seat;
  const tables = tablesAfter(data.view, events);
  const { pause, fly: flyTime } = timing(get().settings);
  const last = lastShown(events, me, pause);
  let lastNoise = null; // with no pauses, one sound for the whole answer
  const hear = (noise) => { if (pause > 0) sound.play(noise); else lastNoise = noise; };
  for (const [i, event] of events.entries()) {
    const previous = i > 0 ? events[i - 1] : get().table.log.at(-1);
    update((s) => logEvent(s, event));
    const noise = soundOf(event, me);
    // Their move said by their hand once it is seen: after the card lands when it flies.
    const say = () => { if (event.seat === 1 - me) update((s) => withCaption(s, addCaption(s.table.caption, captionOf(event, me, previous)))); };
    if (event.kind === 'hand_started') {
      update((s) => patch(withCaption(showing(s, tables[i]), null), { screen: 'table' }));
      hear('deal');
      const cards = [...byId('hand').querySelectorAll('button.hand-card'), ...byId('opp-fan').children];
      await arrive(cards, byId('stock'), flyTime, Math.round(flyTime / 10));
    } else if (event.seat === 1 - me && isVisibleMove(event) && pause > 0 && get().screen === 'table') {
      // The table as it was (piles, cards held, cards known) until the card lands; then the table after it.
      update((s) => showing(s, undoEvent(tables[i], event)));
      announce(speakEvent(event, me));
      if (noise) sound.play(noise);
      await animateEvent(event, flyTime);
      update((s) => showing(s, tables[i]));
      say();
      if (i < last) await sleep(pause);
    } else {
      say();
      if (noise && (event.seat === 1 - me || event.kind === 'match_ended')) hear(noise);
    }
  }
  if (lastNoise) sound.play(lastNoise);
  update((s) => showing(s, null));
  if (OVER.includes(data.view.phase) && pause > 0) await sleep(Math.min(900, pause + 300));
}
