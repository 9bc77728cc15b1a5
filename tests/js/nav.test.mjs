import assert from 'node:assert/strict';
import test from 'node:test';

import { navOf } from '../../frontend/js/nav.js';
import { isRoute } from '../../frontend/js/router.js';
import { choicesOf, GROUPS, layout, WORDS } from '../../frontend/js/screens/pickers.js';
import { CHOICES, DEFAULT_SETTINGS } from '../../frontend/js/storage.js';

test('the nav marks the screen shown; a review under Home when of the game in play, under Stats when of a past match', () => {
  assert.equal(navOf({ screen: 'settings' }), 'settings');
  assert.equal(navOf({ screen: 'table' }), 'home');
  assert.equal(navOf({ screen: 'result' }), 'home');
  assert.equal(navOf({ screen: 'match' }), 'stats');
  assert.equal(navOf({ screen: 'review', review: { back: '#/play' } }), 'home');
  assert.equal(navOf({ screen: 'review', review: { back: '#/matches/abc' } }), 'stats');
});

test('anchors within the page are not routes', () => {
  for (const hash of ['', '#', '#/', '#/settings', '#/matches/a/hands/2']) assert.ok(isRoute(hash), hash);
  for (const hash of ['#main', '#top']) assert.ok(!isRoute(hash), hash);
});

test('every setting kept has a picker, with words, each once', () => {
  const shown = layout().flatMap((group) => group.keys);
  assert.deepEqual([...shown].sort(), Object.keys(DEFAULT_SETTINGS).sort());
  for (const key of shown) assert.ok(WORDS[key]?.label, `${key} has no words`);
  assert.deepEqual(layout().map((group) => group.title), GROUPS.map((group) => group.title));
});

test("a setting's choices are all offered, in the order shown, with words", () => {
  for (const key of Object.keys(CHOICES)) {
    const values = choicesOf(key).map(([value]) => value);
    assert.deepEqual([...values].sort(), [...CHOICES[key]].sort(), key);
    for (const [, words] of choicesOf(key)) assert.ok(words && !words.includes('undefined'), key);
  }
  assert.deepEqual(choicesOf('cardSize').map(([value]) => value), ['small', 'medium', 'large']);
});

test('a setting the words do not know yet still gets a picker, named from its key', () => {
  const groups = layout({ ...DEFAULT_SETTINGS, pauseAfterTurn: true });
  assert.ok(groups.find((group) => group.title === 'Playing').keys.includes('pauseAfterTurn'));
});
