import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import { asYou } from '../../frontend/js/seats.js';

// Both seats' views of one Hollywood match after its second hand (seat 1 won it by a knock), as the server sent
// them (view_for(state, seat).to_json()).
const { seat0, seat1 } = JSON.parse(readFileSync(new URL('./fixtures/two-seats.json', import.meta.url)));
const flip = (seat) => (seat === null ? null : 1 - seat);
const reversed = (pair) => [pair[1], pair[0]];

test("seat 1's answer is turned round so that it reads like seat 0's", () => {
  const data = asYou({ game_id: 'g', seat: 1, view: seat1, events: [{ kind: 'knocked', seat: 1, seq: 9 }],
    rematch: { offered_by: 1, game_id: null } });
  const v = data.view;
  assert.equal(data.seat, 0);
  assert.equal(v.seat, 0);
  assert.deepEqual(data.events, [{ kind: 'knocked', seat: 0, seq: 9 }]);
  assert.deepEqual(data.rematch, { offered_by: 0, game_id: null });
  for (const key of ['scores', 'final_scores', 'hands_won', 'pile_takes', 'discards', 'revealed']) {
    assert.deepEqual(v[key], reversed(seat0[key]), key);
  }
  for (const key of ['starter', 'turn', 'winner']) assert.equal(v[key], flip(seat0[key]), key);
  assert.equal(v.result.winner, 0);
  assert.equal(v.result.winner, flip(seat0.result.winner));
  assert.equal(v.result.knocker, flip(seat0.result.knocker));
  assert.deepEqual(v.result.showdown, seat0.result.showdown);
  assert.deepEqual(v.history.map((h) => [h.winner, h.starter, h.knocker, h.scores, h.deadwood]),
    seat0.history.map((h) => [flip(h.winner), flip(h.starter), flip(h.knocker), reversed(h.scores), reversed(h.deadwood)]));
  assert.deepEqual(v.games.map((g) => [g.scores, g.started]), seat0.games.map((g) => [reversed(g.scores), reversed(g.started)]));
  assert.deepEqual(v.revealed[0].cards.toSorted(), seat1.hand.toSorted());
  assert.ok(v.legal_actions.length > 0 && v.legal_actions.every((a) => a.seat === 0));
  for (const key of ['hand', 'stock_count', 'discard_pile', 'upcard', 'commitment', 'phase', 'knock_limit']) {
    assert.deepEqual(v[key], seat1[key], key);
  }
});

test("seat 0's answers and other shapes pass unchanged; a match list is turned per match", () => {
  const mine = { seat: 0, view: seat0, events: [{ kind: 'passed', seat: 1 }] };
  assert.equal(asYou(mine), mine);
  assert.equal(asYou(null), null);
  const list = asYou({ matches: [{ seat: 1, scores: [3, 40], final_scores: [3, 140], winner: 1 },
    { seat: 0, scores: [1, 2], winner: null }], next: null });
  assert.deepEqual(list.matches, [{ seat: 0, scores: [40, 3], final_scores: [140, 3], winner: 0 },
    { seat: 0, scores: [1, 2], winner: null }]);
  const deal = asYou({ seat: 1, starter: 1, deck: ['AS'], events: [{ kind: 'drew', seat: 0 }] });
  assert.deepEqual([deal.starter, deal.events[0].seat], [0, 1]);
});
