import assert from 'node:assert/strict';
import test from 'node:test';

import { flatten, handRows, meldKind } from '../../frontend/js/arrange.js';

const meld = (i, cards) => ({ kind: 'meld', meld: i, cards });
const deadwood = (cards) => ({ kind: 'deadwood', cards });
const sizes = (rows) => rows.map((row) => row.map((part) => part.cards.length));

test('one row on a wide screen: the groups as they are', () => {
  const groups = [meld(0, ['5D', '6D', '7D']), deadwood(['2S', '3C', 'KS'])];
  const rows = handRows(groups, 1);
  assert.equal(rows.length, 1);
  assert.deepEqual(sizes(rows), [[3, 3]]);
  assert.ok(rows[0].every((part) => part.first));
});

test('two rows end where a group ends when both rows keep six cards or fewer', () => {
  const groups = [meld(0, ['5D', '6D', '7D']), meld(1, ['2H', '3H', '4H']), deadwood(['2S', '3C', '6C', '9C', 'KS'])];
  const rows = handRows(groups, 2);
  assert.deepEqual(sizes(rows), [[3, 3], [5]]);
  assert.deepEqual(flatten(rows.flat()), flatten(groups));
});

test('no group end fits: the group holding the middle card is cut, its name on the first piece only', () => {
  const groups = [meld(0, ['5D', '6D', '7D']), deadwood(['2S', '3C', '6C', '8C', '9C', 'JS', 'KS', 'KH'])];
  const rows = handRows(groups, 2);
  assert.deepEqual(sizes(rows), [[3, 3], [5]]);
  assert.deepEqual(rows[0][1].cards, ['2S', '3C', '6C']);
  assert.deepEqual(rows[1][0].cards, ['8C', '9C', 'JS', 'KS', 'KH']);
  assert.equal(rows[0][1].first, true);
  assert.equal(rows[1][0].first, false);
  assert.ok(rows.every((row) => row.reduce((n, part) => n + part.cards.length, 0) <= 6));
  assert.deepEqual(flatten(rows.flat()), flatten(groups));
});

test('a hand in your own order is cut in the middle, the longer half first', () => {
  const hand = ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS'];
  assert.deepEqual(sizes(handRows([{ kind: 'hand', cards: hand }], 2)), [[6], [5]]);
});

test('a meld is a set (one rank) or a run', () => {
  assert.equal(meldKind(['7C', '7D', '7H']), 'Set');
  assert.equal(meldKind(['TD', 'JD', 'QD', 'KD']), 'Run');
});
