// The result screen: a match's moment, then the hand's result, the coach's review on request, the showdown, the
// score sheet and the fair-deal check.

import { byId, clear, h } from '../dom.js';
import { YOU, legalMoves, outcomeWord } from '../model.js';
import { lostOver, matchSummary, moveWords, points, resultSummary } from '../results.js';
import { coachKey, patch, withAnalysis } from '../state.js';
import { focusHeading } from '../ui.js';
import { renderScoreSheet, renderShowdown, scoresChart } from './sheet.js';

const CONFETTI = 18;
export const LOOKING = 'The coach is looking at your moves…';

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
      bit.style.setProperty('--i', String(i)); // the CSSOM: the page's policy forbids style attributes
      confetti.append(bit);
    }
  } else if (!match.won) clear(confetti);
}

function renderLost(root, lost) {
  root.hidden = !lost;
  if (lost) for (const figure of root.querySelectorAll('[data-lost]')) figure.textContent = points(lost[figure.dataset.lost]);
}

function renderCoach({ data, error } = {}) {
  const worst = data && data.costliest;
  byId('coach-status').textContent = error || (!data ? LOOKING : worst ? `Mistakes: ${data.mistakes} of your ${data.decisions.length} decisions.`
    : 'No mistakes: every decision was as good as the hard computer’s, or too close to call.');
  byId('coach-worst').hidden = !worst;
  if (worst) {
    byId('coach-played').textContent = moveWords(worst.played);
    byId('coach-best').textContent = moveWords(worst.best);
    byId('coach-cost').textContent = points(worst.cost);
    byId('coach-why').textContent = worst.why;
  }
  renderLost(byId('coach-lost'), data && data.lost);
}

function renderMatchCoach(entries) {
  const done = entries.filter((e) => e && e.data).map((e) => e.data);
  const failed = entries.find((e) => e && e.error);
  const all = done.length === entries.length && lostOver(done);
  byId('coach-match-status').textContent = failed ? failed.error : all ? `Hands reviewed: ${done.length}. Mistakes: ${all.mistakes}.`
    : `The coach is looking at hand ${done.length + 1} of ${entries.length}…`;
  renderLost(byId('coach-match-lost'), all);
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
  const key = coachKey(game.id, view.hand_number);
  byId('coach').hidden = state.coachHand !== key;
  if (state.coachHand === key) renderCoach(state.analyses[key]);
  byId('coach-review').href = `#/review/${view.hand_number}`;
  byId('coach-match').hidden = state.coachMatch !== game.id;
  if (state.coachMatch === game.id) renderMatchCoach(view.history.map((x) => state.analyses[coachKey(game.id, x.number)]));
}

/** The coach: each hand's review read once, kept in the state (the review screen shows it too). */
export function createCoach({ api, get, update }) {
  const asked = new Map();

  /** Resolves to the review of a hand, or to null when it could not be read (asked again next time). */
  function analyse(id, token, hand) {
    const key = coachKey(id, hand);
    const keep = (entry) => update((s) => withAnalysis(s, key, entry));
    if (!asked.has(key)) {
      keep({ loading: true });
      asked.set(key, api.analysis(id, token, hand).then((data) => {
        keep({ data });
        return data;
      }, (error) => {
        asked.delete(key);
        keep({ error: error.status === 429 ? 'The coach is busy: too many reviews in the last minute. Wait a minute, then ask again.'
          : `The coach could not review the hand: ${error.detail}` });
        return null;
      }));
    }
    return asked.get(key);
  }

  return {
    analyse,
    hand() {
      const { game } = get();
      update((s) => patch(s, { coachHand: coachKey(game.id, game.view.hand_number) }));
      analyse(game.id, game.token, game.view.hand_number);
    },
    async match() {
      const { game } = get();
      update((s) => patch(s, { coachMatch: game.id }));
      for (const x of game.view.history) if (!(await analyse(game.id, game.token, x.number))) return;
    },
  };
}

export function bindResult(ctx, table) {
  const { get, update } = ctx;
  const again = () => ctx.playAgain();
  byId('next-hand-button').addEventListener('click', () => table.intents.action('next_hand'));
  byId('review-button').addEventListener('click', () => ctx.go(`#/review/${get().game.view.hand_number}`));
  byId('play-again').addEventListener('click', again);
  byId('play-again-after').addEventListener('click', again);
  byId('coach-button').addEventListener('click', () => ctx.coach.hand());
  byId('coach-match-button').addEventListener('click', () => ctx.coach.match());
  byId('moment-details').addEventListener('click', () => {
    update((s) => patch(s, { celebrated: s.game.id }));
    focusHeading('result');
  });
}
