// The result screen: a match's moment first (a celebration or a consolation), then the hand: its result, the
// showdown, the score sheet and the fair-deal check.

import { byId, clear, h } from '../dom.js';
import { YOU, legalMoves, outcomeWord } from '../model.js';
import { matchSummary, resultSummary } from '../results.js';
import { patch } from '../state.js';
import { focusHeading } from '../ui.js';
import { renderScoreSheet, renderShowdown, scoresChart } from './sheet.js';

const CONFETTI = 18;

function renderMoment(match, show) {
  const moment = byId('moment');
  moment.hidden = !show;
  if (!show) return;
  moment.dataset.won = String(match.won);
  byId('moment-title').textContent = match.won ? 'You win the match!' : 'The computer wins this match';
  byId('moment-score').textContent = `You ${match.scores[0]} · Computer ${match.scores[1]}`;
  byId('moment-cheer').textContent = match.cheer;
  const confetti = byId('confetti');
  if (match.won && confetti.childElementCount === 0) {
    for (let i = 0; i < CONFETTI; i += 1) {
      const bit = h('span');
      bit.style.setProperty('--i', String(i)); // through the CSSOM: the page's policy forbids style attributes
      confetti.append(bit);
    }
  } else if (!match.won) clear(confetti);
}

export function renderResult(state) {
  const { game } = state;
  if (!game) return;
  const { view } = game;
  const match = matchSummary(view);
  const moment = !!match && state.celebrated !== game.id;
  renderMoment(match, moment);
  byId('result-body').hidden = moment;
  const summary = resultSummary(view);
  byId('result-title').textContent = `Hand ${view.hand_number}: ${summary ? outcomeWord(summary.outcome) : 'result'}`;
  byId('result-headline').textContent = summary ? summary.headline : '';
  const arithmetic = byId('result-arithmetic');
  arithmetic.textContent = summary ? summary.arithmetic : '';
  arithmetic.classList.toggle('win', !!summary && summary.winner === YOU);
  arithmetic.classList.toggle('loss', !!summary && summary.winner === 1);
  byId('match-summary').hidden = !match;
  if (match) {
    byId('match-headline').textContent = match.headline;
    byId('match-line').textContent = match.line;
    clear(byId('match-chart')).append(scoresChart(view));
  }
  byId('next-hand-button').hidden = !legalMoves(view).nextHand || state.busy;
  byId('play-again-after').hidden = !match;
  renderShowdown(byId('showdown'), view);
  renderScoreSheet(byId('score-sheet'), view, (hand) => `#/review/${hand}`);
  byId('fair-commitment').textContent = view.commitment || '';
  byId('fair-salt').textContent = view.salt || '';
  byId('fair-deck').textContent = (view.deck || []).join(' ');
}

export function bindResult(ctx, table) {
  const { get, update } = ctx;
  const again = () => ctx.playAgain();
  byId('next-hand-button').addEventListener('click', () => table.intents.action('next_hand'));
  byId('review-button').addEventListener('click', () => ctx.go(`#/review/${get().game.view.hand_number}`));
  byId('play-again').addEventListener('click', again);
  byId('play-again-after').addEventListener('click', again);
  byId('moment-details').addEventListener('click', () => {
    update((s) => patch(s, { celebrated: s.game.id }));
    focusHeading('result');
  });
}
