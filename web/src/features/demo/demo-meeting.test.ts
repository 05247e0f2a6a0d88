import { describe, expect, it } from "vitest";
import { demoMeeting } from "./demo-meeting";

describe("demo meeting", () => {
  it("lasts as long as its transcript", () => {
    const lastEnd = Math.max(...demoMeeting.utterances.map((u) => u.end ?? 0));
    expect(demoMeeting.durationSeconds).toBeGreaterThanOrEqual(lastEnd);
    expect(demoMeeting.durationSeconds! - lastEnd).toBeLessThan(5);
  });

  it("credits no speech model or summarizer, since none produced it", () => {
    expect(demoMeeting.sourceType).toBe("transcript_import");
    expect(demoMeeting.transcriptEngine).toBeNull();
    expect(demoMeeting.transcriptModel).toBeNull();
    expect(demoMeeting.summaryEngine).toBeNull();
  });

  it("counts its items as the list does", () => {
    expect(demoMeeting.actionItemCount).toBe(demoMeeting.actionItems.length);
    expect(demoMeeting.pendingCount).toBe(demoMeeting.actionItems.filter((a) => a.status === "pending").length);
  });
});
