// The app's state and its pure updates, (state, ...) -> new state; main.js draws each. No DOM.

import { flatten, handGroups, moveBy, moveTo, settleArrangement, sortArrangement } from './arrange.js';
import { describeEvent } from './model.js';

const LOG_LENGTH = 60;

function freshTable(arrangement = null) {
  return {
    selected: null, arrangement, log: [], hint: null, display: null, fresh: [], feedback: null, playing: false, logOpen: false,
    caption: null, // the other's last turn in words, by its hand, until your next move
    showdown: null, // the stage of a finished hand's showdown on the felt (showdown.js), null when all is shown
  };
}

export function initialState(settings, tips) {
  return {
    screen: 'home', settings, tips, game: null, table: freshTable(), busy: false, banner: null, rules: null,
    review: null, stats: null, matches: null, match: null, celebrated: null, home: null,
    analyses: {}, coachHand: null, coachMatch: null,
    lobby: null, // {me, daily, editing, handleError}
    seek: null, // {id, status, rated, waited, at, offer, me}
    leaders: null, // {pool, boards, me, daily, yesterday, error}
    rated: null, // {game, text}: how a rated match that just ended moved your rating
  };
}

function settle(table, view, settings) {
  return { ...table, selected: view.hand?.includes(table.selected) ? table.selected : null,
    arrangement: settleArrangement(table.arrangement, view, settings) };
}

/** Plain changes (screen, busy, rules, stats, ...; celebrated: game id, moment seen; coach*: the panels shown). */
export const patch = (state, changes) => ({ ...state, ...changes });
const setTable = (state, changes) => ({ ...state, table: { ...state.table, ...changes } });

/** The game kept, from an answer about it. */
export function gameOf(data, token, invite) {
  return { id: data.game_id, token, version: data.version, level: data.level, view: data.view, opponent: data.opponent,
    rematch: data.rematch || null, invite, clock: data.clock };
}

/** A game read from the server; `saved`: the arrangement kept here. */
export function withGame(state, game, saved = null) {
  const table = state.game?.id === game.id ? state.table : freshTable(saved);
  return { ...state, game, table: settle(table, game.view, state.settings) };
}

export const withoutGame = (state) => ({ ...state, game: null, table: freshTable() });

/** A move's answer: the new view, the cards it brought into the hand marked fresh. */
export function afterMove(state, data) {
  const before = state.game.view;
  const { view } = data;
  const newHand = view.hand_number !== before.hand_number;
  const fresh = newHand ? [] : (view.hand || []).filter((c) => !(before.hand || []).includes(c));
  const table = { ...state.table, fresh, hint: null, selected: null, feedback: null, ...(newHand && { log: [], arrangement: null, caption: null }) };
  const { opponent = state.game.opponent, rematch = state.game.rematch, clock = state.game.clock } = data;
  return { ...state, game: { ...state.game, version: data.version, view, opponent, rematch, clock }, table: settle(table, view, state.settings) };
}

/** One event into the move log (a new hand starts a new log; none twice). */
export function logEvent(state, event) {
  const { log } = state.table;
  if (event.seq <= log.at(-1)?.seq) return state;
  const entry = { ...event, text: describeEvent(event, state.game.view.seat) };
  return setTable(state, { log: event.kind === 'hand_started' ? [entry] : [...log, entry].slice(-LOG_LENGTH) });
}

/** The hand's log as read, then what was logged since. */
export const withLog = (state, events) => [...events, ...state.table.log].reduce(logEvent, setTable(state, { log: [] }));

/** While the other's moves are shown: the piles as they were (`display`), or null. */
export const showing = (state, display) => setTable(state, { display, playing: display !== null });

export const select = (state, card) => setTable(state, { selected: card, feedback: null });

/** A sentence on what just happened (a refused tap, a hint): {text, kind}. */
export const say = (state, text, kind = 'info') => setTable(state, { feedback: text ? { text, kind } : null });

export function withHint(state, hint) {
  const { card } = hint.action;
  return setTable(state, { hint, selected: card && state.game.view.hand.includes(card) ? card : state.table.selected, feedback: null });
}

export const toggleLog = (state) => setTable(state, { logOpen: !state.table.logOpen });

/** The move log as the table lists it: the newest move first, in view when the list opens. */
export const newestFirst = (log) => [...log].reverse();

/** The other's turn said by its hand (null: nothing to say, after your own move). */
export const withCaption = (state, caption) => setTable(state, { caption });

export const shownOrder = (state) => flatten(handGroups(state.game.view, state.table.arrangement, state.settings));

const ownOrder = (state, order) => setTable(state, { arrangement: { ...state.table.arrangement, own: true, order, sort: null } });

/** A card moved (keyboard): your own order from now on in this hand. */
export const moveCard = (state, card, delta) => ownOrder(state, moveBy(shownOrder(state), card, delta));

export const dropCard = (state, card, index) => ownOrder(state, moveTo(shownOrder(state), card, index));

export const sortHand = (state, mode) => setTable(state, {
  arrangement: sortArrangement(state.table.arrangement, mode, state.game.view, state.settings),
});

/** New settings; turning auto-arrange on shows the melds again at once. */
export function withSettings(state, settings) {
  let { table } = state;
  if (settings.autoArrange && !state.settings.autoArrange && table.arrangement) {
    table = { ...table, arrangement: { ...table.arrangement, own: false, sort: 'melds' } };
  }
  return { ...state, settings, table: state.game ? settle(table, state.game.view, settings) : table };
}

/** A hand's review by `coachKey`: {loading}, {error} (words) or {data}. */
export const withAnalysis = (state, key, entry) => ({ ...state, analyses: { ...state.analyses, [key]: entry } });
export const coachKey = (id, hand) => `${id}/${hand}`;

export const withBanner = (state, text, retry = false) => ({ ...state, banner: text ? { text, retry } : null });

/** A hand to step through: {frames, step, hand, back (route), coach (its key, if reviewed)}. */
export const withReview = (state, review) => ({ ...state, review: { step: 0, ...review } });

export function reviewAt(state, step) {
  if (!state.review) return state;
  const last = state.review.frames.length - 1;
  return { ...state, review: { ...state.review, step: Math.max(0, Math.min(last, step)) } };
}

/** A page of the match history, added to the list when `more`. */
export function withMatches(state, page, more = false) {
  const before = (more && state.matches?.items) || [];
  return { ...state, matches: { items: [...before, ...page.matches], next: page.next, status: page.status || '' } };
}
