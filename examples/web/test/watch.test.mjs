// Watching a game live without a browser: the Watch over a stand-in for
// the SDK (a game is its actions and how many are played).
//   node --test examples/web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { Watch } from "../static/watch.js";

// spider stands in for the SDK: a record is {actions}, an explicit deal's.
const spider = {
  variants: () => [],
  resume(record) {
    const actions = JSON.parse(record).actions;
    let at = actions.length;
    let freed = false;
    return {
      history: () => actions.slice(),
      state: () => ({ code: "", variant: "x", at }),
      takeBack: (n = 1) => ((at -= n), { at }),
      apply: () => {
        if (freed) throw new Error("a game freed");
        return at++, { at };
      },
      free: () => (freed = true),
    };
  },
};
const rec = (...actions) => JSON.stringify({ actions });

test("a live game sent again after a reconnection keeps the watch where it is, and following", () => {
  const w = new Watch(spider, rec());
  w.follow = true;
  w.push("d");
  w.push("a>b");
  assert.equal(w.at, 2);
  // The stream dropped and opened again: the game so far, one action more.
  assert.equal(w.sync(rec("d", "a>b", "fa")), true);
  assert.deepEqual([w.at, w.length, w.state.at], [3, 3, 3], "followed to the end");
  w.push("c>d");
  assert.equal(w.at, 4, "still following");
  // Stepped back, the watch stays there.
  w.back();
  assert.equal(w.sync(rec("d", "a>b", "fa", "c>d", "e")), true);
  assert.deepEqual([w.at, w.length], [3, 5]);
  // Another game is not taken for this one.
  assert.equal(w.sync(rec("d", "x")), false);
  assert.equal(w.length, 5);
});

test("a live game's watch closed takes no more actions", () => {
  const w = new Watch(spider, rec());
  w.follow = true;
  w.push("d");
  w.free();
  assert.equal(w.closed, true);
  w.push("a>b"); // the stream's next action, after the watch was closed
  assert.equal(w.length, 1);
});
