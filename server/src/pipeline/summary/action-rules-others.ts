// Action-item rules for work put on someone by others: hand-overs, "Sam, that one's yours", markers ("Action item
// for Dana: …"), recaps, tasks for a participant named by label or role, "let's have Omar…", "you add the numbers",
// an imperative to the person addressed, and requests. Each is a pure function of the walk's Reader that returns
// its proposals (action-walk.ts); null when it does not apply.
import { cleanSpeech } from "./clean";
import type { Claim, Op, Reader } from "./action-walk";
import { sharesWord } from "./text";
import {
  GENERIC_LABEL,
  addressedName,
  ASSIGNED_TO_ADDRESSEE,
  handOverName,
  isName,
  NAME,
  resolveOwner,
  speakerDisplay,
  splitSentences,
} from "./owners";
import {
  ACCEPT_START,
  DECLINE,
  divisionOfLabour,
  DOING_NOW,
  findRequest,
  imperativeIn,
  namedNextStep,
  NON_TASK_AFTER_WILL,
  PROCEDURAL,
  stripLeadFillers,
  taskForYou,
} from "./speech-acts";
import { baseVerb, cleanTask, firstWord, fullerName, isWeak, meToName, pointsBack, resolvePronounObject, TASK_VERBS } from "./task-text";

/** "never mind, Dev's got it": the speaker's recent task goes to the person named. */
export function handOver(r: Reader, s: string): Op[] {
  const to = handOverName(s);
  if (!to || !r.me) return [];
  const mine = [...r.items].reverse().find((it) => it.ownerKey === r.me && r.t - it.turn <= 3);
  if (!mine) return [];
  const owner = resolveOwner(to, r.ctx);
  return [{ op: "set", item: mine, set: { assignee: owner, ownerKey: owner, assignedBy: r.me, accepted: false, turn: r.t } }];
}

/** "Sam, that one's yours": the addressee takes the open need (a motion, "can someone…"), or keeps their task. */
export function assignment(r: Reader, s: string): Claim {
  if (!ASSIGNED_TO_ADDRESSEE.test(s) || !r.addressee) return null;
  const owner = resolveOwner(r.addressee, r.ctx);
  const need = [...r.needs].reverse().find((n) => r.t - n.turn <= 4 && r.t >= n.turn);
  if (need)
    return [
      { op: "takeNeed", need },
      { op: "add", item: r.draft("assignment", { task: need.task, owner, due: r.dueDate(need.dueTexts) }), bind: true },
    ];
  const theirs = r.recentOf(owner);
  if (theirs) return [{ op: "set", item: theirs, set: { turn: r.t, sourceStart: r.u.start } }];
  return null;
}

/** "Action item: …", "action item for Sam, then: …", numbered note styles ("ACTION 12.3: …", "TODO: …"). */
export function marker(r: Reader, s: string, i: number): Claim {
  const m =
    /\baction items?(?:\s+for\s+(me|you|[\p{L}][\p{L}'’-]+))?(?:,?\s+(?:then|please|too|again))?\s*[:,\-–—]\s*(.+)$/iu.exec(s) ??
    /^(?:ACTION|Action|TODO|To-?do)()(?:\s+(?:[Ii]tem\s+)?\d+(?:\.\d+)*\s*:?|\s*:)\s+(.+)$/u.exec(s);
  if (!m) return null;
  const forWho = m[1];
  const body = m[2] ?? "";
  let owner: string | null = null;
  let task = body;
  if (forWho && /^me$/i.test(forWho)) owner = r.me;
  // (an empty capture comes from the numbered-note form)
  else if (forWho && !/^you$/i.test(forWho)) owner = resolveOwner(forWho, r.ctx);
  else {
    const third = MARKER_THIRD_PERSON.exec(body);
    const [, named = "", rest = ""] = third ?? [];
    if (third && isName(named.split(" ")[0])) {
      owner = resolveOwner(named, r.ctx);
      task = baseVerb(rest);
    }
  }
  const cleaned = cleanTask(task);
  // The marker's own words carry its date before anything said earlier in the sentence.
  return cleaned
    ? [{ op: "add", item: r.draft("marker", { task: cleaned, owner, due: r.dueDate([body, s, ...r.turnSents.slice(i + 1)]) }) }]
    : [];
}
const MARKER_THIRD_PERSON = new RegExp(
  `^(${NAME}(?:\\s+${NAME}){0,2})\\s*(?::\\s*|\\s+to\\s+|\\s+will\\s+|\\s+should\\s+|\\s+(?=\\p{Ll}+s\\b(?!\\s+(?:should|will|to|must|need)\\b)))(.*)$`,
  "u",
);

// A recap sentence's clauses: "Ravi looks at the images, and Toby raises the labels" ("; " or ", and <Name> <verb>s").
// Also ", <Name> <verb>s": "Felix owns the flaky test, Dec pairs with him after lunch".
const RECAP_CLAUSE = new RegExp(`;\\s*|,?\\s+and\\s+(?=(?:${NAME}\\s+\\p{Ll}+s|I\\s+\\p{Ll}+)\\b)|,\\s+(?=${NAME}\\s+\\p{Ll}+s\\b)`, "u");
/** What a recap line says someone is, has or thinks is no task: "Nat is onboarding buddy", "Tom has the list". */
const RECAP_NOT_TASK = /^(?:be|is|are|have|has|stay|go|come|seem|feel|know|think|want|need|like|agree|say|mean|get it)\b/i;
const RECAP_THIRD_PERSON = new RegExp(`^(?:(?:and|then|also|so)\\s+)?(${NAME})\\s+(\\p{Ll}+s\\b.*)$`, "u");
const RECAP_FIRST_PERSON = /^(?:(?:and|then|also|so)\s+)?I\s+(\p{Ll}+(?<!s)\b.*)$/u;
/** A recap clause that carries on the last person's list: "…, and checks with Voxline by Monday" ("…and give Mei access" after "I …"). */
const RECAP_SAME_PERSON = /^(?:(?:and|then|also)\s+)?(\p{Ll}+\b.*)$/u;

/**
 * A recap sentence's clauses (RECAP_CLAUSE), and within one person's clause each further task verb ("Simone strips
 * the event today, checks the other tools this week, and updates the data map by end of March"); a comma before
 * any other word ("sends the notes, forms and minutes") stays inside the task.
 */
function recapParts(s: string): string[] {
  const out: string[] = [];
  for (const clause of s.split(RECAP_CLAUSE)) {
    const pieces = clause.split(/(,\s+(?:and\s+)?|\s+and\s+)(?=\p{Ll}+\b)/u);
    // "I write the doc and give Mei access": after "I" the next verb is in the base form.
    const firstPerson = /^\s*(?:(?:and|then|also|so)\s+)?I\s/u.test(clause);
    let current = pieces[0] ?? "";
    for (let k = 1; k + 1 < pieces.length; k += 2) {
      const next = pieces[k + 1] ?? "";
      const verb = firstWord(next);
      if ((/s$/.test(verb) && TASK_VERBS.has(firstWord(baseVerb(next)))) || (firstPerson && TASK_VERBS.has(verb))) {
        out.push(current);
        current = next;
      } else current += (pieces[k] ?? "") + next;
    }
    out.push(current);
  }
  return out;
}

/**
 * A recap's lines in the third person: "Kwame drafts the release checklist by Thursday", "Ravi looks at the
 * images, and Toby raises the labels on Monday", "I send the summary on Monday". Each person of the meeting
 * named with what they do is an item; a later recap line restates an earlier item (the selection drops it).
 */
export function recapLine(r: Reader, s: string): Claim {
  if (!r.inRecap()) return null;
  const ops: Op[] = [];
  let lastOwner: string | null = null;
  for (const part of recapParts(s)) {
    const text = part.trim().replace(/[.!]$/, "");
    const third = RECAP_THIRD_PERSON.exec(text);
    const first = RECAP_FIRST_PERSON.exec(text);
    const more = RECAP_SAME_PERSON.exec(text);
    let owner: string | null = null;
    let raw = "";
    if (more && lastOwner) {
      // "Gabe sends the samples by Friday and checks with Voxline by Monday": the same person's next task.
      owner = lastOwner;
      raw = baseVerb(more[1] ?? "");
    } else if (third && isName(third[1])) {
      owner = resolveOwner(third[1], r.ctx);
      if (!r.ctx.speakers.includes(owner)) continue;
      raw = baseVerb(third[2] ?? "");
    } else if (first && r.me) {
      owner = r.me;
      raw = first[1] ?? "";
    } else continue;
    lastOwner = owner;
    const task = cleanTask(raw);
    if (!task || isWeak(task) || PROCEDURAL.test(task) || RECAP_NOT_TASK.test(task) || task.split(/\s+/).length < 2) continue;
    ops.push({ op: "add", item: r.draft("recap", { task, owner, due: r.dueDate([text]), explicit: true }) });
  }
  return ops.length ? ops : null;
}

/** "As the industrial designer, you're gonna be working on the working design": a task for a participant named by label. */
export function participantTask(r: Reader, s: string, i: number): Claim {
  const found = r.m.findParticipantTask(cleanSpeech(s));
  if (!found) return null;
  const task = cleanTask(found.task);
  if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task)) return null;
  return [
    {
      op: "add",
      item: r.draft("participant", { task, owner: found.label, due: r.dueDate([s, ...r.turnSents.slice(i + 1)]), explicit: true }),
    },
  ];
}

/** "Poppy will be working on the look-and-feel design", "Marketing, the user requirement specification". */
export function namedNextStepRule(r: Reader, s: string, i: number): Claim {
  if (!r.inNextSteps()) return null;
  const found = namedNextStep(
    cleanSpeech(s),
    r.ctx.speakers.filter((x) => x.trim() && !GENERIC_LABEL.test(x)),
  );
  if (!found) return null;
  const task = cleanTask(found.task);
  if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task)) return null;
  const owner = r.ctx.speakers.includes(found.who) ? found.who : resolveOwner(found.who, r.ctx);
  return [{ op: "add", item: r.draft("namedNextStep", { task, owner, due: r.dueDate([s, ...r.turnSents.slice(i + 1)]), explicit: true }) }];
}

/** "For our Industrial Designer, you're gonna be thinking about the components concept": next steps put on "you". */
export function nextStepForYou(r: Reader, s: string, i: number): Claim {
  if (!r.inNextSteps()) return null;
  const raw = taskForYou(cleanSpeech(s));
  if (!raw) return null;
  const task = cleanTask(raw);
  if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task) || !TASK_VERBS.has(firstWord(task))) return null;
  // Who "you" is: a participant named just before in this sentence or the one before, else the person addressed.
  const labels = r.ctx.speakers.filter((x) => x.trim() && !GENERIC_LABEL.test(x));
  const before = `${r.turnSents[i - 1] ?? ""} ${s.slice(0, Math.max(0, s.search(/\byou\b/i)))}`.toLowerCase();
  const named = labels
    .map((l) => ({ l, at: before.lastIndexOf(l.replace(/\s*\(.*$/, "").toLowerCase()) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => b.at - a.at)[0]?.l;
  const owner = named ?? (r.addressee ? resolveOwner(r.addressee, r.ctx) : null);
  return [
    { op: "add", item: r.draft("nextStepForYou", { task, owner, due: r.dueDate([s, ...r.turnSents.slice(i + 1)]), explicit: true }) },
  ];
}

const LETS_HAVE = new RegExp(`\\b[Ll]et'?s (?:have|get) (${NAME})\\s+(.+)$`, "u");

/** "Let's have Omar own the spike." */
export function letsHave(r: Reader, s: string, i: number): Claim {
  const [, name, rest = ""] = LETS_HAVE.exec(s) ?? [];
  if (!isName(name)) return null;
  const owner = resolveOwner(name!, r.ctx);
  const task = cleanTask(rest);
  return task ? [{ op: "add", item: r.draft("letsHave", { task, owner, due: r.dueDate([s, ...r.turnSents.slice(i + 1)]) }) }] : [];
}

/** "You add the numbers, I'll add my comments": the addressee's part is theirs (the speaker's is read later). */
export function division(r: Reader, s: string, i: number): Op[] {
  const d = divisionOfLabour(s);
  if (!d) return [];
  const owner = d.name ? resolveOwner(d.name, r.ctx) : r.interlocutor();
  const task = cleanTask(d.task);
  return owner && task ? [{ op: "add", item: r.draft("division", { task, owner, due: r.dueDate([s, ...r.turnSents.slice(i + 1)]) }) }] : [];
}

/** The next speaker does it on the spot ("Sharing.", "Posting now.", "Done."). */
function doneNow(r: Reader): boolean {
  const reply = r.nextReply();
  return !!reply && DOING_NOW.test(stripLeadFillers(reply.text));
}

const ADDRESSED_IMPERATIVE = new RegExp(
  `^(?:[^,]*,\\s*)??(?:(?:when|once|after|if|since)\\b[^,]*,\\s*)?(?:please\\s+)?(\\p{Ll}+)\\b(.*)$`,
  "u",
);

/** "Name, (when …,) send it to …": an imperative to the person addressed. */
export function addressedImperative(r: Reader, s: string, i: number): Claim {
  const addressed = addressedName(s, r.ctx, r.me);
  if (!addressed) return null;
  if (doneNow(r)) return [];
  const m = ADDRESSED_IMPERATIVE.exec(s.slice(s.indexOf(",") + 1).trim());
  // "Name, look out / hold up" are not tasks.
  const [, verb = "", rest = ""] = m ?? [];
  if (!m || !TASK_VERBS.has(verb) || /^\s*(?:up|on)\b/.test(rest) || (verb === "look" && /^\s*out\b/.test(rest))) return null;
  const task = cleanTask(`${verb}${rest}`);
  if (!task || PROCEDURAL.test(task)) return null;
  return [
    {
      op: "add",
      item: r.draft("addressedImperative", {
        task,
        owner: resolveOwner(addressed, r.ctx),
        due: r.dueDate([s, ...r.turnSents.slice(i + 1)]),
      }),
    },
  ];
}

/** Requests: to the person addressed in the sentence or earlier in the turn, else to whoever says yes next. */
export function request(r: Reader, s: string, i: number): Claim {
  const asked = findRequest(s);
  const req = asked ?? bareImperative(r, s, i);
  if (!req) return null;
  if (req.retracted) return null;
  const context = r.contextBefore(i);
  const tasks = req.tasks
    .map((raw) => cleanTask(raw))
    .filter((task) => task && !PROCEDURAL.test(task))
    .map((task) => fullerName(resolvePronounObject(meToName(task, r.me), context), r.sentencesBefore(i)));
  if (!tasks.length) return null;
  const dueTexts = [s, ...r.turnSents.slice(i + 1)];
  const addressee = addressedName(s, r.ctx, r.me) ?? r.addressee;
  if (addressee) {
    const owner = resolveOwner(addressee, r.ctx);
    // "Bart, can you check the locks?" — "Yeah, looking.": done in the meeting, nothing to follow up.
    if (doneNow(r)) return [];
    if (tasks.every((x) => isWeak(x) || pointsBack(x))) {
      // "Could you get it done by Wednesday?": about the task they already have.
      const theirs = r.recentOf(owner);
      if (theirs) {
        const due = r.dueDate(dueTexts);
        return due ? [{ op: "set", item: theirs, set: { dueDate: due } }] : [];
      }
      // "can you make sure that happens": the need said just before.
      const need = [...r.needs].reverse().find((n) => r.t - n.turn <= 1);
      if (need)
        return [
          { op: "takeNeed", need },
          {
            op: "add",
            item: r.draft("request", { task: need.task, owner, due: r.dueDate([...dueTexts, ...need.dueTexts]), requestTurn: r.t }),
          },
        ];
      const previousTurn = r.utterances[r.t - 1];
      if (previousTurn) dueTexts.push(previousTurn.text);
    }
    const due = r.dueDate(dueTexts);
    return tasks.map((task) => ({ op: "add", item: r.draft("request", { task, owner, due, requestTurn: r.t }) }));
  }
  // "Tell them it's coming Wednesday" said as a bare imperative: telling people is work once someone takes it on.
  const verb = firstWord(tasks[0] ?? "");
  if (!TASK_VERBS.has(verb) && !(!asked && /^(?:tell|let)$/.test(verb))) return null;
  // Unnamed request: the next speaker's acceptance makes them the owner.
  const reply = r.nextReply();
  const answer = reply ? stripLeadFillers(reply.text) : "";
  if (!reply || !ACCEPT_START.test(answer) || DECLINE.test(answer)) return null;
  const owner = speakerDisplay(reply.speaker, r.ctx);
  if (!owner) return null;
  const due = r.dueDate(dueTexts);
  return tasks.map((task) => ({
    op: "add",
    item: r.draft("request", { task, owner, due, sourceTurn: r.t + 1, requestTurn: r.t }),
  }));
}

/** A reply that takes the work on, not a nod: "Will do", "On it", "Sure, I'll call them today", "That's me". */
const TAKE_LEAD = "^(?:(?:yeah|yep|yes|sure|ok(?:ay)?|right|fine|absolutely)[,.!]?\\s+)*";
const BARE_TAKE = new RegExp(`${TAKE_LEAD}(?:will do|on it|can do|consider it done|leave it with me|that['’]s me)[\\s.!]*$`, "i");
const POINTER_TAKE = new RegExp(
  `${TAKE_LEAD}i(?:['’]ll| will)\\s+(?:\\p{L}+\\s+(?:it|that|them|her|him|this)(?:\\s+(?:over|across|out|up|off|on))?|let (?:them|her|him) know)(?:\\s+(?:today|tomorrow|tonight|now|later|this \\p{L}+|first thing|after \\p{L}+|right after \\p{L}+))?[\\s.!]*$`,
  "iu",
);

/**
 * "Tell Olsen and Voss it's coming Wednesday." — "I'll let them know today.": an imperative to nobody by name, the
 * last thing said in the turn, is a request to whoever takes it on in the next turn; a nod ("Yeah", "Okay") is not.
 */
function bareImperative(r: Reader, s: string, i: number): { tasks: string[]; retracted: boolean } | null {
  if (i !== r.turnSents.length - 1 || /\?\s*$/.test(s) || addressedName(s, r.ctx, r.me) || r.addressee) return null;
  const raw = imperativeIn(s);
  if (!raw || /^(?:tell|show|give|send|let)\s+(?:me|us)\b/i.test(raw) || /^let['’]?s\b/i.test(raw)) return null;
  // "And if they need a manager email, … Send it to me.": work that waits on an "if" is not handed out yet.
  if (r.turnSents.slice(0, i + 1).some((x) => /\bif\b/i.test(x))) return null;
  const reply = r.nextReply();
  if (!reply || reply.speaker === r.u.speaker) return null;
  // "Will do." or "I'll call them today" takes it on; "Will do. I'll send it to Harriet with the revision" says its
  // own work, which its own rule reads.
  const [first = "", ...more] = splitSentences(stripLeadFillers(reply.text));
  if (!(BARE_TAKE.test(first) || POINTER_TAKE.test(first)) || more.some((x) => /\bi(?:['’]ll| will)\b/i.test(x))) return null;
  return { tasks: [raw], retracted: false };
}

/**
 * "Rav, I'd like a real delivery date for Salesforce by Friday", "Phil, I'll need admin on the WordPress" — "Sure":
 * what the speaker wants from the person they address is that person's work. It is taken when it has a date or the
 * addressee says yes; not a wish to do something oneself ("I'd like to add…"), a moment ("I need a minute"), a
 * pronoun with nothing to name, a conditional, or a want the reply turns down.
 */
const WANT_FROM =
  /\bi(?:['’]d| would|['’]ll| will)?\s+(?:really\s+|also\s+|just\s+)*(?:like|want|need)|\bi(?:['’]m| am) (?:going to|gonna) need/giu;
const WANTED =
  /^\s+(?!(?:to|you|it|that|this|them|him|her|us|me|more|less|nothing|something|out|in|on|up|back|off|with|about|for|at|from|into|here|there|now|again|everyone|everybody|someone|somebody|anyone|people|is|was|be)\b|(?:a|one|another|some) (?:minute|second|moment|sec|break|word|coffee|drink)\b)(\p{L}[^.?!;]+)/iu;
const WANT_HEDGE = /\b(?:ideally|maybe|perhaps|at some point|someday|one day)\b/i;
/** A name said between commas before the want: "And from my side, Phil, I'll need…". */
const VOCATIVE_INSIDE = new RegExp(`,\\s*(${NAME})\\s*,\\s*$`, "u");
const WANT_END =
  /\s+(?:by|before|until|from (?:you|your side)|not|so|because|and then|for (?:the|my|our) (?:meeting|call|board|review))\b.*$|,.*$/iu;
export function wantFrom(r: Reader, s: string, i: number): Claim {
  if (!r.me) return null;
  for (const m of s.matchAll(WANT_FROM)) {
    const inside = VOCATIVE_INSIDE.exec(s.slice(0, m.index ?? 0))?.[1];
    const addressee = addressedName(s, r.ctx, r.me) ?? (inside && isName(inside) ? inside : null) ?? r.addressee;
    if (!addressee) return null;
    const at = (m.index ?? 0) + m[0].length;
    const np = WANTED.exec(s.slice(at))?.[1];
    if (!np || /\b(?:if|when|unless|once|would)\b[^,]*$/i.test(s.slice(0, m.index ?? 0))) continue;
    const owner = resolveOwner(addressee, r.ctx);
    if (owner === r.me) return null;
    const thing = np
      .replace(WANT_END, "")
      .replace(/^your\b/i, "the")
      .trim();
    // "I need sales to confirm…" asks a third party; "…, ideally" is a wish.
    if (!thing || thing.split(/\s+/).length < 2 || /^\S+(?:\s+\S+)?\s+to\s/i.test(thing) || WANT_HEDGE.test(s)) continue;
    // Said after a request to them in the same turn ("can you send me the list? I want the number in the deck"): the same work.
    if (r.created.some((d) => d.ownerKey === owner)) return null;
    const reply = r.nextReply();
    const answer = reply ? stripLeadFillers(reply.text) : "";
    if (reply && DECLINE.test(answer)) return [];
    const due = r.dueDate([s, ...r.turnSents.slice(i + 1)]);
    if (!due && !(reply && ACCEPT_START.test(answer) && resolveOwner(speakerDisplay(reply.speaker, r.ctx) ?? "", r.ctx) === owner))
      continue;
    const me = (speakerDisplay(r.u.speaker, r.ctx) ?? r.me).split(/\s+/)[0];
    const task = cleanTask(`get ${me} ${thing}`);
    if (!task || isWeak(task)) continue;
    return [{ op: "add", item: r.draft("wantFrom", { task, owner, due, assignedBy: r.me }) }];
  }
  return null;
}

/**
 * Outside a recap, "… and Tad changes the seal tomorrow", "So Maddie lines up the dealer interviews?" — "Yep": a
 * person of the meeting named with what they do, in the present tense, is an arrangement when it has a time ahead
 * or that person says yes. Not a habit ("Tad checks it every morning"), a condition ("if Tad changes it…"), or
 * something a person is, has or thinks.
 */
const TIME_AHEAD =
  /\b(?:today|tomorrow|tonight|this (?:afternoon|evening|week)|next (?:week|monday|tuesday|wednesday|thursday|friday)|(?:on |by )(?:monday|tuesday|wednesday|thursday|friday)|first thing|end of (?:the )?(?:day|week)|after (?:lunch|the (?:call|meeting)))\b/i;
/** Verbs that say what someone is doing or is like, not work they will do. */
const NOT_ARRANGED =
  /^(?:work|live|look|come|go|get|take|make|leave|arrive|start|finish|sit|talk|speak|ask|tell|hear|see|love|hate|hope|wish|believe|remember|forget|try|keep|play|win|lose|pay)\b(?!\s+(?:the|a|an|his|her|their)\s)/i;
const HABIT = /\b(?:every|usually|always|normally|each (?:week|day|month|time)|whenever)\b/i;
export function namedPresent(r: Reader, s: string, i: number): Op[] {
  if (r.inRecap() || !r.me) return [];
  const ops: Op[] = [];
  for (const part of recapParts(s)) {
    const text = part
      .trim()
      .replace(/[.!?]$/, "")
      .replace(/^(?:(?:and|so|then|also|okay|ok|right|alright|good|great|fine)[,.]?\s+)+/i, "");
    const third = RECAP_THIRD_PERSON.exec(text);
    if (!third || !isName(third[1])) continue;
    const owner = resolveOwner(third[1] ?? "", r.ctx);
    if (!r.ctx.speakers.includes(owner) || owner === r.me) continue;
    const before = s.slice(0, Math.max(0, s.indexOf(third[1] ?? "")));
    if (/\b(?:if|when|unless|once|whether|until)\b[^,]*$/i.test(before) || HABIT.test(text)) continue;
    const raw = baseVerb(third[2] ?? "");
    const task = cleanTask(raw);
    if (!task || isWeak(task) || RECAP_NOT_TASK.test(task) || NOT_ARRANGED.test(task) || task.split(/\s+/).length < 2) continue;
    // "So Lars writes the OpenAPI draft" after Lars took it on: said back, not new work.
    if (r.items.some((it) => it.ownerKey === owner && sharesWord(it.task, task))) continue;
    const reply = r.nextReply();
    const yes =
      !!reply &&
      resolveOwner(speakerDisplay(reply.speaker, r.ctx) ?? "", r.ctx) === owner &&
      !DECLINE.test(stripLeadFillers(reply.text)) &&
      /^(?:[^.?!]*,\s*)?(?:yes|yeah|yep|yup|sure|okay|ok|will do|fine|on it|got it)\b/i.test(stripLeadFillers(reply.text));
    if (!yes && (!TIME_AHEAD.test(text) || /\?\s*$/.test(s))) continue;
    const due = r.dueDate([text, ...(yes && reply ? [reply.text] : []), ...r.turnSents.slice(i + 1)]);
    ops.push({ op: "add", item: r.draft("namedPresent", { task, owner, due }) });
  }
  return ops;
}
