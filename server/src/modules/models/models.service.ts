// Speech models in Settings: who owns this instance (only they may download models), what the
// default settings need, and the "Download speech models" action, which pulls them in this
// process while GET /api/models shows the progress. See docs/decisions/009-first-visit.md.
// Removing models is the CLI's job on the server (npm run models -- remove), not the API's.
import type { Db } from "../../db/client";
import { DEFAULT_MODEL_IDS, DEFAULT_MODELS_BASE_URL, catalogueFrom, type CatalogueModel } from "../../engines/speech/models/catalogue";
import { ModelError, whyDownloadFailed } from "../../engines/speech/models/manager";
import { totalSize } from "../../engines/speech/models/missing-models";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { ModelsRepo } from "./models.repo";

export interface ModelsSettings {
  /** ADMIN_EMAILS, lower case; empty: the first account owns the instance. */
  adminEmails: string[];
  engine: string;
  autoDownload: boolean;
  /** MODELS_BASE_URL, or null for the sherpa-onnx GitHub releases. */
  baseUrl: string | null;
}

interface DownloadState {
  running: boolean;
  /** What went wrong in the last run, in words for the owner (no server paths). */
  error: string | null;
}

export class ModelsService {
  private download: DownloadState = { running: false, error: null };

  constructor(
    private readonly repo: ModelsRepo,
    private readonly settings: ModelsSettings,
    private readonly log: (msg: string) => void,
  ) {}

  /**
   * The instance's owners: the addresses in ADMIN_EMAILS when set, else the first account
   * created (the person who installed it and signed up first).
   */
  async isInstanceOwner(actor: Pick<Actor, "id" | "email">): Promise<boolean> {
    if (this.settings.adminEmails.length) return this.settings.adminEmails.includes(actor.email.toLowerCase());
    return (await this.repo.firstAccountId()) === actor.id;
  }

  /** The default set's models that still need downloading (bundled ones never do). */
  private async missingDefaults(): Promise<CatalogueModel[]> {
    const missing: CatalogueModel[] = [];
    for (const id of DEFAULT_MODEL_IDS) {
      const m = this.repo.catalogue.find((c) => c.id === id);
      if (!m || m.format === "bundled") continue;
      if (!(await this.repo.isInstalled(id))) missing.push(m);
    }
    return missing;
  }

  /**
   * What the Settings page shows. Everyone: the models, their sizes and state, what the
   * defaults still need. The owner also: the last download error, and what installing by hand
   * takes (download address, files, folder; MODELS_BASE_URL) for a server without internet.
   * Others get whom to ask instead, and no server paths, commands or the owner's errors.
   */
  async overview(actor: Actor) {
    // The download's state is read first: when it says "done", the list and the missing set read after it agree
    // (read last, a download finishing between the two reads said "done" over a list that had the model missing).
    const { running: downloading, error } = this.download;
    const models = await this.repo.list();
    const missing = await this.missingDefaults();
    const canManage = await this.isInstanceOwner(actor);
    const contact = canManage ? null : await this.repo.ownerContact(this.settings.adminEmails);
    return {
      engine: this.settings.engine,
      autoDownload: this.settings.autoDownload,
      canManage,
      owner: contact ? `${contact.name} (${contact.email})` : null,
      defaults: {
        ids: [...DEFAULT_MODEL_IDS],
        missing: missing.map((m) => m.id),
        missingSize: missing.length ? totalSize(missing) : null,
        downloading,
        error: canManage ? error : null,
      },
      offline: canManage ? { baseUrl: this.settings.baseUrl ?? DEFAULT_MODELS_BASE_URL, defaultBaseUrl: DEFAULT_MODELS_BASE_URL } : null,
      // Folder paths and download addresses stay on the server for everyone but its owner.
      models: models.map(({ dir: _dir, url, ...m }) => {
        const entry = this.repo.catalogue.find((c) => c.id === m.id);
        const manual =
          canManage && entry && !m.bundled
            ? { url, files: entry.files.map((f) => f.path), folder: this.repo.folderOf(m.id), extract: entry.format === "tar.bz2" }
            : null;
        return { ...m, manual };
      }),
    };
  }

  /** Owner only: starts pulling the missing default models, one after another; answers at once. */
  async startDefaultDownload(actor: Actor): Promise<void> {
    if (!(await this.isInstanceOwner(actor))) throw new AppError("FORBIDDEN", "Only the owner of this server can download speech models.");
    if (this.download.running) return;
    const missing = await this.missingDefaults();
    if (!missing.length) return;
    const state: DownloadState = { running: true, error: null };
    this.download = state;
    void (async () => {
      for (const m of missing) {
        try {
          await this.repo.pull(m.id);
        } catch (err) {
          state.error = downloadFailure(m, err);
          this.log(`speech model ${m.id}: download failed: ${err instanceof Error ? err.message : String(err)}`);
          break;
        }
      }
      state.running = false;
    })();
  }
}

/** The service over this instance's model store and settings. */
export function modelsServiceFor(ctx: Pick<AppContext, "config" | "log">, db: Db): ModelsService {
  const repo = new ModelsRepo(db, ctx.config.modelsDir, catalogueFrom(ctx.config.modelsBaseUrl));
  const { adminEmails, speech } = ctx.config;
  return new ModelsService(
    repo,
    { adminEmails, engine: speech.engine, autoDownload: speech.autoDownload, baseUrl: ctx.config.modelsBaseUrl },
    ctx.log,
  );
}

/** For the owner's eyes only (Settings → Models): what failed and what else can work. */
function downloadFailure(m: CatalogueModel, err: unknown): string {
  const why = whyDownloadFailed(err);
  const offline = err instanceof ModelError && err.code === "OFFLINE";
  return (
    `Downloading ${m.name} stopped: ${why}. ` +
    (offline ? "" : "Try again; ") +
    `if this server cannot reach the download site, use a mirror (MODELS_BASE_URL) or copy the files by hand as shown under "Without internet access".`
  );
}
