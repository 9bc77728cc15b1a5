// Installing the game and playing offline: registers the service worker (sw.js keeps the app shell, so the game
// opens without a network), and while the network is gone says so above the screens. Games and moves live on
// the server, so nothing is played or queued offline; when the network returns the page reloads the game from
// the server.

const NOTICE = 'You are offline: your game resumes when you are back.';

function register() {
  // sw.js at the site's root, so its scope is the whole game
  navigator.serviceWorker.register('/sw.js').catch(() => {}); // no worker (a private window, say): plain online use
}

/** The notice, made once, after the header (it looks like the page's other banners). */
function notice() {
  let element = document.getElementById('offline-notice');
  if (!element) {
    element = document.createElement('div');
    element.id = 'offline-notice';
    element.className = 'banner offline-notice';
    element.setAttribute('role', 'status');
    const text = document.createElement('p');
    text.className = 'banner-text';
    text.textContent = NOTICE;
    element.append(text);
    document.querySelector('header').after(element);
  }
  return element;
}

export function startInstall() {
  if ('serviceWorker' in navigator) {
    // once the page has loaded, so that the worker's copies of the files do not compete with the page's own
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
  let wasOffline = false;
  const goOffline = () => {
    wasOffline = true;
    notice().hidden = false;
  };
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', () => {
    if (!wasOffline) return;
    notice().hidden = true;
    window.location.reload(); // the game as the server has it now
  });
  if (!navigator.onLine) goOffline();
}
