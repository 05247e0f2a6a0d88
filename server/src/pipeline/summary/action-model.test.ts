import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { actionCandidates, scoreCandidate, withModelItems } from "./action-model";
import { makeContext } from "./owners";

const ROLES = ["Project Manager", "Industrial Designer", "User Interface", "Marketing"];
const turn = (speaker: string, text: string, i: number): Utterance => ({ speaker, text, start: i * 10, end: i * 10 + 9 });

/** A meeting of `filler` small-talk turns, then the given turns. */
function meeting(lines: [string, string][], filler = 40): Utterance[] {
  const talk: [string, string][] = Array.from({ length: filler }, (_, i) => [
    ROLES[i % 4] ?? "",
    i === 0 ? "Okay, welcome everybody to the kick-off meeting of our project today." : "Yeah, I agree with that point about the colours.",
  ]);
  return [...talk, ...lines].map(([s, t], i) => turn(s, t, i));
}

describe("action-item candidates", () => {
  it("reads a task given to a role and splits a list of assignments at the next person", () => {
    const u = meeting([
      ["Project Manager", "So for the next meeting, as the Industrial Designer, you're gonna be working on the working design."],
      [
        "Project Manager",
        "User Interface is gonna be thinking about our user interface, and marketing you're gonna be looking at trend watching.",
      ],
    ]);
    const c = actionCandidates(u, makeContext(u));
    expect(c.map((x) => [x.task, x.owner])).toEqual([
      ["Work on the working design", "Industrial Designer"],
      ["Think about our user interface", "User Interface"],
      ["Look at trend watching", "Marketing"],
    ]);
  });

  it("marks work that makes something for after the meeting (a report, the minutes), not other work", () => {
    const u = meeting([
      ["Project Manager", "Marketing, you're gonna write the evaluation report."],
      ["Project Manager", "And I will look into the colours."],
      ["Project Manager", "I'll type up the minutes and we will call the supplier in thirty minutes."],
    ]);
    const c = actionCandidates(u, makeContext(u));
    expect(c.map((x) => [x.task, !!x.features.objWorkProduct])).toEqual([
      ["Write the evaluation report", true],
      ["Look into the colours", false],
      ["Type up the minutes", true],
      ["Call the supplier in thirty minutes", false],
    ]);
  });

  it("reads each 'let's' of a sentence as its own piece of work", () => {
    const u = meeting([
      ["Project Manager", "Let's go with the rounded kind of fit in your hand, let's explore the possibility of having the two-piece."],
    ]);
    expect(actionCandidates(u, makeContext(u)).map((x) => x.task)).toContain("Explore the possibility of having the two-piece");
  });

  it("reads a version number's point as part of the task, not the end of the sentence", () => {
    const u = meeting([["Project Manager", "Let's create an issue in the Ethereum 2.0 PM repo and start a list."]]);
    expect(actionCandidates(u, makeContext(u)).map((x) => x.task)).toContain("Create an issue in the Ethereum 2.0 PM repo");
  });

  it("reads a request put as a question, not a question about the meeting itself", () => {
    const u = meeting([
      ["User Interface", "Okay. Can you e-mail your slides as well? Is that possible?"],
      ["Marketing", "Can you see the screen?"],
    ]);
    const c = actionCandidates(u, makeContext(u));
    expect(c.map((x) => [x.task, !!x.features["modal:request"]])).toEqual([["E-mail your slides", true]]);
  });

  it("reads the work after 'what … to do is', not 'do'", () => {
    const u = meeting([
      ["Project Manager", "And what I would like you guys to do is work on giving me a model in clay."],
      ["Marketing", "What we need to do is a new design."],
    ]);
    expect(actionCandidates(u, makeContext(u)).map((x) => x.task)).toEqual(["Work on giving me a model in clay"]);
  });

  it("gives work asked of someone to that person, not to the one who asks", () => {
    const u = meeting([
      ["Project Manager", "And I will ask the Marketing Expert to uh try to find out what the users need most."],
      [
        "Project Manager",
        "Your assignments are for Kate to do the components, for you, Steph, to do the user interface and for you the trends.",
      ],
      ["Project Manager", "I would suggest that the Industrial Designer and the User Interface Designer work together on a prototype."],
      ["Marketing", "I want the remote to be yellow."],
    ]);
    const c = actionCandidates(u, makeContext(u));
    expect(c.map((x) => [x.task, x.owner])).toEqual([
      ["Find out what the users need most", "Marketing"],
      ["Work on the trends", null],
      ["Do the components", "Kate"],
      ["Do the user interface", "Steph"],
      ["Work together on a prototype", null],
    ]);
  });

  it("gives 'you' to the participant named just before it, not to one named further back in a list", () => {
    const u = meeting([
      [
        "Project Manager",
        "The ID is going to work on the components concept, UID the user interface concept, and you're going to do some trend watching.",
      ],
      ["Project Manager", "And marketing, you will look at the user requirements."],
    ]);
    const owners = Object.fromEntries(actionCandidates(u, makeContext(u)).map((x) => [x.task, x.owner]));
    expect(owners["Do some trend watching"]).toBeNull();
    expect(owners["Look at the user requirements"]).toBe("Marketing");
  });

  it("ends a rule's task where the next person's part of a list starts, and reads initials as that participant", () => {
    const u = meeting([["Project Manager", "The ID is going to work on the components concept, UID the user interface concept."]]);
    const rule = {
      task: "Work on the components concept, UID the user interface concept",
      assignee: null,
      dueDate: null,
      sourceStart: u.at(-1)!.start,
    };
    const items = withModelItems([rule], u, makeContext(u), new Date("2025-01-06T12:00:00Z"), { threshold: 0, perThousandWords: 100 });
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Work on the components concept", "Industrial Designer"],
      ["Work on the user interface concept", "User Interface"],
    ]);
    expect(actionCandidates(u, makeContext(u)).map((c) => c.owner)).toContain("Industrial Designer");
  });

  it("ends a rule's task at the next person's initials said with 'the' (', the UID the…')", () => {
    const u = meeting([["Project Manager", "The ID is going to do the look and feel design, the UID the user interface design."]]);
    const rule = {
      task: "Do the look and feel design, the UID the user interface design",
      assignee: "Industrial Designer",
      dueDate: null,
      sourceStart: u.at(-1)!.start,
    };
    const items = withModelItems([rule], u, makeContext(u), new Date("2025-01-06T12:00:00Z"), { threshold: 1 });
    expect(items.map((i) => i.task)).toEqual(["Do the look and feel design"]);
  });

  it("ends a rule's task at the next person named in a list (', Kendra the…'), and keeps other work of that turn", () => {
    const u = meeting([
      [
        "Project Manager",
        "For the next meeting Kate will be looking at the look, feel and design, Kendra the how the user actually uses it and Andrew of course the product evaluation. And Kate and Kendra will be producing a model for us to look at.",
      ],
    ]);
    const rule = {
      task: "Look at the look, feel and design, Kendra the how the user uses it and Andrew of course…",
      assignee: null,
      dueDate: null,
      sourceStart: u.at(-1)!.start,
    };
    const items = withModelItems([rule], u, makeContext(u), new Date("2025-01-06T12:00:00Z"), { threshold: 0, perThousandWords: 100 });
    const tasks = items.map((i) => i.task);
    expect(tasks[0]).toBe("Look at the look, feel and design");
    // It shares "look" with the rule's task, but it is other work said in the same turn, not a recap of it.
    expect(tasks.some((t) => /^Produce a model\b/.test(t))).toBe(true);
  });

  it("takes no candidate from words or thoughts quoted", () => {
    const u = meeting([
      ["Marketing", 'So I thought "well, I\'m gonna just look at which buttons people use in the old surveys."'],
      ["Marketing", "And she said we'll send the survey again."],
      ["Marketing", "I'm gonna look at which buttons people use in the new survey."],
    ]);
    expect(actionCandidates(u, makeContext(u)).map((c) => c.task)).toEqual(["Look at which buttons people use in the new survey"]);
  });

  it("scores the chair's wrap-up assignment above a hedged idea in the middle of the talk", () => {
    const u = meeting([
      ["Marketing", "I think we could maybe make the buttons a bit bigger if people want that."],
      ...Array.from({ length: 30 }, (): [string, string] => ["User Interface", "Mm-hmm, that sounds fine to me."]),
      ["Project Manager", "Right, before the next meeting, you're going to prepare the components concept."],
    ]);
    const c = actionCandidates(u, makeContext(u));
    const idea = c.find((x) => /^Make the buttons/.test(x.task));
    const task = c.find((x) => /^Prepare the components concept/.test(x.task));
    expect(idea && task).toBeTruthy();
    expect(scoreCandidate(task!)).toBeGreaterThan(scoreCandidate(idea!));
    const items = withModelItems([], u, makeContext(u), new Date("2025-01-06T12:00:00Z"));
    expect(items.map((i) => i.task)).toContain("Prepare the components concept");
    expect(items.map((i) => i.task)).not.toContain(idea!.task);
  });

  it("names the work itself: 'start evaluating' is 'evaluate', two named people share one, a tag after it is no part of it, 'and' with a new verb and object is a second task; what is sent to you is no work", () => {
    const u = meeting([
      ["Project Manager", "Maybe you can start evaluating their work."],
      ["Project Manager", "And further instructions will be sent to you by email, and you will receive a questionnaire."],
      ["Project Manager", "In this phase, the two of you, Jana and Francine, have to work together on a prototype."],
      ["Project Manager", "And you will come up with the price, how much, okay?"],
      ["Project Manager", "Then we have to do the final questionnaire and do the meeting summary."],
      ["Project Manager", "You should design and build the prototype."],
    ]);
    expect(actionCandidates(u, makeContext(u)).map((x) => x.task)).toEqual([
      "Evaluate their work",
      "Work together on a prototype",
      "Come up with the price",
      "Do the final questionnaire",
      "Do the meeting summary",
      "Design and build the prototype",
    ]);
  });

  it("keeps two pieces of work that share only what the meeting is about", () => {
    const u = meeting([
      ["Project Manager", "User Interface, you will work on the technical functions of the remote control."],
      ["Project Manager", "And marketing, you will find the user requirements for the remote control."],
    ]);
    const all = { threshold: 0, perThousandWords: 100 };
    expect(withModelItems([], u, makeContext(u), new Date("2025-01-06T12:00:00Z"), all).map((i) => i.task)).toEqual([
      "Work on the technical functions of the remote control",
      "Find the user requirements for the remote control",
    ]);
  });

  it("does not add what the rules already have, said again in a recap", () => {
    const u = meeting([["Project Manager", "Okay, recap. Then the postmortem for marketing, and the working design for ID."]]);
    const at = new Date("2025-01-06T12:00:00Z");
    const all = { threshold: 0, perThousandWords: 100 };
    expect(withModelItems([], u, makeContext(u), at, all).map((i) => i.task)).toEqual([
      "Work on the postmortem",
      "Work on the working design",
    ]);
    const rule = { task: "Write the postmortem", assignee: "Marketing", dueDate: null, sourceStart: 0 };
    expect(withModelItems([rule], u, makeContext(u), at, all).map((i) => i.task)).toEqual([
      "Write the postmortem",
      "Work on the working design",
    ]);
  });

  it("gives work handed to a name to the speaker who introduced themself by it, and none to a stranger", () => {
    const u = meeting([
      ["Industrial Designer", "Hi, I'm Kate and I'm the industrial designer."],
      ["Marketing", "And I'm Andrew, marketing."],
      ["Project Manager", "Okay, recap. Then the working design for Kate, and the trend watching for Steph."],
    ]);
    // Steph never spoke nor introduced themself: nobody in the meeting, so no assignment is read for them.
    const c = actionCandidates(u, makeContext(u)).filter((x) => x.features.assign);
    expect(c.map((x) => [x.task, x.owner])).toEqual([["Work on the working design", "Industrial Designer"]]);
  });
});
