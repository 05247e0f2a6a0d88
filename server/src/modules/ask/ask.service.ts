// "Ask your meetings": retrieval with search's ranking (any of the question's words, BM25, the
// best meetings first), then the built-in answer: the few sentences that answer best, each
// with who said it and when, in the order they were said, at most about ANSWER_WORDS words.
// Citations only ever come from passages of meetings the asker may read: retrieval is
// search's query, where access is part of the SQL.
import type { AskCitation, AskHistory, AskResponse } from "../../../../contract/ask";
import type { Config } from "../../config/config";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import type { Limit } from "../../limits/limits.service";
import { splitSentences } from "../../pipeline/summary/owners";
import { authorizeMeeting } from "../meetings/meeting-access";
import { apartInTime, MOMENT_GAP_SECONDS, parseQuery, speakerLabelsOf } from "../search/search-query";
import { answerPassages, type PassageText } from "../search/search.repo";
import { hasReadableEmbeddings, nearestPassages } from "../search/embeddings.repo";
import { embedderOf, fusePassages, queryVector, withinVectorBudget, type EmbedderSource } from "../search/hybrid";
import { configQueries, TYPO_SIMILARITY, underTimeout } from "../search/search.service";
import { recentQuestions, recordQuestion, turnsAround } from "./ask.repo";
import { creditOf, withWhoSaidIt } from "./ask-passages";
import { answerPrompt, finishModelAnswer, MODEL_PASSAGES, withoutNoAnswer, type AnswerWriter } from "./model-answer";

/** About how long a built-in answer is (the issue: no more than about 100 words). */
export const ANSWER_WORDS = 100;
/** Passages read for an answer, and at most this many from one meeting. */
const PASSAGES = 24;
/** Meetings whose score is at least this share of the best one's also answer. */
const CLOSE_MEETING = 0.6;
const MIN_SENTENCE_WORDS = 4;
/** Passages whose best sentence the built-in answer takes before more sentences of any one. */
const SPREAD = 3;

// Words that frame a question and that no passage says ("summarize the discussion about…",
// "what did Maria think of…"); without them, retrieval looks for the topic.
const FRAME = new Set(
  (
    "summarize summarise summary discuss discussed discussion discussions talk talked talking think thought thoughts opinion " +
    "opinions view views say said says mention mentioned tell explain describe what why how which who when where whom whose " +
    "did does do was were is are please give"
  ).split(" "),
);

export function questionWords(question: string): string {
  const words = question.split(/\s+/).filter((w) => !FRAME.has(w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "")));
  // A question of frame words only ("what was said?") keeps its words.
  return (words.length ? words : question.split(/\s+/)).join(" ");
}

// English function words: in a question they say nothing about which sentence answers it.
const FUNCTION_WORDS = new Set(
  "the a an and or but of to in on at for from with about into over than then that this these those there their they them we our us you your it its he she his her i me my be been being have has had not no can could would should will shall may might must just also very".split(
    " ",
  ),
);

/** Per user, with search's allowance (SEARCH_RATE_LIMIT_*) counted apart from searches. */
export function askLimits(config: Config, userId: string): Limit[] {
  const refusal = (wait: string) => `Too many questions at once. Please wait and ask again ${wait}.`;
  return [
    { key: `ask-burst:${userId}`, max: config.search.burst, windowSeconds: 10, refusal },
    { key: `ask:${userId}`, max: config.search.perMinute, windowSeconds: 60, refusal },
  ];
}

// Words that name a role ("the professor", "the chair"): in any case they name whoever's label holds them.
const ROLES = new Set(
  "professor postdoc grad phd undergrad student chair chairman chairwoman chairperson minister secretary president manager designer director host interviewer moderator facilitator".split(
    " ",
  ),
);

/**
 * Words of the question that may name a speaker, matched against the words of speaker labels:
 * capitalised ones as written ("What did Maria think…" → "Maria Lopez") other than a question's
 * own words ("What", "Summarize"), and role words in any case ("the professor" → "Professor B").
 * A role with a letter ("PhD C", "grad G") names one label, matched whole by search's
 * speakerLabelsOf: its words alone would weigh every PhD and every C.
 */
export function speakerWordsOf(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const lower = w.toLowerCase();
    if (ROLES.has(lower)) {
      if (/^\p{L}$/u.test(words[i + 1] ?? "")) i++;
      else out.push(w, w.charAt(0).toUpperCase() + w.slice(1));
      continue;
    }
    // A letter alone ("What did F think…") names the speaker whose label ends with it ("PhD F"); "I" and a first word do not.
    if (!/^\p{Lu}/u.test(w) || (w.length < 2 && (w === "I" || i === 0))) continue;
    if (FRAME.has(lower) || FUNCTION_WORDS.has(lower) || QUESTION_VERBS.has(lower)) continue;
    out.push(w);
  }
  return [...new Set(out)].slice(0, 20);
}

// A question's first words, capitalised because they start it, that name no one.
const QUESTION_VERBS = new Set("according summarise summarize describe list name would could should".split(" "));

// Spoken hesitations and stutters, dropped from the answer's sentences (the citation keeps the turn as said).
const HESITATION = /,?\s*(?<![\p{L}\p{N}-])(?:u+m+|u+h+m*|e+r+m*|h+m+|mm-hmm)(?![\p{L}\p{N}-]),?/giu;
const REPEATED = /\b([\p{L}\p{N}']+)(?:[\s,]+\1\b)+/giu;

/** A sentence as it reads: no "um", "uh", no "the the", a capital letter first. */
export function tidySentence(text: string): string {
  const t = text
    .replace(HESITATION, " ")
    .replace(REPEATED, "$1")
    .replace(/\s+([,.?!])/g, "$1")
    .replace(/,{2,}/g, ",")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,.]+/, "")
    .trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Words as search reads them: "jog-dial" is "jog" and "dial" (as in the passages' lexemes). */
const wordsIn = (text: string) => text.split(/[^\p{L}\p{N}'’]+/u).filter(Boolean);

/** A crude stem for matching sentences to the question: no possessive, no plural s, the first five letters. */
const stem = (w: string) => {
  let x = w
    .toLowerCase()
    .replace(/['’]s$/u, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
  if (x.length > 3 && x.endsWith("s") && !x.endsWith("ss")) x = x.slice(0, -1);
  return x.slice(0, 5);
};

interface Candidate {
  text: string;
  words: number;
  score: number;
  /** The passage cited for it: the moment the ranking found. */
  passage: PassageText;
  /** The turn that says it: the passage itself, or a turn of its exchange. */
  from: PassageText;
  order: number;
  /** The sentence's place in its turn. */
  at: number;
}

/** A ranked turn shorter than this ("Now?", "It", "Yeah, the battery") is answered with its exchange. */
export const SHORT_TURN_WORDS = 8;
/** Turns read around a short one (by position), of which those within MOMENT_GAP_SECONDS are its exchange. */
export const EXCHANGE_NEIGHBOURS = 4;

/** A passage's key in the map of exchanges builtInAnswer reads. */
export const exchangeKey = (p: Pick<PassageText, "meeting_id" | "position">) => `${p.meeting_id}:${p.position}`;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The ranked turns too short to answer with ("Now?", "It"): still the moment the ranking found,
 * so they are cited, with the words of their exchange (the turns around them, exchangeTurns).
 */
export function needsExchange(passages: PassageText[], shortWords = SHORT_TURN_WORDS): PassageText[] {
  return passages.filter((p) => p.kind === "turn" && p.start_seconds !== null && wordCount(p.body) < shortWords);
}

/**
 * A short turn's exchange: of the turns read around it (`near`, its own meeting), those that
 * start within MOMENT_GAP_SECONDS of it, in the order said. Where turns are long (a committee),
 * none may be that close: then the turn just before and just after stand for it.
 */
export function exchangeTurns(p: PassageText, near: PassageText[], gapSeconds = MOMENT_GAP_SECONDS): PassageText[] {
  const at = Number(p.start_seconds ?? 0);
  const turns = near
    .filter((t) => t.meeting_id === p.meeting_id && t.kind === "turn" && t.position !== p.position && t.start_seconds !== null)
    .sort((a, b) => a.position - b.position);
  const close = turns.filter((t) => Math.abs(Number(t.start_seconds) - at) < gapSeconds);
  if (close.length) return close;
  const before = turns.filter((t) => t.position < p.position).at(-1);
  const after = turns.find((t) => t.position > p.position);
  return [before, after].filter((t): t is PassageText => t !== undefined);
}

const time = (s: number | null) => {
  if (s === null) return "";
  const t = Math.floor(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};

const citationOf = (p: PassageText): AskCitation => ({
  meetingId: p.meeting_id,
  meetingTitle: p.title,
  turnIndex: p.kind === "turn" ? p.position : null,
  start: p.start_seconds === null ? null : Number(p.start_seconds),
  speaker: p.speaker,
  text: p.body,
});

/** A leading moment's sentence is cut to about this many words when longer (ANSWER_WORDS for SPREAD moments). */
export const LEAD_WORDS = 40;

/** The sentence cut to `max` words where it says most of the question's words, "…" marking the cuts. */
function cutTo(c: Candidate, max: number, qs: Set<string>): Candidate {
  const words = c.text.split(/\s+/).filter(Boolean);
  if (words.length <= max + 5) return c;
  const hit: number[] = words.map((w) => (wordsIn(w).some((x) => qs.has(stem(x))) ? 1 : 0));
  let start = 0;
  let best = -1;
  for (let i = 0, sum = 0; i < words.length; i++) {
    sum += hit[i]! - (i >= max ? hit[i - max]! : 0);
    if (i >= max - 1 && sum > best) {
      best = sum;
      start = i - max + 1;
    }
  }
  // Start a few words before the first of them, where that keeps as many: the words lead up to it.
  const firstHit = hit.indexOf(1, start);
  const sumAt = (from: number) => hit.slice(from, from + max).reduce((a, b) => a + b, 0);
  const lead = Math.min(Math.max(0, firstHit - Math.floor(max / 4)), words.length - max);
  if (firstHit >= 0 && sumAt(lead) >= best) start = lead;
  const text = `${start ? "…" : ""}${words.slice(start, start + max).join(" ")}${start + max < words.length ? "…" : ""}`;
  return { ...c, text, words: max };
}

/** Where a question was asked: across every meeting the asker may read, or on one meeting's page. */
export type AskScope = "all" | "meeting";

/** What the built-in answer says when nothing answers: on a meeting's page, of that meeting. */
export const NOTHING_ANSWERS: Record<AskScope, string> = {
  all: "Nothing in the meetings you can read answers this. Try other words.",
  meeting: "Nothing in this meeting answers this. Try other words.",
};

/**
 * The built-in answer from ranked passages: sentences scored by the passage's score and by how
 * many of the question's words they hold, the best kept up to ANSWER_WORDS words, then put in
 * the order they were said. Citations: the passages the sentences came from, best first.
 */
export function builtInAnswer(
  question: string,
  passages: PassageText[],
  spread = SPREAD,
  gapSeconds = MOMENT_GAP_SECONDS,
  exchanges: ReadonlyMap<string, PassageText[]> = new Map(),
  scope: AskScope = "all",
): AskResponse {
  const best = passages[0]?.meeting_score ?? 0;
  const used = passages.filter((p) => p.meeting_score >= CLOSE_MEETING * best);
  const qs = new Set(
    wordsIn(questionWords(question))
      .map(stem)
      .filter((w) => w.length > 2),
  );
  const content = new Set([...qs].filter((w) => !FUNCTION_WORDS.has(w)));
  const candidates: Candidate[] = [];
  used.forEach((p, i) => {
    // A short turn is the moment, cited as found; its exchange says the words to answer with.
    const speakers = [p, ...(exchanges.get(exchangeKey(p)) ?? [])];
    // A passage that says none of the question's words (other than function words), nor does its
    // exchange, does not answer it, whatever its score: a meeting of unknown language is searched
    // without stop words, and "we" matched every turn. A short turn may hold the words only through
    // its speaker's label ("Mm." by User Interface); its exchange may still say them.
    if (content.size && !speakers.some((s) => wordsIn(s.body).some((w) => content.has(stem(w))))) return;
    for (const from of speakers)
      for (const [at, said] of splitSentences(from.body).entries()) {
        // A note line reads without its list mark and "(Speaker)" credit: the answer line names the source.
        const text = tidySentence(from.kind === "turn" ? said : said.replace(/^\s*[-*•]\s+/, "").replace(/\s*\([^()]{1,60}\)\s*$/, ""));
        const words = text.split(/\s+/).filter(Boolean);
        if (words.length < MIN_SENTENCE_WORDS) continue;
        const hits = new Set(
          wordsIn(text)
            .map(stem)
            .filter((w) => qs.has(w)),
        ).size;
        candidates.push({
          text,
          words: words.length,
          score: Number(p.score) * (0.3 + hits / Math.max(1, qs.size)),
          passage: p,
          from,
          order: i,
          at,
        });
      }
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  // The best sentence of each of the SPREAD best passages comes first: one long turn that
  // scores high would otherwise fill the answer alone and leave a single citation. Passages
  // within half a minute of a better one wait (search's moments do the same): three turns of
  // one exchange are one place in the meeting.
  const leaders = new Map<PassageText, Candidate>();
  for (const c of candidates) if (!leaders.has(c.passage)) leaders.set(c.passage, c);
  const first = new Set(
    apartInTime(
      [...leaders.values()].sort((a, b) => Number(b.passage.score) - Number(a.passage.score) || a.order - b.order),
      (c) => ({ meetingId: c.passage.meeting_id, start: c.passage.start_seconds === null ? null : Number(c.passage.start_seconds) }),
      gapSeconds,
    ).slice(0, spread),
  );
  const ordered = [...first, ...candidates.filter((c) => !first.has(c))];
  // The notes often quote what was said: a sentence is written once, from the turn when one
  // says it (it has who and when), else from its best note.
  const sameText = (c: Candidate) =>
    c.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const saidInTurn = new Set(candidates.filter((c) => c.passage.kind === "turn").map(sameText));
  const seen = new Set<string>();
  const chosen: Candidate[] = [];
  let words = 0;
  for (const whole of ordered) {
    const key = sameText(whole);
    if (seen.has(key) || (whole.passage.kind !== "turn" && saidInTurn.has(key))) continue;
    seen.add(key);
    // Each leading moment gets its words, a long sentence cut to the part that says the
    // question's words: a committee's 90-word sentence left room for no other moment.
    const leads = first.has(whole);
    const c = leads && first.size > 1 ? cutTo(whole, LEAD_WORDS, qs) : whole;
    if (!leads) {
      if (words >= ANSWER_WORDS * 0.8) break;
      if (words + c.words > ANSWER_WORDS * 1.2 && chosen.length) continue;
    }
    chosen.push(c);
    words += c.words;
  }
  if (!chosen.length)
    return {
      answer: NOTHING_ANSWERS[scope],
      engine: "built-in",
      model: null,
      citations: [],
    };
  // Citations best first, moments with a time before notes (a citation opens the meeting
  // there), the leading passages (apart in time) before the rest; the answer in the order things were said.
  const leading = new Set([...first].map((c) => c.passage));
  const cited = [...new Set(chosen.map((c) => c.passage))].sort(
    (a, b) =>
      Number(a.start_seconds === null) - Number(b.start_seconds === null) ||
      Number(leading.has(b)) - Number(leading.has(a)) ||
      Number(b.score) - Number(a.score),
  );
  const citations: AskCitation[] = cited.map(citationOf);
  // Each line says who said it and when: the turn that said it (for a short turn's exchange, the
  // neighbour), with the marker of the moment cited.
  const said = [...chosen].sort(
    (a, b) =>
      a.from.meeting_id.localeCompare(b.from.meeting_id) ||
      (a.from.start_seconds ?? a.from.position) - (b.from.start_seconds ?? b.from.position) ||
      a.from.position - b.from.position ||
      a.at - b.at,
  );
  const lines: string[] = [];
  let last: Candidate | null = null;
  for (const c of said) {
    const n = cited.indexOf(c.passage) + 1;
    if (last?.from === c.from && last.passage === c.passage)
      lines[lines.length - 1] = lines[lines.length - 1]!.replace(/ \[\d+\]$/, ` ${c.text} [${n}]`);
    else {
      const when = time(c.from.start_seconds === null ? null : Number(c.from.start_seconds));
      lines.push(`${creditOf(c.from, when ? ` (${when})` : "")}: ${c.text} [${n}]`);
    }
    last = c;
  }
  return { answer: lines.join("\n"), engine: "built-in", model: null, citations };
}

/** What an answer is written from: the ranked passages, and the exchanges of the short turns among them (exchangeKey → turns). */
export interface Retrieved {
  passages: PassageText[];
  exchanges: ReadonlyMap<string, PassageText[]>;
  /** One meeting's (asked on its page) or all the asker may read: what "nothing answers" speaks of. */
  scope?: AskScope;
}

/** One event of an answer as it is written (Accept: text/event-stream). */
export type AskEvent = { event: "citations"; data: AskCitation[] } | { event: "answer"; data: { text: string } };

/** Questions over the meetings the actor may read: the passages that answer, the answer, the history. */
export class AskService {
  /** `embedder`: the installed embedding model, when there is one (decision 036); without it retrieval is lexical only. */
  constructor(
    private readonly ctx: AppContext,
    private readonly embedder: EmbedderSource = null,
  ) {}

  /**
   * The passages to answer from, across every meeting the actor may read or one meeting (404
   * when they may not read it). The question goes into their history.
   */
  async retrieve(actor: Actor, question: string, meetingId: string | undefined): Promise<PassageText[]> {
    const { db } = this.ctx.database;
    const { timeoutMs } = this.ctx.config.search;
    if (meetingId) await authorizeMeeting(db, actor, meetingId, "read", { light: true });
    const parsed = parseQuery(questionWords(question));
    // A question is typed whole: no last word being typed.
    parsed.prefixWord = null;
    // A speaker named by capitalised words ("Maria") or in full in any case ("the project manager").
    const filters = { meetingId, speakerWords: speakerWordsOf(question), speakerLabels: speakerLabelsOf(parsed.words) };
    const installed = embedderOf(this.embedder);
    const embedder = installed && (await hasReadableEmbeddings(db, actor.id, installed.model)) ? installed : null;
    const questionVector = embedder ? await queryVector(embedder, question, timeoutMs) : null;
    const lexical = await underTimeout(db, timeoutMs, async (tx) =>
      answerPassages(tx, actor.id, await configQueries(tx, parsed, TYPO_SIMILARITY), filters, PASSAGES, PASSAGES),
    );
    const passages =
      embedder && questionVector
        ? fusePassages(
            lexical,
            await withinVectorBudget(db, timeoutMs, (tx) =>
              nearestPassages(tx, actor.id, embedder.model, questionVector, filters, PASSAGES),
            ),
            PASSAGES,
          )
        : lexical;
    await recordQuestion(db, actor.id, question, meetingId ?? null);
    return passages;
  }

  /**
   * What an answer is written from: the passages (retrieve), and the exchanges of the short
   * turns among them, which the built-in answer may cite (only of the meetings that answer, as
   * builtInAnswer reads them).
   */
  async retrieveForAnswer(actor: Actor, question: string, meetingId: string | undefined): Promise<Retrieved> {
    // An action item is credited to who said it, not to its assignee (ask-passages.ts).
    const passages = await withWhoSaidIt(this.ctx.database.db, actor.id, await this.retrieve(actor, question, meetingId));
    const best = passages[0]?.meeting_score ?? 0;
    const short = needsExchange(passages.filter((p) => p.meeting_score >= CLOSE_MEETING * best));
    const near = await turnsAround(this.ctx.database.db, actor.id, short, EXCHANGE_NEIGHBOURS);
    return {
      passages,
      exchanges: new Map(short.map((p) => [exchangeKey(p), exchangeTurns(p, near)])),
      scope: meetingId ? "meeting" : "all",
    };
  }

  /** Answers a question across every meeting the actor may read, or one meeting (404 when they may not read it). */
  async ask(actor: Actor, question: string, meetingId: string | undefined, writer: AnswerWriter | null = null): Promise<AskResponse> {
    return answer(question, await this.retrieveForAnswer(actor, question, meetingId), writer);
  }

  async history(actor: Actor, meetingId: string | undefined): Promise<AskHistory> {
    const { db } = this.ctx.database;
    const rows = await recentQuestions(db, actor.id, meetingId ?? null, 10);
    return {
      questions: rows.map((r) => ({ question: r.question, meetingId: r.meeting_id, askedAt: new Date(r.created_at).toISOString() })),
    };
  }
}

/**
 * The answer from retrieved passages: a language model's when `writer` has one ready (grounded
 * in the passages it read, which are the citations), else the built-in one. A model that fails
 * (server down, worker error) leaves the built-in answer, and `log` says why. `onEvent` gets
 * the citations first, then the answer as it is written.
 */
export async function answer(
  question: string,
  { passages, exchanges, scope = "all" }: Retrieved,
  writer: AnswerWriter | null,
  onEvent: (e: AskEvent) => void = () => {},
  log: (msg: string) => void = () => {},
): Promise<AskResponse> {
  const builtIn = () => {
    const r = builtInAnswer(question, passages, SPREAD, MOMENT_GAP_SECONDS, exchanges, scope);
    onEvent({ event: "citations", data: r.citations });
    r.answer.split("\n").forEach((line, i) => onEvent({ event: "answer", data: { text: (i ? "\n" : "") + line } }));
    return r;
  };
  // The model reads the passages of the meetings that answer (as the built-in answer does), best first.
  const best = passages[0]?.meeting_score ?? 0;
  const read = passages
    .filter((p) => p.meeting_score >= CLOSE_MEETING * best)
    .sort((a, b) => Number(b.score) - Number(a.score))
    .slice(0, MODEL_PASSAGES);
  const model = writer && read.length ? await writer.ready().catch(() => null) : null;
  if (!writer || !model) return builtIn();
  const citations = read.map(citationOf);
  let started = false;
  const stream = withoutNoAnswer((text) => {
    if (!started) onEvent({ event: "citations", data: citations });
    started = true;
    onEvent({ event: "answer", data: { text } });
  });
  let text: string;
  try {
    text = await model.write(answerPrompt(question, read), (delta) => stream.push(delta));
  } catch (e) {
    log(`ask: the ${writer.engine} language model failed (${e instanceof Error ? e.message : String(e)}); the built-in answer is given`);
    // Nothing was streamed yet in most failures; if something was, the built-in answer follows it.
    return builtIn();
  }
  stream.end();
  const written = finishModelAnswer(text, read.length);
  if (written === null) {
    const none = { answer: MODEL_FOUND_NOTHING[scope], engine: writer.engine, model: model.model, citations: [] };
    if (!started) onEvent({ event: "citations", data: [] });
    onEvent({ event: "answer", data: { text: none.answer } });
    return none;
  }
  return { answer: written, engine: writer.engine, model: model.model, citations };
}

/** What the answer says when the model finds no answer in the passages (on a meeting's page, of that meeting). */
export const MODEL_FOUND_NOTHING: Record<AskScope, string> = {
  all: "The meetings you can read do not say. Try other words, or ask about one meeting.",
  meeting: "This meeting does not say. Try other words.",
};
