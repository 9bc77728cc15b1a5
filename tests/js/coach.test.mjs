import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import { decisionSteps, reviewFrames } from '../../frontend/js/replay.js';
import { lostOver, moveWords, points } from '../../frontend/js/results.js';
import { coachKey, initialState, withAnalysis } from '../../frontend/js/state.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const review = (lost, mistakes) => ({ lost, mistakes, decisions: [], costliest: null });

test('the points lost over a match are the sum of each hand’s, by kind', () => {
  const sum = lostOver([
    review({ draw: 1.25, discard: 12.09, knock: 0 }, 2),
    review({ draw: 0, discard: 0, knock: 0 }, 0),
    review({ draw: 2.5, discard: 3.1, knock: 4.75 }, 3),
  ]);
  assert.deepEqual(Object.keys(sum).sort(), ['discard', 'draw', 'knock', 'mistakes']);
  assert.ok(Math.abs(sum.draw - 3.75) < 1e-9);
  assert.ok(Math.abs(sum.discard - 15.19) < 1e-9);
  assert.ok(Math.abs(sum.knock - 4.75) < 1e-9);
  assert.equal(sum.mistakes, 5);
  assert.deepEqual(lostOver([]), { draw: 0, discard: 0, knock: 0, mistakes: 0 });
});

test('the coach’s moves and points in words', () => {
  assert.equal(moveWords({ kind: 'discard', seat: 0, card: 'KH' }), 'discard K♥');
  assert.equal(moveWords({ kind: 'knock', seat: 0, card: 'TS' }), 'knock, discarding 10♠');
  assert.equal(moveWords({ kind: 'draw', seat: 0, source: 'stock' }), 'draw from the stock');
  assert.equal(moveWords({ kind: 'draw', seat: 0, source: 'discard' }), 'take the discard');
  assert.equal(moveWords({ kind: 'take_upcard', seat: 0 }), 'take the upcard');
  assert.equal(moveWords({ kind: 'pass', seat: 0 }), 'pass on the upcard');
  assert.equal(points(12.94), '12.9 points');
  assert.equal(points(0), '0.0 points');
});

for (const name of ['hand-knock.json', 'hand-take.json']) {
  test(`the coach’s decisions of ${name} land on the person’s own moves, in order`, () => {
    const { view, events } = fixture(name);
    const frames = reviewFrames({ deck: view.deck, starter: view.starter, events, hand: view.hand_number, seat: view.seat });
    // One decision per move of the person, as the server lists them (Big Gin and Next hand are not rated).
    const moves = frames.filter((f) => f.event && f.event.seat === 0
      && ['passed', 'took_upcard', 'drew', 'discarded', 'knocked', 'gin'].includes(f.event.kind));
    assert.ok(moves.length > 2);
    const decisions = moves.map((f, i) => ({ index: i, kind: f.event.kind }));
    const steps = decisionSteps(frames, decisions, view.seat);
    assert.equal(steps.size, decisions.length);
    assert.deepEqual([...steps.keys()], moves.map((f) => f.step));
    for (const [step, decision] of steps) {
      assert.equal(frames[step].event.seat, 0);
      assert.equal(frames[step].event.kind, decision.kind);
    }
    // No decision is put on the deal or on the computer's moves.
    assert.ok(!steps.has(0));
    assert.ok(frames.filter((f) => f.event && f.event.seat === 1).every((f) => !steps.has(f.step)));
  });
}

test('each hand’s review is kept by game and hand', () => {
  const state = initialState({}, { seen: [], done: true });
  assert.deepEqual(state.analyses, {});
  const key = coachKey('g1', 2);
  assert.equal(key, 'g1/2');
  const loading = withAnalysis(state, key, { loading: true });
  const done = withAnalysis(loading, key, { data: review({ draw: 0, discard: 1, knock: 0 }, 1) });
  const other = withAnalysis(done, coachKey('g1', 3), { error: 'busy' });
  assert.deepEqual(state.analyses, {});
  assert.deepEqual(loading.analyses[key], { loading: true });
  assert.equal(other.analyses[key].data.mistakes, 1);
  assert.equal(other.analyses['g1/3'].error, 'busy');
});
