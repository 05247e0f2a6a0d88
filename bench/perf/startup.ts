// Figure a: spawn of `node scripts/start.mjs` → first 200 from GET /api/health, cold (empty
// DATA_DIR, includes initdb) and warm (same DATA_DIR again, median of 3).
import { ensureWebBuilt, makeTempDir, removeTempDir, startServer, webBuiltAt } from "./server";

export interface StartupResult {
  coldMs: number;
  warmMs: number[];
  warmMedianMs: number;
  stopMs: number[];
  webRebuiltDuringRun: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchStartup(log: (m: string) => void): Promise<StartupResult> {
  await ensureWebBuilt();
  const builtAt = webBuiltAt();
  const dataDir = await makeTempDir("minutes-bench-start-");
  try {
    const cold = await startServer({ dataDir });
    log(`  cold start: ${cold.startMs.toFixed(0)} ms`);
    const stopMs = [await cold.stop()];
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer({ dataDir });
      warm.push(s.startMs);
      log(`  warm start ${i + 1}: ${s.startMs.toFixed(0)} ms`);
      stopMs.push(await s.stop());
    }
    return { coldMs: cold.startMs, warmMs: warm, warmMedianMs: median(warm), stopMs, webRebuiltDuringRun: webBuiltAt() !== builtAt };
  } finally {
    await removeTempDir(dataDir);
  }
}
