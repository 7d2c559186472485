// The leaderboard's duel tables, proxied by the page's server under /lb/:
// the player's name and token, the lobby's calls (tables, invitations,
// friends and ignored players), a seat's start, actions and leave, and
// the sentences a table's state is shown in. Every refusal keeps the
// service's own words: {status, kind, message}.

const base = "/lb";

/** A refusal of the service: its status, kind and message (the words shown). */
export class TableError extends Error {
  constructor(status, { kind = "", message = "", ...more } = {}) {
    super(message || (status ? `the service answered ${status}` : "the leaderboard does not answer"));
    this.status = status;
    this.kind = kind;
    this.more = more; // an action's index, action and code
  }
}

/** The player's name and token, kept in the page's storage; null when not signed in. */
export function loadAccount(storage = localStorage) {
  try {
    const a = JSON.parse(storage.getItem("spider.account") ?? "null");
    return a?.name && a?.token ? { name: a.name, token: a.token } : null;
  } catch {
    return null;
  }
}

/** Keeps the account (null forgets it). */
export function saveAccount(account, storage = localStorage) {
  if (account) storage.setItem("spider.account", JSON.stringify(account));
  else storage.removeItem("spider.account");
}

/** The seat played in this page, kept so that a reload resumes it: {table, seat}, or null. */
export function loadSeat(storage = localStorage) {
  try {
    const s = JSON.parse(storage.getItem("spider.seat") ?? "null");
    return Number.isInteger(s?.table) && (s.seat === 0 || s.seat === 1) ? s : null;
  } catch {
    return null;
  }
}

export function saveSeat(seat, storage = localStorage) {
  if (seat) storage.setItem("spider.seat", JSON.stringify(seat));
  else storage.removeItem("spider.seat");
}

/**
 * Sends a request to the service (JSON body when given, the account's
 * token when given) and answers {status, body}; status 0 when no answer
 * came.
 */
export async function request(method, path, { body, account, fetch: get = fetch } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (account) headers.Authorization = `Bearer ${account.token}`;
  let res;
  try {
    res = await get(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { status: 0, body: { error: { kind: "", message: `the leaderboard does not answer (${e.message})` } } };
  }
  const answer = await res.json().catch(() => ({ error: { kind: "", message: `${res.status} ${res.statusText}` } }));
  return { status: res.status, body: answer };
}

/** Like request, but resolves to the body of a 2xx answer and throws a TableError otherwise. */
export async function call(method, path, options) {
  const { status, body } = await request(method, path, options);
  if (status >= 200 && status < 300) return body;
  throw new TableError(status, body?.error);
}

const enc = encodeURIComponent;

/** The service's calls for one player (account null: a visitor). */
export class Tables {
  constructor(account) {
    this.account = account;
  }
  /** Registers name: resolves to {name, token}. */
  static register(name) {
    return call("POST", "/players", { body: { name } });
  }
  get name() {
    return this.account?.name ?? "";
  }
  opts(body) {
    return { account: this.account, body };
  }
  lobby() {
    return call("GET", "/tables?limit=50").then((r) => r.tables);
  }
  mine() {
    return call("GET", `/tables?player=${enc(this.name)}`).then((r) => r.tables);
  }
  table(id) {
    return call("GET", `/tables/${id}`);
  }
  open(rules) {
    return call("POST", "/tables", this.opts({ player: this.name, ...rules }));
  }
  join(id) {
    return call("POST", `/tables/${id}/join`, this.opts({ player: this.name }));
  }
  invite(id, name) {
    return call("POST", `/tables/${id}/invitations`, this.opts({ player: this.name, name }));
  }
  invitations() {
    return call("GET", `/players/${enc(this.name)}/invitations`, this.opts()).then((r) => r.invitations);
  }
  answer(id, accept) {
    return call("POST", `/invitations/${id}/${accept ? "accept" : "decline"}`, this.opts());
  }
  contacts() {
    return call("GET", `/players/${enc(this.name)}/contacts`, this.opts());
  }
  setContact(list, name, remove = false) {
    return call("POST", `/players/${enc(this.name)}/contacts`, this.opts({ list, name, remove }));
  }
  /** A player's page: their duels (games, won, lost, drawn, best scores). */
  static player(name) {
    return call("GET", `/players/${enc(name)}?limit=1`);
  }
  start(id, seat) {
    return call("POST", `/tables/${id}/seats/${seat}/start`, this.opts());
  }
  /** Posts a batch; resolves to {status, body} whatever the answer (the Sender decides). */
  actions(id, seat, batch) {
    return request("POST", `/tables/${id}/seats/${seat}/actions`, this.opts(batch));
  }
  leave(id, seat) {
    return call("POST", `/tables/${id}/seats/${seat}/leave`, this.opts());
  }
  /**
   * The stream's URL and fetch init: the table's progress and, with seat,
   * that seat's game from `from`. A signed-in player is named (with the
   * token) on every stream, so that the service counts their streams as
   * theirs, not the address's the page's proxy shares with everyone.
   */
  watch(id, seat = -1, from = "0") {
    const q = new URLSearchParams();
    if (seat >= 0) {
      q.set("seat", String(seat));
      q.set("from", String(from));
    }
    if (this.account) q.set("player", this.name);
    const headers = this.account ? { Authorization: `Bearer ${this.account.token}` } : {};
    return { url: `${base}/tables/${id}/watch${q.size ? "?" + q : ""}`, init: { headers } };
  }
}

/**
 * The time since a seat's start on the host's clock, for a game read from
 * the host: elapsed is the sum of its actions' times, left what its rules'
 * clock leaves after them (-1: no limit), hostLeft the time left the host
 * answered on its own clock. The page's clock starts there, so that the
 * next action's time is the host's time since the last one; never less
 * than the actions' own sum. A hostLeft of 0 is the time up (the host
 * has not ended the game yet): the whole limit has passed.
 */
export function hostElapsed(elapsed, left, hostLeft) {
  if (left < 0 || typeof hostLeft !== "number" || !(hostLeft >= 0)) return elapsed;
  return Math.max(elapsed, left + elapsed - hostLeft);
}

/**
 * The player's game read again from the host, in words, when it dropped
 * actions the host did not store: "Your game is as table 3 holds it: 12
 * actions (2 not stored)."; "" when none were dropped.
 */
export function heldText(id, stored, dropped) {
  return dropped > 0 ? `Your game is as table ${id} holds it: ${stored} action${stored === 1 ? "" : "s"} (${dropped} not stored).` : "";
}

/** The seat where name sits at table t, or -1. */
export function seatOf(t, name) {
  return t.seats.findIndex((s) => s.player && s.player.toLowerCase() === name?.toLowerCase());
}

/** A table in the lobby's words: "Table 12 · duel, 1 suit · alice vs bob (playing)". */
export function tableText(t) {
  const players = t.seats.map((s) => s.player).filter(Boolean);
  const who = players.length < 2 ? `${players[0] ?? "nobody"} waits for a second player` : players.join(" vs ");
  return `Table ${t.id} · ${t.variant}, ${t.suits} suit${t.suits === 1 ? "" : "s"} · ${who}`;
}

/**
 * A player's info in words, from their page (GET /players/{name}): "bob:
 * 3 games at tables; duels won 2, lost 1, drawn 0; best scores: duel, 1
 * suit, 312 (table 7)".
 */
export function playerText(page) {
  const d = page.duels ?? { games: 0, won: 0, lost: 0, drawn: 0, best: [] };
  const games = `${d.games} game${d.games === 1 ? "" : "s"} at tables`;
  const best = (d.best ?? []).map((b) => `${b.variant}, ${b.suits} suit${b.suits === 1 ? "" : "s"}, ${b.score} (table ${b.table})`);
  return `${page.player}: ${games}; duels won ${d.won}, lost ${d.lost}, drawn ${d.drawn}${best.length ? `; best scores: ${best.join("; ")}` : ""}`;
}

/**
 * A seat's progress as the table shows it: "bob: score 498, 1 run, 12
 * actions, 14:03 left" (the time left counted down from the view's atMs
 * to now, both on the service's clock, while the game goes on).
 */
export function seatText(s, t, now = t.atMs) {
  const runs = `${s.runs} run${s.runs === 1 ? "" : "s"}`;
  const acts = `${s.actions} action${s.actions === 1 ? "" : "s"}`;
  let state;
  if (s.status === "seated") state = "not started";
  else if (s.status === "ended") state = s.left ? "left (resigned)" : `ended, ${s.outcome}`;
  else state = `${clock(Math.max(0, s.timeLeft - Math.max(0, now - t.atMs)))} left`;
  return `${s.player}: score ${s.score}, ${runs}, ${acts}, ${state}`;
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The table's result in words, for its players and its watchers: who won
 * and by how much on the duel's scoring, or why there is no winner. me is
 * the reader's seat (-1 for a watcher).
 */
export function resultText(t, me = -1) {
  const r = t.result;
  if (!r) return "";
  if (!r.duel) return `No duel: ${r.why}.`;
  const name = (i) => t.seats[i]?.player ?? `seat ${i}`;
  const [a, b] = r.scores;
  if (r.winner === 0 || r.winner === 1) {
    const w = r.winner, l = 1 - r.winner;
    const who = me === w ? "You win" : `${name(w)} wins`;
    return `${who} the duel, ${r.scores[w]} to ${r.scores[l]} (${name(w)} against ${name(l)}, the duel's scoring).`;
  }
  return `No winner (${name(0)} ${a}, ${name(1)} ${b}): ${r.why}.`;
}
