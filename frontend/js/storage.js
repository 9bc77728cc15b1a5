// What the browser keeps (localStorage): the game, the player token, settings, hand orders, tips seen.

const PREFIX = 'ginrummy.';

// The first of each list of choices is the default.
export const CHOICES = Object.freeze({
  cardSize: ['medium', 'small', 'large'],
  theme: ['system', 'light', 'dark'],
  felt: ['green', 'blue', 'red', 'purple', 'charcoal'],
  back: ['lattice', 'waves', 'checks'],
  speed: ['normal', 'slow', 'fast', 'off'],
  motion: ['system', 'reduce', 'full'],
  meldSide: ['left', 'right'],
});
// singleTap: one tap (a click) on a card throws it; off, a tap selects and a second tap throws.
const SWITCHES = Object.freeze({ fourColor: false, sound: true, autoArrange: true, singleTap: true });
export const DEFAULT_SETTINGS = Object.freeze({
  ...Object.fromEntries(Object.entries(CHOICES).map(([key, list]) => [key, list[0]])), ...SWITCHES,
});
const TIP_KINDS_MAX = 20;

function memoryStorage() {
  const data = new Map();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
}

export function createStore(backend) {
  let storage = backend;
  if (!storage) {
    try {
      storage = globalThis.localStorage;
      storage.getItem('probe');
    } catch {
      storage = memoryStorage(); // blocked: kept for this session only
    }
  }
  const read = (key, fallback = null) => {
    try {
      const text = storage.getItem(PREFIX + key);
      return text === null ? fallback : JSON.parse(text);
    } catch {
      return fallback;
    }
  };
  const write = (key, value) => {
    try {
      if (value == null) storage.removeItem(PREFIX + key);
      else storage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // full or blocked: carry on
    }
  };

  return {
    /** {id, token} of the game to continue, or null. */
    game() {
      const game = read('game');
      return typeof game?.id === 'string' && typeof game.token === 'string' ? game : null;
    },
    saveGame: (id, token, invite) => write('game', invite ? { id, token, invite } : { id, token }), // invite: a friend's link
    forgetGame() {
      const game = read('game');
      write('game', null);
      if (game?.id) write(`order.${game.id}`, null);
    },
    playerToken() {
      const token = read('player');
      return typeof token === 'string' ? token : null;
    },
    savePlayerToken(token) {
      if (token) write('player', token);
    },
    settings() {
      const saved = read('settings') || {};
      const settings = { ...DEFAULT_SETTINGS };
      for (const [key, list] of Object.entries(CHOICES)) if (list.includes(saved[key])) settings[key] = saved[key];
      for (const key of Object.keys(SWITCHES)) if (typeof saved[key] === 'boolean') settings[key] = saved[key];
      return settings;
    },
    saveSettings(settings) {
      write('settings', { ...this.settings(), ...settings });
    },
    /** The player's arrangement of their hand in this game: {hand, own, order, sort}. */
    arrangement(gameId) {
      const saved = read(`order.${gameId}`);
      const fine = Number.isInteger(saved?.hand) && Array.isArray(saved.order);
      return fine ? { hand: saved.hand, own: saved.own === true, order: saved.order.filter((c) => typeof c === 'string'), sort: saved.sort || null } : null;
    },
    saveArrangement: (gameId, arrangement) => write(`order.${gameId}`, arrangement),
    /** The guided tips: the kinds shown, and whether they are over. */
    tips() {
      const saved = read('tips');
      const seen = Array.isArray(saved?.seen) ? saved.seen.filter((k) => typeof k === 'string') : [];
      return { seen: seen.slice(0, TIP_KINDS_MAX), done: saved?.done === true };
    },
    saveTips: (tips) => write('tips', { seen: tips.seen, done: tips.done }),
    /** Today's daily game on this device, {date, id, token}: it can be gone on with after another game. */
    dailyGame() {
      const daily = read('daily');
      return typeof daily?.id === 'string' && typeof daily.token === 'string' ? daily : null;
    },
    saveDailyGame: (date, id, token) => write('daily', { date, id, token }),
    /** The player's rating when a rated match began: {game, rating, provisional}. */
    ratedFrom(gameId) {
      const from = read('rated');
      return from?.game === gameId && Number.isFinite(from.rating) ? from : null;
    },
    saveRatedFrom: (gameId, rating) => write('rated', { game: gameId, rating: rating.rating, provisional: !!rating.provisional }),
    lastNewGame: () => read('newgame'),
    saveLastNewGame: (choice) => write('newgame', choice),
  };
}
