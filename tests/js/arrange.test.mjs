import assert from 'node:assert/strict';
import test from 'node:test';

import { arrangeHand, flatten, meldMembership, moveBy, moveTo, reconcile } from '../../frontend/js/arrange.js';

const view = {
  hand: ['3C', '6C', '5D', '6D', '7D', '2H', '3H', '4H', '2S', 'KS'],
  melds: [['5D', '6D', '7D'], ['2H', '3H', '4H']],
  deadwood_cards: ['3C', '6C', '2S', 'KS'],
};

test('by melds: the server melds first, then the deadwood', () => {
  const groups = arrangeHand('melds', view, []);
  assert.deepEqual(groups.map((g) => g.kind), ['meld', 'meld', 'deadwood']);
  assert.deepEqual(groups[0].cards, ['5D', '6D', '7D']);
  assert.deepEqual(groups[2].cards, ['2S', '3C', '6C', 'KS']);
  assert.equal(flatten(groups).length, 10);
});

test('by rank and by suit', () => {
  assert.deepEqual(flatten(arrangeHand('rank', view, [])).slice(0, 3), ['2S', '2H', '3H']);
  assert.deepEqual(flatten(arrangeHand('suit', view, [])).slice(0, 2), ['2S', 'KS']);
});

test('the own order keeps the player arrangement and adds new cards at the end', () => {
  const order = ['KS', '2S', '3C', '6C', '5D', '6D', '7D', '2H', '3H', '4H'];
  const hand = [...view.hand.filter((c) => c !== '6C'), '9S'];
  assert.deepEqual(reconcile(order, hand), ['KS', '2S', '3C', '5D', '6D', '7D', '2H', '3H', '4H', '9S']);
  assert.deepEqual(reconcile(null, ['AS']), ['AS']);
  assert.deepEqual(reconcile(['AS', 'AS'], ['AS']), ['AS']);
});

test('moving a card', () => {
  const order = ['A', 'B', 'C', 'D'];
  assert.deepEqual(moveBy(order, 'B', 1), ['A', 'C', 'B', 'D']);
  assert.deepEqual(moveBy(order, 'A', -1), order);
  assert.deepEqual(moveBy(order, 'D', 5), order);
  assert.deepEqual(moveTo(order, 'D', 0), ['D', 'A', 'B', 'C']);
  assert.deepEqual(moveTo(order, 'A', 3), ['B', 'C', 'D', 'A']);
  assert.deepEqual(moveTo(order, 'X', 1), order);
});

test('meld membership marks the cards of each meld', () => {
  const member = meldMembership(view);
  assert.equal(member.get('6D'), 0);
  assert.equal(member.get('3H'), 1);
  assert.equal(member.has('KS'), false);
});
