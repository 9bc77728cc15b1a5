// Drawing the table from the state.

import { cardName, shortName } from '../cards.js';
import { byId, cardBack, cardFace, clear, emptyPile, h, setText } from '../dom.js';
import {
  buttonStates, canClaim, clockWords, deadwoodLine, legalMoves, moment, selectionLine, sides, tableOf, theirName, topCard,
} from '../model.js';
import { newestFirst } from '../state.js';
import { renderHand } from './handview.js';
import { renderFelt } from './showdown.js';

function renderStatus(view, now, clockText) {
  const target = view.rules?.target;
  const scores = sides(view.scores, view.seat);
  setText('score-you', `You ${scores.you}`);
  setText('score-computer', `${theirName()} ${scores.them}`);
  setText('score-target', target ? `to ${target}` : '');
  const limit = view.knock_limit === 0 ? 'Gin only' : `knock at ${view.knock_limit} or less`;
  setText('hand-line', `Hand ${view.hand_number} · ${limit}`);
  const clock = clockText && ` · ${clockText}`; // the turn clock, in the pill (shown on phones too)
  for (const [id, words] of [['turn-line', now.pill + clock], ['prompt', now.prompt]]) {
    byId(id).textContent = words;
    byId(id).dataset.turn = now.turn;
  }
}

function renderOpponent(view, shown, opponent) {
  const away = opponent?.joined && !opponent.connected ? ' (away)' : ''; // a friend who is not following the game now
  const count = shown.counts[1 - view.seat];
  const fan = byId('opp-fan');
  if (fan.childElementCount !== count) clear(fan).append(...Array.from({ length: count }, () => cardBack('small')));
  const known = shown.known?.[1 - view.seat] ?? view.opponent_known ?? []; // as the moves shown so far have it
  setText('opp-label', `${theirName()}${away} · ${count} card${count === 1 ? '' : 's'}${known.length ? ` · holds ${known.map(shortName).join(' ')}` : ''}`);
  byId('opponent').setAttribute('aria-label', `${theirName()}’s hand: ${count} cards face down${known.length ? `, including ${known.map(cardName).join(', ')}` : ''}`);
}

function renderPiles(shown, states, still) {
  const stock = byId('stock');
  const drawStock = still && states.draw_stock;
  stock.setAttribute('aria-disabled', !drawStock);
  stock.classList.toggle('live', drawStock);
  stock.setAttribute('aria-label', `Stock, ${shown.stock} cards${drawStock ? ': draw a card' : ''}`);
  stock.classList.toggle('empty', shown.stock === 0);
  setText('stock-label', `Stock · ${shown.stock}`);

  const top = shown.pile.at(-1);
  const take = still && (states.take_upcard || states.draw_discard);
  clear(byId('discard-slot')).append(top ? cardFace(top, {
    tag: 'button', classes: `pile-card${take ? ' live' : ''}`,
    label: take ? `Discard pile: ${cardName(top)}. Take it` : `Top of the discard pile: ${cardName(top)}`,
    extra: { tabindex: '-1', 'aria-disabled': String(!take), id: 'pile-top' },
  }) : emptyPile());
  byId('pile-view').disabled = !shown.pile.length;
}

let loggedKey = '';

/** The move log, newest first (so the latest move is in view when it opens), and the other's turn by their hand. */
function renderLog(table, me) {
  byId('log-panel').classList.toggle('open', table.logOpen);
  byId('log-toggle').setAttribute('aria-expanded', table.logOpen);
  const caption = byId('opp-caption');
  if (caption) {
    caption.textContent = table.caption || '';
    caption.hidden = !table.caption;
  }
  const key = `${table.log.length}:${table.log.at(-1)?.text ?? ''}`;
  if (key === loggedKey) return;
  loggedKey = key;
  const list = clear(byId('log'));
  list.append(...newestFirst(table.log).map((entry) => h('li', { class: entry.seat === me ? 'mine' : entry.seat === 1 - me && 'theirs', text: entry.text })));
  list.scrollTop = 0;
}

// The buttons whose words name a card; the others keep the page's words.
const LABELS = {
  draw_discard: (view) => `Take ${shortName(topCard(view))}`, discard: (_, card) => `Discard ${shortName(card)}`,
  knock: (_, card) => `Knock with ${shortName(card)}`,
};

function renderActions(view, table, still, clock, now) {
  const states = buttonStates(view, table.selected);
  states.hint = legalMoves(view).any && view.turn === view.seat;
  states.claim = canClaim(clock, view, now);
  const hinted = table.hint?.button;
  for (const button of byId('actions').querySelectorAll('[data-action]')) {
    const name = button.dataset.action;
    const live = still && !!states[name];
    button.hidden = !live;
    if (live && LABELS[name]) button.textContent = LABELS[name](view, table.selected);
    button.classList.toggle('hinted', live && hinted === name);
  }
}

function renderTalk(table, view) {
  const { text, kind } = table.feedback
    || { text: table.hint ? `Hint: ${table.hint.reason}` : selectionLine(view, table.selected), kind: 'info' };
  const feedback = byId('feedback');
  feedback.textContent = text;
  feedback.dataset.kind = kind;
}

/** "Deadwood 9" and "best discard leaves 4" as two pieces (CSS puts a dot between them, or on a narrow screen the
 *  second under the first), so the line is never cut. */
function renderDeadwood(view) {
  const [head, ...rest] = deadwoodLine(view).split(' · ');
  const pieces = rest.flatMap((part) => [' ', h('span', { text: part })]);
  clear(byId('deadwood-line')).append(h('span', { text: head }), ...pieces);
}

/** The link for a friend, while their seat is empty. */
function renderInvite(path) {
  const dialog = byId('invite');
  if (path) byId('invite-link').value = new URL(path, location.href).href;
  byId('invite-share').hidden = !navigator.share;
  if (!!path !== dialog.open) dialog[path ? 'show' : 'close']();
}

/** The whole table; `table.display` stands for the piles while moves are being shown. */
export function renderTable(state) {
  const { game, table, settings, busy } = state;
  if (!game) return;
  const { view } = game;
  const shown = table.display || tableOf(view);
  const waiting = game.opponent?.kind === 'person' && !game.opponent.joined;
  const now = moment(view, { playing: table.playing, singleTap: settings.singleTap, waiting });
  renderInvite(waiting && game.invite);
  const still = !busy && !table.playing;
  const clockNow = Date.now();
  renderStatus(view, now, clockWords(game.clock, view, clockNow));
  byId('resign-button').hidden = view.phase === 'match_over';
  renderOpponent(view, shown, game.opponent);
  renderPiles(shown, buttonStates(view, null), still);
  renderLog(table, view.seat);
  renderFelt(state);
  renderTalk(table, view);
  renderActions(view, table, still, game.clock, clockNow);
  renderDeadwood(view);
  const sort = table.arrangement?.own ? table.arrangement.sort : 'melds';
  for (const chip of document.querySelectorAll('[data-sort]')) chip.setAttribute('aria-pressed', chip.dataset.sort === sort);
  renderHand(view, table, settings);
}

export function renderPileDialog(pile) {
  clear(byId('pile-list')).append(...(pile.length ? pile.map((code, i) => cardFace(code, {
    label: `${i + 1}: ${cardName(code)}${i === pile.length - 1 ? ', top' : ''}`,
  })) : [h('p', { text: 'The discard pile is empty.' })]));
}
