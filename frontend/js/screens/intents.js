// What taps, drags and keys on the table mean (input.js turns the events into these intents).

import { shortName } from '../cards.js';
import { byId } from '../dom.js';
import { legalMoves, selectionLine } from '../model.js';
import { dropCard, moveCard, select, sortHand, toggleLog } from '../state.js';
import { announce } from '../ui.js';
import { handCard } from './handview.js';
import { renderPileDialog } from './tableview.js';

/** The intents of the table `t` (its context, `game()`, `still()`, `arrange`, and the moves). */
export function createIntents(t) {
  const { get, update } = t;
  const game = () => get().game;
  const idle = () => game() && !get().busy;
  const intents = {
    action: (name) => (name === 'hint' ? t.hint() : name === 'claim' ? t.send({ kind: 'claim' }) : t.play(name)),
    tapStock() {
      if (!idle()) return;
      if (t.still() && legalMoves(game().view).drawStock) t.play('draw_stock');
      else t.refuseTap(byId('stock'), 'stock');
    },
    tapPile() {
      if (!idle()) return;
      const m = legalMoves(game().view);
      if (t.still() && (m.takeUpcard || m.drawDiscard)) t.play(m.takeUpcard ? 'take_upcard' : 'draw_discard');
      else t.refuseTap(byId('discard-slot'), 'pile');
    },
    /** One tap throws the card (asking first where it could knock); with single-tap off or from the keyboard, a tap
     * selects and a second throws. */
    cardTap(card, { keyboard = false } = {}) {
      if (!idle()) return;
      const { view } = game();
      const mine = view.phase === 'discard' && view.turn === view.seat && !get().table.playing;
      if (mine && get().settings.singleTap && !keyboard) t.discard(card, { ask: true });
      else if (get().table.selected !== card) {
        update((s) => select(s, card));
        announce(selectionLine(view, card) || `${shortName(card)} selected.`);
      } else if (mine) t.discard(card);
      else t.refuseTap(handCard(card), 'card', card);
    },
    dropOnPile(card) {
      if (!idle()) return;
      if (!t.still() || game().view.phase !== 'discard') t.refuseTap(byId('discard-slot'), 'card', card);
      else t.discard(card);
    },
    dropInHand(card, index) {
      if (game()) t.arrange((s) => dropCard(s, card, index));
    },
    moveCard(card, delta) {
      if (!game()) return;
      t.arrange((s) => moveCard(s, card, delta));
      handCard(card).focus();
      const { order } = get().table.arrangement;
      announce(`${shortName(card)} moved to place ${order.indexOf(card) + 1} of ${order.length}.`);
    },
    sort(mode) {
      if (game()) t.arrange((s) => sortHand(s, mode));
    },
    deselect() {
      if (t.still() && get().screen === 'table' && get().table.selected) update((s) => select(s, null));
    },
    toggleLog: () => update(toggleLog),
    showPile() {
      if (!game()) return;
      renderPileDialog(get().table.display?.pile || game().view.discard_pile);
      byId('pile-dialog').showModal();
    },
    /** A key's move (N: on the result screen); true if taken. */
    shortcut(name) {
      const taken = name === 'next_hand' ? get().screen === 'result' : get().screen === 'table' && !!game();
      if (taken) intents.action(name);
      return taken;
    },
  };
  return intents;
}
