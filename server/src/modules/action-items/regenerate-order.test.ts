import { describe, expect, it } from "vitest";
import { inMeetingOrder } from "./action-item-rules";

describe("items after a regenerate", () => {
  it("keep the meeting's order: a touched item stays where it was said, not first", () => {
    const kept = [
      { id: "completed-late", position: 0, sourceStart: 300 },
      { id: "manual", position: 5, sourceStart: null },
      { id: "edited-early", position: 1, sourceStart: 20 },
    ];
    const fresh = [
      { task: "new at 10 s", sourceStart: 10 },
      { task: "new at 120 s", sourceStart: 120 },
      { task: "new, no time", sourceStart: null },
    ];
    const order = inMeetingOrder(kept, fresh).map((x) => ("kept" in x ? x.kept.id : x.fresh.task));
    expect(order).toEqual(["new at 10 s", "edited-early", "new at 120 s", "completed-late", "manual", "new, no time"]);
  });
});
