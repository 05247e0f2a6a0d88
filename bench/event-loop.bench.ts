// How long one big meeting holds the web process's event loop: imports a generated WebVTT file
// of 100,000 turns (the import limit) through the upload, waits for its notes, then opens it
// (the meeting page's requests) and exports it in each format. For each request it reads the
// server's event-loop delay during that request: prom-client's collector is
// perf_hooks.monitorEventLoopDelay (10 ms resolution), and each /metrics scrape resets it, so a
// scrape before and one after a request give the max and p99 of that request's window. Also the
// CPU time of the server's main thread during the request (/proc/<pid>/task/<pid>/schedstat),
// which other work on a shared machine does not inflate. Runs the real start command (embedded
// mode, or a web and a worker process on one PostgreSQL: see main). Answers are never parsed here
// (only their bytes counted).
// Run: npx tsx bench/event-loop.bench.ts [turns]   (default 100000; REPEATS=3; IMPORTS=REPEATS; CPU_PROF=<dir>; ONLY=<text in the request's label>)
// ONLY=local: no server; the local model's notes of the same turns in this process, with the scripted
// stand-in for the model's worker (no model weights needed): this process's own event-loop delay and
// main-thread CPU while the engine plans, asks and places the notes (decision 052).
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { startEmbeddedPostgres } from "../server/src/db/embedded-postgres";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, sleep, startServer } from "./perf/server";

const SPEAKERS = ["Maria Lopez", "Sam Park", "Li Wei", "Priya Nair"];
const WORDS = "rollout planning customers onboarding quarterly forecast engineering migration deadline dashboard analytics".split(" ");
const REPEATS = Number(process.env.REPEATS ?? 3);

/** `turns` cues, alternating speakers (so none merge), a short sentence each; a few say who does what. */
function generateVtt(turns: number): string {
  const stamp = (s: number) => {
    const h = Math.floor(s / 3600);
    const m = Math.floor(s / 60) % 60;
    return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  };
  const parts = ["WEBVTT\n"];
  for (let i = 0; i < turns; i++) {
    const n = 6 + (i % 5);
    const text =
      i % 997 === 5
        ? `Sam, can you send the ${WORDS[i % WORDS.length]} report to the customers by Friday`
        : Array.from({ length: n }, (_, k) => WORDS[(i * 3 + k) % WORDS.length]).join(" ");
    parts.push(`\n${i + 1}\n${stamp(i * 3)} --> ${stamp(i * 3 + 2)}\n<v ${SPEAKERS[i % SPEAKERS.length]}>${text}.</v>\n`);
  }
  return parts.join("");
}

interface Loop {
  maxMs: number;
  p99Ms: number;
}
/** The server's event-loop delay since the last scrape (the scrape resets the histogram). */
async function loopSinceLastScrape(url: string): Promise<Loop> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^minutes_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, "m").exec(text)?.[1] ?? NaN) * 1000;
  return { maxMs: read("max"), p99Ms: read("p99") };
}

function mainThreadCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

interface Sample extends Loop {
  ms: number;
  cpuMs: number;
  bytes: number;
  status: number;
}

async function timed(pid: number, url: string, cookie: string, pathname: string, init: RequestInit = {}): Promise<Sample> {
  await loopSinceLastScrape(url);
  const cpu0 = mainThreadCpuMs(pid);
  const t0 = performance.now();
  const r = await fetch(url + pathname, { ...init, headers: { origin: url, cookie, ...(init.headers ?? {}) } });
  const bytes = (await r.arrayBuffer()).byteLength;
  const ms = performance.now() - t0;
  const cpuMs = mainThreadCpuMs(pid) - cpu0;
  return { ms, cpuMs, bytes, status: r.status, ...(await loopSinceLastScrape(url)) };
}

async function waitSettled(client: Client, id: string, timeoutMs = 900_000, pollMs = 500): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await client.request("GET", "/api/meetings");
    const m = (r.json.meetings as { id: string; status: string; error: string | null }[]).find((x) => x.id === id);
    if (m?.status === "completed") return "completed";
    if (m?.status === "failed") return `failed: ${m.error?.slice(0, 80)}`;
    await sleep(pollMs);
  }
  throw new Error(`meeting ${id} not settled in ${timeoutMs} ms`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const worst = (xs: number[]) => Math.max(...xs);
const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : "?").padStart(6);

function row(label: string, samples: Sample[]) {
  const bad = samples.find((s) => s.status >= 400);
  console.log(
    `${label.padEnd(34)} ${f0(median(samples.map((s) => s.bytes)) / 1024)} ${f0(median(samples.map((s) => s.ms)))} ${f0(
      median(samples.map((s) => s.maxMs)),
    )} ${f0(worst(samples.map((s) => s.maxMs)))} ${f0(median(samples.map((s) => s.p99Ms)))} ${f0(median(samples.map((s) => s.cpuMs)))}${
      bad ? `  (HTTP ${bad.status})` : ""
    }`,
  );
}

/** The turns generateVtt writes, as the summarize job reads them (JSON text). */
function generateTurnsJson(turns: number): { text: string; utterancesJson: string } {
  const list = Array.from({ length: turns }, (_, i) => {
    const n = 6 + (i % 5);
    const text =
      i % 997 === 5
        ? `Sam, can you send the ${WORDS[i % WORDS.length]} report to the customers by Friday.`
        : `${Array.from({ length: n }, (_, k) => WORDS[(i * 3 + k) % WORDS.length]).join(" ")}.`;
    return { speaker: SPEAKERS[i % SPEAKERS.length]!, start: i * 3, end: i * 3 + 2, text };
  });
  return { text: list.map((u) => u.text).join("\n"), utterancesJson: JSON.stringify(list) };
}

/** ONLY=local: the local model's notes in this process (the job's thread), with the scripted worker. */
async function localModelNotes(turns: number) {
  const { LocalLlmSummarizer } = await import("../server/src/engines/llm/local/local-summarizer");
  const { workerScript } = await import("../server/src/workers/child-process");
  const { fromRoot } = await import("../server/src/paths");
  const { text, utterancesJson } = generateTurnsJson(turns);
  const dir = await makeTempDir("minutes-bench-loop-llm-");
  const model = `${dir}/stand-in.gguf`;
  (await import("node:fs")).writeFileSync(model, "");
  const script = workerScript(pathToFileURL(fromRoot("test/fakes/fake-llama-worker.ts")));
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1))} on ${os.availableParallelism()} cores`);
  console.log(
    `${turns} turns, ${(utterancesJson.length / 1024 / 1024).toFixed(1)} MB of turns' JSON; the local model's notes, scripted worker\n`,
  );
  console.log(`${"run".padEnd(34)} ${"ms".padStart(6)} ${"max".padStart(6)} ${"p99".padStart(6)} ${"cpu".padStart(6)} chunks`);
  try {
    for (let i = 0; i < REPEATS; i++) {
      const s = new LocalLlmSummarizer({
        modelsDir: dir,
        model,
        threads: 1,
        contextSize: 8192,
        maxOutputTokens: 600,
        gpu: false,
        autoDownload: false,
        workerScript: script,
      });
      const h = monitorEventLoopDelay({ resolution: 10 });
      h.enable();
      const cpu0 = mainThreadCpuMs(process.pid);
      const t0 = performance.now();
      const r = await s.summarize({ text, utterancesJson, language: "en" }, { meetingDate: new Date(), enhanced: true, title: "loop" });
      const ms = performance.now() - t0;
      const cpuMs = mainThreadCpuMs(process.pid) - cpu0;
      h.disable();
      console.log(
        `${`local model notes (${r.engine})`.padEnd(34)} ${f0(ms)} ${f0(h.max / 1e6)} ${f0(h.percentile(99) / 1e6)} ${f0(cpuMs)} ${s.lastStats?.chunks ?? "?"}${r.note ? `  ${r.note.slice(0, 100)}` : ""}`,
      );
    }
  } finally {
    await removeTempDir(dir);
  }
}

async function main() {
  exitCleanlyOnSignals();
  const turns = Number(process.argv[2] ?? 100_000);
  if (process.env.ONLY === "local") return localModelNotes(turns);
  await ensureAppBuilt();
  const dataDir = await makeTempDir("minutes-bench-loop-");
  const nodeArgs = process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  // The web process alone is measured: scaled out, a web process (--role=web) and a worker
  // (--role=worker) share a PostgreSQL, so the jobs an import queues (its notes) run in the
  // worker, as in production. EMBEDDED=1: one process doing both, as `npm start` runs.
  // CPU_PROF=<dir>: the web process writes a CPU profile there when it stops.
  const embedded = process.env.EMBEDDED === "1";
  const db = embedded
    ? null
    : await startEmbeddedPostgres({
        dataDir: await makeTempDir("minutes-bench-loop-db-"),
        password: crypto.randomBytes(12).toString("hex"),
        log: () => {},
      });
  const env: Record<string, string> = { LOG_LEVEL: "error" };
  if (db) Object.assign(env, { DATABASE_URL: db.url, AUTH_SECRET: crypto.randomBytes(32).toString("hex") });
  const server = await startServer({ dataDir, env, nodeArgs, args: db ? ["--role=web"] : [] });
  // The worker logs "worker ready" (info), which is how startServer knows it is up.
  const worker = db ? await startServer({ dataDir, env: { ...env, LOG_LEVEL: "info" }, args: ["--role=worker"] }) : null;
  try {
    const client = new Client(server.url);
    await client.signUp(`loop${Date.now()}@example.com`);
    const pid = server.serverPid();
    const vtt = generateVtt(turns);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1))} on ${os.availableParallelism()} cores`);
    console.log(
      `${turns} turns, ${(Buffer.byteLength(vtt) / 1024 / 1024).toFixed(1)} MB of WebVTT; ${REPEATS} requests each; ${embedded ? "one process (embedded)" : "the web process of a web + worker pair"}`,
    );
    console.log(
      `loop = the server's event-loop delay during the request (monitorEventLoopDelay): max p50 / max worst / p99 p50; cpu = main thread ms\n`,
    );
    console.log(
      `${"request".padEnd(34)} ${"KB".padStart(6)} ${"ms".padStart(6)} ${"max".padStart(6)} ${"max!".padStart(6)} ${"p99".padStart(6)} ${"cpu".padStart(6)}`,
    );
    const imports: Sample[] = [];
    let id = "";
    for (let i = 0; i < Number(process.env.IMPORTS ?? REPEATS); i++) {
      const form = new FormData();
      form.set("title", `loop ${i}`);
      form.set("file", new Blob([vtt], { type: "text/vtt" }), `loop-${i}.vtt`);
      // The body is built before the window opens, so only the server's work is in it.
      const body = new Uint8Array(await new Response(form).arrayBuffer());
      const s = await timed(pid, server.url, client.cookie, "/api/meetings", {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${firstBoundary(body)}` },
        body,
      });
      imports.push(s);
      if (s.status !== 201) throw new Error(`import failed: ${s.status}`);
      if (i === 0) {
        const list = await client.request("GET", "/api/meetings");
        id = (list.json.meetings as { id: string; title: string }[]).find((m) => m.title === "loop 0")!.id;
      }
    }
    row("POST /api/meetings (import)", imports);
    await loopSinceLastScrape(server.url);
    const settled = await Promise.all(
      (await client.request("GET", "/api/meetings")).json.meetings.map((m: { id: string }) => waitSettled(client, m.id)),
    );
    const notesLoop = await loopSinceLastScrape(server.url);
    console.log(
      `${"(notes of all imports, summarize step)".padEnd(34)} ${"".padStart(6)} ${"".padStart(6)} ${f0(notesLoop.maxMs)} ${"".padStart(6)} ${f0(notesLoop.p99Ms)}   ${settled[0]}`,
    );
    // My action items then have a candidate meeting whose item's owner the turns decide: "Sam" is
    // whoever answers "Sam, can you …", and that speaker is linked to me.
    const me = (await client.request("GET", "/api/auth/get-session")).json.user.id as string;
    await client.request("PUT", `/api/meetings/${id}/speaker-links`, { speaker: SPEAKERS[1], person: { kind: "user", id: me } });
    await client.request("POST", `/api/meetings/${id}/action-items`, { description: "Send the report", assignee: "Sam" });
    // The summarize step alone ('Regenerate summary'): from the request until the notes are
    // written, so in the embedded mode the window holds the job that reads the turns and hands
    // them to the notes (decision 045). The answer (the meeting, 14 MB) is in the window too, and a
    // poll of the list every 5 s (so "ms" is rounded up to the next poll).
    const summarizeLabel = "POST …/summarize → notes written";
    if (!process.env.ONLY || summarizeLabel.includes(process.env.ONLY)) {
      const samples: Sample[] = [];
      for (let i = 0; i < REPEATS; i++) {
        await loopSinceLastScrape(server.url);
        const cpu0 = mainThreadCpuMs(pid);
        const t0 = performance.now();
        const r = await client.request("POST", `/api/meetings/${id}/summarize`);
        const state = await waitSettled(client, id, 900_000, 5000);
        if (state !== "completed") throw new Error(`summarize: ${state}`);
        const cpuMs = mainThreadCpuMs(pid) - cpu0;
        samples.push({ ms: performance.now() - t0, cpuMs, bytes: 0, status: r.status, ...(await loopSinceLastScrape(server.url)) });
      }
      row(summarizeLabel, samples);
    }
    // A public link that shows the transcript: the visitor's request (no session).
    const link = await client.request("POST", `/api/meetings/${id}/public-links`, { parts: ["summary", "transcript"] });
    const paths: [string, string][] = [
      ["GET /api/meetings/:id", `/api/meetings/${id}`],
      ["GET /api/public/:token (transcript)", `/api/public/${link.json.token as string}`],
      ["GET …/people", `/api/meetings/${id}/people`],
      ["GET …/action-items", `/api/meetings/${id}/action-items`],
      ["GET /api/action-items?assignee=me", `/api/action-items?assignee=me`],
      ...(["md", "txt", "srt", "vtt", "json", "docx"] as const).map((f): [string, string] => [
        `GET …/export.${f}`,
        `/api/meetings/${id}/export.${f}`,
      ]),
    ];
    for (const [label, p] of paths.filter(([l]) => !process.env.ONLY || l.includes(process.env.ONLY))) {
      const samples: Sample[] = [];
      for (let i = 0; i < REPEATS; i++) samples.push(await timed(pid, server.url, client.cookie, p));
      row(label, samples);
    }
  } finally {
    await worker?.stop();
    await server.stop();
    await db?.stop();
    await removeTempDir(dataDir);
  }
}

/** The boundary a multipart body starts with (`--boundary\r\n`). */
function firstBoundary(body: Uint8Array): string {
  const head = Buffer.from(body.subarray(0, 200)).toString("latin1");
  return /^--(\S+)\r\n/.exec(head)![1]!;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
