// Rules and help: the rules' text (rules.html and its styles, fetched the first time the screen opens, so a first
// visit to the game does not load them), the list of rule variants, and the guided tips shown again on request.

import { byId, clear, h, onClick, setText, styleSheet } from '../dom.js';
import { announce } from '../ui.js';

let listed = null;
let loading = null; // the text's fetch, once it has started (again after a failure)

export function renderHelp({ rules, tips }) {
  if (!byId('variants-list')) return; // the text is not here yet
  setText('tips-again', tips.done || tips.seen.length ? 'Show the tips again' : 'The tips are on for your next moves');
  if (!rules || listed === rules) return;
  listed = rules;
  clear(byId('variants-list')).append(...rules.presets.flatMap((preset) => {
    const [name, ...rest] = preset.description.split(':');
    return [h('dt', { text: name }), h('dd', { text: rest.join(':').trim() || preset.description })];
  }));
}

/** The rules' text put into the screen (its heading stays the one already there); true once it is. */
async function loadText(ctx) {
  const [response] = await Promise.all([fetch('rules.html'), styleSheet('css/screens.css')]);
  if (!response.ok) throw new Error(`rules.html: ${response.status}`);
  const article = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('article');
  const text = byId('rules-text');
  text.replaceChildren(text.querySelector('h1'), ...[...article.children].filter((child) => child.tagName !== 'H1'));
  onClick('tips-again', () => {
    ctx.setTips({ seen: [], done: false });
    announce('The tips will show again at each step of your game.');
  });
  listed = null;
  renderHelp(ctx.get());
}

/** Open the screen: at once, its text when it has come (a failed fetch says so, and is tried again next time). */
export async function openHelp(ctx, focus) {
  ctx.show('rules', focus);
  loading ||= loadText(ctx).catch(() => {
    loading = null;
    setText('rules-loading', 'The rules could not be loaded. Check your connection and open this page again.');
  });
  await loading;
}
