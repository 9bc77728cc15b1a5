// The composition root. Every change goes through `update`, which draws the whole state once.

import { createApi } from './api.js';
import { byId } from './dom.js';
import { onMotionChange } from './motion.js';
import { startRouter } from './router.js';
import { bindHelp, renderHelp } from './screens/help.js';
import { createHome, renderHome } from './screens/home.js';
import { bindTableInput } from './screens/input.js';
import { bindResult, createCoach, renderResult } from './screens/result.js';
import { createReview, renderReview } from './screens/review.js';
import { bindSettings, renderSettings } from './screens/settings.js';
import { createStats, renderMatch, renderStats } from './screens/stats.js';
import { createTable } from './screens/table.js';
import { renderTable } from './screens/tableview.js';
import { createSound } from './sound.js';
import { initialState, patch, withBanner, withoutGame } from './state.js';
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
const review = createReview(ctx, table);
const stats = createStats(ctx);
ctx.playAgain = home.playAgain;
ctx.coach = createCoach(ctx);

const SCREENS = {
  home: (s) => renderHome(s, store.game()), table: renderTable, result: renderResult, review: renderReview,
  rules: renderHelp, stats: renderStats, match: renderMatch, settings: renderSettings,
};

function render(s) {
  renderChrome(s);
  SCREENS[s.screen](s);
  renderTip(s);
}

function showPlain(name, focus) {
  ctx.update((s) => patch(s, { screen: name }));
  if (focus) focusHeading(name);
}

const OPEN = {
  home: (focus) => home.open(focus),
  play: (focus) => table.open(focus),
  review: (focus, route) => review.open(route, focus),
  stats: (focus) => stats.open(focus),
  match: (focus, route) => stats.openMatch(route, focus),
  rules: (focus) => showPlain('rules', focus),
  settings: (focus) => showPlain('settings', focus),
};
const router = startRouter((route, focus) => OPEN[route.name](focus, route));
ctx.go = router.go;

function tipDone(tips) {
  store.saveTips(tips);
  ctx.update((s) => patch(s, { tips }));
}

byId('tip-ok').addEventListener('click', () => tipDone(afterSeen(state.tips, byId('tip').dataset.tip)));
byId('tip-skip').addEventListener('click', () => tipDone({ ...state.tips, done: true }));
byId('banner-close').addEventListener('click', () => ctx.update((s) => withBanner(s, null)));
async function tryAgain() {
  const again = retry;
  if (again && (await again())) ctx.update((s) => withBanner(s, null));
}
byId('banner-retry').addEventListener('click', tryAgain);
window.addEventListener('online', tryAgain);
let resizing = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(() => render(state));
});
onMotionChange(() => render(state));
onSchemeChange(() => render(state));
bindTableInput(table.intents);
bindResult(ctx, table);
bindSettings(ctx);
bindHelp(ctx);
render(state);

router.start().finally(async () => {
  document.documentElement.dataset.ready = 'true';
  performance.mark('gin-ready');
  try { // the rules presets for the options and the help, after the first drawing
    const rules = await ctx.api.rules();
    home.rulesLoaded(rules);
    ctx.update((s) => patch(s, { rules }));
  } catch {
    byId('ng-rules-help').textContent = 'The list of rule variants could not be loaded; house rules are ready to play.';
  }
});
