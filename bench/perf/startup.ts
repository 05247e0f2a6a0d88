// Figure a: spawn of `node scripts/start.mjs` → first 200 from GET /api/health, cold (empty
// DATA_DIR, includes initdb) and warm (same DATA_DIR again, median of 3).
// The start command rebuilds web/dist and server/dist when their sources are newer (other people editing the checkout):
// the bench builds it before each timed start, and discards (and repeats) a start during which
// a rebuild happened anyway, so the figures are server start-up only.
import fs from "node:fs/promises";
import os from "node:os";
import { ensureAppBuilt, makeTempDir, removeTempDir, serverBuiltAt, startServer, webBuiltAt, type RunningServer } from "./server";

export interface StartupResult {
  coldMs: number;
  warmMs: number[];
  warmMedianMs: number;
  stopMs: number[];
  discarded: number;
  loadAvg: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchStartup(log: (m: string) => void): Promise<StartupResult> {
  const dataDir = await makeTempDir("minutes-bench-start-");
  let discarded = 0;
  const stopMs: number[] = [];
  /** One timed start without a web build inside it (up to 3 tries), then SIGINT and wait. */
  const timedStart = async (label: string, freshDir: boolean): Promise<number> => {
    for (let attempt = 0; ; attempt++) {
      await ensureAppBuilt();
      const builtAt = webBuiltAt() + serverBuiltAt();
      const s: RunningServer = await startServer({ dataDir });
      stopMs.push(await s.stop());
      const rebuilt = webBuiltAt() + serverBuiltAt() !== builtAt;
      if (!rebuilt || attempt >= 2) {
        log(`  ${label}: ${s.startMs.toFixed(0)} ms${rebuilt ? " (includes a rebuild: sources kept changing)" : ""}`);
        return s.startMs;
      }
      discarded++;
      log(`  ${label}: discarded (${s.startMs.toFixed(0)} ms): sources changed and start.mjs rebuilt; again`);
      if (freshDir) {
        await fs.rm(dataDir, { recursive: true, force: true });
        await fs.mkdir(dataDir, { recursive: true });
      }
    }
  };
  try {
    const coldMs = await timedStart("cold start", true);
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push(await timedStart(`warm start ${i + 1}`, false));
    return { coldMs, warmMs: warm, warmMedianMs: median(warm), stopMs, discarded, loadAvg: os.loadavg()[0]! };
  } finally {
    await removeTempDir(dataDir);
  }
}
