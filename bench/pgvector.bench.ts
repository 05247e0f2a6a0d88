// `npx tsx bench/pgvector.bench.ts [meetings=1000] [turns=100] [dimensions=768]`: the nearest-passage
// query (decision 036, "pgvector") on a throw-away PostgreSQL with pgvector (test/pgvector-server.ts),
// at meetings × turns vectors (100,000 by default) of nomic-embed's 768 dimensions, for three users
// who read 90 %, 9 % and 1 % of the meetings (access is part of the query, so how much of the index
// a user may read matters): the real[] scan the embedded database runs, pgvector's exact scan, and
// the query as the app runs it once the passage-embeddings job has made the HNSW index (through the
// index, or the exact scan for a user who may read fewer than EXACT_BELOW vectors). Prints median and
// p95 milliseconds and recall@50 against the exact scan. Vectors are random around 64 centres
// (passages of one topic lie close), unit length, written by SQL; a query is a stored vector of the
// user's plus noise. Not a test: figures vary with the machine and its load.
import { sql } from "drizzle-orm";
import { pgvectorBinaries, startPgvectorServer } from "../test/pgvector-server";
import { rng } from "../test/seeded-random";
import { connectDatabase, migrateDatabase } from "../server/src/db/client";
import {
  ensureVectorIndex,
  nearestPassages,
  nearestPassagesQuery,
  unit,
  type NearestPath,
} from "../server/src/modules/search/embeddings.repo";

const arg = (i: number, d: number) => Number(process.argv[2 + i] ?? d);
const [MEETINGS, TURNS, DIMENSIONS] = [arg(0, 1000), arg(1, 100), arg(2, 768)];
const MODEL = "bench-embedding";
const K = 50;
const QUERIES = { array: 3, all: 20 };
const USERS = [
  { id: "reads-90", share: 0.9 },
  { id: "reads-9", share: 0.09 },
  { id: "reads-1", share: 0.01 },
];

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function main() {
  const bin = pgvectorBinaries();
  if ("missing" in bin) throw new Error(`No PostgreSQL with pgvector here: ${bin.missing}`);
  // Room to build the graph in memory and to keep the index cached, as a server sized for it would.
  const server = await startPgvectorServer(bin, { shared_buffers: "1GB", maintenance_work_mem: "1GB", work_mem: "64MB" });
  const database = connectDatabase(await server.createDatabase(), 2);
  const { db } = database;
  try {
    await migrateDatabase(db);
    const version = (await db.execute(sql`SELECT extversion FROM pg_extension WHERE extname = 'vector'`)).rows[0] as { extversion: string };
    console.log(
      `PostgreSQL ${(await db.execute(sql`SHOW server_version`)).rows.map((r) => Object.values(r)[0]).join()}, pgvector ${version.extversion}`,
    );
    for (const u of USERS) await db.execute(sql`INSERT INTO "user" (id, name, email) VALUES (${u.id}, ${u.id}, ${`${u.id}@example.com`})`);

    let t0 = process.hrtime.bigint();
    const owner = sql.raw(
      `CASE ${USERS.reduce(
        (acc, u) => {
          acc.from += u.share;
          acc.cases.push(`WHEN g < ${Math.round(acc.from * MEETINGS)} THEN '${u.id}'`);
          return acc;
        },
        { from: 0, cases: [] as string[] },
      ).cases.join(" ")} ELSE '${USERS[0]!.id}' END`,
    );
    await db.execute(sql`
      INSERT INTO meetings (user_id, title, status, source_type, transcript_language, utterances, transcript)
      SELECT ${owner}, 'Meeting ' || g, 'completed', 'file_upload', 'en',
        (SELECT jsonb_agg(jsonb_build_object('speaker', 'Ana', 'start', i * 5, 'end', i * 5 + 3,
           'text', 'Turn ' || i || ' of meeting ' || g || ' on topic ' || ((i * 7 + g) % 97)) ORDER BY i)
         FROM generate_series(0, ${TURNS - 1}) i),
        'transcript'
      FROM generate_series(0, ${MEETINGS - 1}) g`);
    console.log(`${MEETINGS} meetings × ${TURNS} turns stored in ${(ms(t0) / 1000).toFixed(1)} s`);

    t0 = process.hrtime.bigint();
    // Each vector: one of 64 centres plus two of 1,000 noise vectors, unit length (pgvector's own
    // arithmetic: random() per element of 100,000 vectors takes minutes).
    await db.execute(sql`
      CREATE TABLE bench_centres AS
      SELECT c, ARRAY(SELECT random() - 0.5 + 0 * c FROM generate_series(1, ${DIMENSIONS}))::vector AS v FROM generate_series(0, 63) c`);
    await db.execute(sql`
      CREATE TABLE bench_noise AS
      SELECT j, ARRAY(SELECT (random() - 0.5) * 0.4 + 0 * j FROM generate_series(1, ${DIMENSIONS}))::vector AS v FROM generate_series(0, 999) j`);
    await db.execute(sql`
      INSERT INTO passage_embeddings (meeting_id, kind, position, model, body_md5, embedding)
      SELECT p.meeting_id, p.kind, p.position, ${MODEL}, md5(p.body), l2_normalize(c.v + a.v + b.v)::real[]
      FROM search_passages p
        JOIN bench_centres c ON c.c = abs(hashtext(p.meeting_id::text || ':' || p.position)) % 64
        JOIN bench_noise a ON a.j = abs(hashtext(p.meeting_id::text || '/' || p.position)) % 1000
        JOIN bench_noise b ON b.j = abs(hashtext(p.position || '-' || p.meeting_id::text)) % 1000
      WHERE p.kind = 'turn'`);
    await db.execute(sql`ANALYZE`);
    const n = ((await db.execute(sql`SELECT count(*)::int AS n FROM passage_embeddings`)).rows[0] as { n: number }).n;
    console.log(`${n} vectors of ${DIMENSIONS} dimensions written in ${(ms(t0) / 1000).toFixed(1)} s`);

    // Queries: a stored vector of each user's plus noise, fixed before any index exists.
    const random = rng(7);
    const queries = new Map<string, number[][]>();
    for (const u of USERS) {
      const r = await db.execute(sql`
        SELECT e.embedding FROM passage_embeddings e JOIN meetings m ON m.id = e.meeting_id
        WHERE m.user_id = ${u.id} ORDER BY md5(e.meeting_id::text || e.position) LIMIT ${QUERIES.all}`);
      queries.set(
        u.id,
        (r.rows as { embedding: number[] }[]).map((x) => unit(x.embedding.map((v) => v + (random() - 0.5) * 0.05))),
      );
    }

    const run = async (userId: string, q: number[], path: NearestPath | "auto") => {
      const t = process.hrtime.bigint();
      const rows = await db.transaction((tx) => nearestPassages(tx, userId, MODEL, q, {}, K, path));
      return { ms: ms(t), keys: rows.map((x) => `${x.meeting_id}:${x.position}`) };
    };

    // Before the index: the embedded database's scan (slow: a few queries) and pgvector's exact
    // distance, whose answers are the truth the index is measured against.
    const before = new Map<string, { array: number[]; exact: number[]; truth: string[][] }>();
    for (const u of USERS) {
      const b = { array: [] as number[], exact: [] as number[], truth: [] as string[][] };
      for (const [i, q] of queries.get(u.id)!.entries()) {
        if (i < QUERIES.array) b.array.push((await run(u.id, q, "array")).ms);
        const r = await run(u.id, q, "exact");
        b.exact.push(r.ms);
        b.truth.push(r.keys);
      }
      before.set(u.id, b);
    }

    t0 = process.hrtime.bigint();
    const name = await ensureVectorIndex(db, MODEL, DIMENSIONS);
    console.log(`HNSW index ${name} built in ${(ms(t0) / 1000).toFixed(1)} s`);
    await db.execute(sql`ANALYZE passage_embeddings`);

    const fmt = (xs: number[]) => (xs.length ? `${quantile(xs, 0.5).toFixed(1)} / ${quantile(xs, 0.95).toFixed(1)}` : "-");
    console.log(`\nnearest ${K} passages among ${n} vectors; ms median / p95; recall@${K} of the index against the exact scan`);
    console.log(
      `${"user".padEnd(9)} ${"readable".padStart(8)} ${"real[] (embedded)".padStart(18)} ${"pgvector exact".padStart(16)} ${"as the app runs".padStart(15)} ${"recall".padStart(6)}  plan`,
    );
    for (const u of USERS) {
      const qs = queries.get(u.id)!;
      if (!qs.length) continue;
      const readable = (
        (
          await db.execute(sql`
        SELECT count(*)::int AS n FROM passage_embeddings e JOIN meetings m ON m.id = e.meeting_id WHERE m.user_id = ${u.id}`)
        ).rows[0] as { n: number }
      ).n;
      // One untimed run first: the index into the cache, as on a server in use.
      await run(u.id, qs[0]!, "auto");
      const times: number[] = [];
      const recalls: number[] = [];
      const b = before.get(u.id)!;
      for (const [i, q] of qs.entries()) {
        const r = await run(u.id, q, "auto");
        times.push(r.ms);
        const truth = b.truth[i]!;
        recalls.push(r.keys.filter((k) => truth.includes(k)).length / Math.max(1, truth.length));
      }
      const { query } = await nearestPassagesQuery(db, u.id, MODEL, qs[0]!, {}, K);
      const plan = (await db.execute(sql`EXPLAIN ${query}`)).rows.map((r) => String(Object.values(r)[0])).join("\n");
      const recall = recalls.reduce((x, y) => x + y, 0) / recalls.length;
      console.log(
        `${u.id.padEnd(9)} ${String(readable).padStart(8)} ${fmt(b.array).padStart(18)} ${fmt(b.exact).padStart(16)} ${fmt(times).padStart(15)} ${recall.toFixed(3).padStart(6)}  ${
          plan.includes(`Index Scan using ${name}`) ? "HNSW index scan" : "exact scan"
        }`,
      );
    }
  } finally {
    await database.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
