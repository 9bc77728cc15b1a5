// Your hand. A card's element is kept between drawings: the focus stays, an arrival plays once.

import { flatten, handGroups, meldMembership } from '../arrange.js';
import { cardName } from '../cards.js';
import { byId, cardFace } from '../dom.js';
import { legalMoves } from '../model.js';

const MELD_WORDS = ['first', 'second', 'third', 'fourth'];
const kept = new Map();

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

export function renderHand(view, table, settings) {
  const root = byId('hand');
  const groups = handGroups(view, table.arrangement, settings);
  const member = meldMembership(view);
  const active = document.activeElement;
  const focused = active?.closest?.('#hand') ? active.dataset.card : null;
  const order = flatten(groups);
  const tabStop = order.includes(focused) ? focused : order.includes(table.selected) ? table.selected : order[0];
  const discardable = legalMoves(view).discard;
  const choosing = view.phase === 'discard' && view.turn === view.seat;
  const hinted = table.hint?.action?.card;
  const starts = new Set(groups.slice(1).map((g) => g.cards[0]));
  const cards = order.map((code) => {
    if (!kept.has(code)) kept.set(code, cardFace(code, { tag: 'button' }));
    const card = kept.get(code);
    card.className = [
      `card face suit-${code.slice(-1)} hand-card`, table.selected === code && 'selected',
      view.taken_card === code ? 'taken' : table.fresh.includes(code) && 'fresh', hinted === code && 'hinted',
      choosing && !discardable.has(code) && 'locked', starts.has(code) && 'group-start',
    ].filter(Boolean).join(' ');
    card.tabIndex = code === tabStop ? 0 : -1;
    card.setAttribute('aria-pressed', table.selected === code);
    card.setAttribute('aria-label', spoken(code, view, table, member));
    if (member.has(code)) card.dataset.meld = member.get(code) % 4;
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
  root.style.setProperty('--n', Math.max(cards.length, 2));
  root.style.setProperty('--g', groups.length);
  root.classList.toggle('by-melds', !table.arrangement?.own);
  const again = focused && kept.get(focused);
  if (again && document.activeElement !== again) again.focus();
}

/** Where a card dragged to `x` would go: its index among the other cards. */
export function dropIndex(x, dragged) {
  const cards = [...byId('hand').querySelectorAll('button.hand-card')].filter((c) => c !== dragged);
  const boxes = cards.map((c) => c.getBoundingClientRect());
  for (let i = 0; i < boxes.length; i += 1) {
    const right = Math.min(boxes[i].right, boxes[i + 1]?.left ?? Infinity);
    if (x < (boxes[i].left + right) / 2) return { index: i, before: cards[i] };
  }
  return { index: cards.length, before: null };
}
