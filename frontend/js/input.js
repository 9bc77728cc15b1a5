// Clicks, taps, drags and keys -> intents. Nothing here knows the rules; main.js decides what an intent does.

const SHORTCUTS = {
  s: 'draw_stock', t: 'draw_discard', u: 'take_upcard', p: 'pass', d: 'discard', k: 'knock', g: 'gin', h: 'hint',
  n: 'next_hand',
};

const DRAG_THRESHOLD = 8;

function handCards(hand) {
  return [...hand.querySelectorAll('button.hand-card')];
}

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

export function bindInput(intents) {
  const hand = document.getElementById('hand');

  // Buttons anywhere on the table that stand for a move (the action bar, the stock, the top of the pile).
  document.getElementById('screen-table').addEventListener('click', (event) => {
    const button = event.target.closest('[data-action]');
    if (button && !button.disabled) intents.action(button.dataset.action);
    const sort = event.target.closest('[data-sort]');
    if (sort) intents.sort(sort.dataset.sort);
  });

  // Tap a card to select it; tap it again to discard it.
  hand.addEventListener('click', (event) => {
    const card = event.target.closest('button.hand-card');
    if (!card) return;
    if (dragState && dragState.moved) return;
    intents.cardTap(card.dataset.card);
  });

  hand.addEventListener('focusin', (event) => {
    const card = event.target.closest('button.hand-card');
    if (card) intents.focusCard(card.dataset.card);
  });

  hand.addEventListener('keydown', (event) => {
    const card = event.target.closest('button.hand-card');
    if (!card) return;
    const cards = handCards(hand);
    const index = cards.indexOf(card);
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step && event.shiftKey) {
      event.preventDefault();
      intents.moveCard(card.dataset.card, step);
      return;
    }
    let next = null;
    if (step) next = cards[Math.max(0, Math.min(cards.length - 1, index + step))];
    else if (event.key === 'Home') next = cards[0];
    else if (event.key === 'End') next = cards[cards.length - 1];
    if (next) {
      event.preventDefault();
      for (const c of cards) c.tabIndex = c === next ? 0 : -1;
      next.focus();
    }
  });

  // Drag a card (mouse, pen or finger) to rearrange the hand.
  let dragState = null;
  hand.addEventListener('pointerdown', (event) => {
    const card = event.target.closest('button.hand-card');
    if (!card || event.button !== 0) return;
    dragState = { card, code: card.dataset.card, x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
  });
  hand.addEventListener('pointermove', (event) => {
    if (!dragState || event.pointerId !== dragState.pointer) return;
    const dx = event.clientX - dragState.x;
    const dy = event.clientY - dragState.y;
    if (!dragState.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!dragState.moved) {
      dragState.moved = true;
      dragState.card.classList.add('dragging');
      try { dragState.card.setPointerCapture(event.pointerId); } catch { /* not capturable: fine */ }
    }
    dragState.card.style.setProperty('transform', `translate(${dx}px, ${dy}px)`);
    const target = dropTarget(event.clientX, event.clientY, dragState.card);
    for (const c of handCards(hand)) c.classList.toggle('drop-before', c === target.before);
    dragState.target = target;
  });
  const endDrag = (event, cancelled) => {
    if (!dragState || (event && event.pointerId !== dragState.pointer)) return;
    const state = dragState;
    state.card.classList.remove('dragging');
    state.card.style.removeProperty('transform');
    for (const c of handCards(hand)) c.classList.remove('drop-before');
    if (state.moved && !cancelled && state.target) intents.dropCard(state.code, state.target.index);
    // Let the click that follows a drag see it, then forget it.
    setTimeout(() => { if (dragState === state) dragState = null; }, 0);
  };
  hand.addEventListener('pointerup', (event) => endDrag(event, false));
  hand.addEventListener('pointercancel', (event) => endDrag(event, true));

  function dropTarget(x, y, dragged) {
    const cards = handCards(hand).filter((c) => c !== dragged);
    let best = null;
    for (const [i, c] of cards.entries()) {
      const r = c.getBoundingClientRect();
      const dist = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (!best || dist < best.dist) best = { dist, i, after: x > r.left + r.width / 2, card: c };
    }
    if (!best) return { index: 0, before: null };
    const index = best.after ? best.i + 1 : best.i;
    return { index, before: cards[index] || null };
  }

  // Keyboard shortcuts for the moves.
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
    if (event.key === 'Escape') {
      intents.deselect();
      return;
    }
    const name = SHORTCUTS[event.key.toLowerCase()];
    if (!name) return;
    if (intents.shortcut(name)) event.preventDefault();
  });
}
