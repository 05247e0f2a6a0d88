// SQL of the dashboard list: one page of the meetings a user may read, keyset-paged in one
// of three orders, with the counts each row shows. Never reads transcripts.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { MeetingStatus, SourceType } from "../../db/schema";
import { meetingsMatching } from "../search/search.repo";

export type ListSort = "recent" | "oldest" | "alpha";

/** Where the previous page ended: the last row's sort key, as PostgreSQL wrote it. */
export interface ListKey {
  title: string;
  recordedAt: string;
  createdAt: string;
  id: string;
}

export interface ListFilter {
  userId: string;
  /** Text search configurations in use (search.repo's configsInUse), for `q`. */
  configs: string[];
  status?: MeetingStatus;
  q?: string;
}

export interface ListRow {
  id: string;
  user_id: string;
  title: string;
  status: MeetingStatus;
  source_type: SourceType;
  created_at: Date;
  created_at_key: string;
  recorded_at_key: string;
  error_retryable: boolean;
  title_key: string;
  recorded_at: Date;
  duration_seconds: number | null;
  step: string | null;
  progress: number;
  step_detail: string | null;
  error: string | null;
  speakers: string[];
  owner_name: string;
  pending_count: number;
  action_item_count: number;
}

/** The search and status filter (access is added by the caller). */
function filters(f: ListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  const q = f.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(m.title ILIKE ${like} OR m.id IN ${meetingsMatching(f.configs, q)})`);
  }
  return sql.join(parts, sql` AND `);
}

// Two branches, each able to walk an index in order: the user's own meetings
// (meetings_user_created_idx) and the ones shared with their teams.
const own = (f: ListFilter) => sql`m.user_id = ${f.userId}`;
const shared = (f: ListFilter) =>
  sql`m.user_id <> ${f.userId} AND m.id IN (SELECT s.meeting_id FROM meeting_shares s JOIN member mb ON mb.organization_id = s.team_id AND mb.user_id = ${f.userId})`;

// Meetings are dated by when they were held (recorded_at); the upload time and the id break ties.
const orders: Record<ListSort, SQL> = {
  recent: sql`recorded_at DESC, created_at DESC, id DESC`,
  oldest: sql`recorded_at ASC, created_at ASC, id ASC`,
  alpha: sql`lower(title) ASC, recorded_at DESC, created_at DESC, id DESC`,
};

function after(sort: ListSort, k: ListKey): SQL {
  const key = sql`(${k.recordedAt}::timestamptz, ${k.createdAt}::timestamptz, ${k.id}::uuid)`;
  const row = sql`(m.recorded_at, m.created_at, m.id)`;
  if (sort === "recent") return sql`${row} < ${key}`;
  if (sort === "oldest") return sql`${row} > ${key}`;
  return sql`(lower(m.title) > ${k.title} OR (lower(m.title) = ${k.title} AND ${row} < ${key}))`;
}

export async function listPage(db: Db, f: ListFilter, sort: ListSort, from: ListKey | null, limit: number): Promise<ListRow[]> {
  const where = from ? sql`${filters(f)} AND ${after(sort, from)}` : filters(f);
  const branch = (access: SQL) => sql`(
    SELECT m.id, m.user_id, m.title, m.status, m.source_type, m.created_at, m.recorded_at, m.duration_seconds,
      m.step, m.progress, m.step_detail, m.error, m.error_retryable, m.speakers
    FROM meetings m WHERE ${access} AND ${where}
    ORDER BY ${orders[sort]} LIMIT ${limit})`;
  const result = await db.execute(sql`
    SELECT m.*, m.created_at::text AS created_at_key, m.recorded_at::text AS recorded_at_key, lower(m.title) AS title_key, u.name AS owner_name,
      (SELECT count(*) FILTER (WHERE a.status <> 'completed') FROM action_items a WHERE a.meeting_id = m.id AND a.deleted_at IS NULL AND NOT a.suggested)::int AS pending_count,
      (SELECT count(*) FROM action_items a WHERE a.meeting_id = m.id AND a.deleted_at IS NULL AND NOT a.suggested)::int AS action_item_count
    FROM (${branch(own(f))} UNION ALL ${branch(shared(f))}) m JOIN "user" u ON u.id = m.user_id
    ORDER BY ${orders[sort]}
    LIMIT ${limit}
  `);
  return result.rows as unknown as ListRow[];
}

export async function countMeetings(db: Db, f: ListFilter): Promise<number> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM meetings m WHERE ${own(f)} AND ${filters(f)})::int
      + (SELECT count(*) FROM meetings m WHERE ${shared(f)} AND ${filters(f)})::int AS n`);
  return (result.rows[0] as { n: number }).n;
}
