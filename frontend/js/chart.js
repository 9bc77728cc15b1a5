// Small SVG line charts: a pure model (scales, paths, ticks) and a DOM renderer.

const SVG = 'http://www.w3.org/2000/svg';

/** A step of 1, 2 or 5 times a power of ten giving about `count` ticks over `span`. */
export function niceStep(span, count = 4) {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

const round = (n) => Math.round(n * 10) / 10;

/** The geometry of a line chart of `series`: [{name, points: [{x, y}]}]. */
export function lineChartModel(series, { width = 320, height = 180 } = {}) {
  const [left, top, right, bottom] = [40, 12, width - 12, height - 28]; // the plot area
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const xMin = xs.length ? Math.min(...xs) : 0;
  const xMax = Math.max(...xs, xMin + 1);
  const yStep = Math.max(1, niceStep(Math.max(...ys, 0) - Math.min(...ys, 0) || 10));
  const yMin = Math.floor(Math.min(0, ...ys) / yStep) * yStep;
  const yMax = Math.max(yMin + yStep, Math.ceil(Math.max(0, ...ys) / yStep) * yStep);
  const sx = (x) => round(left + ((x - xMin) / (xMax - xMin)) * (right - left));
  const sy = (y) => round(top + (1 - (y - yMin) / (yMax - yMin)) * (bottom - top));
  const yTicks = [];
  for (let y = yMin; y <= yMax + 1e-9; y += yStep) yTicks.push({ value: y, y: sy(y), label: String(Math.round(y)) });
  const xStep = Math.max(1, Math.ceil(niceStep(xMax - xMin, 6)));
  const xTicks = [];
  for (let x = xMin; x <= xMax; x += xStep) xTicks.push({ value: x, x: sx(x), label: String(x) });
  const lines = series.map((s, i) => {
    const dots = s.points.map((p) => ({ cx: sx(p.x), cy: sy(p.y), x: p.x, value: p.y }));
    const d = dots.map((p, j) => `${j ? 'L' : 'M'}${p.cx} ${p.cy}`).join(' ');
    return { name: s.name, index: i, d, dots };
  });
  return { width, height, lines, xTicks, yTicks, zeroY: sy(0), left, right, top, bottom };
}

function el(tag, attrs, ...content) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...content);
  return node;
}

/** An <svg> of a model; a screen reader hears `title` and `description`. */
export function renderLineChart(model, { title, description, xName = 'hand' }) {
  const id = `chart-${Math.random().toString(36).slice(2, 9)}`;
  const { left, right, bottom, zeroY } = model;
  const grid = el('g', { class: 'chart-grid' },
    ...model.yTicks.flatMap(({ y, label }) => [
      el('line', { x1: left, x2: right, y1: y, y2: y }), el('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, label),
    ]),
    ...model.xTicks.map(({ x, label }) => el('text', { x, y: bottom + 16, 'text-anchor': 'middle' }, label)),
    el('line', { class: 'chart-zero', x1: left, x2: right, y1: zeroY, y2: zeroY }));
  const lines = model.lines.map((line) => el('g', { class: `chart-series chart-series-${line.index}` },
    el('path', { d: line.d, fill: 'none' }),
    ...line.dots.map((dot) => el('circle', { cx: dot.cx, cy: dot.cy, r: 3 }, el('title', {}, `${line.name}: ${dot.value} (${xName} ${dot.x})`)))));
  return el('svg', {
    viewBox: `0 0 ${model.width} ${model.height}`, role: 'img', class: 'chart', 'aria-labelledby': `${id}-title ${id}-desc`,
  }, el('title', { id: `${id}-title` }, title), el('desc', { id: `${id}-desc` }, description), grid, ...lines);
}
