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

/** "Run" (one suit, ranks in a row) or "Set" (one rank): a meld's kind, for its label. */
export const meldKind = (cards) => (new Set(cards.map((code) => code.slice(0, -1))).size === 1 ? 'Set' : 'Run');

const MAX_ROW = 6; // six cards of a phone's width still show 44 px each

/** The groups laid out in `count` rows (a narrow screen takes two): rows of parts {kind, meld, cards, first}, a part
 *  being a group or a piece of one. A row ends where a group ends when that keeps both rows at most six cards
 *  and near half the hand (so the melds and the deadwood are seen whole); otherwise in the middle of a group. */
export function handRows(groups, count = 1) {
  const whole = groups.map((group) => ({ ...group, first: true }));
  const total = flatten(groups).length;
  if (count < 2 || total < 2) return [whole];
  let best = null;
  let seen = 0;
  for (const [i, group] of groups.entries()) {
    seen += group.cards.length;
    const fits = i < groups.length - 1 && Math.max(seen, total - seen) <= MAX_ROW;
    if (fits && (best === null || Math.abs(seen - total / 2) < Math.abs(best.cards - total / 2))) best = { at: i + 1, cards: seen };
  }
  if (best) return [whole.slice(0, best.at), whole.slice(best.at)];
  // No group end fits: cut the group that holds the middle card.
  const middle = Math.ceil(total / 2);
  const rows = [[], []];
  seen = 0;
  for (const group of whole) {
    const head = group.cards.slice(0, Math.max(0, middle - seen));
    const tail = group.cards.slice(head.length);
    if (head.length) rows[0].push({ ...group, cards: head });
    if (tail.length) rows[1].push({ ...group, cards: tail, first: !head.length });
    seen += group.cards.length;
  }
  return rows;
}
