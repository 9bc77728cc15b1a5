// The JSON API: tokens, one Idempotency-Key per action (kept across retries), If-Match, problem+json errors.

export class ApiError extends Error {
  constructor({ status, code, detail, legalActions = null, body = null }) {
    super(detail);
    Object.assign(this, { name: 'ApiError', status, code, detail, legalActions, body });
  }

  /** No answer at all (offline, server down, timed out). */
  get offline() {
    return this.status === 0;
  }
}

const defaultKey = () => crypto.randomUUID?.() // only in secure contexts
  ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

async function problemFrom(response) {
  const body = (await response.json().catch(() => null)) || {};
  return new ApiError({
    status: response.status,
    code: body.code || 'http_error',
    detail: (typeof body.detail === 'string' && body.detail) || `the server answered ${response.status} ${response.statusText || ''}`.trim(),
    legalActions: body.legal_actions || null,
    body, // its other fields (a seek already open names its seek_id)
  });
}

const RETRY_STATUS = new Set([502, 503, 504]);

export function createApi({
  fetchImpl = (...args) => globalThis.fetch(...args),
  base = '',
  newKey = defaultKey,
  retries = 2,
  wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); }),
  timeoutMs = 20000,
} = {}) {
  async function send(method, path, { token, body, headers = {} } = {}) {
    const all = { Accept: 'application/json', ...headers };
    if (token) all.Authorization = `Bearer ${token}`;
    const init = { method, headers: all, cache: 'no-store' };
    if (body !== undefined) {
      all['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body === null ? {} : body);
    }
    let lastError = null;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt) await wait(300 * 2 ** (attempt - 1));
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let response;
      try {
        response = await fetchImpl(base + path, { ...init, signal: controller.signal });
      } catch {
        lastError = new ApiError({
          status: 0, code: 'offline',
          detail: 'The server could not be reached. Check your connection; nothing was lost.',
        });
        continue;
      } finally {
        clearTimeout(timer);
      }
      if (response.ok) return response.status === 204 ? null : response.json();
      lastError = await problemFrom(response);
      if (!RETRY_STATUS.has(response.status)) throw lastError;
    }
    throw lastError;
  }

  const gamePath = (id, path = '') => `/api/games/${encodeURIComponent(id)}${path}`;
  const ofGame = (id, token, path) => send('GET', gamePath(id, path), { token });
  const mine = (path, playerToken) => send('GET', `/api/players/me/${path}`, { token: playerToken });
  const matchPath = (id) => `matches/${encodeURIComponent(id)}`;
  return {
    rules: () => send('GET', '/api/rules'),
    createGame: (request, playerToken) => send('POST', '/api/games', { token: playerToken, body: request }),
    game: (id, token) => ofGame(id, token),
    join: (id, code, playerToken) => send('POST', gamePath(id, '/join'), { token: playerToken, body: { code } }),
    rematch: (id, token) => send('POST', gamePath(id, '/rematch'), { token, body: null }),
    events: (id, token, hand) => ofGame(id, token, `/events?since=0&hand=${hand}`),
    handDeal: (id, token, number) => ofGame(id, token, `/hands/${number}`),
    hint: (id, token) => ofGame(id, token, '/hint'),
    analysis: (id, token, number) => ofGame(id, token, `/hands/${number}/analysis`),
    stats: (playerToken) => mine('stats', playerToken),
    /** A page of the player's matches, newest first; `cursor` is the page before's `next`. */
    matches: (playerToken, cursor = null) => mine(`matches${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, playerToken),
    match: (playerToken, id) => mine(matchPath(id), playerToken),
    matchHand: (playerToken, id, number) => mine(`${matchPath(id)}/hands/${number}`, playerToken),
    newPlayer: () => send('POST', '/api/players', { body: null }),
    me: (playerToken) => send('GET', '/api/players/me', { token: playerToken }),
    rename: (playerToken, handle) => send('PATCH', '/api/players/me', { token: playerToken, body: { handle } }),
    leaderboard: (pool) => send('GET', `/api/leaderboard?pool=${encodeURIComponent(pool)}&limit=50`),
    /** Play someone: open a seek, wait on it (a long poll of `wait` seconds), cancel it. */
    seek: (playerToken, rated) => send('POST', '/api/seeks', { token: playerToken, body: { rated } }),
    seekLook: (playerToken, id, wait = 0) => send('GET', `/api/seeks/${encodeURIComponent(id)}${wait ? `?wait=${wait}` : ''}`, { token: playerToken }),
    seekCancel: (playerToken, id) => send('DELETE', `/api/seeks/${encodeURIComponent(id)}`, { token: playerToken }),
    daily: (playerToken) => send('GET', '/api/daily', { token: playerToken }),
    playDaily: (playerToken) => send('POST', '/api/daily/play', { token: playerToken, headers: { 'Idempotency-Key': newKey() } }),
    dailyBoard: (date) => send('GET', `/api/daily/${encodeURIComponent(date)}/leaderboard`),
    /** A move as the view offered it (or resign); a claim on the turn clock has its own route. */
    move: (id, token, action, version) => {
      const claim = action.kind === 'claim';
      const headers = { 'Idempotency-Key': newKey(), ...(version != null && { 'If-Match': `"${version}"` }) };
      return send('POST', gamePath(id, claim ? '/claim' : '/actions'), { token, body: claim ? null : action, headers });
    },
  };
}
