// The local model's plan of a meeting, kept in the language-model worker (llama-worker.ts): it
// parses the turns' JSON text, counts each line's tokens with the loaded model, cuts the lines
// into chunks (chunking.ts) and hands out one chunk at a time. All of that grows with the
// meeting, so none of it runs in the process that runs the summarize job (in the default
// single-process mode, the web process's event loop; decision 052). Test stand-ins for the
// worker (test/fakes/fake-llama-worker.ts) answer these messages with this same code.
import type { Utterance } from "../../../../../contract/transcript";
import type { LlamaRequest, LlamaWorkerMessage } from "../../../../../contract/workers";
import { parseTurns } from "../summarizer";
import { lineText, planMeeting, type ChunkRange, type Line } from "./chunking";

export class TurnPlan {
  private utterances: Utterance[] = [];
  private lines: Line[] = [];
  private ranges: ChunkRange[] = [];

  /** Keeps the turns that have words; answers their speaker labels (first seen first) and how many there are. */
  read(utterancesJson: string): { speakers: string[]; turns: number } {
    this.utterances = parseTurns(utterancesJson).filter((u) => u.text.trim());
    this.lines = [];
    this.ranges = [];
    const speakers = [...new Set(this.utterances.map((u) => u.speaker.trim()).filter(Boolean))];
    return { speakers, turns: this.utterances.length };
  }

  /** Chunks of at most `budget` tokens; `count` gives each text's tokens. Lines are joined with newlines: one more token each. */
  plan(budget: number, count: (texts: string[]) => number[]): { chunks: number; transcriptTokens: number } {
    const counts = count(this.utterances.map(lineText));
    const { lines, ranges } = planMeeting(
      this.utterances,
      counts.map((c) => c + 1),
      budget,
    );
    this.lines = lines;
    this.ranges = ranges;
    return { chunks: ranges.length, transcriptTokens: counts.reduce((a, b) => a + b, 0) };
  }

  chunk(index: number): { transcript: string; text: string; turnsJson: string } {
    const range = this.ranges[index];
    if (!range) throw new Error(`no chunk ${index} in the plan`);
    const lines = this.lines.slice(range.start, range.end);
    return {
      transcript: lines.map((l) => l.text).join("\n"),
      text: lines.map((l) => l.utterance.text).join("\n"),
      turnsJson: JSON.stringify(lines.map((l) => l.utterance)),
    };
  }
}

type PlanRequest = Extract<LlamaRequest, { type: "turns" | "plan" | "chunk" }>;

export const isPlanRequest = (msg: LlamaRequest): msg is PlanRequest => msg.type === "turns" || msg.type === "plan" || msg.type === "chunk";

/** The worker's answer to a plan message (`count` from its model; null: no model is loaded). */
export function answerPlan(plan: TurnPlan, msg: PlanRequest, count: ((texts: string[]) => number[]) | null): LlamaWorkerMessage {
  switch (msg.type) {
    case "turns":
      return { type: "turns-read", id: msg.id, ...plan.read(msg.utterancesJson) };
    case "plan":
      if (!count) throw new Error("no model is loaded");
      return { type: "planned", id: msg.id, ...plan.plan(msg.budget, count) };
    case "chunk":
      return { type: "chunk", id: msg.id, ...plan.chunk(msg.index) };
  }
}
