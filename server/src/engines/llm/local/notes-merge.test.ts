import { describe, expect, it } from "vitest";
import { dedupeTexts, matchSpeaker, mergeActionItems, notesFromTexts, resolveDue } from "./notes-merge";
import type { ChunkNotes } from "./notes-schema";

const meetingDate = new Date("2025-04-08T12:00:00Z"); // a Tuesday
const speakers = ["Ana Reyes", "Ben Stone", "Speaker 3"];

describe("matchSpeaker", () => {
  it("maps the model's owner onto a participant or drops it", () => {
    expect(matchSpeaker("ben stone", speakers)).toBe("Ben Stone");
    expect(matchSpeaker("Ben", speakers)).toBe("Ben Stone");
    expect(matchSpeaker("speaker 3", speakers)).toBe("Speaker 3");
    expect(matchSpeaker("Mr Smith", speakers)).toBeNull();
    expect(matchSpeaker(null, speakers)).toBeNull();
  });

  it("maps names, first names and short forms back to the speaker labels the transcript uses", () => {
    const participants = [
      { label: "Speaker A", name: "Benjamin Stone" },
      { label: "Speaker B", name: "Katherine Diaz" },
      { label: "Ana Reyes", name: null },
      { label: "Speaker D", name: "Robert Lee" },
    ];
    expect(matchSpeaker("Benjamin Stone", participants)).toBe("Speaker A");
    expect(matchSpeaker("Speaker A", participants)).toBe("Speaker A");
    expect(matchSpeaker("Ben", participants)).toBe("Speaker A");
    expect(matchSpeaker("Ben Stone", participants)).toBe("Speaker A");
    expect(matchSpeaker("Stone", participants)).toBe("Speaker A");
    expect(matchSpeaker("Kate", participants)).toBe("Speaker B");
    expect(matchSpeaker("Bob", participants)).toBe("Speaker D");
    expect(matchSpeaker("Ana", participants)).toBe("Ana Reyes");
    expect(matchSpeaker("Ana Reyes", participants)).toBe("Ana Reyes");
    // Not a participant, or more than one could be meant: no owner.
    expect(matchSpeaker("Speaker", participants)).toBeNull();
    expect(matchSpeaker("Carl", participants)).toBeNull();
    expect(matchSpeaker("Be", participants)).toBeNull();
  });
});

describe("resolveDue", () => {
  it("resolves spoken deadlines against the meeting date", () => {
    expect(resolveDue("by Friday", meetingDate)).toBe("2025-04-11");
    expect(resolveDue("Friday", meetingDate)).toBe("2025-04-11");
    expect(resolveDue("2025-05-02", meetingDate)).toBe("2025-05-02");
    expect(resolveDue("soon", meetingDate)).toBeNull();
    expect(resolveDue(null, meetingDate)).toBeNull();
  });
});

describe("mergeActionItems", () => {
  const notes = (actionItems: ChunkNotes["actionItems"]): ChunkNotes => ({ overview: "x", keyPoints: [], decisions: [], actionItems });
  const utterances = [
    { speaker: "Ana Reyes", start: 5, end: 9, text: "Ben, can you send the budget to finance by Friday?" },
    { speaker: "Ben Stone", start: 10, end: 12, text: "Sure, I'll send the budget to finance." },
  ];

  it("keeps each task once across overlapping chunks, with the fullest details", () => {
    const items = mergeActionItems(
      [
        { notes: notes([{ task: "send the budget to finance", owner: "Ben", due: null }]), utterances },
        {
          notes: notes([
            { task: "Send the budget to finance.", owner: null, due: "by Friday" },
            { task: "Draw one", owner: "Ana", due: null },
          ]),
          utterances,
        },
      ],
      speakers,
      meetingDate,
    );
    expect(items).toEqual([{ task: "Send the budget to finance", assignee: "Ben Stone", dueDate: "2025-04-11", sourceStart: 10 }]);
  });

  it("drops owners that are not participants", () => {
    const items = mergeActionItems(
      [{ notes: notes([{ task: "Call the venue about catering", owner: "Mr Smith", due: null }]), utterances }],
      speakers,
      meetingDate,
    );
    expect(items[0]?.assignee).toBeNull();
  });
});

describe("dedupeTexts and notesFromTexts", () => {
  it("drops near-repeats and writes the notes as structure: plain text, speaker and time, each decision once", () => {
    expect(dedupeTexts(["We chose the small venue.", "The team chose the small venue", "Budget is due Friday"])).toEqual([
      "We chose the small venue.",
      "Budget is due Friday",
    ]);
    const utterances = [
      { speaker: "Ana", start: 12, end: 20, text: "The budget for the offsite is due Friday at noon." },
      { speaker: "Ben", start: 30, end: 40, text: "Okay, we go with the small venue by the lake then." },
    ];
    const notes = notesFromTexts(
      "Planning the offsite.",
      ["- **Budget** for the offsite is due Friday", "We go with the small venue by the lake"],
      ["Decided: go with the small venue by the lake"],
      utterances,
    );
    expect(notes).toEqual({
      overview: "Planning the offsite.",
      keyPoints: [{ text: "Budget for the offsite is due Friday", speaker: "Ana", start: 12 }],
      decisions: [{ text: "go with the small venue by the lake", speaker: "Ben", start: 30 }],
    });
  });
});

describe("mergeActionItems with a part in built-in notes", () => {
  it("takes the built-in items of that part as they are and drops a model copy of the same task", () => {
    const items = mergeActionItems(
      [
        {
          notes: {
            overview: "x",
            keyPoints: [],
            decisions: [],
            actionItems: [{ task: "Send the budget to finance", owner: "Ben", due: "Friday" }],
          },
          utterances: [{ speaker: "Ben Stone", text: "I will send the budget to finance by Friday.", start: 12, end: 15 }],
        },
        {
          notes: { overview: "", keyPoints: [], decisions: [], actionItems: [] },
          utterances: [],
          drafts: [
            { task: "Send the budget to finance", assignee: "Ben Stone", dueDate: null, sourceStart: 40 },
            { task: "Book the smaller venue", assignee: "Cara Diaz", dueDate: "2025-04-15", sourceStart: 50 },
          ],
        },
      ],
      speakers,
      meetingDate,
    );
    expect(items).toEqual([
      { task: "Send the budget to finance", assignee: "Ben Stone", dueDate: "2025-04-11", sourceStart: 12 },
      { task: "Book the smaller venue", assignee: "Cara Diaz", dueDate: "2025-04-15", sourceStart: 50 },
    ]);
  });
});
