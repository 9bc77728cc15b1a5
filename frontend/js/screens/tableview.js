// Drawing the table from the state.

import { cardName, shortName } from '../cards.js';
import { byId, cardBack, cardFace, clear, emptyPile, h } from '../dom.js';
import { YOU, buttonStates, deadwoodLine, legalMoves, moment, selectionLine, tableOf, topCard } from '../model.js';
import { renderHand } from './handview.js';

function renderStatus(view, now) {
  const target = view.rules && view.rules.target;
  byId('score-you').textContent = `You ${view.scores[0]}`;
  byId('score-computer').textContent = `Computer ${view.scores[1]}`;
  byId('score-target').textContent = target ? `to ${target}` : '';
  const limit = view.knock_limit === 0 ? 'Gin only' : `knock at ${view.knock_limit} or less`;
  byId('hand-line').textContent = `Hand ${view.hand_number} · ${limit}`;
  const pill = byId('turn-line');
  pill.textContent = now.pill;
  pill.dataset.turn = now.turn;
}

function renderOpponent(view, shown) {
  const count = shown.counts[1];
  const fan = byId('opp-fan');
  if (fan.childElementCount !== count) {
    clear(fan);
    for (let i = 0; i < count; i += 1) fan.append(cardBack('small'));
  }
  const known = view.opponent_known || [];
  byId('opp-label').textContent = `Computer · ${count} card${count === 1 ? '' : 's'}${known.length ? ` · holds ${known.map(shortName).join(' ')}` : ''}`;
  byId('opponent').setAttribute('aria-label', `Computer’s hand: ${count} cards face down`
    + (known.length ? `, including ${known.map(cardName).join(', ')}` : ''));
}

function renderPiles(view, shown, states, still) {
  const stock = byId('stock');
  const drawStock = still && states.draw_stock;
  stock.setAttribute('aria-disabled', String(!drawStock));
  stock.classList.toggle('live', drawStock);
  stock.setAttribute('aria-label', `Stock, ${shown.stock} cards${drawStock ? ': draw a card' : ''}`);
  stock.classList.toggle('empty', shown.stock === 0);
  byId('stock-label').textContent = `Stock · ${shown.stock}`;

  const slot = clear(byId('discard-slot'));
  const top = shown.pile.length ? shown.pile[shown.pile.length - 1] : null;
  const take = still && (states.take_upcard || states.draw_discard);
  slot.classList.toggle('live', take);
  if (top) {
    slot.append(cardFace(top, {
      tag: 'button', classes: `pile-card${take ? ' live' : ''}`,
      label: take ? `Discard pile: ${cardName(top)}. Take it` : `Top of the discard pile: ${cardName(top)}`,
      extra: { tabindex: '-1', 'aria-disabled': String(!take), id: 'pile-top' },
    }));
  } else slot.append(emptyPile());
  byId('pile-view').disabled = shown.pile.length === 0;
}

let loggedKey = '';

function renderLog(table) {
  const panel = byId('log-panel');
  panel.classList.toggle('open', table.logOpen);
  byId('log-toggle').setAttribute('aria-expanded', String(table.logOpen));
  const key = `${table.log.length}:${table.log.length ? table.log[table.log.length - 1].text : ''}`;
  if (key === loggedKey) return;
  loggedKey = key;
  const list = clear(byId('log'));
  for (const entry of table.log) {
    list.append(h('li', { class: entry.seat === YOU ? 'mine' : entry.seat === 1 ? 'theirs' : 'info', text: entry.text }));
  }
  list.scrollTop = list.scrollHeight;
}

// The buttons whose words name a card; the others keep the page's words.
const LABELS = {
  draw_discard: (view) => `Take ${shortName(topCard(view))}`, discard: (_, card) => `Discard ${shortName(card)}`,
  knock: (_, card) => `Knock with ${shortName(card)}`,
};

function renderActions(view, table, still) {
  const states = buttonStates(view, table.selected);
  states.hint = legalMoves(view).any && view.turn === YOU;
  const hinted = table.hint ? table.hint.button : null;
  for (const button of byId('actions').querySelectorAll('[data-action]')) {
    const name = button.dataset.action;
    const live = still && !!states[name];
    button.hidden = !live;
    if (live && LABELS[name]) button.textContent = LABELS[name](view, table.selected);
    button.classList.toggle('hinted', live && hinted === name);
  }
}

function renderTalk(table, view, now) {
  const line = byId('prompt');
  line.textContent = now.prompt;
  line.dataset.turn = now.turn;
  let text = selectionLine(view, table.selected);
  let kind = 'info';
  if (table.feedback) ({ text, kind } = table.feedback);
  else if (table.hint) text = `Hint: ${table.hint.reason}`;
  const feedback = byId('feedback');
  feedback.textContent = text;
  feedback.dataset.kind = kind;
}

/** The whole table; `table.display` stands for the piles while moves are being shown. */
export function renderTable(state) {
  const { game, table, settings, busy } = state;
  if (!game) return;
  const { view } = game;
  const shown = table.display || tableOf(view);
  const now = moment(view, { playing: table.playing, singleTap: settings.singleTap });
  const still = !busy && !table.playing;
  renderStatus(view, now);
  renderOpponent(view, shown);
  renderPiles(view, shown, buttonStates(view, null), still);
  renderLog(table);
  renderTalk(table, view, now);
  renderActions(view, table, still);
  byId('deadwood-line').textContent = deadwoodLine(view);
  const arrangement = table.arrangement || { own: false, sort: 'melds' };
  for (const chip of document.querySelectorAll('[data-sort]')) {
    const pressed = arrangement.own ? arrangement.sort === chip.dataset.sort : chip.dataset.sort === 'melds';
    chip.setAttribute('aria-pressed', String(pressed));
  }
  renderHand(view, table, settings);
}

export function renderPileDialog(pile) {
  const list = clear(byId('pile-list'));
  if (!pile.length) list.append(h('p', { text: 'The discard pile is empty.' }));
  pile.forEach((code, i) => {
    list.append(cardFace(code, { label: `${i + 1}: ${cardName(code)}${i === pile.length - 1 ? ', top' : ''}` }));
  });
}
