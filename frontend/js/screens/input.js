// Taps, clicks, drags and keys on the table -> the table's intents. Nothing here knows the rules.

import { byId } from '../dom.js';
import { dropIndex } from './handview.js';

const SHORTCUTS = {
  s: 'draw_stock', t: 'draw_discard', u: 'take_upcard', p: 'pass', d: 'discard', k: 'knock', g: 'gin', h: 'hint',
  n: 'next_hand',
};
const DRAG_THRESHOLD = 8;
const PILE_MARGIN = 24;

const isTyping = (target) => target instanceof HTMLElement
  && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

function overPile(x, y) {
  const { left, right, top, bottom } = byId('discard-slot').closest('.pile').getBoundingClientRect();
  const m = PILE_MARGIN;
  return x > left - m && x < right + m && y > top - m && y < bottom + m;
}

export function bindTableInput(intents) {
  const hand = byId('hand');
  const cards = () => [...hand.querySelectorAll('button.hand-card')];

  byId('screen-table').addEventListener('click', ({ target }) => {
    const action = target.closest('#actions [data-action]');
    const sort = target.closest('[data-sort]');
    if (action) intents.action(action.dataset.action);
    else if (target.closest('#stock')) intents.tapStock();
    else if (target.closest('#discard-slot')) intents.tapPile();
    else if (sort) intents.sort(sort.dataset.sort);
    else if (target.closest('#log-toggle')) intents.toggleLog();
    else if (target.closest('#pile-view')) intents.showPile();
  });

  // Tap a card to discard it (or select it, then again, with single-tap off), or drop it on the pile. Enter and Space
  // (a click of `detail` 0) always select first, so the keyboard hears what a discard would leave before making it.
  hand.addEventListener('click', (event) => {
    const card = event.target.closest('button.hand-card');
    if (card && !drag?.moved) intents.cardTap(card.dataset.card, { keyboard: event.detail === 0 });
  });

  hand.addEventListener('keydown', (event) => {
    const card = event.target.closest('button.hand-card');
    if (!card) return;
    const all = cards();
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step && event.shiftKey) {
      event.preventDefault();
      intents.moveCard(card.dataset.card, step);
      return;
    }
    const next = step ? all[all.indexOf(card) + step] ?? card : { Home: all[0], End: all.at(-1) }[event.key];
    if (next) {
      event.preventDefault();
      for (const c of all) c.tabIndex = c === next ? 0 : -1;
      next.focus();
    }
  });

  // Drag a card onto the pile to discard it, or to another place in the hand.
  let drag = null;
  const marks = (before, onPile) => {
    for (const c of cards()) c.classList.toggle('drop-before', c === before);
    byId('discard-slot').classList.toggle('drop-here', onPile);
  };
  hand.addEventListener('pointerdown', (event) => {
    const card = event.target.closest('button.hand-card');
    if (!card || event.button !== 0) return;
    drag = { card, code: card.dataset.card, x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
  });
  hand.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      drag.moved = true;
      drag.card.classList.add('dragging');
      try { drag.card.setPointerCapture(event.pointerId); } catch { /* not capturable: fine */ }
    }
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    drag.onPile = overPile(event.clientX, event.clientY);
    drag.target = drag.onPile ? null : dropIndex(event.clientX, drag.card, event.clientY);
    marks(drag.target?.before, drag.onPile);
  });
  const endDrag = (event, cancelled) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const done = drag;
    done.card.classList.remove('dragging');
    done.card.style.removeProperty('transform');
    marks(null, false);
    if (done.moved && !cancelled) {
      if (done.onPile) intents.dropOnPile(done.code);
      else if (done.target) intents.dropInHand(done.code, done.target.index);
    }
    // Let the click that follows a drag see it, then forget it.
    setTimeout(() => { if (drag === done) drag = null; }, 0);
  };
  hand.addEventListener('pointerup', (event) => endDrag(event, false));
  hand.addEventListener('pointercancel', (event) => endDrag(event, true));

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
    if (event.key === 'Escape') return intents.deselect();
    const name = SHORTCUTS[event.key.toLowerCase()];
    if (name && intents.shortcut(name)) event.preventDefault();
  });
}
