// The order the player's hand is shown in: sorted by melds, rank or suit, or the player's own order.
// The melds themselves are the server's (view.melds); this only arranges them on screen.

import { meldOrder, sortByRank, sortBySuit } from './cards.js';

export const SORT_MODES = ['melds', 'rank', 'suit', 'own'];

/** The saved order with cards no longer held dropped and new cards added at the end. */
export function reconcile(order, hand) {
  const held = new Set(hand);
  const kept = (order || []).filter((code, i, all) => held.has(code) && all.indexOf(code) === i);
  const known = new Set(kept);
  return [...kept, ...hand.filter((code) => !known.has(code))];
}

/** The hand as groups to draw: [{kind: 'meld'|'deadwood'|'hand', cards, meld?}]. */
export function arrangeHand(mode, view, ownOrder) {
  const hand = view.hand || [];
  if (mode === 'rank') return [{ kind: 'hand', cards: sortByRank(hand) }];
  if (mode === 'suit') return [{ kind: 'hand', cards: sortBySuit(hand) }];
  if (mode === 'own') return [{ kind: 'hand', cards: reconcile(ownOrder, hand) }];
  const groups = (view.melds || []).map((meld, i) => ({ kind: 'meld', meld: i, cards: meldOrder(meld) }));
  const deadwood = sortByRank(view.deadwood_cards || []);
  if (deadwood.length) groups.push({ kind: 'deadwood', cards: deadwood });
  return groups;
}

export function flatten(groups) {
  return groups.flatMap((group) => group.cards);
}

/** Card code -> index of the server's meld it belongs to (cards not listed are deadwood). */
export function meldMembership(view) {
  const member = new Map();
  (view.melds || []).forEach((meld, i) => meld.forEach((code) => member.set(code, i)));
  return member;
}

/** The order with `code` moved by `delta` places (clamped to the ends). */
export function moveBy(order, code, delta) {
  const from = order.indexOf(code);
  if (from < 0) return [...order];
  return moveTo(order, code, Math.max(0, Math.min(order.length - 1, from + delta)));
}

/** The order with `code` placed at `index`. */
export function moveTo(order, code, index) {
  const rest = order.filter((c) => c !== code);
  if (rest.length === order.length) return [...order];
  const at = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, at), code, ...rest.slice(at)];
}
