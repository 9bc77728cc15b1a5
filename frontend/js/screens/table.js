// The table's controller: taps, drags and keys, moves sent, the other's moves shown; the server decides every rule.

import { shortName } from '../cards.js';
import { byId, onClick, setText } from '../dom.js';
import { OVER, THROWS, actionFor, buttonForAction, legalMoves, offered, refusal, selectionLine, setOpponent, them } from '../model.js';
import { arrive, fly, shake, timing } from '../motion.js';
import {
  afterMove, dropCard, gameOf, moveCard, patch, say, select, sortHand, toggleLog, withBanner, withGame, withHint, withLog,
  withoutGame,
} from '../state.js';
import { announce, confirm, confirmChoice } from '../ui.js';
import { follow } from '../stream.js';
import { handCard } from './handview.js';
import { playback } from './playback.js';
import { renderPileDialog } from './tableview.js';

const OWN_SOUNDS = { draw: 'draw', take_upcard: 'draw', discard: 'discard', knock: 'knock' };
/** Copy to the clipboard (refused where the page is not a secure context: then the player copies by hand). */
const copy = (text) => Promise.resolve().then(() => navigator.clipboard.writeText(text));
const lastSeq = (data, before) => Math.max(before, ...(data.events || []).map((e) => e.seq));

export function createTable(ctx) {
  const { api, store, sound, get, set, update } = ctx;
  const game = () => get().game;
  const still = () => { const s = get(); return !!s.game && !s.busy && !s.table.playing; };
  const saveArrangement = () => { const s = get(); if (s.game) store.saveArrangement(s.game.id, s.table.arrangement); };
  const arrange = (change) => { update(change); saveArrangement(); }; // a new order of the hand, kept on this device

  function refuse(element, text) {
    update((s) => say(s, text, 'error'));
    announce(text);
    shake(element, get().settings);
    sound.play('refuse');
  }
  const refuseTap = (element, target, card = null) => refuse(element, refusal(game().view, target, { card, playing: get().table.playing }));

  /** Read the game again (on opening it, after an error). */
  async function reload() {
    const saved = store.game();
    if (!saved) {
      ctx.go('#/');
      return false;
    }
    try {
      const data = await api.game(saved.id, saved.token);
      setOpponent(data.opponent?.kind);
      update((s) => withGame(s, gameOf(data, saved.token, saved.invite), store.arrangement(saved.id)));
      followGame();
      // The hand's move log: the table is drawn without waiting for it.
      api.events(saved.id, saved.token, data.view.hand_number).then(({ events }) => {
        const s = get();
        if (s.game?.id === saved.id && s.game.view.hand_number === data.view.hand_number) update((st) => withLog(st, events));
      }).catch(() => {});
      return true;
    } catch (error) {
      if (!ctx.gone(error)) ctx.fail(error.detail, recover);
      return false;
    }
  }

  /** Read the game again after a failure and show it; true if it worked. */
  async function recover() {
    const ok = await reload();
    if (ok) show(false);
    return ok;
  }

  function show(focus) {
    if (game()) ctx.show(OVER.includes(game().view.phase) ? 'result' : 'table', focus);
  }

  async function open(focus) {
    const saved = store.game();
    if (!saved) return ctx.go('#/');
    const cached = game()?.id === saved.id ? game().version : null;
    if (cached !== null) {
      show(focus); // at once from memory, then checked against the server
      if (get().busy) return;
    } else {
      update((s) => patch(withoutGame(s), { screen: 'table' }));
    }
    if (!(await reload())) return;
    if (cached === null || game().version !== cached) show(focus && cached === null);
  }

  /** A new game's first answer: a fresh table, the deal, the computer's moves. */
  async function begin(data, token) {
    setOpponent(data.opponent?.kind);
    update((s) => patch(withGame(withoutGame(s), gameOf(data, token, data.invite?.path)), { busy: true, screen: 'table' }));
    followGame();
    heardUpTo = lastSeq(data, heardUpTo);
    saveArrangement();
    await playback(ctx, data);
    set({ busy: false });
    if (OVER.includes(game().view.phase)) return show(true);
    byId('table-title').focus();
    focusAfterMove();
  }

  // --- moves

  async function play(button, card = get().table.selected) {
    if (!still()) return;
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
    if (!still()) return;
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
    update((s) => ({ ...s, busy: true, table: { ...s.table, hint: null, feedback: null } }));
    const leaving = action.card && handCard(action.card);
    leaving?.classList.add('leaving');
    const flight = leaving && fly(leaving, byId('discard-slot'), action.card, flyTime);
    let data;
    try {
      [data] = await Promise.all([api.move(game().id, game().token, action, game().version), flight]);
    } catch (error) {
      set({ busy: false });
      if (action.kind === 'next_hand' && [409, 412].includes(error.status) && (await reload())) show(false); // the other dealt it
      else await moveFailed(error);
      return;
    }
    heardUpTo = lastSeq(data, heardUpTo);
    update((s) => withBanner(afterMove(s, data), null));
    saveArrangement();
    const { fresh } = get().table;
    if (fresh.length && (action.kind === 'draw' || action.kind === 'take_upcard')) {
      await arrive(fresh.map(handCard).filter(Boolean), byId(action.source === 'stock' ? 'stock' : 'discard-slot'), flyTime);
    }
    await playback(ctx, data);
    set({ busy: false });
    if (await caughtUp()) return;
    if (OVER.includes(game().view.phase)) {
      if (['table', 'result'].includes(get().screen)) show(true);
      return;
    }
    if (hadFocus && get().screen === 'table') focusAfterMove();
  }

  // --- a friend's game: their moves as made, their presence, a rematch

  let following = null; // {id, stop}
  let heardUpTo = 0; // the last event shown
  let waiting = null; // the newest update heard

  function followGame() {
    const { id, token, opponent } = game();
    if (opponent?.kind !== 'person' || following?.id === id) return;
    following?.stop();
    heardUpTo = 0; // a new game's events count from 1 (a rematch's too)
    following = { id, stop: follow(`/api/games/${id}/stream`, token, (...message) => heard(id, ...message)) };
  }

  function heard(id, name, data, seq) {
    if (game()?.id !== id) return;
    if (name === 'gone') ctx.gone({ status: 404 });
    else if (name === 'presence') reload(); // joined, left or back: read who is there
    else if (name === 'rematch') rematched(id, data);
    else if (name === 'update') {
      waiting = data;
      if (!data.events.length) heardUpTo = Math.max(heardUpTo, +seq);
      caughtUp();
    }
  }

  /** Show the moves heard (once not busy); true if any. */
  async function caughtUp() {
    const answer = waiting;
    if (!answer || get().busy || answer.version <= game().version) return false;
    waiting = null;
    const events = answer.events.filter((e) => e.seq > heardUpTo);
    heardUpTo = lastSeq(answer, heardUpTo);
    update((s) => patch(afterMove(s, answer), { busy: true }));
    await playback(ctx, { ...answer, events });
    set({ busy: false });
    if (!(await caughtUp()) && OVER.includes(game().view.phase) && get().screen === 'table') show(true);
    return true;
  }

  /** Offer a rematch, or accept the friend's offer (then open it). */
  async function rematch() {
    const { id, token } = game();
    try {
      rematched(id, (await api.rematch(id, token)).rematch);
    } catch (error) {
      ctx.fail(`No rematch: ${error.detail}`);
    }
  }

  function rematched(id, offer) {
    if (game()?.id !== id) return; // already on to the next match
    update((s) => ({ ...s, game: { ...s.game, rematch: offer } }));
    if (!offer?.game_id) return;
    store.saveGame(offer.game_id, game().token);
    ctx.go('#/play');
  }

  /** A friend's link opened: take the seat and play it. */
  async function join({ id, code }) {
    try {
      const data = await api.join(id, code, store.playerToken());
      store.saveGame(data.game_id, data.seat_token);
      store.savePlayerToken(data.player_token);
    } catch (error) {
      if (error.status !== 409 || store.game()?.id !== id) { // 409 for a seat already ours: play it
        ctx.go('#/');
        return ctx.fail(`That link did not open a seat: ${error.detail}`);
      }
    }
    ctx.go('#/play');
  }

  async function moveFailed(error) {
    let text;
    if (error.offline) text = 'Could not reach the server, so the move was not made. Your game is safe: nothing was lost.';
    else if (error.status === 409) text = `That move was refused: ${error.detail}`;
    else if (error.status === 412) text = 'The game had moved on (perhaps in another tab). This is the table as it is now.';
    else text = `The move failed: ${error.detail}`;
    ctx.fail(text, error.offline ? recover : null);
    if (!error.offline) await recover();
  }

  function focusAfterMove() {
    const { view } = game();
    const target = view.phase === 'discard' && view.turn === view.seat
      ? handCard(get().table.fresh[0]) || byId('hand').querySelector('button.hand-card')
      : byId('actions').querySelector('[data-action]:not([hidden])');
    target?.focus();
  }

  async function hint() {
    if (!still()) return;
    try {
      const { action, reason } = await api.hint(game().id, game().token);
      update((s) => withHint(s, { action, reason, button: buttonForAction(action, s.game.view) }));
      announce(`Hint: ${reason}`);
    } catch (error) {
      ctx.fail(error.detail);
    }
  }

  // --- intents: what taps, drags and keys mean

  const idle = () => game() && !get().busy;
  const intents = {
    action: (name) => (name === 'hint' ? hint() : name === 'claim' ? send({ kind: 'claim' }) : play(name)),
    tapStock() {
      if (!idle()) return;
      if (still() && legalMoves(game().view).drawStock) play('draw_stock');
      else refuseTap(byId('stock'), 'stock');
    },
    tapPile() {
      if (!idle()) return;
      const m = legalMoves(game().view);
      if (still() && (m.takeUpcard || m.drawDiscard)) play(m.takeUpcard ? 'take_upcard' : 'draw_discard');
      else refuseTap(byId('discard-slot'), 'pile');
    },
    cardTap(card) {
      if (!idle()) return;
      const { view } = game();
      const mine = view.phase === 'discard' && view.turn === view.seat && !get().table.playing;
      if (mine && get().settings.singleTap) discard(card, { ask: true });
      else if (get().table.selected !== card) {
        update((s) => select(s, card));
        announce(selectionLine(view, card) || `${shortName(card)} selected.`);
      } else if (mine) discard(card);
      else refuseTap(handCard(card), 'card', card);
    },
    dropOnPile(card) {
      if (!idle()) return;
      if (!still() || game().view.phase !== 'discard') refuseTap(byId('discard-slot'), 'card', card);
      else discard(card);
    },
    dropInHand(card, index) {
      if (game()) arrange((s) => dropCard(s, card, index));
    },
    moveCard(card, delta) {
      if (!game()) return;
      arrange((s) => moveCard(s, card, delta));
      handCard(card).focus();
      const { order } = get().table.arrangement;
      announce(`${shortName(card)} moved to place ${order.indexOf(card) + 1} of ${order.length}.`);
    },
    sort(mode) {
      if (game()) arrange((s) => sortHand(s, mode));
    },
    deselect() {
      if (still() && get().screen === 'table' && get().table.selected) update((s) => select(s, null));
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

  onClick('resign-button', async () => {
    if (still() && await confirm({ title: 'Resign the match?', text: `${them()} wins it; the hand in play is not scored.`, ok: 'Resign' })) {
      send({ kind: 'resign' });
    }
  });
  setInterval(() => game()?.clock?.deadline && get().screen === 'table' && update((s) => s), 1000); // the turn clock
  onClick('device-button', () => { // anyone with this link plays this seat: it is copied, not shown
    const url = new URL(`#/seat/${game().id}/${game().token}`, location.href).href;
    copy(url).then(() => {
      setText('device-button', 'Link copied');
      announce('Link copied: open it on the other device.');
    }, () => prompt('Open this link on the other device', url));
  });
  const link = () => byId('invite-link').value;
  onClick('invite-copy', () => copy(link()).then(() => { byId('invite-copy').textContent = 'Copied'; },
    () => byId('invite-link').select()));
  onClick('invite-share', () => navigator.share({ title: 'Gin Rummy', text: 'Play Gin Rummy with me', url: link() }).catch(() => {}));
  return { open, begin, intents, join, rematch };
}
