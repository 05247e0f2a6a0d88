// A stand-in for the speech-model release server (MODELS_BASE_URL points at it): it serves
// the default models' assets with the catalogue's file names and random contents, which is
// enough for download, extraction and the install checks (nothing runs them).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CATALOGUE, DEFAULT_MODEL_IDS, DEFAULT_MODELS_BASE_URL } from "../server/src/engines/speech/models/catalogue";
import { startFakeServer, type FakeServer } from "./fake-http";

export interface FakeModelReleases extends FakeServer {
  /** Request paths, in order. */
  requested: string[];
  /** Paths of the assets served. */
  assets: string[];
}

/** `chunkDelayMs` > 0 sends each asset in ten slices with a pause between, so progress shows. */
export async function startFakeModelReleases(opts: { chunkDelayMs?: number } = {}): Promise<FakeModelReleases> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "fake-models-"));
  const served = new Map<string, Buffer>();
  for (const id of DEFAULT_MODEL_IDS) {
    const m = CATALOGUE.find((c) => c.id === id)!;
    if (m.format === "bundled") continue;
    const urlPath = m.url.slice(DEFAULT_MODELS_BASE_URL.length);
    if (m.format === "file") {
      served.set(urlPath, randomBytes(64 * 1024));
      continue;
    }
    const dir = path.join(work, id, "model-folder");
    await fs.mkdir(dir, { recursive: true });
    for (const f of m.files) await fs.writeFile(path.join(dir, f.path), randomBytes(32 * 1024));
    const archive = path.join(work, `${id}.tar.bz2`);
    execFileSync("tar", ["-cjf", archive, "-C", path.join(work, id), "model-folder"]);
    served.set(urlPath, await fs.readFile(archive));
  }
  await fs.rm(work, { recursive: true, force: true });
  const requested: string[] = [];
  const server = await startFakeServer(async (req, _body, res) => {
    requested.push(req.url ?? "");
    const body = served.get(req.url ?? "");
    if (!body) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length });
    const delay = opts.chunkDelayMs ?? 0;
    if (!delay) return res.end(body);
    const slice = Math.ceil(body.length / 10);
    for (let i = 0; i < body.length; i += slice) {
      res.write(body.subarray(i, i + slice));
      await new Promise((r) => setTimeout(r, delay));
    }
    res.end();
  });
  return { ...server, requested, assets: [...served.keys()] };
}
