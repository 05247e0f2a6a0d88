import { describe, expect, it } from "vitest";
import { emptyNotice } from "./empty-notice";

describe("empty summary and transcript notices", () => {
  it("says the summary is coming while processing, not that there is none", () => {
    expect(emptyNotice({ status: "processing" }, "summary")).toBe("The summary will appear here when processing finishes.");
    expect(emptyNotice({ status: "uploading" }, "transcript")).toBe("The transcript will appear here when processing finishes.");
  });
  it('says processing failed on a failed meeting, never "not processed yet"', () => {
    expect(emptyNotice({ status: "failed" }, "transcript")).toMatch(/^No transcript: processing failed/);
  });
  it("says there is none on a finished meeting", () => {
    expect(emptyNotice({ status: "completed" }, "summary")).toBe("No summary available for this meeting.");
  });
});
