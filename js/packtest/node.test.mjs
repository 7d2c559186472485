// The npm pack of @spiderkit/spider, installed into a fresh project, plays a
// game under Node through `import { load } from "@spiderkit/spider"`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { installPack } from "./pack.mjs";

// One tarball and one project for the four tests.
let pack;
const cleanups = [];
before(async () => (pack = await installPack({ after: (f) => cleanups.push(f) })));
after(() => Promise.all(cleanups.map((f) => f())));

test("the tarball holds the module, its types, the .wasm and nothing else", () => {
  const { files } = pack;
  assert.deepEqual(files, ["README.md", "bot-worker.js", "dist/spider.wasm", "dist/wasm_exec.js", "index.d.ts", "index.js", "package.json", "solve-worker.js"]);
});

test("installed from the tarball, solve-worker.js answers in a worker thread", async () => {
  const { app } = pack;
  // A worker thread with a module worker's self (as js/test/worker.test.mjs): one message, one answer.
  await writeFile(
    join(app, "worker.mjs"),
    'import { Worker } from "node:worker_threads";\n' +
      "const shim = `const { parentPort, workerData } = require(\"node:worker_threads\");\n" +
      "globalThis.self = globalThis; self.postMessage = (m) => parentPort.postMessage(m);\n" +
      "const ready = import(workerData.url);\n" +
      "parentPort.on(\"message\", async (data) => { await ready; self.onmessage({ data }); });`;\n" +
      'const w = new Worker(shim, { eval: true, workerData: { url: import.meta.resolve("@spiderkit/spider/solve-worker.js") } });\n' +
      'w.once("message", (m) => { console.log(JSON.stringify(m)); w.terminate(); });\n' +
      'w.postMessage({ id: 1, op: "dailyCode", date: "2026-12-01", suits: 2 });\n',
  );
  const got = JSON.parse(execFileSync("node", ["worker.mjs"], { cwd: app, encoding: "utf8" }));
  assert.deepEqual(got, { id: 1, code: "SP1-S2C-BDNWH4A" });
});

test("installed from the tarball, the package plays a game under Node and its record verifies", async () => {
  const { app } = pack;
  await writeFile(
    join(app, "main.mjs"),
    'import { play } from "./game.mjs";\n' +
      'console.log(JSON.stringify({ from: import.meta.resolve("@spiderkit/spider"), ...(await play()) }));\n',
  );
  const got = JSON.parse(execFileSync("node", ["main.mjs"], { cwd: app, encoding: "utf8" }));
  assert.ok(got.from.startsWith("file://" + join(app, "node_modules", "@spiderkit", "spider") + "/"), `imported from ${got.from}`);
  assert.equal(got.verdict, "verified");
  assert.equal(got.actions, 5);
  assert.equal(got.verifiedScore, got.score);
  assert.equal(got.longVerdict, "verified");
  assert.notEqual(got.junkVerdict, "verified");
  assert.equal(got.more, 20000);
});

test("the README's ten-line game, from the installed package's README, runs as it says", async () => {
  const { app } = pack;
  const readme = await readFile(join(app, "node_modules", "@spiderkit", "spider", "README.md"), "utf8");
  const block = readme.match(/```js\n([\s\S]*?)```/);
  assert.ok(block, "no js block in the README");
  assert.equal(block[1].trim().split("\n").length, 10, "the README's first game is not ten lines");
  await writeFile(join(app, "readme.mjs"), block[1]);
  const printed = execFileSync("node", ["readme.mjs"], { cwd: app, encoding: "utf8" });
  assert.equal(printed, (block[1].match(/\/\/ (verified .*)\n$/) ?? [])[1] + "\n", "the README's last comment is what the game prints");
});
