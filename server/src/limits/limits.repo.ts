// All SQL of request counters and uploads in flight. Both live in PostgreSQL so that every
// web process behind a load balancer counts the same requests and the same uploads.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export interface Hit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  resetInSeconds: number;
}

export class LimitsRepo {
  constructor(private readonly db: Db) {}

  /** Counts one request under `key` in a fixed window of `windowSeconds` (atomic, by the database's clock). */
  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const result = await this.db.execute(sql`
      INSERT INTO request_limits AS l (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        window_start = CASE WHEN l.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE l.window_start END,
        count = CASE WHEN l.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE l.count + 1 END
      RETURNING count,
        ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS reset_in`);
    const row = result.rows[0] as { count: number; reset_in: number };
    return { count: Number(row.count), resetInSeconds: Math.max(1, Number(row.reset_in)) };
  }

  /** Takes back one request counted under `key` (it turned out not to count, e.g. a successful sign-in). */
  async unhit(key: string): Promise<void> {
    await this.db.execute(sql`UPDATE request_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
  }

  /** Forgets windows that ended long ago. */
  async prune(olderThanSeconds: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM request_limits WHERE window_start < now() - make_interval(secs => ${olderThanSeconds})`);
  }

  /**
   * Records an upload for the user unless they already have `max` live ones (beat within
   * `staleSeconds`). The per-user advisory lock makes check and insert one step across processes.
   */
  async claimUpload(id: string, userId: string, max: number, staleSeconds: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
      await tx.execute(
        sql`DELETE FROM uploads_in_flight WHERE user_id = ${userId} AND beat_at < now() - make_interval(secs => ${staleSeconds})`,
      );
      const live = await tx.execute(sql`SELECT count(*)::int AS n FROM uploads_in_flight WHERE user_id = ${userId}`);
      if (Number((live.rows[0] as { n: number }).n) >= max) return false;
      await tx.execute(sql`INSERT INTO uploads_in_flight (id, user_id) VALUES (${id}, ${userId})`);
      return true;
    });
  }

  async beatUploads(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`UPDATE uploads_in_flight SET beat_at = now() WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[])`);
  }

  async releaseUpload(id: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM uploads_in_flight WHERE id = ${id}`);
  }
}
