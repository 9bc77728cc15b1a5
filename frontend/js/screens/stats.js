// Your stats, your past matches (paged, from the server) with their trend, and one match's score sheet.

import { lineChartModel, renderLineChart } from '../chart.js';
import { byId, clear, h } from '../dom.js';
import { YOU } from '../model.js';
import { presetLabel } from '../options.js';
import { finalScores } from '../results.js';
import { matchHash } from '../router.js';
import { patch, withMatches } from '../state.js';
import { focusHeading } from '../ui.js';
import { renderScoreSheet, scoresChart } from './sheet.js';

const day = (iso) => {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? '' : when.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

function presetName(state, match) {
  const preset = state.rules && state.rules.presets.find((p) => p.name === match.preset);
  return preset ? presetLabel(preset) : match.preset || 'Own rules';
}

function matchWords(state, match) {
  const scores = finalScores(match);
  const outcome = match.status !== 'finished' ? 'In progress' : match.winner === YOU ? 'Won' : 'Lost';
  return {
    outcome,
    title: `${day(match.started_at)} · ${match.level} · ${presetName(state, match)}`,
    line: `You ${scores[0]} · Computer ${scores[1]} · ${match.hands} hand${match.hands === 1 ? '' : 's'}`,
  };
}

/** Net points (won minus lost) added up over the matches listed, oldest first. */
function renderTrend(matches) {
  const root = clear(byId('stats-chart'));
  let total = 0;
  const points = [...matches].reverse().filter((m) => m.hands).map((m, i) => {
    const scores = finalScores(m);
    total += scores[0] - scores[1];
    return { x: i + 1, y: total };
  });
  if (!points.length) {
    root.append(h('p', { class: 'empty-note', text: 'Finish a hand and your results will be charted here.' }));
    return;
  }
  root.append(renderLineChart(document, lineChartModel([{ name: 'Net points', points: [{ x: 0, y: 0 }, ...points] }], { width: 480, height: 200 }), {
    title: 'Net points over your matches', description: `${points.length} matches; net points now ${total}.`, xName: 'match',
  }));
}

export function renderStats(state) {
  const { stats, matches } = state;
  byId('stats-status').textContent = stats ? stats.status : '';
  const grid = byId('stats-grid');
  grid.hidden = !(stats && stats.data);
  for (const figure of grid.querySelectorAll('[data-stat]')) figure.textContent = grid.hidden ? '' : String(stats.data[figure.dataset.stat]);
  renderTrend((matches && matches.items) || []);
  const list = clear(byId('matches-list'));
  byId('matches-status').textContent = matches ? matches.status : '';
  for (const match of (matches && matches.items) || []) {
    const words = matchWords(state, match);
    list.append(h('li', {}, h('a', { class: 'match-link', href: matchHash(match.game_id) },
      h('span', { class: `match-outcome outcome-${words.outcome.split(' ')[0].toLowerCase()}`, text: words.outcome }),
      h('span', { class: 'match-title', text: words.title }), h('span', { class: 'match-line', text: words.line }))));
  }
  byId('matches-more').hidden = !(matches && matches.next);
}

export function renderMatch(state) {
  const { match } = state;
  if (!match) return;
  const words = matchWords(state, match);
  byId('match-title').textContent = `${words.outcome === 'In progress' ? 'Match in progress' : `Match ${words.outcome.toLowerCase()}`}`;
  byId('match-about').textContent = `${words.title}. ${words.line}.`;
  clear(byId('match-detail-chart')).append(scoresChart(match));
  const sheet = { ...match, phase: match.status === 'finished' ? 'match_over' : 'play' };
  renderScoreSheet(byId('match-sheet'), sheet, (hand) => matchHash(match.game_id, hand));
}

export function createStats(ctx) {
  const { api, store, get, update } = ctx;

  async function loadMatches(more) {
    const token = store.playerToken();
    if (!token) {
      update((s) => withMatches(s, { matches: [], next: null, status: 'Your matches will be listed here.' }));
      return;
    }
    try {
      const page = await api.matches(token, more ? get().matches.next : null);
      update((s) => withMatches(s, { ...page, status: page.matches.length || more ? '' : 'No matches yet.' }, more));
    } catch (error) {
      update((s) => withMatches(s, { matches: [], next: null, status: `Your matches could not be loaded: ${error.detail}` }, more));
    }
  }

  async function open(focus) {
    update((s) => patch(s, { screen: 'stats' }));
    if (focus) focusHeading('stats');
    const token = store.playerToken();
    const stats = (status, data = null) => update((s) => patch(s, { stats: { status, data } }));
    if (!token) stats('Play a game and your stats will appear here.');
    else {
      stats('Loading…');
      try {
        stats('Kept by the server for this browser’s anonymous player.', await api.stats(token));
      } catch (error) {
        stats(`Your stats could not be loaded: ${error.detail}`);
      }
    }
    await loadMatches(false);
  }

  async function openMatch(route, focus) {
    try {
      const match = await api.match(store.playerToken(), route.id);
      update((s) => patch(s, { match, screen: 'match' }));
      if (focus) focusHeading('match');
    } catch (error) {
      ctx.fail(`That match could not be loaded: ${error.detail}`);
      ctx.go('#/stats');
    }
  }

  byId('matches-more').addEventListener('click', () => loadMatches(true));
  return { open, openMatch };
}
