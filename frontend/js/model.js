// What the table says about a view, in words: moves on offer, prompt, refusals. It decides no rule; no DOM.

import { cardName, shortName } from './cards.js';

export const OVER = ['hand_over', 'match_over'];

/** The cards a seat throws on the pile, by action and by event. */
export const THROWS = ['discard', 'knock', 'gin'];
export const THROWN = ['discarded', 'knocked', 'gin'];

// Seats are the server's numbers; `me` is the reader's own (`view.seat`).

let names;
/** Who sits across: the computer, a persona called `name`, or a friend (`kind` 'person'). */
export function setOpponent(kind, name) {
  names = name ? [name, name, name] : kind === 'person' ? ['Your friend', 'your friend', 'Friend']
    : ['The computer', 'the computer', 'Computer'];
}

/** A rating as the page shows it: "1562", or "1500?" while it is still uncertain. */
export const ratingWords = (r) => (r ? `${r.rating}${r.provisional ? '?' : ''}` : '');
setOpponent();
/** "Computer", "Friend" or a persona's name */
export const theirName = () => names[2];
/** "The computer" ("the computer") */
export const them = (capital = true) => names[capital ? 0 : 1];

/** Seat `seat` in words, told to seat `me`. */
export const who = (seat, me, capital = true) => (seat !== me ? them(capital) : capital ? 'You' : 'you');

/** A pair by seat (scores) as seat `me` reads it. */
export const sides = (pair, me) => ({ you: pair[me], them: pair[1 - me] });

/** "you have the first choice of the upcard" (the log, a review's deal) */
export const firstChoice = (seat, me) => `${who(seat, me, false)} ${seat === me ? 'have' : 'has'} the first choice of the upcard`;

export function legalMoves(view) {
  const actions = view?.legal_actions || [];
  const has = (kind, source) => actions.some((a) => a.kind === kind && (!source || a.source === source));
  const cards = (kind) => new Set(actions.filter((a) => a.kind === kind).map((a) => a.card));
  const knock = cards('knock');
  const gin = new Set((view?.discard_options || []).filter((o) => o.gin && knock.has(o.card)).map((o) => o.card));
  return {
    takeUpcard: has('take_upcard'), pass: has('pass'), drawStock: has('draw', 'stock'), drawDiscard: has('draw', 'discard'),
    discard: cards('discard'), knock, gin,
    bigGin: has('big_gin'), nextHand: has('next_hand'), any: actions.length > 0,
  };
}

/** The moves on offer, by button, given the selected card (or null). */
export function buttonStates(view, selected) {
  const m = legalMoves(view);
  return {
    take_upcard: m.takeUpcard, pass: m.pass, draw_stock: m.drawStock, draw_discard: m.drawDiscard,
    discard: m.discard.has(selected), knock: m.knock.has(selected) && !m.gin.has(selected), gin: m.gin.has(selected),
    big_gin: m.bigGin, next_hand: m.nextHand,
  };
}

const DRAWS = { draw_stock: 'stock', draw_discard: 'discard' };

/** The legal action of `kind` (with this card or source) as offered, to post back as it is; or null. */
export const offered = (view, kind, { card, source } = {}) => view?.legal_actions?.find((a) => a.kind === kind
  && (!card || a.card === card) && (!source || a.source === source)) || null;

/** The action a button stands for, as offered, or null when the view does not allow it. */
export function actionFor(button, view, selected) {
  if (!buttonStates(view, selected)[button]) return null;
  const kind = DRAWS[button] ? 'draw' : button === 'gin' ? 'knock' : button;
  return offered(view, kind, { source: DRAWS[button], card: THROWS.includes(button) && selected });
}

export function buttonForAction(action, view) {
  if (!action) return null;
  if (action.kind === 'draw') return action.source === 'stock' ? 'draw_stock' : 'draw_discard';
  if (action.kind === 'knock') return legalMoves(view).gin.has(action.card) ? 'gin' : 'knock';
  return action.kind;
}

export const topCard = (view) => view?.discard_pile?.at(-1) ?? null;

/** One line telling the player what to do now. */
export function prompt(view, { singleTap = false } = {}) {
  if (!view) return '';
  if (OVER.includes(view.phase)) return view.phase === 'match_over' ? 'The match is over.' : 'The hand is over.';
  if (view.turn !== view.seat) return `${them()} is playing…`;
  const m = legalMoves(view);
  const top = topCard(view);
  if (m.takeUpcard || m.pass) {
    const passed = view.passed?.includes(1 - view.seat) ? `${them()} passed. ` : '';
    return `${passed}Take the upcard ${shortName(top)} or pass.`;
  }
  if (m.drawStock && m.drawDiscard) return `Your turn: draw from the stock or take the ${shortName(top)}.`;
  if (m.drawStock) return 'Your turn: draw from the stock.';
  if (m.drawDiscard) return `Your turn: take the ${shortName(top)}.`;
  if (m.gin.size) return 'You can go Gin! Pick the card to throw, then press Gin.';
  if (m.knock.size) return 'Discard a card, or pick one and knock.';
  if (m.discard.size) return singleTap ? 'Tap a card to discard it.' : 'Discard: tap a card twice, or drag it to the pile.';
  if (m.bigGin) return 'All eleven cards meld: you may go Big Gin.';
  return '';
}

/** Whole seconds left on a turn clock (`clock.deadline`, Unix seconds) at `now` (ms), or null without one. */
export const secondsLeft = (clock, now) => (clock?.deadline ? Math.ceil(clock.deadline - now / 1000) : null);

/** The clock in the pill: "42 s", or with a public match's reserve "42 s (+120 s)", then "95 s (reserve)". */
export function clockWords(clock, view, now) {
  const left = secondsLeft(clock, now);
  if (left === null) return '';
  const reserve = Math.floor(clock.reserves?.[view.turn] ?? 0);
  if (!reserve) return `${Math.max(0, left)} s`;
  return left > reserve ? `${left - reserve} s (+${reserve} s)` : `${Math.max(0, left)} s (reserve)`;
}

/** Whether the match may be claimed at `now` (ms): a turn clock is running and the other seat let it run out. */
export const canClaim = (clock, view, now) => {
  const left = secondsLeft(clock, now);
  return left !== null && left <= 0 && view.turn === 1 - view.seat;
};

/** Whose moment it is: {turn: 'you' | 'computer' | 'wait' | 'over', pill, prompt}. */
export function moment(view, { playing = false, singleTap = false, waiting = false } = {}) {
  if (!view) return { turn: 'over', pill: '', prompt: '' };
  if (waiting) return { turn: 'wait', pill: 'Waiting for your friend', prompt: '' };
  const words = prompt(view, { singleTap });
  if (OVER.includes(view.phase)) return { turn: 'over', pill: view.phase === 'match_over' ? 'Match over' : 'Hand over', prompt: words };
  if (playing || view.turn !== view.seat) return { turn: 'computer', pill: `${theirName()}’s turn`, prompt: `${them()} is playing…` };
  return { turn: 'you', pill: 'Your turn', prompt: words };
}

/** Why a tap on the stock, the pile or a card does nothing now. */
export function refusal(view, target, { card = null, playing = false } = {}) {
  if (!view || OVER.includes(view.phase)) return 'The hand is over.';
  if (playing || view.turn !== view.seat) return `Wait: ${them(false)} is playing.`;
  const m = legalMoves(view);
  if (m.takeUpcard || m.pass) return target === 'stock' ? 'First take the upcard or pass.' : 'Take the upcard or pass first.';
  if (view.phase === 'draw') {
    if (target === 'card') return 'Draw a card first: tap the stock or the pile.';
    return target === 'pile' && !topCard(view) ? 'The pile is empty: draw from the stock.' : 'You can’t draw from there now.';
  }
  if (target !== 'card') return 'You have drawn: now discard a card.';
  if (card && view.taken_card === card) return `${shortName(card)} was just taken from the discard pile: it can't be discarded this turn.`;
  return card ? `You can’t discard ${shortName(card)} now.` : 'Pick a card to discard first.';
}

export function deadwoodLine(view) {
  const options = view.discard_options || [];
  const best = options.length ? ` · best discard leaves ${Math.min(...options.map((o) => o.deadwood))}` : '';
  return `Deadwood ${view.deadwood}${best}`;
}

/** What discarding the selected card would do. */
export function selectionLine(view, selected) {
  if (!selected) return '';
  const m = legalMoves(view);
  const option = view.discard_options?.find((o) => o.card === selected);
  if (view.taken_card === selected && !m.discard.has(selected)) return refusal(view, 'card', { card: selected });
  if (!option) return `${shortName(selected)} selected.`;
  const end = m.gin.has(selected) ? ' — that is Gin!' : m.knock.has(selected) ? ' — you can knock.' : '.';
  return `Discarding ${shortName(selected)} leaves deadwood ${option.deadwood}${end}`;
}

const OUTCOME_WORDS = { gin: 'Gin', big_gin: 'Big Gin', knock: 'Knock', undercut: 'Undercut', no_score: 'No score' };

export const outcomeWord = (outcome) => OUTCOME_WORDS[outcome] || outcome;

/** A move in a sentence, as the log writes it to seat `me`. */
export function describeEvent(event, me) {
  const actor = who(event.seat, me);
  const card = event.card ? shortName(event.card) : null;
  switch (event.kind) {
    case 'hand_started':
      return `Hand ${event.hand}: ${firstChoice(event.seat, me)} ${card}.`;
    case 'passed': return `${actor} passed on the upcard.`;
    case 'took_upcard': return `${actor} took the upcard ${card}.`;
    case 'drew':
      if (event.source === 'discard') return `${actor} took ${card} from the discard pile.`;
      return `${actor} drew ${card ? `${card} ` : ''}from the stock.`;
    case 'discarded': return `${actor} discarded ${card}.`;
    case 'knocked': return `${actor} knocked, discarding ${card} (deadwood ${event.deadwood}).`;
    case 'gin': return `${actor} went Gin, discarding ${card}!`;
    case 'big_gin': return `${actor} went Big Gin!`;
    case 'hand_ended':
      if (event.result === 'no_score' || event.seat == null) return 'Nobody scores this hand.';
      return `${actor} won the hand: ${event.points} points (${outcomeWord(event.result).toLowerCase()}).`;
    case 'match_ended': return event.seat === me ? 'You win the match!' : `${them()} wins the match.`;
    case 'resigned': return `${actor} resigned the match.`;
    default: return event.kind;
  }
}

/** The same with card names spelled out, for screen readers. */
export function speakEvent(event, me) {
  const text = describeEvent(event, me);
  return event.card ? text.replace(shortName(event.card), cardName(event.card)) : text;
}

const SOUNDS = { hand_started: 'deal', took_upcard: 'draw', drew: 'draw', discarded: 'discard', knocked: 'knock', gin: 'gin', big_gin: 'gin' };

export function soundOf(event, me) {
  if (event.kind === 'match_ended') return event.seat === me ? 'win' : 'lose';
  return SOUNDS[event.kind] || null;
}

/** The events that are moves: the other's are shown with a pause and a flight. */
export const MOVES = ['passed', 'took_upcard', 'drew', 'discarded', 'knocked', 'gin', 'big_gin'];
export const isVisibleMove = (event) => MOVES.includes(event.kind);

// --- the piles while the other's moves are shown (display bookkeeping, not rules)

/** The piles, the cards each seat holds and the cards of each seat the other knows (taken from the pile, so seen). */
export function tableOf(view) {
  const counts = [];
  counts[view.seat] = (view.hand || []).length;
  counts[1 - view.seat] = view.opponent_card_count;
  const known = [];
  known[view.seat] = [];
  known[1 - view.seat] = [...(view.opponent_known || [])];
  return { pile: [...(view.discard_pile || [])], stock: view.stock_count, counts, known };
}

/** The table just before `event`, from the table just after it. (A known card thrown is not known again before its
 * throw: the table does not keep who took it; the label may lack it while that throw is shown.) */
export function undoEvent(table, event) {
  const t = { pile: [...table.pile], stock: table.stock, counts: [...table.counts], known: table.known.map((k) => [...k]) };
  const { kind, seat, card } = event;
  if (THROWN.includes(kind)) {
    if (card && t.pile.at(-1) === card) t.pile.pop();
    t.counts[seat] += 1;
  } else if (kind === 'drew' || kind === 'took_upcard') {
    if (kind === 'drew' && event.source === 'stock') t.stock += 1;
    else if (card) {
      t.pile.push(card);
      t.known[seat] = t.known[seat].filter((c) => c !== card); // not yet taken: not yet known
    }
    t.counts[seat] -= 1;
  }
  return t;
}

/** The table after each of `events`, ending with the table of `view`. */
export function tablesAfter(view, events) {
  const after = new Array(events.length);
  let table = tableOf(view);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    after[i] = table;
    table = undoEvent(table, events[i]);
  }
  return after;
}

// --- the other's turn, said by its hand: "Drew from the stock, discarded 9♣"

/** One move of the other seat in a few words, told to seat `me`; `previous`: the event before it (whose throw a take
 * may be). Null for events that are not moves. */
export function captionOf(event, me, previous = null) {
  const card = event.card ? shortName(event.card) : '';
  switch (event.kind) {
    case 'passed': return 'Passed on the upcard';
    case 'took_upcard': return `Took the upcard ${card}`;
    case 'drew':
      if (event.source === 'stock') return 'Drew from the stock';
      return previous && THROWN.includes(previous.kind) && previous.seat === me && previous.card === event.card
        ? `Took your ${card}` : `Took ${card} from the pile`;
    case 'discarded': return `Discarded ${card}`;
    case 'knocked': return `Knocked with ${card}`;
    case 'gin': return `Went Gin with ${card}`;
    case 'big_gin': return 'Went Big Gin';
    default: return null;
  }
}

/** A turn's caption so far with one more move: "Drew from the stock" + "Discarded 9♣". */
export const addCaption = (caption, words) => (!words ? caption : caption
  ? `${caption}, ${words[0].toLowerCase()}${words.slice(1)}` : words);
