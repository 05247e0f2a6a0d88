import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../../../paths";
import { BUNDLED_ASSETS_DIR, CATALOGUE, ROLES } from "./catalogue";

describe("catalogue", () => {
  it("ships the Silero VAD in the repository with its licence and recorded checksum (no npm package)", () => {
    const vad = CATALOGUE.find((m) => m.id === ROLES.vad)!;
    expect(vad.format).toBe("bundled");
    expect(vad.bundledDir).toBe(fromRoot(BUNDLED_ASSETS_DIR));
    expect(vad.bundledDir).not.toMatch(/node_modules/);
    const file = vad.files[0]!;
    const bytes = readFileSync(path.join(vad.bundledDir!, file.path));
    expect(bytes.length).toBe(file.size);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
    expect(readFileSync(fromRoot(BUNDLED_ASSETS_DIR, "LICENSE-silero-vad.txt"), "utf8")).toMatch(/^MIT License/);
    expect(readFileSync(fromRoot(BUNDLED_ASSETS_DIR, "README.md"), "utf8")).toContain(file.sha256!);
  });

  it("gives every downloadable model a size to show before the download", () => {
    for (const m of CATALOGUE) expect(m.approxBytes ?? m.sizeBytes, m.id).not.toBeNull();
  });
});
