// Which ffmpeg/ffprobe runs: the configured one, else the system's when new enough, else the
// bundled npm build (2018) as a fallback; versions read from `-version` at start.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chooseBinary, describeMediaBinaries, ffmpegPath, ffprobePath, mediaBinary, parseMediaVersion, setMediaBinaries } from "./ffmpeg";

const work = await mkdtemp(path.join(tmpdir(), "ffmpeg-choice-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** A folder with a stand-in `tool` that prints `firstLine` for -version, as a system install would. */
async function fakeSystem(name: string, tool: string, firstLine: string): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, tool);
  await writeFile(file, `#!/bin/sh\necho '${firstLine}'\n`);
  await chmod(file, 0o755);
  return dir;
}

describe("media binaries", () => {
  it("reads release numbers and snapshot years from -version", () => {
    expect(parseMediaVersion("ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers\nbuilt with gcc")).toEqual({
      version: "5.1.6-0+deb12u1",
      newEnough: true,
    });
    expect(parseMediaVersion("ffprobe version n7.0.2 Copyright (c) 2007-2024")).toEqual({ version: "n7.0.2", newEnough: true });
    expect(parseMediaVersion("ffmpeg version 4.4.2-0ubuntu0.22.04.1 Copyright (c) 2000-2021").newEnough).toBe(true);
    expect(parseMediaVersion("ffmpeg version 4.2.7-0ubuntu0.1 Copyright (c) 2000-2022").newEnough).toBe(false);
    // The npm-bundled build: a git snapshot from 2018.
    expect(
      parseMediaVersion("ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018"),
    ).toEqual({
      version: "N-47683-g0e8eb07980-static (2018)",
      newEnough: false,
    });
    expect(parseMediaVersion("not ffmpeg")).toEqual({ version: null, newEnough: false });
  });

  it("prefers the configured path, then a new-enough system ffmpeg, then the bundled build", async () => {
    expect(chooseBinary("ffmpeg", "/opt/ffmpeg/bin/ffmpeg", "")).toMatchObject({ path: "/opt/ffmpeg/bin/ffmpeg", source: "configured" });

    const modern = await fakeSystem("modern", "ffmpeg", "ffmpeg version 6.1.1-3ubuntu5 Copyright (c) 2000-2023 the FFmpeg developers");
    expect(chooseBinary("ffmpeg", null, modern)).toEqual({
      path: path.join(modern, "ffmpeg"),
      source: "system",
      version: "6.1.1-3ubuntu5",
      newEnough: true,
    });

    // No system ffmpeg, or one older than 4.4: the bundled npm build, flagged as not new enough.
    const old = await fakeSystem("old", "ffmpeg", "ffmpeg version 4.1.11 Copyright (c) 2000-2023");
    for (const pathEnv of ["", old]) {
      const b = chooseBinary("ffmpeg", null, pathEnv);
      expect(b.source).toBe("bundled");
      expect(b.path).toMatch(/@ffmpeg-installer/);
      expect(b.version).toMatch(/\(2018\)$/);
      expect(b.newEnough).toBe(false);
    }
    expect(chooseBinary("ffprobe", null, "").path).toMatch(/@ffprobe-installer/);
  });

  it("uses FFMPEG_PATH / FFPROBE_PATH when set, and warns at start about anything but a new-enough system build", () => {
    try {
      setMediaBinaries({ ffmpeg: "/usr/local/bin/ffmpeg", ffprobe: "/usr/local/bin/ffprobe" });
      expect(ffmpegPath()).toBe("/usr/local/bin/ffmpeg");
      expect(ffprobePath()).toBe("/usr/local/bin/ffprobe");
      // It does not exist here: no version, and the start-up log says so.
      expect(describeMediaBinaries()[0]).toMatchObject({
        level: "warn",
        text: expect.stringContaining("/usr/local/bin/ffmpeg did not run"),
      });
    } finally {
      setMediaBinaries({ ffmpeg: null, ffprobe: null });
    }
    const lines = describeMediaBinaries();
    for (const [i, tool] of (["ffmpeg", "ffprobe"] as const).entries()) {
      const b = mediaBinary(tool);
      if (b.source === "bundled") {
        expect(lines[i]).toMatchObject({ level: "warn", text: expect.stringContaining("kept only as a fallback") });
        expect(lines[i]!.text).toContain("apt-get install ffmpeg");
      } else if (b.source === "system" && b.newEnough) {
        expect(lines[i]).toMatchObject({ level: "info" });
      }
    }
  });
});
