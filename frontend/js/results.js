// A finished hand and match in words and rows: headline, arithmetic, score sheet, coach. No DOM. From the side of the
// view's (or the match's) `seat`.

import { shortName } from './cards.js';
import { outcomeWord, sides, them, theirName, who } from './model.js';

/** Headline and arithmetic of a finished hand, from view.result. */
export function resultSummary(view) {
  const result = view.result;
  if (!result) return null;
  const { outcome, winner, knocker, showdown } = result;
  const me = view.seat;
  let headline;
  if (outcome === 'no_score') headline = 'No score: the hand is a draw.';
  else if (outcome === 'gin' || outcome === 'big_gin') {
    const word = outcomeWord(outcome);
    headline = knocker === me ? `${word}! You win the hand.` : `${them()} went ${word}.`;
  } else if (outcome === 'undercut') {
    headline = winner === me ? `Undercut! You beat ${them(false)}’s knock.` : `Undercut: ${them(false)} beat your knock.`;
  } else headline = knocker === me ? 'You knocked and won the hand.' : `${them()} knocked and won the hand.`;
  let arithmetic = 'Nobody scores.';
  if (showdown) {
    const times = result.multiplier && result.multiplier !== 1 ? ` × ${result.multiplier}` : '';
    const bonus = result.line_bonus ? ` + ${result.line_bonus} line bonus` : '';
    const total = times || bonus ? `${times}${bonus} = ${result.points}` : '';
    arithmetic = `${showdown.explanation}${total} to ${who(winner, me, false)}`;
  }
  return { headline, arithmetic, outcome, winner };
}

/** Rows of the running score sheet, from a view's (or a match's) history. */
export function scoreSheet(match) {
  return (match.history || []).map((h) => ({
    hand: h.number, outcome: outcomeWord(h.outcome), winner: h.winner == null ? '—' : h.winner === match.seat ? 'You' : theirName(),
    points: h.winner == null ? 0 : h.points, ...sides(h.scores, match.seat),
  }));
}

/** A match's scores, with the bonuses once the match is over. */
export const finalScores = (match) => (match.final_scores?.some(Boolean) ? match.final_scores : match.scores);

/** The match result once it is over (`scores`: {you, them}). */
export function matchSummary(view) {
  if (view.phase !== 'match_over') return null;
  const scores = sides(finalScores(view), view.seat);
  const history = view.history || [];
  const mine = history.filter((h) => h.winner === view.seat);
  const gins = mine.filter((h) => ['gin', 'big_gin'].includes(h.outcome)).length;
  const won = view.winner === view.seat;
  const tally = `You won ${mine.length} of ${history.length} hand${history.length === 1 ? '' : 's'}`
    + (gins ? `, ${gins} of them with Gin.` : '.');
  return {
    won,
    headline: won ? 'You win the match!' : `${them()} wins the match.`,
    scores,
    line: `Final score: you ${scores.you}, ${them(false)} ${scores.them}.`,
    cheer: `${tally} ${won ? 'Well played!' : 'It was close enough to try again.'}`,
  };
}

export const points = (x) => `${x.toFixed(1)} points`;

/** A move the coach names (an ActionModel), as "discard 9♣". */
export function moveWords({ kind, source, card }) {
  if (kind === 'draw') return source === 'stock' ? 'draw from the stock' : 'take the discard';
  const words = { take_upcard: 'take the upcard', pass: 'pass on the upcard', knock: 'knock, discarding' }[kind] || kind;
  return card ? `${words} ${shortName(card)}` : words;
}

/** Points lost to mistakes over the coach's reviews of several hands, by kind, and the mistakes. */
export function lostOver(reviews) {
  const sum = { draw: 0, discard: 0, knock: 0, mistakes: 0 };
  for (const { lost, mistakes } of reviews) {
    for (const kind of ['draw', 'discard', 'knock']) sum[kind] += lost[kind];
    sum.mistakes += mistakes;
  }
  return sum;
}

/** What the fair-deal panel shows of a finished hand: its salt and deck; a daily deal's are everyone's that day,
 * so until the day has ended (UTC) the panel says when they will be shown. */
export function fairReveal(view) {
  if (view.daily && view.salt == null) {
    const note = `shown once ${view.daily} has ended (UTC)`;
    return { salt: note, deck: note };
  }
  return { salt: view.salt ?? '', deck: view.deck?.join(' ') ?? '' };
}
