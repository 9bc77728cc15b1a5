// The table's controller: the game opened and read again, the screen it shows; the moves (moves.js), a friend's
// game (friend.js) and what taps, drags and keys mean (intents.js) are its parts. The server decides every rule.

import { byId, onClick, setText } from '../dom.js';
import { OVER, them } from '../model.js';
import { gameOf, patch, withGame, withLog, withoutGame } from '../state.js';
import { announce, confirm } from '../ui.js';
import { createFriend } from './friend.js';
import { createIntents } from './intents.js';
import { createMoves } from './moves.js';
import { playback } from './playback.js';
import { createShowdown } from './showdown.js';

/** Copy to the clipboard (refused where the page is not a secure context: then the player copies by hand). */
const copy = (text) => Promise.resolve().then(() => navigator.clipboard.writeText(text));

export function createTable(ctx) {
  const { api, store, get, set, update } = ctx;
  const game = () => get().game;
  // The parts share one object: the app's context (read through, so `go`, set later, is found) and these.
  const t = Object.assign(Object.create(ctx), {
    game,
    still: () => { const s = get(); return !!s.game && !s.busy && !s.table.playing; },
    saveArrangement: () => { const s = get(); if (s.game) store.saveArrangement(s.game.id, s.table.arrangement); },
    arrange: (change) => { update(change); t.saveArrangement(); }, // a new order of the hand, kept on this device
    reload, recover, show,
  });
  Object.assign(t, createFriend(t));
  Object.assign(t, createMoves(t));
  const intents = createIntents(t);
  const present = createShowdown(ctx);

  /** Read the game again (on opening it, after an error). */
  async function reload() {
    const saved = store.game();
    if (!saved) {
      ctx.go('#/');
      return false;
    }
    try {
      const data = await api.game(saved.id, saved.token);
      t.meet(data);
      update((s) => withGame(s, gameOf(data, saved.token, saved.invite), store.arrangement(saved.id)));
      t.followGame();
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

  /** The table, or a finished hand laid out on it with the result sheet over it (`live`: it just ended here, so it is
   * laid down step by step). */
  function show(focus, live = false) {
    if (!game()) return;
    if (game().view.phase === 'match_over' && game().opponent?.rated) ctx.ratedOver(game().id);
    if (OVER.includes(game().view.phase)) present(focus, live);
    else ctx.show('table', focus);
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
    t.meet(data);
    update((s) => patch(withGame(withoutGame(s), gameOf(data, token, data.invite?.path)), { busy: true, screen: 'table' }));
    t.followGame();
    t.heard(data);
    t.saveArrangement();
    await playback(t, data);
    set({ busy: false });
    if (OVER.includes(game().view.phase)) return show(true, true);
    byId('table-title').focus();
    t.focusAfterMove();
  }

  onClick('resign-button', async () => {
    if (t.still() && await confirm({ title: 'Resign the match?', text: `${them()} wins it; the hand in play is not scored.`, ok: 'Resign' })) {
      t.send({ kind: 'resign' });
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
  return { open, begin, intents, join: t.join, rematch: t.rematch };
}
