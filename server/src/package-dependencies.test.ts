// `npm start` builds the web app and runs the server on a machine where only `dependencies`
// may be installed (NODE_ENV=production npm install, a Docker image): every package that the
// server, the web app or vite.config.ts imports at run or build time must be a dependency,
// not a devDependency.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" || e.name === "dist" ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mjs|cjs)$/.test(e.name) && !/\.test\.tsx?$|test-fixtures\.ts$|\.d\.ts$/.test(e.name) ? [rel] : [];
  });
}

/** Package names a file imports or requires (bare specifiers only, type-only imports skipped). */
function importedPackages(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith(".") && !s.startsWith("@/") && !s.startsWith("node:") && !builtinModules.includes(s.split("/")[0]!))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

describe("what npm start needs is in dependencies", () => {
  it("covers the server, the web app and its build config", () => {
    const files = [
      "vite.config.ts",
      "scripts/start.mjs",
      "scripts/build.mjs",
      ...sourceFiles("server/src"),
      ...sourceFiles("web/src"),
      ...sourceFiles("contract"),
    ];
    const missing = files.flatMap((f) =>
      importedPackages(f)
        .filter((p) => !pkg.dependencies[p])
        .map((p) => `${p} (imported by ${f})`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
