// What a user is told when a recording needs speech models the server does not have: which
// models, how much they download in all, who can install them and where. Never a server path.
import type { CatalogueModel } from "./catalogue";

/** Download size: exact when the catalogue knows it, else the approximate size, else null. */
export function downloadBytes(m: Pick<CatalogueModel, "sizeBytes" | "approxBytes">): number | null {
  return m.sizeBytes ?? m.approxBytes;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

/** "about 160 MB in all" (or "at least …" when one size is unknown); null when none is known. */
export function totalSize(models: Pick<CatalogueModel, "sizeBytes" | "approxBytes">[]): string | null {
  const sizes = models.map(downloadBytes);
  const known = sizes.filter((s): s is number => s !== null);
  if (!known.length) return null;
  const sum = known.reduce((a, b) => a + b, 0);
  return `${known.length < sizes.length ? "at least" : "about"} ${formatSize(sum)}`;
}

/**
 * Read by everyone who can see the meeting, so it names the place in the app and who can act,
 * not server commands: the owner finds the download, the command and the offline ways there.
 */
export const INSTALL_ADVICE = `The owner of this server can download them under Settings → Models. Then use 'Retry processing'.`;

export function missingModelsMessage(models: Pick<CatalogueModel, "name" | "sizeBytes" | "approxBytes">[], reason?: string): string {
  const names = models.map((m) => {
    const size = downloadBytes(m);
    return size === null ? m.name : `${m.name} (${formatSize(size)})`;
  });
  const total = totalSize(models);
  const what = models.length === 1 ? "a speech model that is" : `${models.length} speech models that are`;
  return (
    `This recording needs ${what} not installed on this server: ${names.join(", ")}` +
    (total && models.length > 1 ? `; ${total} to download.` : ".") +
    (reason ? ` ${reason}` : "") +
    ` ${INSTALL_ADVICE}`
  );
}
