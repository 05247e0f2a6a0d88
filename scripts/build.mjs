// What `npm start` runs, built when missing or older than its sources:
// - the web app: `vite build` → web/dist;
// - the server: esbuild → server/dist/main.mjs, our TypeScript in ESM chunks with node_modules
//   left external. Plain JavaScript starts about a second faster than TypeScript through
//   tsx's loader hooks (every import is a round trip to the hooks' thread).
// Used by scripts/start.mjs and by the start-up benchmark (same staleness rule for both).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => path.join(repoRoot, p);
export const serverEntry = at("server/dist/main.mjs");

function newestMtime(dir) {
  // A container image ships the builds without their sources: nothing there is stale.
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export const webBuiltAt = () => mtimeOf(at("web/dist/index.html"));
export const serverBuiltAt = () => mtimeOf(serverEntry);

export function webIsStale() {
  const builtAt = webBuiltAt();
  return builtAt === 0 || newestMtime(at("web")) > builtAt || mtimeOf(at("vite.config.ts")) > builtAt;
}

export function serverIsStale() {
  const builtAt = serverBuiltAt();
  return builtAt === 0 || Math.max(newestMtime(at("server/src")), newestMtime(at("contract")), mtimeOf(at("package.json"))) > builtAt;
}

export function buildWeb() {
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: repoRoot, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
}

export async function buildServer() {
  const { build } = await import("esbuild");
  // Built beside and swapped in, so a second app starting at the same moment never loads half a build.
  const outdir = at(`server/dist.${process.pid}`);
  await build({
    // The worker processes (workers/child-process.ts starts them; workerScript() finds each bundle
    // beside main.mjs by its source's name): cpu-worker renders large PDFs and parses large
    // transcripts (workers/off-thread.ts), sherpa-worker runs the local speech engine,
    // live-worker the live transcript while recording, llama-worker the local language model.
    entryPoints: {
      main: at("server/src/main.ts"),
      "cpu-worker": at("server/src/workers/cpu-worker.ts"),
      "sherpa-worker": at("server/src/engines/speech/local/sherpa-worker.ts"),
      "live-worker": at("server/src/engines/speech/live/live-worker.ts"),
      "llama-worker": at("server/src/engines/llm/local/llama-worker.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Chunks keep lazy `await import()`s lazy (pdfkit loads on the first PDF export).
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  rmSync(at("server/dist"), { recursive: true, force: true });
  renameSync(outdir, at("server/dist"));
}

/** Builds whichever of the two is stale; returns what it built. */
export async function ensureBuilt() {
  const built = [];
  if (webIsStale()) {
    buildWeb();
    built.push("web");
  }
  if (serverIsStale()) {
    await buildServer();
    built.push("server");
  }
  return built;
}
