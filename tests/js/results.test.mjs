import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';

import {
  fairReveal, matchSummary, resultSummary, scoreSheet,
} from '../../frontend/js/results.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

test('the result in words, from a real finished hand', () => {
  const { view } = fixture('hand-knock.json');
  const summary = resultSummary(view);
  assert.equal(summary.headline, 'The computer knocked and won the hand.');
  assert.equal(summary.arithmetic, 'Knock: 14 − 9 = 5 to the computer');
  assert.deepEqual(scoreSheet(view), [{ hand: 1, outcome: 'Knock', winner: 'Computer', points: 5, you: 0, them: 5 }]);
  assert.equal(matchSummary(view), null);
});

test('undercut, multiplier and line bonus arithmetic uses the server total', () => {
  const view = {
    seat: 0,
    result: {
      outcome: 'undercut', winner: 0, knocker: 1, points: 71, multiplier: 2, line_bonus: 15,
      showdown: { explanation: 'Undercut: 25 + 8 − 5 = 28' },
    },
  };
  const summary = resultSummary(view);
  assert.equal(summary.headline, 'Undercut! You beat the computer’s knock.');
  assert.equal(summary.arithmetic, 'Undercut: 25 + 8 − 5 = 28 × 2 + 15 line bonus = 71 to you');
  assert.equal(resultSummary({ seat: 0, result: { outcome: 'no_score', winner: null, points: 0, showdown: null } }).arithmetic,
    'Nobody scores.');
});

test('match summary uses the final scores when the rules add bonuses', () => {
  const view = { seat: 0, phase: 'match_over', winner: 1, scores: [40, 104], final_scores: [65, 279] };
  assert.deepEqual(matchSummary(view).scores, { you: 65, them: 279 });
  assert.equal(matchSummary(view).line, 'Final score: you 65, the computer 279.');
  assert.equal(matchSummary(view).headline, 'The computer wins the match.');
  assert.equal(matchSummary(view).won, false);
});

test('the match moment counts the hands and the Gins won', () => {
  const history = [
    { number: 1, outcome: 'gin', winner: 0, points: 40, scores: [40, 0] },
    { number: 2, outcome: 'knock', winner: 1, points: 9, scores: [40, 9] },
    { number: 3, outcome: 'undercut', winner: 0, points: 70, scores: [110, 9] },
  ];
  const won = matchSummary({ seat: 0, phase: 'match_over', winner: 0, scores: [110, 9], final_scores: [0, 0], history });
  assert.equal(won.won, true);
  assert.deepEqual(won.scores, { you: 110, them: 9 });
  assert.equal(won.cheer, 'You won 2 of 3 hands, 1 of them with Gin. Well played!');
  const lost = matchSummary({ seat: 0, phase: 'match_over', winner: 1, scores: [20, 101], history: history.slice(1, 2) });
  assert.match(lost.cheer, /^You won 0 of 1 hand\. /);
});

test('a daily deal keeps its deck until its day has ended; any other hand shows it when over', () => {
  assert.deepEqual(fairReveal({ daily: '2026-12-02', salt: null, deck: null }),
    { salt: 'shown once 2026-12-02 has ended (UTC)', deck: 'shown once 2026-12-02 has ended (UTC)' });
  assert.deepEqual(fairReveal({ daily: '2026-12-02', salt: 'ab', deck: ['7C', '3D'] }), { salt: 'ab', deck: '7C 3D' });
  assert.deepEqual(fairReveal({ daily: null, salt: 'ab', deck: ['7C', '3D'] }), { salt: 'ab', deck: '7C 3D' });
  assert.deepEqual(fairReveal({ daily: null, salt: null, deck: null }), { salt: '', deck: '' });
});
