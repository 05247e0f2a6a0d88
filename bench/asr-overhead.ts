// `npm run bench:asr` without an audio file: the local speech engine's own overhead, on the
// tiny generated models (test/speech-models) and a synthetic meeting stitched from the
// corpus's real clips (1 hour unless --minutes N). The networks are near-free, so what is
// timed is everything around them: the Silero VAD (the real model), feature extraction,
// the decoding loop, the diarization windows, embedding features and clustering. This is
// the floor a real model's arithmetic adds to. 2 threads, as on a 2-core server.
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LocalSpeechEngine, asrConfig } from "../server/src/engines/speech/local/local-engine";
import { CATALOGUE, ROLES, findModel } from "../server/src/engines/speech/models/catalogue";
import { checkModel } from "../server/src/engines/speech/models/manager";
import { fromRoot } from "../server/src/paths";
import { syntheticMeeting } from "../test/speech-models/audio";
import { installSpeechFixtures } from "../test/speech-models/install";

const THREADS = 2;

interface Time {
  wall: number;
  cpu: number;
}
interface StageReport {
  timings: { read: Time; vad: Time; features: Time; decode: Time; diarization: Time };
  segments: number;
  pieces: number;
  tokens: number;
  turns: number;
  speakers: number;
  peakBeforeDiarization: number;
  rssBytes: number;
}

async function modelFile(modelsDir: string, id: string, i = 0): Promise<string> {
  const check = await checkModel(modelsDir, id);
  if (!check.ok) throw new Error(`${id}: ${check.problem}`);
  return path.join(check.dir, findModel(CATALOGUE, id)!.files[i]!.path);
}

/** Each stage timed apart in a child process (bench/lib/asr-stages.cjs). */
async function stages(modelsDir: string, audio: string): Promise<{ report: StageReport; sherpaLog: Record<string, number> }> {
  const asr = findModel(CATALOGUE, ROLES.accurate)!;
  const asrDir = (await checkModel(modelsDir, asr.id)) as { ok: true; dir: string };
  const job = {
    audio,
    numThreads: THREADS,
    vad: await modelFile(modelsDir, ROLES.vad),
    asr: asrConfig(asr, asrDir.dir, "en"),
    segmentation: await modelFile(modelsDir, ROLES.segmentation),
    embedding: await modelFile(modelsDir, ROLES.embedding),
  };
  const child = fork(fromRoot("bench/lib/asr-stages.cjs"), [], {
    execArgv: [],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env: { ...process.env, SHERPA_WORKER: fromRoot("server/src/engines/speech/local/sherpa-worker.cjs") },
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const report = await new Promise<StageReport>((resolve, reject) => {
    child.on("message", (m) => resolve(m as StageReport));
    child.on("exit", (code, sig) => reject(new Error(`stage run stopped (${sig ?? code}): ${stderr.slice(-500)}`)));
    child.send(job);
  });
  child.kill();
  // sherpa-onnx's own timers: "OfflineSpeakerDiarization: clustering 0.123 s".
  const sherpaLog: Record<string, number> = {};
  for (const m of stderr.matchAll(/OfflineSpeakerDiarization: (segmentation|embedding|clustering) ([\d.]+) s/g))
    sherpaLog[m[1]!] = Number(m[2]) * 1000;
  return { report, sherpaLog };
}

export async function runOverheadBenchmark(minutes: number): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-asr-overhead-"));
  try {
    const modelsDir = path.join(work, "models");
    await installSpeechFixtures(modelsDir);
    const seconds = minutes * 60;
    const audio = await syntheticMeeting(work, seconds);
    const rtf = (msValue: number) => (msValue / 1000 / seconds).toFixed(4);
    // Wall-clock RTF, and CPU seconds per audio second where measured (the machine may be
    // shared: CPU time is what the work costs; on 2 free cores wall ≈ CPU / threads used).
    const row = (name: string, time: number | Time, note = "") => {
      const { wall, cpu } = typeof time === "number" ? { wall: time, cpu: null } : time;
      const cpuText = cpu === null ? "".padEnd(20) : `CPU ${(cpu / 1000).toFixed(1).padStart(6)} s ${rtf(cpu)}`;
      console.log(`${name.padEnd(44)} ${(wall / 1000).toFixed(1).padStart(7)} s  RTF ${rtf(wall)}   ${cpuText}${note ? `   ${note}` : ""}`);
    };
    console.log(`Local speech engine overhead: ${minutes} min synthetic meeting (corpus clips + pauses), ${THREADS} threads,`);
    console.log(
      `generated models (test/speech-models): Silero VAD is the real model; recogniser, segmentation and embedding nets are tiny.\n`,
    );

    const { report, sherpaLog } = await stages(modelsDir, audio);
    const t = report.timings;
    console.log(`${"stage (timed apart)".padEnd(44)}    wall      RTF        CPU time  CPU/audio`);
    row("read + decode WAV to float", t.read);
    row("VAD (Silero v4, real model)", t.vad, `${report.segments} speech segments`);
    row("features (128-bin fbank, Parakeet config)", t.features, `${report.pieces} pieces`);
    row("decoding loop (TDT greedy, tiny nets)", t.decode, `${report.tokens} tokens`);
    if (sherpaLog.segmentation !== undefined) row("diarization: segmentation windows", sherpaLog.segmentation);
    if (sherpaLog.embedding !== undefined) row("diarization: embeddings (fbank + tiny net)", sherpaLog.embedding);
    if (sherpaLog.clustering !== undefined) row("diarization: clustering", sherpaLog.clustering, `${report.speakers} speakers`);
    row("diarization total", t.diarization, `${report.turns} turns`);
    const mb = (b: number) => `${(b / 1e6).toFixed(0).padStart(7)} MB`;
    console.log(
      `${"peak RSS of the stage process".padEnd(44)} ${mb(report.rssBytes)}   (${mb(report.peakBeforeDiarization).trim()} before diarization; the whole recording is held as float32)\n`,
    );

    // The same work as a meeting does it: the engine and its worker process, end to end.
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: THREADS, autoDownload: false });
    const t0 = Date.now();
    const r = await engine.transcribe(
      audio,
      { nano: false, speakers: null, language: null, signal: new AbortController().signal },
      () => {},
    );
    const total = Date.now() - t0;
    const s = engine.lastStats!;
    console.log("end to end (LocalSpeechEngine → worker process, as a meeting runs)");
    row("VAD + recognition", s.asrMs);
    row("diarization", s.diarMs);
    row("total incl. worker start, checks and merge", total, `${r.utterances.length} utterances`);
    console.log(`${"peak RSS of the worker".padEnd(44)} ${(s.workerRssBytes / 1e6).toFixed(0).padStart(7)} MB`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
