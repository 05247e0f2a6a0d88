import { describe, expect, it } from "vitest";
import { NOT_PROCESSED_TRANSCRIPT, emptyNotice } from "./empty-notice";

describe("empty summary and transcript notices", () => {
  it("always leads with the spec's text on the meeting page", () => {
    for (const status of ["processing", "uploading", "failed", "completed"] as const) {
      expect(emptyNotice({ status, error: null }, "summary").text).toBe("No summary available for this meeting.");
      expect(emptyNotice({ status, error: null }, "transcript").text).toBe("No transcript available for this meeting.");
    }
  });
  it("uses the spec's 'not processed yet' text on the dashboard's Transcript tab", () => {
    expect(emptyNotice({ status: "failed", error: "Boom" }, "transcript", { place: "preview" }).text).toBe(NOT_PROCESSED_TRANSCRIPT);
    expect(NOT_PROCESSED_TRANSCRIPT).toBe(
      "This meeting has not been processed yet. The transcript will appear here after processing is complete.",
    );
  });
  it("says beneath that the summary is coming while processing", () => {
    expect(emptyNotice({ status: "processing", error: null }, "summary").note).toBe(
      "The summary will appear here when processing finishes.",
    );
  });
  it("says beneath that processing failed, with the reason where asked", () => {
    expect(emptyNotice({ status: "failed", error: "The recording is silent." }, "transcript").note).toBe(
      "Processing failed before the transcript was written.",
    );
    expect(emptyNotice({ status: "failed", error: "The recording is silent." }, "transcript", { withReason: true }).note).toBe(
      "Processing failed: The recording is silent.",
    );
  });
  it("adds nothing on a finished meeting", () => {
    expect(emptyNotice({ status: "completed", error: null }, "summary").note).toBeNull();
  });
});
