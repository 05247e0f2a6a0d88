// The app's context: what a module's routes and services, and a job's handler, work with.
// Built once in boot.ts (or by a test). Only types of the layers below (db, queue, storage,
// mail, events, security, metrics), so everything above may import it and nothing here
// imports back up (docs/decisions/032-server-layers.md).
import type { Auth } from "../auth/auth";
import type { Config } from "../config/config";
import type { Database } from "../db/client";
import type { JobQueue } from "../queue/queue";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../metrics/metrics";
import type { TokenCipher } from "../security/token-cipher";
import type { MeetingEventHub } from "../events/meeting-events";
import type { BlobStore } from "../storage/blob-store";

/** Everything a route or job handler may need, built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  queue: JobQueue<AppContext>;
  mailer: Mailer;
  store: BlobStore;
  events: MeetingEventHub;
  databaseUrl: string;
  /** Prometheus metrics (/metrics). */
  metrics: Metrics;
  /** Encrypts integration tokens at rest. */
  tokenCipher: TokenCipher;
  log: (msg: string) => void;
}
