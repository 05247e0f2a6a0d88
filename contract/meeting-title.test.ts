import { describe, expect, it } from "vitest";
import { dateFromFileName, isGenericFileName, numberedTitle, titleFromFileName } from "./meeting-title";

const uploadTime = new Date("2025-06-11T09:30:00Z");

describe("titleFromFileName", () => {
  it("keeps a name that says something about the meeting", () => {
    expect(titleFromFileName("Q3 budget review.vtt", uploadTime, "UTC")).toBe("Q3 budget review");
    expect(titleFromFileName("Weekly sync.final.mp4", uploadTime, "UTC")).toBe("Weekly sync.final");
    expect(titleFromFileName("Sales call 2.m4a", uploadTime, "UTC")).toBe("Sales call 2");
  });

  it("names a generic file by the upload time", () => {
    for (const name of [
      "transcript.vtt",
      "audio.m4a",
      "recording.webm",
      "New Recording 12.m4a",
      "Untitled.txt",
      "zoom_0.mp4",
      "12345.mp3",
      "Teams meeting transcript.vtt",
      "video1234567890.mp4",
    ]) {
      expect(isGenericFileName(name), name).toBe(true);
      expect(titleFromFileName(name, uploadTime, "UTC"), name).toBe("Meeting on Jun 11, 2025, 09:30 UTC");
    }
  });

  it("uses the time a Zoom file name carries", () => {
    expect(dateFromFileName("GMT20250312-140000_Recording.transcript.vtt")?.toISOString()).toBe("2025-03-12T14:00:00.000Z");
    expect(titleFromFileName("GMT20250312-140000_Recording.transcript.vtt", uploadTime, "UTC")).toBe("Meeting on Mar 12, 2025, 14:00 UTC");
    expect(titleFromFileName("GMT20250312-140000_Recording_1920x1080.mp4", uploadTime, "UTC")).toBe("Meeting on Mar 12, 2025, 14:00 UTC");
  });

  it("does not read an impossible stamp as a date", () => {
    expect(dateFromFileName("GMT20251399-140000_Recording.vtt")).toBeNull();
    expect(titleFromFileName("GMT20251399-140000_Recording.vtt", uploadTime, "UTC")).toBe("Meeting on Jun 11, 2025, 09:30 UTC");
  });

  it("formats in the zone it is given", () => {
    expect(titleFromFileName("transcript.vtt", uploadTime, "America/New_York")).toBe("Meeting on Jun 11, 2025, 05:30");
  });
});

describe("numberedTitle", () => {
  it("adds the first free number to a title already taken", () => {
    expect(numberedTitle("Meeting on Jun 11", [])).toBe("Meeting on Jun 11");
    expect(numberedTitle("Meeting on Jun 11", ["Meeting on Jun 11"])).toBe("Meeting on Jun 11 (2)");
    expect(numberedTitle("Meeting on Jun 11", ["Meeting on Jun 11", "Meeting on Jun 11 (2)"])).toBe("Meeting on Jun 11 (3)");
    expect(numberedTitle("Meeting on Jun 11", ["Meeting on Jun 11", "Meeting on Jun 11 (3)"])).toBe("Meeting on Jun 11 (2)");
  });
  it("keeps a numbered title within the length limit", () => {
    expect(numberedTitle("abcdefghij", ["abcdefghij"], 10)).toBe("abcdef (2)");
  });
});
