// Speech models in Settings: who owns this instance (may download models), what the default
// settings need, and the "Download speech models" action, which pulls them in this process
// while GET /api/models shows the progress. See docs/decisions/009-first-visit.md.
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user as users } from "../../db/schema";
import { DEFAULT_MODEL_IDS, catalogueFrom, type CatalogueModel } from "../../engines/speech/models/catalogue";
import { ModelError, checkModel, listModels, pullModel } from "../../engines/speech/models/manager";
import { totalSize } from "../../engines/speech/models/missing-models";
import type { Actor } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { AppError } from "../../http/errors";

/**
 * The instance's owners: the addresses in ADMIN_EMAILS when set, else the first account
 * created (the person who installed it and signed up first).
 */
export async function isInstanceOwner(db: Db, adminEmails: string[], actor: Actor): Promise<boolean> {
  if (adminEmails.length) return adminEmails.includes(actor.email.toLowerCase());
  const [first] = await db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  return first?.id === actor.id;
}

interface DownloadState {
  running: boolean;
  /** What went wrong in the last run, in words for the owner (no server paths). */
  error: string | null;
}
const downloads = new WeakMap<AppContext, DownloadState>();
const stateOf = (ctx: AppContext): DownloadState => downloads.get(ctx) ?? { running: false, error: null };

export function catalogueOf(ctx: AppContext): CatalogueModel[] {
  return catalogueFrom(ctx.config.modelsBaseUrl);
}

/** The default set's models that still need downloading (bundled ones never do). */
async function missingDefaults(ctx: AppContext): Promise<CatalogueModel[]> {
  const catalogue = catalogueOf(ctx);
  const missing: CatalogueModel[] = [];
  for (const id of DEFAULT_MODEL_IDS) {
    const m = catalogue.find((c) => c.id === id);
    if (!m || m.format === "bundled") continue;
    if (!(await checkModel(ctx.config.modelsDir, id, catalogue)).ok) missing.push(m);
  }
  return missing;
}

export async function modelsOverview(ctx: AppContext, actor: Actor) {
  const catalogue = catalogueOf(ctx);
  const models = await listModels(ctx.config.modelsDir, catalogue);
  const missing = await missingDefaults(ctx);
  const state = stateOf(ctx);
  return {
    engine: ctx.config.speech.engine,
    autoDownload: ctx.config.speech.autoDownload,
    canManage: await isInstanceOwner(ctx.database.db, ctx.config.adminEmails, actor),
    defaults: {
      ids: [...DEFAULT_MODEL_IDS],
      missing: missing.map((m) => m.id),
      missingSize: missing.length ? totalSize(missing) : null,
      downloading: state.running,
      error: state.error,
    },
    models: models.map(({ dir: _dir, url: _url, ...m }) => m),
  };
}

function downloadFailure(m: CatalogueModel, err: unknown): string {
  const why =
    err instanceof ModelError && err.code === "OFFLINE"
      ? "this server could not reach the download site"
      : err instanceof ModelError && err.code === "CHECKSUM_MISMATCH"
        ? "the download did not match its checksum"
        : err instanceof ModelError && err.code === "EXTRACT_FAILED"
          ? "the downloaded archive could not be unpacked"
          : "the download failed";
  return `Downloading ${m.name} stopped: ${why}. Try again, or run "npm run models -- pull" on the server.`;
}

/** Starts pulling the missing default models, one after another; answers at once. */
export async function startDefaultDownload(ctx: AppContext, actor: Actor): Promise<void> {
  if (!(await isInstanceOwner(ctx.database.db, ctx.config.adminEmails, actor)))
    throw new AppError("FORBIDDEN", "Only the owner of this server can download speech models.");
  if (stateOf(ctx).running) return;
  const missing = await missingDefaults(ctx);
  if (!missing.length) return;
  const state: DownloadState = { running: true, error: null };
  downloads.set(ctx, state);
  const catalogue = catalogueOf(ctx);
  void (async () => {
    for (const m of missing) {
      try {
        await pullModel(ctx.config.modelsDir, m.id, { catalogue });
      } catch (err) {
        state.error = downloadFailure(m, err);
        ctx.log(`speech model ${m.id}: download failed: ${err instanceof Error ? err.message : String(err)}`);
        break;
      }
    }
    state.running = false;
  })();
}
