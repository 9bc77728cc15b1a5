// A finished hand laid out on the felt, as data: each side's melds, its deadwood set apart and counted, the layoffs
// and the points. No DOM. Stages: 'laid' (the hands put down, the layoffs still in the defender's deadwood), 'moved'
// (the layoffs on the knocker's melds) and null (all done: the points too).

import { meldOrder, shortName, sortBySuit } from './cards.js';
import { theirName } from './model.js';
import { resultSummary } from './results.js';

const VERBS = { gin: 'went Gin', big_gin: 'went Big Gin', knock: 'knocked' };
const seatName = (seat, me) => (seat === me ? 'You' : theirName());

/** One side: {seat, mine, title, knocker, melds: [{cards, laidOff: [card]}], deadwood: [card], count}. */
function side(seat, me, title, melds, deadwood, count, knocker = false) {
  return { seat, mine: seat === me, title, knocker, melds, deadwood: sortBySuit(deadwood), count };
}

/** The showdown of `view` at `stage`, or null when the hand is not over (or shows nothing). Sides: theirs first. */
export function showdownModel(view, stage = null) {
  const me = view.seat;
  const { result } = view;
  const show = result?.showdown;
  const points = stage ? null : resultSummary(view)?.arithmetic || null;
  if (show) {
    const { knocker } = result;
    const defender = 1 - knocker;
    const layoffs = show.layoffs || [];
    const moved = stage !== 'laid';
    const melds = show.knocker_melds.map((cards, i) => {
      const laidOff = moved ? layoffs.filter((l) => l.meld === i).map((l) => l.card) : [];
      return { cards: meldOrder([...cards, ...laidOff]), laidOff };
    });
    const words = layoffs.map((l) => shortName(l.card)).join(' ');
    const sides = [
      side(knocker, me, `${seatName(knocker, me)} ${VERBS[show.kind] || 'knocked'}`, melds,
        show.knocker_deadwood_cards, show.knocker_deadwood, true),
      side(defender, me, `${seatName(defender, me)} ${moved && words ? `laid off ${words}` : 'defended'}`,
        show.defender_melds.map((cards) => ({ cards: meldOrder(cards), laidOff: [] })),
        moved ? show.defender_deadwood_cards : [...show.defender_deadwood_cards, ...layoffs.map((l) => l.card)],
        moved ? show.defender_deadwood : show.defender_deadwood_before_layoffs),
    ];
    return { sides: sides[0].mine ? sides.reverse() : sides, layoffs, knocker, points };
  }
  if (view.revealed) { // a dead hand: both hands shown as they are, nobody scores
    const sides = [1 - me, me].map((seat) => {
      const r = view.revealed[seat];
      return side(seat, me, seat === me ? 'Your hand' : `${theirName()}’s hand`,
        r.melds.map((cards) => ({ cards: meldOrder(cards), laidOff: [] })), r.deadwood_cards, r.deadwood);
    });
    return { sides, layoffs: [], knocker: null, points };
  }
  return null;
}
