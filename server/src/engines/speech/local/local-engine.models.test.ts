// The local engine run for real: sherpa-onnx in the worker process, on the tiny
// random-weight models test/speech-models builds (no download), over the corpus's real
// clips and a 10-minute synthetic meeting. Words are noise; the rules every model's output
// must follow are checked (test/speech-models/invariants.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { installSpeechFixtures } from "../../../../../test/speech-models/install";
import { REAL_CLIPS, REPO_SPEECH_CLIP, clip16k, corpusAvailable, syntheticMeeting } from "../../../../../test/speech-models/audio";
import { transcriptProblems, turnProblems } from "../../../../../test/speech-models/invariants";
import type { TranscribeProgress } from "../speech-engine";
import { LocalSpeechEngine } from "./local-engine";

let work: string;
let modelsDir: string;
let engine: LocalSpeechEngine;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "local-engine-models-"));
  modelsDir = path.join(work, "models");
  await installSpeechFixtures(modelsDir);
  engine = new LocalSpeechEngine({ modelsDir, numThreads: 2, autoDownload: false });
});
afterAll(() => rm(work, { recursive: true, force: true }));

const seconds = (wavBytes: number) => (wavBytes - 44) / 32000;
const wavSeconds = async (file: string) => seconds((await import("node:fs/promises").then((f) => f.stat(file))).size);

async function run(wav: string, opts: { speakers?: number | null; nano?: boolean } = {}) {
  const progress: TranscribeProgress[] = [];
  const result = await engine.transcribe(
    wav,
    { nano: opts.nano ?? false, speakers: opts.speakers ?? null, language: null, signal: new AbortController().signal },
    (p) => progress.push(p),
  );
  return { result, progress };
}

function expectProgress(progress: TranscribeProgress[], duration: number) {
  expect(progress.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < progress.length; i++) expect(progress[i]!.doneSeconds).toBeGreaterThanOrEqual(progress[i - 1]!.doneSeconds);
  expect(progress.at(-1)!.doneSeconds).toBeCloseTo(duration, 1);
  expect(progress.every((p) => Math.abs(p.totalSeconds - duration) < 0.01)).toBe(true);
}

describe.skipIf(!corpusAvailable())("local engine on generated models, real clips", { timeout: 180_000 }, () => {
  for (const { clip, speakers } of REAL_CLIPS) {
    it(`${clip}: Parakeet-TDT layout + diarization; automatic and ${Math.max(2, speakers)} known speakers`, async () => {
      const wav = await clip16k(clip, work);
      const duration = await wavSeconds(wav);
      const auto = await run(wav);
      expect(auto.result.model).toMatch(/parakeet.*\/.*pyannote/);
      expect(auto.result.utterances.length).toBeGreaterThan(0);
      expect(auto.result.utterances.every((u) => u.words?.length)).toBe(true); // TDT gives word times
      expect(transcriptProblems(auto.result.utterances, duration)).toEqual([]);
      expectProgress(auto.progress, duration);

      const known = await run(wav, { speakers: Math.max(2, speakers) });
      expect(transcriptProblems(known.result.utterances, duration, Math.max(2, speakers))).toEqual([]);

      // The turns themselves (what hosted engines get from diarize()).
      for (const n of [null, Math.max(2, speakers)]) {
        const turns = await engine.diarize(wav, n, new AbortController().signal);
        expect(turns?.length).toBeGreaterThan(0);
        expect(turnProblems(turns!, duration, n ?? undefined)).toEqual([]);
      }
    });
  }

  it("one known speaker: no diarization, one label", async () => {
    const wav = await clip16k("pyannote-sample/sample.wav", work);
    const { result } = await run(wav, { speakers: 1 });
    expect(result.model).not.toContain("pyannote");
    expect(new Set(result.utterances.map((u) => u.speaker))).toEqual(new Set(["Speaker A"]));
    expect(transcriptProblems(result.utterances, await wavSeconds(wav), 1)).toEqual([]);
  });
});

// These run whether or not ../shared/corpus is there: the repository's own clip, and a
// synthetic meeting made from the corpus when present, else from that clip.
describe("local engine on generated models", { timeout: 180_000 }, () => {
  it("the repository's speech clip: recognition, diarization, merge", async () => {
    const duration = await wavSeconds(REPO_SPEECH_CLIP);
    const { result, progress } = await run(REPO_SPEECH_CLIP, { speakers: 2 });
    expect(result.utterances.length).toBeGreaterThan(0);
    expect(transcriptProblems(result.utterances, duration, 2)).toEqual([]);
    expectProgress(progress, duration);
    const turns = await engine.diarize(REPO_SPEECH_CLIP, 2, new AbortController().signal);
    expect(turnProblems(turns!, duration, 2)).toEqual([]);
  });

  it("Nano (Moonshine layout): the uncached/cached decoder loop runs; no word times", async () => {
    for (const wav of corpusAvailable()
      ? [await clip16k("jfk/jfk.wav", work), await clip16k("ami-debug/dev00.wav", work)]
      : [REPO_SPEECH_CLIP]) {
      const duration = await wavSeconds(wav);
      const { result, progress } = await run(wav, { nano: true });
      expect(result.model).toMatch(/^moonshine/);
      expect(result.utterances.length).toBeGreaterThan(0);
      expect(result.utterances.some((u) => u.words)).toBe(false);
      expect(transcriptProblems(result.utterances, duration)).toEqual([]);
      expectProgress(progress, duration);
    }
  });

  it("a 10-minute synthetic meeting: VAD → recognition → diarization → merge", { timeout: 300_000 }, async () => {
    const wav = await syntheticMeeting(work, 600);
    const duration = await wavSeconds(wav);
    expect(duration).toBe(600);
    const { result, progress } = await run(wav, { speakers: 4 });
    expect(result.utterances.flatMap((u) => u.words ?? []).length).toBeGreaterThan(500);
    expect(transcriptProblems(result.utterances, duration, 4)).toEqual([]);
    expectProgress(progress, duration);
    expect(progress.length).toBeGreaterThan(20); // per 30 s window, then per diarization chunk
    expect(engine.lastStats!.speechSegments).toBeGreaterThan(50);
    const turns = await engine.diarize(wav, null, new AbortController().signal);
    expect(turnProblems(turns!, duration)).toEqual([]);
  });
});
