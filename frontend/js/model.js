// What the table says about a view, in words: moves on offer, the prompt, refusals. It decides no rule; no DOM.

import { cardName, shortName } from './cards.js';

export const YOU = 0;
export const COMPUTER = 1;
export const OVER = ['hand_over', 'match_over'];

export function who(seat, capital = true) {
  if (seat === YOU) return capital ? 'You' : 'you';
  return capital ? 'The computer' : 'the computer';
}

export function legalMoves(view) {
  const actions = (view && view.legal_actions) || [];
  const has = (kind, test) => actions.some((a) => a.kind === kind && (!test || test(a)));
  const cards = (kind) => new Set(actions.filter((a) => a.kind === kind).map((a) => a.card));
  const options = new Map(((view && view.discard_options) || []).map((o) => [o.card, o]));
  const knock = cards('knock');
  const gin = new Set([...knock].filter((card) => options.get(card) && options.get(card).gin));
  return {
    takeUpcard: has('take_upcard'),
    pass: has('pass'),
    drawStock: has('draw', (a) => a.source === 'stock'),
    drawDiscard: has('draw', (a) => a.source === 'discard'),
    discard: cards('discard'),
    knock,
    gin,
    bigGin: has('big_gin'),
    nextHand: has('next_hand'),
    any: actions.length > 0,
  };
}

/** The moves on offer, by button, given the selected card (or null). */
export function buttonStates(view, selected) {
  const m = legalMoves(view);
  const sel = selected || null;
  return {
    take_upcard: m.takeUpcard,
    pass: m.pass,
    draw_stock: m.drawStock,
    draw_discard: m.drawDiscard,
    discard: m.discard.has(sel),
    knock: m.knock.has(sel) && !m.gin.has(sel),
    gin: m.gin.has(sel),
    big_gin: m.bigGin,
    next_hand: m.nextHand,
  };
}

const DRAWS = { draw_stock: 'stock', draw_discard: 'discard' };

/** The action a button stands for, or null when the view does not allow it. */
export function actionFor(button, view, selected) {
  if (!buttonStates(view, selected)[button]) return null;
  if (DRAWS[button]) return { kind: 'draw', source: DRAWS[button] };
  if (['discard', 'knock', 'gin'].includes(button)) return { kind: button === 'discard' ? 'discard' : 'knock', card: selected };
  return { kind: button };
}

const PATHS = { take_upcard: 'take-upcard', big_gin: 'big-gin', next_hand: 'next-hand' };

/** An action's API route and body: {path: "draw", body: {source: "stock"}}. */
export function actionRequest(action) {
  const path = PATHS[action.kind] || action.kind;
  if (action.kind === 'draw') return { path, body: { source: action.source } };
  if (action.kind === 'discard' || action.kind === 'knock') return { path, body: { card: action.card } };
  return { path, body: null };
}

/** The button a hinted action belongs to. */
export function buttonForAction(action, view) {
  if (!action) return null;
  if (action.kind === 'draw') return action.source === 'stock' ? 'draw_stock' : 'draw_discard';
  if (action.kind === 'knock') return legalMoves(view).gin.has(action.card) ? 'gin' : 'knock';
  return action.kind;
}

export function topCard(view) {
  const pile = (view && view.discard_pile) || [];
  return pile.length ? pile[pile.length - 1] : null;
}

/** One line telling the player what to do now. */
export function prompt(view, { singleTap = false } = {}) {
  if (!view) return '';
  if (view.phase === 'match_over') return 'The match is over.';
  if (view.phase === 'hand_over') return 'The hand is over.';
  if (view.turn !== YOU) return 'The computer is playing…';
  const m = legalMoves(view);
  const top = topCard(view);
  if (m.takeUpcard || m.pass) {
    const passed = (view.passed || []).includes(COMPUTER) ? 'The computer passed. ' : '';
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

/** Whose moment it is, for the status pill and the prompt: {turn: 'you' | 'computer' | 'over', pill, prompt}. */
export function moment(view, { playing = false, singleTap = false } = {}) {
  if (!view) return { turn: 'over', pill: '', prompt: '' };
  if (view.phase === 'match_over') return { turn: 'over', pill: 'Match over', prompt: prompt(view) };
  if (view.phase === 'hand_over') return { turn: 'over', pill: 'Hand over', prompt: prompt(view) };
  if (playing || view.turn !== YOU) return { turn: 'computer', pill: 'Computer’s turn', prompt: 'The computer is playing…' };
  return { turn: 'you', pill: 'Your turn', prompt: prompt(view, { singleTap }) };
}

/** Why a tap on the stock, the pile or a card (to discard it) does nothing now. */
export function refusal(view, target, { card = null, playing = false } = {}) {
  if (!view || OVER.includes(view.phase)) return 'The hand is over.';
  if (playing || view.turn !== YOU) return 'Wait: the computer is playing.';
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
  if (options.length) {
    const best = Math.min(...options.map((o) => o.deadwood));
    return `Deadwood ${view.deadwood} · best discard leaves ${best}`;
  }
  return `Deadwood ${view.deadwood}`;
}

/** What discarding the selected card would do (the server's discard options). */
export function selectionLine(view, selected) {
  if (!selected) return '';
  const m = legalMoves(view);
  const option = (view.discard_options || []).find((o) => o.card === selected);
  if (view.taken_card === selected && !m.discard.has(selected)) return refusal(view, 'card', { card: selected });
  if (!option) return `${shortName(selected)} selected.`;
  let line = `Discarding ${shortName(selected)} leaves deadwood ${option.deadwood}`;
  if (m.gin.has(selected)) line += ' — that is Gin!';
  else if (m.knock.has(selected)) line += ' — you can knock.';
  else line += '.';
  return line;
}

const OUTCOME_WORDS = { gin: 'Gin', big_gin: 'Big Gin', knock: 'Knock', undercut: 'Undercut', no_score: 'No score' };

export function outcomeWord(outcome) {
  return OUTCOME_WORDS[outcome] || outcome;
}

/** A move in a sentence, as the log writes it. */
export function describeEvent(event) {
  const actor = who(event.seat);
  const card = event.card ? shortName(event.card) : null;
  switch (event.kind) {
    case 'hand_started':
      return `Hand ${event.hand}: ${who(event.seat, false)} ${event.seat === YOU ? 'have' : 'has'} the first choice of the upcard ${card}.`;
    case 'passed': return `${actor} passed on the upcard.`;
    case 'took_upcard': return `${actor} took the upcard ${card}.`;
    case 'drew':
      if (event.source === 'discard') return `${actor} took ${card} from the discard pile.`;
      return card ? `${actor} drew ${card} from the stock.` : `${actor} drew from the stock.`;
    case 'discarded': return `${actor} discarded ${card}.`;
    case 'knocked': return `${actor} knocked, discarding ${card} (deadwood ${event.deadwood}).`;
    case 'gin': return `${actor} went Gin, discarding ${card}!`;
    case 'big_gin': return `${actor} went Big Gin!`;
    case 'hand_ended':
      if (event.result === 'no_score' || event.seat === null || event.seat === undefined) return 'Nobody scores this hand.';
      return `${actor} won the hand: ${event.points} points (${outcomeWord(event.result).toLowerCase()}).`;
    case 'match_ended': return event.seat === YOU ? 'You win the match!' : 'The computer wins the match.';
    default: return event.kind;
  }
}

/** The same with card names spelled out, for screen readers. */
export function speakEvent(event) {
  const text = describeEvent(event);
  return event.card ? text.replace(shortName(event.card), cardName(event.card)) : text;
}

const SOUNDS = { hand_started: 'deal', took_upcard: 'draw', drew: 'draw', discarded: 'discard', knocked: 'knock', gin: 'gin', big_gin: 'gin' };

export function soundOf(event) {
  if (event.kind === 'match_ended') return event.seat === YOU ? 'win' : 'lose';
  return SOUNDS[event.kind] || null;
}

/** The events that are a seat's moves: each worth a pause and an animation when the computer plays it. */
export const MOVES = ['passed', 'took_upcard', 'drew', 'discarded', 'knocked', 'gin', 'big_gin'];
export const isVisibleMove = (event) => MOVES.includes(event.kind);

// --- the piles while the computer's moves are shown (display bookkeeping, not rules)

export function tableOf(view) {
  return { pile: [...(view.discard_pile || [])], stock: view.stock_count, counts: [(view.hand || []).length, view.opponent_card_count] };
}

/** The table just before `event`, from the table just after it. */
export function undoEvent(table, event) {
  const t = { pile: [...table.pile], stock: table.stock, counts: [...table.counts] };
  const seat = event.seat;
  switch (event.kind) {
    case 'discarded':
    case 'knocked':
    case 'gin':
      if (event.card && t.pile[t.pile.length - 1] === event.card) t.pile.pop();
      t.counts[seat] += 1;
      break;
    case 'drew':
      if (event.source === 'stock') t.stock += 1;
      else if (event.card) t.pile.push(event.card);
      t.counts[seat] -= 1;
      break;
    case 'took_upcard':
      if (event.card) t.pile.push(event.card);
      t.counts[seat] -= 1;
      break;
    default:
      break;
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
