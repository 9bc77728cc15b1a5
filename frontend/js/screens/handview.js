// Your hand. A card's element is kept between drawings: the focus stays, an arrival plays once. The hand is drawn
// as rows (two on a narrow screen, so the cards can be large) of groups: each meld tinted and labelled, the
// deadwood apart.

import { flatten, handGroups, handRows, meldKind, meldMembership } from '../arrange.js';
import { cardName } from '../cards.js';
import { byId, cardFace, h } from '../dom.js';
import { legalMoves } from '../model.js';

const MELD_WORDS = ['first', 'second', 'third', 'fourth'];
const kept = new Map();
// A narrow screen lays the hand out in two rows; crossing the width draws the hand again.
const narrow = globalThis.matchMedia?.('(max-width: 560px)');
let lastDrawn = null;
narrow?.addEventListener?.('change', () => lastDrawn && renderHand(...lastDrawn));

function spoken(code, view, table, member) {
  return [
    cardName(code), member.has(code) ? `in your ${MELD_WORDS[member.get(code)] || 'next'} meld` : 'deadwood',
    view.taken_card === code ? 'just taken from the pile' : table.fresh.includes(code) && 'just drawn',
    table.selected === code && 'selected',
  ].filter(Boolean).join(', ');
}

export function handCard(code) {
  const card = kept.get(code);
  return card?.isConnected ? card : null;
}

/** Put `nodes` in `parent` in this order, moving only what is out of place; anything else in it leaves. */
function place(parent, nodes) {
  nodes.forEach((node, i) => {
    if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild.remove();
}

/** The element of the `i`th row (or of its `j`th group), made once and kept. */
function slot(parent, i, make) {
  return parent.children[i] || make();
}

/** One group's element: a meld's tint and label ("Run", "Set"), the deadwood's, or none for a hand you ordered. */
function drawGroup(element, part) {
  element.className = `hand-group${part.first ? '' : ' cont'}`;
  element.dataset.kind = part.kind;
  if (part.kind === 'meld') element.dataset.meld = part.meld % 4;
  else delete element.dataset.meld;
  const tag = element.querySelector('.meld-tag') || h('span', { class: 'meld-tag', 'aria-hidden': 'true' });
  tag.textContent = part.first ? part.label : '';
  tag.hidden = !tag.textContent;
  return tag;
}

function styleCard(code, view, table, { member, discardable, choosing, tabStop }) {
  if (!kept.has(code)) kept.set(code, cardFace(code, { tag: 'button' }));
  const card = kept.get(code);
  card.className = [
    `card face suit-${code.slice(-1)} hand-card`, table.selected === code && 'selected',
    view.taken_card === code ? 'taken' : table.fresh.includes(code) && 'fresh',
    table.hint?.action?.card === code && 'hinted', choosing && !discardable.has(code) && 'locked',
  ].filter(Boolean).join(' ');
  card.tabIndex = code === tabStop ? 0 : -1;
  card.setAttribute('aria-pressed', table.selected === code);
  card.setAttribute('aria-label', spoken(code, view, table, member));
  if (member.has(code)) card.dataset.meld = member.get(code) % 4;
  else delete card.dataset.meld;
  return card;
}

export function renderHand(view, table, settings) {
  lastDrawn = [view, table, settings];
  const root = byId('hand');
  const groups = handGroups(view, table.arrangement, settings).map((group) => ({
    ...group, label: group.kind === 'meld' ? meldKind(group.cards) : group.kind === 'deadwood' ? 'Deadwood' : '',
  }));
  const active = document.activeElement;
  const focused = active?.closest?.('#hand') ? active.dataset.card : null;
  const order = flatten(groups);
  const context = {
    member: meldMembership(view), discardable: legalMoves(view).discard,
    choosing: view.phase === 'discard' && view.turn === view.seat,
    tabStop: order.includes(focused) ? focused : order.includes(table.selected) ? table.selected : order[0],
  };
  for (const [code, card] of kept) {
    if (!order.includes(code)) {
      card.remove();
      kept.delete(code);
    }
  }
  const rows = handRows(groups, narrow?.matches ? 2 : 1).filter((row) => row.length);
  const rowElements = rows.map((parts, i) => {
    const row = slot(root, i, () => h('div', { class: 'hand-row' }));
    const groupElements = parts.map((part, j) => {
      const element = slot(row, j, () => h('div', { class: 'hand-group' }));
      const tag = drawGroup(element, part);
      place(element, [...part.cards.map((code) => styleCard(code, view, table, context)), tag]);
      return element;
    });
    place(row, groupElements);
    // The overlap of the row's cards: its cards (--k), its groups (--g), its overlaps (--m).
    const count = parts.reduce((sum, part) => sum + part.cards.length, 0);
    row.style.setProperty('--k', Math.max(count, 2));
    row.style.setProperty('--g', parts.length);
    row.style.setProperty('--m', Math.max(count - parts.length, 1));
    return row;
  });
  place(root, rowElements);
  root.dataset.rows = rows.length;
  root.classList.toggle('by-melds', !table.arrangement?.own);
  const again = focused && kept.get(focused);
  if (again && document.activeElement !== again) again.focus();
}

/** Where a card dragged to (`x`, `y`) would go: its index among the other cards, in the row nearest `y`. */
export function dropIndex(x, dragged, y = null) {
  const cards = [...byId('hand').querySelectorAll('button.hand-card')].filter((c) => c !== dragged);
  const rows = [...byId('hand').querySelectorAll('.hand-row')].map((row) => ({
    box: row.getBoundingClientRect(), cards: cards.filter((c) => row.contains(c)),
  })).filter((row) => row.cards.length);
  const distance = ({ box }) => (y === null ? 0 : Math.max(box.top - y, y - box.bottom, 0));
  const row = rows.reduce((best, r) => (distance(r) < distance(best) ? r : best), rows[0]);
  if (!row) return { index: cards.length, before: null };
  const boxes = row.cards.map((c) => c.getBoundingClientRect());
  for (let i = 0; i < boxes.length; i += 1) {
    const right = Math.min(boxes[i].right, boxes[i + 1]?.left ?? Infinity);
    if (x < (boxes[i].left + right) / 2) return { index: cards.indexOf(row.cards[i]), before: row.cards[i] };
  }
  const index = cards.indexOf(row.cards.at(-1)) + 1;
  return { index, before: cards[index] || null };
}
