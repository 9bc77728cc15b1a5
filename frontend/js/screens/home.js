// The home screen: Play (or Continue), Play a friend, the computer (a level or a persona: one choice, one radio
// group), the other options folded away.

import { byId, clear, h, onClick, setText } from '../dom.js';
import { computersOf, labelOf, newGameRequest, presetNamed, variantsOf } from '../options.js';
import { confirm } from '../ui.js';

export function renderHome(state, saved) {
  const home = state.home || {};
  const going = !!saved && !home.over;
  byId('continue-button').hidden = !saved;
  setText('continue-button', home.over ? 'See the result' : 'Continue your game');
  byId('continue-summary').hidden = !saved;
  setText('continue-summary', saved ? home.summary || 'Looking up your game…' : '');
  const play = byId('play-button');
  play.textContent = state.busy ? 'Dealing…' : going ? 'New game' : 'Play';
  play.disabled = state.busy;
  play.classList.toggle('primary', !going);
  const form = byId('new-game-form');
  setText('level-help', state.rules?.levels[form.level?.value]);
  const preset = presetNamed(state.rules, form.rules.value);
  if (preset) setText('ng-rules-help', preset.description);
}

export function createHome(ctx, table) {
  const { api, store, get, set, update } = ctx;
  const form = byId('new-game-form');
  const presetRules = (name) => presetNamed(get().rules, name)?.rules || null;
  const setVariants = (variants) => {
    for (const [key, on] of Object.entries(variants)) form[key].checked = !!on;
  };
  const choice = () => ({
    level: form.level?.value, rules: form.rules.value, target: form.target.value,
    variants: Object.fromEntries(Object.keys(variantsOf(null)).map((key) => [key, form[key].checked])),
  });

  // The last options used; the level and rules once the server lists them.
  const last = store.lastNewGame();
  const requestFor = (picked) => newGameRequest(picked, presetRules(picked.rules), computersOf(get().rules));
  if (last?.target !== undefined) form.target.value = last.target;

  const startGame = (request) => dealt(api.createGame(request, store.playerToken()));

  /** A new game's first answer (`answer`, a promise): kept, then played from the table. */
  async function dealt(answer, kept = () => {}) {
    const error = byId('new-game-error');
    error.hidden = true;
    set({ busy: true });
    try {
      const data = await answer;
      store.saveGame(data.game_id, data.seat_token, data.invite?.path);
      store.savePlayerToken(data.player_token);
      kept(data);
      ctx.go('#/play', { silent: true });
      await table.begin(data, data.seat_token);
    } catch (problem) {
      const text = `The game could not be dealt: ${problem.detail || problem.message}`;
      if (get().screen === 'home') {
        error.textContent = text;
        error.hidden = false;
      } else ctx.fail(text);
    } finally {
      set({ busy: false });
    }
  }

  /** True when no game is in progress, or the player agrees to leave it unfinished (asked with `title`, `ok`). */
  const mayLeave = async (title, ok) => !store.game() || !!get().home?.over
    || confirm({ title, text: 'The game in progress will be left unfinished.', ok });

  async function play(friend = false) {
    if (!(await mayLeave('Start a new game?', 'Deal a new game'))) return;
    const picked = choice();
    store.saveLastNewGame(picked);
    const body = requestFor(picked);
    await startGame(friend === true ? { ...body, opponent: { kind: 'invite' } } : body);
  }

  /** The same options again, after a match. */
  function playAgain() {
    const picked = store.lastNewGame();
    return startGame(picked?.variants ? requestFor(picked) : { level: get().game.level, rules: 'house', settings: {} });
  }

  /** A computer named by its level or persona id, with house rules (the offer made while waiting for someone). */
  const playComputer = (level) => startGame({ level, rules: 'house', settings: {} });

  async function refresh() {
    const saved = store.game();
    if (!saved) return;
    let data = get().game;
    if (data?.id !== saved.id) {
      try {
        data = await api.game(saved.id, saved.token);
      } catch (error) {
        if (!ctx.gone(error, false)) set({ home: { summary: `Your game could not be loaded just now: ${error.detail}` } });
        return;
      }
    }
    const { view } = data;
    const over = view.phase === 'match_over';
    const name = data.opponent?.name;
    const them = name || (data.level ? `the ${data.level} computer` : 'your friend');
    const scores = `you ${view.scores[view.seat]}, ${data.level && !name ? 'the computer' : them} ${view.scores[1 - view.seat]}`;
    const summary = over ? `Your last match is over: ${scores}.`
      : `Hand ${view.hand_number} against ${them} · ${scores} (playing to ${view.rules.target}).`;
    set({ home: { summary, over } });
  }

  async function open(focus) {
    ctx.show('home', focus);
    await refresh();
  }

  function rulesLoaded(rules) {
    // The server's levels and personas, one choice: the last one chosen while it is offered, else the first level.
    const levels = Object.keys(rules.levels);
    const level = computersOf(rules).includes(last?.level) ? last.level : levels[0];
    const radio = (name, more) => h('input', { type: 'radio', name: 'level', value: name, checked: name === level, ...more });
    clear(byId('levels')).append(...levels.map((name) => h('label', {},
      radio(name), ' ', h('span', { text: labelOf({ name, description: rules.levels[name] }) }))));
    clear(byId('personas')).append(...rules.personas.map(({ id, name, style, rating }) => h('label', { class: 'persona' },
      radio(id, { 'aria-labelledby': `pn-${id}`, 'aria-describedby': `ps-${id}` }),
      h('span', { id: `pn-${id}`, class: 'persona-name' }, h('b', { text: name }), rating && ` · Rating ${rating}`),
      h('span', { id: `ps-${id}`, class: 'persona-style', text: style }))));
    byId('personas').parentElement.hidden = !rules.personas.length;
    const select = clear(form.rules);
    select.append(...rules.presets.map((preset) => h('option', { value: preset.name, text: labelOf(preset) })));
    select.value = presetNamed(rules, last?.rules) ? last.rules : rules.default;
    setVariants(last?.variants || variantsOf(presetRules(select.value)));
  }

  onClick('continue-button', () => ctx.go('#/play'));
  onClick('play-button', play);
  onClick('friend-button', () => play(true));
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', ({ target }) => {
    if (target.name === 'rules') setVariants(variantsOf(presetRules(target.value)));
    update((s) => s);
  });
  return { open, playAgain, rulesLoaded, dealt, playComputer, mayLeave };
}
