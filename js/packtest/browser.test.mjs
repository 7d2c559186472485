// The npm pack of @spiderkit/spider, installed into a fresh project and
// bundled by esbuild into a page, plays a game in headless Chromium. The one
// setup step: spider.wasm copied to dist/ beside the bundle, where load()
// looks for it (new URL("./dist/spider.wasm", import.meta.url)).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { extname, join, normalize } from "node:path";
import { test } from "node:test";
import * as esbuild from "esbuild";
import { installPack } from "./pack.mjs";

const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

/** Bundles the page into app/out, with the .wasm beside it, and resolves to out's path. */
async function bundle(app) {
  await copyFile(new URL("./page.mjs", import.meta.url), join(app, "page.mjs"));
  const out = join(app, "out");
  await esbuild.build({ absWorkingDir: app, entryPoints: ["page.mjs"], bundle: true, format: "esm", outfile: join(out, "page.js"), logLevel: "error" });
  await mkdir(join(out, "dist"));
  const wasm = createRequire(join(app, "package.json")).resolve("@spiderkit/spider/spider.wasm");
  await copyFile(wasm, join(out, "dist", "spider.wasm"));
  await writeFile(join(out, "index.html"), '<!doctype html><title>spider</title><script type="module" src="page.js"></script>\n');
  return out;
}

/** Serves out's files, and resolves result with the body of the page's POST /result. */
function serve(out) {
  let resolve;
  const result = new Promise((r) => (resolve = r));
  const server = createServer(async (req, res) => {
    if (req.method === "POST" && req.url === "/result") {
      let body = "";
      for await (const chunk of req) body += chunk;
      res.end();
      resolve(JSON.parse(body));
      return;
    }
    const path = normalize(req.url === "/" ? "/index.html" : req.url.split("?")[0]);
    try {
      const data = await readFile(join(out, path));
      res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
      res.end(data);
    } catch {
      res.writeHead(404).end();
    }
  });
  return { server, result };
}

/**
 * Opens url in headless Chromium with a fresh profile in dir and resolves to
 * what the page posts, or rejects when Chromium exits first (early: true)
 * or after 5 minutes (a safety bound: the page answers in seconds, however
 * busy the machine). Chromium has exited when it settles, and its helper
 * processes have been told to: it runs in a process group of its own,
 * killed whole, so that no helper writes into the profile while the test
 * removes it.
 */
async function openPage(url, dir, result) {
  const browser = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", `--user-data-dir=${dir}`, url], { stdio: ["ignore", "ignore", "pipe"], detached: true });
  let stderr = "";
  browser.stderr.on("data", (b) => (stderr = (stderr + b).slice(-2000)));
  const exited = new Promise((r) => browser.on("exit", (code, signal) => r(code ?? signal)).on("error", r)); // error: no such program
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no result from the page in 5 minutes")), 300_000)));
  const early = exited.then((code) => Promise.reject(Object.assign(new Error(`${chromium} exited (${code}) before the page answered:\n${stderr}`), { early: true })));
  try {
    return await Promise.race([result, timeout, early]);
  } finally {
    clearTimeout(timer);
    try {
      process.kill(-browser.pid); // the group: Chromium and its helpers
    } catch {
      browser.kill(); // no group (it never started, or has gone)
    }
    await exited; // before the profile is removed
  }
}

test("bundled by esbuild from the installed tarball, the package plays a game in headless Chromium", async (t) => {
  const { tmp, app } = await installPack(t);
  const { server, result } = serve(await bundle(app));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  server.unref(); // a server left open never keeps the test's process alive
  t.after(() => server.close());
  const url = `http://127.0.0.1:${server.address().port}/`;
  let got;
  try {
    got = await openPage(url, join(tmp, "profile"), result);
  } catch (e) {
    if (!e.early) throw e;
    // Chromium died on its own (a loaded machine), not on the page: once more.
    t.diagnostic(e.message);
    got = await openPage(url, join(tmp, "profile2"), result);
  }
  assert.equal(got.error, undefined, got.error);
  assert.equal(got.verdict, "verified");
  assert.equal(got.actions, 5);
  assert.equal(got.verifiedScore, got.score);
  assert.equal(got.longVerdict, "verified");
  assert.notEqual(got.junkVerdict, "verified");
  assert.equal(got.more, 20000);
});
