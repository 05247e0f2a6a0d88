// Meeting status changes travel through PostgreSQL NOTIFY, so a worker in another process
// (scale-out) reaches the API process that holds the browser's server-sent-events stream.
// The same channel tells workers that a meeting was deleted, so they stop its job, and open
// streams that a reader's access may have ended (triggers in migration 0008 publish those).
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client";

const CHANNEL = "meeting_events";

export type MeetingEvent =
  | { type: "changed" | "deleted"; meetingId: string }
  /** The user's team memberships or roles changed (db trigger on member, migration 0008). */
  | { type: "access-changed"; userId: string }
  /** A session ended: signed out, revoked, or the user deleted (db trigger on session). */
  | { type: "session-ended"; sessionId: string };

export async function publishMeetingEvent(db: Db, event: MeetingEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

type Listener = (e: MeetingEvent) => void;

/**
 * One LISTEN connection per process, shared by every subscriber. It is a dedicated pg client,
 * not the pool drizzle uses: a LISTEN must stay on one connection for the process's life.
 */
export class MeetingEventHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private listeners = new Set<Listener>();

  constructor(private readonly databaseUrl: string) {}

  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    await this.ensureConnected();
    return () => this.listeners.delete(listener);
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on("notification", (msg) => {
        if (!msg.payload) return;
        try {
          const event = JSON.parse(msg.payload) as MeetingEvent;
          for (const l of this.listeners) l(event);
        } catch {
          /* ignore foreign payloads */
        }
      });
      client.on("error", () => {
        // Reconnect on the next subscribe; streams fall back to polling meanwhile.
        this.client = null;
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
