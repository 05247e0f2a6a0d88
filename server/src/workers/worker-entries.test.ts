// Every worker the server starts (workerScript(new URL("./<name>.ts", import.meta.url))) is
// bundled by the production build under its own name, beside main.mjs: otherwise the built
// server (and the container image, which ships server/dist only) would look for a bundle that
// is not there, and only that engine would fail, at run time.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../paths";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("worker bundles", () => {
  it("the build bundles every worker the server starts, from the file it names", () => {
    const started = new Map<string, string>();
    for (const file of sources(fromRoot("server/src")))
      for (const m of readFileSync(file, "utf8").matchAll(/workerScript\(new URL\("\.\/([\w-]+)\.ts", import\.meta\.url\)\)/g))
        started.set(m[1]!, path.relative(fromRoot(), path.join(path.dirname(file), `${m[1]}.ts`)));
    expect([...started.keys()].sort()).toEqual(["cpu-worker", "live-worker", "llama-worker", "sherpa-worker"]);

    const build = readFileSync(fromRoot("scripts/build.mjs"), "utf8");
    for (const [name, source] of started) expect(build, name).toContain(`"${name}": at("${source}")`);
  });
});
