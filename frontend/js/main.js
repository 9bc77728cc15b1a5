// Wiring: screens, the game's life cycle, and what each intent does. The server decides every rule; this
// file only asks it, shows its answers and keeps the player's place.

import { fly, sleep } from './anim.js';
import { createApi } from './api.js';
import { flatten, arrangeHand, moveBy, moveTo, reconcile, SORT_MODES } from './arrange.js';
import { shortName } from './cards.js';
import { byId, clear, fillMiniCards, h } from './dom.js';
import { bindInput } from './input.js';
import {
  COMPUTER, actionFor, buttonForAction, buttonStates, describeEvent, isVisibleMove, netPointsSeries, newGameRequest,
  recordHands, selectionLine, speakEvent, tablesAfter, undoEvent, variantsOf,
} from './model.js';
import {
  renderPileDialog, renderResult, renderReview, renderStats, renderStatsChart, renderTable,
} from './render.js';
import { reviewFrames } from './review.js';
import { createStore } from './storage.js';

const store = createStore();
const api = createApi();

const SPEEDS = { slow: { pause: 950, fly: 600 }, normal: { pause: 600, fly: 380 }, fast: { pause: 260, fly: 200 }, off: { pause: 0, fly: 0 } };
const TITLES = { home: 'Gin Rummy', table: 'Your turn · Gin Rummy', result: 'Hand result · Gin Rummy', review: 'Review · Gin Rummy', rules: 'Rules · Gin Rummy', stats: 'Stats · Gin Rummy', settings: 'Settings · Gin Rummy' };
const OVER = ['hand_over', 'match_over'];

function freshUi() {
  return { selected: null, mode: 'melds', order: [], log: [], busy: false, hint: null, display: null, newCards: new Set(), focusCard: null };
}

const app = {
  settings: store.settings(),
  game: null, // {id, token, version, level, view}
  ui: freshUi(),
  rules: null,
  review: null,
  screen: 'home',
  retry: null,
  skipRoute: false,
};

// --- small helpers ----------------------------------------------------------------------------------------------

const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

function reducedMotion() {
  if (app.settings.motion === 'reduce') return true;
  if (app.settings.motion === 'full') return false;
  return !!(motionQuery && motionQuery.matches);
}

function timing() {
  const speed = SPEEDS[app.settings.speed] || SPEEDS.normal;
  return { pause: speed.pause, fly: reducedMotion() ? 0 : speed.fly };
}

function announce(text) {
  const live = byId('announcer');
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 30);
}

function setBusy(busy) {
  app.ui.busy = busy;
  byId('main').dataset.state = busy ? 'busy' : 'idle';
}

function showBanner(text, retry = null) {
  byId('banner-text').textContent = text;
  byId('banner-retry').hidden = !retry;
  app.retry = retry;
  byId('banner').hidden = false;
}

function hideBanner() {
  byId('banner').hidden = true;
  app.retry = null;
}

function showScreen(name, focus = true) {
  app.screen = name;
  for (const section of document.querySelectorAll('[data-screen]')) section.hidden = section.dataset.screen !== name;
  for (const link of document.querySelectorAll('[data-nav]')) {
    if (link.dataset.nav === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = TITLES[name] || 'Gin Rummy';
  if (focus) {
    const heading = document.querySelector(`#screen-${name} h1`);
    if (heading) heading.focus({ preventScroll: false });
  }
}

function goTo(hash) {
  if (location.hash === hash) route(true);
  else location.hash = hash;
}

// --- settings ---------------------------------------------------------------------------------------------------

function applySettings() {
  const s = app.settings;
  const root = document.documentElement;
  root.dataset.theme = s.theme;
  root.dataset.cardSize = s.cardSize;
  root.dataset.fourColor = String(s.fourColor);
  root.dataset.motion = reducedMotion() ? 'reduce' : 'full';
  const form = byId('settings-form');
  for (const input of form.querySelectorAll('input')) {
    if (input.type === 'checkbox') input.checked = !!s[input.name];
    else input.checked = s[input.name] === input.value;
  }
}

function bindSettings() {
  byId('settings-form').addEventListener('change', (event) => {
    const input = event.target;
    const value = input.type === 'checkbox' ? input.checked : input.value;
    store.saveSettings({ [input.name]: value });
    app.settings = store.settings();
    applySettings();
    if (app.game && app.screen === 'table') render();
  });
  if (motionQuery && motionQuery.addEventListener) motionQuery.addEventListener('change', applySettings);
}

// --- the game: load, adopt, render --------------------------------------------------------------------------------

function saveArrangement() {
  if (app.game) store.saveArrangement(app.game.id, { mode: app.ui.mode, order: app.ui.order });
}

function recordResults(view) {
  if (!app.game || !(view.history || []).length) return;
  const before = store.records();
  const after = recordHands(before, app.game.id, view, new Date().toISOString());
  if (after.length !== before.length) store.saveRecords(after);
}

function adopt(saved, data) {
  const keep = app.game && app.game.id === saved.id;
  app.game = { id: saved.id, token: saved.token, version: data.version, level: data.level, view: data.view };
  if (!keep) {
    app.ui = freshUi();
    const arrangement = store.arrangement(saved.id);
    if (arrangement && SORT_MODES.includes(arrangement.mode)) {
      app.ui.mode = arrangement.mode;
      app.ui.order = Array.isArray(arrangement.order) ? arrangement.order : [];
    }
  }
  app.ui.order = reconcile(app.ui.order, data.view.hand);
  if (app.ui.selected && !data.view.hand.includes(app.ui.selected)) app.ui.selected = null;
  recordResults(data.view);
}

function logOf(events, view) {
  return events.filter((e) => e.hand === view.hand_number).map((e) => ({ seat: e.seat, text: describeEvent(e) }));
}

/** Read the game from the server again (after an error, or on a reload). */
async function reloadView() {
  const saved = store.game();
  if (!saved) {
    goTo('#/');
    return false;
  }
  try {
    const data = await api.game(saved.id, saved.token);
    adopt(saved, data);
    // The move log of this hand comes from the event log; the table is drawn without waiting for it.
    const { version } = app.game;
    api.events(saved.id, saved.token, 0).then((events) => {
      if (!app.game || app.game.id !== saved.id || app.game.version !== version || app.ui.busy) return;
      app.ui.log = logOf(events.events, app.game.view);
      if (app.screen === 'table') render();
    }).catch(() => {});
    return true;
  } catch (error) {
    if (error.status === 401 || error.status === 404) {
      store.forgetGame();
      app.game = null;
      showBanner('That game is no longer on the server. Deal a new one.');
      goTo('#/');
    } else {
      showBanner(`${error.detail}`, async () => {
        if (await reloadView()) {
          hideBanner();
          showPlay(false);
        }
      });
    }
    return false;
  }
}

function render() {
  if (!app.game) return;
  byId('main').dataset.version = String(app.game.version);
  const active = document.activeElement;
  const card = active && active.dataset ? active.dataset.card : null;
  const inHand = !!(active && active.closest && active.closest('#hand'));
  renderTable(app.game.view, app.ui);
  if (card && inHand && !document.contains(active)) focusCard(card);
}

function focusCard(code) {
  const target = document.querySelector(`#hand button[data-card="${code}"]`);
  if (target) {
    for (const c of document.querySelectorAll('#hand button.hand-card')) c.tabIndex = c === target ? 0 : -1;
    target.focus();
  }
}

function showPlay(focus) {
  if (!app.game) return;
  const { view } = app.game;
  byId('main').dataset.version = String(app.game.version);
  if (OVER.includes(view.phase)) {
    renderResult(view);
    showScreen('result', focus);
  } else {
    render();
    showScreen('table', focus);
  }
}

async function openGame(focus) {
  const saved = store.game();
  if (!saved) {
    goTo('#/');
    return;
  }
  const cached = app.game && app.game.id === saved.id ? app.game.version : null;
  if (cached !== null) {
    showPlay(focus); // at once from memory, then checked against the server below
    if (app.ui.busy) return;
  } else {
    byId('prompt').textContent = 'Loading your game…';
    showScreen('table', false);
  }
  if (!(await reloadView())) return;
  if (cached === null || app.game.version !== cached) showPlay(focus && cached === null);
}

// --- moves ----------------------------------------------------------------------------------------------------------

function confirmDialog({ title, text, ok }) {
  const dialog = byId('confirm-dialog');
  byId('confirm-title').textContent = title;
  byId('confirm-text').textContent = text;
  byId('confirm-ok').textContent = ok;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
  });
}

async function play(button) {
  if (!app.game || app.ui.busy) return;
  const { view } = app.game;
  const action = actionFor(button, view, app.ui.selected);
  if (!action) {
    if (['discard', 'knock', 'gin'].includes(button)) {
      announce(app.ui.selected ? selectionLine(view, app.ui.selected) : 'Select a card first.');
    }
    return;
  }
  if (button === 'knock' || button === 'gin') {
    const option = (view.discard_options || []).find((o) => o.card === action.card);
    const gin = button === 'gin';
    const ok = await confirmDialog({
      title: gin ? 'Go Gin?' : 'Knock?',
      text: gin
        ? `Discard ${shortName(action.card)} and go Gin: every other card is in a meld.`
        : `Discard ${shortName(action.card)} and knock with ${option ? option.deadwood : view.deadwood} deadwood. The computer may lay off cards on your melds.`,
      ok: gin ? 'Go Gin' : 'Knock',
    });
    if (!ok) return;
  } else if (button === 'big_gin') {
    const ok = await confirmDialog({ title: 'Big Gin?', text: 'End the hand with all eleven cards melded.', ok: 'Big Gin' });
    if (!ok) return;
  }
  await send(action);
}

async function send(action) {
  const before = app.game.view;
  const hadFocus = document.activeElement === document.body || !!document.activeElement.closest('#screen-table, #screen-result');
  setBusy(true);
  app.ui.hint = null;
  if (app.screen === 'table') render();
  let data;
  try {
    data = await api.move(app.game.id, app.game.token, action, app.game.version);
  } catch (error) {
    setBusy(false);
    await moveFailed(error);
    return;
  }
  hideBanner();
  app.ui.selected = null;
  await playback(data, before);
  setBusy(false);
  const onTable = app.screen === 'table' || app.screen === 'result';
  if (OVER.includes(app.game.view.phase)) {
    if (onTable) showPlay(true);
    return;
  }
  render();
  if (hadFocus && onTable) focusAfterMove();
}

function focusAfterMove() {
  const { view } = app.game;
  if (view.phase === 'discard' && view.turn === 0) {
    const fresh = [...app.ui.newCards][0] || view.hand[0];
    focusCard(fresh);
    return;
  }
  const first = document.querySelector('#screen-table .actions [data-action]:not([disabled]):not([hidden])');
  if (first) first.focus();
}

async function moveFailed(error) {
  let text;
  if (error.offline) text = 'Could not reach the server, so the move was not made. Your game is safe: nothing was lost.';
  else if (error.status === 409) text = `That move was refused: ${error.detail}`;
  else if (error.status === 412) text = 'The game had moved on (perhaps in another tab). This is the table as it is now.';
  else text = `The move failed: ${error.detail}`;
  const retry = async () => {
    if (await reloadView()) {
      hideBanner();
      showPlay(false);
    }
  };
  showBanner(text, error.offline ? retry : null);
  if (await reloadView()) showPlay(false);
  else if (app.game) render();
}

function animateEvent(event, duration) {
  const opponent = byId('opp-fan');
  const stock = byId('stock');
  const pile = byId('discard-slot');
  switch (event.kind) {
    case 'drew':
      return event.source === 'stock' ? fly(stock, opponent, null, duration) : fly(pile, opponent, event.card, duration);
    case 'took_upcard':
      return fly(pile, opponent, event.card, duration);
    case 'discarded':
    case 'knocked':
    case 'gin':
      return fly(opponent, pile, event.card, duration);
    default:
      return Promise.resolve();
  }
}

/** Show the events of a move one by one (the computer's with a pause and a short animation). */
async function playback(data, before) {
  const events = data.events || [];
  const newHand = events.some((e) => e.kind === 'hand_started');
  const tables = tablesAfter(data.view, events);
  app.game = { ...app.game, version: data.version, view: data.view };
  app.ui.order = reconcile(app.ui.order, data.view.hand);
  app.ui.newCards = newHand ? new Set() : new Set(data.view.hand.filter((c) => !(before.hand || []).includes(c)));
  if (newHand) {
    app.ui.log = [];
    app.ui.order = [];
    app.ui.focusCard = null;
  }
  recordResults(data.view);
  saveArrangement();
  if (newHand && app.screen !== 'table') showScreen('table', false);
  const { pause, fly: flyTime } = timing();
  for (const [i, event] of events.entries()) {
    if (event.kind === 'hand_started') app.ui.log = [];
    app.ui.log.push({ seat: event.seat, text: describeEvent(event) });
    if (event.seat === COMPUTER && isVisibleMove(event) && pause > 0 && app.screen === 'table') {
      app.ui.display = undoEvent(tables[i], event);
      render();
      announce(speakEvent(event));
      await animateEvent(event, flyTime);
      app.ui.display = tables[i];
      render();
      await sleep(pause);
    } else {
      app.ui.display = tables[i];
    }
  }
  app.ui.display = null;
  if (OVER.includes(data.view.phase) && pause > 0) {
    render();
    await sleep(Math.min(900, pause + 300));
  }
}

async function showHint() {
  if (!app.game || app.ui.busy) return;
  try {
    const hint = await api.hint(app.game.id, app.game.token);
    const { view } = app.game;
    app.ui.hint = { action: hint.action, reason: hint.reason, button: buttonForAction(hint.action, view) };
    if (hint.action.card && view.hand.includes(hint.action.card)) app.ui.selected = hint.action.card;
    render();
    announce(`Hint: ${hint.reason}`);
  } catch (error) {
    showBanner(error.detail);
  }
}

// --- intents ----------------------------------------------------------------------------------------------------------

function rearranged(order) {
  app.ui.order = order;
  app.ui.mode = 'own';
  saveArrangement();
}

const intents = {
  action(name) {
    if (name === 'hint') return showHint();
    if (name === 'next_hand') return nextHand();
    return play(name);
  },
  cardTap(code) {
    if (!app.game || app.ui.busy) return;
    const { view } = app.game;
    app.ui.focusCard = code;
    if (app.ui.selected === code) {
      const states = buttonStates(view, code);
      if (states.discard) {
        play('discard');
        return;
      }
      announce(selectionLine(view, code) || 'You can’t discard now.');
      render();
      return;
    }
    app.ui.selected = code;
    render();
    announce(selectionLine(view, code) || `${shortName(code)} selected.`);
  },
  moveCard(code, delta) {
    if (!app.game) return;
    const order = flatten(arrangeHand(app.ui.mode, app.game.view, app.ui.order));
    rearranged(moveBy(order, code, delta));
    app.ui.focusCard = code;
    render();
    focusCard(code);
    const position = app.ui.order.indexOf(code) + 1;
    announce(`${shortName(code)} moved to place ${position} of ${app.ui.order.length}.`);
  },
  dropCard(code, index) {
    if (!app.game || app.ui.busy) return;
    const order = flatten(arrangeHand(app.ui.mode, app.game.view, app.ui.order));
    rearranged(moveTo(order, code, index));
    render();
  },
  sort(mode) {
    if (!app.game || !SORT_MODES.includes(mode)) return;
    if (mode !== 'own') app.ui.order = flatten(arrangeHand(mode, app.game.view, app.ui.order));
    app.ui.mode = mode;
    saveArrangement();
    render();
  },
  focusCard(code) {
    app.ui.focusCard = code;
  },
  deselect() {
    if (!app.game || app.ui.busy || !app.ui.selected || app.screen !== 'table') return;
    app.ui.selected = null;
    render();
  },
  shortcut(name) {
    if (app.screen === 'result' && name === 'next_hand') {
      nextHand();
      return true;
    }
    if (app.screen !== 'table' || !app.game || name === 'next_hand') return false;
    if (name === 'hint') {
      showHint();
      return true;
    }
    play(name);
    return true;
  },
};

async function nextHand() {
  if (!app.game || app.ui.busy) return;
  const action = actionFor('next_hand', app.game.view, null);
  if (!action) return;
  await send(action);
}

// --- home and new game -------------------------------------------------------------------------------------------------

async function refreshHome() {
  const saved = store.game();
  const panel = byId('continue-panel');
  panel.hidden = !saved;
  if (!saved) return;
  const summary = byId('continue-summary');
  const button = byId('continue-button');
  let data = app.game && app.game.id === saved.id ? app.game : null;
  if (!data) {
    summary.textContent = 'Looking up your game…';
    try {
      const got = await api.game(saved.id, saved.token);
      data = { view: got.view, level: got.level };
    } catch (error) {
      if (error.status === 401 || error.status === 404) {
        store.forgetGame();
        panel.hidden = true;
      } else {
        summary.textContent = `Your game could not be loaded just now: ${error.detail}`;
      }
      return;
    }
  }
  const { view } = data;
  if (view.phase === 'match_over') {
    summary.textContent = `Your last match is over: you ${view.scores[0]}, the computer ${view.scores[1]}.`;
    button.textContent = 'See the result';
  } else {
    summary.textContent = `Hand ${view.hand_number} against the ${data.level} computer · you ${view.scores[0]}, the computer ${view.scores[1]} (playing to ${view.rules.target}).`;
    button.textContent = 'Continue game';
  }
}

function presetRules(name) {
  const preset = app.rules && app.rules.presets.find((p) => p.name === name);
  return preset ? preset.rules : null;
}

function setVariantBoxes(name) {
  const variants = variantsOf(presetRules(name));
  byId('ng-big-gin').checked = variants.big_gin;
  byId('ng-oklahoma').checked = variants.oklahoma;
  byId('ng-straight').checked = variants.straight_gin;
  byId('ng-line').checked = variants.line_bonus;
  const preset = app.rules && app.rules.presets.find((p) => p.name === name);
  if (preset) byId('ng-rules-help').textContent = preset.description;
}

function describeLevel() {
  const level = byId('ng-level').value;
  byId('ng-level-help').textContent = (app.rules && app.rules.levels[level]) || '';
}

async function loadRules() {
  try {
    app.rules = await api.rules();
  } catch {
    byId('ng-rules-help').textContent = 'The list of rule variants could not be loaded; house rules are ready to play.';
    return;
  }
  const select = byId('ng-rules');
  const last = store.lastNewGame();
  clear(select);
  for (const preset of app.rules.presets) {
    const label = preset.description.split(':')[0];
    select.append(h('option', { value: preset.name, text: label.length < 40 ? label : preset.name }));
  }
  select.value = (last && app.rules.presets.some((p) => p.name === last.rules)) ? last.rules : app.rules.default;
  if (last && last.level) byId('ng-level').value = last.level;
  if (last && last.target !== undefined) byId('ng-target').value = last.target;
  setVariantBoxes(select.value);
  describeLevel();
  const list = clear(byId('variants-list'));
  for (const preset of app.rules.presets) {
    const [name, ...rest] = preset.description.split(':');
    list.append(h('dt', { text: name }), h('dd', { text: rest.join(':').trim() || preset.description }));
  }
}

function bindHome() {
  byId('continue-button').addEventListener('click', () => goTo('#/play'));
  byId('ng-rules').addEventListener('change', (event) => setVariantBoxes(event.target.value));
  byId('ng-level').addEventListener('change', describeLevel);
  byId('new-game-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const error = byId('new-game-error');
    error.hidden = true;
    const saved = store.game();
    const unfinished = saved && !(app.game && app.game.id === saved.id && app.game.view.phase === 'match_over');
    if (unfinished) {
      const ok = await confirmDialog({
        title: 'Start a new game?', text: 'The game in progress will be left unfinished.', ok: 'Deal a new game',
      });
      if (!ok) return;
    }
    const choice = {
      level: form.level.value, rules: form.rules.value, target: form.target.value,
      variants: {
        big_gin: form.big_gin.checked, oklahoma: form.oklahoma.checked, straight_gin: form.straight_gin.checked,
        line_bonus: form.line_bonus.checked,
      },
    };
    const button = byId('new-game-button');
    button.disabled = true;
    button.textContent = 'Dealing…';
    setBusy(true);
    try {
      const data = await api.createGame(newGameRequest(choice, presetRules(choice.rules)), store.playerToken());
      store.saveGame(data.game_id, data.seat_token);
      store.savePlayerToken(data.player_token);
      store.saveLastNewGame({ level: choice.level, rules: choice.rules, target: choice.target });
      app.game = { id: data.game_id, token: data.seat_token, version: data.version, level: data.level, view: data.view };
      app.ui = freshUi();
      setBusy(true);
      saveArrangement();
      app.skipRoute = true;
      location.hash = '#/play';
      showScreen('table', false);
      render();
      await playback(data, { hand: [] });
      setBusy(false);
      render();
      byId('table-title').focus();
      focusAfterMove();
    } catch (problem) {
      error.textContent = `The game could not be dealt: ${problem.detail || problem.message}`;
      error.hidden = false;
    } finally {
      setBusy(false);
      button.disabled = false;
      button.textContent = 'Deal a new game';
    }
  });
}

// --- result, review, stats ---------------------------------------------------------------------------------------------

async function openReview(focus) {
  if (!app.game) await openGame(false);
  if (!app.game) return;
  const { view } = app.game;
  if (!view.deck) {
    showBanner('A hand can be reviewed once it is over.');
    goTo('#/play');
    return;
  }
  try {
    const data = await api.events(app.game.id, app.game.token, 0);
    const frames = reviewFrames({ deck: view.deck, starter: view.starter, events: data.events, hand: view.hand_number });
    app.review = { frames, step: 0, hand: view.hand_number };
  } catch (error) {
    showBanner(`The hand could not be loaded for review: ${error.detail || error.message}`);
    return;
  }
  renderReview(app.review.frames, 0, app.review.hand);
  showScreen('review', focus);
}

function reviewStep(step) {
  if (!app.review) return;
  const last = app.review.frames.length - 1;
  app.review.step = Math.max(0, Math.min(last, step));
  renderReview(app.review.frames, app.review.step, app.review.hand);
}

function bindResultAndReview() {
  byId('next-hand-button').addEventListener('click', () => nextHand());
  byId('review-button').addEventListener('click', () => goTo('#/review'));
  byId('new-game-after').addEventListener('click', () => {
    goTo('#/');
    setTimeout(() => byId('ng-level').focus(), 0);
  });
  byId('review-first').addEventListener('click', () => reviewStep(0));
  byId('review-prev').addEventListener('click', () => reviewStep(app.review.step - 1));
  byId('review-next').addEventListener('click', () => reviewStep(app.review.step + 1));
  byId('review-last').addEventListener('click', () => reviewStep(Infinity));
  byId('review-range').addEventListener('input', (event) => reviewStep(Number(event.target.value)));
  byId('review-back').addEventListener('click', () => goTo('#/play'));
  byId('screen-review').addEventListener('keydown', (event) => {
    if (event.target.id === 'review-range') return;
    if (event.key === 'ArrowRight') reviewStep(app.review.step + 1);
    else if (event.key === 'ArrowLeft') reviewStep(app.review.step - 1);
  });
  byId('pile-view').addEventListener('click', () => {
    if (!app.game) return;
    renderPileDialog(app.ui.display ? app.ui.display.pile : app.game.view.discard_pile);
    byId('pile-dialog').showModal();
  });
  byId('banner-close').addEventListener('click', hideBanner);
  byId('banner-retry').addEventListener('click', () => { if (app.retry) app.retry(); });
}

async function openStats() {
  const records = store.records();
  renderStatsChart(netPointsSeries(records), records);
  const token = store.playerToken();
  if (!token) {
    renderStats(null, 'Play a game and your stats will appear here.');
    return;
  }
  renderStats(null, 'Loading…');
  try {
    renderStats(await api.stats(token), 'Kept by the server for this browser’s anonymous player.');
  } catch (error) {
    renderStats(null, `Your stats could not be loaded: ${error.detail}`);
  }
}

// --- routing ----------------------------------------------------------------------------------------------------------

async function route(focus) {
  if (app.skipRoute) {
    app.skipRoute = false;
    return;
  }
  const name = location.hash.replace(/^#\/?/, '') || 'home';
  switch (name) {
    case 'play':
      await openGame(focus);
      break;
    case 'review':
      await openReview(focus);
      break;
    case 'rules':
    case 'settings':
      showScreen(name, focus);
      break;
    case 'stats':
      showScreen('stats', focus);
      await openStats();
      break;
    default:
      showScreen('home', focus);
      await refreshHome();
  }
}

function start() {
  applySettings();
  bindSettings();
  bindInput(intents);
  bindHome();
  bindResultAndReview();
  fillMiniCards(byId('screen-rules'));
  setBusy(false);
  window.addEventListener('hashchange', () => route(true));
  window.addEventListener('online', () => {
    if (app.retry) app.retry();
  });
  route(false).finally(() => {
    document.documentElement.dataset.ready = 'true';
    if (globalThis.performance && performance.mark) performance.mark('gin-ready');
    loadRules(); // the presets for the New game form: after the first render, not before it
  });
}

start();
