import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Decision records are cited by number ("decision 023") from code and docs, so each number
// must name exactly one record, and every citation must name a record that exists.
const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "docs/decisions");
const records = readdirSync(dir).filter((f) => f.endsWith(".md"));

function filesUnder(rel: string, exts: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name === "dist" || e.name.startsWith(".")) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (exts.some((x) => e.name.endsWith(x))) out.push(p);
    }
  };
  walk(path.join(root, rel));
  return out;
}

describe("decision records", () => {
  it("are named NNN-topic.md, one record per number, with the number in the title", () => {
    const seen = new Map<string, string>();
    for (const f of records) {
      expect(f, `${f} should be named NNN-topic.md`).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
      const n = f.slice(0, 3);
      expect(seen.get(n), `${f} and ${seen.get(n)} share the number ${n}`).toBeUndefined();
      seen.set(n, f);
      const title = readFileSync(path.join(dir, f), "utf8").split("\n")[0];
      expect(title, `${f}: the title should start with "# ${n}"`).toMatch(new RegExp(`^# ${n}\\b`));
    }
  });

  it("are cited by numbers and paths that exist", () => {
    const numbers = new Set(records.map((f) => f.slice(0, 3)));
    const cited: string[] = [];
    const sources = [
      ...filesUnder("docs", [".md"]),
      ...filesUnder("server/src", [".ts", ".mjs", ".cjs"]),
      ...filesUnder("web/src", [".ts", ".tsx"]),
      ...filesUnder("bench", [".ts", ".md"]),
      path.join(root, "README.md"),
    ];
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b[Dd]ecisions? (\d{3})\b/g)) {
        if (!numbers.has(m[1] ?? "")) cited.push(`${path.relative(root, file)}: decision ${m[1]}`);
      }
      for (const m of text.matchAll(/decisions\/(\d{3}-[a-z0-9-]+)(\.md)?/g)) {
        if (!records.includes(`${m[1]}.md`)) cited.push(`${path.relative(root, file)}: ${m[0]}`);
      }
    }
    expect(cited).toEqual([]);
  });
});
