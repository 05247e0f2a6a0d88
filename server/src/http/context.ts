import type { Auth } from "../auth/auth";
import type { Config } from "../config/config";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "./metrics";
import type { TokenCipher } from "../modules/integrations/token-cipher";
import type { MeetingEventHub } from "../modules/meetings/meeting-events";
import type { BlobStore } from "../storage/blob-store";

/** Everything a route or job handler may need, built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  queue: JobQueue;
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
