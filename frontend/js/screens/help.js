// Rules and help (the screen's markup comes from rules.html the first time it opens: js/main.js): the list of rule
// variants, and the guided tips shown again on request.

import { byId, clear, h, onClick, setText } from '../dom.js';
import { announce } from '../ui.js';

let listed = null;

export function renderHelp({ rules, tips }) {
  setText('tips-again', tips.done || tips.seen.length ? 'Show the tips again' : 'The tips are on for your next moves');
  if (!rules || listed === rules) return;
  listed = rules;
  clear(byId('variants-list')).append(...rules.presets.flatMap((preset) => {
    const [name, ...rest] = preset.description.split(':');
    return [h('dt', { text: name }), h('dd', { text: rest.join(':').trim() || preset.description })];
  }));
}

export function bindHelp(ctx) {
  onClick('tips-again', () => {
    ctx.setTips({ seen: [], done: false });
    announce('The tips will show again at each step of your game.');
  });
}
