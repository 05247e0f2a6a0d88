import { describe, expect, it } from "vitest";
import { uploadTips } from "./upload-rules";

describe("tips under a failed upload", () => {
  it("gives an empty transcript file tips about the file, not compress, link or split", () => {
    const tips = uploadTips({ code: "IMPORT_INVALID", transcript: true });
    expect(tips.join(" ")).toMatch(/text editor/);
    expect(tips.join(" ")).toMatch(/Download the transcript again/);
    expect(tips).not.toContain("use-link");
    expect(tips.join(" ")).not.toMatch(/Compress|Split/);
  });

  it("keeps compress, link and split for a recording that is too large", () => {
    const tips = uploadTips({ code: "PAYLOAD_TOO_LARGE", transcript: false });
    expect(tips[0]).toMatch(/^Compress/);
    expect(tips).toContain("use-link");
    expect(tips[2]).toMatch(/^Split/);
  });

  it("has no tips for a signed-out upload, and sensible ones otherwise", () => {
    expect(uploadTips({ code: "UNAUTHENTICATED", transcript: false })).toEqual([]);
    for (const code of ["CONTENT_MISMATCH", "CORRUPT_MEDIA", "UNSUPPORTED_TYPE"]) {
      expect(uploadTips({ code, transcript: false })[0]).toMatch(/plays on your computer/);
    }
    expect(uploadTips({ code: null, transcript: false })[0]).toBe("Check your connection and try again.");
  });
});
