// The home screen: one big Play (or Continue), the computer's level in words, the other options folded away.

import { byId, clear, h } from '../dom.js';
import { LEVELS, newGameRequest, presetLabel, variantsOf } from '../options.js';
import { patch } from '../state.js';
import { confirm, focusHeading } from '../ui.js';

export function renderHome(state, saved) {
  const home = state.home || {};
  const going = !!saved && !home.over;
  byId('continue-button').hidden = !saved;
  byId('continue-button').textContent = home.over ? 'See the result' : 'Continue your game';
  byId('continue-summary').hidden = !saved;
  byId('continue-summary').textContent = saved ? home.summary || 'Looking up your game…' : '';
  const play = byId('play-button');
  play.textContent = state.busy ? 'Dealing…' : going ? 'New game' : 'Play';
  play.disabled = state.busy;
  play.classList.toggle('primary', !going);
  const form = byId('new-game-form');
  const level = form.level.value;
  byId('level-help').textContent = (state.rules && state.rules.levels[level]) || '';
  const preset = state.rules && state.rules.presets.find((p) => p.name === form.rules.value);
  if (preset) byId('ng-rules-help').textContent = preset.description;
}

export function createHome(ctx, table) {
  const { api, store, get, update } = ctx;
  const form = byId('new-game-form');
  const presetRules = (name) => {
    const preset = get().rules && get().rules.presets.find((p) => p.name === name);
    return preset ? preset.rules : null;
  };
  const setVariants = (name) => {
    const variants = variantsOf(presetRules(name));
    for (const [key, on] of Object.entries(variants)) form[key].checked = on;
  };
  const choice = () => ({
    level: form.level.value, rules: form.rules.value, target: form.target.value,
    variants: Object.fromEntries(['big_gin', 'oklahoma', 'straight_gin', 'line_bonus'].map((key) => [key, form[key].checked])),
  });

  // The last options used; a first visit starts on easy.
  const last = store.lastNewGame();
  form.level.value = last && LEVELS.includes(last.level) ? last.level : 'easy';
  if (last && last.target !== undefined) form.target.value = last.target;

  async function startGame(request) {
    const error = byId('new-game-error');
    error.hidden = true;
    update((s) => patch(s, { busy: true }));
    try {
      const data = await api.createGame(request, store.playerToken());
      store.saveGame(data.game_id, data.seat_token);
      store.savePlayerToken(data.player_token);
      ctx.go('#/play', { silent: true });
      await table.begin(data, data.seat_token);
    } catch (problem) {
      const text = `The game could not be dealt: ${problem.detail || problem.message}`;
      if (get().screen === 'home') {
        error.textContent = text;
        error.hidden = false;
      } else ctx.fail(text);
    } finally {
      update((s) => patch(s, { busy: false }));
    }
  }

  async function play() {
    const saved = store.game();
    const home = get().home || {};
    if (saved && !home.over && !(await confirm({
      title: 'Start a new game?', text: 'The game in progress will be left unfinished.', ok: 'Deal a new game',
    }))) return;
    const picked = choice();
    store.saveLastNewGame(picked);
    await startGame(newGameRequest(picked, presetRules(picked.rules)));
  }

  /** The same options again, after a match. */
  function playAgain() {
    const picked = store.lastNewGame();
    const request = picked && picked.variants ? newGameRequest(picked, presetRules(picked.rules)) : { level: get().game.level, rules: 'house', settings: {} };
    return startGame(request);
  }

  async function refresh() {
    const saved = store.game();
    if (!saved) return;
    let data = get().game && get().game.id === saved.id ? get().game : null;
    if (!data) {
      try {
        data = await api.game(saved.id, saved.token);
      } catch (error) {
        if (!ctx.gone(error, false)) update((s) => patch(s, { home: { summary: `Your game could not be loaded just now: ${error.detail}` } }));
        return;
      }
    }
    const { view } = data;
    const summary = view.phase === 'match_over'
      ? `Your last match is over: you ${view.scores[0]}, the computer ${view.scores[1]}.`
      : `Hand ${view.hand_number} against the ${data.level} computer · you ${view.scores[0]}, the computer ${view.scores[1]} (playing to ${view.rules.target}).`;
    update((s) => patch(s, { home: { summary, over: view.phase === 'match_over' } }));
  }

  async function open(focus) {
    update((s) => patch(s, { screen: 'home' }));
    if (focus) focusHeading('home');
    await refresh();
  }

  function rulesLoaded(rules) {
    const select = clear(form.rules);
    for (const preset of rules.presets) select.append(h('option', { value: preset.name, text: presetLabel(preset) }));
    select.value = last && rules.presets.some((p) => p.name === last.rules) ? last.rules : rules.default;
    if (last && last.variants) for (const [key, on] of Object.entries(last.variants)) form[key].checked = !!on;
    else setVariants(select.value);
  }

  byId('continue-button').addEventListener('click', () => ctx.go('#/play'));
  byId('play-button').addEventListener('click', play);
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => {
    if (event.target.name === 'rules') setVariants(event.target.value);
    update((s) => s);
  });
  return { open, playAgain, rulesLoaded };
}
