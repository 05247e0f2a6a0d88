import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock";

describe("lockDataDir", () => {
  it("refuses a second app on a DATA_DIR in use, and takes over a lock left by a dead process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutes-lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    fs.writeFileSync(path.join(dir, "app.pid"), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(/Another Minutes process \(pid \d+\) is using .*another DATA_DIR/);
    other.kill("SIGKILL");
    await new Promise((r) => other.on("exit", r));
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "app.pid"), "utf8")).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, "app.pid"))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});
