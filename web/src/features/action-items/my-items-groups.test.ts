import { describe, expect, it } from "vitest";
import { dueBucket, groupItems } from "./my-items-groups";

const item = (id: string, dueDate: string | null, meetingId = "m1", status: "pending" | "completed" = "pending") =>
  ({
    id,
    meetingId,
    description: id,
    assignee: null,
    dueDate,
    status,
    sourceStart: null,
    createdAt: "",
    suggested: false,
    meeting: { id: meetingId, title: `Meeting ${meetingId}`, recordedAt: "" },
    owner: null,
    editable: true,
  }) as const;

describe("grouping my action items", () => {
  it("puts items in due buckets relative to the user's today", () => {
    const today = "2030-01-03";
    expect(dueBucket(item("a", "2030-01-02"), today)).toBe("Overdue");
    expect(dueBucket(item("a", "2030-01-02", "m1", "completed"), today)).toBe("Earlier");
    expect(dueBucket(item("a", "2030-01-03"), today)).toBe("Today");
    expect(dueBucket(item("a", "2030-01-09"), today)).toBe("This week");
    expect(dueBucket(item("a", "2030-01-10"), today)).toBe("Later");
    expect(dueBucket(item("a", null), today)).toBe("No due date");
  });

  it("orders due groups from overdue to undated, and meeting groups as the server ordered them", () => {
    const items = [item("n", null), item("l", "2031-01-01", "m2"), item("o", "2020-01-01", "m2")];
    expect(groupItems(items, "due", "2030-01-03").map((g) => g.title)).toEqual(["Overdue", "Later", "No due date"]);
    const byMeeting = groupItems(items, "meeting", "2030-01-03");
    expect(byMeeting.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ["Meeting m1", ["n"]],
      ["Meeting m2", ["l", "o"]],
    ]);
  });
});
