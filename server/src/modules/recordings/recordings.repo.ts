// All SQL of browser recordings: sessions and the chunks the server holds. Every read and
// write names the owner, so another user's session is simply not found.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface SessionRow {
  id: string;
  userId: string;
  title: string;
  /** "" = English (the default), as null is on a meeting. */
  language: string;
  mimeType: string;
  bytes: number;
  createdAt: Date;
  updatedAt: Date;
  finishingSince: Date | null;
  meetingId: string | null;
}

interface RawSession {
  id: string;
  user_id: string;
  title: string;
  language: string;
  mime_type: string;
  bytes: string | number;
  created_at: Date | string;
  updated_at: Date | string;
  finishing_since: Date | string | null;
  meeting_id: string | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function toSession(r: RawSession): SessionRow {
  return {
    id: r.id,
    userId: r.user_id,
    title: r.title,
    language: r.language,
    mimeType: r.mime_type,
    bytes: Number(r.bytes),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    finishingSince: r.finishing_since === null ? null : toDate(r.finishing_since),
    meetingId: r.meeting_id,
  };
}

export class RecordingsRepo {
  constructor(private readonly db: Db) {}

  async countOpen(userId: string): Promise<number> {
    const r = await this.db.execute(
      sql`SELECT count(*)::int AS n FROM recording_sessions WHERE user_id = ${userId} AND meeting_id IS NULL`,
    );
    return Number((r.rows[0] as { n: number }).n);
  }

  async insert(values: { id: string; userId: string; title: string; language: string; mimeType: string }): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO recording_sessions (id, user_id, title, language, mime_type)
      VALUES (${values.id}, ${values.userId}, ${values.title}, ${values.language}, ${values.mimeType})`);
  }

  async find(userId: string, id: string): Promise<SessionRow | null> {
    const r = await this.db.execute(sql`SELECT * FROM recording_sessions WHERE id = ${id} AND user_id = ${userId}`);
    const row = r.rows[0] as RawSession | undefined;
    return row ? toSession(row) : null;
  }

  async listOpen(userId: string): Promise<SessionRow[]> {
    const r = await this.db.execute(
      sql`SELECT * FROM recording_sessions WHERE user_id = ${userId} AND meeting_id IS NULL ORDER BY created_at DESC LIMIT 100`,
    );
    return (r.rows as unknown as RawSession[]).map(toSession);
  }

  async chunkNumbers(sessionId: string): Promise<number[]> {
    const r = await this.db.execute(sql`SELECT n FROM recording_chunks WHERE session_id = ${sessionId} ORDER BY n`);
    return (r.rows as { n: number }[]).map((x) => Number(x.n));
  }

  async chunkSize(sessionId: string, n: number): Promise<number | null> {
    const r = await this.db.execute(sql`SELECT bytes FROM recording_chunks WHERE session_id = ${sessionId} AND n = ${n}`);
    const row = r.rows[0] as { bytes: number } | undefined;
    return row ? Number(row.bytes) : null;
  }

  /**
   * Records chunk `n` (its blob is already stored) and keeps the session's byte count: a chunk
   * sent again replaces the first one's size. Refused (false) once the session is finished or
   * finishing, or when the new total would pass `maxBytes`.
   */
  async putChunk(sessionId: string, n: number, bytes: number, maxBytes: number): Promise<"ok" | "closed" | "too-large"> {
    return this.db.transaction(async (tx) => {
      const s = await tx.execute(sql`SELECT bytes, meeting_id, finishing_since FROM recording_sessions WHERE id = ${sessionId} FOR UPDATE`);
      const session = s.rows[0] as { bytes: string; meeting_id: string | null; finishing_since: Date | null } | undefined;
      if (!session || session.meeting_id !== null || session.finishing_since !== null) return "closed";
      const old = await tx.execute(sql`SELECT bytes FROM recording_chunks WHERE session_id = ${sessionId} AND n = ${n}`);
      const previous = Number((old.rows[0] as { bytes: number } | undefined)?.bytes ?? 0);
      const total = Number(session.bytes) - previous + bytes;
      if (total > maxBytes) return "too-large";
      await tx.execute(sql`
        INSERT INTO recording_chunks (session_id, n, bytes) VALUES (${sessionId}, ${n}, ${bytes})
        ON CONFLICT (session_id, n) DO UPDATE SET bytes = EXCLUDED.bytes, created_at = now()`);
      await tx.execute(sql`UPDATE recording_sessions SET bytes = ${total}, updated_at = now() WHERE id = ${sessionId}`);
      return "ok";
    });
  }

  async update(sessionId: string, values: { title?: string; language?: string }): Promise<void> {
    await this.db.execute(sql`
      UPDATE recording_sessions SET
        title = coalesce(${values.title ?? null}, title),
        language = coalesce(${values.language ?? null}, language),
        updated_at = now()
      WHERE id = ${sessionId}`);
  }

  /**
   * Claims the session for one finishing request. A claim older than `staleSeconds` belonged to
   * a request that died mid-way and may be taken over.
   */
  async claimFinish(sessionId: string, staleSeconds: number): Promise<boolean> {
    const r = await this.db.execute(sql`
      UPDATE recording_sessions SET finishing_since = now()
      WHERE id = ${sessionId} AND meeting_id IS NULL
        AND (finishing_since IS NULL OR finishing_since < now() - make_interval(secs => ${staleSeconds}))
      RETURNING id`);
    return r.rows.length === 1;
  }

  async releaseFinish(sessionId: string): Promise<void> {
    await this.db.execute(sql`UPDATE recording_sessions SET finishing_since = NULL WHERE id = ${sessionId} AND meeting_id IS NULL`);
  }

  /** The session became `meetingId`: its chunks are no longer needed (their blobs are deleted by the caller). */
  async markFinished(sessionId: string, meetingId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE recording_sessions SET meeting_id = ${meetingId}, finishing_since = NULL, updated_at = now() WHERE id = ${sessionId}`,
      );
      await tx.execute(sql`DELETE FROM recording_chunks WHERE session_id = ${sessionId}`);
    });
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM recording_sessions WHERE id = ${sessionId}`);
  }

  /**
   * Sessions with no activity for `olderThanSeconds`: unfinished ones were abandoned; finished
   * ones only kept their meeting id for a repeated finish.
   */
  async stale(olderThanSeconds: number, limit = 500): Promise<{ id: string; userId: string }[]> {
    const r = await this.db.execute(sql`
      SELECT id, user_id FROM recording_sessions
      WHERE updated_at < now() - make_interval(secs => ${olderThanSeconds})
        AND (finishing_since IS NULL OR finishing_since < now() - make_interval(secs => ${olderThanSeconds}))
      ORDER BY updated_at LIMIT ${limit}`);
    return (r.rows as { id: string; user_id: string }[]).map((x) => ({ id: x.id, userId: x.user_id }));
  }
}
