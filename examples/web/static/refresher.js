// The lobby's lists read again and again: an interval's read is skipped
// while one is under way (a slow service is not asked ever more), and an
// answer is drawn only if none newer has been, so that a slow old answer
// never replaces a fresh one.

export class Refresher {
  /** read() resolves to an answer, draw(answer) shows it, fail(error) says why a read failed. */
  constructor(read, draw, fail) {
    this.read = read;
    this.draw = draw;
    this.fail = fail;
    this.asked = 0; // reads started
    this.shown = 0; // the newest read drawn (or failed)
    this.running = 0; // reads under way
  }
  /** The interval's read: skipped while another is under way. */
  tick() {
    return this.running ? Promise.resolve() : this.now();
  }
  /** Reads now (a button, a change of account); resolves once drawn, or dropped as older. */
  async now() {
    const n = ++this.asked;
    this.running++;
    try {
      const answer = await this.read();
      if (n > this.shown) (this.shown = n), this.draw(answer);
    } catch (e) {
      if (n > this.shown) (this.shown = n), this.fail(e);
    } finally {
      this.running--;
    }
  }
}
