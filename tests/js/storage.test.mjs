import assert from 'node:assert/strict';
import test from 'node:test';

import { CHOICES, DEFAULT_SETTINGS, createStore } from '../../frontend/js/storage.js';

function memory() {
  const data = new Map();
  return { data, getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
}

test('the game to continue, the player token and the arrangement are kept', () => {
  const backend = memory();
  const store = createStore(backend);
  assert.equal(store.game(), null);
  store.saveGame('g1', 'seat');
  store.savePlayerToken('player');
  store.saveArrangement('g1', { hand: 2, own: true, order: ['AS'], sort: null });
  const again = createStore(backend);
  assert.deepEqual(again.game(), { id: 'g1', token: 'seat' });
  assert.equal(again.playerToken(), 'player');
  assert.deepEqual(again.arrangement('g1'), { hand: 2, own: true, order: ['AS'], sort: null });
  again.forgetGame();
  assert.equal(again.game(), null);
  assert.equal(again.arrangement('g1'), null);
  assert.equal(again.playerToken(), 'player');
});

test('an arrangement saved in an older shape is not used', () => {
  const backend = memory();
  backend.setItem('ginrummy.order.g1', JSON.stringify({ mode: 'own', order: ['AS'] }));
  assert.equal(createStore(backend).arrangement('g1'), null);
});

test('settings fall back to defaults for unknown or broken values', () => {
  const backend = memory();
  backend.setItem('ginrummy.settings', JSON.stringify({ cardSize: 'huge', theme: 'dark', fourColor: 'yes', felt: 'blue', sound: false }));
  const store = createStore(backend);
  assert.deepEqual(store.settings(), { ...DEFAULT_SETTINGS, theme: 'dark', felt: 'blue', sound: false });
  backend.setItem('ginrummy.settings', '{not json');
  assert.deepEqual(store.settings(), DEFAULT_SETTINGS);
  store.saveSettings({ speed: 'fast' });
  assert.equal(store.settings().speed, 'fast');
});

test('the defaults: sound on, auto-arrange on, single tap off, at least four table colours and three card backs', () => {
  assert.equal(DEFAULT_SETTINGS.sound, true);
  assert.equal(DEFAULT_SETTINGS.autoArrange, true);
  assert.equal(DEFAULT_SETTINGS.singleTap, true); // one tap discards, on every device
  assert.equal(DEFAULT_SETTINGS.meldSide, 'left');
  assert.ok(CHOICES.felt.length >= 4 && CHOICES.back.length >= 3);
});

test('the tips: none seen on a first visit, then kept', () => {
  const backend = memory();
  const store = createStore(backend);
  assert.deepEqual(store.tips(), { seen: [], done: false });
  store.saveTips({ seen: ['draw'], done: false });
  assert.deepEqual(createStore(backend).tips(), { seen: ['draw'], done: false });
  backend.setItem('ginrummy.tips', JSON.stringify({ seen: 'x', done: 'yes' }));
  assert.deepEqual(store.tips(), { seen: [], done: false });
});

test('a broken storage does not break the game', () => {
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() {} };
  const store = createStore(broken);
  assert.equal(store.game(), null);
  store.saveGame('g', 't');
  assert.deepEqual(store.tips(), { seen: [], done: false });
});
