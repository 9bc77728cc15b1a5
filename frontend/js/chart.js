// Small SVG line charts: a pure model (scales, paths, ticks) and a DOM renderer.

const SVG = 'http://www.w3.org/2000/svg';

/** A step of 1, 2 or 5 times a power of ten giving about `count` ticks over `span`. */
export function niceStep(span, count = 4) {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10;
  return nice * power;
}

const round = (n) => Math.round(n * 10) / 10;

/** The geometry of a line chart of `series`: [{name, points: [{x, y}]}]. */
export function lineChartModel(series, options = {}) {
  const width = options.width || 320;
  const height = options.height || 180;
  const pad = { left: 40, right: 12, top: 12, bottom: 28 };
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const xMin = xs.length ? Math.min(...xs) : 0;
  const xMax = xs.length ? Math.max(...xs, xMin + 1) : 1;
  const yStep = Math.max(1, niceStep(Math.max(...ys, 0) - Math.min(...ys, 0) || 10));
  const yMin = Math.floor(Math.min(0, ...ys) / yStep) * yStep;
  const yMax = Math.max(yMin + yStep, Math.ceil(Math.max(0, ...ys) / yStep) * yStep);
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const sx = (x) => round(pad.left + ((x - xMin) / (xMax - xMin)) * plotW);
  const sy = (y) => round(pad.top + (1 - (y - yMin) / (yMax - yMin)) * plotH);
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
  return {
    width, height, lines, xTicks, yTicks,
    zeroY: sy(0), left: pad.left, right: width - pad.right, top: pad.top, bottom: height - pad.bottom,
  };
}

function el(doc, tag, attrs = {}, text) {
  const node = doc.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An <svg> of a model; a screen reader hears `title` and `description`. */
export function renderLineChart(doc, model, { title, description, xName = 'hand' } = {}) {
  const id = `chart-${Math.random().toString(36).slice(2, 9)}`;
  const svg = el(doc, 'svg', {
    viewBox: `0 0 ${model.width} ${model.height}`, role: 'img', class: 'chart', 'aria-labelledby': `${id}-title ${id}-desc`,
  });
  svg.append(el(doc, 'title', { id: `${id}-title` }, title || 'Chart'));
  svg.append(el(doc, 'desc', { id: `${id}-desc` }, description || ''));
  const grid = el(doc, 'g', { class: 'chart-grid' });
  for (const tick of model.yTicks) {
    grid.append(el(doc, 'line', { x1: model.left, x2: model.right, y1: tick.y, y2: tick.y }));
    grid.append(el(doc, 'text', { x: model.left - 6, y: tick.y + 4, 'text-anchor': 'end' }, tick.label));
  }
  for (const tick of model.xTicks) {
    grid.append(el(doc, 'text', { x: tick.x, y: model.bottom + 16, 'text-anchor': 'middle' }, tick.label));
  }
  grid.append(el(doc, 'line', { class: 'chart-zero', x1: model.left, x2: model.right, y1: model.zeroY, y2: model.zeroY }));
  svg.append(grid);
  for (const line of model.lines) {
    const g = el(doc, 'g', { class: `chart-series chart-series-${line.index}` });
    g.append(el(doc, 'path', { d: line.d, fill: 'none' }));
    for (const dot of line.dots) {
      const circle = el(doc, 'circle', { cx: dot.cx, cy: dot.cy, r: 3 });
      circle.append(el(doc, 'title', {}, `${line.name}: ${dot.value} (${xName} ${dot.x})`));
      g.append(circle);
    }
    svg.append(g);
  }
  return svg;
}
