// Your hand on the table. A card's element is kept between drawings, so the focus stays and an arrival plays once.

import { handGroups, meldMembership } from '../arrange.js';
import { cardName } from '../cards.js';
import { byId, cardFace } from '../dom.js';
import { legalMoves, YOU } from '../model.js';

const MELD_WORDS = ['first', 'second', 'third', 'fourth'];
const kept = new Map();

function spoken(code, view, table, member) {
  const parts = [cardName(code)];
  parts.push(member.has(code) ? `in your ${MELD_WORDS[member.get(code)] || 'next'} meld` : 'deadwood');
  if (view.taken_card === code) parts.push('just taken from the pile');
  else if (table.fresh.includes(code)) parts.push('just drawn');
  if (table.selected === code) parts.push('selected');
  return parts.join(', ');
}

export function handCard(code) {
  const card = kept.get(code);
  return card && card.isConnected ? card : null;
}

export function renderHand(view, table, settings) {
  const root = byId('hand');
  const groups = handGroups(view, table.arrangement, settings);
  const member = meldMembership(view);
  const active = document.activeElement;
  const focused = active && active.closest && active.closest('#hand') ? active.dataset.card : null;
  const order = groups.flatMap((g) => g.cards);
  const tabStop = order.includes(focused) ? focused : order.includes(table.selected) ? table.selected : order[0];
  const discardable = legalMoves(view).discard;
  const choosing = view.phase === 'discard' && view.turn === YOU;
  const hinted = table.hint && table.hint.action && table.hint.action.card;
  const starts = new Set(groups.slice(1).map((g) => g.cards[0]));
  const cards = order.map((code) => {
    let card = kept.get(code);
    if (!card) {
      card = cardFace(code, { tag: 'button' });
      kept.set(code, card);
    }
    const classes = [`card face suit-${code.slice(-1)} hand-card`];
    if (table.selected === code) classes.push('selected');
    if (view.taken_card === code) classes.push('taken');
    else if (table.fresh.includes(code)) classes.push('fresh');
    if (hinted === code) classes.push('hinted');
    if (choosing && !discardable.has(code)) classes.push('locked');
    if (starts.has(code)) classes.push('group-start');
    card.className = classes.join(' ');
    card.tabIndex = code === tabStop ? 0 : -1;
    card.setAttribute('aria-pressed', String(table.selected === code));
    card.setAttribute('aria-label', spoken(code, view, table, member));
    if (member.has(code)) card.dataset.meld = String(member.get(code) % 4);
    else delete card.dataset.meld;
    return card;
  });
  for (const [code, card] of kept) {
    if (!order.includes(code)) {
      card.remove();
      kept.delete(code);
    }
  }
  cards.forEach((card, i) => {
    if (root.children[i] !== card) root.insertBefore(card, root.children[i] || null);
  });
  root.style.setProperty('--n', String(Math.max(cards.length, 2)));
  root.style.setProperty('--g', String(groups.length));
  root.classList.toggle('by-melds', !(table.arrangement && table.arrangement.own));
  if (focused && kept.get(focused) && document.activeElement !== kept.get(focused)) kept.get(focused).focus();
}

/** Where a card dragged to `x` would go: its index among the other cards. */
export function dropIndex(x, dragged) {
  const cards = [...byId('hand').querySelectorAll('button.hand-card')].filter((c) => c !== dragged);
  const boxes = cards.map((c) => c.getBoundingClientRect());
  for (let i = 0; i < boxes.length; i += 1) {
    const right = i + 1 < boxes.length ? Math.min(boxes[i].right, boxes[i + 1].left) : boxes[i].right;
    if (x < (boxes[i].left + right) / 2) return { index: i, before: cards[i] };
  }
  return { index: cards.length, before: null };
}
