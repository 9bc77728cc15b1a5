// Stepping through a finished hand, both hands face up: of the game in play, or of a past match.

import { cardName, sortBySuit } from '../cards.js';
import { byId, cardFace, clear, emptyPile, onClick, setText } from '../dom.js';
import { OVER, them } from '../model.js';
import { decisionSteps, reviewFrames } from '../replay.js';
import { moveWords, points } from '../results.js';
import { matchHash } from '../router.js';
import { coachKey, patch, reviewAt, withBanner, withReview } from '../state.js';
import { focusHeading } from '../ui.js';
import { LOOKING } from './result.js';

function reviewHand(target, codes, moved, mine) {
  const root = clear(byId(target));
  root.append(...sortBySuit(codes).map((code) => cardFace(code, { classes: code === moved ? 'moved' : '' })));
  root.setAttribute('aria-label', `${mine ? 'Your' : `${them()}’s`} hand: ${codes.length} cards`);
}

/** The coach's marks: on the step shown when it was your mistake, and which moves were. */
function renderMarks(review, entry) {
  const steps = decisionSteps(review.frames, entry?.data?.decisions || [], review.seat);
  const mark = steps.get(review.step);
  byId('review-mark').hidden = !mark?.mistake;
  if (mark?.mistake) {
    setText('review-cost', points(mark.cost));
    setText('review-better', moveWords(mark.best));
    setText('review-why', mark.why);
  }
  const moves = [...steps].filter(([, d]) => d?.mistake).map(([n]) => n);
  const line = byId('review-coach');
  line.hidden = !entry;
  if (entry) line.textContent = entry.error || (!entry.data ? LOOKING
    : moves.length ? `The coach marks mistakes at move ${moves.join(', ')}.` : 'The coach found no mistakes.');
}

export function renderReview({ review, analyses }) {
  if (!review) return;
  const { frames, step, hand, seat } = review;
  const frame = frames[step];
  const last = frames.length - 1;
  setText('review-title', `Review of hand ${hand}`);
  setText('review-step', step === 0 ? `The deal (${last} moves follow)` : `Move ${step} of ${last}`);
  setText('review-text', frame.text);
  reviewHand('review-computer', frame.hands[1 - seat], frame.moved, false);
  reviewHand('review-you', frame.hands[seat], frame.moved, true);
  const top = frame.pile.at(-1);
  clear(byId('review-discard')).append(top ? cardFace(top, {
    classes: `pile-card${top === frame.moved ? ' moved' : ''}`, label: `Top of the discard pile: ${cardName(top)}`,
  }) : emptyPile());
  setText('review-stock', `Stock · ${frame.stock}`);
  const range = byId('review-range');
  range.max = last;
  range.value = step;
  range.setAttribute('aria-valuetext', step === 0 ? 'The deal' : `Move ${step}`);
  for (const [id, end] of [['first', 0], ['prev', 0], ['next', last], ['last', last]]) byId(`review-${id}`).disabled = step === end;
  setText('review-back', `Back to the ${review.back === '#/play' ? 'result' : 'match'}`);
  renderMarks(review, review.coach && analyses[review.coach]);
}

export function createReview(ctx, table) {
  const { api, store, get, update } = ctx;

  /** The hand's deck, starter and events, and your seat: of the game in play, or a past match's. */
  async function handOf(route) {
    if (route.id) return api.matchHand(store.playerToken(), route.id, route.hand);
    const { game } = get();
    const number = route.hand || game.view.hand_number;
    const events = await api.events(game.id, game.token, number);
    const deal = number === game.view.hand_number && OVER.includes(game.view.phase) ? game.view : await api.handDeal(game.id, game.token, number);
    return { number, deck: deal.deck, starter: deal.starter, events: events.events, seat: events.seat };
  }

  async function open(route, focus) {
    if (!route.id && !get().game) await table.open(false);
    if (!route.id && !get().game) return;
    const back = route.id ? matchHash(route.id) : '#/play';
    // The coach needs the seat token: it reviews this browser's game, not other past matches.
    const saved = store.game();
    const mine = saved && (!route.id || route.id === saved.id) ? saved : null;
    try {
      const { number, deck, starter, events, seat } = await handOf(route);
      const frames = reviewFrames({ deck, starter, events, hand: number, seat });
      const coach = mine && coachKey(mine.id, number);
      update((s) => patch(withReview(s, { frames, hand: number, seat, back, coach }), { screen: 'review' }));
      if (mine) ctx.coach.analyse(mine.id, mine.token, number);
    } catch (error) {
      update((s) => withBanner(s, `The hand could not be loaded for review: ${error.detail || error.message}`));
      ctx.go(back);
      return;
    }
    if (focus) focusHeading('review');
  }

  const step = (to) => update((s) => reviewAt(s, to(s.review.step)));
  const back = (n) => n - 1;
  const next = (n) => n + 1;
  for (const [id, to] of [['first', () => 0], ['prev', back], ['next', next], ['last', () => Infinity]]) onClick(`review-${id}`, () => step(to));
  byId('review-range').addEventListener('input', (event) => step(() => Number(event.target.value)));
  onClick('review-back', () => ctx.go(get().review?.back || '#/play'));
  byId('screen-review').addEventListener('keydown', (event) => {
    if (event.target.id === 'review-range' || !get().review) return;
    const to = { ArrowRight: next, ArrowLeft: back }[event.key];
    if (to) step(to);
  });
  return { open };
}
