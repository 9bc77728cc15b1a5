// Routes are hashes: #/, #/play, #/leaderboard, #/join/ID/CODE, #/seat/ID/TOKEN, #/review/3, #/rules, #/stats, #/settings, #/matches/ID[/hands/3].

const PLAIN = new Set(['play', 'rules', 'settings', 'stats', 'leaderboard']);

/** A hash as a route: {name, id, hand}. Unknown hashes are the home screen. */
export function parseRoute(hash) {
  const parts = String(hash || '').replace(/^#\/?/, '').split('/').filter(Boolean);
  const [head = 'home', ...rest] = parts.map((p) => { try { return decodeURIComponent(p); } catch { return ''; } });
  const number = (text) => (/^[1-9]\d{0,4}$/.test(text) ? Number(text) : null);
  if (head === 'matches' && rest[0]) {
    const hand = rest[1] === 'hands' ? number(rest[2]) : null;
    return { name: hand ? 'review' : 'match', id: rest[0], hand };
  }
  if (['join', 'seat'].includes(head) && rest[1]) return { name: head, id: rest[0], code: rest[1], hand: null };
  if (head === 'review') return { name: 'review', id: null, hand: number(rest[0]) };
  return { name: PLAIN.has(head) ? head : 'home', id: null, hand: null };
}

/** "#/..." and no hash at all are routes; "#main" is a place in the page. */
export const isRoute = (hash) => !hash || hash === '#' || hash.startsWith('#/');

export const matchHash = (id, hand = null) => `#/matches/${encodeURIComponent(id)}${hand ? `/hands/${hand}` : ''}`;

/** `open(route, focus)` on every change of the hash; `go(hash)` navigates (opens it again if unchanged). */
export function startRouter(open) {
  let quiet = null;
  const run = (focus) => open(parseRoute(location.hash), focus);
  window.addEventListener('hashchange', () => {
    if (quiet === location.hash) quiet = null;
    else if (isRoute(location.hash)) run(true); // not an anchor within the page (#main)
  });
  return {
    start: async () => run(false), // a promise even when the screen opens at once (#/rules, #/settings)
    go(hash, { silent = false } = {}) {
      if (location.hash !== hash) {
        if (silent) quiet = hash;
        location.hash = hash;
      } else if (!silent) run(true);
    },
  };
}
