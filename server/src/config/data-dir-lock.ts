// One app per DATA_DIR in the embedded mode: a second one would take the first one's
// database for an orphan left by a crash and stop it. The lock holds our pid; a lock
// whose process is gone (kill -9) is simply taken over.
import fs from "node:fs";
import path from "node:path";

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "app.pid");
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(`Another Minutes process (pid ${pid}) is using ${dataDir}. Stop it first, or start this one with another DATA_DIR.`);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
