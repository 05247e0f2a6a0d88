// Downloads a link meeting's media into the store. It waits on the network, so it runs in
// the `io` pool: a slow server cannot hold the slots that conversion and transcription use.
import { downloadLink } from "../media/link-download";
import { blobFileWriter } from "../storage/blob-store";
import { AppError } from "../core/errors";
import { defineJob } from "./define-job";
import { abandonStep, meetingRetry, runMeetingStep } from "./meeting-steps";
import { mediaKeys, updateMeetingRow } from "../modules/meetings/meeting-rows";
import { meetingPayload } from "../core/jobs";

export const downloadLinkJob = defineJob({
  name: "meeting-download",
  pool: "io",
  priority: 0,
  payload: meetingPayload,
  retry: meetingRetry,
  abandoned: abandonStep("prepare"),
  expireInSeconds: 3600,
  handle: ({ meetingId }, run) =>
    runMeetingStep("prepare", meetingId, run, async (m, signal, progress) => {
      const { ctx } = run;
      if (m.storageKey) return "prepare"; // downloaded already: go on to prepare
      if (!m.sourceUrl) throw new AppError("INVALID_URL", "This meeting has no link to download.");
      const key = mediaKeys(m).download;
      const file = await blobFileWriter(ctx.store, key);
      const result = await downloadLink(m.sourceUrl, file.path, {
        maxBytes: ctx.config.maxLinkBytes,
        timeoutMs: ctx.config.linkTimeoutMs,
        allowPrivateAddresses: ctx.config.allowPrivateLinks,
        signal,
        onProgress: (bytes, total) => void progress(total ? (0.6 * bytes) / total : 0),
      })
        .then(async (r) => {
          await file.commit();
          return r;
        })
        .finally(() => file.cleanup());
      await updateMeetingRow(ctx, m.id, {
        storageKey: key,
        originalFileName: result.fileName,
        mimeType: result.contentType,
        sizeBytes: result.bytes,
      });
      return "prepare";
    }),
});
