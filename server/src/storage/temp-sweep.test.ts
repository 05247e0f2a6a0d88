import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { LocalBlobStore } from "./local-blob-store";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

it("sweeps temp files an interrupted upload left, but not one still being written", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "minutes-sweep-"));
  dirs.push(root);
  const tmp = path.join(root, ".tmp");
  await mkdir(tmp, { recursive: true });
  await writeFile(path.join(tmp, "old.part"), "x");
  const hourAgo = new Date(Date.now() - 3600_000);
  await utimes(path.join(tmp, "old.part"), hourAgo, hourAgo);
  await writeFile(path.join(tmp, "live.part"), "y");
  expect(await new LocalBlobStore(root).sweepTemp()).toBe(1);
  expect(await readdir(tmp)).toEqual(["live.part"]);
});
