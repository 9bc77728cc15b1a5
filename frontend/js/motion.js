// Motion: flying cards, the deal, a refused tap's shake; durations from the speed setting (zero: reduced motion).

import { cardBack, cardFace } from './dom.js';

// [pause, fly] of each speed.
const SPEEDS = { slow: [950, 600], normal: [600, 380], fast: [260, 200], off: [0, 0] };
const EASE = 'cubic-bezier(.2,.7,.2,1)';
const motionQuery = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');

export function reducedMotion(settings) {
  return settings.motion === 'reduce' || (settings.motion !== 'full' && !!motionQuery?.matches);
}

export const onMotionChange = (listener) => motionQuery?.addEventListener?.('change', listener);

/** {pause, fly}: the pause after each computer move and a flight's length, in ms. */
export function timing(settings) {
  const [pause, fly] = SPEEDS[settings.speed] || SPEEDS.normal;
  return { pause, fly: reducedMotion(settings) ? 0 : fly };
}

export const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

const canAnimate = () => typeof document !== 'undefined' && typeof document.body.animate === 'function';
/** From the centre of box `a` to the centre of box `b`. */
const offset = (a, b) => [b.left + b.width / 2 - (a.left + a.width / 2), b.top + b.height / 2 - (a.top + a.height / 2)];

/** Fly a card (face up with `code`) from element `from` to element `to`. */
export async function fly(from, to, code, duration) {
  if (!from || !to || duration <= 0 || !canAnimate()) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const card = code ? cardFace(code, { classes: 'flying', extra: { 'aria-hidden': 'true' } }) : cardBack('flying');
  const width = Math.min(a.width, 90);
  card.style.left = `${a.left + (a.width - width) / 2}px`;
  card.style.top = `${a.top}px`;
  card.style.setProperty('--w', `${width}px`);
  document.body.append(card);
  const [dx, dy] = offset(a, b);
  await settled(card.animate([
    { transform: 'translate(0, 0) rotate(0deg)' },
    { transform: `translate(${dx}px, ${dy}px) rotate(${dx > 0 ? 8 : -8}deg)` },
  ], { duration, easing: EASE, fill: 'forwards' }));
  card.remove();
}

const settled = (animation) => animation.finished.catch(() => {}); // cancelled: fine

/** Cards already in place arrive from `from`: one after another for a deal, once for a drawn card. */
export async function arrive(cards, from, duration, stagger = 0) {
  if (!from || duration <= 0 || !canAnimate() || !cards.length) return;
  const origin = from.getBoundingClientRect();
  await Promise.all(cards.map((card, i) => {
    const [dx, dy] = offset(card.getBoundingClientRect(), origin);
    return settled(card.animate([
      { transform: `translate(${dx}px, ${dy}px) rotate(-8deg)`, opacity: 0.6 },
      { transform: 'none', opacity: 1 },
    ], { duration, delay: i * stagger, easing: EASE, fill: 'backwards' }));
  }));
}

/** Cards already in place slide there from where each was (`from`: card element -> its earlier box). */
export async function slideFrom(from, duration) {
  if (duration <= 0 || !canAnimate()) return;
  await Promise.all([...from].map(([card, box]) => {
    const to = card.getBoundingClientRect();
    return settled(card.animate([
      { transform: `translate(${box.left - to.left}px, ${box.top - to.top}px)`, zIndex: 5 },
      { transform: 'none', zIndex: 5 },
    ], { duration, easing: EASE }));
  }));
}

export function shake(element, settings) {
  if (!element || !canAnimate()) return;
  element.classList.remove('refused');
  void element.offsetWidth; // restart the outline when refused twice
  element.classList.add('refused');
  setTimeout(() => element.classList.remove('refused'), 600);
  if (reducedMotion(settings)) return;
  element.animate({ translate: ['0', '-6px', '6px', '-4px', '3px', '0'] }, { duration: 320, easing: 'ease-out' });
}
