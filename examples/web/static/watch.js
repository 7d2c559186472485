// Watching a record: the game it records replayed on the table from its
// first action, with play, pause, step (back too) and speed. The watched
// game is a Game of the SDK: the record's deal dealt again under its
// variant (or, for an explicit deal, the record resumed and every action
// taken back), then its actions played one at a time; "play on from here" resumes the record
// again and takes back what follows the point watched, so that the game
// keeps the record's times.

/** The pause between two actions at speed 1. */
const watchStepMs = 600;

export class Watch {
  /** Opens record (text or JSON) with spider; throws the SDK's SpiderError when it does not verify. */
  constructor(spider, record) {
    this.spider = spider;
    this.record = record;
    const end = spider.resume(record);
    this.actions = end.history();
    const { code, variant } = end.state();
    if (code && spider.variants().includes(variant)) {
      // The deal dealt afresh under the record's rules.
      end.free();
      this.game = spider.newGame({ code, variant });
    } else {
      this.game = end; // an explicit deal: back to its start
      if (this.actions.length) this.game.takeBack(this.actions.length);
    }
    this.at = 0; // the actions played so far
    this.state = this.game.state();
    this.timer = null;
    this.speed = 1;
  }
  /** The number of actions the record holds. */
  get length() {
    return this.actions.length;
  }
  get playing() {
    return this.timer !== null;
  }
  /** Plays the next action; false at the end. */
  step() {
    if (this.at >= this.actions.length) return false;
    this.state = this.game.apply(this.actions[this.at], 1); // the times are the record's business, not the watcher's
    this.at++;
    return true;
  }
  /** Takes the last action played back; false at the start. */
  back() {
    if (this.at === 0) return false;
    this.state = this.game.takeBack();
    this.at--;
    return true;
  }
  /** Plays on at the speed, calling onStep after each action, until the end or pause(). */
  play(onStep) {
    this.pause();
    const next = () => {
      if (!this.step()) return (this.timer = null), onStep();
      this.timer = setTimeout(next, watchStepMs / this.speed);
      onStep();
    };
    this.timer = setTimeout(next, watchStepMs / this.speed);
  }
  pause() {
    clearTimeout(this.timer);
    this.timer = null;
  }
  /**
   * The game at the point watched, to play on from: the record resumed
   * with the actions after it taken back (free, as if never played).
   */
  continueHere() {
    const g = this.spider.resume(this.record);
    if (this.actions.length > this.at) g.takeBack(this.actions.length - this.at); // one call, however long the record
    return g;
  }
  /**
   * Adds an action to a game watched live (its stream's next one): while
   * following (the last action shown), it is played at once.
   */
  push(action) {
    if (this.closed) return;
    const atEnd = this.at === this.actions.length;
    this.actions.push(action);
    if (this.follow && atEnd && !this.playing) this.step();
  }
  /**
   * Takes a game watched live sent again whole (its stream opened again
   * after a drop): the actions it holds past those known are pushed, so
   * that the watch stays where it is and, following, goes on to the end.
   * False when the record is not a longer version of the one watched.
   */
  sync(record) {
    const end = this.spider.resume(record);
    const actions = end.history();
    end.free();
    if (actions.length < this.actions.length || this.actions.some((a, i) => a !== actions[i])) return false;
    this.record = record;
    for (const a of actions.slice(this.actions.length)) this.push(a);
    return true;
  }
  /** Forgets the watched game: a game watched live takes no more actions. */
  free() {
    this.closed = true;
    this.pause();
    this.game.free();
  }
}
