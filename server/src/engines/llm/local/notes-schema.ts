// What the local model is asked for and what comes back: the JSON schemas its output grammar is
// built from (every string and array bounded), the zod schemas the
// answer is checked against, and the prompts. The grammar guarantees the shape; zod still
// checks it, so a different engine or a library change cannot slip a bad value through.
import { z } from "zod";

export const LIMITS = {
  overviewChars: 400,
  keyPoints: 8,
  pointChars: 220,
  decisions: 8,
  actionItems: 12,
  taskChars: 160,
  ownerChars: 60,
  dueChars: 40,
} as const;

// Every string and array in the grammar is bounded: a model that starts repeating itself inside one
// string is made to close it at its limit instead of spending the answer's tokens there (an answer
// cut off by maxTokens is not JSON and costs a retry). node-llama-cpp writes
// maxLength as a bounded repetition; with the tiny test model that costs about 0.7 ms more per token,
// nothing beside a real model's 100+ ms (decision 008).
const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const textOrNull = (maxLength: number) => ({ oneOf: [{ type: "string", maxLength }, { type: "null" }] }) as const;

/** Notes for one part of the transcript. */
export const chunkNotesJsonSchema = {
  type: "object",
  properties: {
    overview: text(LIMITS.overviewChars),
    keyPoints: { type: "array", items: text(LIMITS.pointChars), minItems: 1, maxItems: LIMITS.keyPoints },
    decisions: { type: "array", items: text(LIMITS.pointChars), maxItems: LIMITS.decisions },
    actionItems: {
      type: "array",
      maxItems: LIMITS.actionItems,
      items: {
        type: "object",
        properties: { task: text(LIMITS.taskChars), owner: textOrNull(LIMITS.ownerChars), due: textOrNull(LIMITS.dueChars) },
      },
    },
  },
} as const;

/** The merge pass: one overview and one list of key points for the whole meeting. */
export const mergedSummaryJsonSchema = {
  type: "object",
  properties: {
    overview: text(LIMITS.overviewChars),
    keyPoints: { type: "array", items: text(LIMITS.pointChars), minItems: 1, maxItems: LIMITS.keyPoints },
  },
} as const;

// Texts are trimmed and cut to their limit; blank ones are dropped rather than failing the answer.
const str = (max: number) => z.string().transform((v) => v.replace(/\s+/g, " ").trim().slice(0, max));
const strOrNull = (max: number) =>
  z
    .string()
    .nullable()
    .transform((v) => (v && v.trim() ? v.replace(/\s+/g, " ").trim().slice(0, max) : null));
const texts = (max: number, count: number) => z.array(str(max)).transform((list) => list.filter(Boolean).slice(0, count));

export const ChunkNotes = z
  .object({
    overview: str(LIMITS.overviewChars),
    keyPoints: texts(LIMITS.pointChars, LIMITS.keyPoints),
    decisions: texts(LIMITS.pointChars, LIMITS.decisions),
    actionItems: z
      .array(z.object({ task: str(LIMITS.taskChars), owner: strOrNull(LIMITS.ownerChars), due: strOrNull(LIMITS.dueChars) }))
      .transform((list) => list.filter((a) => a.task).slice(0, LIMITS.actionItems)),
  })
  .refine((n) => n.overview || n.keyPoints.length, "no overview and no key points");
export type ChunkNotes = z.infer<typeof ChunkNotes>;

export const MergedSummary = z
  .object({ overview: str(LIMITS.overviewChars), keyPoints: texts(LIMITS.pointChars, LIMITS.keyPoints) })
  .refine((n) => n.overview || n.keyPoints.length, "no overview and no key points");
export type MergedSummary = z.infer<typeof MergedSummary>;

export class AnswerError extends Error {}

/** Parses and validates a model answer; the error says what was wrong in words a user can read. */
export function parseAnswer<T>(schema: z.ZodType<T>, raw: string): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AnswerError("the language model's answer was cut off or was not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new AnswerError("the language model's answer did not have the expected fields");
  return parsed.data;
}

/** Who took part: the speaker label the transcript uses and, where known, the person's name. */
export interface Participant {
  label: string;
  name?: string | null;
}

/** "English" for "en"; the code itself for one Intl does not know; null when no language is known. */
export function languageName(code: string | null | undefined): string | null {
  if (!code || code === "auto") return null;
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

export function chunkSystemPrompt(language: string | null = null): string {
  const write = language
    ? `Write every text in ${language}, the language of the meeting.`
    : "Write every text in the language the meeting was held in.";
  return [
    "You write meeting notes from a part of a meeting transcript. Each line is 'Speaker: words'. Answer in JSON:",
    "overview: one or two sentences on what this part of the meeting was about.",
    `keyPoints: 1 to ${LIMITS.keyPoints} short, clear sentences, each one topic, fact or conclusion, in your own plain words; no filler words, no quotes, no markdown.`,
    "decisions: only what the people in the meeting explicitly agreed or decided; [] if nothing was decided.",
    "actionItems: tasks someone in the meeting committed to, or was asked to do and accepted; [] if none. Skip past work, hypotheticals, open questions and withdrawn offers.",
    "  task: an instruction that starts with a verb and names what to do, at least three words (e.g. 'Send the budget to finance').",
    "  owner: the participant who will do it, written as in the participant list (their name, else their speaker label); null if unclear.",
    "  due: the deadline in the speaker's words ('by Friday', 'next week', 'March 3'); null if none was said.",
    write,
    "Use only what the transcript says.",
  ].join("\n");
}

/** "- Speaker A: Ana Reyes" (a label with a name), "- Ben Stone" (the label is the name). */
export function participantLines(participants: Participant[]): string[] {
  return participants.map((p) => {
    const name = p.name?.trim();
    return name && name !== p.label ? `- ${p.label}: ${name}` : `- ${p.label}`;
  });
}

export function chunkUserPrompt(opts: {
  title: string | null;
  meetingDate: Date;
  part: number;
  parts: number;
  participants?: Participant[];
  language?: string | null;
  transcript: string;
}): string {
  const date = opts.meetingDate.toISOString().slice(0, 10);
  const weekday = opts.meetingDate.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
  const part = opts.parts > 1 ? ` Part ${opts.part} of ${opts.parts}.` : "";
  const lines = [`Meeting${opts.title ? ` "${opts.title}"` : ""} on ${weekday} ${date}.${part}`];
  if (opts.participants?.length) lines.push("", "Participants (speaker label: name):", ...participantLines(opts.participants));
  if (opts.language) lines.push("", `Language: ${opts.language}.`);
  lines.push("", "Transcript:", opts.transcript);
  return lines.join("\n");
}

export function mergeSystemPrompt(language: string | null = null): string {
  return [
    "You combine the notes of consecutive parts of one meeting into one summary. Answer in JSON:",
    "overview: two or three sentences on what the meeting was about and what came out of it.",
    `keyPoints: the ${Math.min(6, LIMITS.keyPoints)} or so most important points of the whole meeting, merged, each once, short and clear.`,
    language ? `Write every text in ${language}, the language of the meeting.` : "Write in the language of the notes.",
    "Use only what the notes say.",
  ].join("\n");
}

export function mergeUserPrompt(title: string | null, parts: ChunkNotes[]): string {
  const body = parts
    .map((p, i) =>
      [`Part ${i + 1}: ${p.overview}`, ...p.keyPoints.map((k) => `- ${k}`), ...p.decisions.map((d) => `- Decided: ${d}`)].join("\n"),
    )
    .join("\n\n");
  return `Meeting${title ? ` "${title}"` : ""}, notes of ${parts.length} parts:\n\n${body}`;
}
