// The app's state and its pure updates, (state, ...) -> new state; main.js draws the new state after each. No DOM.

import { flatten, handGroups, moveBy, moveTo, settleArrangement, sortArrangement } from './arrange.js';
import { describeEvent } from './model.js';

const LOG_LENGTH = 60;

/** The table's state for one game: selection, arrangement, log, hint, and what is shown. */
export function freshTable(arrangement = null) {
  return { selected: null, arrangement, log: [], hint: null, display: null, fresh: [], feedback: null, playing: false, logOpen: false };
}

export function initialState(settings, tips) {
  return {
    screen: 'home', settings, tips, game: null, table: freshTable(), busy: false, banner: null, rules: null,
    review: null, stats: null, matches: null, match: null, celebrated: null, home: null,
    analyses: {}, coachHand: null, coachMatch: null,
  };
}

function settle(table, view, settings) {
  const hand = view.hand || [];
  return { ...table, selected: hand.includes(table.selected) ? table.selected : null,
    arrangement: settleArrangement(table.arrangement, view, settings) };
}

/** Plain changes of fields: screen, busy, rules, stats, match, tips, home, celebrated (game id: moment seen),
 * coachHand, coachMatch (the hand key, game id of the coach's panels shown). */
export const patch = (state, changes) => ({ ...state, ...changes });
const setTable = (state, changes) => ({ ...state, table: { ...state.table, ...changes } });

/** The game kept, from an answer of POST /api/games or GET /api/games/{id}. */
export function gameOf(data, token) {
  return { id: data.game_id, token, version: data.version, level: data.level, view: data.view };
}

/** A game read from the server; `saved` is the arrangement kept on this device. */
export function withGame(state, game, saved = null) {
  const same = state.game && state.game.id === game.id;
  const table = same ? state.table : freshTable(saved);
  return { ...state, game, table: settle(table, game.view, state.settings) };
}

export function withoutGame(state) {
  return { ...state, game: null, table: freshTable() };
}

/** The answer to a move: the new view, with the cards it brought into the hand marked fresh. */
export function afterMove(state, data) {
  const before = state.game.view;
  const { view } = data;
  const newHand = view.hand_number !== before.hand_number;
  const fresh = newHand ? [] : (view.hand || []).filter((c) => !(before.hand || []).includes(c));
  let table = { ...state.table, fresh, hint: null, selected: null, feedback: null };
  if (newHand) table = { ...table, log: [], arrangement: null };
  return { ...state, game: { ...state.game, version: data.version, view }, table: settle(table, view, state.settings) };
}

/** One event into the move log (a new hand starts a new log). */
export function logEvent(state, event) {
  const entry = { seat: event.seat, text: describeEvent(event) };
  const log = event.kind === 'hand_started' ? [entry] : [...state.table.log, entry].slice(-LOG_LENGTH);
  return setTable(state, { log });
}

export function withLog(state, events) {
  return events.reduce(logEvent, setTable(state, { log: [] }));
}

/** While the computer's moves are shown: the piles as they were (`display`), or null when done. */
export function showing(state, display, playing = display !== null) {
  return setTable(state, { display, playing });
}

export function select(state, card) {
  return setTable(state, { selected: card, feedback: null });
}

/** A sentence about what just happened (a refused tap, a hint): {text, kind}. */
export function say(state, text, kind = 'info') {
  return setTable(state, { feedback: text ? { text, kind } : null });
}

export function withHint(state, hint) {
  const inHand = hint.action.card && state.game.view.hand.includes(hint.action.card);
  return setTable(state, { hint, selected: inHand ? hint.action.card : state.table.selected, feedback: null });
}

export function toggleLog(state) {
  return setTable(state, { logOpen: !state.table.logOpen });
}

export function shownOrder(state) {
  return flatten(handGroups(state.game.view, state.table.arrangement, state.settings));
}

function ownOrder(state, order) {
  return setTable(state, { arrangement: { ...state.table.arrangement, own: true, order, sort: null } });
}

/** A card moved (keyboard): the player's own order from now on in this hand. */
export function moveCard(state, card, delta) {
  return ownOrder(state, moveBy(shownOrder(state), card, delta));
}

export function dropCard(state, card, index) {
  return ownOrder(state, moveTo(shownOrder(state), card, index));
}

export function sortHand(state, mode) {
  return setTable(state, { arrangement: sortArrangement(state.table.arrangement, mode, state.game.view, state.settings) });
}

/** New settings; turning auto-arrange on shows the melds again at once. */
export function withSettings(state, settings) {
  let { table } = state;
  if (settings.autoArrange && !state.settings.autoArrange && table.arrangement) {
    table = { ...table, arrangement: { ...table.arrangement, own: false, sort: 'melds' } };
  }
  const next = { ...state, settings, table };
  return state.game ? { ...next, table: settle(table, state.game.view, settings) } : next;
}

/** A hand's review by the coach, by `coachKey`: {loading}, {error} (words) or {data}. */
export const withAnalysis = (state, key, entry) => ({ ...state, analyses: { ...state.analyses, [key]: entry } });
export const coachKey = (id, hand) => `${id}/${hand}`;

export function withBanner(state, text, retry = false) {
  return { ...state, banner: text ? { text, retry } : null };
}

/** A hand to step through: {frames, step, hand, back (the route to return to), coach (its key, when reviewed)}. */
export function withReview(state, review) {
  return { ...state, review: { step: 0, ...review } };
}

export function reviewAt(state, step) {
  if (!state.review) return state;
  const last = state.review.frames.length - 1;
  return { ...state, review: { ...state.review, step: Math.max(0, Math.min(last, step)) } };
}

/** A page of the match history, added to the list when `more`. */
export function withMatches(state, page, more = false) {
  const before = more && state.matches ? state.matches.items : [];
  return { ...state, matches: { items: [...before, ...page.matches], next: page.next, status: page.status || '' } };
}
