// Drawing the screens from data. One call draws one whole screen from the view it is given.

import { arrangeHand, meldMembership } from './arrange.js';
import { cardName, meldOrder, shortName, sortBySuit } from './cards.js';
import { lineChartModel, renderLineChart } from './chart.js';
import { byId, cardBack, cardFace, clear, h } from './dom.js';
import {
  YOU, buttonStates, deadwoodLine, legalMoves, matchSummary, meldsWithLayoffs, outcomeWord, prompt,
  resultSummary, scoreSheet, selectionLine,
} from './model.js';

const MELD_WORDS = ['first', 'second', 'third', 'fourth'];

function scoreText(view) {
  const target = view.rules && view.rules.target;
  return { you: `You ${view.scores[0]}`, computer: `Computer ${view.scores[1]}`, target: target ? `to ${target}` : '' };
}

function renderScorebar(view) {
  const score = byId('score-line');
  const s = scoreText(view);
  clear(score).append(
    h('span', { class: 'score-you', text: s.you }), ' ',
    h('span', { class: 'score-computer', text: s.computer }), ' ',
    h('span', { class: 'score-target', text: s.target }),
  );
  const limit = view.knock_limit === 0 ? 'Gin only' : `knock at ${view.knock_limit} or less`;
  byId('hand-line').textContent = `Hand ${view.hand_number} · ${limit}`;
  const turn = byId('turn-line');
  let text = 'Hand over';
  if (view.phase === 'match_over') text = 'Match over';
  else if (view.turn === YOU) text = 'Your turn';
  else if (view.turn !== null && view.turn !== undefined) text = 'Computer’s turn';
  turn.textContent = text;
  turn.classList.toggle('mine', view.turn === YOU && !['hand_over', 'match_over'].includes(view.phase));
}

function renderOpponent(view, table) {
  const count = table.counts[1];
  const fan = clear(byId('opp-fan'));
  for (let i = 0; i < count; i += 1) fan.append(cardBack('small'));
  const known = (view.opponent_known || []).map(shortName);
  const label = byId('opp-label');
  label.textContent = `Computer · ${count} card${count === 1 ? '' : 's'}${known.length ? ` · holds ${known.join(' ')}` : ''}`;
  byId('opponent').setAttribute('aria-label', `Computer’s hand: ${count} cards face down`
    + (known.length ? `, including ${(view.opponent_known || []).map(cardName).join(', ')}` : ''));
}

function renderPiles(view, table, states, busy) {
  const stock = byId('stock');
  stock.disabled = busy || !states.draw_stock;
  stock.setAttribute('aria-label', `Stock, ${table.stock} cards${states.draw_stock ? ': draw a card' : ''}`);
  stock.classList.toggle('empty', table.stock === 0);
  byId('stock-label').textContent = `Stock · ${table.stock}`;

  const slot = clear(byId('discard-slot'));
  const top = table.pile.length ? table.pile[table.pile.length - 1] : null;
  if (top) {
    const action = states.take_upcard ? 'take_upcard' : states.draw_discard ? 'draw_discard' : null;
    if (action && !busy) {
      slot.append(cardFace(top, {
        tag: 'button', classes: 'pile-card live',
        label: `Discard pile: ${cardName(top)}. ${action === 'take_upcard' ? 'Take the upcard' : 'Take it'}`,
        extra: { tabindex: '-1', 'data-action': action },
      }));
    } else {
      slot.append(cardFace(top, { classes: 'pile-card', label: `Top of the discard pile: ${cardName(top)}` }));
    }
  } else {
    slot.append(h('span', { class: 'card slot-empty', role: 'img', 'aria-label': 'The discard pile is empty' }));
  }
  const viewButton = byId('pile-view');
  viewButton.textContent = `See pile (${table.pile.length})`;
  viewButton.disabled = table.pile.length === 0;
}

function renderLog(log) {
  const list = clear(byId('log'));
  for (const entry of log.slice(-40)) {
    list.append(h('li', { class: entry.seat === YOU ? 'mine' : entry.seat === 1 ? 'theirs' : 'info', text: entry.text }));
  }
  list.scrollTop = list.scrollHeight;
}

function renderButtons(view, ui, states) {
  const hinted = ui.hint ? ui.hint.button : null;
  for (const button of document.querySelectorAll('#screen-table .actions [data-action]')) {
    const name = button.dataset.action;
    if (name === 'hint') {
      button.disabled = ui.busy || !legalMoves(view).any || ['hand_over', 'match_over'].includes(view.phase);
      continue;
    }
    if (name === 'big_gin') button.hidden = !(view.rules && view.rules.big_gin);
    button.disabled = ui.busy || !states[name];
    button.classList.toggle('hinted', hinted === name && !button.disabled);
  }
}

function handCardLabel(code, view, ui, member) {
  const parts = [cardName(code)];
  if (member.has(code)) parts.push(`in your ${MELD_WORDS[member.get(code)] || 'next'} meld`);
  else parts.push('deadwood');
  if (view.taken_card === code) parts.push('just taken from the pile');
  if (ui.newCards && ui.newCards.has(code) && view.taken_card !== code) parts.push('just drawn');
  if (ui.selected === code) parts.push('selected');
  return parts.join(', ');
}

function renderHand(view, ui) {
  const hand = clear(byId('hand'));
  const member = meldMembership(view);
  const groups = arrangeHand(ui.mode, view, ui.order);
  const all = groups.flatMap((g) => g.cards);
  const tabStop = all.includes(ui.focusCard) ? ui.focusCard : all.includes(ui.selected) ? ui.selected : all[0];
  const discardable = legalMoves(view).discard;
  const hintCard = ui.hint && ui.hint.action && ui.hint.action.card;
  for (const group of groups) {
    let label = '';
    if (group.kind === 'meld') label = 'Meld';
    else if (group.kind === 'deadwood') label = 'Deadwood';
    const box = h('div', {
      class: `group group-${group.kind}${group.kind === 'meld' ? ` meld-${group.meld % 4}` : ''}`,
      role: group.kind === 'hand' ? null : 'group',
      'aria-label': label || null,
    });
    if (label) box.append(h('span', { class: 'group-label', 'aria-hidden': 'true', text: label }));
    const row = h('div', { class: 'group-cards' });
    for (const code of group.cards) {
      const classes = ['hand-card'];
      if (ui.selected === code) classes.push('selected');
      if (view.taken_card === code) classes.push('taken');
      if (ui.newCards && ui.newCards.has(code)) classes.push('new');
      if (hintCard === code) classes.push('hinted');
      if (view.phase === 'discard' && view.turn === YOU && !discardable.has(code)) classes.push('locked');
      const extra = { tabindex: code === tabStop ? '0' : '-1', 'aria-pressed': ui.selected === code ? 'true' : 'false' };
      if (member.has(code)) extra['data-meld'] = String(member.get(code) % 4);
      row.append(cardFace(code, { tag: 'button', classes: classes.join(' '), label: handCardLabel(code, view, ui, member), extra }));
    }
    box.append(row);
    hand.append(box);
  }
  hand.classList.toggle('sorted-melds', ui.mode === 'melds');
}

/** The whole table. `ui.display` (a table from model.tablesAfter) overrides the piles during playback. */
export function renderTable(view, ui) {
  const table = ui.display || { pile: view.discard_pile, stock: view.stock_count, counts: [view.hand.length, view.opponent_card_count] };
  const states = buttonStates(view, ui.selected);
  renderScorebar(view);
  renderOpponent(view, table);
  renderPiles(view, table, states, ui.busy);
  renderLog(ui.log);
  byId('prompt').textContent = ui.busy && ui.display ? 'The computer is playing…' : prompt(view);
  renderButtons(view, ui, states);
  byId('deadwood-line').textContent = deadwoodLine(view);
  for (const chip of document.querySelectorAll('[data-sort]')) {
    chip.setAttribute('aria-pressed', String(chip.dataset.sort === ui.mode));
  }
  renderHand(view, ui);
  byId('selection-line').textContent = selectionLine(view, ui.selected);
  const hint = byId('hint-line');
  hint.hidden = !ui.hint;
  hint.textContent = ui.hint ? `Hint: ${ui.hint.reason}` : '';
}

export function renderPileDialog(pile) {
  const list = clear(byId('pile-list'));
  if (!pile.length) list.append(h('p', { text: 'The discard pile is empty.' }));
  pile.forEach((code, i) => {
    list.append(cardFace(code, { label: `${i + 1}: ${cardName(code)}${i === pile.length - 1 ? ', top' : ''}`, classes: 'small-card' }));
  });
}

// --- hand result ------------------------------------------------------------------------------------------

function cardsRow(codes, { label, laidOff = new Set(), layoffBy = '' } = {}) {
  const row = h('div', { class: 'meld-group', role: 'group', 'aria-label': label || null });
  for (const code of codes) {
    const off = laidOff.has(code);
    row.append(cardFace(code, {
      classes: off ? 'laid-off' : '',
      label: off ? `${cardName(code)}, laid off by ${layoffBy}` : cardName(code),
    }));
  }
  return row;
}

function side(title, subtitle, melds, deadwood, { laidOffNote = '' } = {}) {
  const box = h('div', { class: 'side' }, h('h2', { text: title }), h('p', { class: 'side-sub', text: subtitle }));
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
    rows.append(h('div', { class: 'deadwood-box' }, h('span', { class: 'group-label', text: 'Deadwood' }), dw));
  } else {
    rows.append(h('p', { class: 'no-deadwood', text: 'No deadwood' }));
  }
  box.append(rows);
  if (laidOffNote) box.append(h('p', { class: 'side-note', text: laidOffNote }));
  return box;
}

const seatName = (seat) => (seat === YOU ? 'You' : 'Computer');

function renderShowdown(view) {
  const root = clear(byId('showdown'));
  const result = view.result;
  const show = result && result.showdown;
  const sides = [];
  if (show) {
    const knocker = result.knocker;
    const defender = 1 - knocker;
    const verb = show.kind === 'gin' ? 'went Gin' : show.kind === 'big_gin' ? 'went Big Gin' : 'knocked';
    const layoffBy = defender === YOU ? 'you' : 'the computer';
    const knockerMelds = meldsWithLayoffs(show).map((m) => ({ ...m, layoffBy }));
    const knockerSide = side(`${seatName(knocker)} ${verb}`,
      `Deadwood ${show.knocker_deadwood}${result.knock_card ? ` · discarded ${shortName(result.knock_card)}` : ''}`,
      knockerMelds, sortBySuit(show.knocker_deadwood_cards));
    const laid = (show.layoffs || []).map((l) => shortName(l.card));
    const defenderSide = side(`${seatName(defender)} defended`,
      laid.length
        ? `Deadwood ${show.defender_deadwood_before_layoffs}, ${show.defender_deadwood} after laying off ${laid.join(' ')}`
        : `Deadwood ${show.defender_deadwood}`,
      show.defender_melds.map((cards) => ({ cards, laidOff: new Set() })), sortBySuit(show.defender_deadwood_cards),
      { laidOffNote: laid.length ? `Laid off on ${knocker === YOU ? 'your' : 'the computer’s'} melds: ${laid.join(' ')}` : '' });
    sides[knocker === YOU ? 1 : 0] = knockerSide;
    sides[defender === YOU ? 1 : 0] = defenderSide;
    knockerSide.classList.add('knocker');
  } else if (view.revealed) {
    for (const seat of [1, 0]) {
      const r = view.revealed[seat];
      sides.push(side(seat === YOU ? 'Your hand' : 'Computer’s hand', `Deadwood ${r.deadwood}`,
        r.melds.map((cards) => ({ cards, laidOff: new Set() })), sortBySuit(r.deadwood_cards)));
    }
  }
  root.append(...sides);
}

function renderScoreSheet(view) {
  const root = clear(byId('score-sheet'));
  const rows = scoreSheet(view);
  const table = h('table', { class: 'sheet' },
    h('caption', { class: 'visually-hidden', text: 'Score sheet, hand by hand' }),
    h('thead', {}, h('tr', {}, ...['Hand', 'Result', 'Winner', 'Points', 'You', 'Computer'].map((t) => h('th', { scope: 'col', text: t })))));
  const body = h('tbody');
  for (const r of rows) {
    body.append(h('tr', {}, h('th', { scope: 'row', text: String(r.hand) }), h('td', { text: r.outcome }),
      h('td', { text: r.winner }), h('td', { text: String(r.points) }), h('td', { text: String(r.you) }),
      h('td', { text: String(r.computer) })));
  }
  table.append(body);
  root.append(table);
  const summary = matchSummary(view);
  if (summary && (summary.scores[0] !== view.scores[0] || summary.scores[1] !== view.scores[1])) {
    root.append(h('p', { class: 'sheet-final', text: `Final, with the bonuses: you ${summary.scores[0]}, the computer ${summary.scores[1]}.` }));
  }
  if (view.games && view.games.length) {
    const games = h('table', { class: 'sheet games' },
      h('caption', { text: 'Hollywood games' }),
      h('thead', {}, h('tr', {}, ...['Game', 'You', 'Computer', 'Winner'].map((t) => h('th', { scope: 'col', text: t })))));
    const gb = h('tbody');
    view.games.forEach((g, i) => gb.append(h('tr', {}, h('th', { scope: 'row', text: String(i + 1) }),
      h('td', { text: String(g.scores[0]) }), h('td', { text: String(g.scores[1]) }),
      h('td', { text: g.winner === null || g.winner === undefined ? '—' : seatName(g.winner) }))));
    games.append(gb);
    root.append(games);
  }
}

export function scoresChart(view) {
  const history = view.history || [];
  const series = [0, 1].map((seat) => ({
    name: seat === YOU ? 'You' : 'Computer',
    points: [{ x: 0, y: 0 }, ...history.map((h2) => ({ x: h2.number, y: h2.scores[seat] }))],
  }));
  const model = lineChartModel(series, { width: 360, height: 180 });
  return renderLineChart(document, model, {
    title: 'Scores hand by hand',
    description: history.map((h2) => `after hand ${h2.number}: you ${h2.scores[0]}, computer ${h2.scores[1]}`).join('; '),
  });
}

export function renderResult(view) {
  const summary = resultSummary(view);
  byId('result-title').textContent = `Hand ${view.hand_number}: ${summary ? outcomeWord(summary.outcome) : 'result'}`;
  byId('result-headline').textContent = summary ? summary.headline : '';
  const arithmetic = byId('result-arithmetic');
  arithmetic.textContent = summary ? summary.arithmetic : '';
  arithmetic.classList.toggle('win', !!summary && summary.winner === YOU);
  arithmetic.classList.toggle('loss', !!summary && summary.winner === 1);
  const match = matchSummary(view);
  byId('match-summary').hidden = !match;
  if (match) {
    byId('match-headline').textContent = match.headline;
    byId('match-line').textContent = match.line;
    clear(byId('match-chart')).append(scoresChart(view));
  }
  const legal = legalMoves(view);
  byId('next-hand-button').hidden = !legal.nextHand;
  byId('new-game-after').hidden = !match;
  renderShowdown(view);
  renderScoreSheet(view);
  byId('fair-commitment').textContent = view.commitment || '';
  byId('fair-salt').textContent = view.salt || '';
  byId('fair-deck').textContent = (view.deck || []).join(' ');
}

// --- review -------------------------------------------------------------------------------------------------

function reviewHand(target, codes, moved, seat) {
  const root = clear(byId(target));
  for (const code of sortBySuit(codes)) {
    root.append(cardFace(code, { classes: code === moved ? 'moved' : '', label: cardName(code) }));
  }
  root.setAttribute('aria-label', `${seat === YOU ? 'Your' : 'The computer’s'} hand: ${codes.length} cards`);
}

export function renderReview(frames, step, handNumber) {
  const frame = frames[step];
  byId('review-title').textContent = `Review of hand ${handNumber}`;
  byId('review-step').textContent = step === 0 ? `The deal (${frames.length - 1} moves follow)` : `Move ${step} of ${frames.length - 1}`;
  byId('review-text').textContent = frame.text;
  reviewHand('review-computer', frame.hands[1], frame.moved, 1);
  reviewHand('review-you', frame.hands[0], frame.moved, YOU);
  const pile = clear(byId('review-discard'));
  const top = frame.pile[frame.pile.length - 1];
  if (top) pile.append(cardFace(top, { classes: `pile-card${top === frame.moved ? ' moved' : ''}`, label: `Top of the discard pile: ${cardName(top)}` }));
  else pile.append(h('span', { class: 'card slot-empty', role: 'img', 'aria-label': 'The discard pile is empty' }));
  byId('review-stock').textContent = `Stock · ${frame.stock}`;
  const range = byId('review-range');
  range.max = String(frames.length - 1);
  range.value = String(step);
  range.setAttribute('aria-valuetext', step === 0 ? 'The deal' : `Move ${step}`);
  byId('review-first').disabled = step === 0;
  byId('review-prev').disabled = step === 0;
  byId('review-next').disabled = step === frames.length - 1;
  byId('review-last').disabled = step === frames.length - 1;
}

// --- stats ---------------------------------------------------------------------------------------------------

const STAT_LABELS = [
  ['matches_played', 'Matches played'], ['matches_won', 'Matches won'], ['hands_played', 'Hands played'],
  ['hands_won', 'Hands won'], ['gins', 'Gins'], ['undercuts_given', 'Undercuts you made'],
  ['undercuts_suffered', 'Undercuts against you'], ['points_won', 'Points won'], ['points_lost', 'Points lost'],
  ['average_points_per_hand', 'Points per hand'], ['average_net_points_per_hand', 'Net points per hand'],
];

export function renderStats(stats, status) {
  byId('stats-status').textContent = status;
  const grid = clear(byId('stats-grid'));
  if (!stats) return;
  for (const [key, label] of STAT_LABELS) {
    grid.append(h('div', { class: 'stat' }, h('dt', { text: label }), h('dd', { text: String(stats[key]) })));
  }
}

export function renderStatsChart(series, records) {
  const root = clear(byId('stats-chart'));
  const recent = clear(byId('stats-recent'));
  if (!series.length) {
    root.append(h('p', { class: 'empty-note', text: 'Finish a hand and your results will be charted here.' }));
    return;
  }
  const model = lineChartModel([{ name: 'Net points', points: [{ x: 0, y: 0 }, ...series] }], { width: 480, height: 200 });
  const last = series[series.length - 1];
  root.append(renderLineChart(document, model, {
    title: 'Net points over time',
    description: `${series.length} hands recorded in this browser; net points now ${last.y}.`,
  }));
  for (const r of records.slice(-5).reverse()) {
    const when = new Date(r.at);
    const date = Number.isNaN(when.getTime()) ? '' : when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    const text = r.winner === null || r.winner === undefined
      ? `${date}: no score`
      : `${date}: ${outcomeWord(r.outcome)}, ${r.winner === YOU ? `you won ${r.you}` : `the computer won ${r.computer}`}`;
    recent.append(h('li', { text }));
  }
}

