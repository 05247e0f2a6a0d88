// Requests whose work grows with a meeting's size: imports generated WebVTT transcripts of about
// 1, 4 and 16 MB through the upload (parsed off the API's thread), waits for their notes, then
// times each request that reads or changes a whole meeting (the meeting page's own GET, its
// changes that answer with the meeting, and the other routes of a meeting) while /api/health is
// timed every 5 ms beside it. Prints per request: latency, the slowest /api/health answered
// meanwhile, the server's event-loop delay (prom-client's histogram, reset by each /metrics
// scrape) and the CPU time of the server's main thread during the request (its event loop's own
// work, from /proc/<pid>/task/<pid>/schedstat: unlike the delays, not inflated by other processes
// on a shared machine). Runs the real start command (embedded mode). Compare runs taken together.
// Run: npm run bench:meeting-detail [-- 1 4 16]   (sizes in MB; default all three)
import { readFileSync } from "node:fs";
import os from "node:os";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, sleep, startServer } from "./perf/server";

const SPEAKERS = ["Maria Lopez", "Sam Park", "Li Wei", "Priya Nair"];
const WORDS =
  "rollout planning customers onboarding quarterly forecast engineering migration reviewing deadline dashboard analytics partnership estimates security "
    .trim()
    .split(" ");
/** Requests per path and size with /api/health polled beside them, and as many without (for the CPU figure). */
const REPEATS = Number(process.env.REPEATS ?? 2);

/** A WebVTT file of about `bytes`: alternating speakers (so no two cues merge), one sentence each. */
function generateVtt(bytes: number): { vtt: string; cues: number; words: number } {
  const stamp = (s: number) => {
    const h = Math.floor(s / 3600);
    const m = Math.floor(s / 60) % 60;
    return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  };
  const parts = ["WEBVTT\n"];
  let size = 7;
  let cues = 0;
  let words = 0;
  while (size < bytes) {
    const n = 18 + (cues % 7);
    const text = Array.from({ length: n }, (_, k) => WORDS[(cues * 3 + k) % WORDS.length]).join(" ");
    const cue = `\n${cues + 1}\n${stamp(cues * 5)} --> ${stamp(cues * 5 + 4)}\n<v ${SPEAKERS[cues % SPEAKERS.length]}>Point ${cues}: ${text}.</v>\n`;
    parts.push(cue);
    size += Buffer.byteLength(cue);
    words += n + 2;
    cues++;
  }
  return { vtt: parts.join(""), cues, words };
}

async function upload(client: Client, name: string, vtt: string): Promise<string> {
  const form = new FormData();
  form.set("title", name);
  form.set("file", new Blob([vtt], { type: "text/vtt" }), `${name}.vtt`);
  const r = await fetch(`${client.baseUrl}/api/meetings`, {
    method: "POST",
    headers: { origin: client.baseUrl, cookie: client.cookie },
    body: form,
  });
  const text = await r.text();
  if (r.status !== 201) throw new Error(`upload of ${name} failed: ${r.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** Waits until the meeting's notes are written, reading its status from the list (small, paged). */
async function waitCompleted(client: Client, id: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await client.request("GET", "/api/meetings");
    const m = (r.json.meetings as { id: string; status: string; error: string | null }[]).find((x) => x.id === id);
    if (m?.status === "completed") return;
    // The notes may fail on a loaded machine (their time budget); the transcript is kept, and that is what is timed.
    if (m?.status === "failed") return console.log(`   (its notes failed: ${m.error?.slice(0, 80)}…; the transcript is kept)`);
    await sleep(500);
  }
  throw new Error(`meeting ${id} not completed in ${timeoutMs} ms`);
}

/** The server's event-loop delay since the last scrape (the scrape resets prom-client's histogram). */
async function serverLoopDelayMaxMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^minutes_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
}

/** CPU time (ms) the server's main thread (its event loop) has run so far. */
function mainThreadCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

interface Sample {
  cpuMs: number;
  ms: number;
  bytes: number;
  status: number;
  healthMaxMs: number;
  loopMaxMs: number;
}

/**
 * One request; with `poll`, /api/health timed every 5 ms beside it (whose answers cost the main
 * thread CPU too: the CPU figure comes from requests without it).
 */
async function timed(
  poll: boolean,
  pid: number,
  url: string,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Sample> {
  await serverLoopDelayMaxMs(url);
  let done = !poll;
  let healthMaxMs = 0;
  const poller = (async () => {
    while (!done) {
      const h0 = performance.now();
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - h0);
      await sleep(5);
    }
  })();
  await sleep(20); // the poller is running before the request starts
  const cpu0 = mainThreadCpuMs(pid);
  const t0 = performance.now();
  const r = await fetch(url + pathname, {
    method,
    headers: { origin: url, cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = (await r.arrayBuffer()).byteLength; // never parsed here: this process's own pauses stay out of the figures
  const ms = performance.now() - t0;
  const cpuMs = mainThreadCpuMs(pid) - cpu0;
  done = true;
  await poller;
  return { cpuMs, ms, bytes, status: r.status, healthMaxMs, loopMaxMs: await serverLoopDelayMaxMs(url) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
const f0 = (v: number) => v.toFixed(0).padStart(6);

async function main() {
  exitCleanlyOnSignals();
  const sizesMb = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const sizes = sizesMb.length ? sizesMb : [1, 4, 16];
  await ensureAppBuilt();
  const dataDir = await makeTempDir("minutes-bench-detail-");
  const server = await startServer({ dataDir, env: { LOG_LEVEL: "error" } });
  try {
    const client = new Client(server.url);
    await client.signUp(`detail${Date.now()}@example.com`);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1))} on ${os.availableParallelism()} cores`);
    console.log(
      `figures: median / worst of ${2 * REPEATS} requests; health = slowest /api/health (polled every 5 ms beside ${REPEATS} of them); loop = server event-loop delay max;\ncpu = median CPU ms of the server's main thread during the ${REPEATS} requests without polling\n`,
    );
    console.log(
      `${"size".padEnd(7)} ${"request".padEnd(34)} ${"KB".padStart(7)} ${"ms p50".padStart(6)} ${"ms max".padStart(6)} ${"health".padStart(6)} ${"loop".padStart(6)} ${"cpu".padStart(6)}`,
    );
    for (const mb of sizes) {
      const { vtt, cues, words } = generateVtt(mb * 1024 * 1024);
      const t0 = performance.now();
      const id = await upload(client, `bench-${mb}mb`, vtt);
      await waitCompleted(client, id);
      console.log(
        `-- ${mb} MB VTT: ${cues} cues, ${words} words; upload, parse and notes ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const link = await client.request("POST", `/api/meetings/${id}/public-links`, { parts: ["summary", "actionItems", "transcript"] });
      const token = (link.json as { token?: string; url?: string }).token ?? String(link.json?.url ?? "").split("/p/")[1] ?? "";
      const renames = [{ names: { "Maria Lopez": "Maria L." } }, { names: { "Maria L.": "Maria Lopez" } }];
      const paths: { label: string; method: string; path: string; body?: (i: number) => unknown }[] = [
        { label: "GET /api/meetings/:id", method: "GET", path: `/api/meetings/${id}` },
        { label: "PATCH /api/meetings/:id (title)", method: "PATCH", path: `/api/meetings/${id}`, body: (i) => ({ title: `bench ${i}` }) },
        { label: "PATCH …/speakers (rename)", method: "PATCH", path: `/api/meetings/${id}/speakers`, body: (i) => renames[i % 2] },
        {
          label: "PATCH …/turns/7 (edit a turn)",
          method: "PATCH",
          path: `/api/meetings/${id}/turns/7`,
          body: (i) => ({ text: `Edited ${i}.` }),
        },
        { label: "POST …/turns/undo", method: "POST", path: `/api/meetings/${id}/turns/undo` },
        { label: "GET …/turns/edits", method: "GET", path: `/api/meetings/${id}/turns/edits` },
        { label: "GET /api/meetings (list)", method: "GET", path: "/api/meetings" },
        { label: "GET …/action-items", method: "GET", path: `/api/meetings/${id}/action-items` },
        { label: "GET …/people", method: "GET", path: `/api/meetings/${id}/people` },
        { label: "GET …/public-links", method: "GET", path: `/api/meetings/${id}/public-links` },
        { label: "GET /api/public/:token", method: "GET", path: `/api/public/${token}` },
        { label: "GET …/export.md (off-thread)", method: "GET", path: `/api/meetings/${id}/export.md` },
      ];
      for (const p of paths) {
        const polled: Sample[] = [];
        const quiet: Sample[] = [];
        for (let i = 0; i < 2 * REPEATS; i++) {
          // edit then undo pairs: the undo row always has an edit to undo
          if (p.label.startsWith("POST …/turns/undo"))
            await client.request("PATCH", `/api/meetings/${id}/turns/7`, { text: `Before undo ${i}.` });
          const poll = i < REPEATS;
          (poll ? polled : quiet).push(await timed(poll, server.serverPid(), server.url, client.cookie, p.method, p.path, p.body?.(i)));
        }
        const all = [...polled, ...quiet];
        const bad = all.find((s) => s.status >= 400);
        console.log(
          `${`${mb} MB`.padEnd(7)} ${p.label.padEnd(34)} ${(all[0]!.bytes / 1024).toFixed(0).padStart(7)} ${f0(median(all.map((s) => s.ms)))} ${f0(max(all.map((s) => s.ms)))} ${f0(max(polled.map((s) => s.healthMaxMs)))} ${f0(max(polled.map((s) => s.loopMaxMs)))} ${f0(median(quiet.map((s) => s.cpuMs)))}${bad ? `  (HTTP ${bad.status})` : ""}`,
        );
      }
    }
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
