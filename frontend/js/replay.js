// Both hands after every move of a finished hand, from the revealed deck (starter's 10, other's 10, upcard, stock).

import { MOVES, THROWN, describeEvent, firstChoice } from './model.js';

const SHOWN = new Set([...MOVES, 'hand_ended', 'match_ended']);

const frame = (step, event, text, hands, pile, stock, moved) => ({
  step, event, text, hands: [[...hands[0]], [...hands[1]]], pile: [...pile], stock, moved,
});

/** Every position of hand `hand` (hands by seat, told to `seat`): frames[0] is the deal, then one frame per move. */
export function reviewFrames({ deck, starter, events, hand, seat: me }) {
  if (!deck || deck.length < 21) throw new Error('the deck of this hand is not revealed yet');
  const hands = [[], []];
  hands[starter] = deck.slice(0, 10);
  hands[1 - starter] = deck.slice(10, 20);
  const pile = [deck[20]];
  let next = 21;
  const frames = [frame(0, null, `The deal: ${firstChoice(starter, me)}.`, hands, pile, deck.length - next, deck[20])];
  for (const original of events.filter((e) => e.hand === hand && SHOWN.has(e.kind))) {
    const event = { ...original };
    const { kind, seat } = event;
    let moved = event.card || null;
    if (kind === 'took_upcard' || kind === 'drew') {
      if (kind === 'drew' && event.source === 'stock') {
        event.card ||= deck[next];
        next += 1;
      } else event.card = pile.pop();
      moved = event.card;
      hands[seat].push(moved);
    } else if (THROWN.includes(kind)) {
      hands[seat] = hands[seat].filter((c) => c !== event.card);
      pile.push(event.card);
    }
    frames.push(frame(frames.length, event, describeEvent(event, me), hands, pile, deck.length - next, moved));
  }
  return frames;
}

const DECISIONS = new Set(MOVES.filter((kind) => kind !== 'big_gin')); // the coach leaves Big Gin out

/** The coach's decisions (of seat `seat`, in order) by the step they were made at. */
export function decisionSteps(frames, decisions, seat) {
  const mine = frames.filter(({ event }) => event?.seat === seat && DECISIONS.has(event.kind));
  return new Map(mine.map((frame, i) => [frame.step, decisions[i]]));
}
