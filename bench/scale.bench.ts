// Scale-out figures (npm run bench:scale; prints, asserts nothing). One PostgreSQL (embedded,
// started here), one S3 API server (s3rver) and processes from `npm start`'s bundle:
//   a. throughput of N transcript imports (their summaries, built-in engine) worked by 1, then
//      by 2 worker processes (`--role=worker`, JOB_CONCURRENCY=1 each), and the ratio;
//   b. a 100 MiB WAV uploaded to a web process with STORAGE=s3 and to one with local disk,
//      alternately, in the same run (the request stores the file, then probes it with ffprobe,
//      reading it back from the store).
// The machine's cores are shared: the ratio says how much a second worker process adds here.
import crypto from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "../server/src/db/embedded-postgres";
import { startS3Server } from "../test/s3-server";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, sleep, startServer, type RunningServer } from "./perf/server";
import { UPLOAD_BYTES, uploadFile, writeToneWav } from "./perf/upload";

const N = Number(process.env.BENCH_SCALE_IMPORTS ?? 40);
const UPLOAD_RUNS = Number(process.env.BENCH_SCALE_UPLOAD_RUNS ?? 2);
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, "../../shared/corpus/meetings");

/** WebVTT transcripts: the corpus's Teams exports when present, else a generated meeting. */
function transcripts(): { name: string; text: string }[] {
  if (existsSync(corpus)) {
    const files = readdirSync(corpus)
      .map((d) => path.join(corpus, d, "teams.vtt"))
      .filter(existsSync);
    if (files.length) return files.map((f) => ({ name: `${path.basename(path.dirname(f))}.vtt`, text: readFileSync(f, "utf8") }));
  }
  const cues = Array.from({ length: 200 }, (_, i) => {
    const t = (s: number) => new Date(s * 1000).toISOString().slice(11, 23);
    const who = i % 2 ? "Alice" : "Bob";
    return `${t(i * 5)} --> ${t(i * 5 + 4)}\n<v ${who}>${who === "Alice" ? "Bob, can you send the budget deck by Friday?" : "Sure, I will do that and check the venue."}</v>`;
  });
  return [{ name: "generated.vtt", text: `WEBVTT\n\n${cues.join("\n\n")}\n` }];
}

async function main() {
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  const root = await makeTempDir("minutes-scale-bench-");
  const db = await startEmbeddedPostgres({ dataDir: root, password: crypto.randomBytes(12).toString("hex"), log: () => {} });
  const s3 = await startS3Server("minutes-bench");
  const started: RunningServer[] = [];
  try {
    const common = {
      DATABASE_URL: db.url,
      AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      SUMMARY_ENGINE: "built-in",
      MAX_UPLOAD_MB: "200",
      JOB_CONCURRENCY: "1",
    };
    const start = async (args: string[], env: Record<string, string>) => {
      const server = await startServer({ dataDir: await makeTempDir("minutes-scale-proc-"), env: { ...common, ...env }, args });
      started.push(server);
      return server;
    };
    const webS3 = await start(["--role=web"], s3.env); // applies the migrations
    const webDisk = await start(["--role=web"], { STORAGE: "local" });
    const client = new Client(webS3.url);
    await client.signUp(`bench-${Date.now()}@example.com`);
    const diskClient = new Client(webDisk.url);
    diskClient.cookie = client.cookie; // the session is in the shared database

    const files = transcripts();
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    console.log(
      `scale bench: ${N} transcript imports per run (${files.length} different VTT files), built-in notes; one embedded PostgreSQL, s3rver`,
    );

    const importRun = async (workers: number) => {
      // Queue every import while no worker runs, then time the workers alone.
      const ids: string[] = [];
      for (let i = 0; i < N; i++) {
        const f = files[i % files.length]!;
        const fd = new FormData();
        fd.append("file", new Blob([f.text], { type: "text/vtt" }), f.name);
        const res = await fetch(`${webS3.url}/api/meetings`, {
          method: "POST",
          headers: { origin: webS3.url, cookie: client.cookie },
          body: fd,
        });
        const body = (await res.json()) as { id: string };
        if (res.status !== 201) throw new Error(`import failed: ${res.status} ${JSON.stringify(body)}`);
        ids.push(body.id);
      }
      const procs = await Promise.all(Array.from({ length: workers }, () => start(["--role=worker"], s3.env)));
      const t0 = performance.now();
      let done = 0;
      while (done < N) {
        const { rows } = await sql.query<{ n: number }>(
          "select count(*)::int as n from meetings where id = any($1) and status in ('completed', 'failed')",
          [ids],
        );
        done = rows[0]!.n;
        if (done < N) await sleep(50);
      }
      const seconds = (performance.now() - t0) / 1000;
      const { rows: failed } = await sql.query("select id from meetings where id = any($1) and status = 'failed'", [ids]);
      for (const p of procs) await p.stop();
      console.log(
        `  ${workers} worker process${workers > 1 ? "es" : ""}: ${N} imports summarized in ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(2)} meetings/s${failed.length ? ` (${failed.length} failed)` : ""}`,
      );
      return N / seconds;
    };
    const one = await importRun(1);
    const two = await importRun(2);
    console.log(
      `  ratio 2 workers / 1 worker: ${(two / one).toFixed(2)}× (CPU cores on this machine: ${(await import("node:os")).cpus().length}, shared)`,
    );

    // b. Upload throughput, S3 vs local disk, alternately; no worker runs (the prepare jobs wait).
    const wav = path.join(root, "upload.wav");
    await writeToneWav(wav, UPLOAD_BYTES);
    const size = (await fs.stat(wav)).size;
    const times: Record<"s3" | "disk", number[]> = { s3: [], disk: [] };
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      for (const [kind, server] of [
        ["s3", webS3],
        ["disk", webDisk],
      ] as const) {
        const t0 = performance.now();
        const r = await uploadFile(server, client.cookie, wav, size);
        const s = (performance.now() - t0) / 1000;
        if (r.status !== 201) throw new Error(`upload to ${kind} failed: ${r.status} ${r.body}`);
        times[kind].push(s);
      }
    }
    const mb = size / 1024 / 1024;
    console.log(
      `upload of a ${mb.toFixed(0)} MiB WAV over loopback (request time: store + ffprobe reading it back), ${UPLOAD_RUNS} runs each, alternately:`,
    );
    for (const kind of ["s3", "disk"] as const) {
      const best = Math.min(...times[kind]);
      console.log(
        `  ${kind === "s3" ? "STORAGE=s3 (s3rver)" : "STORAGE=local     "}: best ${best.toFixed(2)} s (${(mb / best).toFixed(0)} MiB/s), runs ${times[kind].map((t) => t.toFixed(2)).join(", ")} s`,
      );
    }
    console.log(`  s3 / disk (best): ${(Math.min(...times.s3) / Math.min(...times.disk)).toFixed(2)}× the time`);
    await sql.end();
  } finally {
    for (const p of started) await p.stop().catch(() => {});
    await s3.close();
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
