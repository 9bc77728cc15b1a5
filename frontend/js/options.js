// A new game's options, as chosen on the home screen, turned into a POST /api/games body.

const VARIANTS = ['big_gin', 'oklahoma', 'straight_gin'];
const LINE_BONUS = 15;
export const LEVELS = ['easy', 'medium', 'hard'];

/** The variant check boxes as a preset sets them. */
export function variantsOf(rules) {
  const set = {};
  for (const key of [...VARIANTS, 'line_bonus']) set[key] = !!(rules && rules[key]);
  return set;
}

/** The POST /api/games body: only the settings that differ from the preset are sent. */
export function newGameRequest({ level, rules, target, variants }, presetRules) {
  const settings = {};
  if (target) settings.target = Number(target);
  const base = variantsOf(presetRules);
  for (const key of VARIANTS) {
    if (variants[key] !== undefined && !!variants[key] !== base[key]) settings[key] = !!variants[key];
  }
  if (variants.line_bonus !== undefined && !!variants.line_bonus !== base.line_bonus) {
    settings.line_bonus = variants.line_bonus ? LINE_BONUS : 0;
  }
  return { level: LEVELS.includes(level) ? level : 'medium', rules: rules || 'house', settings };
}

/** A preset's short name: "House rules" from "House rules: knock with 10 or less, ...". */
export function presetLabel(preset) {
  const label = preset.description.split(':')[0];
  return label.length < 40 ? label : preset.name;
}
