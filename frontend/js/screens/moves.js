// The player's moves: a button or a card to an action, the knock question, the move sent and its answer shown.

import { shortName } from '../cards.js';
import { byId } from '../dom.js';
import { OVER, THROWS, actionFor, buttonForAction, legalMoves, offered, refusal, selectionLine, them } from '../model.js';
import { arrive, fly, shake, timing } from '../motion.js';
import { afterMove, say, withBanner, withHint } from '../state.js';
import { announce, confirm, confirmChoice } from '../ui.js';
import { handCard } from './handview.js';
import { playback } from './playback.js';

const OWN_SOUNDS = { draw: 'draw', take_upcard: 'draw', discard: 'discard', knock: 'knock' };

/** The moves of the table `t` (its context, `game()`, `still()`, `reload`, `show`, the friend's `caughtUp`...). */
export function createMoves(t) {
  const { api, sound, get, set, update } = t;
  const game = () => get().game;

  function refuse(element, text) {
    update((s) => say(s, text, 'error'));
    announce(text);
    shake(element, get().settings);
    sound.play('refuse');
  }
  const refuseTap = (element, target, card = null) => refuse(element, refusal(game().view, target, { card, playing: get().table.playing }));

  async function play(button, card = get().table.selected) {
    if (!t.still()) return;
    const { view } = game();
    const action = actionFor(button, view, card);
    if (!action) {
      if (THROWS.includes(button)) {
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

  /** The knock dialog (`alt`: a just-discard button too): 'ok', 'alt' or 'cancel'. */
  function askKnock(view, card, alt) {
    const gin = legalMoves(view).gin.has(card);
    const option = view.discard_options?.find((o) => o.card === card) || view;
    return confirmChoice({
      title: gin ? 'Go Gin?' : 'Knock?', ok: gin ? 'Go Gin' : 'Knock', alt,
      text: gin ? `Discard ${shortName(card)} and go Gin: every other card is in a meld.`
        : `Discard ${shortName(card)} and knock with ${option.deadwood} deadwood. ${them()} may lay off cards on your melds.`,
    });
  }

  /** Throw `card`; a single tap (`ask`) on a card that could knock asks first. */
  async function discard(card, { ask = false } = {}) {
    if (!t.still()) return;
    const { view } = game();
    if (!legalMoves(view).discard.has(card)) return refuseTap(handCard(card) || byId('hand'), 'card', card);
    const choice = ask && legalMoves(view).knock.has(card) ? await askKnock(view, card, 'Just discard') : 'alt';
    if (choice !== 'cancel') await send(offered(view, choice === 'ok' ? 'knock' : 'discard', { card }));
  }

  async function send(action) {
    const active = document.activeElement;
    const hadFocus = active === document.body || !!active?.closest('#screen-table, #screen-result');
    const { fly: flyTime } = timing(get().settings);
    const gin = action.kind === 'knock' && legalMoves(game().view).gin.has(action.card);
    const noise = gin ? 'gin' : OWN_SOUNDS[action.kind];
    if (noise) sound.play(noise);
    update((s) => ({ ...s, busy: true, table: { ...s.table, hint: null, feedback: null, caption: null } }));
    const leaving = action.card && handCard(action.card);
    leaving?.classList.add('leaving');
    const flight = leaving && fly(leaving, byId('discard-slot'), action.card, flyTime);
    let data;
    try {
      [data] = await Promise.all([api.move(game().id, game().token, action, game().version), flight]);
    } catch (error) {
      set({ busy: false });
      if (action.kind === 'next_hand' && [409, 412].includes(error.status) && (await t.reload())) t.show(false); // the other dealt it
      else await moveFailed(error);
      return;
    }
    t.heard(data);
    update((s) => withBanner(afterMove(s, data), null));
    t.saveArrangement();
    const { fresh } = get().table;
    if (fresh.length && (action.kind === 'draw' || action.kind === 'take_upcard')) {
      await arrive(fresh.map(handCard).filter(Boolean), byId(action.source === 'stock' ? 'stock' : 'discard-slot'), flyTime);
    }
    await playback(t, data);
    set({ busy: false });
    if (await t.caughtUp()) return;
    if (OVER.includes(game().view.phase)) {
      if (['table', 'result'].includes(get().screen)) t.show(true, true);
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
    t.fail(text, error.offline ? t.recover : null);
    if (!error.offline) await t.recover();
  }

  /** After a move: the card just drawn (to throw next), or the first move on offer. */
  function focusAfterMove() {
    const { view } = game();
    const target = view.phase === 'discard' && view.turn === view.seat
      ? handCard(get().table.fresh[0]) || byId('hand').querySelector('button.hand-card')
      : byId('actions').querySelector('[data-action]:not([hidden])');
    target?.focus();
  }

  async function hint() {
    if (!t.still()) return;
    try {
      const { action, reason } = await api.hint(game().id, game().token);
      update((s) => withHint(s, { action, reason, button: buttonForAction(action, s.game.view) }));
      announce(`Hint: ${reason}`);
    } catch (error) {
      t.fail(error.detail);
    }
  }

  return { refuseTap, play, discard, send, focusAfterMove, hint };
}
