import { describe, expect, it } from "vitest";
import { actionItemsCsvName, formatLabel, statusBadge, summaryDescription, summaryNoteParts } from "./meeting-facts";

const base = {
  status: "completed" as const,
  actionItems: [],
  transcript: "Ana: hello",
  utterances: [],
  sourceType: "file_upload" as const,
  hasMedia: true,
  hasVideo: false,
  originalFileName: "standup.wav",
};

describe("meeting facts", () => {
  it("counts action items only on a processed meeting", () => {
    expect(statusBadge(base).text).toBe("No Action Items");
    expect(statusBadge({ ...base, actionItems: [{}, {}] as never }).text).toBe("2 Action Items");
    // A possible action item counts only once accepted.
    expect(statusBadge({ ...base, actionItems: [{}, { suggested: true }] as never }).text).toBe("1 Action Item");
    // Only possible items: the badge says they are there to review (walkthrough finding 10).
    expect(statusBadge({ ...base, actionItems: [{ suggested: true }] as never }).text).toBe("1 possible item to review");
    expect(statusBadge({ ...base, actionItems: [{ suggested: true }, { suggested: true }] as never }).text).toBe(
      "2 possible items to review",
    );
    expect(statusBadge({ ...base, status: "failed" })).toEqual({ text: "Not processed", tone: "destructive" });
    expect(statusBadge({ ...base, status: "processing" }).text).toBe("Processing");
  });

  it("calls it a Meeting Transcript only when there is one", () => {
    expect(formatLabel(base)).toBe("Meeting Transcript");
    expect(formatLabel({ ...base, status: "failed", transcript: null } as never)).toBe("Audio recording");
    expect(formatLabel({ ...base, transcript: null, hasVideo: true } as never)).toBe("Video recording");
    expect(
      formatLabel({ ...base, transcript: " ", sourceType: "transcript_import", hasMedia: false, originalFileName: "x.VTT" } as never),
    ).toBe("Transcript file (.vtt)");
    expect(formatLabel({ ...base, transcript: null, sourceType: "link", hasMedia: false } as never)).toBe("Recording link");
    // Turns without the plain text (the API sends the text only for a meeting without turns).
    const turns = [{ speaker: "Ana", start: 0, end: 1, text: "hello" }];
    expect(formatLabel({ ...base, transcript: null, utterances: turns })).toBe("Meeting Transcript");
  });

  it("says AI-generated only when a language model wrote the summary", () => {
    expect(summaryDescription({ summaryEngine: "built-in" })).toBe("Summary written by the built-in rules (no language model)");
    expect(summaryDescription({ summaryEngine: "local" })).toBe("AI-generated summary of the meeting");
    expect(summaryDescription({ summaryEngine: "openai-compatible" })).toBe("AI-generated summary of the meeting");
    expect(summaryDescription({ summaryEngine: null, notes: null })).toBe("Summary of the meeting");
  });

  it("names the CSV after the meeting, like the other exports", () => {
    expect(actionItemsCsvName("Weekly sync: Q3/Q4")).toBe("Weekly sync Q3 Q4 - action items.csv");
    expect(actionItemsCsvName("  ..  ")).toBe("meeting - action items.csv");
  });

  it("splits the summary's note into its first sentence and the rest", () => {
    const note =
      "The local language model Qwen3 1.7B (Q4_K_M) is not installed, so the built-in notes are shown. The owner of this server can install it under Settings → Models, then use 'Regenerate summary'.";
    expect(summaryNoteParts(note)).toEqual({
      lead: "The local language model Qwen3 1.7B (Q4_K_M) is not installed, so the built-in notes are shown.",
      rest: "The owner of this server can install it under Settings → Models, then use 'Regenerate summary'.",
    });
    expect(summaryNoteParts("One sentence only.")).toEqual({ lead: "One sentence only.", rest: "" });
  });
});
