// The action-item rules' walk over a meeting (issue 30: candidates → scorer → selection). The rules
// (action-rules-*.ts) are pure functions: each reads the meeting and what was proposed so far through a `Reader`
// and returns proposals (`Op`s: a new candidate, a change to one, a need, a plan); only `apply` here changes the
// walk's state. Conversation makes the rules depend on each other ("Sure, I'll…" accepts the request two turns
// before; "never mind, Dev's got it" passes my task on), so they still run in order, turn by turn, sentence by
// sentence, and each one's proposals are applied before the next rule reads.
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { LONG_MEETING_WORDS } from "./action-model";
import { datesNamed, datesSameWork, findDueDates, lastMonthNamed, pickDueDate, weekdayBefore, type DueMatch } from "./due-date";
import { GENERIC_LABEL, speakerDisplay, splitSentences, type Context } from "./owners";
import { NEXT_STEPS, participantTaskFinder, RECAP } from "./speech-acts";
import { isWeak } from "./task-text";

/** An action-item candidate a rule proposed, with what later rules and the selection need to know about it. */
export interface Draft extends ActionItemDraft {
  /** The rule that proposed it (for reading and debugging; the selection does not weigh it). */
  rule: string;
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

/** Work someone said needs doing with no owner yet ("someone needs to renew the permit"), for a volunteer to take. */
export interface Need {
  task: string;
  turn: number;
  strong: boolean;
  /** The need's sentence and the rest of its turn: where its date is said (not an event date said before it). */
  dueTexts: string[];
}

/** What a rule proposes. Candidates are referred to by identity. */
export type Op =
  | { op: "add"; item: Draft; bind?: boolean }
  | { op: "set"; item: Readonly<Draft>; set: Partial<Draft> }
  | { op: "remove"; item: Readonly<Draft> }
  | { op: "bind"; item: Readonly<Draft> }
  | { op: "need"; need: Need }
  | { op: "takeNeed"; need: Readonly<Need> }
  | { op: "plan"; task: string; due: string | null }
  | { op: "turn"; addressee?: string; correcting?: boolean };

/** A rule that may claim the sentence: null when it does not apply (the next rule is tried), else its proposals. */
export type Claim = Op[] | null;

interface DueFound {
  date: string;
  deadline: boolean;
}

/** What stays the same over the walk: the meeting read once. */
export interface Meeting {
  utterances: Utterance[];
  meetingDate: Date;
  ctx: Context;
  sents: string[][];
  /** A long meeting (over LONG_MEETING_WORDS words). */
  long: boolean;
  /** For each turn, the last month named in a date in the turns before it ("the twentieth" after "March twentieth"). */
  monthBefore: (number | null)[];
  /** For each turn, the days of the month the turns before it named with a month (day → month; shared until one changes). */
  dayMonthBefore: ReadonlyMap<number, number>[];
  findParticipantTask: ReturnType<typeof participantTaskFinder>;
}

export function readMeeting(utterances: Utterance[], meetingDate: Date, ctx: Context): Meeting {
  const monthBefore: (number | null)[] = [];
  const dayMonthBefore: ReadonlyMap<number, number>[] = [];
  let last: number | null = null;
  let days: ReadonlyMap<number, number> = new Map();
  for (const u of utterances) {
    monthBefore.push(last);
    dayMonthBefore.push(days);
    last = lastMonthNamed(u.text, meetingDate) ?? last;
    const named = datesNamed(u.text);
    if (named.length) days = new Map([...days, ...named]);
  }
  return {
    utterances,
    meetingDate,
    ctx,
    sents: utterances.map((u) => splitSentences(u.text)),
    long: utterances.reduce((n, u) => n + u.text.split(/\s+/).length, 0) > LONG_MEETING_WORDS,
    monthBefore,
    dayMonthBefore,
    findParticipantTask: participantTaskFinder(ctx.speakers.filter((x) => !GENERIC_LABEL.test(x))),
  };
}

/** The walk's state: changed only by `apply`. */
interface State {
  items: Draft[];
  needs: Need[];
  t: number;
  me: string | null;
  /** Candidates proposed in the turn being read. */
  created: Draft[];
  /** What the speaker took on in this turn (a request accepted, a need volunteered for): their further words add to it. */
  bound: Draft | null;
  addressee: string | null;
  correcting: boolean;
  plans: { task: string; due: string | null }[];
}

/** The read-only view the rules get: the meeting, the candidates so far and the turn being read. */
export class Reader {
  constructor(
    readonly m: Meeting,
    private readonly s: State,
  ) {}

  get items(): readonly Readonly<Draft>[] {
    return this.s.items;
  }
  get needs(): readonly Readonly<Need>[] {
    return this.s.needs;
  }
  get t(): number {
    return this.s.t;
  }
  get me(): string | null {
    return this.s.me;
  }
  get created(): readonly Readonly<Draft>[] {
    return this.s.created;
  }
  get bound(): Readonly<Draft> | null {
    return this.s.bound;
  }
  get addressee(): string | null {
    return this.s.addressee;
  }
  get correcting(): boolean {
    return this.s.correcting;
  }
  get ctx(): Context {
    return this.m.ctx;
  }
  get utterances(): Utterance[] {
    return this.m.utterances;
  }

  /** The turn being read. */
  get u(): Utterance {
    const u = this.m.utterances[this.s.t];
    if (!u) throw new Error(`No turn ${this.s.t}: the walk went past the transcript.`);
    return u;
  }

  /** The sentences of the turn being read. */
  get turnSents(): string[] {
    return this.m.sents[this.s.t] ?? [];
  }

  /** A new candidate said in this turn; `sourceTurn` is where it is shown (a reply that accepts it). */
  draft(
    rule: string,
    d: {
      task: string;
      owner: string | null;
      due: string | null;
      sourceTurn?: number;
      requestTurn?: number | null;
      assignedBy?: string | null;
      explicit?: boolean;
    },
  ): Draft {
    return {
      task: d.task,
      assignee: d.owner,
      ownerKey: d.owner,
      dueDate: d.due,
      sourceStart: (this.m.utterances[d.sourceTurn ?? this.t] ?? this.u).start,
      rule,
      turn: this.t,
      weakTask: isWeak(d.task),
      requestTurn: d.requestTurn ?? null,
      recap: RECAP.test(this.u.text),
      assignedBy: d.assignedBy === undefined ? this.me : d.assignedBy,
      accepted: false,
      explicit: d.explicit ?? false,
    };
  }

  previousTexts(): string[] {
    return this.m.utterances.slice(Math.max(0, this.t - 3), this.t + 1).map((u) => u.text);
  }

  /** The first due date in `texts`; "by then" and "the Wednesday before" are resolved from earlier turns. */
  dueIn(texts: string[]): DueFound | null {
    const { meetingDate } = this.m;
    const previous = this.previousTexts();
    // A bare "the fifth" is the day named with its month before (a date already agreed included), else it belongs
    // to the month being talked about: in the last few turns, else the last one the meeting named before ("the
    // twentieth" after "March twentieth" long before is March 20, not the next 20th). Only what was said before
    // counts: "by the twentieth, …, before October first" is not October 20.
    const dayMonth = new Map<number, number>();
    for (const it of this.s.items) if (it.dueDate) dayMonth.set(Number(it.dueDate.slice(8, 10)), Number(it.dueDate.slice(5, 7)) - 1);
    for (const [day, month] of this.m.dayMonthBefore[this.t] ?? []) dayMonth.set(day, month);
    const earlierTurns = previous.slice(0, -1).join(" ");
    for (const text of texts) {
      const at = this.u.text.indexOf(text);
      // A later sentence of this turn dates the work only when it comes back to it (decision 065).
      const first = texts[0] ?? "";
      if (text !== first && at > this.u.text.indexOf(first) && this.u.text.includes(first) && !datesSameWork(first, text)) continue;
      const said = at >= 0 ? `${earlierTurns} ${this.u.text.slice(0, at)}` : earlierTurns;
      const hint = { month: lastMonthNamed(said, meetingDate) ?? this.m.monthBefore[this.t] ?? null, dayMonth };
      const m = pickDueDate(findDueDates(text, meetingDate, false, hint));
      if (!m) continue;
      if (!m.then) return { date: m.date, deadline: m.deadline };
      for (const earlier of [...previous].reverse()) {
        if (m.weekdayBefore !== undefined) {
          // "the Wednesday before": before the event's date ("the 25th"), rather than a weekday said in passing.
          const anchors = findDueDates(earlier, meetingDate, true).filter((d: DueMatch) => !d.then);
          const anchor = anchors.filter((d) => d.dayOfMonth).pop() ?? anchors.pop();
          if (anchor) return { date: weekdayBefore(anchor.date, m.weekdayBefore), deadline: true };
          continue;
        }
        const found = findDueDates(earlier, meetingDate)
          .filter((d: DueMatch) => !d.then)
          .at(-1);
        if (found) return { date: found.date, deadline: true };
      }
    }
    return null;
  }

  dueDate(texts: string[]): string | null {
    return this.dueIn(texts)?.date ?? null;
  }

  /** What someone else recently put on this person (a request, a marker, a hand-over): what their "Sure" answers. */
  askedOf(ownerKey: string | null): Readonly<Draft> | undefined {
    return [...this.items]
      .reverse()
      .find(
        (it) => it.ownerKey !== null && it.ownerKey === ownerKey && it.assignedBy !== ownerKey && this.t - it.turn <= 4 && this.t > it.turn,
      );
  }

  /** This person's latest item in the last few turns, this one included. */
  recentOf(ownerKey: string | null): Readonly<Draft> | undefined {
    return [...this.items]
      .reverse()
      .find((it) => it.ownerKey !== null && it.ownerKey === ownerKey && this.t - it.turn <= 4 && this.t >= it.turn);
  }

  /** The other person most recently talking: who "you" is in a commitment. */
  interlocutor(): string | null {
    const prev = [...this.m.utterances.slice(0, this.t)].reverse().find((p) => p.speaker !== this.u.speaker);
    const who = prev ? speakerDisplay(prev.speaker, this.ctx) : null;
    return who && !GENERIC_LABEL.test(who) ? who : null;
  }

  nextReply(): Utterance | null {
    const next = this.m.utterances[this.t + 1];
    return next && next.speaker !== this.u.speaker ? next : null;
  }

  /**
   * Nearest-first context for pronoun objects: earlier sentences of this turn, then the previous turn, and the one
   * before it when the previous turn only answered ("Is there a runbook?" — "No." — "Could you write one?").
   */
  contextBefore(i: number): string[] {
    const own = this.turnSents.slice(0, i).reverse();
    const prev = [...(this.m.sents[this.t - 1] ?? [])].reverse();
    const short = (this.m.utterances[this.t - 1]?.text.split(/\s+/).length ?? 99) <= 6;
    const before = short ? [...(this.m.sents[this.t - 2] ?? [])].reverse() : [];
    return [...own, ...prev, ...before];
  }

  /** Nearest first: the earlier sentences of this turn, then those of the `turns` turns before (where a thing was named in full). */
  sentencesBefore(i: number, turns = 3): string[] {
    const own = this.turnSents.slice(0, i).reverse();
    const before = this.m.sents
      .slice(Math.max(0, this.t - turns), this.t)
      .reverse()
      .flatMap((x) => [...x].reverse());
    return [...own, ...before];
  }

  /** Whether the turn being read is a recap, or carries on one the same speaker began in the turn before. */
  inRecap(): boolean {
    if (RECAP.test(this.u.text)) return true;
    const prev = this.m.utterances[this.t - 1];
    return !!prev && prev.speaker === this.u.speaker && RECAP.test(prev.text);
  }

  /** Whether this turn or the few before it hand out next steps ("for the next meeting…", "individual actions"). */
  inNextSteps(turn = this.t): boolean {
    // The wrap-up of a long meeting, or a few turns after someone mentions the next meeting or individual work.
    return (this.m.long && turn >= this.m.utterances.length * 0.85) || nearNextSteps(this.m, turn);
  }
}

export function nearNextSteps(m: Meeting, turn: number): boolean {
  return m.utterances.slice(Math.max(0, turn - 6), turn + 1).some((u) => NEXT_STEPS.test(u.text));
}

/** The walk: the rules' proposals applied in order. */
export class Walk {
  private readonly s: State = {
    items: [],
    needs: [],
    t: 0,
    me: null,
    created: [],
    bound: null,
    addressee: null,
    correcting: false,
    plans: [],
  };
  readonly r: Reader;

  constructor(readonly m: Meeting) {
    this.r = new Reader(m, this.s);
  }

  get items(): Draft[] {
    return this.s.items;
  }

  /** Starts reading turn `t`. */
  startTurn(t: number): void {
    this.s.t = t;
    this.s.me = speakerDisplay(this.r.u.speaker, this.m.ctx);
    this.s.created = [];
    this.s.bound = null;
    this.s.addressee = null;
    this.s.correcting = false;
    this.s.plans = [];
  }

  /** The plans said in this turn ("my plan is to…"). */
  get plans(): readonly { task: string; due: string | null }[] {
    return this.s.plans;
  }

  /** Applies a rule's proposals; true when the rule claimed the sentence (stop trying rules). */
  apply(claim: Claim | Op[]): boolean {
    if (!claim) return false;
    const s = this.s;
    for (const op of claim) {
      switch (op.op) {
        case "add":
          s.items.push(op.item);
          s.created.push(op.item);
          if (op.bind) s.bound = op.item;
          break;
        case "set":
          Object.assign(op.item as Draft, op.set);
          break;
        case "remove": {
          const item = op.item as Draft;
          const i = s.items.indexOf(item);
          if (i >= 0) s.items.splice(i, 1);
          const c = s.created.indexOf(item);
          if (c >= 0) s.created.splice(c, 1);
          if (s.bound === item) s.bound = null;
          break;
        }
        case "bind":
          s.bound = op.item as Draft;
          break;
        case "need":
          s.needs.push(op.need);
          break;
        case "takeNeed":
          s.needs.splice(s.needs.indexOf(op.need as Need), 1);
          break;
        case "plan":
          s.plans.push({ task: op.task, due: op.due });
          break;
        case "turn":
          if (op.addressee !== undefined) s.addressee = op.addressee;
          if (op.correcting !== undefined) s.correcting = op.correcting;
          break;
      }
    }
    return true;
  }
}
