import { describe, expect, it } from "vitest";
import type { Sentence } from "./key-points";
import { asDecision, findDecisionPoints as pointsOf, findDecisions as decisionsOf } from "./decisions";

// These tests are of the rules: the trained classifier that the engine combines with them (decision-model.test.ts)
// is left out, so that a retrained model does not move a rule's test.
const findDecisionPoints = (sentences: Sentence[], speakers: string[], max = Infinity) => pointsOf(sentences, speakers, max, null);
const findDecisions = (sentences: Sentence[], speakers: string[], max = Infinity) => decisionsOf(sentences, speakers, max, null);

/** Turns as sentences (each turn's sentences split on . ? !), as meetingSentences gives them. */
function meeting(turns: [string, string][], recapTurns: number[] = []): { sentences: Sentence[]; speakers: string[] } {
  const sentences: Sentence[] = [];
  turns.forEach(([speaker, text], turn) => {
    for (const t of text.match(/[^.?!]+[.?!]?/g) ?? [])
      sentences.push({ text: t.trim(), speaker, order: sentences.length, turn, inRecap: recapTurns.includes(turn) });
  });
  return { sentences, speakers: [...new Set(turns.map(([s]) => s))] };
}

describe("findDecisions", () => {
  it("finds a proposal the group agrees to, an explicit decision, and a proposal with 'Agreed' — not housekeeping", () => {
    const { sentences, speakers } = meeting([
      ["Kasia", "We have about ten minutes, so let's keep it tight."],
      ["Kasia", "My proposal: we go with Stripe now and revisit Adyen later. Objections?"],
      ["Rach", "None from me."],
      ["Diego", "No."],
      ["Kasia", "Okay. Let's move on. We're decided: the mobile launch moves to April second."],
      ["Rach", "I propose we drop the legacy reporting module."],
      ["Omar", "Agreed."],
    ]);
    const out = findDecisions(sentences, speakers);
    expect(out).toEqual([
      "We go with Stripe now and revisit Adyen later. (Kasia)",
      "The mobile launch moves to April second. (Kasia)",
      "We drop the legacy reporting module. (Rach)",
    ]);
  });

  it("one listener's 'Yeah.' settles nothing; two people's do, and so does one 'Sounds good'", () => {
    const { sentences, speakers } = meeting([
      ["Ana", "Let's paint the lobby grey."],
      ["Ben", "Yeah."],
      ["Ana", "Because the carpet is grey too."],
      ["Ana", "Let's order the standing desks in March."],
      ["Ben", "Yeah."],
      ["Cy", "Yep."],
      ["Ana", "Let's move the printer to the hall."],
      ["Cy", "Sounds good."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "We order the standing desks in March. (Ana)",
      "We move the printer to the hall. (Ana)",
    ]);
  });

  it("does not take a proposal someone pushes back on", () => {
    const { sentences, speakers } = meeting([
      ["Maggie", "Then let's cut the trade show entirely."],
      ["Paddy", "Hmm. Can I push back? Sales gets a third of their pipeline there."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("keeps only the final state of a reversed decision", () => {
    const { sentences, speakers } = meeting([
      ["Maggie", "Then let's cut the trade show this year."],
      ["Fatima", "Agreed."],
      ["Andre", "What if we kept it smaller?"],
      ["Maggie", "So let me revise. We don't cut the trade show, we keep it with the small booth."],
      ["Paddy", "I can live with that."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["We don't cut the trade show, we keep it with the small booth. (Maggie)"]);
  });

  it("records motions that carry and motions that fail, with the mover and the outcome", () => {
    const { sentences, speakers } = meeting([
      ["Jen", "I move that we extend the pool season to September twenty-first."],
      ["Tom", "I'll second that."],
      ["Chair", "All in favour? That's four. The motion carries."],
      ["Jen", "I move that we ban short-term rentals under thirty days."],
      ["Chair", "Is there a second?"],
      ["Howard", "I'll second for discussion."],
      ["Chair", "All in favour? One. Opposed? Three. The motion fails."],
      ["Chair", "Is there a motion to adjourn?"],
      ["Tom", "So moved."],
      ["Howard", "Second."],
      ["Chair", "Carried. Adjourned."],
    ]);
    const points = findDecisionPoints(sentences, speakers);
    expect(points.map((p) => [p.text, p.outcome, p.speaker, p.kind])).toEqual([
      ["Motion carried: Extend the pool season to September twenty-first.", "made", "Jen", "motion"],
      ["Motion failed: Ban short-term rentals under thirty days.", "failed", "Jen", "motion"],
    ]);
    expect(points[0]!.turn).toBe(0);
  });

  it("a vote the chair announces in words carries; a later recap's 'failed' is not this motion's outcome", () => {
    const { sentences, speakers } = meeting([
      ["Rob", "I move that we postpone the tour decision to the January meeting."],
      ["Maria", "Second."],
      ["Dot", "All in favour? Four. The tour is postponed to January."],
      [
        "Dot",
        "Let's vote on the motion to raise tuition. All in favour? Bob. Opposed? Trish, Maria, and I'll vote no as well. The motion fails.",
      ],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Postpone the tour decision to the January meeting.", "made"],
    ]);
  });

  it("a 'Decisions:' list gives each of its parts", () => {
    const { sentences, speakers } = meeting([
      ["Isabelle", "Okay, let me wrap. Decisions: three screens instead of five; primary buttons use the dark green."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "Three screens instead of five. (Isabelle)",
      "Primary buttons use the dark green. (Isabelle)",
    ]);
  });

  it("a short confirmation settles the sentence before it", () => {
    const { sentences, speakers } = meeting([["Chris", "Okay. So we're making an offer to Amara. Decision made."]]);
    expect(findDecisions(sentences, speakers)).toEqual(["We're making an offer to Amara. (Chris)"]);
  });

  it("a proposal nobody answered counts when the recap repeats it", () => {
    const { sentences, speakers } = meeting(
      [
        ["Maggie", "So we keep the website redesign in the budget for now."],
        ["Andre", "The forecast took me a week by hand last time."],
        ["Maggie", "Recap. The website redesign stays in the budget; Andre sends the forecast."],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual(["We keep the website redesign in the budget for now. (Maggie)"]);
  });

  it("a recap's statements are decisions, its tasks are not", () => {
    const { sentences, speakers } = meeting(
      [
        ["Megan O'Brien", "Okay, the flaky tests."],
        ["Liz Turner", "They fail every other night."],
        [
          "Megan O'Brien",
          "Let me recap. Liz quarantines the three flaky tests today. Standup stays at nine fifteen. I tell marketing today.",
        ],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual(["Standup stays at nine fifteen. (Megan O'Brien)"]);
  });

  it("lists at most `max`, the surest first, in meeting order", () => {
    const turns: [string, string][] = [];
    const items = "roof paving lighting fencing signage benches planters gates parking mailboxes playground drainage".split(" ");
    for (const item of items)
      turns.push(["A", `I move that we approve the ${item} contract for spring.`], ["B", "Second."], ["C", "Carried."]);
    turns.push(["A", "I propose we paint the clubhouse door blue."], ["B", "Sounds good."]);
    const { sentences, speakers } = meeting(turns);
    const out = findDecisionPoints(sentences, speakers, 8);
    expect(out).toHaveLength(8);
    expect(out.every((d) => d.kind === "motion")).toBe(true);
    expect(out.map((d) => d.order)).toEqual([...out.map((d) => d.order)].sort((a, b) => a - b));
  });

  it("stays linear: a meeting of 20,000 turns with proposals everywhere is read once", () => {
    const turns: [string, string][] = [];
    const word = (i: number) => `w${i.toString(36).replace(/\d/g, (d) => "abcdefghij"[+d]!)}`;
    for (let i = 0; i < 20_000; i++)
      turns.push([i % 2 ? "A" : "B", i % 3 ? "Agreed." : `Let's go with ${word(i)} ${word(i + 7)} ${word(i + 13)}.`]);
    const { sentences, speakers } = meeting(turns);
    // Counted work, not time: the same-matter check looks back at most a fixed number of kept candidates.
    expect(findDecisionPoints(sentences, speakers, 8)).toHaveLength(8);
  });
});

describe("findDecisions: decisions settled without a formula", () => {
  it("an announcement of a change is a decision; progress and housekeeping are not", () => {
    const { sentences, speakers } = meeting([
      ["Odile", "Big news first. We're closing the Lyon warehouse, in September."],
      ["Odile", "We're making good progress on hiring. We're closing the meeting now."],
      ["Bram", "We're rolling back."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "We're closing the Lyon warehouse, in September. (Odile)",
      "We're rolling back. (Bram)",
    ]);
  });

  it("'ok, we're doing X then' settles X; 'we're doing well' does not", () => {
    const { sentences, speakers } = meeting([
      ["Hugo", "Ok, we're doing the two-year contract then."],
      ["Hugo", "Honestly we're doing well this quarter."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["We're doing the two-year contract. (Hugo)"]);
  });

  it("a confirmation settles the speaker's last statement past acknowledgements and replies to one person", () => {
    const { sentences, speakers } = meeting([
      ["Wren", "Kiosk mode ships in May, the web version later. Does anyone want to argue?"],
      ["Ines", "No argument here. Poor kiosk team though."],
      ["Wren", "The kiosk team will be fine, Ines. Okay. Decided."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.speaker])).toEqual([
      ["Kiosk mode ships in May, the web version later.", "Wren"],
    ]);
  });

  it("'Done.' after someone's request and 'Agreed.' after another's idea do not settle the speaker's own earlier line", () => {
    const { sentences, speakers } = meeting([
      ["Teo", "The error budget is gone for this month."],
      ["Pia", "Please pin the old image in staging."],
      ["Teo", "Done."],
      ["Pia", "We might need a freeze until the audit, I can't tell yet."],
      ["Teo", "Agreed."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("'Postmark it is.' settles the proposal that named it, a trailing condition included", () => {
    const { sentences, speakers } = meeting([
      ["Lena", "My suggestion: we move to Postmark and look again if bounces climb. Objections?"],
      ["Ravi", "Nope."],
      ["Lena", "Postmark it is."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["My suggestion: we move to Postmark and look again if bounces climb. (Lena)"]);
  });

  it("'let's lock that' and 'that's the deal' settle what was just said", () => {
    const { sentences, speakers } = meeting([
      ["Amos", "Three years at forty per seat, increases capped at three percent. That's the deal from our side."],
      ["Cleo", "Standup moves to ten thirty from Monday. Let's lock that."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "Three years at forty per seat, increases capped at three percent. (Amos)",
      "Standup moves to ten thirty from Monday. (Cleo)",
    ]);
  });

  it("a revision replaces the earlier decision with the statement after it; a request after it is no decision", () => {
    const { sentences, speakers } = meeting([
      ["Mara", "Let's hire a freelancer for the brochure."],
      ["Jon", "Sounds good."],
      ["Mara", "Actually, scratch the freelancer. We lend one designer from growth to the brochure for a month."],
      ["Mara", "Scratch that. Nadia, can you send me the print quote?"],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["We lend one designer from growth to the brochure for a month. (Mara)"]);
  });

  it("'let's do that' takes up a proposal with its restatement, unless someone pushes back", () => {
    const { sentences, speakers } = meeting([
      ["Kofi", "We could pause the banner ads and keep the newsletter."],
      ["Sade", "Let's do that. Banner ads paused, the newsletter stays unchanged."],
      ["Kofi", "Let's do that. A pop-up on every product page."],
      ["Sade", "Can I push back? Pop-ups kill conversion."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Banner ads paused, the newsletter stays unchanged. (Sade)"]);
  });

  it("'we'll do that' followed by a new topic takes nothing up", () => {
    const { sentences, speakers } = meeting([
      ["Grad", "Maybe we should rerun the parser on the new corpus."],
      ["Prof", "We'll do that. Great. The other thing is catching up with Ellen about her schemas."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("a date fixed with 'let's do it' keeps the date", () => {
    const { sentences, speakers } = meeting([["Nell", "June third. Let's do it. Both floors evacuate before lunch."]]);
    expect(findDecisions(sentences, speakers)).toEqual(["June third, both floors evacuate before lunch. (Nell)"]);
  });

  it("unopposed: a call for objections the chair answers, 'hearing none', 'nobody objects, so that's settled'; a bare 'No,' reply is not", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Any objections to the ninth? No? The volunteer dinner is on the ninth."],
      ["Chair", "Hearing none, the reading list goes to the printer unchanged."],
      ["Gus", "Guest passes stay free for members' children."],
      ["Gus", "Nobody objects, so that's settled."],
      ["Ada", "Are the refunds lost?"],
      ["Bea", "No, the refunds are at the bank, they are just not posted."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "The volunteer dinner is on the ninth. (Chair)",
      "The reading list goes to the printer unchanged. (Chair)",
      "Guest passes stay free for members' children. (Gus)",
    ]);
  });

  it("a short choice closes a back-and-forth about an event; the same fragment about a task's due date does not", () => {
    const { sentences, speakers } = meeting([
      ["Iris", "We need a design review. Wednesday?"],
      ["Omar", "Wednesday I'm in Leeds."],
      ["Iris", "Thursday then. Thursday at eleven. I'll send the invite."],
      ["Omar", "Can I send the cost report Friday instead?"],
      ["Iris", "Friday then."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Review: Thursday at eleven. (Iris)"]);
  });

  it("'fine, ship it' grants the request just made; 'go ahead' to someone asking for the floor grants nothing", () => {
    const { sentences, speakers } = meeting([
      ["Tariq", "The fix passed staging. Can we merge the hotfix tonight?"],
      ["Lou", "Fine, ship it."],
      ["Tariq", "Can I ask about the on-call rota?"],
      ["Lou", "Go ahead."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.speaker])).toEqual([["Merge the hotfix tonight.", "Lou"]]);
  });

  it("'consensus is no' answers the question just asked; 'consensus is' with content states it", () => {
    const { sentences, speakers } = meeting([
      ["Dee", "Should we extend the spring promotion into May?"],
      ["Raj", "The margin says no."],
      ["Dee", "Consensus is no."],
      ["Dee", "On the booth, consensus is we keep the small one."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Consensus: no (Should we extend the spring promotion into May). (Dee)"]);
  });
});

describe("findDecisions: motions and recaps", () => {
  it("a vote announced as 'passes four to one' carries; a tabled motion is no decision", () => {
    const { sentences, speakers } = meeting([
      ["Ruth", "I move that we buy a second rowing machine."],
      ["Sol", "Second."],
      ["Chair", "All in favour? Four. Against? One. It passes four to one."],
      ["Ruth", "I move that we raise the annual dues by ten percent."],
      ["Sol", "Second."],
      ["Chair", "We don't have the figures. The motion is tabled until March."],
      ["Chair", "All in favour of the agenda? Carried."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Motion carried: Buy a second rowing machine. (Ruth)"]);
  });

  it("a motion made as 'I'd like to make a motion', 'Motion to …' or 'I'll move approval of …', or asked for with 'may I have a motion'", () => {
    const { sentences, speakers } = meeting([
      ["Dana", "I'd like to make a motion to adopt the revised school calendar."],
      ["Eli", "Second the motion."],
      ["Chair", "All those in favor? The motion is adopted."],
      ["Fay", "Motion to approve the consent agenda."],
      ["Eli", "Seconded by Trustee Moore."],
      ["Chair", "Any opposed? Motion approved."],
      ["Chair", "May I have a motion to accept the audit report?"],
      ["Dana", "So moved."],
      ["Eli", "Second."],
      ["Chair", "All in favor? Motion lost."],
      ["Gus", "I'll move approval of the field trip policy."],
      ["Fay", "I second."],
      ["Chair", "Show of hands. The vote fails."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Adopt the revised school calendar.", "made"],
      ["Motion carried: Approve the consent agenda.", "made"],
      ["Motion failed: Accept the audit report.", "failed"],
      ["Motion failed: Approval of the field trip policy.", "failed"],
    ]);
  });

  it("'I'll move' as a plan, and 'Motion carried' said of no motion, are no motions", () => {
    const { sentences, speakers } = meeting([
      ["Gus", "I'll move the budget review to Thursday."],
      ["Fay", "Sounds good."],
      ["Gus", "I'll move on to the next slide."],
    ]);
    expect(findDecisionPoints(sentences, speakers).every((d) => d.kind !== "motion")).toBe(true);
  });

  it("a vote stated only as a count carries when more are for, fails on a tie or fewer", () => {
    const { sentences, speakers } = meeting([
      ["Ruth", "I move that we resurface the tennis courts this summer."],
      ["Sol", "Second."],
      ["Chair", "All in favour? Raise your hands. That's five in favour and two opposed."],
      ["Chair", "Next item."],
      ["Ruth", "I move that we cancel the winter social."],
      ["Sol", "Second."],
      ["Chair", "Roll call, please. Three yes, three no."],
      ["Chair", "Moving on."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Resurface the tennis courts this summer.", "made"],
      ["Motion failed: Cancel the winter social.", "failed"],
    ]);
  });

  it("a roll call longer than the usual window still closes its motion; one that dies without a second or is withdrawn is none", () => {
    const roll: [string, string][] = [];
    for (const name of ["Adams", "Baker", "Chen", "Diaz", "Evans", "Ford", "Gray"])
      roll.push(["Clerk", `Trustee ${name}?`], [`Trustee ${name}`, name === "Ford" || name === "Gray" ? "No." : "Yes."]);
    const { sentences, speakers } = meeting([
      ["Trustee Adams", "I move that the district extend the bus contract by two years."],
      ["Trustee Baker", "Second."],
      ["Chair", "Discussion on the motion?"],
      ["Trustee Chen", "The motion ties us in while fuel prices move."],
      ["Chair", "Clerk, please call the roll."],
      ...roll,
      ["Clerk", "Five yes, two no. The motion carries."],
      ["Trustee Evans", "I move that we close the pool on Sundays."],
      ["Chair", "Is there a second? The motion dies for lack of a second."],
      ["Trustee Ford", "I move that we buy new band uniforms."],
      ["Trustee Ford", "Actually, I withdraw the motion."],
      ["Chair", "All in favour of the minutes? Carried."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: The district extend the bus contract by two years.", "made"],
    ]);
  });

  it("an amendment moved on the floor is voted first; the motion then carries or fails as amended, once; a failed amendment is listed as failed", () => {
    const { sentences, speakers } = meeting([
      ["Lee", "I move that we set the library budget at forty thousand."],
      ["Kim", "Second."],
      ["Ray", "I move to amend the motion to thirty-five thousand."],
      ["Kim", "Second."],
      ["Chair", "On the amendment. All in favour? Four. Opposed? One. The amendment carries."],
      ["Chair", "Now the motion as amended. All in favour? Five. The motion carries."],
      ["Lee", "I move that we open the library on Sundays."],
      ["Kim", "Second."],
      ["Ray", "I'd like to make a motion to amend it to the first Sunday of the month."],
      ["Chair", "All in favour of the amendment? Two. Opposed? Three. The amendment fails."],
      ["Chair", "On the motion. Those in favour? One. The motion fails."],
      ["Ana", "I move that we repaint the reading room."],
      ["Bo", "Second, if we say before September."],
      ["Ana", "I'll accept that as a friendly amendment."],
      ["Chair", "All in favour? Carried."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Set the library budget at forty thousand, as amended.", "made"],
      ["Motion failed: Open the library on Sundays.", "failed"],
      ["Motion failed: Amendment to the first Sunday of the month.", "failed"],
      ["Motion carried: Repaint the reading room, as amended.", "made"],
    ]);
  });

  it("'Unanimous.' carries; the chair's statement after it says what passed", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Can I have a motion to approve the March minutes with that correction?"],
      ["Ann", "So moved."],
      ["Bo", "Second."],
      ["Chair", "Those in favour? Unanimous. The minutes stand approved with the date corrected."],
      ["Ann", "I move that we buy a defibrillator for the clubhouse."],
      ["Bo", "Second."],
      ["Chair", "All in favour? Unanimous."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: The minutes stand approved with the date corrected.", "made"],
      ["Motion carried: Buy a defibrillator for the clubhouse.", "made"],
    ]);
  });

  it("a vote lost as 'the noes have it' or 'it doesn't pass' is recorded as failed", () => {
    const { sentences, speakers } = meeting([
      ["Ruth", "I move that we close the clubhouse on Mondays."],
      ["Sol", "Second."],
      ["Chair", "All in favour? Two. Against? Three. The noes have it."],
      ["Ruth", "I move that we sell the old launch."],
      ["Sol", "Second."],
      ["Chair", "All in favour? Two. So it doesn't pass."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion failed: Close the clubhouse on Mondays.", "failed"],
      ["Motion failed: Sell the old launch.", "failed"],
    ]);
  });

  it("a motion to postpone made on the floor dies without touching the main motion, which a roll call then carries", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Questions for staff are done. I'd entertain a motion."],
      ["Nia", "I'll move that the committee recommend the harbour ferry timetable as presented."],
      ["Omar", "Second."],
      ["Pete", "I'd like to move to postpone this until the fuel contract is signed."],
      ["Chair", "Is there a second to postpone? Hearing none, the motion to postpone fails for lack of a second. Back on the main motion."],
      ["Chair", "Clerk, call the roll."],
      ["Clerk", "Member Nia."],
      ["Nia", "Aye."],
      ["Clerk", "Member Pete."],
      ["Pete", "No."],
      ["Clerk", "Member Omar."],
      ["Omar", "Aye."],
      ["Clerk", "The motion carries two to one."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Recommend the harbour ferry timetable as presented.", "made"],
    ]);
  });

  it("a failed amendment is listed as failed, named with the motion it would change when its own words are few", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Do I have a motion?"],
      ["Ivo", "I move it. Nine hundred for new hymn books."],
      ["Ula", "Second."],
      ["Ivo", "Actually, I'd move to amend to twelve hundred."],
      ["Ula", "Second."],
      ["Chair", "On the amendment. All in favour? Two. Opposed? Most of the room. The amendment fails. Back to the motion. All in favour?"],
      ["Ula", "Unanimous, I count nine."],
      ["Chair", "Passes."],
      ["Ivo", "I move that we repaint the vestry in May."],
      ["Ula", "Second."],
      ["Ivo", "Then I'll move a second amendment. Paint it in June, after the fair."],
      ["Ula", "I'll second it."],
      ["Chair", "All in favour of the amendment? One. Against? Three. The amendment fails, one to three."],
      ["Chair", "On the motion. All in favour? Four. Carried."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Nine hundred for new hymn books.", "made"],
      ["Motion failed: Amendment to twelve hundred (amending: Nine hundred for new hymn books).", "failed"],
      ["Motion carried: Repaint the vestry in May.", "made"],
      ["Motion failed: Amendment to paint it in June, after the fair.", "failed"],
    ]);
  });

  it("a motion the chair states and counts: 'Motion one: …', answers per speaker, 'Two, three.'; a mover the chair names", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "So, motion one: extend the pilot to the north depot. In favour?"],
      ["Ada", "In favour."],
      ["Ben", "In favour."],
      ["Chair", "Against?"],
      ["Cy", "Against."],
      ["Dot", "Against."],
      ["Chair", "And I'm against too. Two, three. The pilot stays where it is."],
      ["Chair", "The motion is to buy the second forklift from Harlow for nine thousand. Ada moves. Is there a second?"],
      ["Ben", "Seconded."],
      ["Chair", "All in favour? Aye. So that's carried, four nil."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion failed: Extend the pilot to the north depot.", "failed"],
      ["Motion carried: Buy the second forklift from Harlow for nine thousand.", "made"],
    ]);
  });

  it("a call for a motion that names nothing takes the chair's words for the item; a motion to table that carries decides nothing", () => {
    const { sentences, speakers } = meeting([
      [
        "Chair",
        "Next. The lobby screen. A digital screen by the door for notices. Two thousand dollars. Somebody want to move it so we can discuss?",
      ],
      ["Gus", "I'll move it, for discussion."],
      ["Hal", "Second, but I'm a no."],
      ["Chair", "All in favour of the screen? One. Opposed? Four. Okay, that fails."],
      ["Chair", "The roof survey. I'll entertain a motion to table to March."],
      ["Gus", "Move to table to March."],
      ["Hal", "Second."],
      ["Chair", "All in favour? Tabled. Gus, please get a second quote by then."],
      ["Gus", "I'd move the call to Friday, I'm away on Thursday."],
      ["Hal", "Yes."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion failed: The lobby screen. A digital screen by the door for notices. Two thousand dollars.", "failed"],
    ]);
  });

  it("a vote told again in the recap is that vote, listed once with its outcome; a recap of something else stays", () => {
    const { sentences, speakers } = meeting(
      [
        ["Ines", "I move that we reduce the coaching budget from six thousand to four thousand next season."],
        ["Jo", "Second."],
        ["Chair", "All in favour? Two. Against? Three. The motion fails."],
        ["Ines", "Shame."],
        ["Chair", "Item two, the Friday sessions. Rosa?"],
        ["Rosa", "We keep them at six, the hall is free then."],
        [
          "Chair",
          "So to recap. Minutes approved. The coaching motion failed, I'm writing to the coaches on Monday. Friday sessions stay at six. Thanks everybody.",
        ],
      ],
      [6],
    );
    expect(findDecisionPoints(sentences, speakers).map((d) => d.text)).toEqual([
      "Motion failed: Reduce the coaching budget from six thousand to four thousand next season.",
      "Friday sessions stay at six.",
    ]);
  });

  it("a vote no one announces is decided by its answers, per speaker, when the meeting moves on (a tie fails)", () => {
    const { sentences, speakers } = meeting([
      ["Vera", "I move that we open the canteen on Saturdays."],
      ["Walt", "Second."],
      ["Chair", "All in favour?"],
      ["Vera", "Aye."],
      ["Walt", "Aye."],
      ["Chair", "Opposed?"],
      ["Xan", "No."],
      ["Chair", "Thank you. Next, the car park."],
      ["Xan", "I move that we charge staff for parking."],
      ["Vera", "Second."],
      ["Chair", "Clerk, call the roll."],
      ["Clerk", "Member Vera."],
      ["Vera", "No."],
      ["Clerk", "Member Walt."],
      ["Walt", "Yes."],
      ["Clerk", "Member Xan."],
      ["Xan", "Yes."],
      ["Clerk", "Member Yul."],
      ["Yul", "No, sorry."],
      ["Chair", "Thank you. Item four, the summer rota."],
      ["Yul", "Yes, I'll draft the summer rota by Friday."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Open the canteen on Saturdays.", "made"],
      ["Motion failed: Charge staff for parking.", "failed"],
    ]);
  });

  it("a long motion is listed up to its last clause that fits", () => {
    const { sentences, speakers } = meeting([
      [
        "Dee",
        "I move that the association levy a special assessment of nine hundred dollars per unit for the lift repairs in blocks A and B, payable in three equal installments, the first due March first and the rest in June and September.",
      ],
      ["Eli", "Second."],
      ["Chair", "All in favour? Five. Carried."],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => d.text)).toEqual([
      "Motion carried: The association levy a special assessment of nine hundred dollars per unit for the lift repairs in blocks A and B.",
    ]);
  });

  it("moving on and statements about the future are not decisions", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Are there any ministerial statements? Seeing none, we'll move on to statements by members."],
      ["Member", "Going forward, we will need more conversations about supply chains."],
      ["Member", "Going forward after the pandemic, there are a lot of things that will be changing."],
      ["Minister", "We're introducing that now so that we can see the destinations of graduates."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("a policy from now on, a plan and a 'we won't' are decisions; a plan to think about something is not", () => {
    const { sentences, speakers } = meeting([
      ["Pat", "Going forward, every release gets a written rollback plan."],
      ["Pat", "So the plan is to migrate the billing tables in two batches."],
      ["Pat", "We won't renew the print advertising contract."],
      ["Kim", "I suggest we think about a loyalty scheme."],
      ["Pat", "Sure."],
      ["Kim", "From now on I try to be on time, promise."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "Going forward, every release gets a written rollback plan. (Pat)",
      "The plan is to migrate the billing tables in two batches. (Pat)",
      "We won't renew the print advertising contract. (Pat)",
    ]);
  });

  it("hypotheticals and other people's decisions are not ours", () => {
    const { sentences, speakers } = meeting([
      ["Vic", "Hypothetically, we go with the cheaper courier next year."],
      ["Uma", "Agreed."],
      ["Vic", "The client decided to drop the loyalty app."],
      ["Uma", "Sounds good."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("a role given in a recap is a decision; a recap line restating an earlier decision confirms it, listed once", () => {
    const { sentences, speakers } = meeting(
      [
        ["Nina Park", "We stay at three days for now, and Omar runs a survey with every team first."],
        ["Omar Aziz", "I agree with that."],
        ["Nina Park", "Recap. The office stays at three days. Omar is the survey owner and sends the form today."],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual([
      "We stay at three days for now, and Omar runs a survey with every team first. (Nina Park)",
      "Omar is the survey owner. (Nina Park)",
    ]);
  });

  it("a summary near the end in other words is a recap: 'so, where we landed: …'", () => {
    const turns: [string, string][] = [];
    for (let i = 0; i < 8; i++) turns.push(["Ola Berg", `Point ${i + 1} about the venue and the catering.`]);
    turns.push([
      "Ola Berg",
      "So, where we landed: the gala moves to the river hall. Catering stays with Pomona. Ticket prices stay at forty. Ola sends the contract tomorrow.",
    ]);
    const { sentences, speakers } = meeting(turns);
    expect(findDecisions(sentences, speakers)).toEqual([
      "The gala moves to the river hall. (Ola Berg)",
      "Catering stays with Pomona. (Ola Berg)",
      "Ticket prices stay at forty. (Ola Berg)",
    ]);
  });

  it("a recap line keeps its state and leaves its tasks; lines before 'Recap' and tabled items are not decisions", () => {
    const { sentences, speakers } = meeting(
      [
        ["Nina Park", "Who wants coffee?"],
        [
          "Nina Park",
          "Don't tell the auditors I said that. Recap. The office stays at three days, I send the survey by Friday. Item two: invoices are paid on the fifteenth, Omar updates the template. Dark mode is tabled. Pricing stays.",
        ],
      ],
      [1],
    );
    expect(findDecisions(sentences, speakers)).toEqual([
      "The office stays at three days. (Nina Park)",
      "Invoices are paid on the fifteenth. (Nina Park)",
      "Pricing stays. (Nina Park)",
    ]);
  });

  it("a confirmation with a statement after it states that statement; one about what was just said confirms it", () => {
    const { sentences, speakers } = meeting([
      ["Mira", "I want it."],
      ["Joan", "Good. That's settled, you're running the warehouse pilot."],
      ["Pavel", "Fifteen percent off the June order, and we ship the spares free of charge. Fine. That's agreed, I can sign off on that."],
      ["Lena", "Thanks."],
      // Negatives: a confirmation about it with nothing settled before; housekeeping after "that's settled".
      ["Joan", "That's settled, let's move on."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "You're running the warehouse pilot. (Joan)",
      "Fifteen percent off the June order. (Pavel)",
      "We ship the spares free of charge. (Pavel)",
    ]);
  });

  it("'Yes. Decision recorded.' records the statement the other speaker just made, split where two things were settled", () => {
    const { sentences, speakers } = meeting([
      ["Ruth", "Hands up for the offer? Three of three."],
      ["Sol", "We're clear: we're hiring Dana for the analyst role, and we're not reopening the search."],
      ["Ruth", "Yes. Decision recorded."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "We're hiring Dana for the analyst role. (Sol)",
      "We're not reopening the search. (Sol)",
    ]);
  });

  it("plain assent to another's statement records nothing, and a recorded decision needs a statement, not a question", () => {
    const { sentences, speakers } = meeting([
      ["Sol", "The vendor shipped the new firmware on Monday night."],
      ["Ruth", "Yes. Agreed."],
      ["Sol", "Should we move the launch to Thursday?"],
      ["Ruth", "Yes. Decision recorded."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("an option the others converged on, closed with '…, then.', is decided under the topic that opened it", () => {
    const { sentences, speakers } = meeting([
      ["Omar", "Venue."],
      ["Lin", "I'd say the boathouse."],
      ["Ravi", "Boathouse. The hotel is too far."],
      ["Sue", "Boathouse."],
      ["Omar", "The boathouse, then."],
      // Negative: one person's echo is no convergence.
      ["Omar", "Caterer."],
      ["Lin", "Maybe Figs."],
      ["Omar", "Figs, then."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Venue: the boathouse. (Omar)"]);
  });

  it("a date offered in answer to 'when' and taken by the other side is agreed; a time for a task is not", () => {
    const { sentences, speakers } = meeting([
      ["Gil", "Training. When do you want to run it?"],
      ["Ada", "May fourth would be ideal."],
      ["Gil", "May fourth works for us."],
      // Negatives: no question when; and a date no one offered.
      ["Ada", "I'll send you the deck at three."],
      ["Gil", "Three works."],
      ["Gil", "Go-live. When do we flip it?"],
      ["Ada", "Not sure yet."],
      ["Gil", "June works for me."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Training: May fourth. (Gil)"]);
  });

  it("a recap's 'X owns / leads Y' gives a role, a decision; 'X sends Y' stays a task", () => {
    const { sentences, speakers } = meeting(
      [
        ["Tom", "Let's get going."],
        ["Felix", "Okay."],
        [
          "Tom",
          "Recap. Felix owns the billing migration, Dec pairs with him after lunch. Ana leads the vendor review. Felix sends the notes.",
        ],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual(["Felix owns the billing migration. (Tom)", "Ana leads the vendor review. (Tom)"]);
  });

  it("a motion amended before the vote carries as amended; a chair's statement of the state it left says what passed", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "Can I have a motion to approve the April accounts with that correction?"],
      ["Bo", "I'll move it."],
      ["Cy", "Seconded."],
      ["Chair", "Those in favour? That's five. The accounts stand approved with the typo corrected."],
      ["Bo", "I move that we approve the fleet budget of ninety thousand, with forty for a new van."],
      ["Cy", "Second."],
      ["Dee", "I'd like to amend it. Thirty for a used van and ten for the yard."],
      [
        "Chair",
        "The motion now reads ninety thousand, thirty for a used van and ten for the yard. Those in favour? Four. The motion passes.",
      ],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "Motion carried: The accounts stand approved with the typo corrected. (Chair)",
      "Motion carried: Ninety thousand, thirty for a used van and ten for the yard, as amended. (Bo)",
    ]);
  });

  it("'I take it back then.' revises: the short state line and the statement after it are the decision", () => {
    const { sentences, speakers } = meeting([
      ["Mo", "Let's drop the guest checkout."],
      ["Ivy", "Guest checkout is a third of our orders."],
      ["Mo", "I take it back then. Guest checkout stays. We don't force sign-up before paying."],
      // Negative: taking a remark back is no decision when nothing is stated after it.
      ["Ivy", "That was rude of me. I take that back."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["Guest checkout stays, we don't force sign-up before paying. (Mo)"]);
  });

  it("a change a manager states to the person it is about is a decision; small talk in the same shape is not", () => {
    const { sentences, speakers } = meeting([
      ["Rosa", "Okay, you're off primary on-call from next week."],
      ["Ken", "Thank you."],
      ["Rosa", "So you're taking over the billing rebuild."],
      // Negatives: no closing marker; a state that is no change; a question.
      ["Rosa", "You're leading the demo today."],
      ["Rosa", "Okay, you're on mute."],
      ["Rosa", "So you're off the hook for the audit?"],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "You're off primary on-call from next week. (Rosa)",
      "You're taking over the billing rebuild. (Rosa)",
    ]);
  });

  it("terms offered and taken by repeating their number are agreed; a report echoed, or an echo without a number, is not", () => {
    const { sentences, speakers } = meeting([
      ["Vera", "We can waive one month. Fine, I can stretch to three weeks of support hours."],
      ["Abe", "Three weeks, deal."],
      // Negatives: what someone already has; an echo with no number (backchannel).
      ["Vera", "I have ninety days of logs already."],
      ["Abe", "Ninety days, okay."],
      ["Vera", "The dashboard should not be too heavy."],
      ["Abe", "Not too heavy, okay."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["I can stretch to three weeks of support hours. (Vera)"]);
  });
});

describe("asDecision: a decision as a statement of what was decided", () => {
  it("drops how it was put and keeps every number, name and date", () => {
    expect(asDecision("My proposal: we go with Braintree now and revisit Mollie if volume triples.")).toBe(
      "We go with Braintree now and revisit Mollie if volume triples.",
    );
    expect(asDecision("My proposal is we pause the QA contractor role.")).toBe("We pause the QA contractor role.");
    expect(asDecision("I propose that we cap the renewal at four percent.")).toBe("We cap the renewal at four percent.");
    expect(asDecision("We're decided: the Lisbon offsite moves to October ninth.")).toBe("The Lisbon offsite moves to October ninth.");
    expect(asDecision("The decision is: no vendor gets customer data before a signed DPA.")).toBe(
      "No vendor gets customer data before a signed DPA.",
    );
    expect(asDecision("Okay, so we'll keep the 2 pm standup.")).toBe("We'll keep the 2 pm standup.");
    expect(asDecision("We're doing the three-year term, then.")).toBe("We're doing the three-year term.");
    expect(asDecision("Let's ship the Hanna export on May 3.")).toBe("We ship the Hanna export on May 3.");
    expect(asDecision("Let's not reopen the freight rates.")).toBe("We don't reopen the freight rates.");
  });

  it("keeps a motion's outcome, and the words as said when nothing would be left", () => {
    expect(asDecision("Motion failed: Approve a second depot in Hull for nine hundred thousand.")).toBe(
      "Motion failed: Approve a second depot in Hull for nine hundred thousand.",
    );
    expect(asDecision("Motion carried: I move that the club buy two new rowing boats.")).toBe(
      "Motion carried: The club buy two new rowing boats.",
    );
    expect(asDecision("Okay, agreed.")).toBe("Okay, agreed.");
    expect(asDecision("Agreed, Friday then.")).toBe("Agreed, Friday then.");
  });

  it("lists the statement, not the lead-in", () => {
    const { sentences, speakers } = meeting([
      ["Kit", "My proposal: we move the billing cut-over to June fourth."],
      ["Lou", "Agreed."],
      ["Max", "Sounds good."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["We move the billing cut-over to June fourth. (Kit)"]);
  });
});
