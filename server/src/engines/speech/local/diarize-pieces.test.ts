// Diarization in pieces read from the prepared WAV (sherpa-pipeline.ts, decision 019) against
// sherpa-onnx's whole-array diarizer, on the corpus's clips and the generated models; the
// speaker linking across pieces; and the memory budget (declared needs, the running watch).
import { createRequire } from "node:module";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installSpeechFixtures } from "../../../../../test/speech-models/install";
import { REAL_CLIPS, REPO_SPEECH_CLIP, clip16k, corpusAvailable, syntheticMeeting } from "../../../../../test/speech-models/audio";
import { turnProblems } from "../../../../../test/speech-models/invariants";
import { CATALOGUE, ROLES, findModel, modelFilePath } from "../models/catalogue";
import { checkModel } from "../models/manager";
import { linkSpeakers, openWav, planPieces, readAllSamples } from "./sherpa-pipeline";
import { AppError } from "../../../core/errors";
import { DEFAULT_WORKER, LocalSpeechEngine, declaredMemory, runWorker, type WorkerJob } from "./local-engine";
import type { SpeakerTurn } from "../merge";

const require = createRequire(import.meta.url);
const sherpa = require("sherpa-onnx-node");
interface Speaker {
  piece: number;
  local: number;
  embedding: Float32Array;
}
const worker = { readAllSamples, linkSpeakers, planPieces, openWav };

let work: string;
let modelsDir: string;
let segmentation: string;
let embedding: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "diarize-pieces-"));
  modelsDir = path.join(work, "models");
  await installSpeechFixtures(modelsDir);
  const file = async (id: string) => {
    const c = await checkModel(modelsDir, id);
    if (!c.ok) throw new Error(c.problem);
    return path.join(c.dir, modelFilePath(findModel(CATALOGUE, id)!));
  };
  segmentation = await file(ROLES.segmentation);
  embedding = await file(ROLES.embedding);
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** sherpa-onnx's offline diarizer on the whole recording as one array: what the worker did before pieces. */
function wholeArray(wav: string, numClusters: number, threshold = 0.5): SpeakerTurn[] {
  const sd = new sherpa.OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: segmentation }, numThreads: 1, debug: 0 },
    embedding: { model: embedding, numThreads: 1, debug: 0 },
    clustering: numClusters ? { numClusters, threshold: 0.5 } : { numClusters: -1, threshold },
    minDurationOn: 0.2,
    minDurationOff: 0.5,
  });
  const raw = sd.process(worker.readAllSamples(wav)) as { speaker: number; start: number; end: number }[];
  return raw.map((t) => ({ speaker: `spk_${t.speaker}`, start: t.start, end: t.end }));
}

/** The worker's diarization only, as the engine runs it (a child process reading the file). */
async function pieces(wav: string, numClusters: number, pieceSeconds?: number, threshold = 0.5) {
  const job: WorkerJob = {
    audioPath: wav,
    numThreads: 1,
    vad: null,
    asr: null,
    diarization: { segmentation, embedding, numClusters, threshold, pieceSeconds },
  };
  return runWorker(DEFAULT_WORKER, job, new AbortController().signal, () => {});
}

const wavSeconds = async (file: string) => ((await stat(file)).size - 44) / 32000;

describe.skipIf(!corpusAvailable())("diarization in pieces = the whole-array diarizer on the corpus clips", { timeout: 120_000 }, () => {
  for (const { clip, speakers } of REAL_CLIPS) {
    it(`${clip}: the same turns, automatic and ${Math.max(2, speakers)} known speakers`, async () => {
      const wav = await clip16k(clip, work);
      for (const n of [0, Math.max(2, speakers)]) {
        const out = await pieces(wav, n);
        expect(out.diarization).toMatchObject({ pieces: 1 });
        expect(out.turns).toEqual(wholeArray(wav, n));
      }
    });
  }
});

describe("diarization in pieces on the generated models", { timeout: 300_000 }, () => {
  it("the repository's clip: the same turns as the whole-array diarizer", async () => {
    const out = await pieces(REPO_SPEECH_CLIP, 2);
    expect(out.turns).toEqual(wholeArray(REPO_SPEECH_CLIP, 2));
  });

  it("a 3-minute meeting in 60 s pieces: valid turns, the known count, speech where the whole-array diarizer finds it", async () => {
    const wav = await syntheticMeeting(work, 180);
    const duration = await wavSeconds(wav);
    for (const n of [0, 3]) {
      const out = await pieces(wav, n, 60);
      expect(out.diarization).toMatchObject({ pieces: 4 });
      expect(out.diarization!.pieceSeconds).toBeLessThanOrEqual(60);
      const turns = out.turns!;
      expect(turnProblems(turns, duration, n || undefined)).toEqual([]);
      if (n) expect(new Set(turns.map((t) => t.speaker)).size).toBeLessThanOrEqual(n);
      // Segmentation is per 10 s window either way: speech found by one and not the other
      // can only come from the windows at the two piece boundaries.
      const speech = (ts: SpeakerTurn[]) => {
        const f = new Uint8Array(Math.ceil(duration * 10));
        for (const t of ts) for (let i = Math.floor(t.start * 10); i < Math.ceil(t.end * 10); i++) f[i] = 1;
        return f;
      };
      const a = speech(turns);
      const b = speech(wholeArray(wav, n));
      let differ = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
      expect(differ / 10).toBeLessThan(2 * 2 * 10); // seconds: at most 2 windows' worth per boundary
    }
  });
});

describe("linking the pieces' speakers (complete linkage over cosine distance)", () => {
  const e = (...xs: number[]) => Float32Array.from(xs);
  it("joins speakers of different pieces under the threshold and never two of one piece", () => {
    const speakers: Speaker[] = [
      { piece: 0, local: 0, embedding: e(1, 0, 0) },
      { piece: 0, local: 1, embedding: e(0, 1, 0) },
      { piece: 1, local: 0, embedding: e(0.05, 1, 0) },
      { piece: 1, local: 1, embedding: e(1, 0.02, 0) },
      { piece: 2, local: 0, embedding: e(0, 0, 1) },
    ];
    expect(worker.linkSpeakers(speakers, { threshold: 0.5 })).toEqual([0, 1, 1, 0, 2]);
    // Two speakers of one piece stay apart even when their embeddings agree.
    const same = [
      { piece: 0, local: 0, embedding: e(1, 0) },
      { piece: 0, local: 1, embedding: e(1, 0.01) },
    ];
    expect(worker.linkSpeakers(same, { threshold: 0.5 })).toEqual([0, 1]);
  });

  it("complete linkage: a chain of near neighbours is not one speaker when its ends are far apart", () => {
    const angle = (deg: number) => e(Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180));
    // Neighbours 40 degrees apart (distance 0.23), ends 80 degrees apart (0.83).
    const speakers = [0, 40, 80].map((deg, piece) => ({ piece, local: 0, embedding: angle(deg) }));
    const labels = worker.linkSpeakers(speakers, { threshold: 0.5 });
    expect(new Set(labels).size).toBe(2);
  });

  it("a known count wins over the threshold, joining speakers of one piece only when nothing else is left", () => {
    const speakers: Speaker[] = [
      { piece: 0, local: 0, embedding: e(1, 0) },
      { piece: 0, local: 1, embedding: e(0, 1) },
      { piece: 1, local: 0, embedding: e(-1, 0) },
    ];
    expect(new Set(worker.linkSpeakers(speakers, { numClusters: 2 })).size).toBe(2);
    expect(worker.linkSpeakers(speakers, { numClusters: 1 })).toEqual([0, 0, 0]);
    expect(new Set(worker.linkSpeakers(speakers, { threshold: 0.5 })).size).toBe(3);
  });
});

describe("pieces of the file", () => {
  it("one piece when the recording fits; otherwise equal pieces, each cut at a quiet point before its nominal end", async () => {
    const wav = await syntheticMeeting(work, 180);
    const w = worker.openWav(wav);
    try {
      expect(worker.planPieces(w, 600)).toEqual([{ start: 0, end: w.samples }]);
      const p = worker.planPieces(w, 60);
      expect(p).toHaveLength(4); // 180 s in pieces of at most 60 s, each nominally 5 s short of it
      expect(p[0]!.start).toBe(0);
      expect(p.at(-1)!.end).toBe(w.samples);
      for (let i = 1; i < p.length; i++) {
        expect(p[i]!.start).toBe(p[i - 1]!.end);
        const nominal = (i * w.samples) / 4;
        expect(p[i]!.end - p[i]!.start).toBeLessThanOrEqual(60 * 16000);
        expect(p[i]!.start).toBeLessThanOrEqual(nominal);
        expect(p[i]!.start).toBeGreaterThanOrEqual(nominal - 5 * 16000);
      }
    } finally {
      w.close();
    }
  });
});

describe("memory budget of the speech worker", () => {
  it("a job whose models' declared needs exceed the budget fails before the worker starts, with the numbers", async () => {
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: 1, autoDownload: false, memoryBudgetBytes: 1024 * 1024 * 1024 });
    const plan = await engine.plan({ nano: false, speakers: null, language: null });
    const need = declaredMemory(plan).totalMb;
    expect(need).toBeGreaterThan(1024);
    const err = await engine
      .transcribe(REPO_SPEECH_CLIP, { nano: false, speakers: null, language: null, signal: new AbortController().signal }, () => {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect((err as AppError).message).toContain(`about ${need} MB`);
    expect((err as AppError).message).toContain("budget is 1024 MB (SPEECH_WORKER_MEMORY_MB)");
    // Nano without diarization fits the same budget.
    const small = await engine.plan({ nano: true, speakers: 1, language: null });
    expect(declaredMemory(small).totalMb).toBeLessThan(1024);
  });

  it.skipIf(process.platform !== "linux")("a worker that grows past its budget is stopped with the numbers", async () => {
    const job: WorkerJob = { audioPath: REPO_SPEECH_CLIP, numThreads: 1, vad: null, asr: null, diarization: null };
    const err = await runWorker(
      path.join(import.meta.dirname, "fixtures", "greedy-worker.cjs"),
      job,
      new AbortController().signal,
      () => {},
      200 * 1024 * 1024,
    ).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect((err as AppError).message).toMatch(/used \d+ MB while allocating, over its memory budget of 200 MB \(SPEECH_WORKER_MEMORY_MB\)/);
  });
});
