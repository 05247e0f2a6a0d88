// The API stays responsive while a huge meeting exports to PDF: a 15 MB transcript is put
// into the server's own database, its PDF is requested, and /api/health is timed every
// 50 ms until the PDF arrives; first the same for 20 s with no export (the control: what the
// machine's load alone does). Runs the real start command (embedded mode). Prints /api/health
// latency percentiles, the server's and this process's event-loop delay, how long the server's
// main thread ran and waited for a CPU, the export time and the load average (the machine is
// shared: compare runs taken together).
// Run: npm run bench:pdf [-- --cpu-prof]   (goal: every /api/health < 200 ms)
import { readFileSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import { childPids, Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, sleep, startServer } from "./perf/server";

const TARGET_BYTES = 15 * 1024 * 1024;

/**
 * PostgreSQL writes the meeting itself (generate_series), so this process never holds the
 * 15 MB: its garbage collection would otherwise show up as slow /api/health answers.
 */
async function seedHugeMeeting(databaseUrl: string, userId: string): Promise<{ id: string; bytes: number }> {
  const speakers = ["Maria Lopez", "Sam Park", "Li Wei", "Priya Nair"];
  const line = (i: number) =>
    `Point ${i}: we went through the rollout plan again, agreed that the launch review moves to Thursday, and I'll send the updated deck with the figures by Friday.`;
  let turns = 0;
  for (let bytes = 0; bytes < TARGET_BYTES; turns++) bytes += speakers[turns % speakers.length]!.length + 3 + line(turns).length;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; bytes: number }>(
      `with u as (
         select i, ($2::text[])[i % cardinality($2::text[]) + 1] as speaker,
                'Point ' || i || ': we went through the rollout plan again, agreed that the launch review moves to Thursday, and I''ll send the updated deck with the figures by Friday.' as text
         from generate_series(0, $3::int - 1) as i)
       insert into meetings (user_id, title, status, source_type, transcript, utterances, summary, duration_seconds,
                             transcript_engine, summary_engine, progress, processed_at)
       select $1, 'Huge meeting', 'completed', 'transcript_import',
              string_agg(speaker || ': ' || text, E'\\n' order by i),
              jsonb_agg(jsonb_build_object('speaker', speaker, 'start', i * 6, 'end', i * 6 + 5.5, 'text', text) order by i),
              '- A long meeting', $3::int * 6, 'import', 'built-in', 100, now()
       from u
       returning id, octet_length(transcript) as bytes`,
      [userId, speakers, turns],
    );
    return rows[0]!;
  } finally {
    await db.end();
  }
}

/** The server's event-loop delay (prom-client's monitorEventLoopDelay, reset on every scrape of /metrics). */
async function serverEventLoopDelay(url: string): Promise<{ maxMs: number; p99Ms: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^minutes_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, "m").exec(text)?.[1] ?? NaN) * 1000;
  return { maxMs: read("max"), p99Ms: read("p99") };
}

/** A thread's time on a CPU and waiting for one, in ms (/proc/<pid>/task/<tid>/schedstat, in ns). */
function threadSchedule(pid: number, tid = pid): { runMs: number; waitMs: number } {
  const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
  return { runMs: run! / 1e6, waitMs: wait! / 1e6 };
}

/**
 * How the server's CPU task process (workers/off-thread.ts) runs: its session (its own, not the
 * server's) and its threads' nice values (field 19 of /proc/<pid>/task/<tid>/stat).
 */
function cpuTaskProcesses(serverPid: number): string {
  const statFields = (file: string) => {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  const out: string[] = [];
  for (const pid of childPids(serverPid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("cpu-worker")) continue;
      const nices = readdirSync(`/proc/${pid}/task`).map((tid) => statFields(`/proc/${pid}/task/${tid}/stat`)[16]);
      const ownSession = statFields(`/proc/${pid}/stat`)[3] !== statFields(`/proc/${serverPid}/stat`)[3];
      out.push(`pid ${pid}, ${ownSession ? "own session" : "the server's session"}, threads' nice ${[...new Set(nices)].join("/")}`);
    } catch {
      /* it ended */
    }
  }
  return out.join("; ");
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

interface Phase {
  healthMs: number[];
  slow: string[];
  serverDelay: { maxMs: number; p99Ms: number };
  benchDelayMaxMs: number;
  mainThread: { runMs: number; waitMs: number };
  load: string;
}

/** Times /api/health every 50 ms until `finished` resolves; the server's and this process's event-loop delay over the same time. */
async function measure(
  url: string,
  serverPid: number,
  finished: Promise<unknown>,
  onTick: (elapsedMs: number) => void = () => {},
): Promise<Phase> {
  let done = false;
  void finished.finally(() => (done = true));
  const benchDelay = monitorEventLoopDelay({ resolution: 10 });
  await serverEventLoopDelay(url); // resets the server's histogram: what follows is this phase's
  benchDelay.enable();
  const before = threadSchedule(serverPid);
  const t0 = performance.now();
  const healthMs: number[] = [];
  const slow: string[] = [];
  while (!done) {
    const h0 = performance.now();
    const r = await fetch(`${url}/api/health`);
    await r.arrayBuffer();
    healthMs.push(performance.now() - h0);
    if (healthMs.at(-1)! >= 200) slow.push(`${healthMs.at(-1)!.toFixed(0)} ms at ${((h0 - t0) / 1000).toFixed(1)} s`);
    onTick(performance.now() - t0);
    await Promise.race([finished, sleep(50)]);
  }
  benchDelay.disable();
  const after = threadSchedule(serverPid);
  return {
    healthMs: healthMs.sort((x, y) => x - y),
    slow,
    serverDelay: await serverEventLoopDelay(url),
    benchDelayMaxMs: benchDelay.max / 1e6,
    mainThread: { runMs: after.runMs - before.runMs, waitMs: after.waitMs - before.waitMs },
    load: loadAverage(),
  };
}

function report(label: string, p: Phase) {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const h = p.healthMs;
  console.log(`${label}:`);
  console.log(
    `  /api/health: ${h.length} requests, p50 ${ms(percentile(h, 0.5))}, p95 ${ms(percentile(h, 0.95))}, p99 ${ms(percentile(h, 0.99))}, max ${ms(h.at(-1)!)}; ${p.slow.length} at or over 200 ms${p.slow.length ? ` (${p.slow.slice(0, 6).join(", ")})` : ""}`,
  );
  console.log(
    `  event-loop delay: server max ${ms(p.serverDelay.maxMs)} (p99 ${ms(p.serverDelay.p99Ms)}), this bench process max ${ms(p.benchDelayMaxMs)}`,
  );
  console.log(
    `  server's main thread: ${p.mainThread.runMs.toFixed(0)} ms on a CPU, ${p.mainThread.waitMs.toFixed(0)} ms runnable but waiting for one; load average at the end ${p.load}`,
  );
}

const CONTROL_SECONDS = 20;

async function main() {
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  // `-- --cpu-prof`: the server writes V8 CPU profiles (one per thread) into a folder kept after the run.
  const cpuProfDir = process.argv.includes("--cpu-prof") ? await fs.mkdtemp(path.join(os.tmpdir(), "minutes-pdf-prof-")) : null;
  const dataDir = await makeTempDir("minutes-bench-pdf-");
  const server = await startServer({ dataDir, nodeArgs: cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [] });
  try {
    const client = new Client(server.url);
    const { user } = await client.signUp(`pdf${Date.now()}@example.com`);
    const meeting = await seedHugeMeeting(server.databaseUrl(), user.id);
    const pid = server.serverPid();
    console.log(`load average (1/5/15 min) at the start ${loadAverage()} on ${os.availableParallelism()} cores`);
    // The same polling with nothing exported: what this machine's load alone does to the answers.
    const control = await measure(server.url, pid, sleep(CONTROL_SECONDS * 1000));

    const t0 = performance.now();
    let pdfBytes = -1;
    let pdfStatus = 0;
    const pdf = fetch(`${server.url}/api/meetings/${meeting.id}/export.pdf`, { headers: { cookie: client.cookie } }).then(async (r) => {
      pdfStatus = r.status;
      pdfBytes = (await r.arrayBuffer()).byteLength;
    });
    let taskProcess: string | null = null;
    const during = await measure(server.url, pid, pdf, (elapsedMs) => {
      if (taskProcess === null && elapsedMs > 2000) taskProcess = cpuTaskProcesses(pid);
    });
    const exportMs = performance.now() - t0;

    console.log(
      `transcript ${(meeting.bytes / 1048576).toFixed(1)} MB -> PDF ${(pdfBytes / 1048576).toFixed(1)} MB (HTTP ${pdfStatus}); export took ${(exportMs / 1000).toFixed(1)} s`,
    );
    console.log(`CPU task process 2 s into the export: ${taskProcess || "none"}`);
    report(`no export (${CONTROL_SECONDS} s, the control)`, control);
    report("during the export", during);
    const pass = during.healthMs.at(-1)! < 200 && pdfStatus === 200;
    console.log(`goal: every /api/health during the export < 200 ms: ${pass ? "PASS" : "FAIL"}`);
    if (cpuProfDir) console.log(`CPU profiles (open in Chrome DevTools or speedscope): ${cpuProfDir}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
