// The result sheet, risen over the felt where the hand is laid out (showdown.js): the match's moment, the hand's
// result and review, the coach, the score sheet, the fair deal.

import { byId, clear, h, onClick, setText } from '../dom.js';
import { legalMoves, outcomeWord, them, theirName } from '../model.js';
import { fairReveal, lostOver, matchSummary, moveWords, points, resultSummary } from '../results.js';
import { coachKey, withAnalysis } from '../state.js';
import { focusHeading } from '../ui.js';
import { renderTable } from './tableview.js';

const CONFETTI = 18;
export const LOOKING = 'The coach is looking at your moves…';

function renderMoment(match, show, rated) {
  const moment = byId('moment');
  moment.hidden = !show;
  if (!show) return;
  byId('moment-rating').hidden = !rated;
  setText('moment-rating', rated || '');
  moment.dataset.won = match.won;
  setText('moment-title', match.won ? 'You win the match!' : `${them()} wins this match`);
  setText('moment-score', `You ${match.scores.you} · ${theirName()} ${match.scores.them}`);
  setText('moment-cheer', match.cheer);
  const confetti = byId('confetti');
  if (!match.won) clear(confetti);
  else if (!confetti.childElementCount) {
    for (let i = 0; i < CONFETTI; i += 1) {
      const bit = h('span');
      bit.style.setProperty('--i', i); // the CSSOM: the page's policy forbids style attributes
      confetti.append(bit);
    }
  }
}

function renderLost(root, lost) {
  root.hidden = !lost;
  if (lost) for (const figure of root.querySelectorAll('[data-lost]')) figure.textContent = points(lost[figure.dataset.lost]);
}

function renderCoach({ data, error } = {}) {
  const worst = data?.costliest;
  setText('coach-status', error || (!data ? LOOKING : worst ? `Mistakes: ${data.mistakes} of your ${data.decisions.length} decisions.`
    : 'No mistakes: every decision was as good as the hard computer’s, or too close to call.'));
  byId('coach-worst').hidden = !worst;
  if (worst) {
    setText('coach-played', moveWords(worst.played));
    setText('coach-best', moveWords(worst.best));
    setText('coach-cost', points(worst.cost));
    // It went well this time: said first, with what the better move was worth; then the reasons.
    setText('coach-why', data.worked_out ? `${data.worked_out} ${worst.because}` : worst.why);
  }
  renderLost(byId('coach-lost'), data?.lost);
}

function renderMatchCoach(entries) {
  const done = entries.filter((e) => e?.data).map((e) => e.data);
  const failed = entries.find((e) => e?.error);
  const all = done.length === entries.length && lostOver(done);
  setText('coach-match-status', failed ? failed.error : all ? `Hands reviewed: ${done.length}. Mistakes: ${all.mistakes}.`
    : `The coach is looking at hand ${done.length + 1} of ${entries.length}…`);
  renderLost(byId('coach-match-lost'), all);
}

let sheets = null; // sheet.js (the score sheet, the chart): fetched when a result is first drawn, not on a first visit

/** `draw` with sheet.js once it is here (drawings come in the order they were asked for, so the newest wins). */
function withSheets(draw) {
  sheets ||= import('./sheet.js').catch((error) => {
    sheets = null; // not fetched (offline): tried again at the next drawing
    throw error;
  });
  sheets.then(draw, () => {});
}

export function renderResult(state) {
  const { game } = state;
  if (!game) return;
  const { view } = game;
  // A sheet over the table: the finished hand stays laid out on the felt beneath it.
  byId('screen-table').hidden = false;
  renderTable(state);
  const match = matchSummary(view);
  const moment = !!match && state.celebrated !== game.id;
  renderMoment(match, moment, state.rated?.game === game.id && state.rated.text);
  byId('result-body').hidden = moment;
  const summary = resultSummary(view);
  setText('result-title', `Hand ${view.hand_number}: ${summary ? outcomeWord(summary.outcome) : 'result'}`);
  setText('result-headline', summary?.headline);
  const arithmetic = byId('result-arithmetic');
  arithmetic.textContent = summary?.arithmetic;
  arithmetic.classList.toggle('win', summary?.winner === view.seat);
  arithmetic.classList.toggle('loss', summary?.winner === 1 - view.seat);
  byId('match-summary').hidden = !match;
  if (match) {
    setText('match-headline', match.headline);
    setText('match-line', match.line);
  }
  setText('chart-them', them(false));
  byId('next-hand-button').hidden = !legalMoves(view).nextHand || state.busy;
  byId('play-again-after').hidden = !match;
  // A rematch offered by you, by your friend, by nobody; against the computer, play again.
  const by = game.rematch?.offered_by;
  const offer = game.opponent?.kind !== 'person' ? 3 : by == null ? 2 : by === view.seat ? 0 : 1;
  for (const id of ['play-again', 'play-again-after']) {
    byId(id).textContent = ['Rematch offered…', 'Accept the rematch', 'Offer a rematch', 'Play again'][offer];
    byId(id).disabled = !offer;
  }
  withSheets(({ drawScoresChart, renderScoreSheet }) => {
    if (match) drawScoresChart(byId('match-chart'), view);
    renderScoreSheet(byId('score-sheet'), view, (hand) => `#/review/${hand}`);
  });
  setText('fair-commitment', view.commitment);
  const revealed = fairReveal(view);
  setText('fair-salt', revealed.salt);
  setText('fair-deck', revealed.deck);
  const key = coachKey(game.id, view.hand_number);
  byId('coach').hidden = state.coachHand !== key;
  if (state.coachHand === key) renderCoach(state.analyses[key]);
  byId('coach-review').href = `#/review/${view.hand_number}`;
  byId('coach-match').hidden = state.coachMatch !== game.id;
  if (state.coachMatch === game.id) renderMatchCoach(view.history.map((x) => state.analyses[coachKey(game.id, x.number)]));
}

/** The coach: each hand's review read once and kept in the state. */
export function createCoach({ api, get, set, update }) {
  const asked = new Map();

  /** A hand's review, or null when it could not be read (asked again next time). */
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
      set({ coachHand: coachKey(game.id, game.view.hand_number) });
      analyse(game.id, game.token, game.view.hand_number);
    },
    async match() {
      const { game } = get();
      set({ coachMatch: game.id });
      for (const x of game.view.history) if (!(await analyse(game.id, game.token, x.number))) return;
    },
  };
}

export function bindResult(ctx, table) {
  const { get, set } = ctx;
  const again = () => ctx.playAgain();
  onClick('next-hand-button', () => table.intents.action('next_hand'));
  onClick('review-button', () => ctx.go(`#/review/${get().game.view.hand_number}`));
  onClick('play-again', again);
  onClick('play-again-after', again);
  onClick('coach-button', () => ctx.coach.hand());
  onClick('sheet-button', () => { // the whole sheet, at the score sheet
    byId('screen-result').classList.add('expanded');
    byId('score-sheet').scrollIntoView({ block: 'start' });
    byId('score-sheet').focus();
  });
  onClick('coach-match-button', () => ctx.coach.match());
  onClick('moment-details', () => {
    set({ celebrated: get().game.id });
    focusHeading('result');
  });
}
