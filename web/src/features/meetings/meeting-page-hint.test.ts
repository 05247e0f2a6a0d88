import { describe, expect, it } from "vitest";
import { meetingPageHint } from "./meeting-page-hint";

describe("meetingPageHint", () => {
  it("reads the title and step the upload form passed", () => {
    expect(meetingPageHint({ title: "Q3 review", step: "summarize" })).toEqual({ title: "Q3 review", step: "summarize" });
    expect(meetingPageHint({ title: "Q3 review" })).toEqual({ title: "Q3 review", step: null });
  });
  it("ignores any other state", () => {
    expect(meetingPageHint(null)).toBeNull();
    expect(meetingPageHint("x")).toBeNull();
    expect(meetingPageHint({ title: " " })).toBeNull();
    expect(meetingPageHint({ title: 3 })).toBeNull();
  });
});
