// A duel's bot off the main thread: a module worker that plays a game of
// its own at a level and posts each action with the state after it.
//
//   const worker = new Worker(new URL("@spiderkit/spider/bot-worker.js", import.meta.url), { type: "module" });
//   worker.onmessage = (e) => e.data.done ? showEnd(e.data) : showBot(e.data.state);
//   worker.postMessage({ code: "SP1-S4C-AAAAAAD", variant: "duel", level: "casual", delayMs: 300 });
//
// Messages in: newBot's options, with delayMs (the pause between actions,
// 0 by default; it is also each action's time in the bot's record, unless
// pace says otherwise); then, at any time, {hurry: true}: no more pauses,
// the bot plays to its end at once (the duel's other player has
// finished). Messages out: Bot.step's {action, ms, basis, reason, state}
// for each action, then {done: true, state, record}, or {error: {code,
// message}}.
import { load, SpiderError } from "./index.js";

let hurry = false; // {hurry: true} came: no more pauses
let wake = null; // ends the pause under way

const pause = (ms) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  wake = () => (clearTimeout(timer), resolve());
});

self.onmessage = async (e) => {
  if (e.data?.hurry) {
    hurry = true;
    wake?.();
    return;
  }
  const { delayMs = 0, ...options } = e.data ?? {};
  try {
    const spider = await load();
    const bot = spider.newBot({ pace: delayMs, ...options });
    for (let step = bot.step(); step !== null; step = bot.step()) {
      self.postMessage(step);
      if (delayMs > 0 && !hurry) await pause(delayMs);
    }
    self.postMessage({ done: true, state: bot.game.state(), record: bot.game.record("text") });
    bot.game.free();
  } catch (err) {
    const { code = "error", message = String(err) } = err instanceof SpiderError ? err : { message: String(err && err.message ? err.message : err) };
    self.postMessage({ error: { code, message } });
  }
};
