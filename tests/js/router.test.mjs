import assert from 'node:assert/strict';
import test from 'node:test';

import { matchHash, parseRoute } from '../../frontend/js/router.js';

test('hashes are routes', () => {
  assert.deepEqual(parseRoute(''), { name: 'home', id: null, hand: null });
  assert.deepEqual(parseRoute('#/'), { name: 'home', id: null, hand: null });
  assert.equal(parseRoute('#/play').name, 'play');
  assert.equal(parseRoute('#/settings').name, 'settings');
  assert.deepEqual(parseRoute('#/review'), { name: 'review', id: null, hand: null });
  assert.deepEqual(parseRoute('#/review/3'), { name: 'review', id: null, hand: 3 });
  assert.deepEqual(parseRoute('#/matches/abc_D-1'), { name: 'match', id: 'abc_D-1', hand: null });
  assert.deepEqual(parseRoute('#/matches/abc/hands/12'), { name: 'review', id: 'abc', hand: 12 });
});

test('unknown or malformed hashes go home or drop what does not parse', () => {
  assert.equal(parseRoute('#/nowhere').name, 'home');
  assert.equal(parseRoute('#/review/x').hand, null);
  assert.equal(parseRoute('#/review/0').hand, null);
  assert.equal(parseRoute('#/matches/abc/hands/-1').name, 'match');
  assert.equal(parseRoute('#/matches/%E0%A4%A').name, 'home');
});

test('a match hash round-trips', () => {
  assert.deepEqual(parseRoute(matchHash('a/b', 4)), { name: 'review', id: 'a/b', hand: 4 });
});

test("a friend's invite and a seat's own link are routes with the game and its code", () => {
  assert.deepEqual(parseRoute('#/join/g1/abc-_9'), { name: 'join', id: 'g1', code: 'abc-_9', hand: null });
  assert.deepEqual(parseRoute('#/seat/g1/tok'), { name: 'seat', id: 'g1', code: 'tok', hand: null });
  assert.equal(parseRoute('#/join/g1').name, 'home');
});
