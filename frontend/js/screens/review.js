// Stepping through a finished hand with both hands face up: of the game in play, or of a past match.

import { cardName, sortBySuit } from '../cards.js';
import { byId, cardFace, clear, h } from '../dom.js';
import { YOU } from '../model.js';
import { reviewFrames } from '../replay.js';
import { matchHash } from '../router.js';
import { patch, reviewAt, withBanner, withReview } from '../state.js';
import { focusHeading } from '../ui.js';

function reviewHand(target, codes, moved, seat) {
  const root = clear(byId(target));
  for (const code of sortBySuit(codes)) root.append(cardFace(code, { classes: code === moved ? 'moved' : '', label: cardName(code) }));
  root.setAttribute('aria-label', `${seat === YOU ? 'Your' : 'The computer’s'} hand: ${codes.length} cards`);
}

export function renderReview({ review }) {
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
  else pile.append(h('span', { class: 'card slot-empty', role: 'img', 'aria-label': 'The discard pile is empty' }));
  byId('review-stock').textContent = `Stock · ${frame.stock}`;
  const range = byId('review-range');
  range.max = String(last);
  range.value = String(step);
  range.setAttribute('aria-valuetext', step === 0 ? 'The deal' : `Move ${step}`);
  byId('review-first').disabled = step === 0;
  byId('review-prev').disabled = step === 0;
  byId('review-next').disabled = step === last;
  byId('review-last').disabled = step === last;
  byId('review-back').textContent = review.back === '#/play' ? 'Back to the result' : 'Back to the match';
}

export function createReview(ctx, table) {
  const { api, store, get, update } = ctx;

  /** The deck, starter and events of hand `number`: of the game in play, or of a past match (by the player token). */
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
    try {
      const hand = await handOf(route);
      const frames = reviewFrames({ deck: hand.deck, starter: hand.starter, events: hand.events, hand: hand.number });
      update((s) => patch(withReview(s, { frames, hand: hand.number, back }), { screen: 'review' }));
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
