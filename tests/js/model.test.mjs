import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import {
  actionFor, buttonForAction, buttonStates, deadwoodLine, describeEvent, legalMoves, moment, prompt,
  canClaim, clockWords, refusal, secondsLeft, selectionLine, setOpponent, sides, soundOf, speakEvent, tableOf, tablesAfter, undoEvent, who,
} from '../../frontend/js/model.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const discardView = {
  seat: 0, phase: 'discard', turn: 0, hand: ['2C', '3C', '4C', '7D', '7H', '7S', '9H', 'TH', 'JH', '3D', 'KS'],
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
  assert.deepEqual(actionFor('gin', view, '3D'), { kind: 'knock', seat: 0, card: '3D' });
  assert.equal(buttonForAction({ kind: 'knock', card: '3D' }, view), 'gin');
  assert.match(prompt(view), /Gin/);
});

test('draw phase buttons and requests', () => {
  const view = {
    seat: 0, phase: 'draw', turn: 0, hand: [], discard_pile: ['9C'], passed: [],
    legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }, { kind: 'draw', seat: 0, source: 'discard' }],
  };
  const m = legalMoves(view);
  assert.ok(m.drawStock && m.drawDiscard && !m.takeUpcard);
  assert.equal(actionFor('draw_stock', view, null), view.legal_actions[0], 'the offered action itself, posted back as it is');
  assert.match(prompt(view), /draw from the stock or take the 9♣/);
  assert.equal(actionFor('draw_discard', view, null), view.legal_actions[1]);
  assert.equal(actionFor('discard', view, '9C'), null, 'not offered now');
});

test('first upcard prompt', () => {
  const view = {
    seat: 0, phase: 'first_upcard', turn: 0, hand: [], discard_pile: ['QS'], passed: [1],
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
  assert.equal(describeEvent({ kind: 'drew', seat: 1, source: 'stock' }, 0), 'The computer drew from the stock.');
  assert.equal(describeEvent({ kind: 'drew', seat: 0, source: 'stock', card: '7C' }, 0), 'You drew 7♣ from the stock.');
  assert.equal(describeEvent({ kind: 'discarded', seat: 1, card: '9C' }, 0), 'The computer discarded 9♣.');
  assert.equal(describeEvent({ kind: 'knocked', seat: 1, card: '6C', deadwood: 3 }, 0),
    'The computer knocked, discarding 6♣ (deadwood 3).');
  assert.equal(describeEvent({ kind: 'hand_ended', seat: 0, points: 17, result: 'knock' }, 0),
    'You won the hand: 17 points (knock).');
  assert.equal(describeEvent({ kind: 'hand_ended', seat: null, result: 'no_score' }, 0), 'Nobody scores this hand.');
  assert.equal(speakEvent({ kind: 'discarded', seat: 1, card: '9C' }, 0), 'The computer discarded nine of clubs.');
});

test('tables after each event undo back to the deal', () => {
  for (const name of ['hand-knock.json', 'hand-take.json']) {
    const { view, events } = fixture(name);
    const hand = events.filter((e) => e.hand === view.hand_number);
    const after = tablesAfter(view, hand);
    assert.equal(after.length, hand.length);
    assert.deepEqual(after[after.length - 1], tableOf(view));
    assert.deepEqual(after[0], { pile: [view.upcard], stock: 31, counts: [10, 10], known: [[], []] }, name);
    // Forward consistency: undoing event i from the table after it gives the table after event i - 1.
    for (let i = 1; i < hand.length; i += 1) assert.deepEqual(undoEvent(after[i], hand[i]), after[i - 1]);
  }
});

test('the status pill and the prompt come from one moment', () => {
  const draw = {
    seat: 0, phase: 'draw', turn: 0, hand: [], discard_pile: ['9C'], passed: [],
    legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }, { kind: 'draw', seat: 0, source: 'discard' }],
  };
  assert.deepEqual(moment(draw), { turn: 'you', pill: 'Your turn', prompt: prompt(draw) });
  // While the computer's moves are being shown, both say so, even though the view is already the person's turn.
  assert.deepEqual(moment(draw, { playing: true }), { turn: 'computer', pill: 'Computer’s turn', prompt: 'The computer is playing…' });
  assert.equal(moment({ ...draw, turn: 1, legal_actions: [] }).turn, 'computer');
  assert.deepEqual(moment({ seat: 0, phase: 'hand_over', turn: null }), { turn: 'over', pill: 'Hand over', prompt: 'The hand is over.' });
  assert.equal(moment({ seat: 0, phase: 'match_over', turn: null }).pill, 'Match over');
  assert.match(prompt(discardView, { singleTap: true }), /knock/);
  const plain = { ...discardView, legal_actions: discardView.legal_actions.filter((a) => a.kind === 'discard') };
  assert.equal(prompt(plain, { singleTap: true }), 'Tap a card to discard it.');
  assert.match(prompt(plain), /tap a card twice, or drag it to the pile/);
});

test('a refused tap always gets a sentence that says why', () => {
  const upcard = { seat: 0, phase: 'first_upcard', turn: 0, discard_pile: ['QS'], legal_actions: [{ kind: 'take_upcard', seat: 0 }, { kind: 'pass', seat: 0 }] };
  assert.equal(refusal(upcard, 'stock'), 'First take the upcard or pass.');
  assert.equal(refusal(upcard, 'card', { card: '7H' }), 'Take the upcard or pass first.');
  const draw = { seat: 0, phase: 'draw', turn: 0, discard_pile: [], legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }] };
  assert.equal(refusal(draw, 'card', { card: '7H' }), 'Draw a card first: tap the stock or the pile.');
  assert.equal(refusal(draw, 'pile'), 'The pile is empty: draw from the stock.');
  assert.equal(refusal(discardView, 'stock'), 'You have drawn: now discard a card.');
  assert.match(refusal(discardView, 'card', { card: 'KS' }), /just taken from the discard pile/);
  assert.equal(refusal({ ...discardView, turn: 1 }, 'stock'), 'Wait: the computer is playing.');
  assert.equal(refusal(discardView, 'stock', { playing: true }), 'Wait: the computer is playing.');
  assert.equal(refusal({ phase: 'hand_over' }, 'pile'), 'The hand is over.');
});

test('events make the sounds of the table', () => {
  assert.equal(soundOf({ kind: 'hand_started' }, 0), 'deal');
  assert.equal(soundOf({ kind: 'drew', seat: 1 }, 0), 'draw');
  assert.equal(soundOf({ kind: 'discarded', seat: 1 }, 0), 'discard');
  assert.equal(soundOf({ kind: 'knocked', seat: 1 }, 0), 'knock');
  assert.equal(soundOf({ kind: 'gin', seat: 1 }, 0), 'gin');
  assert.equal(soundOf({ kind: 'match_ended', seat: 0 }, 0), 'win');
  assert.equal(soundOf({ kind: 'match_ended', seat: 1 }, 0), 'lose');
  assert.equal(soundOf({ kind: 'match_ended', seat: 1 }, 1), 'win');
  assert.equal(soundOf({ kind: 'passed', seat: 1 }, 0), null);
});

test('a turn clock counts whole seconds down to its deadline, and past it', () => {
  assert.equal(secondsLeft(null, 0), null);
  assert.equal(secondsLeft({ turn_seconds: 60, deadline: null }, 0), null);
  assert.equal(secondsLeft({ turn_seconds: 60, deadline: 1000 }, 940_500), 60);
  assert.equal(secondsLeft({ turn_seconds: 60, deadline: 1000 }, 999_999), 1);
  assert.equal(secondsLeft({ turn_seconds: 60, deadline: 1000 }, 1_003_000), -3);
  // The pill: the turn's own seconds first, then a public match's reserve apart.
  const view = { turn: 1 };
  assert.equal(clockWords(null, view, 0), '');
  assert.equal(clockWords({ turn_seconds: 60, deadline: 1000 }, view, 940_500), '60 s');
  const reserves = { turn_seconds: 45, deadline: 1165, reserves: [30, 120.4] }; // seat 1 to move: 45 + 120 s
  assert.equal(clockWords(reserves, view, 1_000_000), '45 s (+120 s)');
  assert.equal(clockWords(reserves, view, 1_050_000), '115 s (reserve)');
  assert.equal(clockWords(reserves, view, 1_170_000), '0 s (reserve)');
});

test('the match may be claimed only when a turn clock has run out on the other seat', () => {
  const theirTurn = { seat: 0, turn: 1 };
  assert.equal(canClaim(null, theirTurn, 5_000_000), false); // no clock in this game: never
  assert.equal(canClaim({ turn_seconds: 60, deadline: null }, theirTurn, 5_000_000), false); // nobody to move
  assert.equal(canClaim({ turn_seconds: 60, deadline: 1000 }, theirTurn, 999_000), false); // time left
  assert.equal(canClaim({ turn_seconds: 60, deadline: 1000 }, theirTurn, 1_000_500), true);
  assert.equal(canClaim({ turn_seconds: 60, deadline: 1000 }, { seat: 0, turn: 0 }, 1_000_500), false); // your own turn
  // Seat 1 (who joined by the invite) claims when seat 0 let the clock run out, never on its own turn.
  assert.equal(canClaim({ turn_seconds: 60, deadline: 1000 }, { seat: 1, turn: 0 }, 1_000_500), true);
  assert.equal(canClaim({ turn_seconds: 60, deadline: 1000 }, { seat: 1, turn: 1 }, 1_000_500), false);
});

test('a persona is named by its name in every sentence, the computer again after it', () => {
  setOpponent('computer', 'Quinn');
  assert.equal(describeEvent({ kind: 'passed', seat: 1 }, 0), 'Quinn passed on the upcard.');
  assert.equal(moment({ seat: 0, phase: 'draw', turn: 1 }).pill, 'Quinn’s turn');
  assert.equal(who(1, 0, false), 'Quinn');
  setOpponent('computer');
  assert.equal(who(1, 0, false), 'the computer');
  assert.equal(moment({ seat: 0, phase: 'draw', turn: 1 }).pill, 'Computer’s turn');
});

test('the other seat is named the computer or your friend in every sentence', () => {
  setOpponent('person');
  assert.equal(describeEvent({ kind: 'passed', seat: 1 }, 0), 'Your friend passed on the upcard.');
  assert.equal(describeEvent({ kind: 'resigned', seat: 1 }, 0), 'Your friend resigned the match.');
  assert.equal(moment({ seat: 0, phase: 'draw', turn: 1 }).pill, 'Friend’s turn');
  assert.equal(moment({ seat: 0, phase: 'draw', turn: 0 }, { waiting: true }).pill, 'Waiting for your friend');
  setOpponent('computer');
  assert.equal(who(1, 0, false), 'the computer');
  assert.equal(describeEvent({ kind: 'resigned', seat: 0 }, 0), 'You resigned the match.');
});
