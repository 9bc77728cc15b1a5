import assert from 'node:assert/strict';
import test from 'node:test';

import { addCaption, captionOf, setOpponent, tableOf, undoEvent } from '../../frontend/js/model.js';
import { lastShown } from '../../frontend/js/screens/playback.js';
import { newestFirst } from '../../frontend/js/state.js';

setOpponent('computer');

test('the other’s move in a few words, by their hand', () => {
  const mine = { kind: 'discarded', seat: 0, card: '7H' };
  assert.equal(captionOf({ kind: 'drew', seat: 1, source: 'discard', card: '7H' }, 0, mine), 'Took your 7♥');
  assert.equal(captionOf({ kind: 'drew', seat: 1, source: 'discard', card: '7H' }, 0, null), 'Took 7♥ from the pile');
  assert.equal(captionOf({ kind: 'drew', seat: 1, source: 'stock' }, 0, mine), 'Drew from the stock');
  assert.equal(captionOf({ kind: 'took_upcard', seat: 1, card: 'KD' }, 0), 'Took the upcard K♦');
  assert.equal(captionOf({ kind: 'passed', seat: 1 }, 0), 'Passed on the upcard');
  assert.equal(captionOf({ kind: 'discarded', seat: 1, card: '9C' }, 0), 'Discarded 9♣');
  assert.equal(captionOf({ kind: 'knocked', seat: 1, card: '2S', deadwood: 4 }, 0), 'Knocked with 2♠');
  assert.equal(captionOf({ kind: 'hand_ended', seat: 1 }, 0), null);
});

test('a turn’s caption grows move by move, in the order the moves are shown', () => {
  let caption = null;
  for (const words of ['Drew from the stock', null, 'Discarded 9♣']) caption = addCaption(caption, words);
  assert.equal(caption, 'Drew from the stock, discarded 9♣');
  assert.equal(addCaption(null, 'Took your 7♥'), 'Took your 7♥');
});

test('the log is listed newest first, the kept log unchanged', () => {
  const log = [{ seq: 1, text: 'a' }, { seq: 2, text: 'b' }, { seq: 3, text: 'c' }];
  assert.deepEqual(newestFirst(log).map((e) => e.text), ['c', 'b', 'a']);
  assert.deepEqual(log.map((e) => e.text), ['a', 'b', 'c']);
});

test('a card taken from the pile is known only from its take on', () => {
  const view = { seat: 0, hand: Array(10).fill('2C'), opponent_card_count: 11, opponent_known: ['4D'], discard_pile: ['9S'], stock_count: 20 };
  const after = tableOf(view);
  assert.deepEqual(after.known, [[], ['4D']]);
  const before = undoEvent(after, { kind: 'drew', seat: 1, source: 'discard', card: '4D' });
  assert.deepEqual(before.known, [[], []]);
  assert.deepEqual(before.pile, ['9S', '4D']);
  assert.deepEqual(after.known, [[], ['4D']], 'the table after is not changed');
});

test('no pause after the last move shown: the table is yours at once', () => {
  const events = [
    { kind: 'discarded', seat: 0, card: '9C' }, { kind: 'drew', seat: 1, source: 'stock' },
    { kind: 'discarded', seat: 1, card: '3H' }, { kind: 'hand_ended', seat: 1 },
  ];
  assert.equal(lastShown(events, 0, 600), 2);
  assert.equal(lastShown(events, 1, 600), 0);
  assert.equal(lastShown(events, 0, 0), -1, 'no pauses at all with the animation off');
});
