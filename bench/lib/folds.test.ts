import { describe, expect, it } from "vitest";
import { groupFolds, meetingGroup } from "./folds";

describe("groupFolds", () => {
  it("keeps an AMI team's meetings in one fold and deals the other meetings one by one", () => {
    expect(meetingGroup("ES2002c")).toBe("ES2002");
    expect(meetingGroup("Bmr003")).toBe("Bmr003");
    const ids = ["Bed003", "Bmr003", "ES2002a", "ES2002b", "ES2003a", "ES2003b", "IS1000a", "covid_0"];
    expect(groupFolds(ids, 3)).toEqual([0, 1, 2, 2, 0, 0, 1, 2]);
  });
});
