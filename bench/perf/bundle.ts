// Figure b: gzip size of the JavaScript the landing page loads: the entry script and
// modulepreload links of web/dist/index.html, plus every chunk they import statically.
// The lazily loaded LandingPage route chunk is reported beside it, not in the goal figure.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureAppBuilt, repoRoot } from "./server";

export interface BundleResult {
  files: { file: string; raw: number; gzip: number }[];
  totalGzip: number;
  totalRaw: number;
  landingChunk: { files: string[]; gzip: number } | null;
}

const dist = path.join(repoRoot, "web/dist");

/** Static imports (`import{…}from"./x.js"`, `import"./x.js"`), not `import(` nor `import.meta`. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}\n])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

function closure(starts: string[], skip = new Set<string>()): string[] {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), "utf8");
    for (const spec of staticImports(code)) {
      if (/^https?:/.test(spec)) continue;
      const resolved = spec.startsWith("/") ? spec.slice(1) : path.posix.join(path.posix.dirname(file), spec);
      queue.push(resolved);
    }
  }
  return [...seen];
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

export async function benchBundle(): Promise<BundleResult> {
  if (!existsSync(path.join(dist, "index.html"))) await ensureAppBuilt();
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const starts: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script/.test(tag) && /type=["']module["']/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel=["']modulepreload["']/.test(tag);
    const src = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isEntry || isPreload) && src && !/^https?:/.test(src)) starts.push(src.replace(/^\//, ""));
  }
  if (!starts.length) throw new Error("no entry script found in web/dist/index.html");
  const files = closure(starts).map((file) => ({ file, raw: readFileSync(path.join(dist, file)).length, gzip: gz(file) }));
  const counted = new Set(files.map((f) => f.file));
  const landing = readdirSync(path.join(dist, "assets")).find((f) => /^LandingPage-.*\.js$/.test(f));
  let landingChunk: BundleResult["landingChunk"] = null;
  if (landing) {
    const extra = closure([`assets/${landing}`], counted);
    landingChunk = { files: extra, gzip: extra.reduce((s, f) => s + gz(f), 0) };
  }
  return {
    files,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    totalRaw: files.reduce((s, f) => s + f.raw, 0),
    landingChunk,
  };
}
