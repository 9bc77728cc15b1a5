import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import { reviewFrames } from '../../frontend/js/replay.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const sorted = (cards) => [...cards].sort();

for (const name of ['hand-knock.json', 'hand-take.json']) {
  test(`review of ${name} rebuilds both hands to the revealed ones`, () => {
    const { view, events } = fixture(name);
    const frames = reviewFrames({ deck: view.deck, starter: view.starter, events, hand: view.hand_number, seat: view.seat });
    const first = frames[0];
    assert.equal(first.hands[0].length, 10);
    assert.equal(first.hands[1].length, 10);
    assert.deepEqual(first.pile, [view.deck[20]]);
    assert.equal(first.stock, 31);
    const last = frames[frames.length - 1];
    assert.deepEqual(sorted(last.hands[0]), sorted(view.revealed[0].cards));
    assert.deepEqual(sorted(last.hands[1]), sorted(view.revealed[1].cards));
    assert.deepEqual(last.pile, view.discard_pile);
    assert.equal(last.stock, view.stock_count);
    // Every move has a sentence, and no card is ever held twice.
    for (const frame of frames) {
      assert.ok(frame.text.length > 0);
      const all = [...frame.hands[0], ...frame.hands[1], ...frame.pile];
      assert.equal(new Set(all).size, all.length);
    }
  });
}

test('stock draws hidden from the events are taken from the revealed deck', () => {
  const { view, events } = fixture('hand-knock.json');
  const hidden = events.map((e) => (e.kind === 'drew' && e.source === 'stock' ? { ...e, card: undefined } : e));
  const a = reviewFrames({ deck: view.deck, starter: view.starter, events, hand: view.hand_number, seat: 0 });
  const b = reviewFrames({ deck: view.deck, starter: view.starter, events: hidden, hand: view.hand_number, seat: 0 });
  assert.deepEqual(b.map((f) => f.hands), a.map((f) => f.hands));
});

test('a hand not yet revealed cannot be reviewed', () => {
  assert.throws(() => reviewFrames({ deck: null, starter: 0, events: [], hand: 1 }), /not revealed/);
});
