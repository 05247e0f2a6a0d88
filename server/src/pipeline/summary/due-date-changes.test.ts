// A due date changed later in the meeting: the final one wins (issue 30, third round). Sentences written for this file.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { extractActionItems } from "./actions";

const wednesday = new Date("2025-03-12T12:00:00Z");
const turns = (lines: [string, string][]): Utterance[] =>
  lines.map(([speaker, text], i) => ({ speaker, text, start: i * 10, end: i * 10 + 8 }));
const dates = (lines: [string, string][]) =>
  extractActionItems(turns(lines), wednesday, false).map((it) => [it.task, it.assignee, it.dueDate] as const);

const FILLER: [string, string][] = [
  ["Nadia Petrova", "Okay. Pricing next."],
  ["Omar Haddad", "The pricing page is fine as it is."],
];

describe("a due date changed later in the meeting", () => {
  it("takes the date offered when the owner comes back to the task and rules the first one out", () => {
    const items = dates([
      ["Omar Haddad", "I'll have the demo environment ready by Thursday."],
      ...FILLER,
      ["Omar Haddad", "Oh, one thing on the demo environment. Thursday won't work, the cluster has maintenance. Can I say Monday instead?"],
      ["Nadia Petrova", "Monday is fine."],
    ]);
    expect(items).toEqual([["Have the demo environment ready", "Omar Haddad", "2025-03-17"]]);
  });

  it("follows a thread over several turns: the task named first, the new date agreed after", () => {
    const items = dates([
      ["Omar Haddad", "I'll write the newsletter to members. I'll have it out by March fourteenth."],
      ...FILLER,
      ["Nadia Petrova", "Wait, Omar. The newsletter. The spring fair is March twentieth, do we want it landing before the fair?"],
      ["Omar Haddad", "Good point. After the fair, then?"],
      ["Nadia Petrova", "After. The twenty-fourth?"],
      ["Omar Haddad", "The twenty-fourth. Okay."],
    ]);
    expect(items).toEqual([["Write the newsletter to members", "Omar Haddad", "2025-03-24"]]);
  });

  it("knows the task by its date being refused, when the words do not name it", () => {
    const items = dates([
      ["Nadia Petrova", "I'll get eight interviewees recruited by the twentieth, through the panel agency."],
      ...FILLER,
      ["Nadia Petrova", "Okay, the agency said two weeks for specialists. So the twentieth won't work. Let's say the twenty-sixth."],
    ]);
    expect(items).toEqual([["Get eight interviewees recruited, through the panel agency", "Nadia Petrova", "2025-03-26"]]);
  });

  it("drops the date when the task is put off to a window ('can wait until next week')", () => {
    const items = dates([
      ["Omar Haddad", "I'll write the migration runbook today."],
      ...FILLER,
      ["Omar Haddad", "The runbook. I still owe the migration runbook, but that can wait now until next week."],
    ]);
    expect(items).toEqual([["Write the migration runbook", "Omar Haddad", null]]);
  });

  it("leaves the date alone when the owner takes no part in the thread", () => {
    const items = dates([
      ["Omar Haddad", "I'll have the demo environment ready by Thursday."],
      ...FILLER,
      ["Nadia Petrova", "Actually, about the demo environment, Lena. Can we do Monday instead?"],
      ["Lena Fischer", "Monday works for me."],
    ]);
    expect(items).toEqual([["Have the demo environment ready", "Omar Haddad", "2025-03-13"]]);
  });

  it("leaves the date alone when nothing asks for a change, or another thing's date is said ('I move that we postpone')", () => {
    expect(
      dates([
        ["Omar Haddad", "I'll have the demo environment ready by Thursday."],
        ...FILLER,
        ["Omar Haddad", "The demo environment is for the trial that starts on Monday."],
      ]),
    ).toEqual([["Have the demo environment ready", "Omar Haddad", "2025-03-13"]]);
    expect(
      dates([
        ["Omar Haddad", "I'll send the survey to the families by Friday."],
        ...FILLER,
        ["Omar Haddad", "I move that we postpone the families' tour decision to the April meeting on the eighth."],
      ]),
    ).toEqual([["Send the survey to the families", "Omar Haddad", "2025-03-14"]]);
  });

  it("a later bare day keeps the month of the date agreed ('the tenth' after December the tenth was agreed)", () => {
    // Said in November (round seven: the month talked about counts up to the month after the next tenth).
    const items = extractActionItems(
      turns([
        ["Nadia Petrova", "The winter concert is December seventh."],
        ["Kevin Zhao", "Then I'll send the tuition letter by the tenth."],
        ...FILLER,
        ["Nadia Petrova", "And the spring tour waits for the January meeting, January twentieth."],
        ["Nadia Petrova", "So, to recap: the tour waits for January twentieth, and Kevin sends the tuition letter by the tenth."],
      ]),
      new Date("2025-11-18T12:00:00Z"),
      false,
    );
    expect(items.map((it) => it.dueDate)).toEqual(["2025-12-10"]);
  });

  it("a date ruled out by the owner ('Not Friday.') asks for the change by itself; a date said again names the task", () => {
    expect(
      dates([
        ["Omar Haddad", "So I'll revise the checkout screens and have them done by Friday."],
        ...FILLER,
        ["Nadia Petrova", "If I'm booking the panel this week I won't start sessions till Monday anyway."],
        ["Omar Haddad", "Oh, even better, I'll have the revised screens to you first thing Monday. Not Friday."],
      ]).find(([task]) => task.startsWith("Revise"))?.[2],
    ).toBe("2025-03-17");
    expect(
      dates([
        ["Omar Haddad", "So I need to redo the consent banner for the EU. I can have it done by the twentieth."],
        ["Nadia Petrova", "The twentieth is a week before launch and I need to review it. Can you make it the seventeenth?"],
        ["Omar Haddad", "The seventeenth. Okay, it's tight but the seventeenth."],
      ]).find(([task]) => task.startsWith("Redo"))?.[2],
    ).toBe("2025-03-17");
  });

  it("a date said just after the speaker was asked for something else is that task's, not the older one's", () => {
    const items = dates([
      ["Nadia Petrova", "And I'll tell the agency we're not renewing, by March twentieth."],
      ["Omar Haddad", "Should we ask the agency for the source files before they go?"],
      ["Nadia Petrova", "Good call. Actually, Omar, can you ask them for the source files?"],
      ["Omar Haddad", "Sure. I'll ask for everything by the end of the month."],
    ]);
    expect(items.find(([task]) => task.startsWith("Tell"))?.[2]).toBe("2025-03-20");
  });

  // Fourth round (issue 30): the ways meetings nobody tuned on move or add a date.
  it("a date ruled out as 'not realistic' or 'not happening' moves the task to the date offered after", () => {
    const items = dates([
      ["Omar Haddad", "I'll send the revised contract by Friday."],
      ...FILLER,
      ["Omar Haddad", "One thing about the revised contract. Legal needs three days with it, so Friday's not realistic."],
      ["Nadia Petrova", "Wednesday?"],
      ["Omar Haddad", "Wednesday works."],
    ]);
    expect(items).toEqual([["Send the revised contract", "Omar Haddad", "2025-03-19"]]);
  });

  it("the owner who finds they are away asks for another day without saying 'actually'", () => {
    const items = dates([
      ["Omar Haddad", "I'll send you a photo of the invoice tomorrow."],
      ...FILLER,
      ["Omar Haddad", "Oh, about the photo of the invoice. I just realised I'm away tomorrow. Can I send it Monday?"],
      ["Nadia Petrova", "Monday is fine."],
    ]);
    expect(items).toEqual([["Send you a photo of the invoice", "Omar Haddad", "2025-03-17"]]);
  });

  it("the owner dates their own undated task later by naming it; someone else's remark does not", () => {
    const later = dates([
      ["Omar Haddad", "I'll pull the churn numbers from the warehouse."],
      ...FILLER,
      ...FILLER,
      ["Omar Haddad", "And I'll have the churn numbers before the review, Tuesday at the latest."],
    ]);
    expect(later.find(([task]) => task.startsWith("Pull"))?.[2]).toBe("2025-03-18");
    const remark = dates([
      ["Omar Haddad", "I'll pull the churn numbers from the warehouse."],
      ...FILLER,
      ["Nadia Petrova", "The churn numbers go to the board on Tuesday."],
    ]);
    expect(remark.find(([task]) => task.startsWith("Pull"))?.[2]).toBeNull();
  });

  it("another thing's date moving does not move a task named by a possessive ('the district's decision') or 'about'", () => {
    const items = dates([
      ["Omar Haddad", "I'll ask the district about the shade sails before the April meeting."],
      ["Nadia Petrova", "Festival next. It's the twenty-second."],
      ["Omar Haddad", "Sorry. It was the district's decision, not mine, the gym is closed that weekend."],
      ["Nadia Petrova", "We can't do it outside?"],
      ["Omar Haddad", "It rained last year."],
      ["Nadia Petrova", "What about the twenty-ninth?"],
    ]);
    expect(items.find(([task]) => task.startsWith("Ask"))?.[2]).toBe("2025-04-09");
  });

  it("a reply that opens with a date dates what was just asked, however long it goes on", () => {
    const items = dates([
      ["Nadia Petrova", "Katrin, can you send us the brand guidelines?"],
      [
        "Katrin Weber",
        "Today, I send them after this meeting. The new guidelines were decided by the board in Munich last month, the green is slightly darker now and the logo is smaller. Don't ask me why, nobody asked me.",
      ],
    ]);
    expect(items).toEqual([["Send us the brand guidelines", "Katrin Weber", "2025-03-12"]]);
    // A reply about something else's date does not.
    expect(
      dates([
        ["Nadia Petrova", "Katrin, can you send us the brand guidelines?"],
        ["Katrin Weber", "Sure. The board approved them on Monday, the green is darker now, and the printers want them soon."],
      ])[0]?.[2],
    ).toBeNull();
  });

  it("a window said for a task is its due date (none), not the date of the next sentence of the turn", () => {
    const window = dates([["Omar Haddad", "Okay, I'll finish the write-up and publish it this week. Lena moves the alert today."]]);
    expect(window.find(([task]) => task.startsWith("Finish"))?.[2]).toBeNull();
    // "…, I'll send it to Marc today": the same thing, so the same date; one item of two clauses keeps the date.
    expect(dates([["Omar Haddad", "Yeah I can pull that from the asset register, I'll send it to Marc today."]])[0]?.[2]).toBe(
      "2025-03-12",
    );
    expect(dates([["Omar Haddad", "I'll file the vendor ticket, and I'll send the summary by Friday."]])[0]?.[2]).toBe("2025-03-14");
  });

  it("one date said for several people's tasks taken earlier ('and they're due when …, so the twenty-second')", () => {
    const items = dates([
      ["Kwame Asante", "Fine, I'll take the checkout test."],
      ["Carlos Ibanez", "I'll take the idempotency test since I broke it."],
      ...FILLER,
      [
        "Nadia Petrova",
        "Let me wrap. Lena files the tickets this morning; owners are Kwame for checkout, Carlos for idempotency, and they're due when the quarantine ends, so the twenty-sixth.",
      ],
    ]);
    expect(items.filter(([, who]) => who !== "Lena").map(([, who, due]) => [who, due])).toEqual([
      ["Kwame Asante", "2025-03-26"],
      ["Carlos Ibanez", "2025-03-26"],
    ]);
    // Not a task of someone not named with it.
    const other = dates([
      ["Kwame Asante", "Fine, I'll take the checkout test."],
      ...FILLER,
      ["Nadia Petrova", "Carlos has the idempotency test and the ledger test, and they're both due Friday."],
    ]);
    expect(other.find(([, who]) => who === "Kwame Asante")?.[2]).toBeNull();
  });
});

describe("round five: a recap gives an item the date said in its own part", () => {
  const recap = (line: string, earlier: [string, string][]) =>
    dates([...earlier, ...FILLER, ["Nadia Petrova", `Okay, quick recap. ${line}`]]);

  it("keeps the item's own date when the recap's date belongs to the other work in the same line", () => {
    const items = recap("I write the incident doc for Friday at two and give Omar access to the billing dashboard.", [
      ["Omar Haddad", "I can't see the billing dashboard."],
      ["Nadia Petrova", "I'll give you access to the billing dashboard today."],
    ]);
    expect(items).toContainEqual(["Give Omar access to the billing dashboard", "Nadia Petrova", "2025-03-12"]);
  });

  it("takes the date of its own part when the line dates two pieces of work ('the summary tomorrow and the report Friday')", () => {
    const items = recap("Omar sends the short summary tomorrow and the full incident report Friday.", [
      ["Omar Haddad", "I'll have the full incident report to you by next Wednesday."],
    ]);
    expect(items).toContainEqual(["Have the full incident report to you", "Omar Haddad", "2025-03-14"]);
  });

  it("drops the date when its part names a window ('next sprint')", () => {
    const items = recap("Omar looks at the emulator images next sprint, and has the crash dashboard by the twenty-first.", [
      ["Omar Haddad", "I'll look at the emulator images by Friday."],
    ]);
    expect(items).toContainEqual(["Look at the emulator images", "Omar Haddad", null]);
  });

  it("still gives the recap's date to the item it restates, and a trailing date to the line's work (negatives)", () => {
    expect(recap("Omar sends the vendor list by Thursday.", [["Omar Haddad", "I'll send the vendor list by Friday."]])).toContainEqual([
      "Send the vendor list",
      "Omar Haddad",
      "2025-03-13",
    ]);
    expect(recap("Omar updates the vendor list, by tomorrow.", [["Omar Haddad", "I'll update the vendor list."]])).toContainEqual([
      "Update the vendor list",
      "Omar Haddad",
      "2025-03-13",
    ]);
  });
});

describe("round five: a date asked after the turn raised other work", () => {
  it("leaves the item just taken undated when the date follows 'And we need …'", () => {
    const items = dates([
      ["Omar Haddad", "I'll write the support team a short summary of the outage."],
      ["Nadia Petrova", "Perfect, thanks Omar. And we need a postmortem. Thursday?"],
    ]);
    expect(items).toContainEqual(["Write the support team a short summary of the outage", "Omar Haddad", null]);
  });

  it("still dates the item when the date is the only thing asked, or the raised work is the item's own (negatives)", () => {
    expect(
      dates([
        ["Omar Haddad", "I'll write the support team a short summary of the outage."],
        ["Nadia Petrova", "Perfect, thanks Omar. Thursday?"],
      ]),
    ).toContainEqual(["Write the support team a short summary of the outage", "Omar Haddad", "2025-03-13"]);
    expect(
      dates([
        ["Omar Haddad", "I'll write the support team a short summary of the outage."],
        ["Nadia Petrova", "We need that summary soon. Thursday?"],
      ]),
    ).toContainEqual(["Write the support team a short summary of the outage", "Omar Haddad", "2025-03-13"]);
  });
});

describe("round five: a task due before other work is due by that work's date", () => {
  it("dates 'before the RFC update' with the date of updating the RFC", () => {
    const items = dates([
      ["Omar Haddad", "I'll update the RFC by Tuesday."],
      ["Nadia Petrova", "Could you run the token expiry past security before the RFC update?"],
      ["Omar Haddad", "Yes, I'll ask them."],
    ]);
    expect(items).toContainEqual(["Update the RFC", "Omar Haddad", "2025-03-18"]);
    expect(items.find(([task]) => /expiry/i.test(task))?.[2]).toBe("2025-03-18");
  });

  it("leaves the task undated when the owner gave it a window, or no item names the event (negatives)", () => {
    const windowed = dates([
      ["Omar Haddad", "I'll run the training on the twentieth."],
      ["Nadia Petrova", "Could you talk to the dispatchers before the training?"],
      ["Omar Haddad", "Yeah. I'll talk to them this week."],
    ]);
    expect(windowed.filter(([task]) => /dispatchers|talk/i.test(task)).every(([, , d]) => d === null)).toBe(true);
    const unnamed = dates([["Omar Haddad", "I'll clean up the dashboard before the board meeting."]]);
    expect(unnamed).toEqual([["Clean up the dashboard before the board meeting", "Omar Haddad", null]]);
  });
});

describe("round five: a deadline someone else sets for my task, which I answer", () => {
  it("takes the deadline set for a later part of the task when its owner says yes to it", () => {
    const items = dates([
      ["Omar Haddad", "I'll book the venue tomorrow and send the invitations to members."],
      ["Nadia Petrova", "The invitations have to go out three weeks before. So by the twenty-first."],
      ["Omar Haddad", "Yes, by the twenty-first. I'll make sure."],
    ]);
    expect(items).toContainEqual(["Book the venue and send the invitations to members", "Omar Haddad", "2025-03-21"]);
  });

  it("keeps the date when the owner does not answer, or the deadline is set without a date (negatives)", () => {
    expect(
      dates([
        ["Omar Haddad", "I'll book the venue tomorrow and send the invitations to members."],
        ["Nadia Petrova", "The invitations have to go out three weeks before. So by the twenty-first."],
        ["Lena Park", "Sounds right."],
      ]),
    ).toContainEqual(["Book the venue and send the invitations to members", "Omar Haddad", "2025-03-13"]);
    expect(
      dates([
        ["Omar Haddad", "I'll book the venue tomorrow and send the invitations to members."],
        ["Nadia Petrova", "The invitations have to go out early."],
        ["Omar Haddad", "Yes, sure. I'll make sure, tomorrow then."],
      ]),
    ).toContainEqual(["Book the venue and send the invitations to members", "Omar Haddad", "2025-03-13"]);
  });
});

describe("round five: a recap item takes the date its owner said before", () => {
  it("dates 'Omar owns the flaky test' with the EOD Omar said when he took it", () => {
    const items = dates([
      ["Nadia Petrova", "Who can look at the flaky checkout test?"],
      ["Omar Haddad", "Then the flaky checkout test is mine. I'll try to have it green by EOD."],
      ...FILLER,
      ["Nadia Petrova", "Quick recap. Omar owns the flaky checkout test, and Lena drafts the release notes."],
    ]);
    expect(items.find(([task]) => /flaky/i.test(task))?.[2]).toBe("2025-03-12");
  });

  it("leaves it undated when the owner named no deadline, or someone else said the date (negatives)", () => {
    const noDate = dates([
      ["Omar Haddad", "Then the flaky checkout test is mine."],
      ...FILLER,
      ["Nadia Petrova", "Quick recap. Omar owns the flaky checkout test."],
    ]);
    expect(noDate.find(([task]) => /flaky/i.test(task))?.[2] ?? null).toBeNull();
    const other = dates([
      ["Omar Haddad", "Then the flaky checkout test is mine."],
      ["Lena Park", "I'll have the other flaky checkout test fixed by Friday."],
      ...FILLER,
      ["Nadia Petrova", "Quick recap. Omar owns the flaky checkout test."],
    ]);
    expect(other.find(([task, owner]) => /flaky/i.test(task) && owner === "Omar Haddad")?.[2] ?? null).toBeNull();
  });
});

describe("round seven: a change asked about the task", () => {
  it("moves no date when the 'change' of the thread is another topic's ('Then the config change process.')", () => {
    const items = dates([
      ["Omar Haddad", "We need a retry queue for the webhooks. I can build it. Maybe three days."],
      ["Nadia Petrova", "When's the spring launch? The twenty-sixth?"],
      ["Omar Haddad", "Before the twenty-sixth is fine."],
      ["Nadia Petrova", "Good. Then the config change process."],
      ["Lena Brooks", "Can I propose something? No deploys Friday afternoon to Monday."],
    ]);
    expect(items).toEqual([["Build the retry queue for the webhooks", "Omar Haddad", "2025-03-26"]]);
  });

  it("still moves it when the turn that names the task asks the change", () => {
    const items = dates([
      ["Omar Haddad", "I'll have the webhook retry queue built by the twenty-sixth."],
      ...FILLER,
      ["Nadia Petrova", "Omar, the retry queue. Can we move it earlier?"],
      ["Omar Haddad", "Sure, make it Friday."],
    ]);
    expect(items).toEqual([["Have the webhook retry queue built", "Omar Haddad", "2025-03-14"]]);
  });
});

describe("round seven: the owner's own date for their work, by a pointer", () => {
  it("dates what was just asked when the person asked answers with 'I do it today'", () => {
    const items = dates([
      ["Nadia Petrova", "Omar, could you put a hold on the two meeting rooms for the offsite?"],
      ["Omar Haddad", "I do it today, right after the call."],
    ]);
    expect(items).toEqual([["Put a hold on the two meeting rooms for the offsite", "Omar Haddad", "2025-03-12"]]);
  });

  it("takes the owner's final word on the date a few turns on ('Then Monday. I'll get it to her Monday.')", () => {
    const items = dates([
      ["Omar Haddad", "I'll write to the finance director about the vote. I'll do it by next Wednesday."],
      ["Nadia Petrova", "Their budget meeting is on Tuesday, Omar. If it's Wednesday they'll have decided without it."],
      ["Omar Haddad", "Then Monday. I'll get it to her Monday."],
    ]);
    expect(items).toEqual([["Write to the finance director about the vote", "Omar Haddad", "2025-03-17"]]);
  });

  it("leaves the date alone when the pointer is refused or names no date", () => {
    expect(
      dates([
        ["Omar Haddad", "I'll write to the finance director about the vote by Friday."],
        ["Nadia Petrova", "Good."],
        ["Omar Haddad", "I can't do it Monday, so Friday stands. I'll send it then."],
      ]),
    ).toEqual([["Write to the finance director about the vote", "Omar Haddad", "2025-03-14"]]);
  });
});

describe("round seven (decision 065): a later sentence of the turn dates the work only when it comes back to it", () => {
  it("does not give the work the date of a question that raises something else", () => {
    const items = dates([
      ["Nadia Petrova", "So the refund rule is fourteen days, no exceptions."],
      [
        "Omar Haddad",
        "Fine. I'll put the refund rule in the customer handbook. Wouldn't it be nice to run a webinar for the partners on the Friday afternoon?",
      ],
    ]);
    expect(items).toEqual([["Put the refund rule in the customer handbook", "Omar Haddad", null]]);
  });

  it("still dates the work from a short date after it, or a sentence that points back to it", () => {
    expect(dates([["Omar Haddad", "I'll put the refund rule in the customer handbook. By Friday."]])[0]?.[2]).toBe("2025-03-14");
    expect(
      dates([
        ["Omar Haddad", "I'll book the boiler engineer. I'll try to get him in by Monday, he's usually around on a Monday anyway."],
      ])[0]?.[2],
    ).toBe("2025-03-17");
  });
});
