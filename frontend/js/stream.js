// A game's Server-Sent Events read with fetch (EventSource cannot send the seat token), resumed after a drop.

/** One message: {event, id, data} (data parsed), or null for a comment or bad data. */
export function parseMessage(text) {
  const m = { event: 'message', id: null, data: '' };
  for (const line of text.split('\n')) {
    const [, field, value] = line.match(/^([^:]+):? ?(.*)$/) || [];
    if (field === 'data') m.data += (m.data && '\n') + value;
    else if (field === 'event' || field === 'id') m[field] = value;
  }
  try {
    return { ...m, data: JSON.parse(m.data) };
  } catch {
    return null; // a comment (no data), or not JSON
  }
}

/** `on(event, data, id)` per message (`on('gone')` if the game is gone); returns stop(). */
export function follow(url, token, on, { fetchImpl = (...a) => globalThis.fetch(...a), pauseMs = 2000 } = {}) {
  let stopped = false;
  let last = null;
  const controller = new AbortController();
  (async () => {
    while (!stopped) {
      try {
        const headers = { Authorization: `Bearer ${token}`, ...(last && { 'Last-Event-ID': last }) };
        const response = await fetchImpl(url, { headers, cache: 'no-store', signal: controller.signal });
        if ([401, 404].includes(response.status)) return on('gone', null);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        for (let read = await reader.read(); !read.done && !stopped; read = await reader.read()) {
          const parts = (text + read.value).split('\n\n');
          text = parts.pop();
          for (const m of parts.map(parseMessage).filter(Boolean)) {
            last = m.id || last;
            if (!stopped) on(m.event, m.data, m.id);
          }
        }
      } catch {
        // dropped, or the server is away: again after a pause
      }
      await new Promise((resolve) => { setTimeout(resolve, pauseMs); });
    }
  })();
  return () => {
    stopped = true;
    controller.abort();
  };
}
