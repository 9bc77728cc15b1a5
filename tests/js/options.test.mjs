import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import test from 'node:test';

import { computersOf, labelOf, newGameRequest, personaNamed, variantsOf } from '../../frontend/js/options.js';

// The levels as GET /api/rules lists them (name -> words): names the browser does not know, to show it knows none.
const levels = { gentle: 'Gentle: lets you win.', fierce: 'Fierce: plays to win.' };
const rules = { levels, personas: [{ id: 'sly', name: 'Sly', style: 'Waits.', rating: 1500 }] };
const computers = computersOf(rules);

test('new game request sends only what differs from the preset', () => {
  const house = { big_gin: false, oklahoma: false, straight_gin: false, line_bonus: 0 };
  const bigGin = { ...house, big_gin: true };
  const plain = { level: 'fierce', rules: 'house', target: '', variants: variantsOf(house) };
  assert.deepEqual(newGameRequest(plain, house, computers), { level: 'fierce', rules: 'house', settings: {} });
  assert.deepEqual(newGameRequest({ ...plain, target: '250', variants: { ...variantsOf(house), oklahoma: true } }, house, computers),
    { level: 'fierce', rules: 'house', settings: { target: 250, oklahoma: true } });
  assert.deepEqual(newGameRequest({ ...plain, rules: 'big-gin', variants: { ...variantsOf(bigGin), big_gin: false, line_bonus: true } }, bigGin, computers),
    { level: 'fierce', rules: 'big-gin', settings: { big_gin: false, line_bonus: 15 } });
});

test('the level or persona sent is one the server offers; else none, and the server picks its own', () => {
  const choice = { rules: 'house', target: '', variants: {} };
  assert.deepEqual(computers, ['gentle', 'fierce', 'sly']);
  assert.equal(newGameRequest({ ...choice, level: 'gentle' }, null, computers).level, 'gentle');
  assert.equal(newGameRequest({ ...choice, level: 'sly' }, null, computers).level, 'sly');
  for (const level of ['nonsense', 'toString', 'Sly', undefined]) {
    assert.ok(!('level' in newGameRequest({ ...choice, level }, null, computers)), String(level));
  }
  assert.ok(!('level' in newGameRequest({ ...choice, level: 'gentle' }, null, computersOf(null))), 'the levels not loaded yet');
});

test('a persona is found by its id, and a level is no persona', () => {
  assert.equal(personaNamed(rules, 'sly')?.name, 'Sly');
  assert.equal(personaNamed(rules, 'gentle'), undefined);
  assert.equal(personaNamed(null, 'sly'), undefined);
});

test('a preset and a level keep their short names', () => {
  assert.equal(labelOf({ name: 'house', description: 'House rules: knock with 10 or less' }), 'House rules');
  assert.equal(labelOf({ name: 'x', description: `${'A very long name that is not a label'.repeat(2)}: y` }), 'x');
  assert.equal(labelOf({ name: 'fierce', description: levels.fierce }), 'Fierce');
});

test('the browser names no level of the computer: the home screen lists the server’s', () => {
  const root = new URL('../../frontend/', import.meta.url);
  const files = ['index.html', ...readdirSync(new URL('js/', root), { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => `js/${f}`)];
  for (const file of files) {
    const text = readFileSync(new URL(file, root), 'utf8');
    assert.doesNotMatch(text, /['"](easy|hard)['"]/, file);
  }
  assert.doesNotMatch(readFileSync(new URL('index.html', root), 'utf8'), /name="level"/);
});
