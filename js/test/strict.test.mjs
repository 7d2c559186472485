// The package as strict as Go: times kept for every action or for none,
// numbers whole or refused, options and actions of the types they take,
// the variant and ticket options; and every error a code and a sentence a
// player or developer can act on, naming nothing internal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, SpiderError } from "../index.js";

const spider = await load();
const code = "SP1-S2C-AAAAAAD";

// refused checks that fn throws a SpiderError of that code whose message
// holds each of words.
function refused(fn, code, words = []) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof SpiderError, `a SpiderError, not ${e}`);
    assert.equal(e.code, code, e.message);
    for (const w of words) assert.ok(e.message.includes(w), `"${e.message}" names ${w}`);
    return true;
  });
}

test("a timed game refuses an untimed action, and an untimed game a timed one, as Go does", () => {
  const timed = spider.newGame({ code });
  timed.apply("d>f", 400);
  const before = timed.record();
  refused(() => timed.apply("u"), "untimed-action", ["time"]);
  refused(() => timed.undo(), "untimed-action");
  assert.equal(timed.record(), before, "a refused action leaves the record as it was");
  assert.match(timed.record(), /d>f@400/);
  assert.equal(timed.apply("u", 0).counters.undos, 1, "0 ms is a time");
  assert.match(timed.record(), /u@0/);

  const untimed = spider.newGame({ code });
  untimed.apply("d>f");
  refused(() => untimed.apply("u", 300), "timed-action", ["time"]);
  refused(() => untimed.undo(300), "timed-action");
  assert.equal(untimed.undo().counters.undos, 1);
  assert.doesNotMatch(untimed.record(), /@/, "no time made up");

  // The first action decides, again after a take-back to the start.
  const back = spider.newGame({ code });
  back.apply("d>f");
  back.takeBack();
  assert.equal(back.apply("d>f", 250).counters.actions, 1);
});

test("a time that is not whole milliseconds from 0 to 4294967295 is refused, not rounded", () => {
  const g = spider.newGame({ code });
  for (const ms of [-5, 1.5, NaN, Infinity, -Infinity, 2 ** 32, "400", null, true, 10n]) {
    refused(() => g.apply("d>f", ms), "bad-request", ["apply", "whole number", "4294967295"]);
    refused(() => g.undo(ms), "bad-request", ["whole number"]);
  }
  assert.equal(g.state().counters.actions, 0, "nothing played");
  assert.equal(g.apply("d>f", 4294967295).counters.actions, 1);
  assert.match(g.record(), /d>f@4294967295/);
});

test("other numbers are whole and of their range, or refused with the method's name", () => {
  const g = spider.newGame({ code });
  refused(() => g.tap(1.5, 0), "bad-request", ["tap", "column", "1.5"]);
  refused(() => g.tap(3, NaN), "bad-request", ["tap", "index", "NaN"]);
  refused(() => g.segments("a"), "bad-request", ["segments", "column", '"a"']);
  refused(() => g.advise({ ms: -1 }), "bad-request", ["advise", "ms"]);
  refused(() => g.advise(2.5), "bad-request", ["advise", "2.5"]);
  refused(() => spider.dailyCode("2026-12-01", 2.5), "bad-request", ["dailyCode", "suit count"]);
  refused(() => g.history({ verbose: 1 }), "bad-request", ["history", "true or false"]);
});

test("newGame takes a code alone, and says in words what other options it takes", () => {
  const alone = spider.newGame("SP1-S4C-AAAAAAD");
  assert.equal(alone.code(), "SP1-S4C-AAAAAAD");
  assert.deepEqual(alone.legal(), spider.newGame({ code: "SP1-S4C-AAAAAAD" }).legal());
  refused(() => spider.newGame("SP1-S4C"), "bad-code", ["15 characters"]);
  for (const bad of [5, null, true, ["SP1-S4C-AAAAAAD"], () => 1]) {
    refused(() => spider.newGame(bad), "bad-options", ["newGame", "the options are an object", "or a game code"]);
  }
  refused(() => spider.newGame({ number: "7" }), "bad-options", ["option number", "whole number", "not a string"]);
  refused(() => spider.newGame({ number: -1 }), "bad-options", ["option number", "not -1"]);
  refused(() => spider.newGame({ number: 1.5 }), "bad-options", ["option number", "not 1.5"]);
  refused(() => spider.newGame({ number: NaN }), "bad-options", ["option number", "NaN"]);
  refused(() => spider.newGame({ suits: Infinity }), "bad-options", ["option suits", "Infinity"]);
  refused(() => spider.newGame({ code: 5 }), "bad-options", ["option code", "a game code", "not a number"]);
  refused(() => spider.newGame({ daily: "yes" }), "bad-options", ["option daily", "true or false"]);
  refused(() => spider.newGame({ deal: 5 }), "bad-options", ["option deal", "tableau"]);
  refused(() => spider.newGame({ player: {} }), "bad-options", ["option player", "a string", "not an object"]);
  refused(() => spider.newGame({ ticket: 7 }), "bad-options", ["option ticket", "a string"]);
  refused(() => spider.newGame({ code: () => "SP1-S4C-AAAAAAD" }), "bad-options", ["option code", "a function"]);
});

test("an action is a string in the record notation, and nothing else", () => {
  const g = spider.newGame({ code });
  for (const bad of [{ from: "d", to: "f" }, ["d>f"], 3, undefined, null]) {
    refused(() => g.apply(bad), "notation", ["apply", "a string in the record notation"]);
  }
  refused(() => g.tap(3, 5, { order: "suit" }), "bad-request", ["tap", '"complete" or "suit"', "not an object"]);
  refused(() => g.suggest(["reveal"]), "bad-request", ["suggest", '"reveal", "complete" or "solver"', "not a list"]);
  refused(() => g.record(1), "bad-form", ["record", '"text" or "json"']);
  refused(() => g.advise({ level: 3 }), "bad-level", ["advise", "standard"]);
  refused(() => spider.resume({ code }), "bad-request", ["resume", "a record is a string"]);
  refused(() => spider.verify(new Uint8Array(3)), "bad-request", ["verify", "a record is a string"]);
  refused(() => spider.verify(g.record(), "all"), "bad-policy", ["verify", "a policy is an object"]);
  refused(() => spider.dailyCode(20261201), "bad-date", ["dailyCode", "YYYY-MM-DD"]);
  refused(() => spider.dailyCode("2026-12-01", 4, 1), "bad-group", ["dailyCode", "classic"]);
  assert.equal(g.state().counters.actions, 0);
});

test("ticket puts a Ticket tag in the record, in every form, as player puts Player", () => {
  const g = spider.newGame({ code, player: "ann", ticket: "t1.ab-CD_9" });
  g.apply("d>f", 300);
  const text = g.record("text");
  assert.match(text, /\[Player "ann"\]/);
  assert.match(text, /\[Ticket "t1\.ab-CD_9"\]/);
  const json = JSON.parse(g.record("json"));
  assert.ok(JSON.stringify(json).includes('"t1.ab-CD_9"'), g.record("json"));
  assert.equal(spider.verify(text).verdict, "verified");
  const resumed = spider.resume(text);
  assert.match(resumed.record("text"), /\[Ticket "t1\.ab-CD_9"\]/, "a resumed game keeps its tags");
  assert.doesNotMatch(spider.newGame({ code }).record(), /Ticket/, "no ticket, no tag");
});

test("variant is the option's word; preset, a name it once had, is an unknown option", () => {
  assert.equal(spider.newGame({ code, variant: "unlimited" }).state().variant, "unlimited");
  refused(() => spider.newGame({ code, preset: "unlimited" }), "bad-request", ['"preset"']);
  refused(() => spider.newGame({ code, variant: "nope" }), "unknown-variant", ["nope", "app"]);
  assert.equal(spider.presets, undefined, "variants() alone lists the variants");
});

test("every error carries a code and a sentence that names nothing internal", () => {
  const g = spider.newGame({ code });
  const freed = spider.newGame({ code });
  freed.free();
  const calls = [
    () => spider.newGame("SP1-S4C-AAAAAAD-X"), () => spider.newGame(5), () => spider.newGame([]), () => spider.newGame({ number: "x" }),
    () => spider.newGame({ number: NaN }), () => spider.newGame({ suits: 3 }), () => spider.newGame({ suits: "4" }), () => spider.newGame({ group: "loose" }),
    () => spider.newGame({ group: 1 }), () => spider.newGame({ variant: "nope" }), () => spider.newGame({ seed: 1 }), () => spider.newGame({ deal: {} }),
    () => spider.newGame({ deal: { tableau: 5 } }), () => spider.newGame({ code: "SP1-S4C-AAAAAAD", suits: 2 }), () => spider.newGame({ daily: 1 }),
    () => spider.newBot({ level: "grandmaster" }), () => spider.newBot("x"), () => spider.resume("not a record"), () => spider.resume(5),
    () => spider.verify(5), () => spider.verify(g.record(), { claim: "all" }), () => spider.verify(g.record(), 7), () => spider.dailyCode("yesterday"),
    () => spider.dailyCode("2026-12-01", 3), () => spider.dailyCode("2026-12-01", "4"), () => spider.dailyCode("2026-12-01", 4, "loose"),
    () => g.apply({ from: "d", to: "f" }), () => g.apply("d>f", NaN), () => g.apply("d>f", -5), () => g.apply("d>f", 1.5), () => g.apply("a>b"),
    () => g.apply("3a>k"), () => g.apply(""), () => g.apply("d>f\u0000"), () => g.undo(), () => g.tap(NaN, 0), () => g.tap(3, 4, "own"),
    () => g.tap(0, 5), () => g.tap(3, 4, {}), () => g.segments(10), () => g.segments(2 ** 40), () => g.suggest("best"), () => g.suggest({}),
    () => g.advise({ level: "grandmaster" }), () => g.advise({ depth: 3 }), () => g.advise("x"), () => g.record("xml"), () => g.record({}),
    () => g.legal({ kinds: ["castle"] }), () => g.legal({ kinds: "move" }), () => g.legal(5), () => g.history({ verbos: true }),
    () => g.history("yes"), () => g.takeBack(), () => freed.state(), () => freed.apply("d>f"),
    () => new g.constructor(g.api, 2 ** 40).state(),
  ];
  const internal = ["json:", "Go value", "Go struct", "wasm.", "calls.", "[object", "applyCompact", "stateCompact", "uint64", "undefined", "spider."];
  for (const call of calls) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof SpiderError, `${call}: a SpiderError, not ${e}`);
      assert.match(e.code, /^[a-z]+(-[a-z]+)*$/, `${call}: code ${e.code}`);
      for (const said of [e.message, e.reason, e.explain]) {
        assert.ok(typeof said === "string" && /[a-z]/.test(said) && said.length > 10, `${call}: ${JSON.stringify(said)}`);
        for (const word of internal) assert.ok(!said.includes(word), `${call}: ${JSON.stringify(said)} names ${word}`);
      }
      return true;
    }, `${call}`);
  }
  assert.equal(g.state().counters.actions, 0, "no refused call changed the game");
});
