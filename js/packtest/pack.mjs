// What both tests share: the package packed with `npm pack` and installed
// into a fresh npm project in a temporary directory.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const pkg = join(here, "..");

function npm(args, cwd) {
  return execFileSync("npm", [...args, "--no-audit", "--no-fund"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Packs js/ into a temporary directory and installs the tarball, offline,
 * into a fresh project there, with game.mjs copied in. Resolves to the
 * project's directory and the files in the tarball; t.after removes it all.
 */
export async function installPack(t) {
  if (!existsSync(join(pkg, "dist", "spider.wasm"))) {
    throw new Error("no js/dist/spider.wasm: build it first (go run ./cmd/wasmbuild, from the repository's root)");
  }
  const tmp = await mkdtemp(join(tmpdir(), "spider-pack-"));
  // Retried: a browser's helper process may still be writing into a profile there.
  t.after(() => rm(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }));
  const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", tmp], pkg));
  const app = join(tmp, "app");
  await mkdir(app);
  await writeFile(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true, type: "module" }));
  // --offline: the tarball has no dependencies, so nothing is fetched.
  npm(["install", "--offline", join(tmp, packed.filename)], app);
  await copyFile(join(here, "game.mjs"), join(app, "game.mjs"));
  return { tmp, app, files: packed.files.map((f) => f.path).sort() };
}
