// A hand's showdown and a match's score sheet, for the result and past match screens, seen from `seat`.

import { cardName, meldOrder, shortName, sortBySuit } from '../cards.js';
import { lineChartModel, renderLineChart } from '../chart.js';
import { cardFace, clear, h } from '../dom.js';
import { them, theirName, who } from '../model.js';
import { finalScores, matchSummary, meldsWithLayoffs, scoreSheet } from '../results.js';

const seatName = (seat, me) => (seat === me ? 'You' : theirName());
const head = (...names) => h('thead', {}, h('tr', {}, ...names.map((t) => h('th', { scope: 'col', text: t }))));

function cardsRow(codes, label, { laidOff = new Set(), layoffBy, classes = 'meld-group' } = {}) {
  return h('div', { class: classes, role: 'group', 'aria-label': label }, codes.map((code) => cardFace(code,
    laidOff.has(code) ? { classes: 'laid-off', label: `${cardName(code)}, laid off by ${layoffBy}` } : {})));
}

/** A player's hand laid down; `melds`: [{cards, laidOff?, layoffBy?}]. */
function side(title, subtitle, melds, deadwood, { note = '', knocker = false } = {}) {
  const rows = h('div', { class: 'side-rows' },
    melds.map((meld, i) => cardsRow(meldOrder(meld.cards), `Meld ${i + 1}${meld.laidOff?.size ? ', with cards laid off on it' : ''}`, meld)),
    deadwood.length ? cardsRow(deadwood, 'Deadwood', { classes: 'meld-group deadwood-group' }) : h('p', { class: 'no-deadwood', text: 'No deadwood' }));
  return h('div', { class: knocker ? 'side knocker' : 'side' }, h('h2', { text: title }), h('p', { class: 'side-sub', text: subtitle }),
    rows, note ? h('p', { class: 'side-note', text: note }) : null);
}

/** Both hands laid down, with the layoffs on the knocker's melds. */
export function renderShowdown(root, view) {
  clear(root);
  const { result, seat: me } = view;
  const show = result?.showdown;
  const shown = []; // theirs above yours, as at the table
  if (show) {
    const { knocker } = result;
    const defender = 1 - knocker;
    const verb = show.kind === 'gin' ? 'went Gin' : show.kind === 'big_gin' ? 'went Big Gin' : 'knocked';
    const laid = (show.layoffs || []).map((l) => shortName(l.card)).join(' ');
    shown[knocker === me ? 1 : 0] = side(`${seatName(knocker, me)} ${verb}`,
      `Deadwood ${show.knocker_deadwood}${result.knock_card ? ` · discarded ${shortName(result.knock_card)}` : ''}`,
      meldsWithLayoffs(show).map((m) => ({ ...m, layoffBy: who(defender, me, false) })),
      sortBySuit(show.knocker_deadwood_cards), { knocker: true });
    shown[defender === me ? 1 : 0] = side(`${seatName(defender, me)} defended`,
      laid ? `Deadwood ${show.defender_deadwood_before_layoffs}, ${show.defender_deadwood} after laying off ${laid}`
        : `Deadwood ${show.defender_deadwood}`,
      show.defender_melds.map((cards) => ({ cards })), sortBySuit(show.defender_deadwood_cards),
      { note: laid && `Laid off on ${knocker === me ? 'your' : `${them(false)}’s`} melds: ${laid}` });
  } else if (view.revealed) {
    for (const seat of [1 - me, me]) {
      const r = view.revealed[seat];
      shown.push(side(seat === me ? 'Your hand' : `${theirName()}’s hand`, `Deadwood ${r.deadwood}`,
        r.melds.map((cards) => ({ cards })), sortBySuit(r.deadwood_cards)));
    }
  }
  root.append(...shown);
}

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

/** Both scores hand by hand, yours first. */
export function scoresChart(match) {
  const history = match.history || [];
  const me = match.seat;
  const series = [me, 1 - me].map((seat) => ({
    name: seatName(seat, me),
    points: [{ x: 0, y: 0 }, ...history.map((x) => ({ x: x.number, y: x.scores[seat] }))],
  }));
  return renderLineChart(lineChartModel(series, { width: 360, height: 180 }), {
    title: 'Scores hand by hand',
    description: history.map(({ number, scores }) => `after hand ${number}: you ${scores[me]}, ${them(false)} ${scores[1 - me]}`).join('; '),
  });
}
