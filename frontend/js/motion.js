// Motion: flying cards, the deal, a refused tap's shake; durations from the speed setting, zero if motion is reduced.

import { cardBack, cardFace } from './dom.js';

const SPEEDS = { slow: { pause: 950, fly: 600 }, normal: { pause: 600, fly: 380 }, fast: { pause: 260, fly: 200 }, off: { pause: 0, fly: 0 } };
const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

export function reducedMotion(settings) {
  if (settings.motion === 'reduce') return true;
  if (settings.motion === 'full') return false;
  return !!(motionQuery && motionQuery.matches);
}

export function onMotionChange(listener) {
  if (motionQuery && motionQuery.addEventListener) motionQuery.addEventListener('change', listener);
}

/** {pause, fly}: the pause after each computer move and a flight's length, in ms. */
export function timing(settings) {
  const speed = SPEEDS[settings.speed] || SPEEDS.normal;
  return { pause: speed.pause, fly: reducedMotion(settings) ? 0 : speed.fly };
}

export function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

const canAnimate = () => typeof document !== 'undefined' && typeof document.body.animate === 'function';

/** Fly a card (face up with `code`) from element `from` to element `to`. */
export async function fly(from, to, code, duration) {
  if (!from || !to || duration <= 0 || !canAnimate()) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const card = code ? cardFace(code) : cardBack();
  card.classList.add('flying');
  card.setAttribute('aria-hidden', 'true');
  card.removeAttribute('role');
  card.removeAttribute('aria-label');
  const width = Math.min(a.width, 90);
  card.style.left = `${a.left + (a.width - width) / 2}px`;
  card.style.top = `${a.top}px`;
  card.style.setProperty('--w', `${width}px`);
  document.body.append(card);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  await settled(card.animate([
    { transform: 'translate(0, 0) rotate(0deg)' },
    { transform: `translate(${dx}px, ${dy}px) rotate(${dx > 0 ? 8 : -8}deg)` },
  ], { duration, easing: 'cubic-bezier(.2,.7,.2,1)', fill: 'forwards' }));
  card.remove();
}

async function settled(animation) {
  try {
    await animation.finished;
  } catch {
    // cancelled: fine
  }
}

/** Cards already in place arrive from `from`: one after another for a deal, once for a drawn card. */
export async function arrive(cards, from, duration, stagger = 0) {
  if (!from || duration <= 0 || !canAnimate() || !cards.length) return;
  const origin = from.getBoundingClientRect();
  const flights = cards.map((card, i) => {
    const box = card.getBoundingClientRect();
    const dx = origin.left + origin.width / 2 - (box.left + box.width / 2);
    const dy = origin.top + origin.height / 2 - (box.top + box.height / 2);
    return settled(card.animate([
      { transform: `translate(${dx}px, ${dy}px) rotate(-8deg)`, opacity: 0.6 },
      { transform: 'none', opacity: 1 },
    ], { duration, delay: i * stagger, easing: 'cubic-bezier(.2,.7,.2,1)', fill: 'backwards' }));
  });
  await Promise.all(flights);
}

export function shake(element, settings) {
  if (!element || !canAnimate()) return;
  element.classList.remove('refused');
  void element.offsetWidth; // restart the outline when refused twice
  element.classList.add('refused');
  setTimeout(() => element.classList.remove('refused'), 600);
  if (reducedMotion(settings)) return;
  element.animate([
    { translate: '0' }, { translate: '-6px' }, { translate: '6px' }, { translate: '-4px' }, { translate: '3px' }, { translate: '0' },
  ], { duration: 320, easing: 'ease-out' });
}
