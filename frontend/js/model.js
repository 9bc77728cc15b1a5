// What the screen says about a view: which buttons are live, prompts, move descriptions, the result in
// words. Everything here reads the server's view (legal_actions, discard_options, result); no rule is
// decided on the client. No DOM here, so node's test runner can import it.

import { cardName, shortName } from './cards.js';

export const YOU = 0;
export const COMPUTER = 1;

const OUTCOME_WORDS = {
  gin: 'Gin', big_gin: 'Big Gin', knock: 'Knock', undercut: 'Undercut', no_score: 'No score',
};

export function outcomeWord(outcome) {
  return OUTCOME_WORDS[outcome] || outcome;
}

export function who(seat, capital = true) {
  if (seat === YOU) return capital ? 'You' : 'you';
  return capital ? 'The computer' : 'the computer';
}

/** The legal moves of a view, grouped the way the buttons need them. */
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

/** Which action buttons are enabled, given the view and the selected card (or null). */
export function buttonStates(view, selected) {
  const m = legalMoves(view);
  const sel = selected || null;
  return {
    take_upcard: m.takeUpcard,
    pass: m.pass,
    draw_stock: m.drawStock,
    draw_discard: m.drawDiscard,
    discard: sel !== null && m.discard.has(sel),
    knock: sel !== null && m.knock.has(sel) && !m.gin.has(sel),
    gin: sel !== null && m.gin.has(sel),
    big_gin: m.bigGin,
    next_hand: m.nextHand,
  };
}

/** The action a button stands for, or null when the view does not allow it. */
export function actionFor(button, view, selected) {
  if (!buttonStates(view, selected)[button]) return null;
  switch (button) {
    case 'take_upcard': return { kind: 'take_upcard' };
    case 'pass': return { kind: 'pass' };
    case 'draw_stock': return { kind: 'draw', source: 'stock' };
    case 'draw_discard': return { kind: 'draw', source: 'discard' };
    case 'discard': return { kind: 'discard', card: selected };
    case 'knock':
    case 'gin': return { kind: 'knock', card: selected };
    case 'big_gin': return { kind: 'big_gin' };
    case 'next_hand': return { kind: 'next_hand' };
    default: return null;
  }
}

const PATHS = { take_upcard: 'take-upcard', big_gin: 'big-gin', next_hand: 'next-hand' };

/** The API route and body of an action: {path: "draw", body: {source: "stock"}}. */
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

function topCard(view) {
  const pile = view.discard_pile || [];
  return pile.length ? pile[pile.length - 1] : null;
}

/** One line telling the player what to do now. */
export function prompt(view) {
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
  if (m.discard.size || m.knock.size) {
    if (m.gin.size) return 'You can go Gin! Select the card to discard, then press Gin.';
    if (m.knock.size) return 'Discard a card, or knock: select a card, then press Discard or Knock.';
    return 'Select a card to discard.';
  }
  if (m.bigGin) return 'All eleven cards meld: you may go Big Gin.';
  return '';
}

/** The live deadwood line. */
export function deadwoodLine(view) {
  const options = view.discard_options || [];
  if (options.length) {
    const best = Math.min(...options.map((o) => o.deadwood));
    return `Deadwood ${view.deadwood} · best discard leaves ${best}`;
  }
  return `Deadwood ${view.deadwood}`;
}

/** What discarding the selected card would do, from the server's discard options. */
export function selectionLine(view, selected) {
  if (!selected) return '';
  const m = legalMoves(view);
  const option = (view.discard_options || []).find((o) => o.card === selected);
  if (view.taken_card === selected && !m.discard.has(selected)) {
    return `${shortName(selected)} was just taken from the discard pile: it can't be discarded this turn.`;
  }
  if (!option) return `${shortName(selected)} selected.`;
  let line = `Discarding ${shortName(selected)} leaves deadwood ${option.deadwood}`;
  if (m.gin.has(selected)) line += ' — that is Gin!';
  else if (m.knock.has(selected)) line += ' — you can knock.';
  else line += '.';
  return line;
}

/** A move in a sentence, as the log writes it. */
export function describeEvent(event) {
  const actor = who(event.seat);
  const card = event.card ? shortName(event.card) : null;
  switch (event.kind) {
    case 'hand_started':
      return `Hand ${event.hand}: ${who(event.seat, false)} ${event.seat === YOU ? 'have' : 'has'} the first choice of the upcard ${card}.`;
    case 'passed':
      return `${actor} passed on the upcard.`;
    case 'took_upcard':
      return `${actor} took the upcard ${card}.`;
    case 'drew':
      if (event.source === 'discard') return `${actor} took ${card} from the discard pile.`;
      return card ? `${actor} drew ${card} from the stock.` : `${actor} drew from the stock.`;
    case 'discarded':
      return `${actor} discarded ${card}.`;
    case 'knocked':
      return `${actor} knocked, discarding ${card} (deadwood ${event.deadwood}).`;
    case 'gin':
      return `${actor} went Gin, discarding ${card}!`;
    case 'big_gin':
      return `${actor} went Big Gin!`;
    case 'hand_ended':
      if (event.result === 'no_score' || event.seat === null || event.seat === undefined) {
        return 'Nobody scores this hand.';
      }
      return `${actor} won the hand: ${event.points} points (${outcomeWord(event.result).toLowerCase()}).`;
    case 'match_ended':
      return event.seat === YOU ? 'You win the match!' : 'The computer wins the match.';
    default:
      return event.kind;
  }
}

/** The same sentence with card names spelled out, for screen readers. */
export function speakEvent(event) {
  const text = describeEvent(event);
  return event.card ? text.replace(shortName(event.card), cardName(event.card)) : text;
}

/** Is this an event worth a pause and an animation when the computer plays it? */
export function isVisibleMove(event) {
  return ['passed', 'took_upcard', 'drew', 'discarded', 'knocked', 'gin', 'big_gin'].includes(event.kind);
}

// --- table bookkeeping for showing the computer's moves one by one ------------------------------------------

export function tableOf(view) {
  return {
    pile: [...(view.discard_pile || [])],
    stock: view.stock_count,
    counts: [(view.hand || []).length, view.opponent_card_count],
  };
}

/** The table just before `event`, from the table just after it (display bookkeeping, not rules). */
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

// --- the hand's result ---------------------------------------------------------------------------------------

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

/** Rows of the running score sheet. */
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

/** The match result once it is over. */
export function matchSummary(view) {
  if (view.phase !== 'match_over') return null;
  const scores = view.final_scores && view.final_scores.some((s) => s) ? view.final_scores : view.scores;
  const headline = view.winner === YOU ? 'You win the match!' : 'The computer wins the match.';
  return { headline, winner: view.winner, scores: [...scores], line: `Final score: you ${scores[0]}, the computer ${scores[1]}.` };
}

// --- this device's record of finished hands, for the stats chart ----------------------------------------------

/** Records with this view's finished hands added once each (keyed by game and hand number). */
export function recordHands(records, gameId, view, now) {
  const list = [...(records || [])];
  const seen = new Set(list.map((r) => `${r.game}:${r.hand}`));
  for (const h of view.history || []) {
    const key = `${gameId}:${h.number}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const mine = h.winner === YOU ? h.points : 0;
    const theirs = h.winner === COMPUTER ? h.points : 0;
    list.push({ game: gameId, hand: h.number, at: now, outcome: h.outcome, winner: h.winner, you: mine, computer: theirs });
  }
  return list;
}

/** Cumulative net points over the recorded hands: [{x, y, at}]. */
export function netPointsSeries(records) {
  let total = 0;
  return (records || []).map((r, i) => {
    total += (r.you || 0) - (r.computer || 0);
    return { x: i + 1, y: total, at: r.at };
  });
}

// --- the new-game form -------------------------------------------------------------------------------------

const VARIANTS = ['big_gin', 'oklahoma', 'straight_gin'];
const LINE_BONUS = 15;

/** The variant check boxes as a preset sets them. */
export function variantsOf(rules) {
  const set = {};
  for (const key of VARIANTS) set[key] = !!(rules && rules[key]);
  set.line_bonus = !!(rules && rules.line_bonus);
  return set;
}

/** The POST /api/games body: only the settings that differ from the preset are sent. */
export function newGameRequest({ level, rules, target, variants }, presetRules) {
  const settings = {};
  if (target) settings.target = Number(target);
  const base = variantsOf(presetRules);
  for (const key of VARIANTS) {
    if (variants[key] !== undefined && !!variants[key] !== base[key]) settings[key] = !!variants[key];
  }
  if (variants.line_bonus !== undefined && !!variants.line_bonus !== base.line_bonus) {
    settings.line_bonus = variants.line_bonus ? LINE_BONUS : 0;
  }
  return { level: level || 'medium', rules: rules || 'house', settings };
}
