// GET /api/models: the local models, their sizes and state. The server's owner also gets the
// last download error and how to install each model by hand; everyone else gets whom to ask.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ModelInfo, ModelsOverview } from "../../../../contract/models";

export type { ModelInfo, ModelsOverview };

export const modelsKey = ["models"] as const;

/** The models overview, polled while a download runs. */
export function useModels(enabled = true) {
  return useQuery({
    queryKey: modelsKey,
    queryFn: () => api<ModelsOverview>("/api/models"),
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
