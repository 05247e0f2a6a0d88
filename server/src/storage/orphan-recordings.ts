// A meeting's files live in `recordings/<userId>/<meetingId>/`. An upload's row is written
// after its file is in place, so a process killed between the two leaves a folder no meeting
// owns: nothing shows it, but it takes disk. This removes such folders of the local store.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { LocalBlobStore } from "./local-blob-store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes meeting folders untouched for `olderThanMs` whose meeting does not exist
 * (`existing` answers which of the ids do). Returns how many were removed.
 */
export async function removeOrphanRecordings(
  store: LocalBlobStore,
  existing: (meetingIds: string[]) => Promise<Set<string>>,
  olderThanMs: number,
): Promise<number> {
  const root = path.join(store.root, "recordings");
  const candidates: { dir: string; id: string }[] = [];
  for (const userId of await readdir(root).catch(() => [] as string[])) {
    for (const id of await readdir(path.join(root, userId)).catch(() => [] as string[])) {
      if (!UUID.test(id)) continue;
      const dir = path.join(root, userId, id);
      const s = await stat(dir).catch(() => null);
      if (s?.isDirectory() && Date.now() - s.mtimeMs >= olderThanMs) candidates.push({ dir, id });
    }
  }
  let removed = 0;
  for (let i = 0; i < candidates.length; i += 1000) {
    const batch = candidates.slice(i, i + 1000);
    const owned = await existing(batch.map((c) => c.id));
    for (const c of batch) {
      if (owned.has(c.id)) continue;
      await rm(c.dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
