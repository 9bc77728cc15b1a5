// Stepping through a finished hand, both hands face up: of the game in play, or of a past match.

import { cardName, sortBySuit } from '../cards.js';
import { byId, cardFace, clear, emptyPile } from '../dom.js';
import { YOU } from '../model.js';
import { decisionSteps, reviewFrames } from '../replay.js';
import { moveWords, points } from '../results.js';
import { matchHash } from '../router.js';
import { coachKey, patch, reviewAt, withBanner, withReview } from '../state.js';
import { focusHeading } from '../ui.js';
import { LOOKING } from './result.js';

function reviewHand(target, codes, moved, seat) {
  const root = clear(byId(target));
  for (const code of sortBySuit(codes)) root.append(cardFace(code, { classes: code === moved ? 'moved' : '', label: cardName(code) }));
  root.setAttribute('aria-label', `${seat === YOU ? 'Your' : 'The computer’s'} hand: ${codes.length} cards`);
}

/** The coach's marks: on the step shown when it was your mistake, and which moves were. */
function renderMarks(review, entry) {
  const steps = decisionSteps(review.frames, entry && entry.data ? entry.data.decisions : []);
  const mark = steps.get(review.step);
  byId('review-mark').hidden = !(mark && mark.mistake);
  if (mark && mark.mistake) {
    byId('review-cost').textContent = points(mark.cost);
    byId('review-better').textContent = moveWords(mark.best);
    byId('review-why').textContent = mark.why;
  }
  const moves = [...steps].filter(([, d]) => d && d.mistake).map(([n]) => n);
  const line = byId('review-coach');
  line.hidden = !entry;
  if (entry) line.textContent = entry.error || (!entry.data ? LOOKING
    : moves.length ? `The coach marks mistakes at move ${moves.join(', ')}.` : 'The coach found no mistakes.');
}

export function renderReview({ review, analyses }) {
  if (!review) return;
  const { frames, step, hand } = review;
  const frame = frames[step];
  const last = frames.length - 1;
  byId('review-title').textContent = `Review of hand ${hand}`;
  byId('review-step').textContent = step === 0 ? `The deal (${last} moves follow)` : `Move ${step} of ${last}`;
  byId('review-text').textContent = frame.text;
  reviewHand('review-computer', frame.hands[1], frame.moved, 1);
  reviewHand('review-you', frame.hands[0], frame.moved, YOU);
  const pile = clear(byId('review-discard'));
  const top = frame.pile[frame.pile.length - 1];
  if (top) pile.append(cardFace(top, { classes: `pile-card${top === frame.moved ? ' moved' : ''}`, label: `Top of the discard pile: ${cardName(top)}` }));
  else pile.append(emptyPile());
  byId('review-stock').textContent = `Stock · ${frame.stock}`;
  const range = byId('review-range');
  range.max = String(last);
  range.value = String(step);
  range.setAttribute('aria-valuetext', step === 0 ? 'The deal' : `Move ${step}`);
  for (const [id, end] of [['first', 0], ['prev', 0], ['next', last], ['last', last]]) byId(`review-${id}`).disabled = step === end;
  byId('review-back').textContent = review.back === '#/play' ? 'Back to the result' : 'Back to the match';
  renderMarks(review, review.coach && analyses[review.coach]);
}

export function createReview(ctx, table) {
  const { api, store, get, update } = ctx;

  /** The deck, starter and events of the hand: of the game in play, or of a past match (player token). */
  async function handOf(route) {
    if (route.id) return api.matchHand(store.playerToken(), route.id, route.hand);
    const { game } = get();
    const number = route.hand || game.view.hand_number;
    const events = await api.events(game.id, game.token, 0, number);
    const over = ['hand_over', 'match_over'].includes(game.view.phase);
    const deal = number === game.view.hand_number && over ? game.view : await api.handDeal(game.id, game.token, number);
    return { number, deck: deal.deck, starter: deal.starter, events: events.events };
  }

  async function open(route, focus) {
    if (!route.id && !get().game) await table.open(false);
    if (!route.id && !get().game) return;
    const back = route.id ? matchHash(route.id) : '#/play';
    // The coach needs the seat token: it reviews this browser's game, not other past matches.
    const saved = store.game();
    const mine = saved && (!route.id || route.id === saved.id) ? saved : null;
    try {
      const hand = await handOf(route);
      const frames = reviewFrames({ deck: hand.deck, starter: hand.starter, events: hand.events, hand: hand.number });
      const coach = mine && coachKey(mine.id, hand.number);
      update((s) => patch(withReview(s, { frames, hand: hand.number, back, coach }), { screen: 'review' }));
      if (mine) ctx.coach.analyse(mine.id, mine.token, hand.number);
    } catch (error) {
      update((s) => withBanner(s, `The hand could not be loaded for review: ${error.detail || error.message}`));
      ctx.go(back);
      return;
    }
    if (focus) focusHeading('review');
  }

  const step = (to) => update((s) => reviewAt(s, to(s.review.step)));
  byId('review-first').addEventListener('click', () => step(() => 0));
  byId('review-prev').addEventListener('click', () => step((n) => n - 1));
  byId('review-next').addEventListener('click', () => step((n) => n + 1));
  byId('review-last').addEventListener('click', () => step(() => Infinity));
  byId('review-range').addEventListener('input', (event) => step(() => Number(event.target.value)));
  byId('review-back').addEventListener('click', () => ctx.go(get().review ? get().review.back : '#/play'));
  byId('screen-review').addEventListener('keydown', (event) => {
    if (event.target.id === 'review-range' || !get().review) return;
    if (event.key === 'ArrowRight') step((n) => n + 1);
    else if (event.key === 'ArrowLeft') step((n) => n - 1);
  });
  return { open };
}
