// What the browser keeps between visits (localStorage): the game to continue, the anonymous player
// token, the settings, the order the player arranged their hand in, and this device's record of hands.

const PREFIX = 'ginrummy.';
const MAX_RECORDS = 1000;

export const DEFAULT_SETTINGS = Object.freeze({
  cardSize: 'medium', // small | medium | large
  fourColor: false,
  theme: 'system', // system | light | dark
  speed: 'normal', // slow | normal | fast | off
  motion: 'system', // system | reduce | full
});

const CHOICES = {
  cardSize: ['small', 'medium', 'large'],
  theme: ['system', 'light', 'dark'],
  speed: ['slow', 'normal', 'fast', 'off'],
  motion: ['system', 'reduce', 'full'],
};

function memoryStorage() {
  const data = new Map();
  return {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
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
      storage = memoryStorage(); // storage blocked: the session still works, it is just not kept
    }
  }
  const read = (key, fallback) => {
    try {
      const text = storage.getItem(PREFIX + key);
      return text === null ? fallback : JSON.parse(text);
    } catch {
      return fallback;
    }
  };
  const write = (key, value) => {
    try {
      if (value === null || value === undefined) storage.removeItem(PREFIX + key);
      else storage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // full or blocked: nothing to do but carry on
    }
  };

  return {
    /** {id, token} of the game to continue, or null. */
    game() {
      const game = read('game', null);
      return game && typeof game.id === 'string' && typeof game.token === 'string' ? game : null;
    },
    saveGame(id, token) {
      write('game', { id, token });
    },
    forgetGame() {
      const game = read('game', null);
      write('game', null);
      if (game && game.id) write(`order.${game.id}`, null);
    },
    playerToken() {
      const token = read('player', null);
      return typeof token === 'string' ? token : null;
    },
    savePlayerToken(token) {
      if (token) write('player', token);
    },
    settings() {
      const saved = read('settings', {}) || {};
      const settings = { ...DEFAULT_SETTINGS };
      for (const key of Object.keys(DEFAULT_SETTINGS)) {
        const value = saved[key];
        if (key === 'fourColor') settings.fourColor = value === true;
        else if (CHOICES[key].includes(value)) settings[key] = value;
      }
      return settings;
    },
    saveSettings(settings) {
      write('settings', { ...this.settings(), ...settings });
    },
    /** The player's arrangement of their hand in this game: {hand, mode, order}. */
    arrangement(gameId) {
      const saved = read(`order.${gameId}`, null);
      return saved && typeof saved === 'object' ? saved : null;
    },
    saveArrangement(gameId, arrangement) {
      write(`order.${gameId}`, arrangement);
    },
    records() {
      const list = read('records', []);
      return Array.isArray(list) ? list : [];
    },
    saveRecords(records) {
      write('records', records.slice(-MAX_RECORDS));
    },
    lastNewGame() {
      return read('newgame', null);
    },
    saveLastNewGame(choice) {
      write('newgame', choice);
    },
  };
}
