// A finished hand and match in words and rows: headline, arithmetic, score sheet, the coach's words. No DOM here.

import { shortName } from './cards.js';
import { YOU, outcomeWord } from './model.js';

/** Headline and arithmetic of a finished hand, from view.result. */
export function resultSummary(view) {
  const result = view.result;
  if (!result) return null;
  const { outcome, winner, knocker, showdown } = result;
  let headline;
  if (outcome === 'no_score') headline = 'No score: the hand is a draw.';
  else if (outcome === 'gin') headline = knocker === YOU ? 'Gin! You win the hand.' : 'The computer went Gin.';
  else if (outcome === 'big_gin') headline = knocker === YOU ? 'Big Gin! You win the hand.' : 'The computer went Big Gin.';
  else if (outcome === 'undercut') {
    headline = winner === YOU ? 'Undercut! You beat the computer’s knock.' : 'Undercut: the computer beat your knock.';
  } else headline = knocker === YOU ? 'You knocked and won the hand.' : 'The computer knocked and won the hand.';
  let arithmetic = 'Nobody scores.';
  if (showdown) {
    const extra = [];
    if (result.multiplier && result.multiplier !== 1) extra.push(` × ${result.multiplier}`);
    if (result.line_bonus) extra.push(` + ${result.line_bonus} line bonus`);
    const total = extra.length ? `${extra.join('')} = ${result.points}` : '';
    arithmetic = `${showdown.explanation}${total} ${winner === YOU ? 'to you' : 'to the computer'}`;
  }
  return { headline, arithmetic, outcome, winner, points: result.points };
}

/** The knocker's melds with the defender's layoffs placed on them: [{cards, laidOff: Set}]. */
export function meldsWithLayoffs(showdown) {
  const melds = showdown.knocker_melds.map((cards) => ({ cards: [...cards], laidOff: new Set() }));
  for (const layoff of showdown.layoffs || []) {
    const meld = melds[layoff.meld];
    if (meld) {
      meld.cards.push(layoff.card);
      meld.laidOff.add(layoff.card);
    }
  }
  return melds;
}

/** Rows of the running score sheet, from a view's (or a match's) history. */
export function scoreSheet(view) {
  return (view.history || []).map((h) => ({
    hand: h.number,
    outcome: outcomeWord(h.outcome),
    winner: h.winner === null || h.winner === undefined ? '—' : h.winner === YOU ? 'You' : 'Computer',
    points: h.winner === null || h.winner === undefined ? 0 : h.points,
    you: h.scores[0],
    computer: h.scores[1],
  }));
}

/** A match's scores, with the bonuses once the match is over. */
export const finalScores = (match) => (match.final_scores && match.final_scores.some(Boolean) ? match.final_scores : match.scores);

/** The match result once it is over. */
export function matchSummary(view) {
  if (view.phase !== 'match_over') return null;
  const scores = finalScores(view);
  const history = view.history || [];
  const mine = history.filter((h) => h.winner === YOU);
  const gins = mine.filter((h) => h.outcome === 'gin' || h.outcome === 'big_gin').length;
  const won = view.winner === YOU;
  const tally = `You won ${mine.length} of ${history.length} hand${history.length === 1 ? '' : 's'}`
    + (gins ? `, ${gins} of them with Gin.` : '.');
  return {
    won,
    headline: won ? 'You win the match!' : 'The computer wins the match.',
    scores: [...scores],
    line: `Final score: you ${scores[0]}, the computer ${scores[1]}.`,
    cheer: won ? `${tally} Well played!` : `${tally} It was close enough to try again.`,
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
