import assert from 'node:assert/strict';
import test from 'node:test';

import { ApiError, createApi } from '../../frontend/js/api.js';

function response(status, body, headers = {}) {
  const all = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300, status, statusText: '',
    headers: { get: (name) => all.get(name.toLowerCase()) ?? null },
    json: async () => body,
  };
}

function fakeFetch(answers) {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next;
  };
  return { calls, fetchImpl };
}

const quick = { wait: async () => {}, newKey: (() => { let n = 0; return () => `key-${++n}`; })() };

test('a move is the offered action posted back as it is, with the token, If-Match and an idempotency key', async () => {
  const { calls, fetchImpl } = fakeFetch([response(200, { version: 8, view: {}, events: [] }, { ETag: '"8"' }),
    response(200, { version: 9 })]);
  const api = createApi({ fetchImpl, ...quick });
  const data = await api.move('g1', 'tok', { kind: 'discard', seat: 1, card: '7H' }, 7);
  assert.equal(data.version, 8);
  const { url, init } = calls[0];
  assert.equal(url, '/api/games/g1/actions');
  assert.equal(init.method, 'POST');
  assert.equal(init.headers.Authorization, 'Bearer tok');
  assert.equal(init.headers['If-Match'], '"7"');
  assert.ok(init.headers['Idempotency-Key']);
  assert.deepEqual(JSON.parse(init.body), { kind: 'discard', seat: 1, card: '7H' });
  await api.move('g1', 'tok', { kind: 'claim' }, 8);
  assert.equal(calls[1].url, '/api/games/g1/claim', 'claiming on the clock has its own route');
  assert.equal(calls[1].init.body, '{}');
});

test('a retried move reuses its idempotency key; a new move gets a new one', async () => {
  const { calls, fetchImpl } = fakeFetch([
    new TypeError('Failed to fetch'),
    response(200, { version: 2 }),
    response(200, { version: 3 }),
  ]);
  const api = createApi({ fetchImpl, ...quick });
  await api.move('g1', 'tok', { kind: 'pass' }, 1);
  await api.move('g1', 'tok', { kind: 'pass' }, 2);
  assert.equal(calls.length, 3);
  assert.equal(calls[0].init.headers['Idempotency-Key'], calls[1].init.headers['Idempotency-Key']);
  assert.notEqual(calls[1].init.headers['Idempotency-Key'], calls[2].init.headers['Idempotency-Key']);
});

test('problem+json errors carry the server detail and code', async () => {
  const { fetchImpl } = fakeFetch([response(409, {
    status: 409, code: 'cannot_discard_taken_card', detail: 'you just took 7H from the pile',
    legal_actions: [{ kind: 'discard', seat: 0, card: '2C' }],
  })]);
  const api = createApi({ fetchImpl, ...quick });
  await assert.rejects(api.move('g1', 'tok', { kind: 'discard', card: '7H' }, 3), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.code, 'cannot_discard_taken_card');
    assert.equal(error.detail, 'you just took 7H from the pile');
    assert.equal(error.legalActions.length, 1);
    assert.equal(error.offline, false);
    return true;
  });
});

test('no answer at all is an offline error after the retries', async () => {
  const { calls, fetchImpl } = fakeFetch([new TypeError('x'), new TypeError('x'), new TypeError('x')]);
  const api = createApi({ fetchImpl, ...quick, retries: 2 });
  await assert.rejects(api.game('g1', 'tok'), (error) => error.offline && /nothing was lost/.test(error.detail));
  assert.equal(calls.length, 3);
});

test('the player routes take the player token and page with the cursor', async () => {
  const { calls, fetchImpl } = fakeFetch([response(200, { matches: [], next: null }), response(200, {}), response(200, {})]);
  const api = createApi({ fetchImpl, ...quick });
  await api.matches('ptok', 'c/1');
  await api.match('ptok', 'g 1');
  await api.matchHand('ptok', 'g1', 3);
  assert.deepEqual(calls.map((c) => c.url), [
    '/api/players/me/matches?cursor=c%2F1', '/api/players/me/matches/g%201', '/api/players/me/matches/g1/hands/3',
  ]);
  assert.ok(calls.every((c) => c.init.headers.Authorization === 'Bearer ptok'));
});
