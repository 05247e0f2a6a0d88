// GET /api/models: the local models, their sizes and state. The server's owner also gets the
// last download error and how to install each model by hand; everyone else gets whom to ask.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export interface ModelInfo {
  id: string;
  name: string;
  purpose: string;
  languages: string[];
  licence: string;
  sizeBytes: number | null;
  /** Installed size from upstream's listings, when known. */
  approxBytes: number | null;
  bundled: boolean;
  installed: boolean;
  sizeOnDisk: number;
  download: { receivedBytes: number; totalBytes: number | null; active: boolean; complete?: boolean } | null;
  /** The owner only: download address, files and folder for an install by hand. */
  manual: { url: string; files: string[]; folder: string; extract: boolean } | null;
}

export interface ModelsResponse {
  engine: string;
  autoDownload: boolean;
  /** The signed-in user owns this server and may download models. */
  canManage: boolean;
  /** For everyone else: whom to ask, "Name (email)". */
  owner: string | null;
  defaults: { ids: string[]; missing: string[]; missingSize: string | null; downloading: boolean; error: string | null };
  /** The owner only: where speech models come from (MODELS_BASE_URL) and the default source. */
  offline: { baseUrl: string; defaultBaseUrl: string } | null;
  models: ModelInfo[];
}

export const modelsKey = ["models"] as const;

/** The models overview, polled while a download runs. */
export function useModels(enabled = true) {
  return useQuery({
    queryKey: modelsKey,
    queryFn: () => api<ModelsResponse>("/api/models"),
    enabled,
    refetchInterval: (q) => (q.state.data?.defaults.downloading || q.state.data?.models.some((m) => m.download?.active) ? 1500 : false),
  });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** A model's download size for the list: exact, else "about" upstream's installed size, else null. */
export function modelSize(m: Pick<ModelInfo, "sizeBytes" | "approxBytes">): string | null {
  if (m.sizeBytes) return formatBytes(m.sizeBytes);
  if (m.approxBytes) return `about ${formatBytes(m.approxBytes)}`;
  return null;
}

/** Whom a user who cannot install models asks, in a sentence. */
export function askOwnerText(owner: string | null): string {
  return owner
    ? `Ask ${owner}, who runs this server, to download them under Settings → Models.`
    : "Ask the person who runs this server to download them under Settings → Models.";
}

/** Whether a meeting's error is the local engine's "needs speech models" message. */
export function isMissingModelsError(error: string | null | undefined): boolean {
  return Boolean(error && /^This recording needs (a speech model|\d+ speech models) that (is|are) not installed/.test(error));
}
