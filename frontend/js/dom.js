// Building DOM nodes from data: textContent and attributes only, never innerHTML.

import { cardName, parseCode, rankLabel, suitSymbol } from './cards.js';

export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  node.append(...children.flat().filter((child) => child != null && child !== false));
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export const byId = (id) => document.getElementById(id);

export function setText(id, text) {
  byId(id).textContent = text;
}

export function onClick(id, listener) {
  byId(id).addEventListener('click', listener);
}

/** A face-up card: a button with `tag` 'button', else an image; `label` replaces its spoken name. */
export function cardFace(code, { tag = 'div', label, classes = '', extra = {} } = {}) {
  const { rank, suit } = parseCode(code);
  const props = { class: `card face suit-${suit} ${classes}`.trim(), dataset: { card: code }, 'aria-label': label || cardName(code), ...extra };
  if (tag === 'button') props.type = 'button';
  else props.role = 'img';
  // CSS draws the glyphs from data attributes: the card's only name is its spoken one.
  const glyph = (cls, r) => h('span', { class: cls, 'aria-hidden': 'true', 'data-r': r, 'data-s': suitSymbol(code) });
  const face = 'JQK'.includes(rank);
  return h(tag, props, glyph('corner top', rankLabel(code)), glyph(face ? 'pip face-pip' : 'pip', face && rank),
    glyph('corner bottom', rankLabel(code)));
}

export const emptyPile = () => h('span', { class: 'card slot-empty', role: 'img', 'aria-label': 'The discard pile is empty' });

export const cardBack = (classes = '') => h('span', { class: `card back ${classes}`.trim(), 'aria-hidden': 'true' });

/** A style sheet added to the page, resolved once it applies (a screen loaded later brings its own). */
export function styleSheet(href) {
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = h('link', { rel: 'stylesheet', href });
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => reject(new Error(`${href} did not load`)));
    document.head.append(link);
  });
}

/** The screens an HTML file of the game holds (screens loaded when they first open), each put in place of its
 * empty section of the page. */
export async function screensFrom(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const section of page.querySelectorAll('section.screen[id]')) byId(section.id).replaceWith(document.adoptNode(section));
}
