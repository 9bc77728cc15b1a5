import assert from 'node:assert/strict';
import test from 'node:test';

import { DEFAULT_SETTINGS } from '../../frontend/js/storage.js';
import {
  afterMove, dropCard, initialState, logEvent, moveCard, reviewAt, say, select, showing, shownOrder, sortHand, withGame,
  withHint, withLog, withMatches, withReview, withSettings, withoutGame,
} from '../../frontend/js/state.js';

const view = {
  seat: 0, hand_number: 1, phase: 'draw', turn: 0,
  hand: ['3C', '6C', '5D', '6D', '7D', '2H', '3H', '4H', '2S', 'KS'],
  melds: [['5D', '6D', '7D'], ['2H', '3H', '4H']],
  deadwood_cards: ['3C', '6C', '2S', 'KS'],
};
const game = (v = view, version = 1) => ({ id: 'g1', token: 't', version, level: 'easy', view: v });
const start = () => withGame(initialState(DEFAULT_SETTINGS, { seen: [], done: false }), game());

test('a game read again keeps the table; another game starts a fresh one', () => {
  const s = select(start(), 'KS');
  assert.equal(withGame(s, game(view, 2)).table.selected, 'KS');
  assert.equal(withGame(s, { ...game(), id: 'g2' }).table.selected, null);
  assert.equal(withGame(s, game({ ...view, hand: view.hand.filter((c) => c !== 'KS') })).table.selected, null);
  assert.equal(withoutGame(s).game, null);
});

test('a move brings fresh cards; a new hand starts a new log and arrangement', () => {
  let s = logEvent(start(), { kind: 'passed', seat: 1 });
  s = dropCard(s, 'KS', 0);
  const drew = afterMove(s, { version: 2, view: { ...view, phase: 'discard', hand: [...view.hand, '9S'] } });
  assert.deepEqual(drew.table.fresh, ['9S']);
  assert.equal(drew.game.version, 2);
  assert.equal(drew.table.log.length, 1);
  assert.deepEqual(shownOrder(drew).slice(0, 1), ['KS'], 'the own order of this hand is kept');
  assert.equal(shownOrder(drew)[10], '9S');
  const next = afterMove(drew, { version: 3, view: { ...view, hand_number: 2 } });
  assert.deepEqual(next.table.log, []);
  assert.deepEqual(next.table.fresh, []);
  assert.equal(next.table.arrangement.own, false, 'a new hand is shown in melds again');
});

test('the log: one line per event, a new hand starts it again', () => {
  let s = withLog(start(), [{ kind: 'hand_started', hand: 1, seat: 0, card: '2H' }, { kind: 'passed', seat: 0 }]);
  assert.equal(s.table.log.length, 2);
  s = logEvent(s, { kind: 'hand_started', hand: 2, seat: 1, card: '5C' });
  assert.equal(s.table.log.length, 1);
  assert.match(s.table.log[0].text, /^Hand 2/);
});

test('the log read late: moves logged meanwhile stay after it, none twice', () => {
  const dealt = { kind: 'hand_started', hand: 1, seat: 1, card: '2H', seq: 1 };
  const passed = { kind: 'passed', seat: 1, seq: 2 };
  const drew = { kind: 'drew', source: 'stock', seat: 0, seq: 3 };
  // The player moved before the hand's log arrived: the move is logged, then the log read at opening comes in.
  let s = logEvent(start(), drew);
  s = withLog(s, [dealt, passed]);
  assert.deepEqual(s.table.log.map((e) => e.seq), [1, 2, 3]);
  // A log read after the move holds it already; shown once, and an event heard again is not logged again.
  s = withLog(logEvent(start(), drew), [dealt, passed, drew]);
  assert.deepEqual(s.table.log.map((e) => e.seq), [1, 2, 3]);
  assert.deepEqual(logEvent(s, passed).table.log.map((e) => e.seq), [1, 2, 3]);
});

test('selection, hints and feedback', () => {
  let s = say(start(), 'Draw a card first.', 'error');
  assert.deepEqual(s.table.feedback, { text: 'Draw a card first.', kind: 'error' });
  s = select(s, '2S');
  assert.equal(s.table.feedback, null);
  s = withHint(s, { action: { kind: 'discard', card: 'KS' }, reason: 'It is deadwood.', button: 'discard' });
  assert.equal(s.table.selected, 'KS');
  s = withHint(s, { action: { kind: 'draw', source: 'stock' }, reason: 'x', button: 'draw_stock' });
  assert.equal(s.table.selected, 'KS');
  assert.equal(showing(s, { pile: [], stock: 3, counts: [10, 10] }).table.playing, true);
  assert.equal(showing(s, null).table.playing, false);
});

test('moving cards makes the order the player own for the hand; sorting goes back', () => {
  let s = moveCard(start(), '5D', -1);
  assert.equal(s.table.arrangement.own, true);
  const before = shownOrder(start());
  assert.deepEqual(shownOrder(moveCard(start(), before[1], -1)).slice(0, 2), [before[1], before[0]]);
  s = sortHand(s, 'melds');
  assert.equal(s.table.arrangement.own, false);
  assert.deepEqual(shownOrder(s), before);
});

test('turning auto-arrange on shows the melds at once; off keeps an order', () => {
  const moved = dropCard(start(), 'KS', 0);
  const off = withSettings(moved, { ...DEFAULT_SETTINGS, autoArrange: false });
  assert.equal(off.table.arrangement.own, true);
  assert.equal(shownOrder(off)[0], 'KS');
  const on = withSettings(off, { ...DEFAULT_SETTINGS, autoArrange: true });
  assert.equal(on.table.arrangement.own, false);
  assert.notEqual(shownOrder(on)[0], 'KS');
});

test('review steps stay inside the hand; match pages add up', () => {
  let s = withReview(start(), { frames: [{}, {}, {}], hand: 1, back: '#/play' });
  assert.equal(s.review.step, 0);
  assert.equal(reviewAt(s, 9).review.step, 2);
  assert.equal(reviewAt(s, -1).review.step, 0);
  s = withMatches(s, { matches: [{ game_id: 'a' }], next: 'c1' });
  s = withMatches(s, { matches: [{ game_id: 'b' }], next: null }, true);
  assert.deepEqual(s.matches.items.map((m) => m.game_id), ['a', 'b']);
  assert.equal(s.matches.next, null);
  assert.deepEqual(withMatches(s, { matches: [], next: null }).matches.items, []);
});
