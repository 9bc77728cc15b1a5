// Your stats, your past matches (paged, from the server) with their trend, and one match's score sheet.

import { lineChartModel, renderLineChart } from '../chart.js';
import { byId, clear, h, onClick, setText } from '../dom.js';
import { setOpponent, sides } from '../model.js';
import { labelOf, personaNamed, presetNamed } from '../options.js';
import { finalScores } from '../results.js';
import { matchHash } from '../router.js';
import { withMatches } from '../state.js';
import { focusHeading } from '../ui.js';
import { drawScoresChart, renderScoreSheet } from './sheet.js';

const day = (iso) => {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? '' : when.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

function presetName(state, match) {
  const preset = presetNamed(state.rules, match.preset);
  return preset ? labelOf(preset) : match.preset || 'Own rules';
}

function matchWords(state, match) {
  const scores = sides(finalScores(match), match.seat);
  const outcome = match.status !== 'finished' ? 'In progress' : match.winner === match.seat ? 'Won' : 'Lost';
  const persona = personaNamed(state.rules, match.level)?.name;
  return {
    outcome,
    title: `${day(match.started_at)} · ${persona || match.level || 'friend'} · ${presetName(state, match)}`,
    line: `You ${scores.you} · ${persona || (match.level ? 'Computer' : 'Friend')} ${scores.them} · ${match.hands} hand${match.hands === 1 ? '' : 's'}`,
  };
}

/** Net points (won minus lost) added up over the matches listed, oldest first. */
function renderTrend(matches) {
  const root = clear(byId('stats-chart'));
  let total = 0;
  const points = [...matches].reverse().filter((m) => m.hands).map((m, i) => {
    const scores = sides(finalScores(m), m.seat);
    total += scores.you - scores.them;
    return { x: i + 1, y: total };
  });
  if (!points.length) return root.append(h('p', { class: 'empty-note', text: 'Finish a hand and your results will be charted here.' }));
  root.append(renderLineChart(lineChartModel([{ name: 'Net points', points: [{ x: 0, y: 0 }, ...points] }], { width: 480, height: 200 }), {
    title: 'Net points over your matches', description: `${points.length} matches; net points now ${total}.`, xName: 'match',
  }));
}

export function renderStats(state) {
  const { stats, matches } = state;
  const items = matches?.items || [];
  setText('stats-status', stats?.status);
  const grid = byId('stats-grid');
  grid.hidden = !stats?.data;
  for (const figure of grid.querySelectorAll('[data-stat]')) figure.textContent = grid.hidden ? '' : String(stats.data[figure.dataset.stat]);
  renderTrend(items);
  setText('matches-status', matches?.status);
  clear(byId('matches-list')).append(...items.map((match) => {
    const words = matchWords(state, match);
    return h('li', {}, h('a', { class: 'match-link', href: matchHash(match.game_id) },
      h('span', { class: `match-outcome outcome-${words.outcome.split(' ')[0].toLowerCase()}`, text: words.outcome }),
      h('span', { class: 'match-title', text: words.title }), h('span', { class: 'match-line', text: words.line })));
  }));
  byId('matches-more').hidden = !matches?.next;
}

export function renderMatch(state) {
  const { match } = state;
  if (!match) return;
  const words = matchWords(state, match);
  setText('match-title', `Match ${words.outcome.toLowerCase()}`);
  setText('match-about', `${words.title}. ${words.line}.`);
  drawScoresChart(byId('match-detail-chart'), match);
  const sheet = { ...match, phase: match.status === 'finished' ? 'match_over' : 'play' };
  renderScoreSheet(byId('match-sheet'), sheet, (hand) => matchHash(match.game_id, hand));
}

export function createStats(ctx) {
  const { api, store, get, set, update } = ctx;

  async function loadMatches(more) {
    const token = store.playerToken();
    if (!token) return update((s) => withMatches(s, { matches: [], next: null, status: 'Your matches will be listed here.' }));
    try {
      const page = await api.matches(token, more ? get().matches.next : null);
      update((s) => withMatches(s, { ...page, status: page.matches.length || more ? '' : 'No matches yet.' }, more));
    } catch (error) {
      update((s) => withMatches(s, { matches: [], next: null, status: `Your matches could not be loaded: ${error.detail}` }, more));
    }
  }

  async function open(focus) {
    ctx.show('stats', focus);
    const token = store.playerToken();
    const stats = (status, data = null) => set({ stats: { status, data } });
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
      setOpponent(match.level ? 'computer' : 'person', personaNamed(get().rules, match.level)?.name);
      set({ match, screen: 'match' });
      if (focus) focusHeading('match');
    } catch (error) {
      ctx.fail(`That match could not be loaded: ${error.detail}`);
      ctx.go('#/stats');
    }
  }

  onClick('matches-more', () => loadMatches(true));
  return { open, openMatch };
}
