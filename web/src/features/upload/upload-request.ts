// POST /api/meetings with XMLHttpRequest: fetch cannot report how many bytes were sent,
// XHR's upload events can. Fields go first and the file last, as the server expects.
import { ApiError } from "@/lib/api";
import type { CreatedMeeting } from "../../../../contract/meetings";

export interface UploadFields {
  title: string;
  nano: boolean;
  enhancedSummary: boolean;
  /** Expected number of speakers; null = detect automatically. */
  speakers: number | null;
  /** ISO timestamp; omitted = the server uses the recording's own date. */
  recordedAt?: string;
  /** ISO 639-1 code, or 'auto' to detect; omitted for transcript files. */
  language?: string;
}

export interface UploadHandlers {
  /** Bytes of the request body sent so far. */
  onProgress(sent: number, total: number): void;
  /** Every byte is sent; the server is now storing and checking the file. */
  onSent(): void;
}

export interface UploadTask {
  promise: Promise<CreatedMeeting>;
  abort(): void;
}

export function buildUploadForm(file: File, fields: UploadFields): FormData {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("nano", String(fields.nano));
  form.append("enhancedSummary", String(fields.enhancedSummary));
  if (fields.speakers !== null) form.append("speakers", String(fields.speakers));
  if (fields.recordedAt) form.append("recordedAt", fields.recordedAt);
  if (fields.language) form.append("language", fields.language);
  form.append("file", file, file.name);
  return form;
}

export function startUpload(file: File, fields: UploadFields, handlers: UploadHandlers): UploadTask {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<CreatedMeeting>((resolve, reject) => {
    xhr.open("POST", "/api/meetings");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => handlers.onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => handlers.onSent();
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    xhr.onerror = () =>
      reject(
        new ApiError(0, "NETWORK_ERROR", "The connection to the server was lost during the upload. Check your connection and try again."),
      );
    xhr.ontimeout = () => reject(new ApiError(0, "TIMEOUT", "The upload timed out."));
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof payload?.id === "string") {
        resolve({
          id: payload.id,
          title: typeof payload.title === "string" ? payload.title : undefined,
          step: typeof payload.step === "string" ? payload.step : null,
        });
        return;
      }
      const error = isRecord(payload?.error) ? payload.error : undefined;
      const message =
        typeof error?.message === "string" && error.message
          ? error.message
          : xhr.status >= 200 && xhr.status < 300
            ? "The server did not return the new meeting."
            : `Upload failed with status ${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ""}.`;
      const code = typeof error?.code === "string" ? error.code : `HTTP_${xhr.status}`;
      reject(new ApiError(xhr.status, code, message));
    };
    xhr.send(buildUploadForm(file, fields));
  });
  return { promise, abort: () => xhr.abort() };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = text ? JSON.parse(text) : undefined;
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}
