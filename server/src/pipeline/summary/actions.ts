// Rule-based action-item extraction from meeting utterances. It follows how people hand out, accept,
// pass on and take back work in conversation:
//   - first-person commitments ("I'll send the deck", "my plan is to…", "let me look into it, and I can…");
//   - requests to a named person or answered by the next speaker ("Priya, can you…?", "would you mind…ing",
//     "it'd be great if you could…", "please…" + "Sure") and offers that are accepted ("I could…" + "Do it");
//   - explicit markers ("Action item for Dana: …") and motions bound by the chair ("Sam, that one's yours");
//   - an open need ("someone needs to…", "can someone…?") taken by a volunteer ("I'll do it");
//   - hand-overs ("never mind, Dev's got it"), corrections ("No, wait… I'll move them to me") and dates given
//     in the replies ("Early next week, yeah", "Let's say the fifth for both of you").
// It skips past tense, hypotheticals, reported speech, deferred wishes ("at some point"), jokes, running the
// meeting ("call the roll"), offers nobody accepts and withdrawn offers.
// The phrases live in speech-acts.ts (what people say), owners.ts (who) and task-text.ts (task wording).
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { cleanSpeech } from "./clean";
import { preciseItems } from "./precision";
import { LONG_MEETING_WORDS, withModelItems, type ModelOptions } from "./action-model";
import { findDueDates, lastMonthNamed, pickDueDate, weekdayBefore, type DueMatch } from "./due-date";
import {
  addressedName,
  ASSIGNED_TO_ADDRESSEE,
  GENERIC_LABEL,
  handOverName,
  isName,
  makeContext,
  NAME,
  resolveOwner,
  speakerDisplay,
  splitSentences,
  type Context,
} from "./owners";
import {
  ACCEPT_START,
  commitmentClauses,
  CORRECTION,
  DATE_CORRECTION,
  DEADLINE_STATEMENT,
  DECLINE,
  DOING_NOW,
  divisionOfLabour,
  findNeed,
  findRequest,
  GENERIC_ACCEPT,
  imperativeIn,
  isConditional,
  isDateReply,
  isOfferOnly,
  isReported,
  jointProposal,
  LAUGHTER,
  NON_TASK_AFTER_WILL,
  OFFER_ACCEPT,
  offerQuestion,
  participantTaskFinder,
  NEXT_STEPS,
  taskForYou,
  namedNextStep,
  PROCEDURAL,
  RECAP,
  stripLeadFillers,
  WITHDRAW,
  type Clause,
} from "./speech-acts";
import {
  baseVerb,
  cleanTask,
  contentWords,
  firstWord,
  inheritObject,
  isWeak,
  meToName,
  pointsBack,
  resolvePronounObject,
  sharesWord,
  TASK_VERBS,
  youToName,
} from "./task-text";

export { resolveGenericLabels } from "./owners";

interface Draft extends ActionItemDraft {
  turn: number;
  /** Speaker label or name who is bound to it (for matching acceptances). */
  ownerKey: string | null;
  weakTask: boolean;
  /** The turn of the request it came from: one request may give several items ("…and pinning…"). */
  requestTurn: number | null;
  /** Said in a recap turn ("Okay, recap. Kenji, pin the pool today…"): likely a repeat. */
  recap: boolean;
  /** Said as a task for someone by label or role, or as next steps: kept in long meetings too. */
  explicit: boolean;
  /** Who put it on the owner: the requester, the chair, the person handing it over, or the owner themself. */
  assignedBy: string | null;
  /** The owner has already said yes to it. */
  accepted: boolean;
}

interface Need {
  task: string;
  turn: number;
  strong: boolean;
  /** The need's sentence and the rest of its turn: where its date is said (not an event date said before it). */
  dueTexts: string[];
}

interface DueFound {
  date: string;
  deadline: boolean;
}

/** Extraction over one meeting; the per-turn fields describe the turn being read. */
class Extractor {
  private readonly ctx: Context;
  private findParticipantTask: ReturnType<typeof participantTaskFinder> | undefined;
  private readonly sents: string[][];
  private readonly items: Draft[] = [];
  private readonly needs: Need[] = [];

  private t = 0;
  private me: string | null = null;
  private created: Draft[] = [];
  private bound: Draft | null = null;
  private turnAddressee: string | null = null;
  private correcting = false;
  private plans: { task: string; due: string | null }[] = [];
  /** A long meeting (over LONG_MEETING_WORDS words). */
  private readonly long: boolean;

  constructor(
    private readonly utterances: Utterance[],
    private readonly meetingDate: Date,
    private readonly model: ModelOptions | false = {},
  ) {
    this.ctx = makeContext(utterances);
    this.sents = utterances.map((u) => splitSentences(u.text));
    this.long = utterances.reduce((n, u) => n + u.text.split(/\s+/).length, 0) > LONG_MEETING_WORDS;
  }

  run(): ActionItemDraft[] {
    for (this.t = 0; this.t < this.utterances.length; this.t++) this.readTurn();
    // In a long meeting people say "I'll…" all the time about the talk itself; what stays to do is handed out at
    // the wrap-up ("for the next meeting…") or given to someone by name or role.
    const kept = this.long ? this.items.filter((it) => it.explicit || this.nearNextSteps(it.turn)) : this.items;
    const items = dedupe(kept).map(({ task, assignee, dueDate, sourceStart }) => ({ task, assignee, dueDate, sourceStart }));
    const precise = preciseItems(items, this.ctx);
    return this.model === false ? precise : withModelItems(precise, this.utterances, this.ctx, this.meetingDate, this.model);
  }

  // -------------------------------------------------------------------------------------------------
  // Helpers

  /** The turn being read (run() walks every index). */
  private get u(): Utterance {
    const u = this.utterances[this.t];
    if (!u) throw new Error(`No turn ${this.t}: the walk went past the transcript.`);
    return u;
  }

  /** The sentences of the turn being read. */
  private get turnSents(): string[] {
    return this.sents[this.t] ?? [];
  }

  private add(d: {
    task: string;
    owner: string | null;
    due: string | null;
    sourceTurn?: number;
    requestTurn?: number | null;
    assignedBy?: string | null;
    explicit?: boolean;
  }): Draft {
    const item: Draft = {
      task: d.task,
      assignee: d.owner,
      ownerKey: d.owner,
      dueDate: d.due,
      sourceStart: (this.utterances[d.sourceTurn ?? this.t] ?? this.u).start,
      turn: this.t,
      weakTask: isWeak(d.task),
      requestTurn: d.requestTurn ?? null,
      recap: RECAP.test(this.u.text),
      assignedBy: d.assignedBy === undefined ? this.me : d.assignedBy,
      accepted: false,
      explicit: d.explicit ?? false,
    };
    this.items.push(item);
    this.created.push(item);
    return item;
  }

  private remove(item: Draft): void {
    const i = this.items.indexOf(item);
    if (i >= 0) this.items.splice(i, 1);
    const c = this.created.indexOf(item);
    if (c >= 0) this.created.splice(c, 1);
    if (this.bound === item) this.bound = null;
  }

  private previousTexts(): string[] {
    return this.utterances.slice(Math.max(0, this.t - 3), this.t + 1).map((u) => u.text);
  }

  /** The first due date in `texts`; "by then" and "the Wednesday before" are resolved from earlier turns. */
  private dueIn(texts: string[]): DueFound | null {
    const previous = this.previousTexts();
    // A bare "the fifth" belongs to the month being talked about: in the last few turns, else the last one the
    // meeting named before ("the twentieth" after "March twentieth" long before is March 20, not the next 20th).
    const monthHint = lastMonthNamed(previous.join(" ")) ?? this.monthBefore(this.t);
    for (const text of texts) {
      const m = pickDueDate(findDueDates(text, this.meetingDate, false, monthHint));
      if (!m) continue;
      if (!m.then) return { date: m.date, deadline: m.deadline };
      for (const earlier of [...previous].reverse()) {
        if (m.weekdayBefore !== undefined) {
          // "the Wednesday before": before the event's date ("the 25th"), rather than a weekday said in passing.
          const anchors = findDueDates(earlier, this.meetingDate, true).filter((d: DueMatch) => !d.then);
          const anchor = anchors.filter((d) => d.dayOfMonth).pop() ?? anchors.pop();
          if (anchor) return { date: weekdayBefore(anchor.date, m.weekdayBefore), deadline: true };
          continue;
        }
        const found = findDueDates(earlier, this.meetingDate)
          .filter((d: DueMatch) => !d.then)
          .at(-1);
        if (found) return { date: found.date, deadline: true };
      }
    }
    return null;
  }

  /** The last month named in a date ("March twentieth") in the turns before `turn`; kept as the walk goes (linear). */
  private monthBefore(turn: number): number | null {
    while (this.monthsRead < turn) {
      const m = lastMonthNamed(this.utterances[this.monthsRead]?.text ?? "");
      if (m !== null) this.lastMonth = m;
      this.monthsRead++;
    }
    return this.lastMonth;
  }
  private monthsRead = 0;
  private lastMonth: number | null = null;

  private dueDate(texts: string[]): string | null {
    return this.dueIn(texts)?.date ?? null;
  }

  /** What someone else recently put on this person (a request, a marker, a hand-over): what their "Sure" answers. */
  private askedOf(ownerKey: string | null): Draft | undefined {
    return [...this.items]
      .reverse()
      .find(
        (it) => it.ownerKey !== null && it.ownerKey === ownerKey && it.assignedBy !== ownerKey && this.t - it.turn <= 4 && this.t > it.turn,
      );
  }

  /** This person's latest item in the last few turns, this one included. */
  private recentOf(ownerKey: string | null): Draft | undefined {
    return [...this.items]
      .reverse()
      .find((it) => it.ownerKey !== null && it.ownerKey === ownerKey && this.t - it.turn <= 4 && this.t >= it.turn);
  }

  /** The other person most recently talking: who "you" is in a commitment. */
  private interlocutor(): string | null {
    const prev = [...this.utterances.slice(0, this.t)].reverse().find((p) => p.speaker !== this.u.speaker);
    const who = prev ? speakerDisplay(prev.speaker, this.ctx) : null;
    return who && !GENERIC_LABEL.test(who) ? who : null;
  }

  private nextReply(): Utterance | null {
    const next = this.utterances[this.t + 1];
    return next && next.speaker !== this.u.speaker ? next : null;
  }

  /** Nearest-first context for pronoun objects: earlier sentences of this turn, then the previous turn. */
  private contextBefore(i: number): string[] {
    const own = this.turnSents.slice(0, i).reverse();
    const prev = [...(this.sents[this.t - 1] ?? [])].reverse();
    return [...own, ...prev];
  }

  // -------------------------------------------------------------------------------------------------
  // One turn

  private readTurn(): void {
    this.me = speakerDisplay(this.u.speaker, this.ctx);
    this.created = [];
    this.bound = null;
    this.turnAddressee = null;
    this.correcting = false;
    this.plans = [];
    for (const [i, sentence] of this.turnSents.entries()) this.readSentence(sentence, i);
    // "My plan is to…" frames the turn; it is the item only when nothing more concrete was said.
    if (this.me && !this.created.some((c) => c.ownerKey === this.me))
      for (const p of this.plans) this.add({ task: p.task, owner: this.me, due: p.due });
    this.followUpDates();
  }

  private readSentence(sentence: string, i: number): void {
    let s = sentence;
    const who = addressedName(s, this.ctx, this.me);
    if (who) this.turnAddressee = who;

    // Taking back: drop what this turn offered, pass my task on ("never mind, Dev's got it"), read on after it.
    const withdraw = WITHDRAW.exec(s);
    if (withdraw) {
      for (const d of [...this.created]) this.remove(d);
      this.handOver(s);
      s = s.slice((withdraw.index ?? 0) + withdraw[0].length).replace(/^[\s,.;:!-]+/, "");
      if (!s) return;
    }
    if (CORRECTION.test(s)) this.correcting = true;

    if (this.assignment(s)) return;
    if (this.marker(s, i)) return;
    if (this.recapLine(s)) return;
    if (this.participantTask(s, i)) return;
    if (this.nextStepForYou(s, i)) return;
    if (this.namedNextStep(s, i)) return;
    if (this.letsHave(s, i)) return;
    this.division(s, i);
    this.joint(s, i);
    if (this.offerAsked(s)) return;
    if (this.request(s, i)) return;
    if (this.addressedImperative(s, i)) return;
    this.need(s, i);
    this.commitments(s, i);
  }

  // -------------------------------------------------------------------------------------------------
  // Rules, in the order they are tried

  /** "never mind, Dev's got it": the speaker's recent task goes to the person named. */
  private handOver(s: string): void {
    const to = handOverName(s);
    if (!to || !this.me) return;
    const mine = [...this.items].reverse().find((it) => it.ownerKey === this.me && this.t - it.turn <= 3);
    if (!mine) return;
    const owner = resolveOwner(to, this.ctx);
    mine.assignee = owner;
    mine.ownerKey = owner;
    mine.assignedBy = this.me;
    mine.accepted = false;
    mine.turn = this.t;
  }

  /** "Sam, that one's yours": the addressee takes the open need (a motion, "can someone…"), or keeps their task. */
  private assignment(s: string): boolean {
    if (!ASSIGNED_TO_ADDRESSEE.test(s) || !this.turnAddressee) return false;
    const owner = resolveOwner(this.turnAddressee, this.ctx);
    const need = [...this.needs].reverse().find((n) => this.t - n.turn <= 4 && this.t >= n.turn);
    if (need) {
      this.needs.splice(this.needs.indexOf(need), 1);
      this.bound = this.add({ task: need.task, owner, due: this.dueDate(need.dueTexts) });
      return true;
    }
    const theirs = this.recentOf(owner);
    if (theirs) {
      theirs.turn = this.t;
      theirs.sourceStart = this.u.start;
      return true;
    }
    return false;
  }

  /** "Action item: …", "action item for Sam, then: …", numbered note styles ("ACTION 12.3: …", "TODO: …"). */
  private marker(s: string, i: number): boolean {
    const m =
      /\baction items?(?:\s+for\s+(me|you|[\p{L}][\p{L}'’-]+))?(?:,?\s+(?:then|please|too|again))?\s*[:,\-–—]\s*(.+)$/iu.exec(s) ??
      /^(?:ACTION|Action|TODO|To-?do)()(?:\s+(?:[Ii]tem\s+)?\d+(?:\.\d+)*\s*:?|\s*:)\s+(.+)$/u.exec(s);
    if (!m) return false;
    const forWho = m[1];
    const body = m[2] ?? "";
    let owner: string | null = null;
    let task = body;
    if (forWho && /^me$/i.test(forWho)) owner = this.me;
    // (an empty capture comes from the numbered-note form)
    else if (forWho && !/^you$/i.test(forWho)) owner = resolveOwner(forWho, this.ctx);
    else {
      const third = new RegExp(
        `^(${NAME}(?:\\s+${NAME}){0,2})\\s*(?::\\s*|\\s+to\\s+|\\s+will\\s+|\\s+should\\s+|\\s+(?=\\p{Ll}+s\\b(?!\\s+(?:should|will|to|must|need)\\b)))(.*)$`,
        "u",
      ).exec(body);
      const [, named = "", rest = ""] = third ?? [];
      if (third && isName(named.split(" ")[0])) {
        owner = resolveOwner(named, this.ctx);
        task = baseVerb(rest);
      }
    }
    const cleaned = cleanTask(task);
    // The marker's own words carry its date before anything said earlier in the sentence.
    if (cleaned) this.add({ task: cleaned, owner, due: this.dueDate([body, s, ...this.turnSents.slice(i + 1)]) });
    return true;
  }

  /** Whether the turn being read is a recap, or carries on one the same speaker began in the turn before. */
  private inRecap(): boolean {
    if (RECAP.test(this.u.text)) return true;
    const prev = this.utterances[this.t - 1];
    return !!prev && prev.speaker === this.u.speaker && RECAP.test(prev.text);
  }

  /**
   * A recap's lines in the third person: "Kwame drafts the release checklist by Thursday", "Ravi looks at the
   * images, and Toby raises the labels on Monday", "I send the summary on Monday". Each person of the meeting
   * named with what they do is an item; a later recap line restates an earlier item (dedupe).
   */
  private recapLine(s: string): boolean {
    if (!this.inRecap()) return false;
    let found = false;
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
        owner = resolveOwner(third[1], this.ctx);
        if (!this.ctx.speakers.includes(owner)) continue;
        raw = baseVerb(third[2] ?? "");
      } else if (first && this.me) {
        owner = this.me;
        raw = first[1] ?? "";
      } else continue;
      lastOwner = owner;
      const task = cleanTask(raw);
      if (!task || isWeak(task) || PROCEDURAL.test(task) || RECAP_NOT_TASK.test(task) || task.split(/\s+/).length < 2) continue;
      this.add({ task, owner, due: this.dueDate([text]), explicit: true });
      found = true;
    }
    return found;
  }

  /** "As the industrial designer, you're gonna be working on the working design": a task for a participant named by label. */
  private participantTask(s: string, i: number): boolean {
    this.findParticipantTask ??= participantTaskFinder(this.ctx.speakers.filter((x) => !GENERIC_LABEL.test(x)));
    const found = this.findParticipantTask(cleanSpeech(s));
    if (!found) return false;
    const task = cleanTask(found.task);
    if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task)) return false;
    this.add({ task, owner: found.label, due: this.dueDate([s, ...this.turnSents.slice(i + 1)]), explicit: true });
    return true;
  }

  /** Whether this turn or the few before it hand out next steps ("for the next meeting…", "individual actions"). */
  private inNextSteps(turn = this.t): boolean {
    // The wrap-up of a long meeting, or a few turns after someone mentions the next meeting or individual work.
    return (this.long && turn >= this.utterances.length * 0.85) || this.nearNextSteps(turn);
  }

  private nearNextSteps(turn: number): boolean {
    return this.utterances.slice(Math.max(0, turn - 6), turn + 1).some((u) => NEXT_STEPS.test(u.text));
  }

  /** "Poppy will be working on the look-and-feel design", "Marketing, the user requirement specification". */
  private namedNextStep(s: string, i: number): boolean {
    if (!this.inNextSteps()) return false;
    const found = namedNextStep(
      cleanSpeech(s),
      this.ctx.speakers.filter((x) => x.trim() && !GENERIC_LABEL.test(x)),
    );
    if (!found) return false;
    const task = cleanTask(found.task);
    if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task)) return false;
    const owner = this.ctx.speakers.includes(found.who) ? found.who : resolveOwner(found.who, this.ctx);
    this.add({ task, owner, due: this.dueDate([s, ...this.turnSents.slice(i + 1)]), explicit: true });
    return true;
  }

  /** "For our Industrial Designer, you're gonna be thinking about the components concept": next steps put on "you". */
  private nextStepForYou(s: string, i: number): boolean {
    if (!this.inNextSteps()) return false;
    const raw = taskForYou(cleanSpeech(s));
    if (!raw) return false;
    const task = cleanTask(raw);
    if (!task || isWeak(task) || PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task) || !TASK_VERBS.has(firstWord(task))) return false;
    // Who "you" is: a participant named just before in this sentence or the one before, else the person addressed.
    const labels = this.ctx.speakers.filter((x) => x.trim() && !GENERIC_LABEL.test(x));
    const before = `${this.turnSents[i - 1] ?? ""} ${s.slice(0, Math.max(0, s.search(/\byou\b/i)))}`.toLowerCase();
    const named = labels
      .map((l) => ({ l, at: before.lastIndexOf(l.replace(/\s*\(.*$/, "").toLowerCase()) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => b.at - a.at)[0]?.l;
    const owner = named ?? (this.turnAddressee ? resolveOwner(this.turnAddressee, this.ctx) : null);
    this.add({ task, owner, due: this.dueDate([s, ...this.turnSents.slice(i + 1)]), explicit: true });
    return true;
  }

  /** "Let's have Omar own the spike." */
  private letsHave(s: string, i: number): boolean {
    const m = new RegExp(`\\b[Ll]et'?s (?:have|get) (${NAME})\\s+(.+)$`, "u").exec(s);
    const [, name, rest = ""] = m ?? [];
    if (!isName(name)) return false;
    const owner = resolveOwner(name, this.ctx);
    const task = cleanTask(rest);
    if (task) this.add({ task, owner, due: this.dueDate([s, ...this.turnSents.slice(i + 1)]) });
    return true;
  }

  /** "You add the numbers, I'll add my comments": the addressee's part is theirs (the speaker's is read later). */
  private division(s: string, i: number): void {
    const d = divisionOfLabour(s);
    if (!d) return;
    const owner = d.name ? resolveOwner(d.name, this.ctx) : this.interlocutor();
    const task = cleanTask(d.task);
    if (owner && task) this.add({ task, owner, due: this.dueDate([s, ...this.turnSents.slice(i + 1)]) });
  }

  /** "Let's both go through the survey early next week" + "Deal": the proposer owns a joint task they do not split. */
  private joint(s: string, i: number): void {
    const raw = jointProposal(s);
    if (!raw || !this.me || this.turnSents.some((x) => divisionOfLabour(x))) return;
    const task = cleanTask(raw);
    if (!task || isWeak(task)) return;
    const due = this.dueDate([s, ...this.turnSents.slice(i + 1)]);
    const reply = this.nextReply();
    if (due || (reply && (OFFER_ACCEPT.test(stripLeadFillers(reply.text)) || ACCEPT_START.test(stripLeadFillers(reply.text)))))
      this.add({ task, owner: this.me, due });
  }

  /** "Do you want me to…?" + "Yes, please. Just tell her…": the person offering owns it; the reply may say what exactly. */
  private offerAsked(s: string): boolean {
    const offer = offerQuestion(s);
    const reply = this.nextReply();
    if (!offer || !reply || !this.me) return false;
    // "Should I post in the channel?" — "Yes please" — "Posting now.": done in the meeting.
    const after = this.utterances[this.t + 2];
    if (after && after.speaker === this.u.speaker && DOING_NOW.test(stripLeadFillers(after.text))) return true;
    const answer = stripLeadFillers(reply.text);
    if (!OFFER_ACCEPT.test(answer) && !/^(?:yes|yeah|yep|sure)\b/i.test(answer)) return false;
    const replySents = splitSentences(answer);
    const instruction = replySents.map((x) => imperativeIn(x)).find(Boolean) ?? null;
    const raw = instruction ?? offer;
    if (NON_TASK_AFTER_WILL.test(raw) || PROCEDURAL.test(raw)) return false;
    const task = cleanTask(raw);
    if (!task || (!instruction && !TASK_VERBS.has(firstWord(task)))) return false;
    const due = this.dueDate(instruction ? replySents.filter((x) => imperativeIn(x)) : [s]);
    this.add({ task, owner: this.me, due, sourceTurn: this.t + 1 });
    return true;
  }

  /** Requests: to the person addressed in the sentence or earlier in the turn, else to whoever says yes next. */
  private request(s: string, i: number): boolean {
    const req = findRequest(s);
    if (!req) return false;
    if (req.retracted) return false;
    const context = this.contextBefore(i);
    const tasks = req.tasks
      .map((raw) => cleanTask(raw))
      .filter((task) => task && !PROCEDURAL.test(task))
      .map((task) => resolvePronounObject(meToName(task, this.me), context));
    if (!tasks.length) return false;
    const dueTexts = [s, ...this.turnSents.slice(i + 1)];
    const addressee = addressedName(s, this.ctx, this.me) ?? this.turnAddressee;
    if (addressee) {
      const owner = resolveOwner(addressee, this.ctx);
      // "Bart, can you check the locks?" — "Yeah, looking.": done in the meeting, nothing to follow up.
      if (this.doneNow()) return true;
      if (tasks.every((x) => isWeak(x) || pointsBack(x))) {
        // "Could you get it done by Wednesday?": about the task they already have.
        const theirs = this.recentOf(owner);
        if (theirs) {
          const due = this.dueDate(dueTexts);
          if (due) theirs.dueDate = due;
          return true;
        }
        // "can you make sure that happens": the need said just before.
        const need = [...this.needs].reverse().find((n) => this.t - n.turn <= 1);
        if (need) {
          this.needs.splice(this.needs.indexOf(need), 1);
          this.add({ task: need.task, owner, due: this.dueDate([...dueTexts, ...need.dueTexts]), requestTurn: this.t });
          return true;
        }
        const previousTurn = this.utterances[this.t - 1];
        if (previousTurn) dueTexts.push(previousTurn.text);
      }
      const due = this.dueDate(dueTexts);
      for (const task of tasks) this.add({ task, owner, due, requestTurn: this.t });
      return true;
    }
    if (!TASK_VERBS.has(firstWord(tasks[0] ?? ""))) return false;
    // Unnamed request: the next speaker's acceptance makes them the owner.
    const reply = this.nextReply();
    const answer = reply ? stripLeadFillers(reply.text) : "";
    if (!reply || !ACCEPT_START.test(answer) || DECLINE.test(answer)) return false;
    const owner = speakerDisplay(reply.speaker, this.ctx);
    if (!owner) return false;
    const due = this.dueDate(dueTexts);
    for (const task of tasks) this.add({ task, owner, due, sourceTurn: this.t + 1, requestTurn: this.t });
    return true;
  }

  /** The next speaker does it on the spot ("Sharing.", "Posting now.", "Done."). */
  private doneNow(): boolean {
    const reply = this.nextReply();
    return !!reply && DOING_NOW.test(stripLeadFillers(reply.text));
  }

  /** "Name, (when …,) send it to …": an imperative to the person addressed. */
  private addressedImperative(s: string, i: number): boolean {
    const addressed = addressedName(s, this.ctx, this.me);
    if (!addressed) return false;
    if (this.doneNow()) return true;
    const m = new RegExp(`^(?:[^,]*,\\s*)??(?:(?:when|once|after|if|since)\\b[^,]*,\\s*)?(?:please\\s+)?(\\p{Ll}+)\\b(.*)$`, "u").exec(
      s.slice(s.indexOf(",") + 1).trim(),
    );
    // "Name, look out / hold up" are not tasks.
    const [, verb = "", rest = ""] = m ?? [];
    if (!m || !TASK_VERBS.has(verb) || /^\s*(?:up|on)\b/.test(rest) || (verb === "look" && /^\s*out\b/.test(rest))) return false;
    const task = cleanTask(`${verb}${rest}`);
    if (!task || PROCEDURAL.test(task)) return false;
    this.add({ task, owner: resolveOwner(addressed, this.ctx), due: this.dueDate([s, ...this.turnSents.slice(i + 1)]) });
    return true;
  }

  /** Open needs, taken by a volunteer later. */
  private need(s: string, i: number): void {
    const found = findNeed(s, cleanTask);
    if (!found) return;
    const dueTexts = [s, ...this.turnSents.slice(i + 1)];
    // "The permit expires on the 30th. Someone needs to renew it.": a deadline stated just before counts.
    const before = this.turnSents[i - 1];
    if (before && DEADLINE_STATEMENT.test(before)) dueTexts.push(before);
    this.needs.push({ task: found.task, turn: this.t, strong: found.strong, dueTexts });
  }

  /** A volunteer or the addressee taking something on; true when it bound to a request or a need. */
  private bind(commitTask: string, dueTexts: string[], generic: boolean): boolean {
    if (!this.me) return false;
    const openNeed = [...this.needs].reverse().find((n) => this.t - n.turn <= 3 && this.t >= n.turn && (n.strong || generic));
    const mine = this.askedOf(this.me);
    // "Sure, I'll…" right after being asked; once they have said yes, a new "I'll…" must be about the same thing.
    const acceptsRequest = !!mine && !mine.accepted && ACCEPT_START.test(stripLeadFillers(this.u.text)) && this.t - mine.turn <= 2;
    const answersMine =
      !!mine && (generic || acceptsRequest || isWeak(commitTask) || pointsBack(commitTask) || sharesWord(mine.task, commitTask));
    // A reply to what I was just asked is about that, not an older need ("could you take six?" "I can do three").
    if (mine && (!openNeed || openNeed.turn < mine.turn)) {
      if (!answersMine) return false;
      this.acceptInto(mine, commitTask, dueTexts);
      return true;
    }
    // A volunteer names the need's task, points back at it, or just says "I'll do it".
    if (openNeed && (generic || isWeak(commitTask) || isWeak(openNeed.task) || sharesWord(openNeed.task, commitTask))) {
      this.needs.splice(this.needs.indexOf(openNeed), 1);
      const task = isWeak(openNeed.task) && !isWeak(commitTask) ? commitTask : openNeed.task;
      this.bound = this.add({ task, owner: this.me, due: this.dueDate([...dueTexts, ...openNeed.dueTexts]) });
      return true;
    }
    if (mine && answersMine) {
      this.acceptInto(mine, commitTask, dueTexts);
      return true;
    }
    return false;
  }

  /** Accepting a request: the reply's date and a clearer task fill in; a request's own date stays unless the reply sets a deadline. */
  private acceptInto(mine: Draft, commitTask: string, dueTexts: string[]): void {
    const siblings =
      mine.requestTurn === null ? [mine] : this.items.filter((it) => it.requestTurn === mine.requestTurn && it.ownerKey === mine.ownerKey);
    if (siblings.length > 1) this.datesPerPart(siblings);
    else {
      const due = this.dueIn(dueTexts);
      if (due && (!mine.dueDate || due.deadline || DATE_CORRECTION.test(this.u.text))) mine.dueDate = due.date;
    }
    if ((mine.weakTask || pointsBack(mine.task)) && !isWeak(commitTask) && !pointsBack(commitTask)) {
      // A pure pointer ("Adapt that") is replaced; a short task keeps its words in brackets.
      mine.task = contentWords(mine.task).size <= 1 || pointsBack(mine.task) ? commitTask : `${commitTask} (${mine.task.toLowerCase()})`;
      mine.weakTask = isWeak(mine.task);
    }
    for (const it of siblings) {
      it.sourceStart = this.u.start;
      it.turn = this.t;
      it.accepted = true;
    }
    this.bound = mine;
  }

  /** One request, several tasks: each dated sentence of the reply goes to the task it mentions ("pinning it… today. The write-up, tomorrow"). */
  private datesPerPart(parts: Draft[]): void {
    for (const sentence of this.turnSents) {
      const due = this.dueIn([sentence]);
      if (!due) continue;
      const about = parts.filter((p) => sharesWord(p.task, sentence));
      for (const p of about.length ? about : parts.filter((x) => !x.dueDate)) if (!p.dueDate || about.length) p.dueDate = due.date;
    }
  }

  /** First-person commitments and volunteers. */
  private commitments(s: string, i: number): void {
    const generic = GENERIC_ACCEPT.test(s);
    const clauses = commitmentClauses(s);
    const rest = this.turnSents.slice(i + 1);
    const usable = (c: Clause) => !isConditional(c.before) && !isReported(c.before) && !/^\s*(?:never|not)\b/i.test(c.phrase);
    const firstReal = clauses.find((c) => usable(c) && !GENERIC_ACCEPT.test(c.text));
    // "That's on me. I'll sort it out tomorrow": the volunteering binds first; a clause after it adds detail.
    if (generic && !isConditional(s.slice(0, GENERIC_ACCEPT.exec(s)?.index ?? 0))) {
      if (!this.bound) this.bind(firstReal ? cleanTask(firstReal.phrase) : "", [s, ...rest], true);
      if (this.bound && !firstReal) return;
    }
    // "I'll rework the alert, and I'll have a PR up": one task; "I'll call them or I'll find another": one task.
    const merged: Clause[] = [];
    for (const c of clauses) {
      const prev = merged[merged.length - 1];
      if (prev && c.link === "or") continue;
      if (prev && c.link === "and" && usable(prev) && this.clauseTask(prev) && !GENERIC_ACCEPT.test(prev.text) && this.clauseTask(c)) {
        prev.phrase = `${prev.phrase.replace(/[\s,]*\band(?:\s+then)?[\s,]*$/i, "")} and ${c.phrase}`;
        prev.text = `${prev.text} ${c.text}`;
        continue;
      }
      merged.push({ ...c });
    }
    for (const c of merged) this.commitment(c, s, i, rest, generic);
  }

  private clauseTask(c: Clause): string {
    if (NON_TASK_AFTER_WILL.test(c.phrase) || /^not\b/i.test(c.phrase)) return "";
    return cleanTask(c.phrase);
  }

  private commitment(c: Clause, s: string, i: number, rest: string[], generic: boolean): void {
    if (!this.me || isConditional(c.before) || isReported(c.before) || /^\s*(?:never|not)\b/i.test(c.phrase)) return;
    if (GENERIC_ACCEPT.test(c.text) && isWeak(cleanTask(c.phrase))) return;
    if (NON_TASK_AFTER_WILL.test(c.phrase) || /^not\b/i.test(c.phrase)) return;
    const verb = firstWord(cleanTask(c.phrase));
    if (c.kind === "letMe" && !TASK_VERBS.has(verb)) return;
    // A laughing reply ("Ha. I'll hold your coat.") is a joke unless it names real work.
    if (LAUGHTER.test(this.u.text) && !TASK_VERBS.has(verb)) return;
    let task = cleanTask(c.phrase);
    if (!task || PROCEDURAL.test(task)) return;
    task = youToName(task, this.interlocutor());
    if (isWeak(task)) task = resolvePronounObject(task, this.contextBefore(i));
    // The clause's own words carry its date; then the sentence, the rest of the turn and a deadline just stated.
    const dueTexts = [c.text, s, ...rest];
    const prevSentence = this.turnSents[i - 1];
    if (prevSentence && DEADLINE_STATEMENT.test(prevSentence)) dueTexts.push(prevSentence);

    if (this.bound) {
      // Further words of a volunteer in the same turn: the date and a clearer task if the bound one was weak.
      const b = this.bound;
      const due = this.dueDate(dueTexts);
      if (due) b.dueDate = due;
      if (b.weakTask && !isWeak(task)) {
        b.task = contentWords(b.task).size <= 1 ? task : `${task} (${b.task.toLowerCase()})`;
        b.weakTask = false;
      }
      return;
    }
    if (c.kind !== "could" && c.kind !== "plan" && this.bind(task, dueTexts, generic)) return;

    const mineThisTurn = [...this.created].reverse().find((d) => d.ownerKey === this.me);
    if (this.correcting && mineThisTurn && !isWeak(task)) {
      // "No, wait, he's out. I'll move them to me": the corrected version replaces the first.
      mineThisTurn.task = inheritObject(task, mineThisTurn.task);
      mineThisTurn.dueDate = this.dueDate(dueTexts) ?? mineThisTurn.dueDate;
      this.correcting = false;
      return;
    }
    if (isWeak(task) || (mineThisTurn && /^\p{L}[\p{L}-]*\s+(?:it|them|that|this|those)\b/iu.test(task))) {
      // "Let me sort that out tomorrow", "I'll send it Friday with the minutes": more about what I just took on;
      // "By when?" — "I'll have it to you by EOD Thursday": the date of what I took on a turn or two before.
      const due = this.dueDate([c.text]);
      const earlier = mineThisTurn ? undefined : this.recentOf(this.me);
      if (mineThisTurn && due) mineThisTurn.dueDate = due;
      else if (earlier && due && (!earlier.dueDate || DATE_CORRECTION.test(s))) earlier.dueDate = due;
      return;
    }
    const due = this.dueDate(dueTexts);
    if (c.kind === "plan") {
      this.plans.push({ task, due });
      return;
    }
    const reply = this.nextReply();
    const welcomed = !!reply && OFFER_ACCEPT.test(stripLeadFillers(reply.text));
    if (c.kind === "could") {
      // "I could take another pass" + "Do it, please": the offer becomes a task where it is accepted.
      if (!welcomed || !TASK_VERBS.has(verb)) return;
      this.add({
        task,
        owner: this.me,
        due: due ?? this.dueDate([reply!.text]),
        sourceTurn: this.t + 1,
        assignedBy: speakerDisplay(reply!.speaker, this.ctx),
      });
      return;
    }
    if (c.kind === "can" || isOfferOnly(c.phrase)) {
      // "I can…" is an offer; it is a commitment when it has a date or the next speaker accepts it.
      // "I can have the quote written up by Tuesday" promises a delivery.
      if (!(due && !isOfferOnly(c.phrase)) && !welcomed) return;
      // "I can have the quote written up by Tuesday" promises a delivery; "I can do the February ones" names work.
      if (!TASK_VERBS.has(verb) && !(verb === "have" && due) && !(verb === "do" && !isWeak(task))) return;
      if (welcomed) {
        this.add({ task, owner: this.me, due, assignedBy: speakerDisplay(reply!.speaker, this.ctx) });
        return;
      }
    }
    this.add({ task, owner: this.me, due });
  }

  /**
   * Dates said after the item: a short reply that only names a date ("Early next week, yeah", "By the Wednesday
   * before, if you can") dates the latest undated item; "for both of you" dates all recent undated ones; the
   * owner's "Oh, right. By the third." corrects theirs.
   */
  private followUpDates(): void {
    if (this.created.length || this.bound || !this.me) return;
    const text = this.u.text;
    if (text.split(/\s+/).length > 25) return;
    const due = this.dueIn([text]);
    if (!due) return;
    if (/\bfor (?:both|all|each) of you\b|\bfor (?:you )?both\b|\bfor everyone\b/i.test(text)) {
      for (const it of this.items) if (!it.dueDate && this.t - it.turn <= 6) it.dueDate = due.date;
      return;
    }
    const last = [...this.items].reverse().find((it) => it.ownerKey === this.me && this.t - it.turn <= 3 && this.t > it.turn);
    if (last && last.dueDate && DATE_CORRECTION.test(text) && (due.deadline || /\bmake it\b/i.test(text))) {
      last.dueDate = due.date;
      return;
    }
    // Only a reply shaped as a date ("Early next week, yeah", "Would Friday work?") dates the last undated item,
    // and not when the turn before brought up a date of its own (the reply is about that one).
    const reply = this.turnSents.map((x) => ({ x, m: pickDueDate(findDueDates(x, this.meetingDate)) })).find((r) => r.m);
    if (!reply || !isDateReply(reply.x, reply.m!.index)) return;
    const undated = [...this.items].reverse().find((it) => this.t - it.turn <= 2 && this.t > it.turn);
    if (!undated || undated.dueDate) return;
    if (undated.turn < this.t - 1 && findDueDates(this.utterances[this.t - 1]?.text ?? "", this.meetingDate).length) return;
    undated.dueDate = this.dueDate([reply.x]);
  }
}

/**
 * Action items in the meeting: the rules' items, then what the learned scorer (action-model.ts) adds.
 * `meetingDate` anchors "by Friday"; `model` overrides the scorer's settings (false: rules only), for training.
 */
export function extractActionItems(utterances: Utterance[], meetingDate: Date, model: ModelOptions | false = {}): ActionItemDraft[] {
  return new Extractor(utterances, meetingDate, model).run();
}

// A recap sentence's clauses: "Ravi looks at the images, and Toby raises the labels" ("; " or ", and <Name> <verb>s").
const RECAP_CLAUSE = new RegExp(`;\\s*|,?\\s+and\\s+(?=(?:${NAME}\\s+\\p{Ll}+s|I\\s+\\p{Ll}+)\\b)`, "u");
/** What a recap line says someone is, has or thinks is no task: "Nat is onboarding buddy", "Tom has the list". */
const RECAP_NOT_TASK = /^(?:be|is|are|have|has|stay|go|come|seem|feel|know|think|want|need|like|agree|say|mean|get it)\b/i;
const RECAP_THIRD_PERSON = new RegExp(`^(?:(?:and|then|also|so)\\s+)?(${NAME})\\s+(\\p{Ll}+s\\b.*)$`, "u");
const RECAP_FIRST_PERSON = /^(?:(?:and|then|also|so)\s+)?I\s+(\p{Ll}+(?<!s)\b.*)$/u;
/** A recap clause that carries on the last person's list: "…, and checks with Voxline by Monday". */
const RECAP_SAME_PERSON = /^(?:(?:and|then|also)\s+)?(\p{Ll}+s\b.*)$/u;

/**
 * A recap sentence's clauses (RECAP_CLAUSE), and within one person's clause each further task verb ("Simone strips
 * the event today, checks the other tools this week, and updates the data map by end of March"); a comma before
 * any other word ("sends the notes, forms and minutes") stays inside the task.
 */
function recapParts(s: string): string[] {
  const out: string[] = [];
  for (const clause of s.split(RECAP_CLAUSE)) {
    const pieces = clause.split(/(,\s+(?:and\s+)?|\s+and\s+)(?=\p{Ll}+s\b)/u);
    let current = pieces[0] ?? "";
    for (let k = 1; k + 1 < pieces.length; k += 2) {
      const next = pieces[k + 1] ?? "";
      if (TASK_VERBS.has(firstWord(baseVerb(next)))) {
        out.push(current);
        current = next;
      } else current += (pieces[k] ?? "") + next;
    }
    out.push(current);
  }
  return out;
}

/** Drops repeats: the same task twice, or a recap line restating an earlier item of the same owner. */
function dedupe(items: Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const it of items) {
    const same = out.find((o) => o.assignee === it.assignee && sameWords(o.task, it.task));
    const restated = it.recap && out.find((o) => o.assignee === it.assignee && !o.recap && sharesObject(o.task, it.task));
    if (same || restated) {
      const kept = (same || restated) as Draft;
      // A recap says the final word on a date that changed during the meeting.
      if (restated && it.dueDate) kept.dueDate = it.dueDate;
      else kept.dueDate ??= it.dueDate;
      continue;
    }
    out.push(it);
  }
  return out;
}

/** The same task in other small words: "Put the minutes in our project folder" / "…in the project folder". */
function sameWords(a: string, b: string): boolean {
  const [A, B] = [contentWords(a), contentWords(b)];
  return a.toLowerCase() === b.toLowerCase() || (A.size === B.size && A.size > 0 && [...A].every((w) => B.has(w)));
}

/** Two tasks share a word beyond their verbs ("Pin the pool size in config" / "Pin the pool"). */
function sharesObject(a: string, b: string): boolean {
  const rest = (t: string) => t.replace(/^\S+\s*/, "");
  return sharesWord(rest(a), rest(b));
}
