import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import {
  actionFor, actionRequest, buttonForAction, buttonStates, deadwoodLine, describeEvent, legalMoves, matchSummary,
  meldsWithLayoffs, netPointsSeries, newGameRequest, prompt, recordHands, resultSummary, scoreSheet, selectionLine,
  speakEvent, tableOf, tablesAfter, undoEvent, variantsOf,
} from '../../frontend/js/model.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const discardView = {
  phase: 'discard', turn: 0, hand: ['2C', '3C', '4C', '7D', '7H', '7S', '9H', 'TH', 'JH', '3D', 'KS'],
  deadwood: 13, taken_card: 'KS', discard_pile: ['5S'],
  discard_options: [
    { card: '3D', deadwood: 10, can_knock: true, gin: false },
    { card: 'KS', deadwood: 3, can_knock: false, gin: false },
    { card: '2C', deadwood: 15, can_knock: false, gin: false },
  ],
  legal_actions: [
    { kind: 'discard', seat: 0, card: '3D' }, { kind: 'discard', seat: 0, card: '2C' },
    { kind: 'knock', seat: 0, card: '3D' },
  ],
};

test('buttons follow the legal actions only', () => {
  assert.deepEqual(buttonStates(discardView, null), {
    take_upcard: false, pass: false, draw_stock: false, draw_discard: false, discard: false, knock: false, gin: false,
    big_gin: false, next_hand: false,
  });
  const states = buttonStates(discardView, '3D');
  assert.equal(states.discard, true);
  assert.equal(states.knock, true);
  assert.equal(states.gin, false);
  // The card just taken from the pile is not in the legal discards: no button for it.
  assert.equal(buttonStates(discardView, 'KS').discard, false);
  assert.equal(buttonStates(discardView, 'KS').knock, false);
  assert.equal(actionFor('discard', discardView, 'KS'), null);
  assert.match(selectionLine(discardView, 'KS'), /can't be discarded/);
});

test('Gin is a knock whose discard option says gin', () => {
  const view = {
    ...discardView,
    discard_options: [{ card: '3D', deadwood: 0, can_knock: true, gin: true }],
  };
  const states = buttonStates(view, '3D');
  assert.equal(states.gin, true);
  assert.equal(states.knock, false);
  assert.deepEqual(actionFor('gin', view, '3D'), { kind: 'knock', card: '3D' });
  assert.equal(buttonForAction({ kind: 'knock', card: '3D' }, view), 'gin');
  assert.match(prompt(view), /Gin/);
});

test('draw phase buttons and requests', () => {
  const view = {
    phase: 'draw', turn: 0, hand: [], discard_pile: ['9C'], passed: [],
    legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }, { kind: 'draw', seat: 0, source: 'discard' }],
  };
  const m = legalMoves(view);
  assert.ok(m.drawStock && m.drawDiscard && !m.takeUpcard);
  assert.deepEqual(actionFor('draw_stock', view, null), { kind: 'draw', source: 'stock' });
  assert.match(prompt(view), /draw from the stock or take the 9♣/);
  assert.deepEqual(actionRequest({ kind: 'draw', source: 'discard' }), { path: 'draw', body: { source: 'discard' } });
  assert.deepEqual(actionRequest({ kind: 'knock', card: '7H' }), { path: 'knock', body: { card: '7H' } });
  assert.deepEqual(actionRequest({ kind: 'take_upcard' }), { path: 'take-upcard', body: null });
  assert.deepEqual(actionRequest({ kind: 'next_hand' }), { path: 'next-hand', body: null });
  assert.deepEqual(actionRequest({ kind: 'big_gin' }), { path: 'big-gin', body: null });
});

test('first upcard prompt', () => {
  const view = {
    phase: 'first_upcard', turn: 0, hand: [], discard_pile: ['QS'], passed: [1],
    legal_actions: [{ kind: 'take_upcard', seat: 0 }, { kind: 'pass', seat: 0 }],
  };
  assert.equal(prompt(view), 'The computer passed. Take the upcard Q♠ or pass.');
  assert.equal(prompt({ ...view, turn: 1, legal_actions: [] }), 'The computer is playing…');
});

test('deadwood line shows the best discard from the server options', () => {
  assert.equal(deadwoodLine(discardView), 'Deadwood 13 · best discard leaves 3');
  assert.equal(deadwoodLine({ deadwood: 21, discard_options: [] }), 'Deadwood 21');
  assert.equal(selectionLine(discardView, '3D'), 'Discarding 3♦ leaves deadwood 10 — you can knock.');
});

test('events in words', () => {
  assert.equal(describeEvent({ kind: 'drew', seat: 1, source: 'stock' }), 'The computer drew from the stock.');
  assert.equal(describeEvent({ kind: 'drew', seat: 0, source: 'stock', card: '7C' }), 'You drew 7♣ from the stock.');
  assert.equal(describeEvent({ kind: 'discarded', seat: 1, card: '9C' }), 'The computer discarded 9♣.');
  assert.equal(describeEvent({ kind: 'knocked', seat: 1, card: '6C', deadwood: 3 }),
    'The computer knocked, discarding 6♣ (deadwood 3).');
  assert.equal(describeEvent({ kind: 'hand_ended', seat: 0, points: 17, result: 'knock' }),
    'You won the hand: 17 points (knock).');
  assert.equal(describeEvent({ kind: 'hand_ended', seat: null, result: 'no_score' }), 'Nobody scores this hand.');
  assert.equal(speakEvent({ kind: 'discarded', seat: 1, card: '9C' }), 'The computer discarded nine of clubs.');
});

test('tables after each event undo back to the deal', () => {
  for (const name of ['hand-knock.json', 'hand-take.json']) {
    const { view, events } = fixture(name);
    const hand = events.filter((e) => e.hand === view.hand_number);
    const after = tablesAfter(view, hand);
    assert.equal(after.length, hand.length);
    assert.deepEqual(after[after.length - 1], tableOf(view));
    assert.deepEqual(after[0], { pile: [view.upcard], stock: 31, counts: [10, 10] }, name);
    // Forward consistency: undoing event i from the table after it gives the table after event i - 1.
    for (let i = 1; i < hand.length; i += 1) assert.deepEqual(undoEvent(after[i], hand[i]), after[i - 1]);
  }
});

test('the result in words, from a real finished hand', () => {
  const { view } = fixture('hand-knock.json');
  const summary = resultSummary(view);
  assert.equal(summary.headline, 'The computer knocked and won the hand.');
  assert.equal(summary.arithmetic, 'Knock: 14 − 9 = 5 to the computer');
  assert.deepEqual(scoreSheet(view), [{ hand: 1, outcome: 'Knock', winner: 'Computer', points: 5, you: 0, computer: 5 }]);
  assert.equal(matchSummary(view), null);
});

test('laid-off cards are placed on the knocker melds they were laid off on', () => {
  const showdown = {
    knocker_melds: [['7D', '7H', '7S'], ['2C', '3C', '4C'], ['9H', 'TH', 'JH']],
    layoffs: [{ card: '5C', meld: 1 }, { card: 'QH', meld: 2 }],
  };
  const melds = meldsWithLayoffs(showdown);
  assert.deepEqual(melds[1].cards, ['2C', '3C', '4C', '5C']);
  assert.deepEqual(melds[2].cards, ['9H', 'TH', 'JH', 'QH']);
  assert.ok(melds[1].laidOff.has('5C') && !melds[1].laidOff.has('4C'));
  assert.equal(melds[0].laidOff.size, 0);
});

test('undercut, multiplier and line bonus arithmetic uses the server total', () => {
  const view = {
    result: {
      outcome: 'undercut', winner: 0, knocker: 1, points: 71, multiplier: 2, line_bonus: 15,
      showdown: { explanation: 'Undercut: 25 + 8 − 5 = 28' },
    },
  };
  const summary = resultSummary(view);
  assert.equal(summary.headline, 'Undercut! You beat the computer’s knock.');
  assert.equal(summary.arithmetic, 'Undercut: 25 + 8 − 5 = 28 × 2 + 15 line bonus = 71 to you');
  assert.equal(resultSummary({ result: { outcome: 'no_score', winner: null, points: 0, showdown: null } }).arithmetic,
    'Nobody scores.');
});

test('match summary uses the final scores when the rules add bonuses', () => {
  const view = { phase: 'match_over', winner: 1, scores: [40, 104], final_scores: [65, 279] };
  assert.deepEqual(matchSummary(view).scores, [65, 279]);
  assert.equal(matchSummary(view).headline, 'The computer wins the match.');
});

test('records of finished hands are kept once each and charted as net points', () => {
  const view = {
    history: [
      { number: 1, starter: 1, outcome: 'knock', winner: 0, points: 17, scores: [17, 0] },
      { number: 2, starter: 0, outcome: 'gin', winner: 1, points: 40, scores: [17, 40] },
    ],
  };
  const once = recordHands([], 'g1', view, '2026-01-01T00:00:00Z');
  const twice = recordHands(once, 'g1', view, '2026-01-02T00:00:00Z');
  assert.equal(once.length, 2);
  assert.deepEqual(twice, once);
  assert.deepEqual(netPointsSeries(once).map((p) => p.y), [17, -23]);
});

test('new game request sends only what differs from the preset', () => {
  const house = { big_gin: false, oklahoma: false, straight_gin: false, line_bonus: 0 };
  const bigGin = { ...house, big_gin: true };
  const plain = { level: 'hard', rules: 'house', target: '', variants: variantsOf(house) };
  assert.deepEqual(newGameRequest(plain, house), { level: 'hard', rules: 'house', settings: {} });
  assert.deepEqual(newGameRequest({ ...plain, target: '250', variants: { ...variantsOf(house), oklahoma: true } }, house),
    { level: 'hard', rules: 'house', settings: { target: 250, oklahoma: true } });
  assert.deepEqual(newGameRequest({ ...plain, rules: 'big-gin', variants: { ...variantsOf(bigGin), big_gin: false, line_bonus: true } }, bigGin),
    { level: 'hard', rules: 'big-gin', settings: { big_gin: false, line_bonus: 15 } });
});
