// Figure d: GET /api/meetings for a user with 1,000 meetings (inserted with SQL into the
// server's own embedded database; every 2nd with 3 action items, every 3rd with 40
// utterances), 200 sequential requests after 20 warm-up requests: median and p95.
import pg from "pg";
import type { Client, RunningServer } from "./server";

export interface ListResult {
  meetings: number;
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  responseKb: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function seedMeetings(databaseUrl: string, userId: string, n: number): Promise<void> {
  const utterances = JSON.stringify(
    Array.from({ length: 40 }, (_, i) => ({
      speaker: ["Maria Lopez", "Sam Park", "Li Wei"][i % 3],
      start: i * 5,
      end: i * 5 + 4.5,
      text: `Point ${i}: we agreed to move the launch review and I'll send the deck by Friday.`,
    })),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query("begin");
    const { rows } = await db.query<{ id: string; g: number }>(
      `insert into meetings (user_id, title, status, source_type, transcript, utterances, summary, duration_seconds,
                             transcript_engine, summary_engine, progress, processed_at, created_at, recorded_at)
       select $1, 'Weekly sync ' || g, 'completed', 'transcript_import',
              case when g % 3 = 0 then 'Transcript of meeting ' || g end,
              case when g % 3 = 0 then $2::jsonb end,
              '- Summary point for meeting ' || g, 600 + g, 'import', 'built-in', 100, now(),
              now() - g * interval '1 hour', now() - g * interval '1 hour'
       from generate_series(1, $3::int) g
       returning id, (regexp_replace(title, '\\D', '', 'g'))::int as g`,
      [userId, utterances, n],
    );
    const withItems = rows.filter((r) => r.g % 2 === 0).map((r) => r.id);
    await db.query(
      `insert into action_items (meeting_id, description, assignee, status, origin, position)
       select m, 'Follow-up task ' || p, 'Sam Park', case when p = 0 then 'completed' else 'pending' end, 'extracted', p
       from unnest($1::uuid[]) m, generate_series(0, 2) p`,
      [withItems],
    );
    await db.query("commit");
  } finally {
    await db.end();
  }
}

export async function benchList(server: RunningServer, client: Client, userId: string, n = 1000, requests = 200): Promise<ListResult> {
  await seedMeetings(server.databaseUrl(), userId, n);
  let bytes = 0;
  const once = async () => {
    const t0 = performance.now();
    const r = await client.request("GET", "/api/meetings");
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`GET /api/meetings answered ${r.status}: ${r.text.slice(0, 300)}`);
    if (r.json.meetings.length < n) throw new Error(`expected ${n} meetings, got ${r.json.meetings.length}`);
    bytes = r.text.length;
    return ms;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { meetings: n, requests, medianMs: pct(times, 50), p95Ms: pct(times, 95), maxMs: times[times.length - 1]!, responseKb: bytes / 1024 };
}
