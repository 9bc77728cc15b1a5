// The guided first game: a tip at the first of each kind of step, until all are seen or skipped.

import { legalMoves } from './model.js';

/** The kinds of tip, in order; their words and anchors are in the page (template#tip-KIND). */
export const TIPS = ['upcard', 'draw', 'discard', 'knock', 'showdown'];

/** The tip to show now: the first unseen kind that fits the moment, or null. */
export function tipFor({ screen, game, tips, busy, table }) {
  if (tips.done || !game || busy || table?.playing) return null;
  const { view } = game;
  const ifUnseen = (kind) => (tips.seen.includes(kind) ? null : kind);
  if (screen === 'result') return view.result?.showdown ? ifUnseen('showdown') : null;
  if (screen !== 'table' || view.turn !== view.seat) return null;
  const m = legalMoves(view);
  if (m.takeUpcard || m.pass) return ifUnseen('upcard');
  if (m.drawStock) return ifUnseen('draw');
  return (m.discard.size && ifUnseen('discard')) || (m.knock.size && ifUnseen('knock')) || null;
}

/** Tips after one is seen: done once every kind has been shown. */
export function afterSeen(tips, kind) {
  const seen = tips.seen.includes(kind) ? tips.seen : [...tips.seen, kind];
  return { seen, done: tips.done || TIPS.every((k) => seen.includes(k)) };
}
