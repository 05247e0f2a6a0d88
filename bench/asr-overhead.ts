// `npm run bench:asr` without an audio file: the local speech engine's own overhead, on the
// tiny generated models (test/speech-models) and a synthetic meeting stitched from the
// corpus's real clips (1 hour unless --minutes N). The networks are near-free, so what is
// timed is everything around them: the Silero VAD (the real model), feature extraction,
// the decoding loop, the diarization windows, embedding features, clustering and the linking
// of the pieces' speakers. This is the floor a real model's arithmetic adds to. 2 threads, as
// on a 2-core server. The run is the engine and its worker process exactly as a meeting runs
// them; the worker times its own stages and reports its peak resident memory.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LocalSpeechEngine, declaredMemory } from "../server/src/engines/speech/local/local-engine";
import { syntheticMeeting } from "../test/speech-models/audio";
import { installSpeechFixtures } from "../test/speech-models/install";

const THREADS = 2;

export async function runOverheadBenchmark(minutes: number): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-asr-overhead-"));
  try {
    const modelsDir = path.join(work, "models");
    await installSpeechFixtures(modelsDir);
    const seconds = minutes * 60;
    const audio = await syntheticMeeting(work, seconds);
    const rtf = (ms: number) => (ms / 1000 / seconds).toFixed(4);
    const row = (name: string, ms: number, note = "") =>
      console.log(`${name.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(8)} s  RTF ${rtf(ms)}${note ? `   ${note}` : ""}`);
    console.log(`Local speech engine overhead: ${minutes} min synthetic meeting (corpus clips + pauses), ${THREADS} threads,`);
    console.log(
      `generated models (test/speech-models): Silero VAD is the real model; recogniser, segmentation and embedding nets are tiny.`,
    );
    console.log(`The engine and its worker process as a meeting runs them (speakers not given: clustering by the threshold).\n`);

    const engine = new LocalSpeechEngine({ modelsDir, numThreads: THREADS, autoDownload: false });
    const plan = await engine.plan({ nano: false, speakers: null, language: null });
    let progressEvents = 0;
    const t0 = Date.now();
    const r = await engine.transcribe(
      audio,
      { nano: false, speakers: null, language: null, signal: new AbortController().signal },
      () => progressEvents++,
    );
    const total = Date.now() - t0;
    const s = engine.lastStats!;
    const d = s.diarization;
    console.log(`${"stage".padEnd(52)} ${"wall".padStart(10)}`);
    row("read + VAD (Silero v4, real model), 30 s windows", s.asrMs - s.recognitionMs, `${s.speechSegments} speech segments`);
    row("recognition (128-bin fbank + TDT greedy, tiny nets)", s.recognitionMs);
    if (d) {
      row(
        `diarization: upstream's diarizer per piece`,
        d.ms.diarizer,
        `${d.pieces} piece(s) of at most ${(d.pieceSeconds / 60).toFixed(1)} min (segmentation, embeddings, clustering)`,
      );
      row("diarization: one embedding per piece's speaker", d.ms.embeddings, `${d.localSpeakers} speakers of pieces`);
      row("diarization: linking the pieces' speakers", d.ms.linking, `${d.speakers} speakers`);
      row("diarization total (incl. reading the pieces)", s.diarMs);
    }
    row("end to end incl. worker start, checks and merge", total, `${r.utterances.length} utterances, ${progressEvents} progress events`);
    console.log(`${"peak RSS of the speech worker (MiB)".padEnd(52)} ${(s.workerRssBytes / 2 ** 20).toFixed(0).padStart(8)} MB`);
    console.log(
      `${"declared needs of the real models (MiB)".padEnd(52)} ${String(declaredMemory(plan).totalMb).padStart(8)} MB   (SPEECH_WORKER_MEMORY_MB, default 2048)`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
