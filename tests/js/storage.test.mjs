import assert from 'node:assert/strict';
import test from 'node:test';

import { DEFAULT_SETTINGS, createStore } from '../../frontend/js/storage.js';

function memory() {
  const data = new Map();
  return { data, getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
}

test('the game to continue and the player token are kept', () => {
  const backend = memory();
  const store = createStore(backend);
  assert.equal(store.game(), null);
  store.saveGame('g1', 'seat');
  store.savePlayerToken('player');
  store.saveArrangement('g1', { mode: 'own', order: ['AS'] });
  const again = createStore(backend);
  assert.deepEqual(again.game(), { id: 'g1', token: 'seat' });
  assert.equal(again.playerToken(), 'player');
  assert.deepEqual(again.arrangement('g1'), { mode: 'own', order: ['AS'] });
  again.forgetGame();
  assert.equal(again.game(), null);
  assert.equal(again.arrangement('g1'), null);
  assert.equal(again.playerToken(), 'player');
});

test('settings fall back to defaults for unknown or broken values', () => {
  const backend = memory();
  backend.setItem('ginrummy.settings', JSON.stringify({ cardSize: 'huge', theme: 'dark', fourColor: 'yes' }));
  const store = createStore(backend);
  assert.deepEqual(store.settings(), { ...DEFAULT_SETTINGS, theme: 'dark' });
  backend.setItem('ginrummy.settings', '{not json');
  assert.deepEqual(store.settings(), DEFAULT_SETTINGS);
  store.saveSettings({ speed: 'fast' });
  assert.equal(store.settings().speed, 'fast');
});

test('a broken storage does not break the game', () => {
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() {} };
  const store = createStore(broken);
  assert.equal(store.game(), null);
  store.saveGame('g', 't');
  assert.deepEqual(store.records(), []);
});
