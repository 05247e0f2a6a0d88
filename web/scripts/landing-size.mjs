#!/usr/bin/env node
// Reports the gzip size of the JavaScript the landing page ('/') loads after
// `vite build`: the entry chunk and its static imports, plus the lazily loaded
// LandingPage chunk and its static imports. Exits 1 above the budget.
//   node web/scripts/landing-size.mjs [budgetKiB=150]
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const budget = Number(process.argv[2] ?? 150) * 1024;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const landingKey = Object.keys(manifest).find((k) => k.endsWith("features/landing/LandingPage.tsx"));
if (!entryKey || !landingKey) throw new Error("entry or LandingPage chunk not found in the manifest");

const keys = closure(landingKey, closure(entryKey));
let total = 0;
const rows = [];
for (const key of keys) {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KiB  ${file}`);
const css = manifest[entryKey].css ?? [];
for (const file of css)
  console.log(
    `${(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024).toFixed(1).padStart(8)} KiB  ${file} (CSS, not counted)`,
  );
console.log(`${(total / 1024).toFixed(1).padStart(8)} KiB  landing page JavaScript, gzip (budget ${(budget / 1024).toFixed(0)} KiB)`);
process.exit(total > budget ? 1 : 0);
