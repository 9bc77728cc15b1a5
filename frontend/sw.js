// The service worker: keeps the app shell (the page, its styles and modules, the icons and the manifest) so that
// the game installs and opens without a network.
//
// Network first, never cache first: online, every file comes from the server as the page would get it (the
// server asks the browser to revalidate each file by its ETag), and the kept copy is refreshed; only when the
// network fails does the kept copy answer. So a deploy is seen at the next load and a page never mixes modules
// of two versions while online. The API (/api/...) is never answered from here: games and moves live on the
// server, and nothing is queued offline.

const CACHE = 'gin-rummy-shell';
const SHELL = /\.(?:html|js|css|svg|png|webmanifest)$/;

/** A file of the app shell: the page at / and its own files, never the API, the API's docs or the metrics. */
function inShell(url) {
  if (url.origin !== self.location.origin) return false;
  if (/^\/(?:api|docs|metrics|openapi)/.test(url.pathname)) return false;
  return url.pathname === '/' || SHELL.test(url.pathname);
}

/** The files a file names: a page's links and scripts, a module's static imports, a manifest's icons. A module
 * imported only when its screen first opens (`import('./screens/stats.js')`) is not among them: a first visit
 * does not load it, so it is kept here when it is used (networkFirst), not fetched at install. */
function named(url, text) {
  const found = [];
  if (url.pathname.endsWith('.js')) {
    for (const m of text.matchAll(/(?:\bfrom\s*|^import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm)) found.push(m[1]);
  } else if (url.pathname.endsWith('.webmanifest')) {
    for (const icon of JSON.parse(text).icons || []) found.push(icon.src);
  } else if (url.pathname === '/' || url.pathname.endsWith('.html')) {
    for (const m of text.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)) found.push(m[1]);
  }
  return found.map((name) => new URL(name, url)).filter(inShell);
}

/** Keep the page and every file it reaches (through its links, imports and manifest). They come from the
 * browser's HTTP cache when there (force-cache: the page has just loaded and revalidated them, so this costs no
 * second round of requests), else from the server; every later load online refreshes them (networkFirst). */
async function keepShell() {
  const cache = await caches.open(CACHE);
  const seen = new Set(['/']);
  const queue = [new URL('/', self.location.origin)];
  while (queue.length) {
    const url = queue.shift();
    const response = await fetch(url, { cache: 'force-cache' });
    if (!response.ok) continue;
    await cache.put(url, response.clone());
    if (/\.(?:png|svg|css)$/.test(url.pathname)) continue;
    for (const next of named(url, await response.text())) {
      // not the PNG icons (40 KB): the page shows none of them, and an installed app's icons the browser keeps
      if (!seen.has(next.pathname) && !next.pathname.endsWith('.png')) {
        seen.add(next.pathname);
        queue.push(next);
      }
    }
  }
}

self.addEventListener('install', (event) => {
  // a new worker takes over at once: its answers come from the network first, so no page sees a mix of versions
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))));
});

async function networkFirst(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true, ignoreVary: true })
      || (request.mode === 'navigate' ? await cache.match('/', { ignoreVary: true }) : undefined);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !inShell(url)) return; // the browser's own handling, the worker unseen
  event.respondWith(networkFirst(event));
});
