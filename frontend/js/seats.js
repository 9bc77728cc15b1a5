// Answers to seat 1 (who joined the game) turned round once, as they arrive: the table always has you at seat 0.

const flip = (seat) => (seat === 0 || seat === 1 ? 1 - seat : seat);
const swap = (pair) => (pair?.length === 2 ? [pair[1], pair[0]] : pair);
const turn = (o, seats, pairs = []) => {
  const out = { ...o };
  for (const k of seats) if (k in o) out[k] = flip(o[k]);
  for (const k of pairs) if (k in o) out[k] = swap(o[k]);
  return out;
};
const sheet = (o) => ({
  ...turn(o, ['winner', 'starter'], ['scores', 'final_scores']),
  ...(o.history && { history: o.history.map((h) => turn(h, ['starter', 'winner', 'knocker'], ['scores', 'deadwood', 'declined'])) }),
  ...(o.games && { games: o.games.map((g) => turn(g, ['winner'], ['scores', 'started'])) }),
});
const seated = (o) => turn(o, ['seat']);

/** The answer as seat 0 reads it (a match list: per match). */
export function asYou(data) {
  if (data?.matches) return { ...data, matches: data.matches.map(asYou) };
  if (data?.seat !== 1) return data;
  const out = { ...sheet(data), seat: 0 };
  const v = data.view;
  if (v) {
    out.view = { ...turn(sheet(v), ['seat', 'turn'], ['pile_takes', 'discards', 'hands_won', 'revealed']),
      passed: v.passed?.map(flip), legal_actions: v.legal_actions?.map(seated), result: v.result && turn(v.result, ['winner', 'knocker']) };
  }
  if (data.events) out.events = data.events.map(seated);
  if (data.rematch) out.rematch = turn(data.rematch, ['offered_by']);
  return out;
}
