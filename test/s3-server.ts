// A real S3 API server for tests and benches (s3rver: an S3-compatible HTTP server that keeps
// objects in a folder), on a free loopback port with one bucket. It speaks the same wire
// protocol as AWS S3 or MinIO, so S3BlobStore runs its real requests against it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { freePort } from "../server/src/free-port";
import type { S3Settings } from "../server/src/storage/s3-blob-store";

export interface TestS3 {
  settings: S3Settings;
  /** The settings as the app's environment variables (STORAGE=s3 …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "minutes-test"): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-s3-"));
  const port = await freePort();
  const server = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  let closed = false;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
