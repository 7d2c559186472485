// The duel between people without a browser: the stream's parsing, the
// batches' sending (their size, their pace, the same batch again after no
// answer, a refusal), the account and the seat kept for a reload, and the
// sentences of a table's state.
//   node --test examples/web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { EventParser, follow, whenReady } from "../static/sse.js";
import { Sender, charge, maxBatch, transient, troubleAfter } from "../static/sender.js";
import { Tables, heldText, hostElapsed, loadAccount, loadSeat, playerText, resultText, saveAccount, saveSeat, seatOf, seatText, tableText } from "../static/tables.js";

test("the stream's events come whole, however the text is cut", () => {
  const text = ': hello\n\nevent: table\ndata: {"id":1}\n\nid: 4\r\nevent: action\r\ndata: {"index":4,\r\ndata: "action":"d"}\r\n\r\nevent: result\ndata: null\n\n';
  const whole = new EventParser().push(text);
  assert.deepEqual(whole, [
    { name: "table", id: "", data: '{"id":1}' },
    { name: "action", id: "4", data: '{"index":4,\n"action":"d"}' },
    { name: "result", id: "", data: "null" },
  ]);
  for (const size of [1, 2, 3, 7, 13]) {
    const p = new EventParser();
    const got = [];
    for (let i = 0; i < text.length; i += size) got.push(...p.push(text.slice(i, i + size)));
    assert.deepEqual(got, whole, `cut every ${size} characters`);
    assert.equal(p.lastId, "4");
  }
  // An event not yet ended by its blank line is not answered.
  assert.deepEqual(new EventParser().push("event: table\ndata: {}\n"), []);
});

// streamOf answers fetch with a body that gives the chunks, then ends.
function streamOf(chunks, status = 200, error) {
  return {
    status,
    json: async () => ({ error }),
    body: {
      getReader() {
        let i = 0;
        return { read: async () => (i < chunks.length ? { value: new TextEncoder().encode(chunks[i++]), done: false } : { done: true }) };
      },
    },
  };
}

test("a dropped stream is opened again after its last event's id; the result ends it", async () => {
  const asked = [];
  const answers = [
    streamOf(['event: table\ndata: {"status":"full"}\n\nid: 0\nevent: action\ndata: {"index":0}\n\n']),
    streamOf(['id: 1\nevent: action\ndata: {"index":1}\n\nevent: result\ndata: {"winner":1}\n\n']),
  ];
  const events = [];
  const f = follow("/lb/tables/1/watch?seat=1", { headers: { Authorization: "Bearer t" } }, (name, data, id) => events.push([name, data, id]), () => assert.fail("no error"), {
    retryMs: 1,
    fetch: async (url, init) => (asked.push(init.headers), answers.shift()),
  });
  await f.done;
  assert.deepEqual(events.map((e) => e[0]), ["table", "action", "action", "result"]);
  assert.equal(asked[0]["Last-Event-ID"], undefined);
  assert.equal(asked[1]["Last-Event-ID"], "0");
  assert.equal(asked[1].Authorization, "Bearer t");
});

test("a stream the service refuses ends with its words", async () => {
  let said = null;
  const f = follow("/x", {}, () => {}, (status, e, again) => (said = { status, ...e, again }), {
    fetch: async () => streamOf([], 403, { kind: "playing", message: "you are still playing at this table" }),
  });
  await f.done;
  assert.deepEqual(said, { status: 403, kind: "playing", message: "you are still playing at this table", again: false });
});

// fakeTimers runs the Sender's timers when the test says.
function fakeTimers() {
  const due = [];
  return {
    due,
    setTimeout: (f, ms) => (due.push({ f, ms }), due.length),
    clearTimeout: () => {},
    async run() {
      const d = due.shift();
      d.f();
      await new Promise((r) => setImmediate(r));
      return d.ms;
    },
  };
}

test("actions go in batches from the acknowledged count; a batch not answered goes again the same", async () => {
  const timers = fakeTimers();
  const posted = [];
  const host = []; // what the host stored
  let answer = "ok";
  const post = async (b) => {
    posted.push(structuredClone(b));
    if (answer === "lost") {
      // Stored, but the answer never came.
      host.splice(b.from, b.actions.length, ...b.actions);
      answer = "ok";
      throw new Error("network");
    }
    if (answer === "busy") return (answer = "ok"), { status: 503, body: { error: { kind: "busy", message: "busy" } } };
    if (b.from > host.length) return { status: 409, body: { error: { kind: "sequence", message: "gap" } } };
    host.splice(b.from, b.actions.length, ...b.actions);
    return { status: 200, body: { stored: host.length, steps: [] } };
  };
  const acks = [];
  const s = new Sender(post, { timers, onAck: (a) => acks.push(a.stored) });
  s.push("d", 500);
  s.push("a>b", 300);
  assert.equal(timers.due.length, 1, "one timer for the batch");
  assert.ok((await timers.run()) <= 1000, "an action waits at most a second");
  assert.deepEqual(posted[0], { from: 0, actions: [{ action: "d", ms: 500 }, { action: "a>b", ms: 300 }] });
  assert.deepEqual(acks, [2]);

  answer = "lost";
  s.push("fa", 200);
  await timers.run(); // sent, stored, no answer
  await timers.run(); // sent again, the same batch
  assert.deepEqual(posted[1], posted[2], "the batch sent again is the same");
  assert.equal(posted[2].from, 2);
  assert.deepEqual(host.map((m) => m.action), ["d", "a>b", "fa"], "stored once");
  assert.equal(s.pending.length, 0);

  answer = "busy";
  s.push("x", 100);
  await timers.run();
  const wait = await timers.run();
  assert.ok(wait > 0, "a busy service is asked again later");
  assert.equal(s.stored, 4);
  await s.idle();
});

test("a batch holds 64 actions at most; the rest follow at once", async () => {
  const timers = fakeTimers();
  const sizes = [];
  let stored = 0;
  const s = new Sender(async (b) => (sizes.push(b.actions.length), (stored = b.from + b.actions.length), { status: 200, body: { stored } }), { timers });
  for (let i = 0; i < 100; i++) s.push("d", 100);
  await timers.run();
  await s.idle();
  assert.deepEqual(sizes, [maxBatch, 100 - maxBatch]);
  assert.equal(s.stored, 100);
});

test("a refusal stops the sending with the service's words; resume goes on from the host's count", async () => {
  const timers = fakeTimers();
  let refused = null;
  let ok = false;
  const posted = [];
  const s = new Sender(async (b) => {
    posted.push(b.from);
    return ok ? { status: 200, body: { stored: b.from + b.actions.length } } : { status: 422, body: { error: { kind: "illegal", message: "3a>b refused: 6♠ needs a 7", index: 0 } } };
  }, { timers, onRefused: (status, e) => (refused = { status, ...e }) });
  s.push("3a>b", 100);
  await timers.run();
  assert.deepEqual(refused, { status: 422, kind: "illegal", message: "3a>b refused: 6♠ needs a 7", index: 0 });
  s.push("d", 100);
  assert.equal(timers.due.length, 0, "nothing is sent after a refusal");
  ok = true;
  s.resume(5, [{ action: "d", ms: 100 }]);
  await timers.run();
  assert.deepEqual(posted, [0, 5]);
  assert.equal(s.stored, 6);
  assert.ok(transient(0) && transient(503) && !transient(409) && !transient(422));
});

// memory is a Storage in memory.
function memory() {
  const m = new Map();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, v), removeItem: (k) => m.delete(k) };
}

test("the account and the seat played are kept for a reload, and nonsense is forgotten", () => {
  const st = memory();
  assert.equal(loadAccount(st), null);
  saveAccount({ name: "alice", token: "t" }, st);
  assert.deepEqual(loadAccount(st), { name: "alice", token: "t" });
  saveSeat({ table: 12, seat: 1 }, st);
  assert.deepEqual(loadSeat(st), { table: 12, seat: 1 });
  st.setItem("spider.seat", '{"table": "12", "seat": 3}');
  assert.equal(loadSeat(st), null);
  st.setItem("spider.account", "{");
  assert.equal(loadAccount(st), null);
  saveSeat(null, st);
  assert.equal(loadSeat(st), null);
});

test("a table's state in words", () => {
  const t = {
    id: 7, variant: "duel", suits: 1, atMs: 10_000,
    seats: [
      { seat: 0, player: "alice", status: "ended", score: 480, runs: 0, actions: 3, outcome: "resigned", timeLeft: 0, left: false },
      { seat: 1, player: "Bob", status: "playing", score: 499, runs: 1, actions: 1, outcome: "playing", timeLeft: 61_000 },
    ],
    result: null,
  };
  assert.equal(tableText(t), "Table 7 · duel, 1 suit · alice vs Bob");
  assert.equal(tableText({ ...t, suits: 4, seats: [t.seats[0]] }), "Table 7 · duel, 4 suits · alice waits for a second player");
  assert.equal(seatText(t.seats[1], t, 12_500), "Bob: score 499, 1 run, 1 action, 0:58 left");
  assert.equal(seatText(t.seats[0], t), "alice: score 480, 0 runs, 3 actions, ended, resigned");
  assert.equal(seatOf(t, "bob"), 1);
  assert.equal(seatOf(t, "carol"), -1);
  const won = { ...t, result: { duel: true, winner: 1, scores: [480, 499], fair: true, why: "" } };
  assert.equal(resultText(won, 1), "You win the duel, 499 to 480 (Bob against alice, the duel's scoring).");
  assert.equal(resultText(won, 0), "Bob wins the duel, 499 to 480 (Bob against alice, the duel's scoring).");
  const tie = { ...t, result: { duel: true, winner: -1, scores: [480, 480], fair: true, why: "a tie" } };
  assert.equal(resultText(tie), "No winner (alice 480, Bob 480): a tie.");
  assert.equal(resultText({ ...t, result: { duel: false, winner: -1, why: "no second player came" } }), "No duel: no second player came.");
});

test("a game read from the host goes on from the host's clock", () => {
  // 15 minutes; 3 actions took 4 s; the host says 14:50 left: 10 s have passed since the start.
  assert.equal(hostElapsed(4000, 896_000, 890_000), 10_000);
  // Never before the actions' own sum (the host's answer a little old).
  assert.equal(hostElapsed(4000, 896_000, 897_000), 4000);
  // No limit, or no time from the host: the actions' sum.
  assert.equal(hostElapsed(4000, -1, 0), 4000);
  assert.equal(hostElapsed(4000, 896_000, undefined), 4000);
  // The time up on the host's clock, the game not yet ended: the whole limit has passed.
  assert.equal(hostElapsed(4000, 896_000, 0), 900_000);
});

test("a player's info in words: games, duels, best scores", () => {
  assert.equal(
    playerText({ player: "bob", duels: { games: 3, won: 2, lost: 1, drawn: 0, best: [{ variant: "duel", suits: 1, score: 312, table: 7 }, { variant: "app-10", suits: 4, score: 40, table: 9 }] } }),
    "bob: 3 games at tables; duels won 2, lost 1, drawn 0; best scores: duel, 1 suit, 312 (table 7); app-10, 4 suits, 40 (table 9)",
  );
  assert.equal(playerText({ player: "ann", duels: { games: 1, won: 0, lost: 0, drawn: 1, best: [] } }), "ann: 1 game at tables; duels won 0, lost 0, drawn 1");
  assert.equal(playerText({ player: "new" }), "new: 0 games at tables; duels won 0, lost 0, drawn 0");
});

test("every stream of a signed-in player names them, the table's too; a visitor's names no one", () => {
  const ann = new Tables({ name: "ann", token: "t" });
  for (const { url, init } of [ann.watch(3), ann.watch(3, 1, "now")]) {
    assert.equal(new URL(url, "http://x").searchParams.get("player"), "ann", url);
    assert.equal(init.headers.Authorization, "Bearer t");
  }
  assert.equal(ann.watch(3).url, "/lb/tables/3/watch?player=ann");
  assert.equal(new Tables(null).watch(3).url, "/lb/tables/3/watch");
});

test("a time the host raised is counted as its charge; the actions played meanwhile and the stored count stay", async () => {
  const timers = fakeTimers();
  const host = [];
  let raise = 3000;
  const posted = [];
  const s = new Sender(async (b) => {
    posted.push(structuredClone(b));
    const steps = b.actions.map((a, i) => ({ index: b.from + i, ms: a.ms + (i === 0 ? raise : 0) }));
    host.splice(b.from, b.actions.length, ...b.actions);
    raise = 0;
    return { status: 200, body: { stored: host.length, steps } };
  }, { timers, onAck: () => acks.push([s.stored, s.charged, s.pending.map((p) => p.action)]) });
  const acks = [];
  s.push("d", 500);
  s.push("a>b", 300);
  const sent = timers.run();
  s.push("fa", 200); // played while the batch is on its way
  await sent;
  await s.idle();
  assert.deepEqual(acks, [[2, 3000, ["fa"]], [3, 3000, []]], "the action played meanwhile is kept, and sent");
  assert.deepEqual(posted.map((b) => b.from), [0, 2]);
  assert.deepEqual(host.map((m) => m.action), ["d", "a>b", "fa"]);
  assert.equal(charge({ from: 4, actions: [{ ms: 100 }, { ms: 200 }] }, [{ index: 4, ms: 100 }, { index: 5, ms: 900 }]), 700);
  s.resume(3, []);
  assert.equal(s.charged, 0, "a game read from the host again owes no charge");
});

test("a seat's stream waits for the last actions sent, and is not opened once the page has left the table", async () => {
  let release;
  let atTable = true;
  const waited = whenReady(() => new Promise((r) => (release = r)), () => atTable);
  atTable = false; // left while the last batch was on its way
  release();
  assert.equal(await waited, false);
  assert.equal(await whenReady(() => undefined, () => true), true, "no Sender: at once");
});

// silentStream answers fetch with a body that gives the chunks and then
// says nothing more, as a connection half open, until the fetch is aborted.
function silentStream(chunks, signal) {
  return {
    status: 200,
    body: {
      getReader() {
        let i = 0;
        return {
          read: () => i < chunks.length ? Promise.resolve({ value: new TextEncoder().encode(chunks[i++]), done: false })
            : new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
        };
      },
    },
  };
}

test("a stream silent for 40 s is opened again from its last event", async () => {
  const timers = new Map(); // id → {f, ms}
  let next = 0;
  const fake = {
    setTimeout: (f, ms) => (timers.set(++next, { f, ms }), next),
    clearTimeout: (id) => timers.delete(id),
  };
  const fire = (ms) => {
    const [id, t] = [...timers].find(([, t]) => t.ms === ms) ?? [];
    assert.ok(t, `a timer of ${ms} ms is set`);
    timers.delete(id);
    t.f();
  };
  const settle = () => new Promise((r) => setImmediate(r));
  const asked = [];
  const events = [];
  const f = follow("/x", {}, (name, data) => events.push(data.index), () => assert.fail("no error"), {
    timers: fake,
    retryMs: 7,
    fetch: async (url, init) => {
      asked.push(init.headers["Last-Event-ID"]);
      return asked.length === 1 ? silentStream(['id: 3\nevent: action\ndata: {"index":3}\n\n'], init.signal) : streamOf(['event: result\ndata: {"index":9}\n\n']);
    },
  });
  await settle();
  assert.deepEqual(events, [3]);
  assert.deepEqual([...timers.values()].map((t) => t.ms), [40_000], "one watchdog, set again by each piece");
  fire(40_000); // 40 s without a byte
  await settle();
  fire(7); // the pause before opening it again
  await f.done;
  assert.deepEqual(asked, [undefined, "3"]);
  assert.deepEqual(events, [3, 9]);
  assert.equal(timers.size, 0, "no timer left behind");
});

test("a batch that fails twice in a row says why while it goes again; a leave need not wait for it", async () => {
  const timers = fakeTimers();
  let up = false;
  const said = [];
  const s = new Sender(async (b) => (up ? { status: 200, body: { stored: b.from + b.actions.length } } : { status: 503, body: { error: { kind: "busy", message: "the service is busy" } } }), {
    timers,
    onTrouble: (e) => said.push(e?.message ?? null),
  });
  s.push("d", 100);
  const drained = s.idle();
  let gaveUp = null;
  s.idle(troubleAfter).then((v) => (gaveUp = v));
  await timers.run();
  assert.deepEqual(said, [], "one failure is not worth a word");
  assert.equal(gaveUp, null);
  await timers.run();
  assert.deepEqual(said, ["the service is busy"]);
  assert.equal(gaveUp, false, "a leave goes ahead");
  await timers.run();
  assert.equal(said.length, 2, "the sending goes on");
  up = true;
  await timers.run();
  assert.deepEqual(said.slice(2), [null], "through: the words go");
  assert.equal(await drained, true);
  assert.equal(s.stored, 1);
});

test("an error in the page's handling of an event is the page's: the stream goes on, not opened again", async () => {
  let asked = 0;
  const events = [];
  const bugs = [];
  const f = follow("/x", {}, (name, data) => {
    if (data.index === 1) throw new Error("the page's own bug");
    events.push(data.index);
  }, () => assert.fail("no error"), {
    retryMs: 1,
    onBug: (e) => bugs.push(e.message),
    // Opened again, it would loop for good on the same event: stopped there.
    fetch: async () => (++asked > 1 && f.stop(), streamOf(['event: action\ndata: {"index":1}\n\nevent: action\ndata: {"index":2}\n\nevent: result\ndata: {"index":3}\n\n'])),
  });
  await f.done;
  assert.equal(asked, 1);
  assert.deepEqual(events, [2, 3]);
  assert.deepEqual(bugs, ["the page's own bug"]);
});

test("the game read again says what the host did not store", () => {
  assert.equal(heldText(3, 12, 2), "Your game is as table 3 holds it: 12 actions (2 not stored).");
  assert.equal(heldText(3, 1, 1), "Your game is as table 3 holds it: 1 action (1 not stored).");
  assert.equal(heldText(3, 12, 0), "", "nothing dropped: nothing to say");
});
