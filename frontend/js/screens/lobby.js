// The public side of the home screen: you at the tables (handle and rating) and today's daily deal.

import { byId, onClick, setText } from '../dom.js';
import { ratingWords } from '../model.js';
import { patch } from '../state.js';

const dayWords = (date) => new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

const RESULT = { won: (p) => `you won by ${p} points`, lost: (p) => `you finished ${-p} points behind the computer`, resigned: () => 'you resigned' };

/** The daily deal's line: what it is, or how your game of it stands. */
export function dailyWords(daily, here) {
  const day = dayWords(daily.date);
  if (!daily.played) {
    return `${day}: everyone is dealt the same match against the hard computer, one try each. The deals are sealed `
      + `(SHA-256 ${daily.commitment.slice(0, 12)}…) until the day ends.`;
  }
  const { result } = daily;
  if (result?.status === 'finished') return `Today’s deal: ${RESULT[result.result](result.points)}. Come back tomorrow for the next one.`;
  const scores = result ? `: you ${result.scores[0]}, the computer ${result.scores[1]}` : '';
  return `You are playing today’s deal${scores}.${here ? '' : ' It was dealt on another device.'}`;
}

export function renderLobby(state, dailyHere) {
  const { me, daily, editing = false, handleError = null } = state.lobby || {};
  byId('me-line').hidden = !me || editing;
  if (me) {
    setText('me-handle', me.handle);
    setText('me-rating', ratingWords(me.rating));
    byId('me-rating').title = me.rating.provisional ? 'Provisional: it settles after a few rated matches' : `± ${me.rating.deviation}`;
  }
  const played = me?.rated_finished || 0; // abandoned ones shown, as the queue counts them
  byId('me-record').hidden = !played || editing;
  setText('me-record', played ? `Rated matches: ${played}; ${me.rated_abandoned} of them lost by letting the clock run out.` : '');
  byId('handle-form').hidden = !editing;
  byId('handle-error').hidden = !handleError;
  setText('handle-error', handleError || '');
  byId('someone-button').disabled = state.busy;
  byId('daily-panel').hidden = !daily;
  if (!daily) return;
  const here = dailyHere(daily);
  setText('daily-line', dailyWords(daily, here));
  const button = byId('daily-button');
  button.hidden = daily.played && (daily.result?.status === 'finished' || !here);
  button.textContent = daily.played ? 'Continue today’s deal' : 'Play today’s deal';
  button.disabled = state.busy;
}

export function createLobby(ctx, home) {
  const { api, store, get, update } = ctx;
  const lobby = (changes) => update((s) => patch(s, { lobby: { ...s.lobby, ...changes } }));
  const dailyHere = (daily) => store.dailyGame()?.id === daily.game_id;

  /** Read who you are and today's deal (your handle is made the first time it is asked for). */
  async function refresh() {
    const token = store.playerToken();
    const [me, daily] = await Promise.all([
      token ? api.me(token).catch(() => null) : null,
      api.daily(token).catch(() => null),
    ]);
    lobby({ me, daily });
  }

  onClick('daily-button', async () => {
    const { daily } = get().lobby || {};
    if (!daily) return;
    const kept = store.dailyGame();
    if (daily.played && kept?.id === daily.game_id) {
      store.saveGame(kept.id, kept.token);
      ctx.go('#/play');
      return;
    }
    await home.dealt(api.playDaily(store.playerToken()), (data) => store.saveDailyGame(daily.date, data.game_id, data.seat_token));
  });

  return { refresh, render: (state) => renderLobby(state, dailyHere) };
}
