import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../core/errors";

/** Inclusive byte range, as in an HTTP Range header (bytes=start-end). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStat {
  size: number;
}

export type BlobBody = Readable | AsyncIterable<Uint8Array> | Uint8Array;

/**
 * Where recordings and other files live. Keys are '/'-separated relative
 * paths such as `recordings/{userId}/{meetingId}/{fileName}`.
 */
export interface BlobStore {
  /** Stores the whole body under `key`, replacing any previous blob; readers never see a partial one. */
  put(key: string, body: BlobBody): Promise<{ bytes: number }>;
  /** Reads a blob (optionally one byte range). Rejects with BlobNotFoundError if it does not exist. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<BlobStat | null>;
  /** Removes a blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every blob whose key starts with `prefix`. The prefix must end with
   * '/', so `recordings/u1/` can never also match `recordings/u10/`.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Whether the backend answers (readiness check). */
  ready(): Promise<boolean>;
  /** A file path ffmpeg can read directly, where the backend is local disk; null otherwise. */
  localPath(key: string): string | null;
}

export class BlobNotFoundError extends AppError {
  constructor(readonly key: string) {
    super("BLOB_NOT_FOUND", `The stored file ${key} was not found.`);
    this.name = "BlobNotFoundError";
  }
}

export class InvalidBlobKeyError extends AppError {
  constructor(key: string, why: string) {
    super("INVALID_BLOB_KEY", `Invalid storage key ${JSON.stringify(key)}: ${why}.`);
    this.name = "InvalidBlobKeyError";
  }
}

/**
 * Validates a key (or, with `prefix`, a prefix ending in '/'). Refuses
 * absolute paths, backslashes, '.'/'..' and hidden segments (the local store
 * keeps its temp files in a dot-directory) so a key can never escape the root.
 */
export function assertValidKey(key: string, opts: { prefix?: boolean } = {}): void {
  if (typeof key !== "string" || key.length === 0) throw new InvalidBlobKeyError(String(key), "it is empty");
  if (key.length > 1024) throw new InvalidBlobKeyError(key.slice(0, 40), "it is longer than 1024 characters");
  if (key.startsWith("/")) throw new InvalidBlobKeyError(key, "it is an absolute path");
  if (key.includes("\\")) throw new InvalidBlobKeyError(key, "it contains a backslash");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidBlobKeyError(key, "it contains control characters");
  let body = key;
  if (opts.prefix) {
    if (!key.endsWith("/")) throw new InvalidBlobKeyError(key, "a prefix must end with '/'");
    body = key.slice(0, -1);
  }
  for (const segment of body.split("/")) {
    if (segment === "") throw new InvalidBlobKeyError(key, "it has an empty path segment");
    if (segment === "." || segment === "..") throw new InvalidBlobKeyError(key, `it contains '${segment}'`);
    if (segment.startsWith(".")) throw new InvalidBlobKeyError(key, "a segment starts with a dot");
  }
}

/**
 * Gives ffmpeg a real file for a blob: the blob's own path on local disk, or a
 * temp copy for remote backends. Always call `cleanup()` when done (it only
 * removes the temp copy, never the blob).
 */
export async function materializeBlob(
  store: BlobStore,
  key: string,
  opts: { tmpDir?: string; signal?: AbortSignal } = {},
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const direct = store.localPath(key);
  if (direct) {
    if (!(await store.stat(key))) throw new BlobNotFoundError(key);
    return { path: direct, cleanup: async () => {} };
  }
  const dir = await mkdtemp(join(opts.tmpDir ?? tmpdir(), "blob-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const name = key.split("/").pop() ?? "blob";
    const path = join(dir, name);
    await pipeline(await store.getStream(key), createWriteStream(path), { signal: opts.signal });
    return { path, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * A file for a program (ffmpeg, a download) to write a blob into: the blob's own path on
 * local disk, or a temp file that `commit()` uploads under `key`. Always call `cleanup()`
 * (it removes only the temp file).
 */
export async function blobFileWriter(
  store: BlobStore,
  key: string,
  opts: { tmpDir?: string } = {},
): Promise<{ path: string; commit: () => Promise<void>; cleanup: () => Promise<void> }> {
  const direct = store.localPath(key);
  if (direct) {
    await mkdir(dirname(direct), { recursive: true });
    return { path: direct, commit: async () => {}, cleanup: async () => {} };
  }
  const dir = await mkdtemp(join(opts.tmpDir ?? tmpdir(), "blob-"));
  const path = join(dir, key.split("/").pop() ?? "blob");
  return {
    path,
    commit: async () => {
      await store.put(key, createReadStream(path));
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
