import { describe, expect, it } from "vitest";
import { titleFromFileName, uploadTitle } from "./upload-rules";

describe("the title an upload sends", () => {
  const now = new Date("2026-11-28T02:06:00Z");

  it("sends none for a transcript left with the filled-in title, so the server can use the transcript's own title line", () => {
    const filledIn = titleFromFileName("meeting.txt", now);
    expect(filledIn).toMatch(/^Meeting on /);
    expect(uploadTitle(filledIn, filledIn, true, "meeting.txt", now)).toBe("");
    expect(uploadTitle("  ", filledIn, true, "meeting.txt", now)).toBe("");
  });

  it("sends a title the user typed for a transcript", () => {
    expect(uploadTitle(" PTA fair ", "Meeting on …", true, "meeting.txt", now)).toBe("PTA fair");
  });

  it("sends the filled-in title for a recording, which has no title line", () => {
    const filledIn = titleFromFileName("board-review.m4a", now);
    expect(uploadTitle(filledIn, filledIn, false, "board-review.m4a", now)).toBe(filledIn);
    expect(uploadTitle("", filledIn, false, "board-review.m4a", now)).toBe("board-review");
  });
});
