// A table's stream of Server-Sent Events, read with fetch (a browser's
// EventSource cannot send the player's token): the parser turns the
// stream's text, in whatever pieces it arrives, into events, and follow
// reads a stream and reconnects after a drop, from the last event's id.

/** Parses text/event-stream: push(text) answers the events completed by that text. */
export class EventParser {
  constructor() {
    this.buffer = "";
    this.event = { name: "", id: "", data: [] };
    this.lastId = ""; // the last id seen: a reconnection's Last-Event-ID
  }
  /** Forgets an event cut short by a dropped connection; the last id stays. */
  restart() {
    this.buffer = "";
    this.event = { name: "", id: "", data: [] };
  }
  /** Adds text (any piece of the stream) and answers the events it completes: {name, id, data}. */
  push(text) {
    this.buffer += text;
    const out = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (!m || (m[0] === "\r" && m.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }
  // line takes one line; an empty one completes the event under way.
  line(line) {
    const e = this.event;
    if (line === "") {
      if (!e.data.length && !e.name) return null;
      this.event = { name: "", id: "", data: [] };
      return { name: e.name || "message", id: e.id, data: e.data.join("\n") };
    }
    if (line.startsWith(":")) return null; // a comment (the keep-alive)
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") e.name = value;
    else if (field === "data") e.data.push(value);
    else if (field === "id" && !value.includes("\0")) e.id = this.lastId = value;
    return null;
  }
}

/**
 * Reads the stream at url (fetch's init: its headers) and calls onEvent
 * with each event, its data parsed as JSON. A dropped stream is opened
 * again after retryMs (doubling to 8 s), going on after the last event's
 * id; an error answer (not 200) ends it: onError(status, {kind, message})
 * and no reconnection, as the service said no. A stream silent for
 * quietMs (the service sends a comment every 15 s) is taken as dropped:
 * a connection half open would otherwise hang for good. Resolves when the
 * stream ends for good (the service closed it after its last event, or
 * stop()). An error thrown by onEvent goes to onBug, and the stream goes
 * on: it is the page's, not the connection's (opening it again would
 * only bring the same event back). Returns {stop, done}.
 */
export function follow(url, init, onEvent, onError, { retryMs = 500, quietMs = 40_000, fetch: get = fetch, timers = globalThis, onBug = (e) => console.error(e) } = {}) {
  let abort = new AbortController(); // the connection under way's
  let stopped = false;
  const parser = new EventParser();
  const pause = (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms));
  const run = async () => {
    let wait = retryMs;
    while (!stopped) {
      const headers = { ...(init?.headers ?? {}) };
      if (parser.lastId) headers["Last-Event-ID"] = parser.lastId;
      parser.restart();
      abort = new AbortController();
      const conn = abort;
      let dog = null;
      const heard = () => {
        if (dog !== null) timers.clearTimeout(dog);
        dog = timers.setTimeout(() => conn.abort(), quietMs);
      };
      let res;
      try {
        heard();
        res = await get(url, { ...init, headers, signal: conn.signal });
      } catch {
        timers.clearTimeout(dog);
        if (stopped) return;
        await pause(wait);
        wait = Math.min(wait * 2, 8000);
        continue;
      }
      if (res.status !== 200) {
        timers.clearTimeout(dog);
        const body = await res.json().catch(() => ({}));
        if (res.status >= 500 || res.status === 429) {
          // The service is busy or restarting: try again later.
          onError(res.status, body.error ?? { kind: "", message: `${res.status} ${res.statusText}` }, true);
          await pause(Math.max(wait, 2000));
          wait = Math.min(wait * 2, 8000);
          continue;
        }
        onError(res.status, body.error ?? { kind: "", message: `${res.status} ${res.statusText}` }, false);
        return;
      }
      wait = retryMs;
      let ended = false;
      try {
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          heard();
          for (const ev of parser.push(decoder.decode(value, { stream: true }))) {
            let data = null;
            try {
              data = JSON.parse(ev.data);
            } catch {
              continue; // not the service's JSON: nothing to show
            }
            if (ev.name === "result") ended = true;
            try {
              onEvent(ev.name, data, ev.id);
            } catch (e) {
              onBug(e);
            }
          }
        }
      } catch {
        // dropped, or silent too long: open it again
      }
      timers.clearTimeout(dog);
      if (ended || stopped) return;
      await pause(wait);
    }
  };
  const done = run();
  return {
    done,
    stop() {
      stopped = true;
      abort.abort();
    },
  };
}

/**
 * Waits for ready() (a promise, or nothing), then answers whether
 * current() still holds: what was to be opened after the wait is opened
 * only if the page still wants it.
 */
export async function whenReady(ready, current) {
  await ready();
  return current();
}

