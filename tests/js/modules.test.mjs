import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import test from 'node:test';

// Every module but the composition root can be imported without a page: nothing runs at import but definitions.
test('every module of the browser game imports in node', async () => {
  const root = new URL('../../frontend/js/', import.meta.url);
  const files = [
    ...readdirSync(root).filter((f) => f.endsWith('.js') && f !== 'main.js'),
    ...readdirSync(new URL('screens/', root)).map((f) => `screens/${f}`),
  ];
  assert.ok(files.length >= 25, files.join(' '));
  for (const file of files) {
    const module = await import(new URL(file, root));
    assert.ok(Object.keys(module).length > 0, `${file} exports nothing`);
  }
});
