// You among people, loaded when first needed: play someone (a seek opened, waited on with a long poll on a calm
// screen with the seconds, cancelled, or given up for the computer offered by name when nobody near your strength
// comes: never a computer shown as a person), your handle changed, and what a rated match did to your rating.

import { byId, onClick, setText } from '../dom.js';
import { ratingWords } from '../model.js';
import { patch } from '../state.js';
import { focusHeading } from '../ui.js';

const LONG_POLL = 15; // seconds a look at the seek may wait for a match (the client gives up on an answer at 20)
const AGAIN_MS = 2000; // after a look that failed (offline): look again this much later

export function renderSeek(state) {
  const seek = state.seek;
  if (!seek) return;
  const waited = Math.max(0, Math.floor(seek.waited + (Date.now() - seek.at) / 1000));
  const kind = seek.rated ? 'a rated match' : 'a casual match';
  const you = seek.me ? ` near your strength (${ratingWords(seek.me.rating)})` : '';
  setText('seek-line', seek.status === 'starting' ? 'Opening your seat in the queue…'
    : seek.status === 'matched' ? 'Found someone. Dealing…' : `Looking for someone${you} for ${kind}.`);
  setText('seek-clock', seek.status === 'starting' ? '' : `${waited} s`);
  const { offer } = seek;
  byId('seek-offer').hidden = !offer;
  if (offer) {
    const strength = offer.rating ? ` (${offer.rating})` : '';
    setText('seek-offer-line', `Nobody is free right now: play ${offer.name}${strength}? ${offer.style}`);
    setText('seek-offer-button', `Play ${offer.name}`);
  }
}

/** "Your rating: 1500? → 1562 (+62)." */
export function ratedWords(from, to) {
  if (!from) return `Your rating is now ${ratingWords(to)}.`;
  const change = to.rating - from.rating;
  return `Your rating: ${ratingWords(from)} → ${ratingWords(to)} (${change >= 0 ? '+' : '−'}${Math.abs(change)}).`;
}

export function createPeople(ctx, home) {
  const { api, store, get, update } = ctx;
  let current = null; // {id, token}: the seek being waited on here
  const seekSet = (changes) => update((s) => patch(s, { seek: s.seek && { ...s.seek, ...changes } }));

  /** Open a seek (or go on with the one already open) and wait on it. */
  async function start(rated) {
    if (current || get().busy) return;
    if (!(await home.mayLeave('Play someone now?', 'Find someone'))) return;
    update((s) => patch(s, { screen: 'seek', seek: { status: 'starting', rated, waited: 0, at: Date.now(), offer: null, me: s.lobby?.me } }));
    focusHeading('seek');
    try {
      let token = store.playerToken();
      if (!token) {
        token = (await api.newPlayer()).player_token;
        store.savePlayerToken(token);
      }
      current = { id: null, token };
      seekSet({ me: await api.me(token).catch(() => null) }); // the rating the match starts from
      let answer;
      try {
        answer = await api.seek(token, rated);
      } catch (error) {
        if (error.code !== 'seek_open' || !error.body?.seek_id) throw error;
        answer = await api.seekLook(token, error.body.seek_id); // ours from before (a reload while waiting)
      }
      await follow(token, answer);
    } catch (error) {
      current = null;
      ctx.go('#/');
      ctx.fail(`Nobody could be looked for: ${error.detail || error.message}`);
    }
  }

  async function follow(token, first) {
    let answer = first;
    const id = answer.seek_id;
    current = { id, token };
    while (current?.id === id) {
      seekSet({ id, status: answer.status, rated: answer.rated, waited: answer.waited_seconds, at: Date.now(), offer: answer.offer });
      if (answer.status === 'matched') return matched(answer);
      if (answer.status === 'cancelled') return left();
      try {
        answer = await api.seekLook(token, id, LONG_POLL);
      } catch (error) {
        if (!error.offline) throw error;
        await new Promise((resolve) => { setTimeout(resolve, AGAIN_MS); });
      }
    }
    return null;
  }

  function matched(answer) {
    current = null;
    store.saveGame(answer.game_id, answer.seat_token);
    const me = get().seek?.me;
    if (answer.rated && me) store.saveRatedFrom(answer.game_id, me.rating);
    ctx.go('#/play');
  }

  /** The seek is over here: the waiting screen is left (for home, unless `stay`). */
  function left(stay = false) {
    current = null;
    update((s) => patch(s, { seek: null }));
    if (!stay) ctx.go('#/');
  }

  /** Stop waiting. A seek matched meanwhile is played (its game is the answer); `stay`: do not go home. */
  async function cancel(stay = false) {
    const seek = current;
    current = null; // the long poll's loop ends at its next answer
    if (seek?.id) {
      try {
        const answer = await api.seekCancel(seek.token, seek.id);
        if (answer.status === 'matched') {
          matched(answer);
          return false;
        }
      } catch {
        // it is passed over once nobody asks about it
      }
    }
    left(stay);
    return true;
  }

  onClick('seek-cancel', () => cancel());
  onClick('seek-offer-button', async () => {
    const offer = get().seek?.offer;
    if (offer && await cancel(true)) await home.playComputer(offer.level);
  });
  setInterval(() => get().screen === 'seek' && get().seek && update((s) => s), 1000); // the seconds waited

  /** Another screen opened while waiting (Back, the nav): the seek is cancelled. */
  const leave = () => (current ? cancel(true) : null);

  // --- your handle
  const lobby = (changes) => update((s) => patch(s, { lobby: { ...s.lobby, ...changes } }));
  function editHandle() {
    lobby({ editing: true, handleError: null });
    const input = byId('handle-input');
    input.value = get().lobby?.me?.handle || '';
    input.focus();
  }
  onClick('handle-cancel', () => {
    lobby({ editing: false, handleError: null });
    byId('handle-edit').focus();
  });
  byId('handle-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const me = await api.rename(store.playerToken(), byId('handle-input').value.trim());
      lobby({ me, editing: false, handleError: null });
      byId('handle-edit').focus();
    } catch (error) {
      lobby({ handleError: error.detail });
      byId('handle-input').focus();
    }
  });

  /** A rated match has just ended here: how it moved your rating, for the match's moment. */
  async function ratedOver(gameId) {
    if (get().rated?.game === gameId) return;
    const from = store.ratedFrom(gameId);
    update((s) => patch(s, { rated: { game: gameId, text: '' } }));
    try {
      const me = await api.me(store.playerToken());
      update((s) => patch(s, { rated: { game: gameId, text: ratedWords(from, me.rating) }, lobby: { ...s.lobby, me } }));
    } catch {
      // no line: the rating shows on the home screen next time
    }
  }

  return { start, leave, editHandle, ratedOver };
}
