// The settings form, built from the list of settings in storage.js: a setting with a list of choices is a row of
// segments (the felt and the card back a row of swatches that show themselves), a true/false setting is a switch.
// Under the looks they stay radio groups and check boxes, so the keyboard and screen readers work as usual.

import { h } from '../dom.js';
import { CHOICES, DEFAULT_SETTINGS } from '../storage.js';

/** The settings in the order the screen shows them, in three groups. */
export const GROUPS = [
  { title: 'The table', keys: ['felt', 'back', 'cardSize', 'fourColor', 'theme'] },
  { title: 'Playing', keys: ['singleTap', 'autoArrange', 'meldSide', 'sound'] },
  { title: 'Animation', keys: ['speed', 'motion'] },
];

/** What each setting and each of its choices is called (choices in the order shown), and a line of help. */
export const WORDS = {
  felt: { label: 'Table colour', swatch: 'felt',
    choices: { green: 'Green', blue: 'Blue', red: 'Merlot', purple: 'Purple', charcoal: 'Charcoal' } },
  back: { label: 'Card back', swatch: 'back', choices: { lattice: 'Red lattice', waves: 'Blue waves', checks: 'Green checks' } },
  cardSize: { label: 'Card size', choices: { small: 'Small', medium: 'Medium', large: 'Large' } },
  fourColor: { label: 'Four-colour suits', help: 'Clubs green, diamonds blue.' },
  theme: { label: 'Light or dark', choices: { system: 'As my device', light: 'Light', dark: 'Dark' } },
  singleTap: { label: 'Single-tap play', help: 'One tap on a card discards it.' },
  autoArrange: { label: 'Auto-arrange', help: 'Show my hand as melds and deadwood after every change.' },
  meldSide: { label: 'Melds go', choices: { left: 'On the left', right: 'On the right' }, help: 'Deadwood goes on the other side.' },
  sound: { label: 'Sound effects' },
  speed: { label: 'Animation speed', choices: { slow: 'Slow', normal: 'Normal', fast: 'Fast', off: 'Off' } },
  motion: { label: 'Motion', choices: { system: 'As my device', reduce: 'Reduce', full: 'Full' },
    help: 'As my device: reduced when your device asks for less motion.' },
};

/** "cardSize" as "Card size": the words of a setting the list above does not know yet. */
const spoken = (key) => key.replace(/([A-Z])/g, ' $1').toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** The groups with every setting storage.js keeps: one the list leaves out goes last in "Playing". */
export function layout(settings = DEFAULT_SETTINGS) {
  const placed = new Set(GROUPS.flatMap((group) => group.keys));
  const others = Object.keys(settings).filter((key) => !placed.has(key));
  return GROUPS.map((group) => ({
    title: group.title,
    keys: [...group.keys.filter((key) => key in settings), ...(group.title === 'Playing' ? others : [])],
  }));
}

/** A setting's choices as [value, words], in the order shown; choices the words do not name come last. */
export function choicesOf(key) {
  const named = Object.keys(WORDS[key]?.choices || {}).filter((value) => CHOICES[key].includes(value));
  const rest = CHOICES[key].filter((value) => !named.includes(value));
  return [...named, ...rest].map((value) => [value, WORDS[key]?.choices?.[value] || spoken(value)]);
}

const helpLine = (key, help, tag = 'p') => help && h(tag, { class: 'picker-help', id: `help-${key}`, text: help });

/** A radio group: segments, or swatches that show the felt or the card back itself. */
function radioGroup(key) {
  const { label = spoken(key), swatch, help } = WORDS[key] || {};
  const option = ([value, words]) => {
    const sample = swatch === 'felt' ? h('span', { class: `sample felt-sample felt-${value}`, 'aria-hidden': 'true' })
      : swatch === 'back' ? h('span', { class: `sample card back back-${value}`, 'aria-hidden': 'true' }) : null;
    return h('label', { class: 'option' },
      h('input', { type: 'radio', name: key, value, 'aria-describedby': help ? `help-${key}` : null }),
      sample, h('span', { class: 'option-name', text: words }));
  };
  return h('fieldset', { class: `picker ${swatch ? `swatch-picker ${swatch}-swatches` : 'segment-picker'}`, dataset: { setting: key } },
    h('legend', { text: label }), h('div', { class: 'options' }, choicesOf(key).map(option)), helpLine(key, help));
}

/** A switch: a check box with role switch, named by its words and described by its help. */
function switchRow(key) {
  const { label = spoken(key), help } = WORDS[key] || {};
  return h('div', { class: 'picker switch', dataset: { setting: key } },
    h('label', { class: 'switch-row' },
      h('input', { type: 'checkbox', role: 'switch', name: key, 'aria-labelledby': `name-${key}`,
        'aria-describedby': help ? `help-${key}` : null }),
      h('span', { class: 'switch-words' }, h('span', { class: 'switch-name', id: `name-${key}`, text: label }), helpLine(key, help, 'span')),
      h('span', { class: 'switch-track', 'aria-hidden': 'true' })));
}

/** The form's groups of controls, ready to append. */
export function buildPickers(settings = DEFAULT_SETTINGS) {
  return layout(settings).map(({ title, keys }) => h('div', { class: 'picker-group' },
    h('h2', { class: 'picker-title', text: title }),
    keys.map((key) => (Object.hasOwn(CHOICES, key) ? radioGroup(key) : switchRow(key)))));
}
