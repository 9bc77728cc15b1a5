// The settings and the header's sound switch: every change is kept in this browser and shown at once.

import { byId, onClick } from '../dom.js';
import { withSettings } from '../state.js';

export function renderSettings({ settings }) {
  for (const input of byId('settings-form').querySelectorAll('input')) {
    input.checked = input.type === 'checkbox' ? !!settings[input.name] : settings[input.name] === input.value;
  }
}

export function bindSettings(ctx) {
  const { store, update } = ctx;
  const change = (changes) => {
    store.saveSettings(changes);
    update((s) => withSettings(s, store.settings()));
  };
  byId('settings-form').addEventListener('change', ({ target: input }) => {
    change({ [input.name]: input.type === 'checkbox' ? input.checked : input.value });
  });
  onClick('mute', () => change({ sound: !ctx.get().settings.sound }));
}
