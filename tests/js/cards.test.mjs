import assert from 'node:assert/strict';
import test from 'node:test';

import {
  cardName, compareByRank, meldOrder, parseCode, rankLabel, shortName, sortByRank, sortBySuit,
} from '../../frontend/js/cards.js';

test('every card has a spoken name', () => {
  assert.equal(cardName('7H'), 'seven of hearts');
  assert.equal(cardName('TD'), 'ten of diamonds');
  assert.equal(cardName('10d'), 'ten of diamonds');
  assert.equal(cardName('AS'), 'ace of spades');
  assert.equal(cardName('KC'), 'king of clubs');
});

test('short names and labels', () => {
  assert.equal(shortName('TD'), '10♦');
  assert.equal(shortName('JC'), 'J♣');
  assert.equal(rankLabel('AS'), 'A');
});

test('bad codes are refused', () => {
  assert.throws(() => parseCode('1H'));
  assert.throws(() => parseCode('7X'));
  assert.throws(() => parseCode(''));
});

test('sort by rank puts aces low and breaks ties by suit', () => {
  assert.deepEqual(sortByRank(['KS', 'AH', 'TD', 'AS', '2C']), ['AS', 'AH', '2C', 'TD', 'KS']);
  assert.ok(compareByRank('AS', '2S') < 0);
});

test('sort by suit groups suits with alternating colours', () => {
  assert.deepEqual(sortBySuit(['2D', 'KS', '3C', '9H', 'AS', 'TC']), ['AS', 'KS', '9H', '3C', 'TC', '2D']);
});

test('a meld with laid-off cards reads low to high', () => {
  assert.deepEqual(meldOrder(['2H', '3H', '4H', 'AH', '5H']), ['AH', '2H', '3H', '4H', '5H']);
  assert.deepEqual(meldOrder(['7C', '7S', '7H']), ['7S', '7H', '7C']);
});
