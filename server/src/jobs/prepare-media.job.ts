// Checks the stored media, converts it to 16 kHz mono WAV and refuses silence.
import path from "node:path";
import { convertToWav16kMono, isSilent, measureLoudness, SILENT_RECORDING_MESSAGE } from "../media/convert";
import { checkUploadedMedia } from "../media/probe";
import { blobFileWriter, materializeBlob } from "../storage/blob-store";
import { AppError } from "../core/errors";
import { defineJob } from "./define-job";
import { abandonStep, meetingRetry, runMeetingStep } from "./meeting-steps";
import { enqueueStep, meetingPayload, needsDownload } from "../core/jobs";
import { mediaKeys, updateMeetingRow } from "../modules/meetings/meeting-rows";

export const prepareMediaJob = defineJob({
  name: "meeting-prepare",
  pool: "cpu",
  priority: 2,
  payload: meetingPayload,
  retry: meetingRetry,
  abandoned: abandonStep("prepare"),
  expireInSeconds: 3600,
  handle: ({ meetingId }, run) =>
    runMeetingStep("prepare", meetingId, run, async (m, signal, progress) => {
      const { ctx } = run;
      // A link queued before its download finished (an old job) downloads first.
      if (needsDownload(m)) {
        await enqueueStep(ctx.queue, "prepare", m);
        return null;
      }
      if (!m.storageKey) throw new AppError("MEDIA_MISSING", "The recording is missing. Please upload it again.");
      // Through the store: on S3 these are temp copies, so a worker needs no shared disk.
      const media = await materializeBlob(ctx.store, m.storageKey, { signal });
      const wav = await blobFileWriter(ctx.store, mediaKeys(m).audio);
      let probe;
      try {
        probe = await checkUploadedMedia(media.path, m.originalFileName ?? path.basename(m.storageKey));
        await progress(0.7);
        await convertToWav16kMono(media.path, wav.path, { signal });
        const loudness = await measureLoudness(wav.path, { signal });
        if (isSilent(loudness)) throw new AppError("SILENT_RECORDING", SILENT_RECORDING_MESSAGE);
        await wav.commit();
      } finally {
        await media.cleanup();
        await wav.cleanup();
      }
      await updateMeetingRow(ctx, m.id, {
        durationSeconds: probe.durationSeconds === null ? null : Math.round(probe.durationSeconds),
        hasVideo: probe.hasVideo,
        // The media's own date is the best guess of when the meeting happened, unless the user gave one.
        ...(probe.creationTime && m.recordedAt.getTime() === m.createdAt.getTime() ? { recordedAt: probe.creationTime } : {}),
      });
      return "transcribe";
    }),
});
