// A friend's game: their moves shown as they make them, their presence, a rematch, a friend's link opened.

import { OVER, setOpponent } from '../model.js';
import { afterMove, patch } from '../state.js';
import { follow } from '../stream.js';
import { playback } from './playback.js';

const lastSeq = (data, before) => Math.max(before, ...(data.events || []).map((e) => e.seq));

/** The friend's side of the table `t` (its context, `game()`, `reload`, `show`). */
export function createFriend(t) {
  const { api, store, get, set, update } = t;
  const game = () => get().game;
  let following = null; // {id, stop}
  let heardUpTo = 0; // the last event shown
  let waiting = null; // the newest update heard

  function followGame() {
    const { id, token, opponent } = game();
    if (opponent?.kind !== 'person' || following?.id === id) return;
    following?.stop();
    heardUpTo = 0; // a new game's events count from 1 (a rematch's too)
    following = { id, stop: follow(`/api/games/${id}/stream`, token, (...message) => onMessage(id, ...message)) };
  }

  /** An answer of our own: its events are shown by the move, not again when the stream repeats them. */
  const heard = (data) => { heardUpTo = lastSeq(data, heardUpTo); };

  function onMessage(id, name, data, seq) {
    if (game()?.id !== id) return;
    if (name === 'gone') t.gone({ status: 404 });
    else if (name === 'presence') t.reload(); // joined, left or back: read who is there
    else if (name === 'rematch') rematched(id, data);
    else if (name === 'update') {
      waiting = data;
      if (!data.events.length) heardUpTo = Math.max(heardUpTo, +seq);
      caughtUp();
    }
  }

  /** Show the moves heard (once not busy); true if any. */
  async function caughtUp() {
    const answer = waiting;
    if (!answer || get().busy || answer.version <= game().version) return false;
    waiting = null;
    const events = answer.events.filter((e) => e.seq > heardUpTo);
    heard(answer);
    update((s) => patch(afterMove(s, answer), { busy: true }));
    await playback(t, { ...answer, events });
    set({ busy: false });
    if (!(await caughtUp()) && OVER.includes(game().view.phase) && get().screen === 'table') t.show(true, true);
    return true;
  }

  /** Offer a rematch, or accept the friend's offer (then open it). */
  async function rematch() {
    const { id, token } = game();
    try {
      rematched(id, (await api.rematch(id, token)).rematch);
    } catch (error) {
      t.fail(`No rematch: ${error.detail}`);
    }
  }

  function rematched(id, offer) {
    if (game()?.id !== id) return; // already on to the next match
    update((s) => ({ ...s, game: { ...s.game, rematch: offer } }));
    if (!offer?.game_id) return;
    store.saveGame(offer.game_id, game().token);
    t.go('#/play');
  }

  /** A friend's link opened: take the seat and play it. */
  async function join({ id, code }) {
    try {
      const data = await api.join(id, code, store.playerToken());
      store.saveGame(data.game_id, data.seat_token);
      store.savePlayerToken(data.player_token);
    } catch (error) {
      if (error.status !== 409 || store.game()?.id !== id) { // 409 for a seat already ours: play it
        t.go('#/');
        return t.fail(`That link did not open a seat: ${error.detail}`);
      }
    }
    t.go('#/play');
  }

  /** Who sits across, from an answer about the game. */
  const meet = (data) => setOpponent(data.opponent?.kind, data.opponent?.name);

  return { followGame, heard, caughtUp, rematch, join, meet };
}
