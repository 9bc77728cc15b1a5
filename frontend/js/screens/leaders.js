// The leaderboards: the best 50 settled ratings of people or of bots, where you stand, and a day's daily deal.

import { byId, clear, h, onClick, setText } from '../dom.js';
import { ratingWords } from '../model.js';
import { patch } from '../state.js';
import { focusHeading } from '../ui.js';

const RESULTS = { won: 'Won', lost: 'Lost', resigned: 'Resigned' };
const POOLS = ['people', 'bots'];

/** Where you stand on the board shown, in a sentence. */
function standing(me, pool) {
  if (!me) return 'Play a rated match to get a rating.';
  if (me.pool !== pool) return `You are rated among ${me.pool}: ${ratingWords(me.rating)}.`;
  if (me.rank) return `You are #${me.rank} with ${ratingWords(me.rating)}, after ${me.rating.matches} rated matches.`;
  const more = Math.max(0, 5 - me.rating.matches);
  const after = more ? ` after ${more} more rated match${more === 1 ? '' : 'es'}` : ' once it settles';
  return `Your rating, ${ratingWords(me.rating)}, is listed here${after}.`;
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export function renderLeaders(state) {
  const leaders = state.leaders;
  if (!leaders) return;
  const { pool, boards, me, daily, error } = leaders;
  for (const name of POOLS) byId(`pool-${name}`).setAttribute('aria-pressed', name === pool);
  setText('leaders-you', standing(me, pool));
  const board = boards[pool];
  setText('leaders-status', error || (!board ? 'Loading…' : board.players.length ? '' : `No ${pool} have a settled rating yet.`));
  byId('leaders-status').hidden = !!board?.players.length && !error;
  byId('leaders-table').hidden = !board?.players.length;
  setText('leaders-caption', `The best settled ratings among ${pool}`);
  clear(byId('leaders-rows')).append(...(board?.players || []).map((p) => h('tr', { class: p.handle === me?.handle ? 'mine' : null },
    h('td', { text: p.rank }), h('th', { scope: 'row', text: p.handle }), h('td', { text: ratingWords(p) }), h('td', { text: p.matches }))));
  setText('daily-board-title', daily ? `Daily deal of ${daily.date}${daily.final ? ' (final)' : ' (so far)'}` : 'Daily deal');
  const entries = daily?.entries || [];
  setText('daily-board-status', !daily ? 'Loading…' : `${daily.players} player${daily.players === 1 ? '' : 's'} finished it${daily.final ? '' : ' so far'}.`);
  byId('daily-board-table').hidden = !entries.length;
  clear(byId('daily-board-rows')).append(...entries.map((e) => h('tr', { class: e.handle === me?.handle ? 'mine' : null },
    h('td', { text: e.rank }), h('th', { scope: 'row', text: `${e.handle || '—'}${e.is_bot ? ' · bot' : ''}` }), h('td', { text: signed(e.points) }),
    h('td', { text: RESULTS[e.result] }))));
  setText('daily-board-other', leaders.yesterday ? 'Today’s' : 'Yesterday’s (final)');
}

export function createLeaders(ctx) {
  const { api, store, get, update } = ctx;
  const leaders = (changes) => update((s) => patch(s, { leaders: { ...s.leaders, ...changes } }));
  const today = () => new Date().toISOString().slice(0, 10);
  const yesterday = () => new Date(Date.now() - 86400000).toISOString().slice(0, 10);

  async function load(pool) {
    leaders({ pool, error: null });
    try {
      const board = await api.leaderboard(pool);
      leaders({ boards: { ...get().leaders.boards, [pool]: board } });
    } catch (error) {
      leaders({ error: `The leaderboard could not be loaded: ${error.detail}` });
    }
  }

  async function loadDaily(past) {
    leaders({ yesterday: past, daily: null });
    try {
      leaders({ daily: await api.dailyBoard(past ? yesterday() : today()) });
    } catch (error) {
      leaders({ daily: { date: past ? yesterday() : today(), final: past, players: 0, entries: [] } });
      if (error.status !== 404) ctx.fail(`The daily leaderboard could not be loaded: ${error.detail}`);
    }
  }

  async function open(focus) {
    const token = store.playerToken();
    update((s) => patch(s, { screen: 'leaders', leaders: { pool: s.leaders?.pool || 'people', boards: {}, me: s.lobby?.me, daily: null } }));
    if (focus) focusHeading('leaders');
    const me = token ? await api.me(token).catch(() => null) : null;
    leaders({ me });
    await Promise.all([load(me?.pool || get().leaders.pool), loadDaily(false)]);
  }

  for (const pool of POOLS) onClick(`pool-${pool}`, () => load(pool));
  onClick('daily-board-other', () => loadDaily(!get().leaders?.yesterday));
  return { open };
}
