// Brief animations of the computer's moves: a card flies from one place on the table to another.

import { cardBack, cardFace } from './dom.js';

export function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/** Fly a card (face up when `code` is given) from element `from` to element `to`. */
export async function fly(from, to, code, duration) {
  if (!from || !to || duration <= 0 || typeof document.body.animate !== 'function') return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const card = code ? cardFace(code) : cardBack();
  card.classList.add('flying');
  card.setAttribute('aria-hidden', 'true');
  card.removeAttribute('role');
  card.removeAttribute('aria-label');
  const width = Math.min(a.width, 90);
  card.style.setProperty('left', `${a.left + (a.width - width) / 2}px`);
  card.style.setProperty('top', `${a.top}px`);
  card.style.setProperty('--w', `${width}px`);
  document.body.append(card);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const animation = card.animate([
    { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) rotate(${dx > 0 ? 8 : -8}deg)`, opacity: 1 },
  ], { duration, easing: 'cubic-bezier(.2,.7,.2,1)', fill: 'forwards' });
  try {
    await animation.finished;
  } catch {
    // cancelled: fine
  }
  card.remove();
}
