// One test per general rule of the action-item extractor, each with sentences written for this file
// (not taken from the corpus or the held-out meetings). Meeting date: Wednesday 2025-03-12.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { extractActionItems } from "./actions";
import { pointsBack } from "./task-text";

const DAY = new Date("2025-03-12T12:00:00Z"); // a Wednesday
let clock = 0;
const say = (speaker: string, text: string): Utterance => ({ speaker, start: clock++, end: clock, text });
const run = (...turns: Utterance[]) => extractActionItems(turns, DAY).map(({ task, assignee, dueDate }) => ({ task, assignee, dueDate }));
const owners = (...turns: Utterance[]) => run(...turns).map((i) => [i.assignee, i.dueDate]);

describe("commitment phrasing", () => {
  it("reads every commitment in a sentence, joining 'and I'll' and dropping 'or I'll' alternatives", () => {
    expect(run(say("Ola Berg", "Let me think it over, and I'll give you an answer by Friday."))).toEqual([
      { task: "Give you an answer", assignee: "Ola Berg", dueDate: "2025-03-14" },
    ]);
    expect(run(say("Ola Berg", "I'll patch the installer, and I'll have a build on the share by Friday."))).toEqual([
      { task: "Patch the installer and have a build on the share", assignee: "Ola Berg", dueDate: "2025-03-14" },
    ]);
    expect(run(say("Ola Berg", "i'll ring the printer tomorrow and chase them or i'll try the other shop"))).toEqual([
      { task: "Ring the printer and chase them", assignee: "Ola Berg", dueDate: "2025-03-13" },
    ]);
  });

  it("takes 'my plan is to' when nothing more concrete follows, and 'I'm going to try to'", () => {
    expect(run(say("Rhea Dunn", "My plan is to draft the grant budget and share it with finance."))).toEqual([
      { task: "Draft the grant budget and share it with finance", assignee: "Rhea Dunn", dueDate: null },
    ]);
    expect(run(say("Rhea Dunn", "My plan is to keep it simple. I'm going to try to book the hall this week."))).toEqual([
      { task: "Book the hall", assignee: "Rhea Dunn", dueDate: null },
    ]);
  });

  it("keeps one item for a follow-up that points back ('I'll send it Monday with the notes')", () => {
    expect(
      owners(say("Ivo Marsh", "I'll make sure the caterer gets the final headcount. I'll send it Monday with the seating plan.")),
    ).toEqual([["Ivo Marsh", "2025-03-17"]]);
  });
});

describe("requests and offers", () => {
  it("splits 'would you mind …ing and …ing' into two items and dates each part from the reply", () => {
    expect(
      run(
        say("Lea Hart", "Bruno, would you mind renaming the config keys and updating the migration guide?"),
        say("Bruno Diaz", "Sure. The renaming is quick, I'll do that today. The guide, probably Friday."),
      ),
    ).toEqual([
      { task: "Rename the config keys", assignee: "Bruno Diaz", dueDate: "2025-03-12" },
      { task: "Update the migration guide", assignee: "Bruno Diaz", dueDate: "2025-03-14" },
    ]);
  });

  it("reads 'it'd be great if you could' and names the person behind 'me'", () => {
    expect(
      run(say("Lea Hart", "It'd be great if you could send me the vendor list before the 20th."), say("Bruno Diaz", "Yep, no problem.")),
    ).toEqual([{ task: "Send Lea the vendor list", assignee: "Bruno Diaz", dueDate: "2025-03-20" }]);
  });

  it("gives a 'please …' to whoever says yes, and names 'it' from what was just needed", () => {
    expect(
      run(say("Lea Hart", "We still need your signed consent form. Please send it ASAP."), say("Bruno Diaz", "Of course, I'm on it.")),
    ).toEqual([{ task: "Send the signed consent form", assignee: "Bruno Diaz", dueDate: null }]);
  });

  it("turns 'Do you want me to…?' + 'Yes, please. Just …' into the offerer's task", () => {
    expect(
      run(
        say("Tomo Sato", "Do you want me to hold the booking until Monday?"),
        say("Lea Hart", "Yes, please. Just email the venue that we're still deciding."),
      ),
    ).toEqual([{ task: "Email the venue that we're still deciding", assignee: "Tomo Sato", dueDate: null }]);
  });

  it("makes an 'I could…' offer a task only where it is accepted", () => {
    const accepted = run(
      say("Tomo Sato", "I could redo the floor plan with the new stage."),
      say("Lea Hart", "Go for it. Tomorrow works."),
    );
    expect(accepted).toEqual([{ task: "Redo the floor plan with the new stage", assignee: "Tomo Sato", dueDate: "2025-03-13" }]);
    expect(
      run(say("Tomo Sato", "I could redo the floor plan with the new stage."), say("Lea Hart", "Let's not touch it for now.")),
    ).toEqual([]);
    expect(run(say("Tomo Sato", "I can call the insurer if you want."), say("Lea Hart", "Not needed, they called me."))).toEqual([]);
  });

  it("makes 'I'd have to …' a task where the next speaker says 'Do that', and nothing where nobody approves", () => {
    expect(
      run(
        say("Tomo Sato", "The caterer wants a week's notice, so I'd have to cancel the lunch order by Friday."),
        say("Lea Hart", "Do that."),
        say("Tomo Sato", "Will do."),
      ),
    ).toEqual([{ task: "Cancel the lunch order", assignee: "Tomo Sato", dueDate: "2025-03-14" }]);
    expect(run(say("Tomo Sato", "I would need to book the van for the second trip."), say("Lea Hart", "Yes, do so, please."))).toEqual([
      { task: "Book the van for the second trip", assignee: "Tomo Sato", dueDate: null },
    ]);
    // A hypothetical nobody approves, and one the reply turns down, stay out.
    expect(
      run(say("Tomo Sato", "If we moved it, I'd have to reprint the badges."), say("Lea Hart", "Right, and the hall is booked.")),
    ).toEqual([]);
    expect(run(say("Tomo Sato", "I'd need to call the venue again."), say("Lea Hart", "No, leave it, they know."))).toEqual([]);
  });

  it("treats 'I can have X ready by …' as a promise", () => {
    expect(owners(say("Tomo Sato", "I can have the slides ready by Monday."))).toEqual([["Tomo Sato", "2025-03-17"]]);
  });
});

describe("volunteers, hand-overs and assignments", () => {
  it("moves a volunteered task when the volunteer hands it over ('never mind, Kim's got it')", () => {
    expect(
      owners(
        say("Ava Stone", "Can someone phone the landlord about the heating?"),
        say("Joel Reyes", "I'll do it."),
        say("Kim Obi", "Actually, I'm seeing him tomorrow anyway. I'll take it."),
        say("Joel Reyes", "Oh, then never mind, Kim's got it."),
      ),
    ).toEqual([["Kim Obi", null]]);
  });

  it("binds a motion for 'staff' to the person the chair names", () => {
    expect(
      run(
        say("Ava Stone", "Staff is directed to return with a revised parking plan within two weeks."),
        say("Kim Obi", "Seconded."),
        say("Ava Stone", "Carried. Kim, that one's yours."),
      ),
    ).toEqual([{ task: "Return with a revised parking plan", assignee: "Kim Obi", dueDate: "2025-03-26" }]);
  });

  it("does not make a specific commitment the answer to an unrelated open need", () => {
    const items = run(say("Ava Stone", "Someone should audit the old laptops."), say("Joel Reyes", "Noted. I'll order the new monitors."));
    expect(items).toEqual([{ task: "Order the new monitors", assignee: "Joel Reyes", dueDate: null }]);
  });

  it("splits 'You …, I'll …' between the two people", () => {
    expect(
      run(
        say("Kim Obi", "Can we fix the FAQ?"),
        say("Ava Stone", "Let's both take it. You rewrite the pricing answers, I'll update the screenshots, by Friday."),
      ),
    ).toEqual([
      { task: "Rewrite the pricing answers", assignee: "Kim Obi", dueDate: "2025-03-14" },
      { task: "Update the screenshots", assignee: "Ava Stone", dueDate: "2025-03-14" },
    ]);
  });

  it("gives an unsplit 'let's both…' to the proposer once it is accepted", () => {
    expect(
      run(say("Kim Obi", "Let's both go over the applicant essays on Monday and pick a shortlist."), say("Ava Stone", "Deal.")),
    ).toEqual([{ task: "Go over the applicant essays and pick a shortlist", assignee: "Kim Obi", dueDate: "2025-03-17" }]);
  });

  it("keeps the corrected version of a self-correction and its later date", () => {
    expect(
      run(
        say(
          "Ava Stone",
          "I'll move the two spare desks to room 4. No, wait, that room is full. I'll move them to the lobby. Let me do that Friday.",
        ),
      ),
    ).toEqual([{ task: "Move the two spare desks to the lobby", assignee: "Ava Stone", dueDate: "2025-03-14" }]);
  });
});

describe("not actions", () => {
  it("skips deferred wishes, jokes, running the meeting, reported promises and sign-offs", () => {
    expect(
      run(
        say("Ava Stone", "We should migrate the wiki at some point, but not now."),
        say("Joel Reyes", "Vera, would you call the roll?"),
        // (Known limit: a joke with a real task verb, "Ha. I'll bring popcorn.", is still taken as a task.)
        say("Vera Lind", "Ha. I'll alert the press."),
        say("Joel Reyes", "I told Sam I'd cover his shift, which I regret."),
        // A thought quoted, not a commitment made now.
        say("Ava Stone", 'So last month I thought "well, I\'m gonna just look at which error codes occur in the old logs."'),
        say("Vera Lind", "Marco, can you share more details on the outage?"),
        say("Marco Ruiz", "I have to run, I'll talk to you all later."),
      ),
    ).toEqual([]);
  });
});

describe("unpunctuated captions", () => {
  it("reads lowercase addressees, run-ons, a request taken back and 'forget it, I'll…'", () => {
    expect(
      run(
        say("Nell Park", "okay so the fence is leaning again somebody should look at that at some point"),
        say("Otto Grey", "no no forget it i'll call the fence company myself it's probably under guarantee"),
        say("Nell Park", "otto can you um no i'll do it i'll pay the deposit tomorrow it has to be my card anyway"),
        say("Otto Grey", "rosa can you book the skip for next week"),
        say("Rosa Vale", "yep will do"),
      ),
    ).toEqual([
      { task: "Call the fence company", assignee: "Otto Grey", dueDate: null },
      { task: "Pay the deposit", assignee: "Nell Park", dueDate: "2025-03-13" },
      // "next week" is a window, not a deadline (decision 035).
      { task: "Book the skip", assignee: "Rosa Vale", dueDate: null },
    ]);
  });
});

describe("dates given in replies", () => {
  it("dates the last undated item from a reply shaped as a date, and 'for both of you'", () => {
    expect(
      owners(say("Ines Wolf", "Let me look into the licence renewals."), say("Paul Kerr", "Great. Would early next week work?")),
    ).toEqual([["Ines Wolf", "2025-03-17"]]);
    expect(
      owners(
        say("Paul Kerr", "Ines, could you take the March invoices?"),
        say("Ines Wolf", "Sure."),
        say("Dora Quinn", "I can do the February ones."),
        say("Paul Kerr", "Perfect. Let's say the 21st for both of you."),
      ),
    ).toEqual([
      ["Ines Wolf", "2025-03-21"],
      ["Dora Quinn", "2025-03-21"],
    ]);
  });

  it("does not take a date that answers someone else's remark", () => {
    expect(
      owners(
        say("Ines Wolf", "I'll email the school about the trip."),
        say("Paul Kerr", "The deposit is due at the end of the month."),
        say("Ines Wolf", "By the end of the month? Wow."),
      ),
    ).toEqual([["Ines Wolf", null]]);
  });

  it("resolves 'the Tuesday before' from the event date mentioned earlier", () => {
    expect(
      owners(
        say("Paul Kerr", "The fair is on the 28th. Can someone order the wristbands?"),
        say("Dora Quinn", "I'll order them."),
        say("Paul Kerr", "By the Tuesday before, please."),
      ),
    ).toEqual([["Dora Quinn", "2025-03-25"]]);
  });

  it("drops a recap line that repeats an item", () => {
    expect(
      run(
        say("Paul Kerr", "Dora, please update the volunteer rota by Friday."),
        say("Dora Quinn", "Will do."),
        say("Paul Kerr", "Okay, recap. Dora, update the rota Friday. Thanks all."),
      ),
    ).toEqual([{ task: "Update the volunteer rota", assignee: "Dora Quinn", dueDate: "2025-03-14" }]);
  });
});

// Phrasing classes met in business meetings (issue 30), each with sentences written for this file.
describe("business-meeting phrasings", () => {
  it("takes volunteering as 'that'll be me', 'that's mine', 'I can own that' and 'put me down for …'", () => {
    expect(
      owners(
        say("Lena Moss", "Someone needs to renew the parking permits before they lapse."),
        say("Raj Patel", "That'll be me. I'll have it done by Friday."),
      ),
    ).toEqual([["Raj Patel", "2025-03-14"]]);
    expect(
      run(say("Lena Moss", "Can someone update the supplier list?"), say("Raj Patel", "That's mine. I can own that, end of next week.")),
    ).toEqual([{ task: "Update the supplier list", assignee: "Raj Patel", dueDate: "2025-03-21" }]);
    expect(run(say("Raj Patel", "Put me down for the venue shortlist."), say("Lena Moss", "Great, thanks."))).toEqual([
      { task: "Do the venue shortlist", assignee: "Raj Patel", dueDate: null },
    ]);
  });

  it("dates an item from the owner's answer to 'By when?' a turn later", () => {
    expect(
      run(
        say("Raj Patel", "I'll write the intro paragraph and the FAQ answers."),
        say("Lena Moss", "By when? The printer needs it."),
        say("Raj Patel", "I'll have it to you by EOD Thursday."),
      ),
    ).toEqual([{ task: "Write the intro paragraph and the FAQ answers", assignee: "Raj Patel", dueDate: "2025-03-13" }]);
  });

  it("reads 'can you dig into that?' as asking for the need just said", () => {
    expect(
      run(
        say("Raj Patel", "Somebody has to find out whether the venue allows open flames."),
        say("Lena Moss", "Raj, can you dig into that?"),
        say("Raj Patel", "Yep, on it. I'll have an answer by Friday."),
      ),
    ).toEqual([{ task: "Find out whether the venue allows open flames", assignee: "Raj Patel", dueDate: "2025-03-14" }]);
    // "Go through them" is work on things said before, not a pointer to a request.
    expect(pointsBack("Dig into that")).toBe(true);
    expect(pointsBack("Follow up on it")).toBe(true);
    expect(pointsBack("Go through them")).toBe(false);
  });

  it("takes the reply's words for what a request's 'it' was, and one item for a task said again in fuller words", () => {
    expect(
      run(
        say("Raj Patel", "I'll send over the floor plan."),
        say("Lena Moss", "Can you send it to Tom as well?"),
        say("Raj Patel", "Of course. I'll send the floor plan to you and Tom by Friday."),
      ),
    ).toEqual([{ task: "Send the floor plan to Lena and Tom", assignee: "Raj Patel", dueDate: "2025-03-14" }]);
  });

  it("moves a date the owner changes when asked ('Could you do it sooner?' — 'Then first thing tomorrow.')", () => {
    expect(
      owners(
        say("Raj Patel", "I'll send the signed quote EOD Friday."),
        say("Lena Moss", "Could you do it sooner? Our board meets Friday."),
        say("Raj Patel", "Oh. Then first thing tomorrow."),
      ),
    ).toEqual([["Raj Patel", "2025-03-13"]]);
  });

  it("takes a date said as a fragment just before the commitment ('Monday then. I'll book the van.')", () => {
    expect(run(say("Raj Patel", "Monday then. I'll book the van for the move."))).toEqual([
      { task: "Book the van for the move", assignee: "Raj Patel", dueDate: "2025-03-17" },
    ]);
  });

  it("leaves out requests done on the spot ('Looking.', 'Sharing.', 'Posting now.')", () => {
    expect(
      run(say("Lena Moss", "Raj, can you pull the error graph for the last hour?"), say("Raj Patel", "Yeah, pulling it now.")),
    ).toEqual([]);
    expect(
      run(say("Raj Patel", "Should I post in the outage channel?"), say("Lena Moss", "Yes please."), say("Raj Patel", "Posting now.")),
    ).toEqual([]);
    expect(run(say("Lena Moss", "Raj, clear the dead-letter queue."), say("Raj Patel", "Done."))).toEqual([]);
    // A yes is a task for later.
    expect(owners(say("Lena Moss", "Raj, can you clear the dead-letter queue tonight?"), say("Raj Patel", "Sure."))).toEqual([
      ["Raj Patel", "2025-03-12"],
    ]);
  });

  it("reads a recap line that gives one person several tasks with their own dates", () => {
    expect(
      run(
        say(
          "Lena Moss",
          "Okay, recap. Raj orders the banners by Friday and checks the venue wifi on Monday, and Tom books the caterer tomorrow.",
        ),
        say("Raj Patel", "Yes."),
        say("Tom Hale", "Yep."),
      ),
    ).toEqual([
      { task: "Order the banners", assignee: "Raj Patel", dueDate: "2025-03-14" },
      { task: "Check the venue wifi", assignee: "Raj Patel", dueDate: "2025-03-17" },
      { task: "Book the caterer", assignee: "Tom Hale", dueDate: "2025-03-13" },
    ]);
  });

  it("splits a recap at ', <Name> <verb>s' and after 'I …' at '… and <verb>'", () => {
    expect(
      run(
        say(
          "Lena Moss",
          "Quick recap. Raj owns the banners, Tom prints the programmes tomorrow. I book the caterer and send the floor plan by Friday.",
        ),
        say("Raj Patel", "Yes."),
        say("Tom Hale", "Yep."),
      ),
    ).toEqual([
      { task: "Own the banners", assignee: "Raj Patel", dueDate: null },
      { task: "Print the programmes", assignee: "Tom Hale", dueDate: "2025-03-13" },
      { task: "Book the caterer", assignee: "Lena Moss", dueDate: null },
      { task: "Send the floor plan", assignee: "Lena Moss", dueDate: "2025-03-14" },
    ]);
  });

  it("leaves out a standup's status ('Yesterday I … Today I'm going to …'), not a plain 'today I'll …'", () => {
    expect(
      run(say("Raj Patel", "Yesterday I finished the invoice export. Today I'm going to pick up the refunds ticket. No blockers.")),
    ).toEqual([]);
    expect(owners(say("Raj Patel", "Today I'll send the refunds report to finance."))).toEqual([["Raj Patel", "2025-03-12"]]);
  });

  it("reads the verbs of briefing and incident work ('brief Marco', 'chase legal on that')", () => {
    expect(owners(say("Lena Moss", "Raj, can you brief Marco?"), say("Raj Patel", "Yep, on it. Tomorrow morning."))).toEqual([
      ["Raj Patel", "2025-03-13"],
    ]);
    expect(run(say("Lena Moss", "Raj, can you chase legal on that?"), say("Raj Patel", "Sure."))).toEqual([
      { task: "Chase legal", assignee: "Raj Patel", dueDate: null },
    ]);
    // Fillers are whole words: "er" is no filler inside "error", nor "um" inside "umbrella".
    expect(run(say("Lena Moss", "Raj, can you check the error budget for the umbrella account?"), say("Raj Patel", "Sure."))).toEqual([
      { task: "Check the error budget for the umbrella account", assignee: "Raj Patel", dueDate: null },
    ]);
  });

  it("takes 'put me down for …' as the item only when nothing more concrete follows in the turn", () => {
    expect(run(say("Raj Patel", "Put me down for the raffle. I'll print the tickets and sell them at the gate."))).toEqual([
      { task: "Print the tickets and sell them at the gate", assignee: "Raj Patel", dueDate: null },
    ]);
  });

  it("reads 'I need to …' as the speaker's task, dated by what follows in the turn", () => {
    expect(run(say("Raj Patel", "So I need to redo the seating plan for the gala. I can have it done by the tenth."))).toEqual([
      { task: "Redo the seating plan for the gala", assignee: "Raj Patel", dueDate: "2025-04-10" },
    ]);
  });

  it("reads 'Who writes up …?' as an open need a volunteer takes ('I'll do that')", () => {
    expect(
      run(
        say("Tom Hale", "One more. Who writes up the venue decision for the trustees?"),
        say("Lena Moss", "I'll do that. End of the month is fine."),
      ),
    ).toEqual([{ task: "Write up the venue decision for the trustees", assignee: "Lena Moss", dueDate: "2025-03-31" }]);
    // Questions about who is responsible, or how to split the work, are not needs.
    expect(
      run(say("Tom Hale", "Who owns the booking system?"), say("Lena Moss", "I'll take it. I'll check the licence tomorrow.")),
    ).toEqual([{ task: "Check the licence", assignee: "Lena Moss", dueDate: "2025-03-13" }]);
    expect(run(say("Tom Hale", "Who takes what?"), say("Lena Moss", "I'll take the catering."))).toEqual([
      { task: "Take the catering", assignee: "Lena Moss", dueDate: null },
    ]);
  });

  it("reads 'maybe you could …' as a request, and 'I can sort that' as taking it on", () => {
    expect(
      owners(
        say("Lena Moss", "So maybe you could call the two sponsors before the launch?"),
        say("Raj Patel", "Yeah. I'll call them tomorrow."),
      ),
    ).toEqual([["Raj Patel", "2025-03-13"]]);
    expect(
      run(
        say("Tom Hale", "I can't open the shared budget folder."),
        say("Lena Moss", "I can sort that, I'm an admin. I'll give you access after this."),
      ),
    ).toEqual([{ task: "Give Tom access", assignee: "Lena Moss", dueDate: "2025-03-12" }]);
  });

  it("keeps a count after 'you' a count ('get you two quotes' is Tom's two quotes)", () => {
    expect(
      run(
        say("Tom Hale", "We still have no van for the move."),
        say("Raj Patel", "Tom, I can get you two quotes for the van."),
        say("Tom Hale", "Oh, that would be great."),
      ),
    ).toEqual([{ task: "Get Tom two quotes for the van", assignee: "Raj Patel", dueDate: null }]);
  });

  it("does not date an item from a reply that rules a date out ('So June fourth is dead.')", () => {
    expect(
      owners(
        say("Raj Patel", "I'll call the caterer, I'll do it this week."),
        say("Tom Hale", "The hall is closed the first week of June."),
        say("Raj Patel", "Oh no. So June fourth is dead."),
      ),
    ).toEqual([["Raj Patel", null]]);
  });

  it("keeps 'talk to <someone>' as work after the meeting ('talk about …' stays talk in the meeting)", () => {
    expect(run(say("Lena Moss", "Okay, senior. I'll talk to the recruiter about the offer range tomorrow."))).toEqual([
      { task: "Talk to the recruiter about the offer range", assignee: "Lena Moss", dueDate: "2025-03-13" },
    ]);
    expect(run(say("Lena Moss", "I'll talk about the offer range for a minute."))).toEqual([]);
  });

  it("ends a task where a condition begins ('review it, and if it's wrong, …')", () => {
    expect(run(say("Lena Moss", "I'll proofread the leaflet, and if it's wrong, you fix it."))).toEqual([
      { task: "Proofread the leaflet", assignee: "Lena Moss", dueDate: null },
    ]);
  });

  it("reads 'action on me to …' as the speaker's task and 'action on Tom to …' as a request Tom answers", () => {
    expect(run(say("Lena Moss", "And, um, action on me to tell the landlord before Friday."))).toEqual([
      { task: "Tell the landlord", assignee: "Lena Moss", dueDate: "2025-03-14" },
    ]);
    expect(run(say("Lena Moss", "Okay, action on Tom to send the floor plan to the caterer."), say("Tom Hale", "Yep. By Monday."))).toEqual(
      [{ task: "Send the floor plan to the caterer", assignee: "Tom Hale", dueDate: "2025-03-17" }],
    );
  });

  it("leaves out running the meeting and passive 'I'll get asked'", () => {
    expect(run(say("Lena Moss", "We have forty minutes, so I'll keep everyone to time. I'll go fast."))).toEqual([]);
    expect(run(say("Lena Moss", "Let me recap what we promised, because I'll get asked."))).toEqual([]);
    expect(run(say("Lena Moss", "Raj, can you read back the actions?"), say("Raj Patel", "Sure."))).toEqual([]);
  });
});

describe("third round: arrangements and taking on what was asked", () => {
  it("'I'm <doing> … <a time ahead>' is a commitment; the progressive without one, or of going, is not", () => {
    expect(run(say("Ola Berg", "I'm calling the landlord tomorrow about the lease."))).toEqual([
      { task: "Call the landlord about the lease", assignee: "Ola Berg", dueDate: "2025-03-13" },
    ]);
    expect(run(say("Ola Berg", "The two applicants, I'm interviewing both of them next week."))).toEqual([
      { task: "Interview both of them", assignee: "Ola Berg", dueDate: null },
    ]);
    // Doing it now, travelling, and reporting what one is doing: no items.
    expect(run(say("Ola Berg", "I'm writing the status update as we speak."))).toEqual([]);
    expect(run(say("Ola Berg", "I'm going to the dentist tomorrow, so I'm out in the morning."))).toEqual([]);
    expect(run(say("Ola Berg", "I was calling the landlord yesterday about the lease."))).toEqual([]);
  });

  it("'I'll do it with …' takes the open need or the request it answers", () => {
    expect(
      run(
        say("Tess Moran", "Half the customers will have noticed. Can someone let the account managers know?"),
        say("Ivo Lind", "I'll do it with the weekly update."),
      ),
    ).toEqual([{ task: "Let the account managers know", assignee: "Ivo Lind", dueDate: null }]);
    expect(
      run(say("Tess Moran", "Ivo, can you book the venue for the offsite?"), say("Ivo Lind", "I can take that one after lunch.")),
    ).toEqual([{ task: "Book the venue for the offsite", assignee: "Ivo Lind", dueDate: null }]);
    // Taking something somewhere is other work than the request.
    expect(
      run(say("Tess Moran", "Ivo, can you book the venue for the offsite?"), say("Ivo Lind", "Sure. I'll take it to the committee too.")),
    ).toEqual([{ task: "Book the venue for the offsite", assignee: "Ivo Lind", dueDate: null }]);
  });
});

describe("third round: a topic said before 'it'", () => {
  it("'The licence renewal. I'll check it.' checks the licence renewal; a date said alone or a sentence with a verb names nothing", () => {
    expect(run(say("Ola Berg", "Just, um, the licence renewal for the studio. I'll check it, but that's a small thing."))).toEqual([
      { task: "Check the licence renewal for the studio", assignee: "Ola Berg", dueDate: null },
    ]);
    expect(run(say("Ola Berg", "The spare keys, I'll post them tomorrow."))).toEqual([
      { task: "Post the spare keys", assignee: "Ola Berg", dueDate: "2025-03-13" },
    ]);
    expect(run(say("Ola Berg", "The twentieth then. I'll check it."))).toEqual([]);
    expect(run(say("Ola Berg", "The studio is booked. I'll check it."))).toEqual([]);
  });
});

describe("third round: deciding is no task", () => {
  it("'I'll make the call: …' decides; 'I'll make the call to the landlord' is work", () => {
    expect(run(say("Ola Berg", "I'll make the call: we go with the smaller venue."))).toEqual([]);
    expect(run(say("Ola Berg", "I'll make the call to the landlord tomorrow."))).toEqual([
      { task: "Make the call to the landlord", assignee: "Ola Berg", dueDate: "2025-03-13" },
    ]);
  });
});

describe("round five: work no rule proposed before (decision 048)", () => {
  it("a bare present tense with a time ahead promises work; a habit, a question, a time clause or a thought does not", () => {
    expect(run(say("Ola Berg", "Okay. I ring the glaziers tomorrow, both of them."))).toEqual([
      { task: "Ring the glaziers, both of them", assignee: "Ola Berg", dueDate: "2025-03-13" },
    ]);
    expect(run(say("Ola Berg", "Fine, she has the keys. I tell her today to leave them at reception."))).toEqual([
      { task: "Tell her to leave them at reception", assignee: "Ola Berg", dueDate: "2025-03-12" },
    ]);
    // A recap's "I …, Name does …": my part ends where the other person's starts.
    expect(run(say("Ola Berg", "So. I book the van by Friday, Ivo does the packing."))[0]).toEqual({
      task: "Book the van",
      assignee: "Ola Berg",
      dueDate: "2025-03-14",
    });
    expect(run(say("Ola Berg", "I ring the glaziers every Monday anyway."))).toEqual([]);
    expect(run(say("Ola Berg", "Do I ring the glaziers tomorrow?"))).toEqual([]);
    expect(run(say("Ola Berg", "When I ring the glaziers tomorrow, they will ask for the size."))).toEqual([]);
    expect(run(say("Ola Berg", "I think the first thing we do tomorrow is the survey."))).toEqual([]);
    expect(run(say("Ola Berg", "I tell you, today was a long one."))).toEqual([]);
  });

  it("a plain 'I can <work>' not hedged, not turned down and not taken back is taken on", () => {
    expect(run(say("Carl Imre", "I can draft the floor plan. It's an hour."), say("Mina Oster", "Great."))).toEqual([
      { task: "Draft the floor plan", assignee: "Carl Imre", dueDate: null },
    ]);
    expect(run(say("Carl Imre", "I can draft the floor plan."), say("Mina Oster", "Put the fire exits on it, please."))).toEqual([
      { task: "Draft the floor plan", assignee: "Carl Imre", dueDate: null },
    ]);
    // Turned down or taken by someone else, hedged, waiting for a yes, taken back, a relative clause, done now.
    expect(run(say("Carl Imre", "I can draft the floor plan."), say("Mina Oster", "No, leave it, the architect sends one."))).toEqual([]);
    expect(
      run(say("Carl Imre", "I can draft the floor plan."), say("Mina Oster", "Actually, I'll do it, I have the sizes.")).filter(
        (x) => x.assignee === "Carl Imre",
      ),
    ).toEqual([]);
    expect(run(say("Carl Imre", "I can maybe draft the floor plan."))).toEqual([]);
    expect(run(say("Carl Imre", "I can draft the floor plan if you want."))).toEqual([]);
    expect(run(say("Carl Imre", "I can draft the floor plan. Actually, ask the architect, she has it."))).toEqual([]);
    expect(run(say("Carl Imre", "Eight is more than I can take back to the board."))).toEqual([]);
    expect(run(say("Carl Imre", "I can approve the discount on this call."))).toEqual([]);
    expect(run(say("Carl Imre", "I can see the problem with the floor plan."))).toEqual([]);
    expect(run(say("Carl Imre", "That job can take forever. I can take forever with these."))).toEqual([]);
  });

  it("what the speaker wants from the person addressed is that person's work when dated or accepted", () => {
    expect(
      run(
        say("Ravi Sen", "It is close."),
        say("Nadia Roe", "Good. Ravi, I'd like a firm launch date for the portal by Friday, not a guess."),
      ),
    ).toEqual([{ task: "Get Nadia a firm launch date for the portal", assignee: "Ravi Sen", dueDate: "2025-03-14" }]);
    expect(
      run(
        say("Dev Rana", "And from my side, Phil, I'll need admin on the old website, the analytics and the registrar."),
        say("Phil Dunn", "Sure, I'll sort that out."),
      ),
    ).toEqual([{ task: "Get Dev admin on the old website", assignee: "Phil Dunn", dueDate: null }]);
    // A wish of one's own, a moment, undated and unanswered, turned down, a third party, a hedge.
    expect(run(say("Nadia Roe", "Ravi, I'd like to add one thing about the portal."))).toEqual([]);
    expect(run(say("Nadia Roe", "Ravi, I need a minute before we go on."))).toEqual([]);
    expect(run(say("Nadia Roe", "Ravi, I want the blue banner on the portal."), say("Ravi Sen", "Hmm, the red one is nicer."))).toEqual([]);
    expect(run(say("Nadia Roe", "Ravi, I need the numbers by Friday."), say("Ravi Sen", "No, I can't, I'm out all week."))).toEqual([]);
    expect(run(say("Nadia Roe", "Ravi, I need finance to sign off the numbers by Friday."))).toEqual([]);
    expect(run(say("Nadia Roe", "Ravi, ideally I'd want the numbers by Friday."))).toEqual([]);
  });

  it("a person of the meeting named with what they do, in the present, with a time ahead or their yes, is an arrangement", () => {
    expect(
      run(say("Nils Holm", "The filter is clogged."), say("Gerd Falk", "Run it slow for now, and Nils replaces the filter tomorrow.")),
    ).toEqual([{ task: "Replace the filter", assignee: "Nils Holm", dueDate: "2025-03-13" }]);
    expect(run(say("Gerd Falk", "So Maddie books the venue for the offsite?"), say("Maddie Cho", "Yep, on it."))).toEqual([
      { task: "Book the venue for the offsite", assignee: "Maddie Cho", dueDate: null },
    ]);
    // A habit, a condition, going somewhere, no time and no yes, and a restatement of what they took on.
    expect(run(say("Nils Holm", "Hi."), say("Gerd Falk", "Nils replaces the filter every Monday."))).toEqual([]);
    expect(run(say("Nils Holm", "Hi."), say("Gerd Falk", "If Nils replaces the filter tomorrow, we are fine."))).toEqual([]);
    expect(run(say("Nils Holm", "Hi."), say("Gerd Falk", "Nils goes home tomorrow, he is ill."))).toEqual([]);
    expect(run(say("Nils Holm", "Hi."), say("Gerd Falk", "Nils replaces the filter, that is the rule."))).toEqual([]);
    expect(
      run(
        say("Nils Holm", "I'll replace the filter tomorrow."),
        say("Gerd Falk", "Good. So Nils replaces the filter tomorrow and we run slow."),
      ),
    ).toEqual([{ task: "Replace the filter", assignee: "Nils Holm", dueDate: "2025-03-13" }]);
  });
});

describe("round five: short acceptances of a need said before (decision 053)", () => {
  it("gives the need's task to whoever says 'on it', 'will do' or 'can do' next, with a date from either turn", () => {
    expect(run(say("Ines Roy", "Someone has to call the landlord about the leak."), say("Paul Kerr", "Yep, on it."))).toEqual([
      { task: "Call the landlord about the leak", assignee: "Paul Kerr", dueDate: null },
    ]);
    expect(run(say("Ines Roy", "And somebody book the minibus for the away game by Friday."), say("Paul Kerr", "Sure, will do."))).toEqual([
      { task: "Book the minibus for the away game", assignee: "Paul Kerr", dueDate: "2025-03-14" },
    ]);
    expect(run(say("Ines Roy", "Somebody send the seating plan to the caterer."), say("Paul Kerr", "Can do."))).toEqual([
      { task: "Send the seating plan to the caterer", assignee: "Paul Kerr", dueDate: null },
    ]);
  });

  it("gives nothing for a backchannel, a question for information, or a second taker", () => {
    // "Sure" alone, in the middle of someone's point, takes nothing on.
    expect(
      run(
        say("Ines Roy", "Someone has to call the landlord at some point, but first the audit."),
        say("Paul Kerr", "Sure."),
        say("Ines Roy", "The audit is on the twentieth."),
      ),
    ).toEqual([]);
    // Asking whether something is so is no task to accept.
    expect(run(say("Ines Roy", "Did somebody email the caterer yet?"), say("Paul Kerr", "On it."))).toEqual([]);
    expect(run(say("Ines Roy", "Somebody told me the landlord called."), say("Paul Kerr", "Will do."))).toEqual([]);
    // The first to accept owns it.
    expect(
      run(say("Ines Roy", "Someone has to call the landlord about the leak."), say("Paul Kerr", "On it."), say("Dana Wu", "Will do.")).map(
        (i) => i.assignee,
      ),
    ).toEqual(["Paul Kerr"]);
  });

  it("makes an imperative to nobody by name the work of whoever takes it on next, in the imperative's words", () => {
    expect(run(say("Ines Roy", "Okay. Call the vendor about the refund."), say("Paul Kerr", "I'll call them today."))).toEqual([
      { task: "Call the vendor about the refund", assignee: "Paul Kerr", dueDate: "2025-03-12" },
    ]);
    expect(run(say("Ines Roy", "Book the room for the offsite."), say("Paul Kerr", "Will do."))).toEqual([
      { task: "Book the room for the offsite", assignee: "Paul Kerr", dueDate: null },
    ]);
  });

  it("leaves an imperative alone when the reply nods, says its own work, or the work waits on an 'if'", () => {
    expect(run(say("Ines Roy", "Book the room for the offsite."), say("Paul Kerr", "Yeah."))).toEqual([]);
    // A date asked of someone else in the accepting turn is theirs, not the acceptor's.
    expect(
      run(
        say("Ines Roy", "Book the room for the offsite."),
        say("Paul Kerr", "Will do. And, Ines, could you send me the guest list by Friday?"),
      ).find((i) => i.assignee === "Paul Kerr"),
    ).toEqual({ task: "Book the room for the offsite", assignee: "Paul Kerr", dueDate: null });
    expect(
      run(
        say("Ines Roy", "Loop in the fraud team when it's ready."),
        say("Paul Kerr", "Will do. I'll send the wording to Harriet with the revision."),
      ),
    ).toEqual([{ task: "Send the wording to Harriet with the revision", assignee: "Paul Kerr", dueDate: null }]);
    expect(run(say("Ines Roy", "And if they need a signature, that's me. Send it to me."), say("Paul Kerr", "Will do."))).toEqual([]);
  });
});
