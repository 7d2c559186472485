// The lobby's reads without a browser: one interval read at a time, and
// no old answer drawn over a newer one.
//   node --test examples/web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { Refresher } from "../static/refresher.js";

test("an interval's read waits for the one under way, and a slow old answer is not drawn over a newer", async () => {
  const reads = []; // {resolve, reject} of each read started
  const drawn = [];
  const failed = [];
  const r = new Refresher(() => new Promise((resolve, reject) => reads.push({ resolve, reject })), (a) => drawn.push(a), (e) => failed.push(e.message));
  const first = r.tick();
  r.tick(); // the service is slow: skipped
  assert.equal(reads.length, 1);
  const second = r.now(); // a button: read at once
  assert.equal(reads.length, 2);
  reads[1].resolve("new");
  await second;
  reads[0].resolve("old"); // the slow first answer comes last
  await first;
  assert.deepEqual(drawn, ["new"]);
  // A failure older than an answer drawn says nothing; a newer one does.
  const third = r.tick();
  const fourth = r.now();
  reads[3].resolve("newest");
  reads[2].reject(new Error("old trouble"));
  await Promise.all([third, fourth]);
  assert.deepEqual([drawn, failed], [["new", "newest"], []]);
  const fifth = r.tick();
  reads[4].reject(new Error("the leaderboard does not answer"));
  await fifth;
  assert.deepEqual(failed, ["the leaderboard does not answer"]);
});
