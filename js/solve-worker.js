// The page's slow calls off the main thread: a module worker that answers
// whether a game can still be won (finishable), and finds winnable deals
// (winnableCode, dailyCode with winnable), each in a second or more, while
// the page stays responsive.
//
//   const worker = new Worker(new URL("@spiderkit/spider/solve-worker.js", import.meta.url), { type: "module" });
//   worker.onmessage = (e) => e.data.error ? showError(e.data) : show(e.data);
//   worker.postMessage({ id: 1, op: "finishable", record: game.record("text") });
//
// Messages in, each with an id the answer carries back:
//   {id, op: "finishable", record, positions, order}: resumes the record
//     (text or JSON; spider.resume) and answers {id, winnability, proof,
//     positions} (game.finishable), with {suggestion} (game.suggest(order): "reveal"
//     by default, "solver" for the solver site's hint) too when the
//     game is not "unwinnable": a player is never left without a hint.
//   {id, op: "winnableCode", suits, group, start}: answers {id, code}
//     (spider.winnableCode).
//   {id, op: "dailyCode", date, suits, group, winnable}: answers {id, code}
//     (spider.dailyCode with options).
// A refused message answers {id, error: {code, message}}. The worker
// answers one message at a time, in order; to drop a search that no
// longer matters (the player moved on), terminate the worker and start
// another.
import { load, SpiderError } from "./index.js";

/** The ops: each takes a message and the loaded Spider and returns the answer's fields. */
const ops = {
  finishable(spider, { record, positions, order }) {
    const game = spider.resume(record);
    try {
      const { winnability, proof, positions: searched } = game.finishable({ positions });
      return winnability === "unwinnable" ? { winnability, proof, positions: searched } : { winnability, proof, positions: searched, suggestion: game.suggest(order) };
    } finally {
      game.free();
    }
  },
  winnableCode(spider, { suits, group, start }) {
    return { code: spider.winnableCode({ suits, group, start }) };
  },
  dailyCode(spider, { date, suits, group, winnable }) {
    return { code: spider.dailyCode({ date, suits, group, winnable }) };
  },
};

/** The answer to one message: its id with the op's fields, or with {error: {code, message}}. */
async function answer(data) {
  const id = data !== null && typeof data === "object" ? data.id : undefined;
  try {
    if (id === undefined) throw new SpiderError({ code: "bad-request", message: "solve-worker: a message is an object with an id and an op" });
    const { op } = data;
    if (typeof op !== "string" || !Object.hasOwn(ops, op)) {
      throw new SpiderError({ code: "bad-request", message: `solve-worker: no op ${JSON.stringify(String(op))}: the ops are ${Object.keys(ops).join(", ")}` });
    }
    return { id, ...ops[op](await load(), data) };
  } catch (err) {
    const { code = "error", message = String(err) } = err instanceof SpiderError ? err : { message: String(err && err.message ? err.message : err) };
    return { id, error: { code, message } };
  }
}

self.onmessage = async (e) => self.postMessage(await answer(e.data));
