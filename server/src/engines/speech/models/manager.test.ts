import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHash, randomBytes } from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, stat, writeFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { freePort } from "../../../free-port";
import { CATALOGUE, findModel, type CatalogueModel } from "./catalogue";
import { checkModel, listModels, pullModel, removeModel, verifyModels, withoutDownloadHint } from "./manager";

let work: string;
let archive: Buffer;
let archiveSha: string;
let server: Server;
let base: string;
let handler: (req: IncomingMessage, res: ServerResponse) => void;
const requests: { range: string | undefined }[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "models-test-"));
  const src = path.join(work, "src", "fake-model");
  await mkdir(src, { recursive: true });
  // Random content so bzip2 cannot shrink it: the archive is big enough to cut mid-body.
  await writeFile(path.join(src, "model.onnx"), randomBytes(300_000));
  await writeFile(path.join(src, "tokens.txt"), "a 0\nb 1\n");
  execFileSync("tar", ["-cjf", path.join(work, "fake.tar.bz2"), "-C", path.join(work, "src"), "fake-model"]);
  archive = await readFile(path.join(work, "fake.tar.bz2"));
  archiveSha = createHash("sha256").update(archive).digest("hex");
  server = createServer((req, res) => {
    requests.push({ range: req.headers.range });
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(work, { recursive: true, force: true });
});

/** Serves the archive like a static file server, honouring Range. */
function serveRange(req: IncomingMessage, res: ServerResponse, body = archive) {
  const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
  const from = m ? Number(m[1]) : 0;
  if (from >= body.length) {
    res.writeHead(416, { "content-range": `bytes */${body.length}` });
    res.end();
    return;
  }
  res.writeHead(m ? 206 : 200, {
    "content-length": body.length - from,
    ...(m ? { "content-range": `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
  });
  res.end(body.subarray(from));
}

let modelsDir: string;
beforeEach(async () => {
  requests.length = 0;
  handler = serveRange;
  modelsDir = await mkdtemp(path.join(work, "models-"));
});

function cat(over: Partial<CatalogueModel> = {}): CatalogueModel[] {
  return [
    {
      id: "fake",
      name: "Fake",
      purpose: "asr",
      languages: ["en"],
      sizeBytes: null,
      approxBytes: null,
      url: `${base}/fake.tar.bz2`,
      sha256: archiveSha,
      format: "tar.bz2",
      licence: "MIT",
      files: [
        { path: "model.onnx", size: 300_000, sha256: null },
        { path: "tokens.txt", size: null, sha256: null },
      ],
      ...over,
    },
  ];
}

describe("model manager", () => {
  it("downloads with progress, checks the checksum, extracts and records the install", async () => {
    const seen: number[] = [];
    await pullModel(modelsDir, "fake", { catalogue: cat(), onProgress: (p) => seen.push(p.receivedBytes) });
    expect(seen.at(-1)).toBe(archive.length);
    expect((await stat(path.join(modelsDir, "fake", "model.onnx"))).size).toBe(300_000);
    const manifest = JSON.parse(await readFile(path.join(modelsDir, "manifest.json"), "utf8"));
    expect(manifest.models.fake.assetSha256).toBe(archiveSha);
    // no partial or temporary files left behind
    expect((await readdir(modelsDir)).sort()).toEqual(["fake", "manifest.json"]);
    const [status] = await listModels(modelsDir, cat());
    assert(status, "the fake model is listed");
    expect(status.installed).toBe(true);
    expect(status.sizeOnDisk).toBeGreaterThan(300_000);
    expect(await verifyModels(modelsDir, { catalogue: cat() })).toEqual([{ id: "fake", ok: true }]);
  });

  it("resumes with an HTTP Range request after the server cuts the connection mid-body", async () => {
    let first = true;
    handler = (req, res) => {
      if (!first) return serveRange(req, res);
      first = false;
      res.writeHead(200, { "content-length": archive.length });
      res.write(archive.subarray(0, 100_000), () => res.destroy());
    };
    await pullModel(modelsDir, "fake", { catalogue: cat(), retryDelayMs: 10 });
    expect(requests.map((r) => r.range)).toEqual([undefined, "bytes=100000-"]);
    expect((await checkModel(modelsDir, "fake", cat())).ok).toBe(true);
  });

  it("resumes from a partial file left by an earlier run", async () => {
    await writeFile(path.join(modelsDir, "fake.tar.bz2.part"), archive.subarray(0, 5000));
    const [before] = await listModels(modelsDir, cat());
    assert(before, "the fake model is listed");
    expect(before.download).toEqual({ receivedBytes: 5000, totalBytes: null, active: false });
    await pullModel(modelsDir, "fake", { catalogue: cat() });
    expect(requests.map((r) => r.range)).toEqual(["bytes=5000-"]);
    expect((await checkModel(modelsDir, "fake", cat())).ok).toBe(true);
  });

  it("refuses a download whose checksum does not match and installs nothing", async () => {
    const bad = cat({ sha256: "0".repeat(64) });
    await expect(pullModel(modelsDir, "fake", { catalogue: bad })).rejects.toMatchObject({
      code: "CHECKSUM_MISMATCH",
      message: expect.stringContaining("nothing was installed"),
    });
    expect(await readdir(modelsDir)).toEqual([]);
    expect((await listModels(modelsDir, bad))[0]?.installed).toBe(false);
  });

  it("records the checksum on first download when the catalogue has none, and checks it later", async () => {
    const tofu = cat({ sha256: null });
    await pullModel(modelsDir, "fake", { catalogue: tofu });
    await removeModel(modelsDir, "fake", tofu);
    expect((await listModels(modelsDir, tofu))[0]?.installed).toBe(false);
    const tampered = Buffer.from(archive);
    tampered[tampered.length - 10]! ^= 0xff; // in range: the archive is far longer than 10 bytes
    handler = (_req, res) => {
      res.writeHead(200, { "content-length": tampered.length });
      res.end(tampered);
    };
    await expect(pullModel(modelsDir, "fake", { catalogue: tofu })).rejects.toMatchObject({ code: "CHECKSUM_MISMATCH" });
  });

  it("reports an HTTP 500 clearly", async () => {
    handler = (_req, res) => {
      res.writeHead(500, "Internal Server Error");
      res.end("boom");
    };
    const err = await pullModel(modelsDir, "fake", { catalogue: cat() }).catch((e) => e);
    expect(err).toMatchObject({ code: "DOWNLOAD_FAILED", message: expect.stringContaining("HTTP 500 Internal Server Error") });
    // Other ways than the same pull again: a mirror, or the files copied by hand.
    expect(err.message).toContain("MODELS_BASE_URL");
    expect(err.message).toContain(`copy its files (model.onnx, tokens.txt) into ${path.join(modelsDir, "fake")}`);
  });

  it("without a bzip2 program, refuses an archive before downloading it and says how to install bzip2 or copy the files", async () => {
    const before = requests.length;
    const saved = process.env.PATH;
    process.env.PATH = path.join(work, "no-programs-here");
    try {
      const err = await pullModel(modelsDir, "fake", { catalogue: cat() }).catch((e) => e);
      expect(err.code).toBe("EXTRACT_FAILED");
      expect(err.message).toContain('the "bzip2" program is not installed on this server');
      expect(err.message).toContain("apt-get install bzip2");
      expect(err.message).toContain(`copy its files (model.onnx, tokens.txt) into ${path.join(modelsDir, "fake")}`);
    } finally {
      process.env.PATH = saved;
    }
    expect(requests.length).toBe(before);
  });

  it("says the machine is offline when the connection is refused, with the install command and folder", async () => {
    // A port that was just free: nothing listens there.
    const port = await freePort();
    const offline = cat({ url: `http://127.0.0.1:${port}/fake.tar.bz2` });
    const err = await pullModel(modelsDir, "fake", { catalogue: offline }).catch((e) => e);
    expect(err.code).toBe("OFFLINE");
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.message).not.toContain("npm run models -- pull fake"); // the same pull cannot help offline
    expect(err.message).toContain("MODELS_BASE_URL");
    expect(err.message).toContain(path.join(modelsDir, "fake"));
  });

  it("verify detects a changed model file; remove deletes it", async () => {
    await pullModel(modelsDir, "fake", { catalogue: cat() });
    const file = path.join(modelsDir, "fake", "model.onnx");
    const buf = await readFile(file);
    buf[0]! ^= 0xff; // in range: the model file is not empty
    await writeFile(file, buf);
    const [r] = await verifyModels(modelsDir, { catalogue: cat() });
    assert(r, "the fake model is verified");
    expect(r.ok).toBe(false);
    expect(r.problem).toContain("sha256");
    await removeModel(modelsDir, "fake", cat());
    expect((await listModels(modelsDir, cat()))[0]).toMatchObject({ installed: false, sizeOnDisk: 0 });
  });

  it("extracts in Node, finds the model folder by its files and never writes unused .onnx variants", async () => {
    // Upstream-style archive: a differently named wrapper folder, a nested test_wavs folder and
    // fp32 files the catalogue does not list (as in Whisper's archive).
    const src = path.join(work, "src-variants", "some-other-name", "inner");
    await mkdir(path.join(src, "test_wavs"), { recursive: true });
    await writeFile(path.join(src, "model.onnx"), randomBytes(1000));
    await writeFile(path.join(src, "tokens.txt"), "a 0\n");
    await writeFile(path.join(src, "model.fp32.onnx"), randomBytes(50_000));
    await writeFile(path.join(src, "test_wavs", "0.wav"), "RIFF");
    const tarball = path.join(work, "variants.tar.bz2");
    execFileSync("tar", ["-cjf", tarball, "-C", path.join(work, "src-variants"), "some-other-name"]);
    const body = await readFile(tarball);
    handler = (req, res) => serveRange(req, res, body);
    const files = [
      { path: "model.onnx", size: 1000, sha256: null },
      { path: "tokens.txt", size: null, sha256: null },
    ];
    await pullModel(modelsDir, "fake", { catalogue: cat({ sha256: null, files }) });
    const installed = await readdir(path.join(modelsDir, "fake"), { recursive: true });
    expect(installed.sort()).toEqual(["model.onnx", "test_wavs", path.join("test_wavs", "0.wav"), "tokens.txt"].sort());
  });

  it("keeps the download when extraction fails, and a retry does not download again", async () => {
    const broken = Buffer.concat([archive.subarray(0, 2000), randomBytes(5000)]); // bzip2 header, then garbage
    handler = (req, res) => serveRange(req, res, broken);
    const bad = cat({ sha256: null });
    const err = await pullModel(modelsDir, "fake", { catalogue: bad }).catch((e) => e);
    expect(err.code).toBe("EXTRACT_FAILED");
    expect(err.message).toContain("The download is kept");
    expect(err.message).toContain("npm run models -- remove fake");
    const [status] = await listModels(modelsDir, bad);
    expect(status).toMatchObject({ installed: false, download: { receivedBytes: broken.length, complete: true, active: false } });
    const before = requests.length;
    await expect(pullModel(modelsDir, "fake", { catalogue: bad })).rejects.toMatchObject({ code: "EXTRACT_FAILED" });
    expect(requests.length).toBe(before); // no second download
    await removeModel(modelsDir, "fake", bad);
    expect((await readdir(modelsDir)).filter((f) => f.startsWith("fake"))).toEqual([]);
  });

  it("survives a pull killed during extraction: the next pull installs from the kept download without a request", async () => {
    // A larger archive so that extraction takes long enough to be killed in the middle.
    const src = path.join(work, "src-big", "fake-model");
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, "model.onnx"), randomBytes(6_000_000));
    await writeFile(path.join(src, "tokens.txt"), "a 0\n");
    const tarball = path.join(work, "big.tar.bz2");
    execFileSync("tar", ["-cjf", tarball, "-C", path.join(work, "src-big"), "fake-model"]);
    const body = await readFile(tarball);
    handler = (req, res) => serveRange(req, res, body);
    const big = cat({
      sha256: createHash("sha256").update(body).digest("hex"),
      files: [{ path: "model.onnx", size: 6_000_000, sha256: null }],
    });

    // The pull runs in a child process (as the CLI does) that is SIGKILLed at the first extraction progress.
    const script = path.join(work, "pull-child.mts");
    await writeFile(
      script,
      `import { pullModel } from ${JSON.stringify(path.resolve("server/src/engines/speech/models/manager.ts"))};\n` +
        `const catalogue = JSON.parse(process.env.CATALOGUE);\n` +
        `await pullModel(process.env.MODELS_DIR, "fake", { catalogue, onProgress: (p) => { if (p.phase === "extract") console.log("extracting"); } });\n` +
        `console.log("installed");\n`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, CATALOGUE: JSON.stringify(big), MODELS_DIR: modelsDir },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const outcome = await new Promise<string>((resolve) => {
      child.stdout.on("data", (d) => {
        if (String(d).includes("extracting")) {
          child.kill("SIGKILL");
          resolve("killed");
        } else if (String(d).includes("installed")) resolve("installed");
      });
      child.on("exit", () => resolve("exited"));
    });
    expect(outcome).toBe("killed");
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once("exit", r)));
    expect(requests.length).toBe(1);
    const left = await readdir(modelsDir);
    expect(left).toContain("fake.tar.bz2"); // the complete download, kept
    expect(left).not.toContain("fake");

    await pullModel(modelsDir, "fake", { catalogue: big });
    expect(requests.length).toBe(1); // installed from the kept download
    expect((await stat(path.join(modelsDir, "fake", "model.onnx"))).size).toBe(6_000_000);
    expect((await readdir(modelsDir)).sort()).toEqual(["fake", "manifest.json"]); // download and half extraction cleaned up
  });

  it("rejects an unknown model id", async () => {
    expect(() => pullModel(modelsDir, "nope", { catalogue: cat() })).toThrow(/Unknown model "nope"/);
  });
});

describe("how to install a model without a download", () => {
  it("offers the speech mirror (MODELS_BASE_URL) for speech models only, not for Hugging Face files", () => {
    const byPurpose = (p: string) => CATALOGUE.find((m) => m.purpose === p)!;
    expect(withoutDownloadHint("/models", byPurpose("asr"))).toContain("MODELS_BASE_URL");
    for (const p of ["llm", "text-embedding"]) {
      const hint = withoutDownloadHint("/models", byPurpose(p));
      expect(hint).not.toContain("MODELS_BASE_URL");
      expect(hint).toContain(byPurpose(p).url);
    }
    expect(findModel(CATALOGUE, "nomic-embed-text-v1.5-q8_0")?.purpose).toBe("text-embedding");
  });
});
