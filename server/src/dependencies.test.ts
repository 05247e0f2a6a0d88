// What the README and package.json promise about the installed dependencies: they run on the
// oldest Node the README names (so `npm install` prints no EBADENGINE warning there), and the
// packages replaced in issue 29 stay out of the install.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fromRoot } from "./paths";

// semver comes with npm's own toolchain (here through Babel); a test-only use.
const semver = createRequire(import.meta.url)("semver") as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(fromRoot("package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe("dependencies", () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it("the README names the Node version package.json requires", () => {
    const [major, minor] = oldest.split(".");
    expect(readFileSync(fromRoot("README.md"), "utf8")).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it("every installed package accepts the oldest Node package.json allows", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== "")
      .flatMap(([name, p]) => {
        const range = !p.engines || Array.isArray(p.engines) ? undefined : p.engines.node;
        return range && !semver.satisfies(oldest, range) ? [`${name.replace(/^.*node_modules\//, "")}: node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it("installs no bundled VAD package, browser onnxruntime or JavaScript bzip2 decoder", () => {
    const names = Object.keys(lock.packages).map((n) => n.replace(/^.*node_modules\//, ""));
    for (const gone of ["@ricky0123/vad-web", "onnxruntime-web", "unbzip2-stream"]) expect(names).not.toContain(gone);
  });
});
