import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/db";
import { connectDatabase, type Database } from "../db/client";
import { meetings, user } from "../db/schema";
import { existingMeetingIds } from "../modules/meetings/meetings.repo";
import { LocalBlobStore } from "./local-blob-store";
import { removeOrphanRecordings } from "./orphan-recordings";

let database: Database;
let root: string;
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2);
  root = await mkdtemp(path.join(os.tmpdir(), "minutes-orphans-"));
});
afterAll(async () => {
  await database?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

it("removes a recording folder no meeting owns once it is old enough, and keeps every meeting's files", async () => {
  await database.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
  const [kept] = await database.db
    .insert(meetings)
    .values({ userId: "u1", title: "Kept", status: "completed", sourceType: "file_upload" })
    .returning();
  const orphan = randomUUID();
  const folder = (id: string) => path.join(root, "recordings", "u1", id);
  for (const id of [kept!.id, orphan]) {
    await mkdir(folder(id), { recursive: true });
    await writeFile(path.join(folder(id), "talk.wav"), "x");
  }
  await mkdir(path.join(root, "recordings", "u1", "not-a-meeting"), { recursive: true });
  const store = new LocalBlobStore(root);
  const exists = (ids: string[]) => existingMeetingIds(database.db, ids);

  // Young: it may be an upload whose meeting is being saved right now.
  expect(await removeOrphanRecordings(store, exists, 60_000)).toBe(0);
  const hourAgo = new Date(Date.now() - 3600_000);
  await utimes(folder(orphan), hourAgo, hourAgo);
  await utimes(folder(kept!.id), hourAgo, hourAgo);
  expect(await removeOrphanRecordings(store, exists, 60_000)).toBe(1);
  expect((await readdir(path.join(root, "recordings", "u1"))).sort()).toEqual([kept!.id, "not-a-meeting"].sort());
  expect(await readdir(folder(kept!.id))).toEqual(["talk.wav"]);
});
