// GET /api/models and POST /api/models/download: the local speech and language models, their
// sizes and state (Settings → Models). Folder paths are never sent (they reveal the server's
// layout); the owner alone gets the download error and how to install a model by hand.
import { z } from "zod";

export const modelDownloadSchema = z.object({
  receivedBytes: z.number(),
  totalBytes: z.number().nullable(),
  active: z.boolean(),
  complete: z.boolean().optional(),
});

export const modelInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.string(),
  languages: z.array(z.string()),
  licence: z.string(),
  sizeBytes: z.number().nullable(),
  /** Installed size from upstream's listings, when known. */
  approxBytes: z.number().nullable(),
  bundled: z.boolean(),
  installed: z.boolean(),
  sizeOnDisk: z.number(),
  download: modelDownloadSchema.nullable(),
  /** The owner only: how to install it by hand (download address, files, folder); null for others and bundled models. */
  manual: z.object({ url: z.string(), files: z.array(z.string()), folder: z.string(), extract: z.boolean() }).nullable(),
});
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const modelsOverviewSchema = z.object({
  engine: z.string(),
  autoDownload: z.boolean(),
  /** The caller owns this instance: may download models. */
  canManage: z.boolean(),
  /** For everyone else: whom to ask ("Name (email)"), or null. */
  owner: z.string().nullable(),
  defaults: z.object({
    ids: z.array(z.string()),
    missing: z.array(z.string()),
    /** "about 160 MB" for the missing ones, or null. */
    missingSize: z.string().nullable(),
    downloading: z.boolean(),
    error: z.string().nullable(),
  }),
  /** The owner only: where speech models are downloaded from (MODELS_BASE_URL) and the default. */
  offline: z.object({ baseUrl: z.string(), defaultBaseUrl: z.string() }).nullable(),
  models: z.array(modelInfoSchema),
});
export type ModelsOverview = z.infer<typeof modelsOverviewSchema>;
