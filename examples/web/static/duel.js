// The duel's opponent: a bot of a chosen level playing the same deal in a
// Web Worker (the SDK's bot-worker.js), so that the table never waits for
// it. The page shows its score as it stands and, at the end, compares the
// two records on the duel's scoring (spider.duel).

/** The pause between the bot's actions: about a person's pace. */
const botPaceMs = 1200;

export class Opponent {
  /**
   * Starts a bot at level on the game code under variant; onChange(opponent)
   * is called after each of its actions and when it is done.
   */
  constructor({ code, variant, level }, onChange) {
    this.level = level;
    this.state = null; // its State after its last action
    this.record = null; // its record, once done
    this.error = null; // {code, message} when the worker failed
    this.actions = 0;
    this.done = new Promise((resolve) => (this.resolve = resolve));
    this.worker = new Worker(new URL("/spider/bot-worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (e) => {
      const m = e.data;
      if (m.error) this.error = m.error;
      if (m.state) this.state = m.state;
      if (m.action) this.actions++;
      if (m.done || m.error) {
        this.record = m.record ?? null;
        this.worker.terminate();
        this.resolve(this);
      }
      onChange(this);
    };
    this.worker.onerror = (e) => {
      this.error = { code: "worker", message: e.message || "the bot's worker failed" };
      this.resolve(this);
      onChange(this);
    };
    this.worker.postMessage({ code, variant, level, delayMs: botPaceMs });
  }
  /** Whether the bot's game is over (or it stopped). */
  get finished() {
    return this.record !== null || this.error !== null;
  }
  /** The bot's score as it stands. */
  get score() {
    return this.state?.score ?? 0;
  }
  /** Asks the bot to play to its end at once; resolves when it is done. */
  finish() {
    if (!this.finished) this.worker.postMessage({ hurry: true });
    return this.done;
  }
  /** Stops the bot for good (a new game). */
  stop() {
    this.worker.terminate();
    if (!this.finished) this.error = { code: "stopped", message: "stopped" };
    this.resolve(this);
  }
}

/**
 * The sentence for a duel's result (spider.duel(mine, the bot's)): who won
 * and by how much on the duel's scoring, or why there is no winner.
 */
export function duelText(d, level) {
  const [me, bot] = d.scores;
  if (d.winner === 0) return `You win the duel, ${me} to ${bot}, against the ${level} bot (the duel's scoring).`;
  if (d.winner === 1) return `The ${level} bot wins the duel, ${bot} to ${me} (the duel's scoring).`;
  return `No winner: ${d.why}.`;
}
