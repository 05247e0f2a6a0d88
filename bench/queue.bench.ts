// Queue throughput: 60 transcript imports with JOB_CONCURRENCY=4 on the real start command
// (embedded mode), timed from the first upload until every meeting is completed.
// Run: npm run bench:queue   (goal: < 10 s)
import { availableParallelism, loadavg } from "node:os";
import { SAMPLE_TEAMS_VTT } from "../test/fixtures";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, sleep, startServer } from "./perf/server";

const IMPORTS = 60;

async function importTranscript(client: Client, i: number): Promise<string> {
  const fd = new FormData();
  fd.append("title", `Bench import ${i}`);
  fd.append("file", new Blob([SAMPLE_TEAMS_VTT], { type: "text/vtt" }), `meeting-${i}.vtt`);
  const res = await fetch(`${client.baseUrl}/api/meetings`, {
    method: "POST",
    body: fd,
    headers: { origin: client.baseUrl, cookie: client.cookie },
  });
  const body = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`import ${i}: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** Every page of GET /api/meetings (pages of 50: 60 imports span two). */
async function allMeetings(client: Client): Promise<{ id: string; status: string }[]> {
  const out: { id: string; status: string }[] = [];
  let cursor: string | null = null;
  do {
    const r = await client.request("GET", `/api/meetings${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...(r.json.meetings as { id: string; status: string }[]));
    cursor = r.json.nextCursor as string | null;
  } while (cursor);
  return out;
}

async function main() {
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  const dataDir = await makeTempDir("minutes-bench-queue-");
  const server = await startServer({ dataDir, env: { JOB_CONCURRENCY: "4" } });
  try {
    const client = new Client(server.url);
    await client.signUp(`queue${Date.now()}@example.com`);
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < IMPORTS; i++) ids.push(await importTranscript(client, i));
    const uploadedMs = performance.now() - t0;
    const pending = new Set(ids);
    while (pending.size) {
      const list = await allMeetings(client);
      for (const m of list) if (pending.has(m.id) && (m.status === "completed" || m.status === "failed")) pending.delete(m.id);
      if (performance.now() - t0 > 120_000) {
        const stuck = list.filter((m) => pending.has(m.id)) as unknown as Record<string, unknown>[];
        const where = stuck.map((m) => `${String(m.status)}/${String(m.step)}/${String(m.progress)}%`);
        throw new Error(`${pending.size} imports not finished after 120 s (status/step/progress: ${where.join(", ")})`);
      }
      if (pending.size) await sleep(50);
    }
    const totalMs = performance.now() - t0;
    const failed = (await Promise.all(ids.map((id) => client.request("GET", `/api/meetings/${id}`)))).filter(
      (r) => r.json.status !== "completed",
    );
    console.log(`uploads sent in ${(uploadedMs / 1000).toFixed(2)} s`);
    console.log(
      `${IMPORTS} transcript imports, JOB_CONCURRENCY=4: ${(totalMs / 1000).toFixed(2)} s (goal < 10 s) ${totalMs < 10_000 && !failed.length ? "PASS" : "FAIL"}`,
    );
    if (failed.length) console.log(`${failed.length} did not complete: ${failed[0]!.text}`);
    // The machine may be shared: the figure means little without its load.
    console.log(
      `load average (1/5/15 min) at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${availableParallelism()} cores`,
    );
    process.exitCode = totalMs < 10_000 && !failed.length ? 0 : 1;
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
