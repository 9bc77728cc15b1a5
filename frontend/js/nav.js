// Moving between screens: the nav marks the screen you are on, and every screen opens at its top.

import { byId } from './dom.js';

// The nav's link for screens that have none of their own: the game's screens are under Home (its Continue button
// leads back to them), a past match's under Stats.
const NAV = { table: 'home', result: 'home', match: 'stats', seek: 'home', leaders: 'home' };

/** The nav link of the screen shown: a review is of the game in play (Home) or of a past match (Stats). */
export function navOf(state) {
  if (state.screen === 'review') return state.review?.back === '#/play' ? 'home' : 'stats';
  return NAV[state.screen] || state.screen;
}

/** aria-current="page" on the nav link of the screen shown (the style sheet marks it too). */
export function markNav(state) {
  const nav = navOf(state);
  for (const link of document.querySelectorAll('[data-nav]')) {
    if (link.dataset.nav === nav) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

let shown = null;

/** When another screen is shown, the page goes to its top: its title and the header in view. Drawing the same
 * screen again (a move, a step of a review, a setting picked, more matches listed) leaves the page where it is. */
export function placeScreen(screen) {
  if (screen === shown) return;
  if (shown !== null) window.scrollTo(0, 0);
  shown = screen;
}

/** A route opened on the screen already shown (another match, another hand's review) also starts at the top. */
export async function openAtTop(open, screenOf) {
  const before = screenOf();
  await open();
  if (screenOf() === before) window.scrollTo(0, 0);
}

/** The browser does not put back an old scroll position after a reload or Back: the screens do their own. The skip
 * link focuses the main area without changing the hash (which is the route). */
export function startNav() {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  document.querySelector('.skip-link')?.addEventListener('click', (event) => {
    event.preventDefault();
    byId('main').focus();
  });
}
