import assert from 'node:assert/strict';
import test from 'node:test';

import { TIPS, afterSeen, tipFor } from '../../frontend/js/tips.js';

const fresh = { seen: [], done: false };
const upcard = { seat: 0, phase: 'first_upcard', turn: 0, legal_actions: [{ kind: 'take_upcard', seat: 0 }, { kind: 'pass', seat: 0 }] };
const draw = { seat: 0, phase: 'draw', turn: 0, legal_actions: [{ kind: 'draw', seat: 0, source: 'stock' }] };
const discard = {
  seat: 0, phase: 'discard', turn: 0, discard_options: [{ card: '3D', deadwood: 4, can_knock: true, gin: false }],
  legal_actions: [{ kind: 'discard', seat: 0, card: '3D' }, { kind: 'knock', seat: 0, card: '3D' }],
};
const at = (view, tips = fresh, screen = 'table') => tipFor({ screen, game: { view }, tips, busy: false, table: { playing: false } });

test('each kind of step gets its tip once, in the order they come', () => {
  assert.equal(at(upcard), 'upcard');
  assert.equal(at(draw), 'draw');
  assert.equal(at(discard), 'discard');
  assert.equal(at(discard, { seen: ['discard'], done: false }), 'knock');
  assert.equal(at(discard, { seen: ['discard', 'knock'], done: false }), null);
  const over = { phase: 'hand_over', turn: null, result: { showdown: { kind: 'knock' } }, legal_actions: [] };
  assert.equal(at(over, fresh, 'result'), 'showdown');
  assert.equal(at({ ...over, result: { showdown: null } }, fresh, 'result'), null);
});

test('no tip while the computer plays, while busy, or once the tips are done', () => {
  assert.equal(at({ ...draw, turn: 1 }), null);
  assert.equal(tipFor({ screen: 'table', game: { view: draw }, tips: fresh, busy: true, table: { playing: false } }), null);
  assert.equal(tipFor({ screen: 'table', game: { view: draw }, tips: fresh, busy: false, table: { playing: true } }), null);
  assert.equal(at(draw, { seen: [], done: true }), null);
});

test('the tips are done once every kind has been seen', () => {
  let tips = fresh;
  for (const kind of TIPS) {
    assert.equal(tips.done, false);
    tips = afterSeen(tips, kind);
  }
  assert.equal(tips.done, true);
  assert.deepEqual(afterSeen({ seen: ['draw'], done: false }, 'draw').seen, ['draw']);
});
