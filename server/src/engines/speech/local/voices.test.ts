// The voices a meeting keeps (issue 34, item 4; decision 031): the worker returns one unit
// embedding per speaker label, in one piece and in several, and the engine maps them to the
// transcript's labels. On the generated models (random weights: the values mean nothing, the
// plumbing is what is checked).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installSpeechFixtures } from "../../../../../test/speech-models/install";
import { REPO_SPEECH_CLIP, syntheticMeeting } from "../../../../../test/speech-models/audio";
import { CATALOGUE, ROLES, findModel, modelFilePath } from "../models/catalogue";
import { checkModel } from "../models/manager";
import { DEFAULT_WORKER, LocalSpeechEngine, runWorker, type WorkerJob } from "./local-engine";

let work: string;
let modelsDir: string;
let segmentation: string;
let embedding: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "voices-"));
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

const norm = (v: number[]) => Math.sqrt(v.reduce((n, x) => n + x * x, 0));

async function diarize(wav: string, numClusters: number, speakerEmbeddings: boolean, pieceSeconds?: number) {
  const job: WorkerJob = {
    audioPath: wav,
    numThreads: 1,
    vad: null,
    asr: null,
    diarization: { segmentation, embedding, numClusters, threshold: 0.5, pieceSeconds, speakerEmbeddings },
  };
  return runWorker(DEFAULT_WORKER, job, new AbortController().signal, () => {});
}

describe("speaker voices from the diarization", { timeout: 300_000 }, () => {
  it("one piece: a unit vector per speaker of the turns, the same on a second run; none unless asked", async () => {
    const out = await diarize(REPO_SPEECH_CLIP, 2, true);
    const speakers = [...new Set(out.turns!.map((t) => t.speaker))].sort();
    expect(Object.keys(out.voices!).sort()).toEqual(speakers);
    for (const v of Object.values(out.voices!)) {
      expect(v.length).toBeGreaterThan(0);
      expect(norm(v)).toBeCloseTo(1, 4);
    }
    expect((await diarize(REPO_SPEECH_CLIP, 2, true)).voices).toEqual(out.voices);
    const without = await diarize(REPO_SPEECH_CLIP, 2, false);
    expect(without.voices).toBeNull();
    expect(without.turns).toEqual(out.turns); // asking for voices changes nothing else
  });

  it("several pieces: one voice per linked speaker label, not per piece", async () => {
    const wav = await syntheticMeeting(work, 130);
    const out = await diarize(wav, 2, true, 60);
    expect(out.diarization!.pieces).toBeGreaterThan(1);
    const speakers = [...new Set(out.turns!.map((t) => t.speaker))].sort();
    expect(Object.keys(out.voices!).sort()).toEqual(speakers);
    for (const v of Object.values(out.voices!)) expect(norm(v)).toBeCloseTo(1, 4);
  });

  it("the engine names each voice by the transcript's speaker label and the embedding model", async () => {
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: 1, autoDownload: false });
    const result = await engine.transcribe(
      REPO_SPEECH_CLIP,
      { nano: false, speakers: 2, language: null, signal: new AbortController().signal },
      () => {},
    );
    const labels = new Set(result.utterances.map((u) => u.speaker));
    expect(result.voices!.length).toBeGreaterThan(0);
    for (const v of result.voices!) {
      expect(labels.has(v.speaker)).toBe(true);
      expect(v.model).toBe(ROLES.embedding);
    }
    expect(JSON.stringify(result.utterances)).not.toContain("embedding");
  });

  it("diarization alone (hosted transcripts) gives the same voices under the turns' labels", async () => {
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: 1, autoDownload: false });
    const out = (await engine.diarizeWithVoices(REPO_SPEECH_CLIP, 2, new AbortController().signal))!;
    expect(out.voices.map((v) => v.speaker).sort()).toEqual([...new Set(out.turns.map((t) => t.speaker))].sort());
    expect(out.voices.every((v) => v.model === ROLES.embedding && Math.abs(norm(v.embedding) - 1) < 1e-4)).toBe(true);
    expect(await engine.diarize(REPO_SPEECH_CLIP, 2, new AbortController().signal)).toEqual(out.turns);
  });
});
