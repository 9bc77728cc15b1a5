import assert from 'node:assert/strict';
import test from 'node:test';

import { lineChartModel, niceStep } from '../../frontend/js/chart.js';

test('nice steps are 1, 2 or 5 times a power of ten', () => {
  assert.equal(niceStep(100, 4), 50);
  assert.equal(niceStep(7, 4), 2);
  assert.equal(niceStep(0), 1);
});

test('a line chart maps points inside the plot area', () => {
  const model = lineChartModel([
    { name: 'You', points: [{ x: 0, y: 0 }, { x: 1, y: 17 }, { x: 2, y: 45 }] },
    { name: 'Computer', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 28 }] },
  ], { width: 300, height: 150 });
  assert.equal(model.lines.length, 2);
  assert.match(model.lines[0].d, /^M\d/);
  for (const line of model.lines) {
    for (const dot of line.dots) {
      assert.ok(dot.cx >= model.left && dot.cx <= model.right);
      assert.ok(dot.cy >= model.top && dot.cy <= model.bottom);
    }
  }
  assert.equal(model.lines[0].dots[0].cx, model.left);
  assert.equal(model.lines[0].dots[2].cx, model.right);
  assert.equal(model.yTicks[0].value, 0);
  assert.ok(model.yTicks[model.yTicks.length - 1].value >= 45);
});

test('negative values get a zero line inside the chart', () => {
  const model = lineChartModel([{ name: 'Net', points: [{ x: 1, y: -30 }, { x: 2, y: 10 }] }]);
  assert.ok(model.zeroY > model.top && model.zeroY < model.bottom);
  assert.ok(model.yTicks[0].value <= -30);
});

test('small scores still get whole-number ticks', () => {
  const model = lineChartModel([{ name: 'You', points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }]);
  const labels = model.yTicks.map((t) => t.label);
  assert.equal(new Set(labels).size, labels.length);
});

test('an empty chart does not break', () => {
  const model = lineChartModel([{ name: 'Net', points: [] }]);
  assert.equal(model.lines[0].d, '');
});
