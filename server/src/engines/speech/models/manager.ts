// Model manager: download (with progress and HTTP Range resume), checksum, extract,
// install atomically, record in a manifest, verify and remove. The local engine calls
// checkModel() before it constructs anything native, because a corrupt model file
// aborts the whole process inside sherpa-onnx's constructor.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { CATALOGUE, DEFAULT_MODELS_BASE_URL, findModel, type CatalogueModel } from "./catalogue";
import { AppError } from "../../../core/errors";
import { Bzip2MissingError, extractTarBz2, findBzip2, findFolderWith } from "./extract";

export type ModelErrorCode =
  "UNKNOWN_MODEL" | "OFFLINE" | "DOWNLOAD_FAILED" | "CHECKSUM_MISMATCH" | "EXTRACT_FAILED" | "NOT_INSTALLED" | "CORRUPT" | "ABORTED";

export class ModelError extends AppError {
  declare readonly code: ModelErrorCode;
  constructor(message: string, code: ModelErrorCode) {
    super(code, message);
    this.name = "ModelError";
  }
}

export interface DownloadProgress {
  id: string;
  /** 'download': bytes received; 'extract': compressed bytes of the kept download read so far. */
  phase?: "download" | "extract";
  receivedBytes: number;
  totalBytes: number | null;
}

export interface PullOptions {
  catalogue?: CatalogueModel[];
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Attempts per pull; later attempts resume from the partial file. */
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Abort an attempt when no bytes arrive for this long. */
  stallTimeoutMs?: number;
}

interface ManifestFile {
  size: number;
  sha256: string;
}
interface ManifestEntry {
  installedAt: string;
  source: "download" | "manual";
  /** sha256 of the downloaded asset; for catalogue entries without one this is the TOFU record. */
  assetSha256: string | null;
  assetSize: number | null;
  files: Record<string, ManifestFile>;
}
interface Manifest {
  version: 1;
  models: Record<string, ManifestEntry>;
  /** Trust-on-first-use asset checksums; kept after `remove` so a re-download is still checked. */
  trusted?: Record<string, string>;
}

export interface ModelStatus {
  id: string;
  name: string;
  purpose: CatalogueModel["purpose"];
  languages: string[];
  licence: string;
  url: string;
  /** Catalogue download size (null = unknown until first download). */
  sizeBytes: number | null;
  /** Size on disk once installed, from upstream's listings (null = unknown). */
  approxBytes: number | null;
  /** Shipped with the app (engines/speech/assets): never downloaded. */
  bundled: boolean;
  installed: boolean;
  /** Bytes of the installed files on disk. */
  sizeOnDisk: number;
  /**
   * Set while a download runs in this process, when a resumable partial file exists, or when
   * a complete download is kept because its extraction did not finish (`complete`).
   */
  download: { receivedBytes: number; totalBytes: number | null; active: boolean; complete?: boolean } | null;
  dir: string;
}

export const MANIFEST = "manifest.json";

export function modelDir(modelsDir: string, id: string, catalogue: CatalogueModel[] = CATALOGUE): string {
  const m = findModel(catalogue, id);
  if (m?.format === "bundled" && m.bundledDir) return m.bundledDir;
  return path.join(modelsDir, id);
}

/** Where a download is written while it arrives, and where it is kept once complete until installed. */
function downloadFiles(modelsDir: string, model: CatalogueModel) {
  const base = path.join(modelsDir, `${model.id}.${model.format === "tar.bz2" ? "tar.bz2" : "bin"}`);
  return { part: `${base}.part`, done: base };
}

export function pullCommand(id: string): string {
  return `npm run models -- pull ${id}`;
}

/** A message a user can act on: the command that installs it and where files go by hand. */
export function installHint(modelsDir: string, model: CatalogueModel): string {
  if (model.format === "bundled") {
    return `It ships with the app as ${model.url.replace(/^app:/, "")}: restore that file from the app's source (git or the release archive)`;
  }
  return `Install it with "${pullCommand(model.id)}", or ${withoutDownloadHint(modelsDir, model)}`;
}

/**
 * How to install a model when this server cannot download it: a mirror of the release files
 * (MODELS_BASE_URL; speech models only, the language and text-embedding models come from Hugging Face) or the
 * files fetched on another machine and copied by hand. Running the same pull again cannot
 * help a server that cannot reach the download site, so failures end with this.
 */
export function withoutDownloadHint(modelsDir: string, model: CatalogueModel, opts: { mirror?: boolean } = {}): string {
  const files = model.files.map((f) => f.path).join(", ");
  const mirror =
    model.purpose === "llm" || model.purpose === "text-embedding" || opts.mirror === false
      ? ""
      : `set MODELS_BASE_URL to a mirror that holds the same files as ${DEFAULT_MODELS_BASE_URL} (same paths below it) and pull again, or `;
  const dir = modelDir(modelsDir, model.id);
  return (
    `${mirror}download ${model.url} on a machine that can reach it` +
    (model.format === "tar.bz2" ? `, extract it, and copy its files (${files}) into ${dir}` : ` and save it as ${files} in ${dir}`)
  );
}

function getModel(catalogue: CatalogueModel[], id: string): CatalogueModel {
  const m = findModel(catalogue, id);
  if (!m) {
    throw new ModelError(`Unknown model "${id}". Known models: ${catalogue.map((c) => c.id).join(", ")}`, "UNKNOWN_MODEL");
  }
  return m;
}

// ---- manifest ----

async function readManifest(modelsDir: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(path.join(modelsDir, MANIFEST), "utf8")) as Manifest;
    if (data && data.version === 1 && data.models) return data;
  } catch {
    // missing or unreadable: start empty; installed folders are re-checked against files
  }
  return { version: 1, models: {} };
}

// Serialise read-modify-write of the manifest within this process.
let manifestLock: Promise<unknown> = Promise.resolve();
function updateManifest(modelsDir: string, fn: (m: Manifest) => void): Promise<void> {
  const next = manifestLock.then(async () => {
    const m = await readManifest(modelsDir);
    fn(m);
    await mkdir(modelsDir, { recursive: true });
    const tmp = path.join(modelsDir, `.${MANIFEST}.${randomBytes(4).toString("hex")}`);
    await writeFile(tmp, JSON.stringify(m, null, 2));
    await rename(tmp, path.join(modelsDir, MANIFEST));
  });
  manifestLock = next.catch(() => undefined);
  return next;
}

// ---- hashing ----

export async function sha256File(file: string): Promise<string> {
  const h = createHash("sha256");
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest("hex");
}

// Hashing a 600 MB model takes seconds; skip it when the file is unchanged since we
// last checked it in this process (same size and mtime).
const verifiedCache = new Map<string, string>();
async function cachedSha(file: string, size: number, mtimeMs: number): Promise<string> {
  const key = `${file}:${size}:${mtimeMs}`;
  const hit = verifiedCache.get(key);
  if (hit) return hit;
  const sha = await sha256File(file);
  verifiedCache.set(key, sha);
  return sha;
}

// ---- download ----

const active = new Map<string, DownloadProgress & { promise: Promise<void> }>();
const activeKey = (modelsDir: string, id: string) => `${path.resolve(modelsDir)}::${id}`;

function describeNetworkError(err: unknown): { offline: boolean; text: string } {
  const e = err as {
    cause?: { code?: string; message?: string; errors?: { code?: string }[] };
    code?: string;
    message?: string;
  };
  // undici wraps the socket error in `cause`; with several addresses it is an AggregateError.
  const code = e?.cause?.code ?? e?.cause?.errors?.[0]?.code ?? e?.code;
  const offlineCodes = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"];
  if (code && offlineCodes.includes(code)) return { offline: true, text: code };
  return { offline: false, text: e?.cause?.message ?? e?.message ?? String(err) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Download `url` into `partFile`, resuming from its current length. Returns the total size. */
async function downloadOnce(id: string, url: string, partFile: string, opts: PullOptions, progress: DownloadProgress): Promise<void> {
  let have = 0;
  try {
    have = (await stat(partFile)).size;
  } catch {
    have = 0;
  }
  const ctrl = new AbortController();
  const onOuterAbort = () => ctrl.abort();
  opts.signal?.addEventListener("abort", onOuterAbort);
  let stallTimer: NodeJS.Timeout | undefined;
  const stallMs = opts.stallTimeoutMs ?? 30_000;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => ctrl.abort(new Error(`no data for ${stallMs / 1000} s`)), stallMs);
  };
  try {
    armStall();
    const res = await fetch(url, {
      headers: have > 0 ? { Range: `bytes=${have}-` } : {},
      redirect: "follow",
      signal: ctrl.signal,
    });
    if (res.status === 416 && have > 0) {
      // Range not satisfiable: the partial file is already complete (or bogus; the checksum decides).
      await res.body?.cancel();
      progress.receivedBytes = have;
      return;
    }
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel().catch(() => undefined);
      throw new ModelError(
        `Could not download model "${id}" from ${url}: the server answered HTTP ${res.status} ${res.statusText}`,
        "DOWNLOAD_FAILED",
      );
    }
    const resumed = res.status === 206;
    if (!resumed) have = 0; // server ignored Range: start again
    const len = Number(res.headers.get("content-length"));
    progress.totalBytes = Number.isFinite(len) && len > 0 ? have + len : null;
    progress.receivedBytes = have;
    opts.onProgress?.({ ...progress });
    const fh = await open(partFile, resumed ? "a" : "w");
    try {
      if (!res.body) throw new Error("empty response body");
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        armStall();
        await fh.write(chunk);
        progress.receivedBytes += chunk.byteLength;
        opts.onProgress?.({ ...progress });
      }
    } finally {
      await fh.close();
    }
    if (progress.totalBytes !== null && progress.receivedBytes < progress.totalBytes) {
      throw new Error(`connection closed after ${progress.receivedBytes} of ${progress.totalBytes} bytes`);
    }
  } finally {
    clearTimeout(stallTimer);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirSize(p);
    else if (e.isFile()) total += (await stat(p)).size;
  }
  return total;
}

/** Why a download failed, in words for people who may not see the server (no paths, no download addresses). */
export function whyDownloadFailed(err: unknown): string {
  const code = err instanceof ModelError ? err.code : null;
  if (code === "OFFLINE") return "this server could not reach the download site";
  if (code === "CHECKSUM_MISMATCH") return "the download did not match its checksum";
  if (code === "EXTRACT_FAILED") return "the downloaded archive could not be unpacked";
  return "the download failed";
}

/** Download, check, extract and install one model. Concurrent pulls of the same model share one download. */
export function pullModel(modelsDir: string, id: string, opts: PullOptions = {}): Promise<void> {
  const catalogue = opts.catalogue ?? CATALOGUE;
  const model = getModel(catalogue, id);
  const key = activeKey(modelsDir, id);
  const existing = active.get(key);
  if (existing) return existing.promise;
  const progress: DownloadProgress = { id, phase: "download", receivedBytes: 0, totalBytes: model.sizeBytes };
  const promise = doPull(modelsDir, model, opts, progress).finally(() => active.delete(key));
  active.set(key, Object.assign(progress, { promise }));
  return promise;
}

async function doPull(modelsDir: string, model: CatalogueModel, opts: PullOptions, progress: DownloadProgress) {
  const id = model.id;
  if (model.format === "bundled") {
    // Nothing to download: it ships with the app. Check it is there and intact.
    const check = await checkModel(modelsDir, id, opts.catalogue ?? CATALOGUE);
    if (!check.ok)
      throw new ModelError(`Model "${id}" is not usable: ${check.problem}. ${installHint(modelsDir, model)}.`, "NOT_INSTALLED");
    return;
  }
  await mkdir(modelsDir, { recursive: true });
  // Leftovers of an extraction that was killed: the kept download makes them worthless.
  for (const name of await readdir(modelsDir)) {
    if (name.startsWith(`.tmp-${id}-`)) await rm(path.join(modelsDir, name), { recursive: true, force: true });
  }
  const { part: partFile, done: doneFile } = downloadFiles(modelsDir, model);
  // Found out before hundreds of megabytes arrive that could not be unpacked here.
  if (model.format === "tar.bz2" && !(await findBzip2())) throw bzip2Missing(modelsDir, model);
  const kept = await stat(doneFile).then(
    (st) => st.isFile(),
    () => false,
  );
  if (!kept) {
    await download(modelsDir, model, partFile, opts, progress);
    await rename(partFile, doneFile);
  }

  // Checksum: against the catalogue, else against the trust-on-first-use record.
  const manifest = await readManifest(modelsDir);
  const expected = model.sha256 ?? manifest.trusted?.[id] ?? null;
  const got = await sha256File(doneFile);
  const assetSize = (await stat(doneFile)).size;
  if ((expected && expected !== got) || (model.sizeBytes !== null && model.sizeBytes !== assetSize)) {
    await rm(doneFile, { force: true });
    throw new ModelError(
      `Download of model "${id}" failed its integrity check (expected sha256 ${expected ?? "?"}` +
        `${model.sizeBytes !== null ? ` and ${model.sizeBytes} bytes` : ""}, got ${got} and ${assetSize} bytes). ` +
        `The file was discarded and nothing was installed.` +
        (model.sha256
          ? ""
          : ` (The expected checksum was recorded at the first download of this model; if upstream really changed the file, delete the "trusted" entry for it in ${path.join(modelsDir, MANIFEST)}.)`),
      "CHECKSUM_MISMATCH",
    );
  }

  // Extract into a temporary folder beside the target, then rename into place. The download
  // is kept until the install is complete, so a failed or killed extraction retries without
  // downloading again.
  const tmp = path.join(modelsDir, `.tmp-${id}-${randomBytes(4).toString("hex")}`);
  await mkdir(tmp, { recursive: true });
  try {
    let root = tmp;
    if (model.format === "tar.bz2") {
      const wanted = new Set(model.files.map((f) => path.basename(f.path)));
      try {
        await extractTarBz2(doneFile, tmp, {
          signal: opts.signal,
          // Unused model variants (Whisper's fp32 encoder and decoder: ~970 MB) are never written.
          skip: (entry) => /\.(onnx|weights)$/.test(entry) && !wanted.has(path.basename(entry)),
          onProgress: (read) => {
            Object.assign(progress, { phase: "extract", receivedBytes: read, totalBytes: assetSize });
            opts.onProgress?.({ ...progress });
          },
        });
      } catch (err) {
        if (opts.signal?.aborted) throw new ModelError(`Installing "${id}" was cancelled`, "ABORTED");
        if (err instanceof Bzip2MissingError) throw bzip2Missing(modelsDir, model);
        throw new ModelError(
          `Could not extract model "${id}": ${(err as Error).message}. The download is kept at ${doneFile}, so "${pullCommand(id)}" ` +
            `tries again without downloading; if it fails the same way the file is damaged: "npm run models -- remove ${id}" deletes it.`,
          "EXTRACT_FAILED",
        );
      }
      const found = await findFolderWith(
        tmp,
        model.files.map((f) => f.path),
      );
      if (!found) {
        const missing = model.files.map((f) => f.path).join(", ");
        throw new ModelError(`Model "${id}" was downloaded but its archive has no folder with all of ${missing}`, "EXTRACT_FAILED");
      }
      root = found;
    } else {
      await rename(doneFile, path.join(tmp, model.fileName ?? path.basename(new URL(model.url).pathname)));
    }
    const files: Record<string, ManifestFile> = {};
    for (const f of model.files) {
      const p = path.join(root, f.path);
      let st;
      try {
        st = await stat(p);
      } catch {
        throw new ModelError(`Model "${id}" was downloaded but does not contain ${f.path}`, "EXTRACT_FAILED");
      }
      const sha = await sha256File(p);
      if ((f.size !== null && f.size !== st.size) || (f.sha256 !== null && f.sha256 !== sha)) {
        throw new ModelError(
          `Model "${id}": ${f.path} does not match the catalogue (expected ${f.size ?? "?"} bytes, sha256 ${f.sha256 ?? "?"}; ` +
            `got ${st.size} bytes, sha256 ${sha}). Nothing was installed.`,
          "CHECKSUM_MISMATCH",
        );
      }
      files[f.path] = { size: st.size, sha256: sha };
    }
    const target = modelDir(modelsDir, id);
    const old = `${target}.old-${randomBytes(4).toString("hex")}`;
    await rename(target, old).catch(() => undefined);
    await rename(root, target);
    await rm(old, { recursive: true, force: true });
    await updateManifest(modelsDir, (m) => {
      m.models[id] = {
        installedAt: new Date().toISOString(),
        source: "download",
        assetSha256: got,
        assetSize,
        files,
      };
      if (!model.sha256) m.trusted = { ...m.trusted, [id]: got };
    });
    await rm(doneFile, { force: true });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

function bzip2Missing(modelsDir: string, model: CatalogueModel): ModelError {
  return new ModelError(
    `Cannot install model "${model.id}": ${new Bzip2MissingError().message}. Install it and pull again, or ` +
      `${withoutDownloadHint(modelsDir, model, { mirror: false })}.`,
    "EXTRACT_FAILED",
  );
}

/** Download with retries into `partFile` (resuming what is there). */
async function download(modelsDir: string, model: CatalogueModel, partFile: string, opts: PullOptions, progress: DownloadProgress) {
  const id = model.id;
  const maxAttempts = opts.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    if (opts.signal?.aborted) throw new ModelError(`Download of "${id}" was cancelled`, "ABORTED");
    try {
      await downloadOnce(id, model.url, partFile, opts, progress);
      return;
    } catch (err) {
      if (opts.signal?.aborted) throw new ModelError(`Download of "${id}" was cancelled`, "ABORTED");
      // HTTP status errors: retrying will not help, another source may.
      if (err instanceof ModelError)
        throw new ModelError(`${err.message}. To install it another way, ${withoutDownloadHint(modelsDir, model)}.`, err.code);
      const net = describeNetworkError(err);
      if (net.offline) {
        throw new ModelError(
          `Could not download model "${id}" from ${model.url}: ${net.text} (this machine seems to be offline or cannot reach the server). ` +
            `To install it without this download, ${withoutDownloadHint(modelsDir, model)}.`,
          "OFFLINE",
        );
      }
      if (attempt >= maxAttempts) {
        throw new ModelError(
          `Could not download model "${id}" from ${model.url} after ${attempt} attempts: ${net.text}. ` +
            `"${pullCommand(id)}" resumes where it stopped if the connection was only unsteady; otherwise ${withoutDownloadHint(modelsDir, model)}.`,
          "DOWNLOAD_FAILED",
        );
      }
      await sleep(opts.retryDelayMs ?? 1000 * attempt);
    }
  }
}

export type CheckResult = { ok: true; dir: string } | { ok: false; problem: string; missing: boolean };

/**
 * Check an installed model's files against the manifest (size and sha256). Files copied
 * in by hand (no manifest entry) are adopted after checking they exist and match any
 * catalogue values: trust on first use, like downloads without a published checksum.
 */
export async function checkModel(modelsDir: string, id: string, catalogue: CatalogueModel[] = CATALOGUE): Promise<CheckResult> {
  const model = getModel(catalogue, id);
  const dir = modelDir(modelsDir, id, catalogue);
  const manifest = await readManifest(modelsDir);
  // Bundled models are checked against the catalogue only: they live in the app, not here.
  const entry = model.format === "bundled" ? undefined : manifest.models[id];
  const adopted: Record<string, ManifestFile> = {};
  for (const f of model.files) {
    const p = path.join(dir, f.path);
    let st;
    try {
      st = await stat(p);
    } catch {
      return { ok: false, missing: true, problem: `${f.path} is missing from ${dir}` };
    }
    const want = entry?.files[f.path] ?? (f.size !== null || f.sha256 !== null ? { size: f.size, sha256: f.sha256 } : null);
    if (st.size === 0) return { ok: false, missing: false, problem: `${f.path} is empty` };
    if (want?.size != null && want.size !== st.size) {
      return { ok: false, missing: false, problem: `${f.path} has ${st.size} bytes, expected ${want.size}` };
    }
    const sha = await cachedSha(p, st.size, st.mtimeMs);
    if (want?.sha256 != null && want.sha256 !== sha) {
      return { ok: false, missing: false, problem: `${f.path} has sha256 ${sha}, expected ${want.sha256}` };
    }
    adopted[f.path] = { size: st.size, sha256: sha };
  }
  if (!entry && model.format !== "bundled") {
    await updateManifest(modelsDir, (m) => {
      m.models[id] = { installedAt: new Date().toISOString(), source: "manual", assetSha256: null, assetSize: null, files: adopted };
    });
  }
  return { ok: true, dir };
}

export interface VerifyResult {
  id: string;
  ok: boolean;
  problem?: string;
}

/** Re-check sizes and checksums of every installed model (or of `ids`). */
export async function verifyModels(
  modelsDir: string,
  opts: { catalogue?: CatalogueModel[]; ids?: string[] } = {},
): Promise<VerifyResult[]> {
  const catalogue = opts.catalogue ?? CATALOGUE;
  const manifest = await readManifest(modelsDir);
  const ids = opts.ids ?? catalogue.filter((m) => m.format === "bundled" || manifest.models[m.id]).map((m) => m.id);
  verifiedCache.clear(); // verify means really re-read the files
  const out: VerifyResult[] = [];
  for (const id of ids) {
    const r = await checkModel(modelsDir, id, catalogue);
    out.push(r.ok ? { id, ok: true } : { id, ok: false, problem: r.problem });
  }
  return out;
}

export async function removeModel(modelsDir: string, id: string, catalogue: CatalogueModel[] = CATALOGUE) {
  const model = getModel(catalogue, id);
  if (model.format === "bundled") {
    throw new ModelError(`Model "${id}" ships with the app (${model.url.replace(/^app:/, "")}) and cannot be removed`, "UNKNOWN_MODEL");
  }
  await rm(modelDir(modelsDir, id), { recursive: true, force: true });
  const dl = downloadFiles(modelsDir, model);
  await rm(dl.part, { force: true });
  await rm(dl.done, { force: true });
  await updateManifest(modelsDir, (m) => {
    delete m.models[id];
  });
}

/** Status of every catalogue model, for the CLI and the Settings page. */
export async function listModels(modelsDir: string, catalogue: CatalogueModel[] = CATALOGUE): Promise<ModelStatus[]> {
  const manifest = await readManifest(modelsDir);
  const out: ModelStatus[] = [];
  for (const m of catalogue) {
    const dir = modelDir(modelsDir, m.id, catalogue);
    const bundled = m.format === "bundled";
    let installed = bundled || Boolean(manifest.models[m.id]);
    if (installed) {
      for (const f of m.files) {
        try {
          await stat(path.join(dir, f.path));
        } catch {
          installed = false;
        }
      }
    }
    let download: ModelStatus["download"] = null;
    const act = active.get(activeKey(modelsDir, m.id));
    if (act) {
      download = { receivedBytes: act.receivedBytes, totalBytes: act.totalBytes, active: true };
    } else if (!bundled) {
      const dl = downloadFiles(modelsDir, m);
      for (const [file, complete] of [
        [dl.part, false],
        [dl.done, true],
      ] as const) {
        try {
          const st = await stat(file);
          download = {
            receivedBytes: st.size,
            totalBytes: complete ? st.size : m.sizeBytes,
            active: false,
            ...(complete ? { complete } : {}),
          };
        } catch {
          // no download of this kind
        }
      }
    }
    out.push({
      id: m.id,
      name: m.name,
      purpose: m.purpose,
      languages: m.languages,
      licence: m.licence,
      url: m.url,
      sizeBytes: m.sizeBytes ?? manifest.models[m.id]?.assetSize ?? null,
      approxBytes: m.approxBytes,
      bundled,
      installed,
      sizeOnDisk: bundled ? m.files.reduce((n, f) => n + (f.size ?? 0), 0) : await dirSize(dir),
      download,
      dir,
    });
  }
  return out;
}
