// A new game's options, as chosen on the home screen, turned into a POST /api/games body.

const VARIANTS = ['big_gin', 'oklahoma', 'straight_gin', 'line_bonus'];
const LINE_BONUS = 15;

/** The variant check boxes as a preset sets them. */
export const variantsOf = (rules) => Object.fromEntries(VARIANTS.map((key) => [key, !!rules?.[key]]));

/** The computers the server offers (GET /api/rules): its levels, then its personas' ids. */
export const computersOf = (rules) => (rules ? [...Object.keys(rules.levels), ...rules.personas.map((p) => p.id)] : []);

/** The server's persona called `id`, if any: {id, name, style, rating}. */
export const personaNamed = (rules, id) => rules?.personas.find((p) => p.id === id);

/** The POST /api/games body: the level (or persona) if among `computers` (the server's), and the settings that differ from the preset. */
export function newGameRequest({ level, rules, target, variants }, presetRules, computers) {
  const settings = {};
  if (target) settings.target = Number(target);
  const base = variantsOf(presetRules);
  for (const key of VARIANTS) {
    const on = variants[key];
    if (on !== undefined && !!on !== base[key]) settings[key] = key === 'line_bonus' ? (on ? LINE_BONUS : 0) : !!on;
  }
  return { ...(computers?.includes(level) && { level }), rules: rules || 'house', settings };
}

/** The preset called `name`, if any. */
export const presetNamed = (rules, name) => rules?.presets.find((p) => p.name === name);

/** A preset's or a level's short name: "House rules" from "House rules: knock with 10 or less, ...". */
export function labelOf({ name, description }) {
  const label = description.split(':')[0];
  return label.length < 40 ? label : name;
}
