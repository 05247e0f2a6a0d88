import { describe, expect, it } from "vitest";
import { parseTranscriptFile } from "../../server/src/pipeline/import/parse-transcript";
import { isRelevant, turnOfCue, type RealQuery } from "./qmsum-search";

// Five cues; the import merges cues 2 and 3 (one speaker), so cue 4 is the app's third turn.
const VTT = `WEBVTT

1
00:00:00.000 --> 00:00:02.000
<v Project Manager>Let us start with the budget.</v>

2
00:00:02.000 --> 00:00:04.000
<v Marketing>The budget is twelve euros.</v>

3
00:00:04.000 --> 00:00:05.600
<v Marketing>Per unit, that is.</v>

4
00:00:05.600 --> 00:00:07.200
<v Industrial Designer>Then the battery has to be cheap.</v>

5
00:01:05.600 --> 00:01:07.200
<v Project Manager>Okay.</v>
`;

describe("QMSum spans on the app's turns", () => {
  const { utterances } = parseTranscriptFile("transcript.vtt", VTT);

  it("maps each cue number to the turn the import put it in", () => {
    expect(utterances.map((u) => u.speaker)).toEqual(["Project Manager", "Marketing", "Industrial Designer", "Project Manager"]);
    expect([...turnOfCue(VTT, utterances)]).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
  });

  it("judges a moment by its turn, not by the cue number its index would be", () => {
    // A span of cue 4 only ("the battery"): the app's turn index 2 is that cue; index 3 (cue number 4) is "Okay.".
    const turnOf = turnOfCue(VTT, utterances);
    const q: RealQuery = { meetingId: "m", query: "battery", answer: "", cues: [[turnOf.get(4)!, turnOf.get(4)!]] };
    expect(isRelevant(q, "m", 2)).toBe(true);
    expect(isRelevant(q, "m", 3)).toBe(false);
  });
});
