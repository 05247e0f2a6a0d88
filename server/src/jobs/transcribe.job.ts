// Runs the configured speech engine over the prepared WAV: utterances with speakers and times.
import { createSpeechEngine } from "../engines/speech";
import { catalogueFrom } from "../engines/speech/models/catalogue";
import type { SpeechEngine } from "../engines/speech/speech-engine";
import type { AppContext } from "../context/app-context";
import { materializeBlob } from "../storage/blob-store";
import { storeMeetingVoices } from "../modules/people/voices.service";
import { AppError } from "../core/errors";
import { defineJob } from "./define-job";
import { abandonStep, meetingRetry, runMeetingStep } from "./meeting-steps";
import { mediaKeys, updateMeetingRow } from "../modules/meetings/meeting-rows";
import { meetingPayload } from "../core/jobs";

/** One engine per app: the local engine keeps its models loaded between meetings. */
const engines = new WeakMap<AppContext, SpeechEngine>();
function engineFor(ctx: AppContext): SpeechEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = createSpeechEngine({
      engine: ctx.config.speech.engine,
      modelsDir: ctx.config.modelsDir,
      numThreads: ctx.config.speech.threads,
      autoDownload: ctx.config.speech.autoDownload,
      workerMemoryBytes: ctx.config.speech.workerMemoryBytes,
      clusteringThreshold: ctx.config.speech.clusteringThreshold,
      catalogue: catalogueFrom(ctx.config.modelsBaseUrl),
      assemblyai: ctx.config.speech.assemblyai ?? undefined,
      openai: ctx.config.speech.openai ?? undefined,
    });
    engines.set(ctx, engine);
  }
  return engine;
}

export const transcribeJob = defineJob({
  name: "meeting-transcribe",
  pool: "cpu",
  priority: 1,
  payload: meetingPayload,
  retry: meetingRetry,
  abandoned: abandonStep("transcribe"),
  expireInSeconds: 4 * 3600,
  handle: ({ meetingId }, run) =>
    runMeetingStep("transcribe", meetingId, run, async (m, signal, progress) => {
      const { ctx } = run;
      const wav = await materializeBlob(ctx.store, mediaKeys(m).audio, { signal });
      const started = performance.now();
      const result = await engineFor(ctx)
        .transcribe(
          wav.path,
          { nano: m.nano, speakers: m.speakersExpected, language: m.language, signal },
          (p) => void progress(p.totalSeconds > 0 ? p.doneSeconds / p.totalSeconds : 0),
        )
        .finally(() => wav.cleanup());
      if (m.durationSeconds) ctx.metrics.processingRatio.observe((performance.now() - started) / 1000 / m.durationSeconds);
      if (result.utterances.length === 0 && !result.text.trim())
        throw new AppError(
          "NO_SPEECH",
          "No speech was detected in this recording, so there is no transcript. Check that the right file was uploaded and that it has audible speech.",
        );
      // Kept for voice profiles (decision 031), apart from the transcript: they never leave the server.
      await storeMeetingVoices(ctx.database.db, m.id, result.voices ?? []);
      await updateMeetingRow(ctx, m.id, {
        transcript: result.text,
        utterances: result.utterances,
        transcriptLanguage: result.language,
        transcriptEngine: result.engine,
        transcriptModel: result.model,
      });
      return "summarize";
    }),
});
