// index.d.ts under tsc --noEmit --strict, against three kinds of code:
// a TypeScript page using the whole API (sample.ts), whose
// @ts-expect-error lines are the mistakes the types exist to catch; the
// package's own examples (the JavaScript blocks of js/README.md and of the
// repository's README), each a module of its own; and a file of real
// answers: what the module answers to calls of every kind, each typed as
// the declarations say its method returns (ReturnType<Game["apply"]>, ...),
// so that a key an answer has and its interface lacks, or a word a union
// lacks, is an error. TypeScript is a dev dependency, pinned in
// package.json: installed here from the lock file (npm ci) when
// node_modules lacks it, as on a fresh machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { load, Game, SpiderError } from "../index.js";

const dir = fileURLToPath(new URL("..", import.meta.url));
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

// The names the examples use without declaring them: a page's own.
const pageNames = {
  spider: "declare const spider: Spider;",
  game: "declare const game: Game;",
  showStuck: "declare function showStuck(): void;",
  showHint: "declare function showHint(s: Suggestion): void;",
  showLine: "declare function showLine(line: string): void;",
  msSinceLastAction: "declare const msSinceLastAction: number;",
  leaderboard: "declare const leaderboard: string;",
};

/** The ```js blocks of a Markdown file, each as a TypeScript module importing the package from the test's directory. */
function examples(markdown) {
  const out = [];
  for (const [, code] of readFileSync(join(dir, markdown), "utf8").matchAll(/```js\n(.*?)```/gs)) {
    const body = code.replaceAll('"@spiderkit/spider"', '"../../index.js"');
    const prelude = ['import type { Spider, Game, Suggestion } from "../../index.js";'];
    for (const [name, decl] of Object.entries(pageNames)) {
      const declared = new RegExp(`\\b(const|let|var|function)\\s+${name}\\b|import\\s*\\{[^}]*\\b${name}\\b`).test(body);
      if (!declared && new RegExp(`\\b${name}\\b`).test(body)) prelude.push(decl);
    }
    out.push(prelude.join("\n") + "\nexport {};\n" + body);
  }
  return out;
}

/** Real answers of the module, each with the method that gave it: [owner, method, value]. */
async function realAnswers() {
  const spider = await load();
  const out = [];
  const keep = (owner, method, value) => out.push([owner, method, value]);
  const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app", player: "ann" });
  keep("Game", "state", game.state());
  keep("Game", "tap", game.tap(3, 5));
  keep("Game", "apply", game.apply("d>f", 400));
  keep("Game", "legal", game.legal());
  keep("Game", "segments", game.segments(3));
  keep("Game", "suggest", game.suggest());
  keep("Game", "suggest", game.suggest("solver"));
  keep("Game", "advise", game.advise({ level: "beginner" }));
  keep("Game", "history", game.history());
  keep("Game", "history", game.history({ verbose: true }));
  keep("Game", "takeBack", game.takeBack());
  keep("Game", "apply", game.apply("d>f", 300));
  keep("Game", "timeLeft", game.timeLeft());
  keep("Game", "elapsed", game.elapsed());
  keep("Game", "finishable", game.finishable({ positions: 1000 }));
  keep("Game", "record", game.record("json"));
  const text = game.record();
  keep("Spider", "verify", spider.verify(text, { claims: "all" }));
  keep("Spider", "verify", spider.verify(text.replace("d>f@300", "a>b@300")));
  keep("Spider", "verify", spider.verify(text.replace(/\[Score "(\d+)"\]/, '[Score "9999"]')));
  keep("Spider", "verify", spider.verify(text, { variants: ["duel"] }));
  keep("Spider", "verify", spider.verify("not a record"));
  keep("Spider", "duel", spider.duel(text, text));
  keep("Spider", "variants", spider.variants());
  keep("Spider", "dailyCode", spider.dailyCode("2026-12-01", 2, "relaxed"));
  keep("Spider", "winnableCode", spider.winnableCode({ suits: 1, group: "relaxed", start: 12 }));
  keep("Game", "state", spider.api.call("state", game.handle)); // the JSON State, as C reads it
  const bot = spider.newBot({ code: "SP1-S4C-AAAAAAD", variant: "duel", level: "beginner", pace: 500 });
  keep("Bot", "step", bot.step());
  const lost = spider.newGame({ code: "SP1-S1C-AAAAAAG" });
  lost.apply("x");
  keep("Game", "state", lost.state());
  keep("Game", "advise", lost.advise());
  // Every other method of the table's with no argument it needs: a new
  // call's answer is checked here without a line of its own.
  for (const [owner, target] of [["Game", game], ["Spider", spider]]) {
    const base = Object.getPrototypeOf(Object.getPrototypeOf(target));
    for (const method of Object.getOwnPropertyNames(base)) {
      if (method === "constructor" || method === "free" || base[method].length > 0 || out.some(([o, m]) => o === owner && m === method)) continue;
      const value = target[method]();
      if (value instanceof Game) value.free(); // a new game: its type is the class
      else keep(owner, method, value);
    }
  }
  for (const refuse of [() => game.apply("a>b"), () => game.takeBack(9), () => spider.newGame({ suits: 3 }), () => spider.resume("x")]) {
    try {
      refuse();
      assert.fail("not refused");
    } catch (e) {
      assert.ok(e instanceof SpiderError, String(e));
      keep("SpiderError", "", { code: e.code, message: e.reason, explain: e.explain });
    }
  }
  game.free();
  lost.free();
  return out;
}

test("sample.ts, the examples and real answers type-check against index.d.ts under --strict", async () => {
  if (!existsSync(tsc)) {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const ci = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8" });
    assert.equal(ci.status, 0, `npm ci (for TypeScript, a dev dependency): ${ci.stderr || ci.error}`);
  }
  const tmp = mkdtempSync(join(dir, "test", ".types-"));
  try {
    const files = ["test/sample.ts"];
    [...examples("README.md"), ...examples("../README.md")].forEach((code, i) => {
      const f = join(tmp, `example${i}.ts`);
      writeFileSync(f, code);
      files.push(f);
    });
    assert.ok(files.length >= 6, `${files.length - 1} examples found`);
    const lines = ['import type { Spider, Game, Bot, SpiderError } from "../../index.js";'];
    for (const [i, [owner, method, value]] of (await realAnswers()).entries()) {
      const type = owner === "SpiderError" ? "ConstructorParameters<typeof SpiderError>[0]" : `ReturnType<${owner}[${JSON.stringify(method)}]>`;
      lines.push(`export const answer${i}: ${type} = ${JSON.stringify(value)};`);
    }
    const answers = join(tmp, "answers.ts");
    writeFileSync(answers, lines.join("\n") + "\n");
    files.push(answers);
    const r = spawnSync(process.execPath, [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", ...files],
      { cwd: dir, encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
