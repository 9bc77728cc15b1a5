// The table's controller: taps, drags and keys, the moves sent, the computer's moves shown. The server decides
// every rule; the table asks it and shows its answers.

import { shortName } from '../cards.js';
import { byId } from '../dom.js';
import { OVER, YOU, actionFor, buttonForAction, legalMoves, refusal, selectionLine } from '../model.js';
import { arrive, fly, shake, timing } from '../motion.js';
import {
  afterMove, dropCard, gameOf, moveCard, patch, say, select, sortHand, toggleLog, withBanner, withGame, withHint, withLog,
  withoutGame,
} from '../state.js';
import { announce, confirm, confirmChoice, focusHeading } from '../ui.js';
import { handCard } from './handview.js';
import { playback } from './playback.js';
import { renderPileDialog } from './tableview.js';

const OWN_SOUNDS = { draw: 'draw', take_upcard: 'draw', discard: 'discard', knock: 'knock' };

export function createTable(ctx) {
  const { api, store, sound, get, update } = ctx;
  const game = () => get().game;
  const still = () => { const s = get(); return !!s.game && !s.busy && !s.table.playing; };
  const saveArrangement = () => { const s = get(); if (s.game) store.saveArrangement(s.game.id, s.table.arrangement); };

  function refuse(element, text) {
    update((s) => say(s, text, 'error'));
    announce(text);
    shake(element, get().settings);
    sound.play('refuse');
  }
  const refuseTap = (element, target, card = null) => refuse(element, refusal(game().view, target, { card, playing: get().table.playing }));

  /** Read the game from the server again (on opening it, after an error). */
  async function reload() {
    const saved = store.game();
    if (!saved) {
      ctx.go('#/');
      return false;
    }
    try {
      const data = await api.game(saved.id, saved.token);
      update((s) => withGame(s, gameOf(data, saved.token), store.arrangement(saved.id)));
      // The hand's move log, from the event log: the table is drawn without waiting for it.
      api.events(saved.id, saved.token, 0, data.view.hand_number).then((events) => {
        const s = get();
        if (!s.game || s.game.id !== saved.id || s.game.version !== data.version || s.busy) return;
        update((st) => withLog(st, events.events));
      }).catch(() => {});
      return true;
    } catch (error) {
      if (!ctx.gone(error)) ctx.fail(error.detail, recover);
      return false;
    }
  }

  /** Read the game again after a failure and show it; true when it worked. */
  async function recover() {
    const ok = await reload();
    if (ok) show(false);
    return ok;
  }

  function show(focus) {
    if (!game()) return;
    const screen = OVER.includes(game().view.phase) ? 'result' : 'table';
    update((s) => patch(s, { screen }));
    if (focus) focusHeading(screen);
  }

  async function open(focus) {
    const saved = store.game();
    if (!saved) {
      ctx.go('#/');
      return;
    }
    const cached = game() && game().id === saved.id ? game().version : null;
    if (cached !== null) {
      show(focus); // at once from memory, then checked against the server
      if (get().busy) return;
    } else {
      update((s) => patch(withoutGame(s), { screen: 'table' }));
    }
    if (!(await reload())) return;
    if (cached === null || game().version !== cached) show(focus && cached === null);
  }

  /** A new game's first answer: a fresh table, the deal, the computer's first moves. */
  async function begin(data, token) {
    update((s) => patch(withGame(withoutGame(s), gameOf(data, token)), { busy: true, screen: 'table' }));
    saveArrangement();
    await playback(ctx, data);
    update((s) => patch(s, { busy: false }));
    if (OVER.includes(game().view.phase)) {
      show(true);
      return;
    }
    byId('table-title').focus();
    focusAfterMove();
  }

  // --- moves

  async function play(button, card = get().table.selected) {
    if (!still()) return;
    const { view } = game();
    const action = actionFor(button, view, card);
    if (!action) {
      if (['discard', 'knock', 'gin'].includes(button)) {
        const text = !card ? 'Pick a card first.' : legalMoves(view).discard.has(card)
          ? `${selectionLine(view, card)} That is too much to knock.` : refusal(view, 'card', { card });
        refuse(handCard(card) || byId('hand'), text);
      }
      return;
    }
    if (action.kind === 'knock' && (await askKnock(view, card)) !== 'ok') return;
    if (action.kind === 'big_gin'
      && !(await confirm({ title: 'Big Gin?', text: 'End the hand with all eleven cards melded.', ok: 'Big Gin' }))) return;
    await send(action);
  }

  /** The knock dialog (with `alt`, also just discard): resolves to 'ok', 'alt' or 'cancel'. */
  function askKnock(view, card, alt = null) {
    const gin = legalMoves(view).gin.has(card);
    const option = (view.discard_options || []).find((o) => o.card === card) || view;
    return confirmChoice({
      title: gin ? 'Go Gin?' : 'Knock?', ok: gin ? 'Go Gin' : 'Knock', alt,
      text: gin ? `Discard ${shortName(card)} and go Gin: every other card is in a meld.`
        : `Discard ${shortName(card)} and knock with ${option.deadwood} deadwood. The computer may lay off cards on your melds.`,
    });
  }

  /** Throw `card`; a single tap (`ask`) on a card that could knock asks first. */
  async function discard(card, { ask = false } = {}) {
    if (!still()) return;
    const { view } = game();
    if (!legalMoves(view).discard.has(card)) {
      refuseTap(handCard(card) || byId('hand'), 'card', card);
      return;
    }
    const choice = ask && legalMoves(view).knock.has(card) ? await askKnock(view, card, 'Just discard') : 'alt';
    if (choice !== 'cancel') await send({ kind: choice === 'ok' ? 'knock' : 'discard', card });
  }

  async function send(action) {
    const active = document.activeElement;
    const hadFocus = active === document.body || !!(active && active.closest('#screen-table, #screen-result'));
    const { fly: flyTime } = timing(get().settings);
    const gin = action.kind === 'knock' && legalMoves(game().view).gin.has(action.card);
    const noise = gin ? 'gin' : OWN_SOUNDS[action.kind];
    if (noise) sound.play(noise);
    update((s) => patch(say({ ...s, table: { ...s.table, hint: null } }, null), { busy: true }));
    let flight = Promise.resolve();
    const leaving = action.card ? handCard(action.card) : null;
    if (leaving) {
      leaving.classList.add('leaving');
      flight = fly(leaving, byId('discard-slot'), action.card, flyTime);
    }
    let data;
    try {
      [data] = await Promise.all([api.move(game().id, game().token, action, game().version), flight]);
    } catch (error) {
      update((s) => patch(s, { busy: false }));
      await moveFailed(error);
      return;
    }
    update((s) => withBanner(afterMove(s, data), null));
    saveArrangement();
    const fresh = get().table.fresh;
    if (fresh.length && (action.kind === 'draw' || action.kind === 'take_upcard')) {
      const from = action.kind === 'draw' && action.source === 'stock' ? byId('stock') : byId('discard-slot');
      await arrive(fresh.map(handCard).filter(Boolean), from, flyTime);
    }
    await playback(ctx, data);
    update((s) => patch(s, { busy: false }));
    if (OVER.includes(game().view.phase)) {
      if (['table', 'result'].includes(get().screen)) show(true);
      return;
    }
    if (hadFocus && get().screen === 'table') focusAfterMove();
  }

  async function moveFailed(error) {
    let text;
    if (error.offline) text = 'Could not reach the server, so the move was not made. Your game is safe: nothing was lost.';
    else if (error.status === 409) text = `That move was refused: ${error.detail}`;
    else if (error.status === 412) text = 'The game had moved on (perhaps in another tab). This is the table as it is now.';
    else text = `The move failed: ${error.detail}`;
    ctx.fail(text, error.offline ? recover : null);
    if (!error.offline && (await reload())) show(false);
  }

  function focusAfterMove() {
    const { view } = game();
    if (view.phase === 'discard' && view.turn === YOU) {
      const card = handCard(get().table.fresh[0]) || byId('hand').querySelector('button.hand-card');
      if (card) card.focus();
      return;
    }
    const first = byId('actions').querySelector('[data-action]:not([hidden])');
    if (first) first.focus();
  }

  async function hint() {
    if (!still()) return;
    try {
      const got = await api.hint(game().id, game().token);
      update((s) => withHint(s, { action: got.action, reason: got.reason, button: buttonForAction(got.action, s.game.view) }));
      announce(`Hint: ${got.reason}`);
    } catch (error) {
      ctx.fail(error.detail);
    }
  }

  async function nextHand() {
    if (!still()) return;
    const action = actionFor('next_hand', game().view, null);
    if (action) await send(action);
  }

  // --- intents: what the player's taps, drags and keys mean

  const intents = {
    action(name) {
      if (name === 'hint') return hint();
      if (name === 'next_hand') return nextHand();
      return play(name);
    },
    tapStock() {
      if (!game() || get().busy) return;
      if (still() && legalMoves(game().view).drawStock) play('draw_stock');
      else refuseTap(byId('stock'), 'stock');
    },
    tapPile() {
      if (!game() || get().busy) return;
      const m = legalMoves(game().view);
      if (still() && (m.takeUpcard || m.drawDiscard)) play(m.takeUpcard ? 'take_upcard' : 'draw_discard');
      else refuseTap(byId('discard-slot'), 'pile');
    },
    cardTap(card) {
      if (!game() || get().busy) return;
      const { view } = game();
      const mine = view.phase === 'discard' && view.turn === YOU && !get().table.playing;
      if (mine && get().settings.singleTap) {
        discard(card, { ask: true });
        return;
      }
      if (get().table.selected === card) {
        if (mine) discard(card);
        else refuseTap(handCard(card), 'card', card);
        return;
      }
      update((s) => select(s, card));
      announce(selectionLine(view, card) || `${shortName(card)} selected.`);
    },
    dropOnPile(card) {
      if (!game() || get().busy) return;
      if (!still() || game().view.phase !== 'discard') refuseTap(byId('discard-slot'), 'card', card);
      else discard(card);
    },
    dropInHand(card, index) {
      if (!game()) return;
      update((s) => dropCard(s, card, index));
      saveArrangement();
    },
    moveCard(card, delta) {
      if (!game()) return;
      update((s) => moveCard(s, card, delta));
      saveArrangement();
      handCard(card).focus();
      const order = get().table.arrangement.order;
      announce(`${shortName(card)} moved to place ${order.indexOf(card) + 1} of ${order.length}.`);
    },
    sort(mode) {
      if (!game()) return;
      update((s) => sortHand(s, mode));
      saveArrangement();
    },
    deselect() {
      if (still() && get().screen === 'table' && get().table.selected) update((s) => select(s, null));
    },
    toggleLog() {
      update(toggleLog);
    },
    showPile() {
      if (!game()) return;
      const { display } = get().table;
      renderPileDialog(display ? display.pile : game().view.discard_pile);
      byId('pile-dialog').showModal();
    },
    shortcut(name) {
      if (get().screen === 'result' && name === 'next_hand') {
        nextHand();
        return true;
      }
      if (get().screen !== 'table' || !game() || name === 'next_hand') return false;
      intents.action(name);
      return true;
    },
  };

  return { open, begin, intents };
}
