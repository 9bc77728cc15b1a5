// The composition root. Every change goes through `update`, which draws the whole state once.

import { createApi } from './api.js';
import { byId, onClick, setText } from './dom.js';
import { startInstall } from './install.js';
import { onMotionChange } from './motion.js';
import { openAtTop, placeScreen, startNav } from './nav.js';
import { startRouter } from './router.js';
import { openHelp, renderHelp } from './screens/help.js';
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
const review = createReview(ctx, table);
const stats = createStats(ctx);
ctx.playAgain = () => (state.game?.opponent?.kind === 'person' ? table.rematch() : home.playAgain());
ctx.coach = createCoach(ctx);

const SCREENS = {
  home: (s) => renderHome(s, store.game()), table: renderTable, result: renderResult, review: renderReview,
  rules: renderHelp, stats: renderStats, match: renderMatch, settings: renderSettings,
};

function render(s) {
  renderChrome(s);
  SCREENS[s.screen](s);
  placeScreen(s.screen); // another screen: at its top
  renderTip(s);
}

const OPEN = {
  home: home.open,
  play: table.open,
  join: (focus, route) => table.join(route),
  seat: async (focus, { id, code }) => { // a seat's own link, to play it on this device
    store.saveGame(id, code);
    ctx.go('#/play');
  },
  review: (focus, route) => review.open(route, focus),
  stats: stats.open,
  match: (focus, route) => stats.openMatch(route, focus),
  rules: (focus) => openHelp(ctx, focus),
  settings: (focus) => ctx.show('settings', focus),
};
const router = startRouter((route, focus) => openAtTop(() => OPEN[route.name](focus, route), () => state.screen));
ctx.go = router.go;

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
bindSettings(ctx);
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
