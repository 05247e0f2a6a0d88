// Enhanced summaries from any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, LM Studio).
// Whatever goes wrong (unreachable, HTTP error, time-out, refusal, malformed JSON) the meeting
// still gets the built-in result, with a note that says why.
import OpenAI from "openai";
import { z } from "zod";
import type { ActionItemDraft, MeetingNotes, SummaryResult } from "../../../../contract/transcript";
import { offThread, type CpuBudget } from "../../workers/off-thread";
import { builtInNotes, NOTES_ON_THREAD_CHARS } from "./built-in-notes";
import { chunkTexts, DEFAULT_CHUNK_CHARS } from "./llm-chunks";
import { notesFromTexts } from "./local/notes-merge";
import { sourceOf, transcriptOf, turnsSize, type SummarizeOptions, type MeetingSummarizer, type TranscriptInput } from "./summarizer";
import { AppError } from "../../core/errors";

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

export { chunkUtterances, DEFAULT_CHUNK_CHARS } from "./llm-chunks";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// A point may come as a string or as {"text": …} (models vary); either way its text.
const pointText = z.union([z.string(), z.object({ text: z.string() }).transform((p) => p.text)]);
const LlmAnswer = z.object({
  overview: z.string().default(""),
  keyPoints: z.array(pointText).default([]),
  /** What older prompts asked for: markdown bullets of key points; read as key points when keyPoints is absent. */
  summary: z.string().optional(),
  decisions: z.array(pointText).default([]),
  actionItems: z
    .array(
      z.object({
        task: z.string().min(1),
        assignee: z
          .string()
          .nullish()
          .transform((v) => (v && v.trim() ? v.trim() : null)),
        dueDate: z
          .string()
          .nullish()
          .transform((v) => (v && ISO_DATE.test(v.trim()) ? v.trim() : null)),
        sourceStart: z
          .number()
          .nullish()
          .transform((v) => (typeof v === "number" && Number.isFinite(v) ? v : null)),
      }),
    )
    .default([]),
});
type LlmAnswer = z.infer<typeof LlmAnswer>;

class LlmFailure extends AppError {
  constructor(message: string) {
    super("LLM_FAILED", message);
  }
}

function systemPrompt(meetingDate: Date): string {
  const iso = meetingDate.toISOString().slice(0, 10);
  const weekday = meetingDate.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  return [
    "You write meeting notes from a transcript. Answer with one JSON object only, no prose:",
    '{"overview": string (one or two plain sentences: what the meeting was about), "keyPoints": string[] (3-8 short plain sentences, one topic, fact or conclusion each), "decisions": string[], "actionItems": [{"task": string, "assignee": string|null, "dueDate": "YYYY-MM-DD"|null, "sourceStart": number|null}]}',
    "Write plain text in every string: no markdown, no bullets, no headings. decisions: only what the people in the meeting explicitly agreed or decided, each once; [] if nothing was decided.",
    "Action items are only things someone committed to or was asked to do and accepted. Skip past actions, hypotheticals, open questions and withdrawn offers.",
    "task: a short imperative phrase. assignee: the person's name as it appears in the transcript (a label like 'Speaker 2' if that is all there is); never invent names.",
    `dueDate: resolve relative dates against the meeting date ${iso} (${weekday}): a weekday means the next such day after the meeting, "end of the week" means that week's Friday; use a later correction if the speakers change the date; null if none was said.`,
    "sourceStart: the seconds value shown in brackets of the line where the item was agreed.",
  ].join("\n");
}

function parseAnswer(content: string): LlmAnswer {
  // Some local models wrap JSON in a code fence or add a sentence around it.
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const raw = fenced?.[1] ?? content.slice(content.indexOf("{"), content.lastIndexOf("}") + 1);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new LlmFailure("the language model's answer was not valid JSON");
  }
  const parsed = LlmAnswer.safeParse(json);
  if (!parsed.success) throw new LlmFailure("the language model's answer did not have the expected fields");
  const a = parsed.data;
  if (!a.keyPoints.length && a.summary) a.keyPoints = a.summary.split("\n").filter((l) => l.trim());
  if (!a.overview.trim() && !a.keyPoints.length && !a.decisions.length)
    throw new LlmFailure("the language model's answer had no overview, key points or decisions");
  return a;
}

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Merges per-chunk answers: overviews joined, key points concatenated, decisions and action items deduplicated. */
export function mergeAnswers(answers: LlmAnswer[]): LlmAnswer {
  const once = (texts: string[]) => {
    const seen = new Set<string>();
    return texts.filter((t) => {
      const k = key(t);
      if (!k || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const items = new Map<string, LlmAnswer["actionItems"][number]>();
  for (const item of answers.flatMap((a) => a.actionItems)) {
    const k = `${key(item.task)}|${key(item.assignee ?? "")}`;
    const prev = items.get(k);
    // The same item from two chunks: keep the one with more information.
    if (!prev) items.set(k, item);
    else items.set(k, { ...prev, dueDate: prev.dueDate ?? item.dueDate, sourceStart: prev.sourceStart ?? item.sourceStart });
  }
  return {
    overview: once(answers.map((a) => a.overview.trim())).join(" "),
    keyPoints: once(answers.flatMap((a) => a.keyPoints.map((p) => p.trim()))),
    decisions: once(answers.flatMap((a) => a.decisions.map((d) => d.trim()))),
    actionItems: [...items.values()],
  };
}

function describe(err: unknown): string {
  if (err instanceof LlmFailure) return err.message;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return "the request timed out";
  if (err instanceof OpenAI.APIConnectionError) return "connection failed";
  if (err instanceof OpenAI.APIError) return `HTTP ${err.status ?? "error"}`;
  if (err instanceof Error && err.name === "AbortError") return "the request timed out";
  return err instanceof Error ? err.message : String(err);
}

function fallbackNote(err: unknown): string {
  const reason = describe(err);
  if (err instanceof LlmFailure) return `The language model's answer could not be used (${reason}); the built-in summary is shown.`;
  return `The language model could not be reached (${reason}); the built-in summary is shown.`;
}

export class OpenAiSummarizer implements MeetingSummarizer {
  private readonly client: OpenAI;

  constructor(
    private readonly config: LlmConfig,
    private readonly chunkChars = DEFAULT_CHUNK_CHARS,
    /** Budget of the built-in notes it falls back to (CPU_TASK_* settings). */
    private readonly cpuBudget?: CpuBudget,
  ) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers (Ollama, LM Studio) accept any key; the SDK insists on a non-empty one.
      apiKey: config.apiKey || "not-needed",
      timeout: config.timeoutMs ?? 120_000,
      maxRetries: 0,
    });
  }

  private async ask(chunk: string, index: number, count: number, options: SummarizeOptions): Promise<LlmAnswer> {
    const part = count > 1 ? ` (part ${index + 1} of ${count})` : "";
    const completion = await this.client.chat.completions.create({
      model: this.config.model,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: systemPrompt(options.meetingDate) },
        { role: "user", content: `Meeting${options.title ? ` "${options.title}"` : ""}${part}:\n\n${chunk}` },
      ],
    });
    const message = completion.choices?.[0]?.message;
    if (!message) throw new LlmFailure("the language model returned no answer");
    if (message.refusal) throw new LlmFailure("the language model refused to answer");
    if (!message.content) throw new LlmFailure("the language model returned an empty answer");
    return parseAnswer(message.content);
  }

  /** The chunks' transcripts: reading every turn, so in the CPU task process for a large meeting. */
  private async chunks(transcript: TranscriptInput, options: SummarizeOptions): Promise<string[]> {
    if (turnsSize(transcript) <= NOTES_ON_THREAD_CHARS) return chunkTexts(transcriptOf(transcript).utterances, this.chunkChars);
    const { utterancesJson } = sourceOf(transcript);
    return offThread("llm-chunks", { utterancesJson, maxChars: this.chunkChars }, this.cpuBudget, { signal: options.signal });
  }

  /** The answer's texts as notes, each point with the speaker and time of its turn: the same, for the same reason. */
  private async notes(transcript: TranscriptInput, answer: LlmAnswer, options: SummarizeOptions): Promise<MeetingNotes> {
    const { overview, keyPoints, decisions } = answer;
    if (turnsSize(transcript) <= NOTES_ON_THREAD_CHARS)
      return notesFromTexts(overview, keyPoints, decisions, transcriptOf(transcript).utterances);
    const { utterancesJson } = sourceOf(transcript);
    return offThread("place-notes", { utterancesJson, overview, keyPoints, decisions }, this.cpuBudget, { signal: options.signal });
  }

  async summarize(transcript: TranscriptInput, options: SummarizeOptions): Promise<SummaryResult> {
    try {
      const chunks = await this.chunks(transcript, options);
      if (!chunks.length) throw new LlmFailure("the transcript is empty");
      const answers: LlmAnswer[] = [];
      // One chunk at a time: local servers usually run one request at a time anyway.
      for (const [i, chunk] of chunks.entries()) answers.push(await this.ask(chunk, i, chunks.length, options));
      const merged = mergeAnswers(answers);
      const actionItems: ActionItemDraft[] = merged.actionItems.map((a) => ({
        task: a.task.trim(),
        assignee: a.assignee,
        dueDate: a.dueDate,
        sourceStart: a.sourceStart,
      }));
      return {
        // Structure, never markdown: plain texts, each point with the speaker and time of the turn it comes from.
        notes: await this.notes(transcript, merged, options),
        actionItems,
        engine: "openai-compatible",
        model: this.config.model,
        note: null,
      };
    } catch (err) {
      return { ...(await builtInNotes(this.cpuBudget)(transcript, options)), note: fallbackNote(err) };
    }
  }
}
