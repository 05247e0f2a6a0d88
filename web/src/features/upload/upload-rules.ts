// What the file drop zone accepts (spec section 5 plus transcript files) and small helpers.
import type { Accept } from "react-dropzone";
import { LARGE_UPLOAD_WARNING_BYTES, mediaExtensions, transcriptExtensions } from "../../../../contract/meetings";

export { LARGE_UPLOAD_WARNING_BYTES };

export const ACCEPTED_EXTENSIONS: readonly string[] = [...mediaExtensions, ...transcriptExtensions];

/** MIME types with their extensions; the drop zone also checks the extension itself. */
export const DROPZONE_ACCEPT: Accept = {
  "audio/mpeg": [".mp3"],
  "audio/wav": [".wav"],
  "audio/mp4": [".m4a"],
  "video/mp4": [".mp4"],
  "video/quicktime": [".mov"],
  "video/x-msvideo": [".avi"],
  "text/vtt": [".vtt"],
  "application/x-subrip": [".srt"],
  "text/plain": [".txt"],
};

export const FILE_TYPE_MESSAGE = `File type must be one of ${ACCEPTED_EXTENSIONS.join(", ")}`;
export const fileSizeMessage = (maxBytes: number) => `File is larger than ${maxBytes} bytes`;
export const TOO_MANY_FILES_MESSAGE = "Too many files";

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

export function isTranscriptFile(name: string): boolean {
  return (transcriptExtensions as readonly string[]).includes(extensionOf(name));
}

export function isAcceptedFile(name: string): boolean {
  return ACCEPTED_EXTENSIONS.includes(extensionOf(name));
}

/** The one title rule (contract/meeting-title.ts): the upload form names a file as the server does. */
import { titleFromFileName } from "../../../../contract/meeting-title";

export { titleFromFileName };

/**
 * The title an upload sends. A transcript file whose title is still the one the form filled in
 * sends none, as its date is left out when not edited: the server then takes the transcript's
 * own title line (a TXT export's first line), else the same file-name rule (decision 042).
 */
export function uploadTitle(typed: string, filledIn: string, transcript: boolean, fileName: string, now: Date): string {
  const title = typed.trim();
  if (transcript && (title === "" || title === filledIn)) return "";
  return title || titleFromFileName(fileName, now);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[i]}`;
}

/** A local date as the value of an <input type="date">. */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The server's codes for a file that is not playable media (server/src/media/probe.ts). */
const UNREADABLE_MEDIA = new Set([
  "UNSUPPORTED_MEDIA",
  "UNSUPPORTED_TYPE",
  "CONTENT_MISMATCH",
  "CORRUPT_MEDIA",
  "EMPTY_FILE",
  "NO_AUDIO",
  "BAD_REQUEST",
  "VALIDATION_FAILED",
]);

/** One tip under a failed upload; "use-link" is the one that opens the 'Meeting Link' tab. */
export type UploadTip = string | "use-link";

/**
 * Tips that fit why an upload failed: a transcript file that has no text gets advice about
 * the file and where to export it again (compressing or splitting cannot help it); a recording
 * too large gets compress, link or split; an unreadable recording gets convert or link.
 */
export function uploadTips(error: { code: string | null; transcript: boolean }): UploadTip[] {
  if (error.code === "UNAUTHENTICATED") return [];
  if (error.transcript) {
    return [
      "Open the file in a text editor: it should hold the spoken text (a .vtt or .srt file also has times such as 00:00:01.000 --> 00:00:04.000).",
      "Download the transcript again from the meeting tool: Zoom (Recordings → Audio transcript), Teams (Recap → Transcript → Download as .vtt) or Google Meet (the transcript document, saved as .txt).",
      "If you have the recording, upload it instead and it is transcribed here.",
    ];
  }
  if (error.code === "PAYLOAD_TOO_LARGE") {
    return [
      "Compress the file, or convert a video to an audio file (MP3 or M4A).",
      "use-link",
      "Split a long recording into shorter parts and upload them one by one.",
    ];
  }
  if (error.code && UNREADABLE_MEDIA.has(error.code)) {
    return [
      "Check that the file plays on your computer; an interrupted download or copy leaves a broken file.",
      "Convert it to MP3 or M4A and upload that.",
      "use-link",
    ];
  }
  return ["Check your connection and try again.", "use-link"];
}
