import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import {
  buttonStates, canClaim, describeEvent, firstChoice, moment, prompt, refusal, selectionLine, setOpponent, sides, soundOf,
  tableOf, tablesAfter, who,
} from '../../frontend/js/model.js';
import { decisionSteps, reviewFrames } from '../../frontend/js/replay.js';
import { finalScores, matchSummary, resultSummary, scoreSheet } from '../../frontend/js/results.js';
import { initialState, logEvent, withGame } from '../../frontend/js/state.js';
import { DEFAULT_SETTINGS } from '../../frontend/js/storage.js';
import { tipFor } from '../../frontend/js/tips.js';

// Every answer speaks of seats by the server's numbers and says which is yours (`seat`): the browser reads them as
// they come. Seat 1 is whoever joined a friend's game by its link.

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const sorted = (cards) => [...cards].sort();

// The same table with the players in each other's chairs, as the server would tell it to seat 1: every seat number
// turned round, every pair by seat swapped. (Here, in the test, the API's seat fields are listed once by name; the
// browser never turns an answer round.)
const flip = (seat) => (seat === 0 || seat === 1 ? 1 - seat : seat);
const swap = (pair) => pair && [pair[1], pair[0]];
const flipped = (o, seats, pairs = []) => {
  const out = { ...o };
  for (const key of seats) if (key in o) out[key] = flip(o[key]);
  for (const key of pairs) if (key in o) out[key] = swap(o[key]);
  return out;
};
const otherEvent = (event) => flipped(event, ['seat']);
function otherChair(view) {
  const out = flipped(view, ['seat', 'turn', 'starter', 'winner'],
    ['scores', 'final_scores', 'hands_won', 'pile_takes', 'discards', 'revealed']);
  if (view.passed) out.passed = view.passed.map(flip);
  if (view.legal_actions) out.legal_actions = view.legal_actions.map(otherEvent);
  if (view.result) out.result = flipped(view.result, ['winner', 'knocker']);
  if (view.history) out.history = view.history.map((h) => flipped(h, ['starter', 'winner', 'knocker'], ['scores', 'deadwood', 'declined']));
  if (view.games) out.games = view.games.map((g) => flipped(g, ['winner'], ['scores', 'started']));
  return out;
}

const upcard = {
  seat: 0, phase: 'first_upcard', turn: 0, hand: [], discard_pile: ['QS'], passed: [1],
  legal_actions: [{ kind: 'take_upcard', seat: 0 }, { kind: 'pass', seat: 0 }],
};
const draw = {
  seat: 0, phase: 'draw', turn: 0, hand: [], discard_pile: ['9C'], passed: [],
  legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }, { kind: 'draw', seat: 0, source: 'discard' }],
};
const discard = {
  seat: 0, phase: 'discard', turn: 0, hand: ['3D', '2C', 'KS'], deadwood: 13, taken_card: 'KS', discard_pile: ['5S'],
  discard_options: [{ card: '3D', deadwood: 10, can_knock: true, gin: false }, { card: '2C', deadwood: 15, can_knock: false, gin: false }],
  legal_actions: [{ kind: 'discard', seat: 0, card: '3D' }, { kind: 'discard', seat: 0, card: '2C' }, { kind: 'knock', seat: 0, card: '3D' }],
};
const waiting = { ...draw, turn: 1, legal_actions: [] };
const MOMENTS = { upcard, draw, discard, waiting };

/** What the table says at a moment: prompt, pill, refusals, buttons, the tip, Claim. */
function tableWords(view) {
  const clock = { turn_seconds: 60, deadline: 1000 };
  return {
    prompt: prompt(view), moment: moment(view), busy: moment(view, { playing: true }),
    refusals: ['stock', 'pile', 'card'].map((target) => refusal(view, target, { card: '2C' })),
    buttons: buttonStates(view, '3D'), selection: selectionLine(view, 'KS'), claim: canClaim(clock, view, 1_000_500),
    tip: tipFor({ screen: 'table', game: { view }, tips: { seen: [], done: false }, busy: false, table: { playing: false } }),
  };
}

test('at every moment of a hand, seat 1 is told what seat 0 is told in its place', () => {
  for (const [name, view] of Object.entries(MOMENTS)) {
    const words = tableWords(view);
    assert.deepEqual(tableWords(otherChair(view)), words, name);
    assert.equal(otherChair(view).seat, 1);
  }
  assert.equal(tableWords(upcard).prompt, 'The computer passed. Take the upcard Q♠ or pass.');
  assert.equal(tableWords(waiting).moment.pill, 'Computer’s turn');
  assert.equal(tableWords(waiting).claim, true);
  assert.equal(tableWords(discard).tip, 'discard');
});

/** Everything said about a finished hand: headline, arithmetic, sheet, match, the log, the sounds, the review. */
function handWords(view, events) {
  const hand = events.filter((e) => e.hand === view.hand_number);
  const frames = reviewFrames({ deck: view.deck, starter: view.starter, events, hand: view.hand_number, seat: view.seat });
  const moves = frames.filter((f) => f.event?.seat === view.seat).map((f) => ({ kind: f.event.kind }));
  const tables = tablesAfter(view, hand);
  const result = resultSummary(view);
  return {
    result: { ...result, winner: who(result.winner, view.seat) }, sheet: scoreSheet(view), match: matchSummary(view),
    log: hand.map((e) => describeEvent(e, view.seat)), sounds: hand.map((e) => soundOf(e, view.seat)),
    review: frames.map((f) => [f.text, sorted(f.hands[view.seat]), sorted(f.hands[1 - view.seat]), f.pile]),
    decisions: [...decisionSteps(frames, moves, view.seat).keys()],
    counts: tables.map((t) => sides(t.counts, view.seat)),
  };
}

test('a finished hand reads the same to seat 1 in seat 0’s place: result, sheet, log, review, coach', () => {
  const { seat0: friends } = fixture('friend-match.json');
  const recorded = [
    ['hand-knock.json', fixture('hand-knock.json')],
    ['hand-take.json', fixture('hand-take.json')],
    ['friend-match.json', { view: friends.game.view, events: friends.events.events }],
  ];
  for (const [name, { view, events }] of recorded) {
    const words = handWords(view, events);
    assert.deepEqual(handWords(otherChair(view), events.map(otherEvent)), words, name);
    assert.ok(words.decisions.length > 1, name);
  }
});

test('one friend’s match as both seats were told it: each reads its own side (recorded)', () => {
  setOpponent('person');
  const { seat0, seat1 } = fixture('friend-match.json');
  const [host, guest] = [seat0.game.view, seat1.game.view];
  assert.deepEqual([host.seat, guest.seat, guest.result.knocker, guest.winner, guest.starter], [0, 1, 1, 1, 1]);

  assert.equal(resultSummary(guest).headline, 'You knocked and won the hand.');
  assert.equal(resultSummary(host).headline, 'Your friend knocked and won the hand.');
  assert.equal(resultSummary(guest).arithmetic, 'Knock: 32 − 8 = 24 to you');
  assert.equal(resultSummary(host).arithmetic, 'Knock: 32 − 8 = 24 to your friend');
  assert.deepEqual([matchSummary(guest).won, matchSummary(guest).headline, matchSummary(guest).scores], [true, 'You win the match!', { you: 24, them: 0 }]);
  assert.deepEqual([matchSummary(host).won, matchSummary(host).headline, matchSummary(host).scores],
    [false, 'Your friend wins the match.', { you: 0, them: 24 }]);
  assert.match(matchSummary(guest).cheer, /^You won 1 of 1 hand\./);
  assert.deepEqual(scoreSheet(guest), [{ hand: 1, outcome: 'Knock', winner: 'You', points: 24, you: 24, them: 0 }]);
  assert.deepEqual(scoreSheet(host), [{ hand: 1, outcome: 'Knock', winner: 'Friend', points: 24, you: 0, them: 24 }]);
  for (const view of [host, guest]) {
    assert.equal(sides(view.scores, view.seat).you, view.scores[view.seat]);
    assert.equal(tableOf(view).counts[view.seat], view.hand.length);
    assert.equal(moment(view).pill, 'Match over');
  }

  // The log and the sounds: the guest's knock is "You" to the guest and "Your friend" to the host.
  const knock = seat1.events.events.find((e) => e.kind === 'knocked');
  assert.equal(seat1.events.seat, 1);
  assert.match(describeEvent(knock, seat1.events.seat), /^You knocked, discarding /);
  assert.match(describeEvent(knock, seat0.events.seat), /^Your friend knocked, discarding /);
  const ended = seat1.events.events.find((e) => e.kind === 'match_ended');
  assert.deepEqual([soundOf(ended, 1), soundOf(ended, 0)], ['win', 'lose']);
  const guestTable = withGame(initialState(DEFAULT_SETTINGS, { seen: [], done: true }), { id: 'g', view: guest });
  assert.match(logEvent(guestTable, knock).table.log[0].text, /^You knocked/);

  // A past hand's review, from the player's match history: your hand is the one you held.
  for (const { hand, game } of [seat0, seat1]) {
    const frames = reviewFrames({ ...hand, hand: hand.number });
    assert.equal(frames[0].text, `The deal: ${firstChoice(1, hand.seat)}.`);
    assert.deepEqual(sorted(frames.at(-1).hands[hand.seat]), sorted(game.view.hand));
    const mine = frames.filter((f) => f.event?.seat === hand.seat && f.event.kind !== 'hand_ended' && f.event.kind !== 'match_ended');
    assert.ok(mine.length > 2 && mine.every((f) => /^You /.test(f.text)));
    const steps = decisionSteps(frames, mine.map((f) => f.event.kind), hand.seat);
    assert.deepEqual([...steps.values()], mine.map((f) => f.event.kind));
  }
  assert.equal(reviewFrames({ ...seat1.hand, hand: 1 })[0].text, 'The deal: you have the first choice of the upcard.');
  assert.equal(reviewFrames({ ...seat0.hand, hand: 1 })[0].text, 'The deal: your friend has the first choice of the upcard.');

  // The match history: each listed match has its own seat; the guest won this one.
  for (const [{ matches }, you, them] of [[seat0.matches, 0, 24], [seat1.matches, 24, 0]]) {
    const [listed] = matches;
    assert.deepEqual(sides(finalScores(listed), listed.seat), { you, them });
    assert.equal(listed.winner === listed.seat, you > them);
  }
  assert.deepEqual(scoreSheet(seat1.match), scoreSheet(guest));
  assert.deepEqual(scoreSheet(seat0.match), scoreSheet(host));
  setOpponent('computer');
});

test('a Hollywood match as both seats were told it (recorded): the sheet from each side', () => {
  const { seat0, seat1 } = fixture('two-seats.json');
  assert.deepEqual(scoreSheet(seat0).map((r) => [r.winner, r.you, r.them]), [['You', 36, 0], ['Computer', 36, 8]]);
  assert.deepEqual(scoreSheet(seat1).map((r) => [r.winner, r.you, r.them]), [['Computer', 0, 36], ['You', 8, 36]]);
  assert.equal(resultSummary(seat1).headline, 'You knocked and won the hand.');
  assert.equal(resultSummary(seat0).headline, 'The computer knocked and won the hand.');
});
