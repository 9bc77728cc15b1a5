// Rules and help: the list of rule variants, and the guided tips shown again on request.

import { byId, clear, h } from '../dom.js';
import { patch } from '../state.js';
import { announce } from '../ui.js';

let listed = null;

export function renderHelp({ rules, tips }) {
  byId('tips-again').textContent = tips.done || tips.seen.length ? 'Show the tips again' : 'The tips are on for your next moves';
  if (!rules || listed === rules) return;
  listed = rules;
  const list = clear(byId('variants-list'));
  for (const preset of rules.presets) {
    const [name, ...rest] = preset.description.split(':');
    list.append(h('dt', { text: name }), h('dd', { text: rest.join(':').trim() || preset.description }));
  }
}

export function bindHelp(ctx) {
  byId('tips-again').addEventListener('click', () => {
    const tips = { seen: [], done: false };
    ctx.store.saveTips(tips);
    ctx.update((s) => patch(s, { tips }));
    announce('The tips will show again at each step of your game.');
  });
}
