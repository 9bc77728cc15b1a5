import assert from 'node:assert/strict';
import test from 'node:test';

import {
  flatten, handGroups, meldGroups, meldMembership, moveBy, moveTo, reconcile, settleArrangement, sortArrangement,
} from '../../frontend/js/arrange.js';

const view = {
  hand_number: 3,
  hand: ['3C', '6C', '5D', '6D', '7D', '2H', '3H', '4H', '2S', 'KS'],
  melds: [['5D', '6D', '7D'], ['2H', '3H', '4H']],
  deadwood_cards: ['3C', '6C', '2S', 'KS'],
};
const auto = { autoArrange: true, meldSide: 'left' };

test('by melds: the server melds first, then the deadwood; or the other way round', () => {
  const groups = meldGroups(view, 'left');
  assert.deepEqual(groups.map((g) => g.kind), ['meld', 'meld', 'deadwood']);
  assert.deepEqual(groups[0].cards, ['5D', '6D', '7D']);
  assert.deepEqual(groups[2].cards, ['2S', '3C', '6C', 'KS']);
  assert.deepEqual(meldGroups(view, 'right').map((g) => g.kind), ['deadwood', 'meld', 'meld']);
  assert.equal(flatten(groups).length, 10);
});

test('auto-arrange shows the melds after every change until the player moves a card, for this hand only', () => {
  const shown = settleArrangement(null, view, auto);
  assert.equal(shown.own, false);
  assert.deepEqual(handGroups(view, shown, auto).map((g) => g.kind), ['meld', 'meld', 'deadwood']);
  const moved = { ...shown, own: true, order: moveTo(flatten(handGroups(view, shown, auto)), 'KS', 0), sort: null };
  const drawn = { ...view, hand: [...view.hand, '9S'] };
  const kept = settleArrangement(moved, drawn, auto);
  assert.deepEqual(kept.order.slice(0, 2), ['KS', '5D']);
  assert.equal(kept.order[kept.order.length - 1], '9S', 'a new card goes to the right');
  // The next hand is arranged in melds again.
  const next = settleArrangement(kept, { ...view, hand_number: 4 }, auto);
  assert.equal(next.own, false);
});

test('with auto-arrange off the hand is sorted once when dealt, then kept, new cards to the right', () => {
  const off = { autoArrange: false, meldSide: 'left' };
  const first = settleArrangement(null, view, off);
  assert.equal(first.own, true);
  assert.deepEqual(first.order, flatten(meldGroups(view, 'left')));
  const mine = { ...first, order: moveBy(first.order, '5D', 3), sort: null };
  const drawn = { ...view, hand: [...view.hand.filter((c) => c !== '2S'), 'QD'], melds: [], deadwood_cards: [] };
  const later = settleArrangement(mine, drawn, off);
  assert.deepEqual(later.order, [...mine.order.filter((c) => c !== '2S'), 'QD']);
  assert.deepEqual(handGroups(drawn, later, off), [{ kind: 'hand', cards: later.order }]);
});

test('sort chips: melds goes back to auto-arrange, rank and suit sort the hand once', () => {
  const shown = settleArrangement(null, view, auto);
  const byRank = sortArrangement(shown, 'rank', view, auto);
  assert.deepEqual(byRank.order.slice(0, 3), ['2S', '2H', '3H']);
  assert.equal(byRank.sort, 'rank');
  assert.deepEqual(sortArrangement(byRank, 'suit', view, auto).order.slice(0, 2), ['2S', 'KS']);
  assert.equal(sortArrangement(byRank, 'melds', view, auto).own, false);
  assert.equal(sortArrangement(byRank, 'melds', view, { ...auto, autoArrange: false }).own, true);
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
