// The game's clock: it runs while the tab is visible and the game goes on,
// and pauses while the tab is hidden, so neither the time shown nor the
// actions' times in the record count time away from the page.

export class Clock {
  /** A clock that has counted `from` milliseconds already (a game played on from a record). */
  constructor(from = 0) {
    this.total = from; // milliseconds counted before `since`
    this.since = null; // performance.now() when it last started, null when paused
    this.stopped = false;
  }
  /** Milliseconds of play so far. */
  now() {
    return this.total + (this.since === null ? 0 : performance.now() - this.since);
  }
  /** Starts or resumes (unless stopped for good). */
  run() {
    if (!this.stopped && this.since === null && !document.hidden) this.since = performance.now();
  }
  pause() {
    if (this.since !== null) {
      this.total += performance.now() - this.since;
      this.since = null;
    }
  }
  /** Stops for good: the game is over. */
  stop() {
    this.pause();
    this.stopped = true;
  }
}
