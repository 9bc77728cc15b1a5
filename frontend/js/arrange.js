// Your hand's order: the server's melds then the deadwood, or your own (once a card is moved, or without auto-arrange).

import { meldOrder, sortByRank, sortBySuit } from './cards.js';

/** The saved order without the cards no longer held, new cards at the end. */
export function reconcile(order, hand) {
  const kept = [...new Set(order)].filter((code) => hand.includes(code));
  return [...kept, ...hand.filter((code) => !kept.includes(code))];
}

/** The server's melds and the deadwood as groups, the melds on `side`. */
export function meldGroups(view, side = 'left') {
  const groups = (view.melds || []).map((meld, i) => ({ kind: 'meld', meld: i, cards: meldOrder(meld) }));
  const deadwood = sortByRank(view.deadwood_cards || []);
  if (!deadwood.length) return groups;
  const rest = { kind: 'deadwood', cards: deadwood };
  return side === 'right' ? [rest, ...groups] : [...groups, rest];
}

export const flatten = (groups) => groups.flatMap((group) => group.cards);

function sortedOrder(mode, view, side) {
  if (mode === 'rank') return sortByRank(view.hand || []);
  if (mode === 'suit') return sortBySuit(view.hand || []);
  return flatten(meldGroups(view, side));
}

/** The arrangement fitted to the view: {hand, own (the player's order, else melds), order, sort}. */
export function settleArrangement(saved, view, { autoArrange, meldSide }) {
  const hand = view.hand || [];
  if (saved?.own && saved.hand === view.hand_number) {
    const order = reconcile(saved.order, hand);
    return { ...saved, order, sort: order.join() === saved.order.join() ? saved.sort : null };
  }
  return { hand: view.hand_number, own: !autoArrange, order: autoArrange ? [] : sortedOrder('melds', view, meldSide), sort: 'melds' };
}

/** The hand as groups to draw: [{kind: 'meld'|'deadwood'|'hand', cards, meld?}]. */
export function handGroups(view, arrangement, { meldSide }) {
  if (arrangement?.own) return [{ kind: 'hand', cards: reconcile(arrangement.order, view.hand || []) }];
  return meldGroups(view, meldSide);
}

/** A sort chip pressed: back to the melds (auto-arrange) or the hand sorted once. */
export function sortArrangement(arrangement, mode, view, settings) {
  if (mode === 'melds' && settings.autoArrange) return { ...arrangement, own: false, order: [], sort: 'melds' };
  return { ...arrangement, own: true, order: sortedOrder(mode, view, settings.meldSide), sort: mode };
}

/** Card code -> index of its meld (cards not listed are deadwood). */
export const meldMembership = (view) => new Map((view.melds || []).flatMap((meld, i) => meld.map((code) => [code, i])));

export const moveBy = (order, code, delta) => moveTo(order, code, order.indexOf(code) + delta);

export function moveTo(order, code, index) {
  const rest = order.filter((c) => c !== code);
  if (rest.length === order.length) return [...order];
  const at = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, at), code, ...rest.slice(at)];
}
