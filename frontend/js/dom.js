// Building DOM nodes from data: textContent and attributes only, never innerHTML.

import { cardName, parseCode, rankLabel, suitSymbol } from './cards.js';

export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

const FACES = new Set(['J', 'Q', 'K']);

/** A face-up card: a button with `tag` 'button', else an image; `label` replaces its spoken name. */
export function cardFace(code, { tag = 'div', label: spoken = null, classes = '', extra = {} } = {}) {
  const { rank, suit } = parseCode(code);
  const name = spoken || cardName(code);
  const props = {
    class: `card face suit-${suit}${classes ? ` ${classes}` : ''}`,
    dataset: { card: code },
    'aria-label': name,
    ...extra,
  };
  if (tag === 'button') props.type = 'button';
  else props.role = 'img';
  // CSS draws the glyphs from data attributes: the card's only name is its spoken one.
  const symbol = suitSymbol(code);
  const label = rankLabel(code);
  const corner = (where) => h('span', { class: `corner ${where}`, 'aria-hidden': 'true', 'data-r': label, 'data-s': symbol });
  const pip = FACES.has(rank)
    ? h('span', { class: 'pip face-pip', 'aria-hidden': 'true', 'data-r': rank, 'data-s': symbol })
    : h('span', { class: 'pip', 'aria-hidden': 'true', 'data-s': symbol });
  return h(tag, props, corner('top'), pip, corner('bottom'));
}

export const emptyPile = () => h('span', { class: 'card slot-empty', role: 'img', 'aria-label': 'The discard pile is empty' });

export function cardBack(classes = '') {
  return h('span', { class: `card back${classes ? ` ${classes}` : ''}`, 'aria-hidden': 'true' });
}
