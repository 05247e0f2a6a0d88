// Starts everything the app needs, in order: config → database → migrations → mail →
// auth → queue. Used by main.ts and by tests that need a real running server.
import { createAuth } from "./auth/auth";
import type { Config } from "./config/config";
import { lockDataDir } from "./config/data-dir-lock";
import { loadOrCreateSecrets } from "./config/secrets";
import { connectDatabase, migrateDatabase } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import type { AppContext } from "./context/app-context";
import { allJobs } from "./jobs";
import { JobQueue } from "./queue/queue";
import { createMailer } from "./mail/mailer";
import { describeMediaBinaries, setMediaBinaries } from "./media/ffmpeg";
import { TokenCipher } from "./security/token-cipher";
import { MeetingEventHub } from "./events/meeting-events";
import { LocalBlobStore } from "./storage/local-blob-store";
import { S3BlobStore } from "./storage/s3-blob-store";
import { removeOrphanRecordings } from "./storage/orphan-recordings";
import { existingMeetingIds } from "./modules/meetings/meetings.repo";
import { Metrics } from "./metrics/metrics";

export interface Booted {
  ctx: AppContext;
  shutdown(): Promise<void>;
}

export async function boot(config: Config, log: (msg: string) => void): Promise<Booted> {
  setMediaBinaries({ ffmpeg: config.ffmpegPath, ffprobe: config.ffprobePath });
  // Which ffmpeg decodes uploads, checked now: the system's when new enough, the bundled 2018 build only as a fallback.
  for (const line of describeMediaBinaries()) log(line.level === "warn" ? `warning: ${line.text}` : line.text);
  const secrets = loadOrCreateSecrets(config.dataDir);
  const stops: (() => Promise<void>)[] = [];
  let embedded = null;
  if (!config.databaseUrl) {
    const unlock = lockDataDir(config.dataDir);
    stops.push(async () => unlock());
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, password: secrets.dbPassword, log });
    } catch (e) {
      unlock();
      throw e;
    }
    stops.unshift(embedded.stop);
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  try {
    const database = connectDatabase(databaseUrl);
    stops.unshift(database.close);
    await migrateDatabase(database.db);
    const mailer = createMailer(config, log);
    const auth = createAuth({ config, db: database.db, mailer, secret: config.authSecret ?? secrets.authSecret });
    const queue = new JobQueue(
      {
        databaseUrl,
        log,
        slots: { cpu: config.jobConcurrency, io: config.downloadConcurrency },
        workerTimeoutSeconds: config.workerTimeoutSeconds,
      },
      allJobs,
    );
    await queue.start();
    stops.unshift(() => queue.stop(config.shutdownTimeoutSeconds * 1000));
    const events = new MeetingEventHub(databaseUrl);
    stops.unshift(() => events.close());
    const store = config.storage.kind === "s3" ? new S3BlobStore(config.storage.s3) : new LocalBlobStore(config.filesDir);
    if (store instanceof LocalBlobStore) {
      // Temp files of uploads cut off by a crash. At start in the embedded mode DATA_DIR is
      // locked to this process, so none is still being written: all go. Otherwise (and later,
      // while this process's own uploads run) only those untouched for UPLOAD_TEMP_MAX_AGE_SECONDS.
      const maxAgeMs = config.uploadTempMaxAgeSeconds * 1000;
      const sweep = async (olderThanMs: number) => {
        const swept = await store.sweepTemp(olderThanMs);
        if (swept) log(`removed ${swept} temp file(s) left by an interrupted upload`);
      };
      await sweep(config.databaseUrl ? maxAgeMs : 0);
      const orphans = await removeOrphanRecordings(store, (ids) => existingMeetingIds(database.db, ids), config.databaseUrl ? maxAgeMs : 0);
      if (orphans) log(`removed ${orphans} recording folder(s) no meeting owns (an upload cut off before its meeting was saved)`);
      const timer = setInterval(() => void sweep(maxAgeMs).catch((e) => log(`temp sweep: ${String(e)}`)), Math.max(60_000, maxAgeMs));
      timer.unref();
      stops.unshift(async () => clearInterval(timer));
    }
    const tokenCipher = new TokenCipher(config.integrations.encryptionKey ?? secrets.integrationsKey);
    const metrics = new Metrics(() => queue.depths());
    queue.onFailure = (job) => metrics.jobsFailed.inc({ job });
    const ctx: AppContext = { config, database, auth, queue, mailer, store, events, databaseUrl, log, tokenCipher, metrics };
    return {
      ctx,
      async shutdown() {
        for (const stop of stops) await stop().catch((e) => log(`shutdown: ${String(e)}`));
      },
    };
  } catch (e) {
    for (const stop of stops) await stop().catch(() => {});
    throw e;
  }
}
