// Task wording (task-text.ts): a spoken clause as the task a note-taker writes — padding out, a pointer ("it",
// "them", "one") or a bare "find out" filled in from the turns before, never words nobody said. Sentences written for
// these tests; context is nearest first, as the rules pass it.
import { describe, expect, it } from "vitest";
import { extractActionItems } from "./actions";
import { cleanTask, fullerName, resolvePronounObject } from "./task-text";

describe("cleanTask: the task without the padding around it", () => {
  it("drops a hedge set off by commas, keeping the verb, object and recipient", () => {
    expect(cleanTask("send them, I guess, the revised quote")).toBe("Send them the revised quote");
    expect(cleanTask("go ahead and send the, the revised quote, since they asked")).toBe("Send the, the revised quote");
  });

  it("ends the task where a new clause with its own subject starts after a comma", () => {
    expect(cleanTask("talk to Gareth this week and tell him myself, it shouldn't come from you")).toBe("Talk to Gareth and tell him");
    expect(cleanTask("email the landlord, she needs it in writing")).toBe("Email the landlord");
    expect(cleanTask("book the van, they're cheaper on weekdays")).toBe("Book the van");
  });

  it("ends the task at a result or purpose after a comma", () => {
    expect(cleanTask("put together a template for the written update, so everybody's doing the same three lines")).toBe(
      "Put together a template for the written update",
    );
    expect(cleanTask("record the votes by name, so please say them out loud")).toBe("Record the votes by name");
  });

  it("ends the task at a purpose with a subject of its own, without a comma", () => {
    // Before: the due words and "on it" were cut from inside the purpose, leaving "…so the window is".
    expect(cleanTask("update the change calendar today so the Sunday window is on it")).toBe("Update the change calendar");
    expect(cleanTask("send the seating plan so everyone knows where to sit")).toBe("Send the seating plan");
    // "so" that is not a purpose stays: "so many", "so far".
    expect(cleanTask("check why there are so many refunds")).toBe("Check why there are so many refunds");
  });

  it("drops a self-correction of the thing named and asides of time", () => {
    expect(cleanTask("give you an estimate, a real one, for the plan")).toBe("Give you an estimate for the plan");
    expect(cleanTask("chase the twenty-three in the meantime")).toBe("Chase the twenty-three");
    expect(cleanTask("have the promo numbers before that, at the latest")).toBe("Have the promo numbers");
  });

  it("drops what is left of a date once its day is cut", () => {
    expect(cleanTask("get me those by, um, Wednesday")).toBe("Get me those");
  });

  it("keeps what is part of the task", () => {
    // A list is no new clause; "so" inside a word or without a comma is no result clause.
    expect(cleanTask("book the room, the projector and the catering")).toBe("Book the room, the projector and the catering");
    expect(cleanTask("tell the drivers that the depot moves")).toBe("Tell the drivers that the depot moves");
    expect(cleanTask("send the so-called final draft to Ravi")).toBe("Send the so-called final draft to Ravi");
    // "by" with what it is by stays; "I think" that is not set off by commas still ends the task as before.
    expect(cleanTask("sort the returns by region")).toBe("Sort the returns by region");
    expect(cleanTask("an estimate, a real one")).toBe("An estimate, a real one");
  });
});

describe("resolvePronounObject: a pointer takes what the talk just named", () => {
  it("a topic said on its own, whole or before its comma", () => {
    expect(resolvePronounObject("Check it", ["The quarterly invoices, um."])).toBe("Check the quarterly invoices");
    expect(resolvePronounObject("Send it to Priya", ["", "Also, the onboarding checklist, for the new hires, so nobody forgets."])).toBe(
      "Send the onboarding checklist to Priya",
    );
    expect(resolvePronounObject("Raise that with Omar", ["The overtime thing.", "One more for today."])).toBe(
      "Raise the overtime thing with Omar",
    );
  });

  it("a plural pointer takes the nearest plural thing, after a verb or a preposition", () => {
    expect(resolvePronounObject("Put due dates on them", ["One per client, and", "I can draft the contracts."])).toBe(
      "Put due dates on the contracts",
    );
    expect(resolvePronounObject("Tell them at the briefing", ["Sure.", "They'll ask, people always do.", "The drivers will notice."])).toBe(
      "Tell the drivers at the briefing",
    );
  });

  it("the thing a problem was just stated about", () => {
    expect(resolvePronounObject("Fix it", ["The export is broken for EU customers again."])).toBe("Fix the export");
    expect(resolvePronounObject("Look into it", ["Our staging build keeps failing on Mondays."])).toBe("Look into the staging build");
    // Not a person's trouble, and not "it" for a plural thing.
    expect(resolvePronounObject("Fix it", ["I was late again."])).toBe("Fix it");
    expect(resolvePronounObject("Fix it", ["The invoices are wrong."])).toBe("Fix it");
  });

  it('"chase them" may be things as well as people', () => {
    expect(resolvePronounObject("Chase them", ["We still don't have the floor plans from the architect."])).toBe("Chase the floor plans");
  });

  it("what was needed, with what it is for, for a name's pointer", () => {
    expect(resolvePronounObject("Get Marta those", ["I'll need the venue quotes for both dates to finish the budget."])).toBe(
      "Get Marta the venue quotes for both dates",
    );
  });

  it('"one" takes what a question asked about', () => {
    expect(resolvePronounObject("Write one before the audit", ["No.", "Is there a checklist for the store closing?"])).toBe(
      "Write a checklist for the store closing before the audit",
    );
  });

  it("leaves a pointer that is the work itself, a determiner, or nothing named", () => {
    // An acceptance or a delivery: the request names the work.
    expect(resolvePronounObject("Do it", ["We need the deck."])).toBe("Do it");
    expect(resolvePronounObject("Get it to Sam", ["We need the deck."])).toBe("Get it to Sam");
    expect(resolvePronounObject("Take that up with Priscilla", ["The capacity thing."])).toBe("Take that up with Priscilla");
    // "that change" is a thing named already.
    expect(resolvePronounObject("Make that change", ["The banner is wrong."])).toBe("Make that change");
    // Nothing plural named; a sentence, not a topic; a topic that points elsewhere.
    expect(resolvePronounObject("Put labels on them", ["It's fine.", "Nobody asked."])).toBe("Put labels on them");
    expect(resolvePronounObject("Announce it", ["The motion carries unanimously."])).toBe("Announce it");
    expect(resolvePronounObject("Send it over", ["The vaccination ones especially."])).toBe("Send it over");
    // "Tell them" is people: not the invoices just named.
    expect(resolvePronounObject("Tell them at the briefing", ["We printed the invoices."])).toBe("Tell them at the briefing");
    // "four of them" counts; it names nothing to fill in.
    expect(resolvePronounObject("Do samples from four of them", ["I can see the formats."])).toBe("Do samples from four of them");
  });
});

describe("resolvePronounObject: finding out takes the question asked", () => {
  it("a yes/no question becomes what to find out", () => {
    expect(
      resolvePronounObject("Find out and get back to Leo", ["Normally not.", "Let me ask.", "Do the licences renew automatically?"]),
    ).toBe("Find out whether the licences renew automatically and get back to Leo");
    expect(resolvePronounObject("Ask legal", ["Good point.", "Legally, does it need a signature?"])).toBe(
      "Ask legal whether it needs a signature",
    );
    expect(resolvePronounObject("Check with the landlord", ["Is it in the lease?"])).toBe(
      "Check with the landlord whether it is in the lease",
    );
  });

  it("an open question said as a statement", () => {
    expect(resolvePronounObject("Check with the supplier", ["It depends on whether they ship to Canada."])).toBe(
      "Check with the supplier whether they ship to Canada",
    );
    expect(resolvePronounObject("Ask Voxline", ["I don't know if they support it on our plan."])).toBe(
      "Ask Voxline whether they support it on our plan",
    );
  });

  it("leaves a bare check, a request and a task that says what already", () => {
    // "Let me check": done in the meeting.
    expect(resolvePronounObject("Check", ["Do the rest roll over?"])).toBe("Check");
    // "Can you…?" asks the person something to do, not a question to find out.
    expect(resolvePronounObject("Ask Dana", ["Can you send me the deck?"])).toBe("Ask Dana");
    expect(resolvePronounObject("Ask Dana about the deck", ["Do the rest roll over?"])).toBe("Ask Dana about the deck");
    // "if" of a condition is no question.
    expect(resolvePronounObject("Ask the vendor", ["If they ship late, we lose the slot."])).toBe("Ask the vendor");
  });
});

describe("resolvePronounObject: people and events", () => {
  it('"him" / "her" with more said takes the person just named', () => {
    expect(resolvePronounObject("Ask her at their sync", ["", "I'll ask Danielle on platform whether we can use bigger runners."])).toBe(
      "Ask Danielle at their sync",
    );
    // A bare "call him" names no work of its own; "her notes" is hers, not her.
    expect(resolvePronounObject("Call him", ["Talk to Marco first."])).toBe("Call him");
    expect(resolvePronounObject("Check her notes", ["Ask Peggy."])).toBe("Check her notes");
  });

  it("a question that runs the meeting is nothing to find out", () => {
    expect(resolvePronounObject("Ask the district", ["Is there a second to table?"])).toBe("Ask the district");
  });

  it("an event the meeting named is the due date, not part of the task", () => {
    expect(cleanTask("get the comp committee to put a proposal together before the August meeting")).toBe(
      "Get the comp committee to put a proposal together",
    );
    expect(cleanTask("write one before your next on-call shift")).toBe("Write one");
    // A deadline that is the work's own subject stays.
    expect(cleanTask("prepare the slides for the board meeting")).toBe("Prepare the slides for the board meeting");
  });
});

describe("the rules use it", () => {
  const turn = (speaker: string, text: string, i: number) => ({ speaker, text, start: i * 10, end: i * 10 + 9 });
  const at = new Date("2026-03-02T12:00:00Z");

  it("a request two turns after the question it answers names what was asked about", () => {
    const items = extractActionItems(
      [
        turn("Maya Ortiz", "Is there a runbook for the failover?", 0),
        turn("Dev Patel", "No.", 1),
        turn("Maya Ortiz", "Could you write one by Friday?", 2),
        turn("Dev Patel", "Sure, I'll do it.", 3),
      ],
      at,
      false,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([["Write a runbook for the failover", "Dev Patel"]]);
  });

  it("a commitment whose object was said by the person before", () => {
    const items = extractActionItems(
      [
        turn("Ana Lima", "The drivers will notice the new route.", 0),
        turn("Tom Berg", "Yes, of course. I will tell them at the Monday briefing.", 1),
      ],
      at,
      false,
    );
    expect(items.map((i) => i.task)).toEqual(["Tell the drivers at the briefing"]);
  });

  it("a thing taken by one word takes the fuller name it was given a few turns before", () => {
    const items = extractActionItems(
      [
        turn("Nina Rossi", "So, the list: billing export service, four points, login page, two points.", 0),
        turn("Omar Said", "That fits.", 1),
        turn("Nina Rossi", "Who takes what?", 2),
        turn("Omar Said", "I'll take the service by Friday.", 3),
      ],
      at,
      false,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([["Take the billing export service", "Omar Said"]]);
  });
});

describe("fullerName: a one-word thing takes the name it was given before", () => {
  it("the nearest fuller name, from the start of a phrase", () => {
    expect(fullerName("Take the backend, and the spike", ["Who takes what?", "So, recurring pickups backend, eight, UI, five."])).toBe(
      "Take the recurring pickups backend, and the spike",
    );
    expect(fullerName("Rework the plan", ["Put the rest in social.", "So the revised media plan is fine."])).toBe(
      "Rework the revised media plan",
    );
    expect(fullerName("Send the plan to Bea", ["We'll need the media plan.", "The draft plan is old."])).toBe("Send the media plan to Bea");
    // One or several: the same name.
    expect(fullerName("Fix the flyer", ["I already printed the festival flyers."])).toBe("Fix the festival flyer");
    expect(fullerName("Pack the boxes", ["Where's the spare parts box?"])).toBe("Pack the spare parts boxes");
  });

  it("keeps the words as said when nothing fuller was said, or the thing is already named in full", () => {
    // Only the plain word was said (the plural of it is the same thing).
    expect(fullerName("Fix the flyer", ["I already printed the flyers."])).toBe("Fix the flyer");
    // A count, a verb or a pronoun before the word is no part of its name.
    expect(fullerName("Send the notice", ["Their contract says sixty days notice."])).toBe("Send the notice");
    expect(fullerName("Review the deck", ["I said the deck is late.", "We need to redo deck."])).toBe("Review the deck");
    expect(fullerName("Book the room", ["The two big room bookings are gone."])).toBe("Book the room");
    // The word names something else there: "the big room bookings" are bookings.
    expect(fullerName("Book the room", ["I moved the big room bookings."])).toBe("Book the room");
    // Already more than one word, or a word that points elsewhere ("the thing").
    expect(fullerName("Update the travel policy", ["The old company travel policy."])).toBe("Update the travel policy");
    expect(fullerName("Do the thing", ["The capacity thing."])).toBe("Do the thing");
  });
});
