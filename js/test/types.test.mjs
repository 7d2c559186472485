// index.d.ts against a TypeScript page using the whole API (sample.ts),
// under tsc --noEmit --strict: the calls and answers type-check, and the
// mistakes the types exist to catch (its @ts-expect-error lines) do not.
// TypeScript is a dev dependency: installed here from the lock file
// (npm ci) when node_modules lacks it, as on a fresh machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("..", import.meta.url));
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

test("sample.ts type-checks against index.d.ts under --strict", () => {
  if (!existsSync(tsc)) {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const ci = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8" });
    assert.equal(ci.status, 0, `npm ci (for TypeScript, a dev dependency): ${ci.stderr || ci.error}`);
  }
  const r = spawnSync(process.execPath, [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "test/sample.ts"],
    { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
