import assert from 'node:assert/strict';
import test from 'node:test';

import { follow, parseMessage } from '../../frontend/js/stream.js';

test('a message of the stream is read field by field; comments and bad data are skipped', () => {
  assert.deepEqual(parseMessage('id: 7\nevent: update\ndata: {"version":3}'), { event: 'update', id: '7', data: { version: 3 } });
  assert.deepEqual(parseMessage('event: presence\ndata:{"connected":true}'), { event: 'presence', id: null, data: { connected: true } });
  assert.equal(parseMessage(': keep-alive'), null);
  assert.equal(parseMessage('event: update\ndata: {not json'), null);
});

function streamOf(chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

test('the stream is read across chunks and opened again from the last id when it ends', async () => {
  const asked = [];
  const bodies = [['id: 1\nevent: upd', 'ate\ndata: {"n":1}\n\n: keep-alive\n\n'], ['id: 3\nevent: update\ndata: {"n":3}\n\n']];
  const fetchImpl = async (url, init) => {
    asked.push({ url, auth: init.headers.Authorization, last: init.headers['Last-Event-ID'] || null });
    return bodies.length ? { status: 200, body: streamOf(bodies.shift()) } : { status: 401 };
  };
  const seen = [];
  await new Promise((resolve) => {
    follow('/api/games/g/stream', 'tok', (event, data) => {
      seen.push([event, data]);
      if (event === 'gone') resolve();
    }, { fetchImpl, pauseMs: 1 });
  });
  assert.deepEqual(seen, [['update', { n: 1 }], ['update', { n: 3 }], ['gone', null]]);
  assert.deepEqual(asked.map((a) => a.last), [null, '1', '3']);
  assert.ok(asked.every((a) => a.auth === 'Bearer tok' && a.url === '/api/games/g/stream'));
});

test('stopping ends the stream and no message follows', async () => {
  let opened = 0;
  const fetchImpl = async (url, init) => {
    opened += 1;
    return { status: 200, body: new ReadableStream({ start(c) { init.signal.addEventListener('abort', () => c.error(new Error('aborted'))); } }) };
  };
  const stop = follow('/s', 't', () => assert.fail('no message'), { fetchImpl, pauseMs: 1 });
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  stop();
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  assert.equal(opened, 1);
});
