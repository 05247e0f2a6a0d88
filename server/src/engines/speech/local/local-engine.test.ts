import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../../free-port";
import { CATALOGUE, ROLES, type CatalogueModel } from "../models/catalogue";
import { checkModel } from "../models/manager";
import { LocalSpeechEngine } from "./local-engine";
import { pcmWav } from "../../../media/pcm-wav";

const HANG = fileURLToPath(new URL("../fixtures/hang-worker.cjs", import.meta.url));
const LATE_PROGRESS = fileURLToPath(new URL("../fixtures/late-progress-worker.cjs", import.meta.url));
const work = await mkdtemp(path.join(tmpdir(), "local-engine-test-"));
afterAll(() => rm(work, { recursive: true, force: true }));

// A port nothing listens on: downloads fail as if offline.
const deadPort = await freePort();
const catalogue: CatalogueModel[] = CATALOGUE.map((m) => ({ ...m, url: `http://127.0.0.1:${deadPort}/${m.id}` }));

let modelsDir: string;
let marker: string;
beforeEach(async () => {
  modelsDir = await mkdtemp(path.join(work, "models-"));
  marker = path.join(modelsDir, "worker-started");
  process.env.HANG_WORKER_PID_FILE = marker;
});

/** Stand-in model files (not real models): enough for the pre-flight checks. */
async function installFake(ids: string[]) {
  for (const id of ids) {
    const m = catalogue.find((c) => c.id === id)!;
    if (m.format === "bundled") continue; // ships in node_modules
    for (const f of m.files) {
      await mkdir(path.join(modelsDir, id), { recursive: true });
      await writeFile(path.join(modelsDir, id, f.path), `stand-in for ${id}/${f.path}\n`);
    }
    expect((await checkModel(modelsDir, id, catalogue)).ok).toBe(true); // adopted into the manifest
  }
}
const ALL = [ROLES.vad, ROLES.accurate, ROLES.segmentation, ROLES.embedding];

const opts = (signal = new AbortController().signal) => ({ nano: false, speakers: null, language: null, signal });
const engine = (over: Partial<ConstructorParameters<typeof LocalSpeechEngine>[0]> = {}) =>
  new LocalSpeechEngine({ modelsDir, numThreads: 2, autoDownload: false, catalogue, workerScript: HANG, ...over });

describe("LocalSpeechEngine pre-flight checks", () => {
  it("missing models fail with MODEL_MISSING naming every model needed and how to install them, no server folder, before any worker starts", async () => {
    const err = await engine()
      .transcribe("/nonexistent.wav", opts(), () => {})
      .catch((e) => e);
    expect(err).toMatchObject({ name: "EngineError", code: "MODEL_MISSING" });
    expect(err.message).toMatch(/^This recording needs 3 speech models that are not installed on this server: /);
    expect(err.message).toContain("NVIDIA Parakeet-TDT 0.6B v2");
    expect(err.message).toContain("pyannote segmentation 3.0");
    expect(err.message).toContain("The owner of this server can download them under Settings → Models.");
    expect(err.message).not.toContain(modelsDir);
    expect(existsSync(marker)).toBe(false);
  });

  it("with autoDownload on and no network, tries to pull and gives the same clear message", async () => {
    const err = await engine({ autoDownload: true })
      .transcribe("/x.wav", opts(), () => {})
      .catch((e) => e);
    expect(err.code).toBe("MODEL_MISSING");
    expect(err.message).toMatch(/^This recording needs 3 speech models .*Downloading them automatically failed/);
    expect(err.message).toContain("The owner of this server can download them under Settings → Models.");
    expect(err.message).not.toContain(modelsDir);
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses a model file that changed since install (checksum) without starting the worker", async () => {
    await installFake(ALL);
    const enc = path.join(modelsDir, ROLES.accurate, "encoder.int8.onnx");
    await writeFile(enc, "stand-in but corrupted\n");
    const err = await engine()
      .transcribe("/x.wav", opts(), () => {})
      .catch((e) => e);
    expect(err.code).toBe("MODEL_MISSING");
    expect(err.message).toMatch(/damaged \(encoder\.int8\.onnx has \d+ bytes, expected \d+\)/);
    expect(err.message).not.toContain(modelsDir);
    expect(err.message).toContain("The owner of this server can reinstall it (Settings → Models says how)");
    expect(err.message).not.toContain("npm run");
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses a same-size file with a different checksum", async () => {
    await installFake(ALL);
    const emb = path.join(modelsDir, ROLES.embedding, "model.onnx");
    const buf = await readFile(emb);
    buf[0]! ^= 1; // in range: the model file is not empty
    await writeFile(emb, buf);
    const err = await engine()
      .transcribe("/x.wav", opts(), () => {})
      .catch((e) => e);
    expect(err.message).toMatch(/model\.onnx has sha256 [0-9a-f]{64}, expected [0-9a-f]{64}/);
    expect(existsSync(marker)).toBe(false);
  });

  it("falls back to the installed English model when the chosen one is missing and autoDownload is off", async () => {
    await installFake([ROLES.vad, ROLES.nano]);
    const plan = await engine().plan({ nano: false, speakers: 1, language: null });
    expect(plan.asr.id).toBe(ROLES.nano);
    expect(plan.segmentation).toBeNull();
  });

  it("chooses the recogniser and speaker model by language: Parakeet v3 for its 25 languages and for detection, Whisper for the rest", async () => {
    const plan = (language: string | null, nano = true) => engine().plan({ nano, speakers: null, language });
    expect((await plan("de")).asr.id).toBe(ROLES.european);
    expect((await plan("uk")).asr.id).toBe(ROLES.european);
    expect(await plan("auto")).toMatchObject({ asr: { id: ROLES.european }, spoken: null, language: "" });
    expect(await plan("ja")).toMatchObject({ asr: { id: ROLES.multilingual }, spoken: "ja", language: "ja" });
    expect((await plan("jv")).language).toBe("jw"); // Whisper's own code for Javanese
    expect((await plan("en", false)).asr.id).toBe(ROLES.accurate);
    expect((await plan(null, true)).asr.id).toBe(ROLES.nano);
    expect((await plan("zh")).embedding!.id).toBe(ROLES.embeddingChinese);
    expect((await plan("en")).embedding!.id).toBe(ROLES.embedding);
  });

  it("never starts the worker with a language Whisper does not know (sherpa-onnx exits the process on one)", async () => {
    await installFake([...ALL, ROLES.multilingual]);
    for (const language of ["de-DE", "German", "xx"]) {
      const err = await engine()
        .transcribe("/x.wav", { ...opts(), language }, () => {})
        .catch((e) => e);
      expect(err).toMatchObject({ code: "VALIDATION_FAILED", retryable: false });
      expect(err.message).toContain(`"${language}" is not a language the speech models support`);
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe("LocalSpeechEngine worker", () => {
  it("progress never goes back and stops with the result (a late diarization callback is dropped)", async () => {
    await installFake(ALL);
    const seen: number[] = [];
    await engine({ workerScript: LATE_PROGRESS }).transcribe("/x.wav", opts(), (p) => seen.push(p.doneSeconds));
    await new Promise((r) => setTimeout(r, 200)); // a message after the result would arrive now
    expect(seen).toEqual([7.7, 11]);
  });

  it("abort kills the worker process", async () => {
    await installFake(ALL);
    const ctrl = new AbortController();
    const progress: number[] = [];
    const p = engine().transcribe("/x.wav", opts(ctrl.signal), (pr) => progress.push(pr.doneSeconds));
    const started = Date.now();
    while (!existsSync(marker) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(await readFile(marker, "utf8"));
    expect(process.kill(pid, 0)).toBe(true); // running
    // The worker reports progress right after writing the marker; wait for it before aborting.
    while (progress.length === 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ code: "ABORTED" });
    const t0 = Date.now();
    let alive = true;
    while (alive && Date.now() - t0 < 5000) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 20));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
    expect(progress).toEqual([1]);
  });

  it("reports ENGINE_MISSING when the native addon cannot be loaded", async () => {
    await installFake(ALL);
    const err = await engine({ workerScript: undefined, sherpaModule: "sherpa-onnx-node-not-installed" })
      .transcribe("/x.wav", opts(), () => {})
      .catch((e) => e);
    expect(err.code).toBe("ENGINE_MISSING");
    expect(err.message).toContain("sherpa-onnx-node");
    expect(err.message).toContain("Cannot find module");
  });

  it("a model that passes the checks but is not a valid model fails the job, not the server", async () => {
    await installFake(ALL);
    const wav = path.join(modelsDir, "tone.wav");
    await writeFile(wav, pcmWav(new Float32Array(16000)));
    const err = await engine({ workerScript: undefined })
      .transcribe(wav, opts(), () => {})
      .catch((e) => e);
    expect(err.name).toBe("EngineError");
    expect(err.code).toBe("ENGINE_FAILED");
    // sherpa-onnx exits inside the native constructor; only the worker dies.
    expect(err.message).toMatch(/stopped unexpectedly \((exit code \d+|signal SIGABRT)\) while loading ASR/);
  });
});
