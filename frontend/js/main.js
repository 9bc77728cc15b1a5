// The composition root. Every change goes through `update`, which draws the whole state once.

import { createApi } from './api.js';
import { byId, onClick, screensFrom, setText, styleSheet } from './dom.js';
import { startInstall } from './install.js';
import { onMotionChange } from './motion.js';
import { openAtTop, placeScreen, startNav } from './nav.js';
import { startRouter } from './router.js';
import { bindHelp, renderHelp } from './screens/help.js';
import { createHome, renderHome } from './screens/home.js';
import { createLobby } from './screens/lobby.js';
import { bindTableInput } from './screens/input.js';
import { bindResult, createCoach, renderResult } from './screens/result.js';
import { createTable } from './screens/table.js';
import { renderTable } from './screens/tableview.js';
import { createSound } from './sound.js';
import { initialState, patch, withBanner, withSettings, withoutGame } from './state.js';
import { createStore } from './storage.js';
import { afterSeen } from './tips.js';
import { focusHeading, onSchemeChange, renderChrome, renderTip } from './ui.js';

const store = createStore();
let state = initialState(store.settings(), store.tips());
let retry = null;

const ctx = {
  api: createApi(),
  store,
  sound: createSound(() => state.settings.sound),
  get: () => state,
  update(change) {
    state = change(state);
    render(state);
    return state;
  },
  /** Plain changes of fields (state.js `patch`). */
  set: (changes) => ctx.update((s) => patch(s, changes)),
  /** Show a screen; with `focus`, focus its heading. */
  show(screen, focus = false) {
    ctx.set({ screen });
    if (focus) focusHeading(screen);
  },
  setTips(tips) {
    store.saveTips(tips);
    ctx.set({ tips });
  },
  /** A banner saying what went wrong; Try again calls `again` (resolving to success) when given. */
  fail(text, again = null) {
    retry = again;
    ctx.update((s) => withBanner(s, text, !!again));
  },
  /** True (and the game forgotten) when the game is no longer on the server. */
  gone(error, home = true) {
    if (error.status !== 401 && error.status !== 404) return false;
    store.forgetGame();
    ctx.update((s) => withBanner(withoutGame(s), 'That game is no longer on the server. Deal a new one.'));
    if (home) ctx.go('#/');
    return true;
  },
};

const table = createTable(ctx);
const home = createHome(ctx, table);
const lobby = createLobby(ctx, home);

/** A screen whose module (with its markup and style sheet) comes the first time it opens, so that a first visit
 * fetches only what the home screen and the table need. `ready()` loads it once (again after a failure); `now` is it once loaded. */
function later(load) {
  const screen = { now: null, loading: null };
  screen.ready = () => (screen.loading ||= load().then((made) => { screen.now = made; return made; }, (error) => {
    screen.loading = null;
    ctx.fail('That screen could not be loaded. Check your connection and try again.');
    throw error;
  }));
  return screen;
}
const review = later(async () => {
  const [module] = await Promise.all([import('./screens/review.js'), screensFrom('review.html')]);
  return { ...module, screen: module.createReview(ctx, table) };
});
const stats = later(async () => {
  const [module] = await Promise.all([import('./screens/stats.js'), screensFrom('stats.html'), styleSheet('css/screens.css')]);
  return { ...module, screen: module.createStats(ctx) };
});
const help = later(async () => {
  await Promise.all([screensFrom('rules.html'), styleSheet('css/screens.css')]);
  bindHelp(ctx);
  return {};
});
const people = later(async () => {
  const [module] = await Promise.all([import('./screens/people.js'), screensFrom('seek.html'), styleSheet('css/screens.css')]);
  return { ...module, screen: module.createPeople(ctx, home) };
});
ctx.ratedOver = async (gameId) => (await people.ready()).screen.ratedOver(gameId);
const leaders = later(async () => {
  const [module] = await Promise.all([import('./screens/leaders.js'), screensFrom('leaders.html'), styleSheet('css/screens.css')]);
  return { ...module, screen: module.createLeaders(ctx) };
});
const settings = later(async () => {
  const [module] = await Promise.all([import('./screens/settings.js'), styleSheet('css/settings.css')]);
  module.bindSettings(ctx);
  return module;
});
ctx.playAgain = () => (state.game?.opponent?.kind === 'person' ? table.rematch() : home.playAgain());
ctx.coach = createCoach(ctx);

const SCREENS = {
  home: (s) => {
    renderHome(s, store.game());
    lobby.render(s);
  },
  table: renderTable, result: renderResult, seek: (s) => people.now?.renderSeek(s), leaders: (s) => leaders.now?.renderLeaders(s),
  rules: (s) => help.now && renderHelp(s),
  review: (s) => review.now?.renderReview(s), stats: (s) => stats.now?.renderStats(s),
  match: (s) => stats.now?.renderMatch(s), settings: (s) => settings.now?.renderSettings(s),
};

function render(s) {
  renderChrome(s);
  SCREENS[s.screen](s);
  placeScreen(s.screen); // another screen: at its top
  renderTip(s);
}

const OPEN = {
  home: async (focus) => {
    await Promise.all([home.open(focus), lobby.refresh()]);
  },
  play: table.open,
  join: (focus, route) => table.join(route),
  seat: async (focus, { id, code }) => { // a seat's own link, to play it on this device
    store.saveGame(id, code);
    ctx.go('#/play');
  },
  review: async (focus, route) => (await review.ready()).screen.open(route, focus),
  stats: async (focus, route) => (await stats.ready()).screen.open(focus, route),
  leaderboard: async (focus) => (await leaders.ready()).screen.open(focus),
  match: async (focus, route) => (await stats.ready()).screen.openMatch(route, focus),
  rules: async (focus) => {
    await help.ready();
    ctx.show('rules', focus);
  },
  settings: async (focus) => {
    await settings.ready();
    ctx.show('settings', focus);
  },
};
const router = startRouter((route, focus) => {
  people.now?.screen.leave(); // waiting for someone ends when another screen opens
  return openAtTop(() => OPEN[route.name](focus, route), () => state.screen);
});
ctx.go = router.go;

onClick('someone-button', async () => {
  const rated = document.querySelector('input[name="rated"]:checked')?.value !== 'casual';
  (await people.ready()).screen.start(rated);
});
onClick('handle-edit', async () => (await people.ready()).screen.editHandle());
onClick('tip-ok', () => ctx.setTips(afterSeen(state.tips, byId('tip').dataset.tip)));
onClick('tip-skip', () => ctx.setTips({ ...state.tips, done: true }));
const dismiss = () => ctx.update((s) => withBanner(s, null));
onClick('banner-close', dismiss);
async function tryAgain() {
  if (await retry?.()) dismiss();
}
onClick('banner-retry', tryAgain);
window.addEventListener('online', tryAgain);
const redraw = () => render(state);
let resizing = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(redraw);
});
onMotionChange(redraw);
onSchemeChange(redraw);
bindTableInput(table.intents);
bindResult(ctx, table);
onClick('mute', () => { // the header's sound switch, on every screen
  store.saveSettings({ sound: !state.settings.sound });
  ctx.update((s) => withSettings(s, store.settings()));
});
startNav();
render(state);
startInstall();

router.start().finally(async () => {
  document.documentElement.dataset.ready = 'true';
  performance.mark('gin-ready');
  try { // the rules presets for the options and the help, after the first drawing
    const rules = await ctx.api.rules();
    home.rulesLoaded(rules);
    ctx.set({ rules });
  } catch {
    setText('ng-rules-help', 'The list of rule variants could not be loaded; house rules are ready to play.');
  }
});
