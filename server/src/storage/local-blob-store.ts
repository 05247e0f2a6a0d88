import { randomUUID } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { access, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, BlobNotFoundError, type BlobBody, type BlobStat, type BlobStore, type ByteRange } from "./blob-store";

/** Stores blobs as files under `root`; a key maps to `root/key`. */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  /** Temp files live inside the root so the final rename never crosses file systems. */
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.tmpDir = join(this.root, ".tmp");
  }
  /**
   * Removes temp files an upload cut off by a crash left behind (kill -9 skips the cleanup
   * in put()). Only files untouched for `olderThanMs`: another process's upload in flight
   * keeps writing to its file. Returns how many were removed.
   */
  async sweepTemp(olderThanMs = 10 * 60_000): Promise<number> {
    const names = await readdir(this.tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const p = join(this.tmpDir, name);
      const s = await stat(p).catch(() => null);
      if (s && Date.now() - s.mtimeMs >= olderThanMs) {
        await rm(p, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private pathFor(key: string, opts: { prefix?: boolean } = {}): string {
    assertValidKey(key, opts);
    const full = resolve(this.root, key);
    // Belt and braces after key validation: the result must stay under the root.
    if (!full.startsWith(this.root + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  async ready(): Promise<boolean> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
    return true;
  }

  localPath(key: string): string {
    return this.pathFor(key);
  }

  async put(key: string, body: BlobBody): Promise<{ bytes: number }> {
    const finalPath = this.pathFor(key);
    await mkdir(this.tmpDir, { recursive: true });
    const tmpPath = join(this.tmpDir, `${randomUUID()}.part`);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb(null, chunk);
      },
    });
    const source = body instanceof Uint8Array ? Readable.from([body]) : body;
    try {
      await pipeline(source, counter, createWriteStream(tmpPath));
      await mkdir(dirname(finalPath), { recursive: true });
      // Atomic on one file system: the key holds the old blob or the whole new one, never half.
      await rename(tmpPath, finalPath);
    } catch (err) {
      await rm(tmpPath, { force: true });
      throw err;
    }
    return { bytes };
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathFor(key);
    if (range && (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 0 || range.end < range.start)) {
      throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
    }
    // Open first so a missing blob rejects here rather than as a later stream error.
    const handle = await open(path, "r").catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") throw new BlobNotFoundError(key);
      throw err;
    });
    // A directory (a key prefix) opens fine on Linux but is not a blob.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await stat(this.pathFor(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathFor(key);
    const s = await stat(path).catch(() => null);
    if (s?.isFile()) await rm(path, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathFor(prefix, { prefix: true }), { recursive: true, force: true });
  }
}
