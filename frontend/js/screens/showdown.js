// The showdown on the felt: both hands laid down on the table, the layoffs flying onto the knocker's melds, the
// deadwood counted apart, the points; then the result sheet rises over the table (its main button focused).

import { cardName } from '../cards.js';
import { byId, cardFace, clear, h } from '../dom.js';
import { OVER } from '../model.js';
import { sleep, slideFrom, timing } from '../motion.js';
import { resultSummary } from '../results.js';
import { showdownModel } from '../showdown.js';
import { patch } from '../state.js';
import { announce } from '../ui.js';

const withStage = (state, showdown) => ({ ...state, table: { ...state.table, showdown } });
let drawn = '';

function sideNode(s) {
  const melds = s.melds.map((meld, i) => h('div', {
    class: 'meld-group', role: 'group', 'data-meld': i,
    'aria-label': `Meld ${i + 1}${meld.laidOff.length ? `, with ${meld.laidOff.map(cardName).join(', ')} laid off on it` : ''}`,
  }, meld.cards.map((code) => cardFace(code, meld.laidOff.includes(code) ? { classes: 'laid-off', label: `${cardName(code)}, laid off` } : {}))));
  const label = `Deadwood ${s.count}`;
  const deadwood = h('div', { class: 'deadwood-set', role: 'group', 'aria-label': s.deadwood.length ? label : 'No deadwood' },
    h('p', { class: 'deadwood-count', text: s.deadwood.length ? label : 'No deadwood' }),
    h('div', { class: 'loose' }, s.deadwood.map((code) => cardFace(code))));
  return h('section', { class: `side ${s.knocker ? 'knocker' : 'defender'} ${s.mine ? 'mine' : 'theirs'}`, 'aria-label': s.title },
    h('h2', { text: s.title }), h('div', { class: 'side-rows' }, melds, deadwood));
}

/** The felt of a finished hand (the table's usual parts make way for it); drawn again only when its stage changes. */
export function renderFelt(state) {
  const view = state.game?.view;
  const model = view && OVER.includes(view.phase) ? showdownModel(view, state.table.showdown) : null;
  byId('screen-table').classList.toggle('over', !!model);
  byId('screen-table').classList.toggle('under-sheet', !!model && state.screen === 'result'); // room kept for the sheet
  const root = byId('showdown');
  root.hidden = !model;
  const key = model ? `${state.game.id}:${view.hand_number}:${view.seat}:${state.table.showdown}:${model.points}` : '';
  if (key === drawn) return;
  drawn = key;
  clear(root);
  if (!model) return;
  root.dataset.stage = state.table.showdown || 'done';
  root.append(...model.sides.map(sideNode));
  if (model.points) root.append(h('p', { class: 'showdown-points', id: 'showdown-points', text: model.points }));
}

/** The main button of the result sheet: the match's Play again, else Next hand (or Play again after the match). */
const mainButton = () => ['play-again', 'next-hand-button', 'play-again-after'].map(byId).find((b) => b?.checkVisibility?.());

/** Show a finished hand: `live` (just ended here) lays it down step by step, else (a reload) at once. */
export function createShowdown({ get, set, update, show }) { // the app's context: `show` a screen
  return async function present(focus, live) {
    const { game } = get();
    const same = () => get().game?.id === game.id && get().game.version === game.version;
    const { pause, fly } = timing(get().settings);
    const model = showdownModel(game.view);
    if (live && pause > 0 && model) {
      update((s) => patch(withStage(s, model.layoffs.length ? 'laid' : 'moved'), { screen: 'table', busy: true }));
      await sleep(pause);
      if (model.layoffs.length && same()) {
        const cardIn = (side, code) => byId('showdown').querySelector(`.${side} [data-card="${code}"]`);
        const boxes = model.layoffs.map(({ card }) => [card, cardIn('defender', card)?.getBoundingClientRect()]);
        update((s) => withStage(s, 'moved')); // the layoffs slide from the defender's deadwood onto the melds
        await slideFrom(new Map(boxes.filter(([, box]) => box).map(([card, box]) => [cardIn('knocker', card), box])
          .filter(([landed]) => landed)), fly);
        await sleep(pause / 2);
      }
      if (same()) update((s) => withStage(s, null)); // the points
      await sleep(pause);
      set({ busy: false });
      if (!same()) return;
    }
    update((s) => withStage(s, null));
    show('result');
    if (live) {
      const summary = resultSummary(game.view);
      if (summary) announce(`${summary.headline} ${summary.arithmetic}`);
    }
    if (focus) mainButton()?.focus();
  };
}
