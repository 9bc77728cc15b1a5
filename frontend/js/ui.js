// The page around the screens: which shows, header, banner, tip, confirm dialog, screen-reader announcer.

import { byId, setText } from './dom.js';
import { reducedMotion } from './motion.js';
import { markNav } from './nav.js';
import { tipFor } from './tips.js';

const TITLES = {
  table: 'Your game', result: 'Hand result', review: 'Review', rules: 'Rules and help', stats: 'Stats and matches',
  match: 'A past match', settings: 'Settings', seek: 'Finding someone to play', leaders: 'Leaderboards',
};
const darkQuery = globalThis.matchMedia?.('(prefers-color-scheme: dark)');

export const onSchemeChange = (listener) => darkQuery?.addEventListener?.('change', listener);

/** The settings as attributes of <html>, which the style sheet reads. */
function applySettings(settings) {
  const dark = settings.theme === 'dark' || (settings.theme === 'system' && !!darkQuery?.matches);
  Object.assign(document.documentElement.dataset, {
    scheme: dark ? 'dark' : 'light', felt: settings.felt, back: settings.back, cardSize: settings.cardSize,
    fourColor: settings.fourColor, motion: reducedMotion(settings) ? 'reduce' : 'full',
  });
}

export function renderChrome(state) {
  applySettings(state.settings);
  for (const section of document.querySelectorAll('[data-screen]')) section.hidden = section.dataset.screen !== state.screen;
  markNav(state);
  const view = state.game?.view;
  const mine = state.screen === 'table' && !!view && view.turn === view.seat && !state.table.playing;
  document.title = [mine && 'Your turn', TITLES[state.screen], 'Gin Rummy'].filter(Boolean).join(' · ');
  byId('banner').hidden = !state.banner;
  if (state.banner) {
    setText('banner-text', state.banner.text);
    byId('banner-retry').hidden = !state.banner.retry;
  }
  const mute = byId('mute');
  mute.setAttribute('aria-pressed', state.settings.sound);
  mute.title = state.settings.sound ? 'Sound is on: turn it off' : 'Sound is off: turn it on';
  const main = byId('main');
  main.dataset.state = state.busy ? 'busy' : 'idle';
  if (state.game) main.dataset.version = state.game.version;
}

let shownTip = null;

/** The guided tip, next to what it talks about (after the screen is drawn: it reads the layout). */
export function renderTip(state) {
  const box = byId('tip');
  const kind = tipFor(state);
  const words = kind && byId(`tip-${kind}`);
  const anchor = words?.dataset.anchor.split(' | ').map((q) => document.querySelector(q))
    .find((el) => el?.getClientRects().length);
  box.hidden = !anchor;
  if (!anchor) {
    shownTip = null;
    return;
  }
  box.dataset.tip = kind;
  const [title, text] = [...words.content.children].map((el) => el.textContent);
  setText('tip-title', title);
  setText('tip-text', text);
  const spot = anchor.getBoundingClientRect();
  const page = document.documentElement.clientWidth;
  const width = Math.min(340, page - 16);
  box.style.width = `${width}px`;
  const height = box.offsetHeight;
  // Beside it where there is room (left, then right), else below, else above.
  let left = spot.left - width - 12;
  let top = Math.max(8, Math.min(spot.top + spot.height / 2 - height / 2, window.innerHeight - height - 8));
  if (left < 8 && spot.right + 12 + width > page - 8) {
    left = Math.max(8, Math.min(spot.left + spot.width / 2 - width / 2, page - width - 8));
    const below = spot.bottom + 10 + height < window.innerHeight || spot.top < height + 10;
    top = below ? spot.bottom + 10 : spot.top - height - 10;
  } else if (left < 8) left = spot.right + 12;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
  if (shownTip !== kind) announce(`Tip: ${title}. ${text}`);
  shownTip = kind;
}

export function announce(text) {
  const live = byId('announcer');
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 30);
}

/** Ask before a move that cannot be taken back: resolves to 'ok', 'alt' (optional) or 'cancel'. */
export function confirmChoice({ title, text, ok, alt }) {
  const dialog = byId('confirm-dialog');
  setText('confirm-title', title);
  setText('confirm-text', text);
  setText('confirm-ok', ok);
  byId('confirm-alt').hidden = !alt;
  setText('confirm-alt', alt);
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(['ok', 'alt'].includes(dialog.returnValue) ? dialog.returnValue : 'cancel'), { once: true });
  });
}

export const confirm = async (options) => (await confirmChoice(options)) === 'ok';

/** Focus a screen's heading, so a screen reader starts there. */
export function focusHeading(screen) {
  [...document.querySelectorAll(`#screen-${screen} h1`)].find((h1) => h1.getClientRects().length)?.focus();
}
