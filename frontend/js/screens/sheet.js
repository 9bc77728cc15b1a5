// A hand's showdown and a match's score sheet, for the result and past match screens.

import { cardName, meldOrder, shortName, sortBySuit } from '../cards.js';
import { lineChartModel, renderLineChart } from '../chart.js';
import { cardFace, clear, h } from '../dom.js';
import { YOU } from '../model.js';
import { matchSummary, meldsWithLayoffs, scoreSheet } from '../results.js';

const seatName = (seat) => (seat === YOU ? 'You' : 'Computer');
const head = (...names) => h('thead', {}, h('tr', {}, ...names.map((t) => h('th', { scope: 'col', text: t }))));

function cardsRow(codes, { label, laidOff = new Set(), layoffBy = '' } = {}) {
  const row = h('div', { class: 'meld-group', role: 'group', 'aria-label': label || null });
  for (const code of codes) {
    const off = laidOff.has(code);
    row.append(cardFace(code, { classes: off ? 'laid-off' : '', label: off ? `${cardName(code)}, laid off by ${layoffBy}` : cardName(code) }));
  }
  return row;
}

function side(title, subtitle, melds, deadwood, { note = '', knocker = false } = {}) {
  const rows = h('div', { class: 'side-rows' });
  melds.forEach((meld, i) => {
    rows.append(cardsRow(meldOrder(meld.cards), {
      label: `Meld ${i + 1}${meld.laidOff && meld.laidOff.size ? ', with cards laid off on it' : ''}`,
      laidOff: meld.laidOff, layoffBy: meld.layoffBy,
    }));
  });
  if (deadwood.length) {
    const dw = cardsRow(deadwood, { label: 'Deadwood' });
    dw.classList.add('deadwood-group');
    rows.append(dw);
  } else {
    rows.append(h('p', { class: 'no-deadwood', text: 'No deadwood' }));
  }
  return h('div', { class: `side${knocker ? ' knocker' : ''}` }, h('h2', { text: title }), h('p', { class: 'side-sub', text: subtitle }),
    rows, note ? h('p', { class: 'side-note', text: note }) : null);
}

/** Both hands laid down: the knocker's melds with the layoffs, the defender's melds and deadwood. */
export function renderShowdown(root, view) {
  clear(root);
  const { result } = view;
  const show = result && result.showdown;
  const sides = [];
  if (show) {
    const knocker = result.knocker;
    const defender = 1 - knocker;
    const verb = show.kind === 'gin' ? 'went Gin' : show.kind === 'big_gin' ? 'went Big Gin' : 'knocked';
    const layoffBy = defender === YOU ? 'you' : 'the computer';
    const laid = (show.layoffs || []).map((l) => shortName(l.card));
    sides[knocker === YOU ? 1 : 0] = side(`${seatName(knocker)} ${verb}`,
      `Deadwood ${show.knocker_deadwood}${result.knock_card ? ` · discarded ${shortName(result.knock_card)}` : ''}`,
      meldsWithLayoffs(show).map((m) => ({ ...m, layoffBy })), sortBySuit(show.knocker_deadwood_cards), { knocker: true });
    sides[defender === YOU ? 1 : 0] = side(`${seatName(defender)} defended`,
      laid.length ? `Deadwood ${show.defender_deadwood_before_layoffs}, ${show.defender_deadwood} after laying off ${laid.join(' ')}`
        : `Deadwood ${show.defender_deadwood}`,
      show.defender_melds.map((cards) => ({ cards, laidOff: new Set() })), sortBySuit(show.defender_deadwood_cards),
      { note: laid.length ? `Laid off on ${knocker === YOU ? 'your' : 'the computer’s'} melds: ${laid.join(' ')}` : '' });
  } else if (view.revealed) {
    for (const seat of [1, 0]) {
      const r = view.revealed[seat];
      sides.push(side(seat === YOU ? 'Your hand' : 'Computer’s hand', `Deadwood ${r.deadwood}`,
        r.melds.map((cards) => ({ cards, laidOff: new Set() })), sortBySuit(r.deadwood_cards)));
    }
  }
  root.append(...sides);
}

function scoreCell(total, gain) {
  return h('td', {}, gain ? h('span', { class: 'gain', text: `+${gain}` }) : null, gain ? ' ' : null, String(total));
}

/** The score sheet of a match (a view, or a match from the history); hand numbers link to `reviewHash(hand)`. */
export function renderScoreSheet(root, match, reviewHash = null) {
  clear(root);
  const table = h('table', { class: 'sheet' },
    h('caption', { class: 'visually-hidden', text: 'Score sheet, hand by hand: the points won and the running totals' }),
    head('Hand', 'Result', 'You', 'Computer'));
  const body = h('tbody');
  for (const r of scoreSheet(match)) {
    const number = reviewHash ? h('a', { href: reviewHash(r.hand), 'aria-label': `Review hand ${r.hand}`, text: String(r.hand) }) : String(r.hand);
    body.append(h('tr', {}, h('th', { scope: 'row' }, number), h('td', { text: r.outcome }),
      scoreCell(r.you, r.winner === 'You' ? r.points : 0), scoreCell(r.computer, r.winner === 'Computer' ? r.points : 0)));
  }
  table.append(body);
  root.append(table);
  const summary = matchSummary(match);
  if (summary && (summary.scores[0] !== match.scores[0] || summary.scores[1] !== match.scores[1])) {
    root.append(h('p', { class: 'sheet-final', text: `Final, with the bonuses: you ${summary.scores[0]}, the computer ${summary.scores[1]}.` }));
  }
  if (match.games && match.games.length) {
    const games = h('table', { class: 'sheet games' }, h('caption', { text: 'Hollywood games' }), head('Game', 'You', 'Computer', 'Winner'));
    const rows = h('tbody');
    match.games.forEach((g, i) => rows.append(h('tr', {}, h('th', { scope: 'row', text: String(i + 1) }),
      h('td', { text: String(g.scores[0]) }), h('td', { text: String(g.scores[1]) }),
      h('td', { text: g.winner === null || g.winner === undefined ? '—' : seatName(g.winner) }))));
    games.append(rows);
    root.append(games);
  }
}

export function scoresChart(match) {
  const history = match.history || [];
  const series = [0, 1].map((seat) => ({
    name: seatName(seat),
    points: [{ x: 0, y: 0 }, ...history.map((x) => ({ x: x.number, y: x.scores[seat] }))],
  }));
  return renderLineChart(document, lineChartModel(series, { width: 360, height: 180 }), {
    title: 'Scores hand by hand',
    description: history.map((x) => `after hand ${x.number}: you ${x.scores[0]}, computer ${x.scores[1]}`).join('; '),
  });
}
