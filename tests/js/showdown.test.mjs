import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import { setOpponent } from '../../frontend/js/model.js';
import { showdownModel } from '../../frontend/js/showdown.js';

setOpponent('computer');
const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'));

// You (seat 0) knocked; the computer lays 6♥ off on your hearts.
const knock = {
  seat: 0, phase: 'hand_over',
  result: {
    outcome: 'knock', winner: 0, knocker: 0, points: 20, knock_card: 'QS', multiplier: 1, line_bonus: 0,
    showdown: {
      kind: 'knock', knocker_deadwood: 10, defender_deadwood: 30, defender_deadwood_before_layoffs: 36,
      layoffs: [{ card: '6H', meld: 1 }],
      knocker_melds: [['9D', 'TD', 'JD'], ['7H', '8H', '9H']], knocker_deadwood_cards: ['3D', '2H', 'AD', '4H'],
      defender_melds: [['TC', 'JC', 'QC', 'KC']], defender_deadwood_cards: ['2S', '8S', '9S', 'AH', 'KH'],
      explanation: 'Knock: 30 − 10 = 20',
    },
  },
};

test('a knock laid out: theirs above, yours below, deadwood apart and counted', () => {
  const model = showdownModel(knock);
  const [theirs, yours] = model.sides;
  assert.equal(theirs.title, 'Computer laid off 6♥');
  assert.equal(yours.title, 'You knocked');
  assert.ok(yours.knocker && yours.mine && !theirs.knocker);
  assert.deepEqual(yours.melds.map((m) => m.cards), [['9D', 'TD', 'JD'], ['6H', '7H', '8H', '9H']]);
  assert.deepEqual(yours.melds[1].laidOff, ['6H']);
  assert.deepEqual([...yours.deadwood].sort(), ['2H', '3D', '4H', 'AD']); // loose, apart from the melds
  assert.equal(yours.count, 10);
  assert.equal(theirs.count, 30);
  assert.ok(!theirs.deadwood.includes('6H'));
  assert.equal(model.points, 'Knock: 30 − 10 = 20 to you');
});

test('before the layoffs move, the card is still in the defender’s deadwood, counted, and no points yet', () => {
  const model = showdownModel(knock, 'laid');
  const [theirs, yours] = model.sides;
  assert.equal(theirs.title, 'Computer defended');
  assert.ok(theirs.deadwood.includes('6H'));
  assert.equal(theirs.count, 36);
  assert.deepEqual(yours.melds[1].cards, ['7H', '8H', '9H']);
  assert.equal(model.points, null);
  assert.equal(showdownModel(knock, 'moved').points, null, 'the points come last');
  assert.deepEqual(showdownModel(knock, 'moved').sides[1].melds[1].laidOff, ['6H']);
});

test('the computer’s knock from a real game: its side is the knocker’s, yours the defender’s', () => {
  const { view } = fixture('hand-knock.json');
  const [theirs, yours] = showdownModel(view).sides;
  assert.equal(theirs.title, 'Computer knocked');
  assert.equal(yours.title, 'You defended');
  assert.equal(theirs.count, 9);
  assert.equal(yours.count, 14);
  assert.equal(theirs.melds.length, 2);
});

test('a dead hand shows both hands as they are; a hand in play shows nothing', () => {
  const dead = {
    seat: 0, phase: 'hand_over', result: { outcome: 'no_score', winner: null, showdown: null },
    revealed: [
      { melds: [['2C', '3C', '4C']], deadwood_cards: ['KD'], deadwood: 10 },
      { melds: [], deadwood_cards: ['5S', '9H'], deadwood: 14 },
    ],
  };
  const model = showdownModel(dead);
  assert.deepEqual(model.sides.map((s) => [s.title, s.count]), [['Computer’s hand', 14], ['Your hand', 10]]);
  assert.equal(model.points, 'Nobody scores.');
  assert.equal(showdownModel({ seat: 0, phase: 'draw', result: null }), null);
});
