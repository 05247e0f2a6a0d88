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

/** "Weekly sync.final.mp4" → "Weekly sync.final". */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).trim();
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
