// A match's score sheet and chart, for the result sheet and past match screens, seen from `seat`.

import { clear, h } from '../dom.js';
import { them, theirName } from '../model.js';
import { finalScores, matchSummary, scoreSheet } from '../results.js';

const seatName = (seat, me) => (seat === me ? 'You' : theirName());
const head = (...names) => h('thead', {}, h('tr', {}, ...names.map((t) => h('th', { scope: 'col', text: t }))));

const scoreCell = (total, gain) => h('td', {}, gain ? [h('span', { class: 'gain', text: `+${gain}` }), ' '] : null, total);

/** A match's score sheet (a view, or a past match); hands link to `reviewHash(hand)`. */
export function renderScoreSheet(root, match, reviewHash) {
  const me = match.seat;
  const rows = scoreSheet(match).map((r) => h('tr', {},
    h('th', { scope: 'row' }, h('a', { href: reviewHash(r.hand), 'aria-label': `Review hand ${r.hand}`, text: r.hand })),
    h('td', { text: r.outcome }), scoreCell(r.you, r.winner === 'You' ? r.points : 0), scoreCell(r.them, r.winner === theirName() ? r.points : 0)));
  clear(root).append(h('table', { class: 'sheet' },
    h('caption', { class: 'visually-hidden', text: 'Score sheet, hand by hand: the points won and the running totals' }),
    head('Hand', 'Result', 'You', theirName()), h('tbody', {}, rows)));
  const summary = matchSummary(match);
  if (summary && finalScores(match).join() !== match.scores.join()) {
    root.append(h('p', { class: 'sheet-final', text: `Final, with the bonuses: you ${summary.scores.you}, ${them(false)} ${summary.scores.them}.` }));
  }
  if (match.games?.length) {
    root.append(h('table', { class: 'sheet games' }, h('caption', { text: 'Hollywood games' }), head('Game', 'You', theirName(), 'Winner'),
      h('tbody', {}, match.games.map((g, i) => h('tr', {}, h('th', { scope: 'row', text: i + 1 }),
        h('td', { text: g.scores[me] }), h('td', { text: g.scores[1 - me] }),
        h('td', { text: g.winner == null ? '—' : seatName(g.winner, me) }))))));
  }
}

let charts = null; // chart.js, fetched the first time a chart is drawn (a match's end, a past match)

/** Both scores hand by hand, yours first, drawn into `root` once chart.js is here. */
export function drawScoresChart(root, match) {
  const history = match.history || [];
  const me = match.seat;
  const series = [me, 1 - me].map((seat) => ({
    name: seatName(seat, me),
    points: [{ x: 0, y: 0 }, ...history.map((x) => ({ x: x.number, y: x.scores[seat] }))],
  }));
  const description = history.map(({ number, scores }) => `after hand ${number}: you ${scores[me]}, ${them(false)} ${scores[1 - me]}`).join('; ');
  charts ||= import('../chart.js');
  charts.then(({ lineChartModel, renderLineChart }) => {
    clear(root).append(renderLineChart(lineChartModel(series, { width: 360, height: 180 }), { title: 'Scores hand by hand', description }));
  }, () => { charts = null; }); // not fetched (offline): no chart this time, tried again at the next drawing
}
