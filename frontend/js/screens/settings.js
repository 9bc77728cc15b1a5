// The settings screen: every change is kept in this browser and shown at once, on
// a small table above the pickers (the felt, the backs, the card size, the suits' colours, the scheme, the melds'
// side) as well as on the game's own table.

import { byId, cardBack, cardFace, clear, h, setText } from '../dom.js';
import { withSettings } from '../state.js';
import { buildPickers, choicesOf } from './pickers.js';

// The preview's cards: a run of clubs (a meld), a king and a four as deadwood, an eight of diamonds on the pile,
// so that the four-colour suits show on clubs and diamonds both.
const MELD = ['7C', '8C', '9C'];
const DEADWOOD = ['KH', '4S'];
const PILE = '8D';

/** The little table: the computer's cards face down, the stock and the pile, your hand as a meld and deadwood. */
function buildPreview() {
  const cards = (codes, classes = '') => codes.map((code) => cardFace(code, { classes }));
  return [
    h('div', { class: 'preview-them' }, [0, 1, 2, 3].map(() => cardBack())),
    h('div', { class: 'preview-piles' }, cardBack(), cardFace(PILE)),
    h('div', { class: 'preview-hand', id: 'preview-hand' },
      h('span', { class: 'preview-meld' }, cards(MELD)), h('span', { class: 'preview-deadwood' }, cards(DEADWOOD))),
  ];
}

/** The words of a setting's chosen value, as its picker says them: "Merlot", "Blue waves". */
const chosen = (key, value) => (choicesOf(key).find(([v]) => v === value)?.[1] || value).toLowerCase();

/** The preview's caption, for everyone (the little table itself is hidden from screen readers). */
const previewWords = (settings) => `${chosen('felt', settings.felt)} felt, ${chosen('back', settings.back)} backs, `
  + `${chosen('cardSize', settings.cardSize)} cards${settings.fourColor ? ', four-colour suits' : ''}, `
  + `melds ${chosen('meldSide', settings.meldSide)}`;

export function renderSettings({ settings }) {
  for (const input of byId('settings-form').querySelectorAll('input')) {
    input.checked = input.type === 'checkbox' ? !!settings[input.name] : settings[input.name] === input.value;
  }
  // The felt, the backs, the card size, the suits and the scheme come from <html>'s attributes, as on the table.
  byId('preview-hand').dataset.meldSide = settings.meldSide;
  setText('preview-words', `Preview: ${previewWords(settings)}.`);
}

export function bindSettings(ctx) {
  const { store, update } = ctx;
  byId('settings-pickers').replaceChildren(...buildPickers(store.settings()));
  clear(byId('preview-felt')).append(...buildPreview());
  const change = (changes) => {
    store.saveSettings(changes);
    update((s) => withSettings(s, store.settings()));
  };
  byId('settings-form').addEventListener('change', ({ target: input }) => {
    change({ [input.name]: input.type === 'checkbox' ? input.checked : input.value });
  });
  byId('settings-form').addEventListener('submit', (event) => event.preventDefault()); // Enter in the form: no reload
}
