// Whether this process can serve: the database answers, the queue answers, the store answers.
// The server's owner also sees details a load balancer has no use for: which ffmpeg and
// ffprobe decode uploads (system, configured or the bundled fallback) and their versions.
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { mediaBinary, type MediaBinary } from "../../media/ffmpeg";
import { databaseAnswers, firstAccountId } from "./system.repo";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unavailable";
  queue: "ok" | "unavailable";
  storage: "ok" | "unavailable";
}

const check = (p: Promise<unknown>) =>
  p.then((ok) => (ok === false ? "unavailable" : "ok")).catch(() => "unavailable") as Promise<"ok" | "unavailable">;

export interface ReadinessDetails {
  ffmpeg: Omit<MediaBinary, "path">;
  ffprobe: Omit<MediaBinary, "path">;
}

export class SystemService {
  constructor(private readonly ctx: Pick<AppContext, "config" | "database" | "queue" | "store">) {}

  async readiness(): Promise<Readiness> {
    const {
      database: { db },
      queue,
      store,
    } = this.ctx;
    const [database, queueState, storage] = await Promise.all([check(databaseAnswers(db)), check(queue.healthy()), check(store.ready())]);
    return { ready: database === "ok" && queueState === "ok" && storage === "ok", database, queue: queueState, storage };
  }

  /** The details for the server's owner (ADMIN_EMAILS, else the first account), or null for anyone else. */
  async readinessDetails(actor: Actor | null): Promise<ReadinessDetails | null> {
    const { ctx } = this;
    if (!actor) return null;
    const { adminEmails } = ctx.config;
    const owner = adminEmails.length
      ? adminEmails.includes(actor.email.toLowerCase())
      : (await firstAccountId(ctx.database.db)) === actor.id;
    if (!owner) return null;
    // Folder paths stay out (they show the server's layout); the source says where it came from.
    const strip = ({ path: _path, ...rest }: MediaBinary) => rest;
    return { ffmpeg: strip(mediaBinary("ffmpeg")), ffprobe: strip(mediaBinary("ffprobe")) };
  }
}
