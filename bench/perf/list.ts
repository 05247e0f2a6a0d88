// GET /api/meetings (first dashboard page) and GET /api/search for a user with 10,000
// meetings of about 30 turns each (inserted with SQL into the server's own embedded database,
// so the search triggers index them as the app would): sequential requests after a warm-up,
// median and p95, and the page's size.
import pg from "pg";
import type { Client, RunningServer } from "./server";

export interface LatencyResult {
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  responseKb: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// A small meeting vocabulary, drawn with a fixed seed so every run indexes the same text.
const WORDS = (
  "budget launch deadline client deck review hiring roadmap release customer feedback metrics revenue pricing contract " +
  "vendor design prototype testing migration database outage incident security audit compliance training onboarding " +
  "marketing campaign webinar partner invoice forecast quarter target risk dependency sprint backlog estimate scope " +
  "priority blocker support ticket escalation survey interview candidate offer salary benefits office travel venue " +
  "agenda minutes summary decision action owner friday monday tomorrow next week month plan update status report " +
  "dashboard analytics experiment conversion retention churn pipeline lead demo trial license renewal discount " +
  "procurement legal approval signature board investor funding runway hire contractor freelancer translation localization"
).split(" ");
const FILLER = "we should the and to of a in that it is for on with as this will I you can let's maybe also just really think".split(" ");

function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function turnText(next: () => number): string {
  const n = 8 + Math.floor(next() * 16);
  const words: string[] = [];
  for (let i = 0; i < n; i++)
    words.push(next() < 0.35 ? WORDS[Math.floor(next() * WORDS.length)]! : FILLER[Math.floor(next() * FILLER.length)]!);
  return words.join(" ") + ".";
}

export async function seedMeetings(databaseUrl: string, userId: string, n: number, turns = 30): Promise<void> {
  const next = rng(42);
  const speakers = ["Maria Lopez", "Sam Park", "Li Wei", "Dana Cole"];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let from = 0; from < n; from += 500) {
      const count = Math.min(500, n - from);
      const utterances = Array.from({ length: count }, () =>
        JSON.stringify(
          Array.from({ length: turns }, (_, i) => ({
            speaker: speakers[i % (2 + Math.floor(next() * 3))]!,
            start: i * 12,
            end: i * 12 + 11,
            text: turnText(next),
          })),
        ),
      );
      await db.query("begin");
      const { rows } = await db.query<{ id: string; g: number }>(
        `insert into meetings (user_id, title, status, source_type, transcript, utterances, notes, duration_seconds, transcript_language,
                               transcript_engine, summary_engine, progress, processed_at, created_at, recorded_at)
         select $1, 'Weekly sync ' || g, 'completed', 'transcript_import',
                (select string_agg(u->>'text', E'\\n') from jsonb_array_elements(x.utt) u), x.utt,
                jsonb_build_object('overview', 'Summary point for meeting ' || g, 'keyPoints', '[]'::jsonb, 'decisions', '[]'::jsonb), 600 + g, 'en', 'import', 'built-in', 100, now(),
                now() - g * interval '1 hour', now() - g * interval '1 hour'
         from unnest($2::jsonb[]) with ordinality as x(utt, g0), lateral (select ($3::int + g0)::int as g) gg
         returning id, (regexp_replace(title, '\\D', '', 'g'))::int as g`,
        [userId, utterances, from],
      );
      const withItems = rows.filter((r) => r.g % 2 === 0).map((r) => r.id);
      await db.query(
        `insert into action_items (meeting_id, description, assignee, status, origin, position)
         select m, 'Follow-up task ' || p, 'Sam Park', case when p = 0 then 'completed' else 'pending' end, 'extracted', p
         from unnest($1::uuid[]) m, generate_series(0, 2) p`,
        [withItems],
      );
      await db.query("commit");
    }
    await db.query("analyze");
  } finally {
    await db.end();
  }
}

async function measure(
  client: Client,
  paths: string[],
  requests: number,
  check: (json: any) => void,
  bodies?: unknown[],
): Promise<LatencyResult> {
  let bytes = 0;
  const once = async (i: number) => {
    const path = paths[i % paths.length]!;
    const t0 = performance.now();
    const r = bodies ? await client.request("POST", path, bodies[i % bodies.length]) : await client.request("GET", path);
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
    check(r.json);
    bytes = Math.max(bytes, Buffer.byteLength(r.text));
    return ms;
  };
  for (let i = 0; i < 20; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await once(i));
  times.sort((a, b) => a - b);
  return { requests, medianMs: pct(times, 50), p95Ms: pct(times, 95), maxMs: times[times.length - 1]!, responseKb: bytes / 1024 };
}

/** The first dashboard page (50 meetings, newest first). */
export function benchList(client: Client, n: number, requests = 200): Promise<LatencyResult> {
  return measure(client, ["/api/meetings"], requests, (json) => {
    if (json.meetings.length !== 50 || json.total !== n)
      throw new Error(`expected 50 of ${n} meetings, got ${json.meetings.length} of ${json.total}`);
  });
}

/** Two-word queries of different frequency, each with results. */
export const SEARCH_QUERIES = ["budget deadline", "client deck", "security audit", "venue friday", "churn retention", "legal approval"];

export function benchSearch(client: Client, requests = 120): Promise<LatencyResult> {
  const paths = SEARCH_QUERIES.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
  return measure(client, paths, requests, (json) => {
    if (!json.results.length) throw new Error("a benchmark query found nothing");
  });
}

/** Questions in plain words over the seeded vocabulary (frame words, a common word, rarer ones). */
export const ASK_QUESTIONS = [
  "What did we decide about the budget deadline?",
  "Who is doing the security audit for the client?",
  "What was said about churn and retention this quarter?",
  "When is the venue booked for the webinar?",
  "What did Sam think of the legal approval for the contract?",
  "Summarize the discussion about pricing and the discount for renewal",
];

/** POST /api/ask with no language model (the built-in answer) across every meeting. */
export function benchAsk(client: Client, requests = 120): Promise<LatencyResult> {
  return measure(
    client,
    ["/api/ask"],
    requests,
    (json) => {
      if (!json.citations.length) throw new Error("a benchmark question got no answer");
    },
    ASK_QUESTIONS.map((question) => ({ question })),
  );
}

/** For scale on a busy machine: a signed-in request that does only the session lookup. */
export function benchBaseline(client: Client, requests = 200): Promise<LatencyResult> {
  return measure(client, ["/api/auth/get-session"], requests, (json) => {
    if (!json?.user) throw new Error("not signed in");
  });
}
