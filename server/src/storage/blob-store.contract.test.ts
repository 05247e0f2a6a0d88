import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertValidKey, BlobNotFoundError, type BlobStore, materializeBlob } from "./blob-store";
import { LocalBlobStore } from "./local-blob-store";
import { S3BlobStore, type S3Settings } from "./s3-blob-store";
import { startS3Server } from "../../../test/s3-server";

/**
 * Behaviour every BlobStore backend must share. Add an S3 (or other) backend
 * by appending a factory here; `localPath` is the only backend-specific part.
 */
interface Backend {
  name: string;
  create(): Promise<{ store: BlobStore; dispose(): Promise<void> }>;
  hasLocalPaths: boolean;
}

const backends: Backend[] = [
  {
    name: "LocalBlobStore",
    hasLocalPaths: true,
    async create() {
      const root = await mkdtemp(join(tmpdir(), "blobs-"));
      return { store: new LocalBlobStore(root), dispose: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    // A real S3 API server (s3rver) started for the test: the same HTTP requests AWS S3 gets.
    name: "S3BlobStore (s3rver)",
    hasLocalPaths: false,
    async create() {
      const s3 = await startS3Server();
      return { store: new S3BlobStore(s3.settings), dispose: () => s3.close() };
    },
  },
];

// Any other S3-compatible endpoint (a MinIO, R2, AWS) runs the same contract when given:
// S3_TEST_ENDPOINT, S3_TEST_BUCKET, S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY (and
// S3_TEST_REGION). Each run works under its own prefix and removes it afterwards.
if (process.env.S3_TEST_ENDPOINT && process.env.S3_TEST_BUCKET) {
  const settings: S3Settings = {
    endpoint: process.env.S3_TEST_ENDPOINT,
    bucket: process.env.S3_TEST_BUCKET,
    region: process.env.S3_TEST_REGION ?? "us-east-1",
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? "",
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: process.env.S3_TEST_FORCE_PATH_STYLE !== "false",
  };
  backends.push({
    name: `S3BlobStore (${settings.endpoint})`,
    hasLocalPaths: false,
    async create() {
      const store = new S3BlobStore(settings);
      return { store, dispose: () => store.deletePrefix("recordings/") };
    },
  });
}

const key = (name: string) => `recordings/user-1/meeting-1/${name}`;

describe.each(backends)("BlobStore contract: $name", (backend) => {
  let store: BlobStore;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await backend.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("stores a stream and reads it back, with size", async () => {
    const body = Buffer.from("0123456789abcdef".repeat(1000));
    const put = await store.put(key("a.mp3"), Readable.from([body.subarray(0, 5000), body.subarray(5000)]));
    expect(put.bytes).toBe(body.length);
    expect(await store.stat(key("a.mp3"))).toEqual({ size: body.length });
    expect(await text(await store.getStream(key("a.mp3")))).toBe(body.toString());
  });

  it("accepts a Buffer body and replaces an existing blob", async () => {
    await store.put(key("a.txt"), Buffer.from("first version"));
    await store.put(key("a.txt"), Buffer.from("second"));
    expect(await text(await store.getStream(key("a.txt")))).toBe("second");
    expect(await store.stat(key("a.txt"))).toEqual({ size: 6 });
  });

  it("reads an inclusive byte range", async () => {
    await store.put(key("r.bin"), Buffer.from("0123456789"));
    expect(await text(await store.getStream(key("r.bin"), { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await store.getStream(key("r.bin"), { start: 9, end: 9 }))).toBe("9");
    await expect(store.getStream(key("r.bin"), { start: 5, end: 2 })).rejects.toThrow(RangeError);
  });

  it("reports missing blobs: stat null, getStream BlobNotFoundError, delete is a no-op", async () => {
    expect(await store.stat(key("none.mp3"))).toBeNull();
    await expect(store.getStream(key("none.mp3"))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(key("none.mp3"))).resolves.toBeUndefined();
    // A prefix is not a blob either.
    await store.put(key("x.mp3"), Buffer.from("x"));
    expect(await store.stat("recordings/user-1")).toBeNull();
    await expect(store.getStream("recordings/user-1")).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("deletes one blob", async () => {
    await store.put(key("a.mp3"), Buffer.from("a"));
    await store.put(key("b.mp3"), Buffer.from("b"));
    await store.delete(key("a.mp3"));
    expect(await store.stat(key("a.mp3"))).toBeNull();
    expect(await store.stat(key("b.mp3"))).toEqual({ size: 1 });
  });

  it("deletes by prefix without touching look-alike siblings", async () => {
    await store.put("recordings/u1/m1/a.mp3", Buffer.from("a"));
    await store.put("recordings/u1/m2/b.mp3", Buffer.from("b"));
    await store.put("recordings/u10/m1/c.mp3", Buffer.from("c"));
    await store.deletePrefix("recordings/u1/");
    expect(await store.stat("recordings/u1/m1/a.mp3")).toBeNull();
    expect(await store.stat("recordings/u1/m2/b.mp3")).toBeNull();
    expect(await store.stat("recordings/u10/m1/c.mp3")).toEqual({ size: 1 });
    await expect(store.deletePrefix("recordings/u10")).rejects.toThrow(/must end with '\/'/);
    await expect(store.deletePrefix("recordings/nobody/")).resolves.toBeUndefined();
  });

  it.each([
    "../outside.mp3",
    "recordings/../../etc/passwd",
    "/etc/passwd",
    "recordings//a.mp3",
    "recordings/./a.mp3",
    "recordings\\a.mp3",
    ".tmp/x",
    "",
  ])("refuses the key %j on every operation", async (bad) => {
    await expect(store.put(bad, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(store.stat(bad)).rejects.toThrow(/Invalid storage key/);
    await expect(store.getStream(bad)).rejects.toThrow(/Invalid storage key/);
    await expect(store.delete(bad)).rejects.toThrow(/Invalid storage key/);
  });

  it("keeps the previous blob when a put fails midway", async () => {
    await store.put(key("a.mp3"), Buffer.from("good old data"));
    async function* broken() {
      yield Buffer.from("half of the new ");
      throw new Error("client went away");
    }
    await expect(store.put(key("a.mp3"), broken())).rejects.toThrow("client went away");
    expect(await text(await store.getStream(key("a.mp3")))).toBe("good old data");
    await expect(store.put(key("fresh.mp3"), broken())).rejects.toThrow("client went away");
    expect(await store.stat(key("fresh.mp3"))).toBeNull();
  });

  it("materialises a blob as a file ffmpeg can read", async () => {
    await store.put(key("m.wav"), Buffer.from("RIFF....WAVE"));
    const m = await materializeBlob(store, key("m.wav"));
    try {
      expect((await readFile(m.path)).toString()).toBe("RIFF....WAVE");
      if (backend.hasLocalPaths) expect(m.path).toBe(store.localPath(key("m.wav")));
    } finally {
      await m.cleanup();
    }
    // Cleanup never removes the blob itself.
    expect(await store.stat(key("m.wav"))).toEqual({ size: 12 });
    await expect(materializeBlob(store, key("gone.wav"))).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});

describe("LocalBlobStore specifics", () => {
  it("lays keys out as files under the root and leaves no temp files behind", async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    try {
      const store = new LocalBlobStore(root);
      await store.put("recordings/u1/m1/talk.mp3", Buffer.from("abc"));
      expect(store.localPath("recordings/u1/m1/talk.mp3")).toBe(join(root, "recordings/u1/m1/talk.mp3"));
      expect((await readFile(join(root, "recordings/u1/m1/talk.mp3"))).toString()).toBe("abc");
      async function* broken() {
        yield Buffer.from("x");
        throw new Error("boom");
      }
      await store.put("recordings/u1/m1/b.mp3", broken()).catch(() => {});
      expect(await readdir(join(root, ".tmp"))).toEqual([]);
      expect(() => store.localPath("../x")).toThrow(/Invalid storage key/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("assertValidKey accepts ordinary keys and prefixes", () => {
    expect(() => assertValidKey("recordings/u1/m1/Team sync (1).mp4")).not.toThrow();
    expect(() => assertValidKey("recordings/u1/", { prefix: true })).not.toThrow();
    expect(() => assertValidKey("recordings/u1/")).toThrow(/empty path segment/);
  });
});
