import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md is where a newcomer starts: a feature folder it does not name is a
// feature they will not find. A new folder fails here until the document names it.
const root = path.resolve(import.meta.dirname, "../..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
const folders = (rel: string) =>
  readdirSync(path.join(root, rel), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe("docs/architecture.md", () => {
  it("names every web feature folder in the Web app table", () => {
    const missing = folders("web/src/features").filter((f) => !new RegExp(`^\\| \`${f}\` +\\|`, "m").test(doc));
    expect(missing).toEqual([]);
  });

  it("names every server module", () => {
    const missing = folders("server/src/modules").filter((m) => !new RegExp(`modules/${m}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
});
