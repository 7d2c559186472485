// A seat's actions on their way to the table's host: each action played is
// queued and sent soon after, in batches of at most 64, at most a second
// apart; a batch not answered (no network, the service busy) is sent again
// as it was, from the same place, which the service stores once. The
// host's answers move the acknowledged count on; a refusal stops the
// sending and says why.

/** The most actions a batch holds (the service's bound). */
export const maxBatch = 64;

/** How many failures in a row make the Sender say why (the first may be a blip). */
export const troubleAfter = 2;

/**
 * Sender sends a seat's actions. post(batch) sends {from, actions} and
 * resolves to {status, body} (status 0 when nothing came back);
 * onAck(answer, sent) is called with each acknowledgment, onRefused(status,
 * error) with a refusal (the service's {kind, message, ...}); sending then
 * stops until resume(). onTrouble(error) says, from the second failure in
 * a row on, why the batch goes again (the service's words, or no answer),
 * and onTrouble(null) once a batch gets through.
 */
export class Sender {
  constructor(post, { stored = 0, delayMs = 200, retryMs = 500, maxRetryMs = 4000, onAck = () => {}, onRefused = () => {}, onTrouble = () => {}, timers = globalThis } = {}) {
    this.post = post;
    this.stored = stored; // actions the host acknowledged
    this.charged = 0; // ms the host's clock added to the times sent (its charge), since the last resume
    this.pending = []; // {action, ms} played, not yet acknowledged
    this.delayMs = delayMs; // how long an action waits for others to share its batch
    this.retryMs = retryMs;
    this.maxRetryMs = maxRetryMs;
    this.onAck = onAck;
    this.onRefused = onRefused;
    this.onTrouble = onTrouble;
    this.timers = timers;
    this.timer = null;
    this.inFlight = null; // the batch being sent
    this.stopped = false; // refused: nothing is sent until resume()
    this.retries = 0;
    this.waiters = []; // {resolve, tries}: idle()'s
  }
  /** Queues an action played ms after the one before, to be sent shortly. */
  push(action, ms) {
    this.pending.push({ action, ms });
    this.schedule(this.delayMs);
  }
  schedule(ms) {
    if (this.timer !== null || this.inFlight || this.stopped || !this.pending.length) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.send();
    }, ms);
  }
  /** Sends the next batch now (the one not answered, again, if any). */
  async send() {
    if (this.inFlight || this.stopped || !this.pending.length) return this.settle();
    const batch = { from: this.stored, actions: this.pending.slice(0, maxBatch) };
    this.inFlight = batch;
    let res;
    try {
      res = await this.post(batch);
    } catch (e) {
      res = { status: 0, body: { error: { kind: "", message: e?.message ?? String(e) } } };
    }
    this.inFlight = null;
    if (res.status === 200) {
      if (this.retries >= troubleAfter) this.onTrouble(null);
      this.retries = 0;
      const done = Math.min(batch.actions.length, Math.max(0, res.body.stored - this.stored));
      this.pending = this.pending.slice(done);
      this.stored = Math.max(this.stored, res.body.stored);
      this.charged += charge(batch, res.body.steps);
      this.onAck(res.body, batch);
      if (this.pending.length) this.send(); // what was played meanwhile goes at once
      else this.settle();
      return;
    }
    if (transient(res.status)) {
      // No answer, or the service could not take it now: the same batch again.
      const wait = Math.min(this.retryMs * 2 ** this.retries, this.maxRetryMs);
      this.retries++;
      if (this.retries >= troubleAfter) this.onTrouble(res.body?.error ?? { kind: "", message: `${res.status}` });
      this.settle();
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
      return;
    }
    this.stopped = true;
    this.onRefused(res.status, res.body?.error ?? { kind: "", message: `${res.status}` }, batch);
    this.settle();
  }
  /**
   * Goes on after a refusal from what the host holds: stored actions
   * acknowledged, and the actions to send after them (those played
   * locally past the host's, or none). The game is then the host's, its
   * times too: no charge is owed.
   */
  resume(stored, pending = []) {
    this.stored = stored;
    this.charged = 0;
    this.pending = pending.slice();
    this.stopped = false;
    this.retries = 0;
    this.schedule(0);
  }
  /** Drops everything: the seat's game is no longer played here. */
  stop() {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.settle();
  }
  /**
   * Resolves once nothing is left to send (or sending stopped): true; or,
   * given tries, false once that many tries in a row have failed (the
   * sending goes on).
   */
  idle(tries = Infinity) {
    return new Promise((resolve) => {
      this.waiters.push({ resolve, tries });
      this.settle();
    });
  }
  settle() {
    const drained = !this.pending.length || this.stopped;
    this.waiters = this.waiters.filter((w) => {
      if (!drained && this.retries < w.tries) return true;
      w.resolve(drained);
      return false;
    });
  }
}

/**
 * The ms the host's clock added to a batch's times (it raises an action's
 * time when the actions leave the game behind its clock): the steps'
 * kept times less those sent.
 */
export function charge(batch, steps = []) {
  let ms = 0;
  for (const st of steps) {
    const sent = batch.actions[st.index - batch.from];
    if (sent && st.ms > sent.ms) ms += st.ms - sent.ms;
  }
  return ms;
}

/** Whether an answer's status means "send it again": no answer, a timeout, the service busy or restarting. */
export function transient(status) {
  return status === 0 || status === 408 || status === 429 || status === 502 || status === 503 || status === 504;
}
