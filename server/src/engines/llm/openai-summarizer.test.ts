import { startFakeServer, type FakeServer } from "../../../../test/fake-http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Transcript } from "../../../../contract/transcript";
import { createSummarizer } from ".";
import { chunkUtterances, OpenAiSummarizer, type LlmConfig } from "./openai-summarizer";
import { NOTES_ON_THREAD_CHARS } from "./built-in-notes";

const noLocalModel = {
  modelsDir: "/nonexistent/models",
  model: "auto",
  threads: 1,
  contextSize: 2048,
  gpu: false as const,
  autoDownload: false,
};
const summarizerFor = (openai: LlmConfig | null, engine: "auto" | "openai" = "auto") =>
  createSummarizer({ engine, openai, local: noLocalModel });

type Reply = { status: number; body?: unknown; raw?: string; delayMs?: number };
let replies: ((req: { messages: { role: string; content: string }[]; model: string }) => Reply)[] = [];
const requests: {
  path: string;
  auth: string | undefined;
  body: { messages: { role: string; content: string }[]; model: string; response_format?: unknown };
}[] = [];
let server: FakeServer;
let baseUrl = "";

const completion = (content: string | null, refusal: string | null = null) => ({
  id: "c1",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal } }],
});

beforeAll(async () => {
  server = await startFakeServer((req, data, res) => {
    const body = JSON.parse(data || "{}");
    requests.push({ path: req.url ?? "", auth: req.headers.authorization, body });
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const next = replies.shift();
    const r = next ? next(body) : { status: 500, body: { error: { message: "no reply queued" } } };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(r.status, { "content-type": "application/json" });
      res.end(r.raw ?? JSON.stringify(r.body));
    };
    if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  });
  baseUrl = `${server.url}/v1`;
});
afterAll(() => server.close());
beforeEach(() => {
  replies = [];
  requests.length = 0;
});

const transcript: Transcript = {
  language: "en",
  text: "",
  utterances: [
    { speaker: "Ana Reyes", start: 1, end: 4, text: "Ben, can you send the budget to finance by Friday?" },
    { speaker: "Ben Stone", start: 5, end: 7, text: "Sure, I can do that." },
    { speaker: "Ana Reyes", start: 8, end: 12, text: "We agreed to go with the smaller venue for the offsite." },
  ],
};
const options = { meetingDate: new Date("2025-04-08T12:00:00Z"), enhanced: true, title: "Budget sync" };
const good = {
  overview: "A budget sync before the offsite.",
  keyPoints: ["The budget goes to finance", "**Smaller venue** for the offsite"],
  decisions: ["Go with the smaller venue for the offsite"],
  actionItems: [{ task: "Send the budget to finance", assignee: "Ben Stone", dueDate: "2025-04-11", sourceStart: 1 }],
};

describe("OpenAiSummarizer", () => {
  it("uses a valid JSON answer from the chat endpoint", async () => {
    replies.push(() => ({ status: 200, body: completion(JSON.stringify(good)) }));
    const s = summarizerFor({ baseUrl, apiKey: "k-123", model: "llama3", timeoutMs: 2000 });
    const r = await s.summarize(transcript, options);
    expect(r.engine).toBe("openai-compatible");
    expect(r.model).toBe("llama3");
    expect(r.note).toBeNull();
    expect(r.actionItems).toEqual(good.actionItems);
    // Structure, not markdown: plain texts, each with the speaker and time of the turn it comes from; the key
    // point that only repeats the decision is listed once, as the decision.
    expect(r.notes).toEqual({
      overview: "A budget sync before the offsite.",
      keyPoints: [{ text: "The budget goes to finance", speaker: "Ana Reyes", start: 1 }],
      decisions: [{ text: "Go with the smaller venue for the offsite", speaker: "Ana Reyes", start: 8 }],
    });
    expect(requests[0]?.auth).toBe("Bearer k-123");
    expect(requests[0]?.body.model).toBe("llama3");
    expect(requests[0]?.body.response_format).toEqual({ type: "json_object" });
    expect(requests[0]?.body.messages[1]?.content).toContain("Ben Stone: Sure, I can do that.");
  });

  it("falls back to the built-in result when the answer is malformed", async () => {
    replies.push(() => ({ status: 200, body: completion("Here are your notes: {not json") }));
    const r = await summarizerFor({ baseUrl, apiKey: "k", model: "m", timeoutMs: 2000 }).summarize(transcript, options);
    expect(r.engine).toBe("built-in");
    expect(r.note).toMatch(/not valid JSON.*built-in summary is shown/);
    expect(r.actionItems[0]).toMatchObject({ assignee: "Ben Stone", dueDate: "2025-04-11" });
  });

  it("falls back when fields are missing or the model refuses", async () => {
    replies.push(() => ({ status: 200, body: completion(JSON.stringify({ decisions: "x" })) }));
    replies.push(() => ({ status: 200, body: completion(null, "I can't help with that.") }));
    const s = new OpenAiSummarizer({ baseUrl, apiKey: "k", model: "m", timeoutMs: 2000 });
    expect((await s.summarize(transcript, options)).note).toMatch(/expected fields/);
    expect((await s.summarize(transcript, options)).note).toMatch(/refused/);
  });

  it("falls back on HTTP 500 and says the model could not be reached", async () => {
    replies.push(() => ({ status: 500, body: { error: { message: "boom" } } }));
    const r = await summarizerFor({ baseUrl, apiKey: "k", model: "m", timeoutMs: 2000 }).summarize(transcript, options);
    expect(r.engine).toBe("built-in");
    expect(r.note).toBe("The language model could not be reached (HTTP 500); the built-in summary is shown.");
    expect(requests).toHaveLength(1); // no retries
  });

  it("falls back on a time-out", async () => {
    replies.push(() => ({ status: 200, body: completion(JSON.stringify(good)), delayMs: 1500 }));
    const started = Date.now();
    const r = await summarizerFor({ baseUrl, apiKey: "k", model: "m", timeoutMs: 200 }).summarize(transcript, options);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(r.engine).toBe("built-in");
    expect(r.note).toMatch(/could not be reached \(the request timed out\)/);
  });

  it("splits long transcripts into chunks and merges the answers without duplicates", async () => {
    const item = { task: "Send the budget to finance", assignee: "Ben Stone", dueDate: null, sourceStart: 1 };
    replies.push(() => ({
      status: 200,
      body: completion(JSON.stringify({ summary: "- Part one", decisions: ["Smaller venue"], actionItems: [item] })),
    }));
    replies.push(() => ({
      status: 200,
      body: completion(
        JSON.stringify({
          summary: "- Part two\n- Part one",
          decisions: ["smaller venue"],
          actionItems: [
            { ...item, dueDate: "2025-04-11" },
            { task: "Book the venue", assignee: null, dueDate: null, sourceStart: 8 },
          ],
        }),
      ),
    }));
    const s = new OpenAiSummarizer({ baseUrl, apiKey: "k", model: "m", timeoutMs: 2000 }, 160);
    const r = await s.summarize(transcript, options);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body.messages[1]?.content).toContain("part 1 of 2");
    // An answer in the older shape (markdown bullets in "summary") is read as key points, in plain text.
    expect(r.notes.keyPoints.map((p) => p.text)).toEqual(["Part one", "Part two"]);
    expect(r.notes.decisions.map((p) => p.text)).toEqual(["Smaller venue"]);
    expect(r.actionItems).toEqual([
      { ...item, dueDate: "2025-04-11" },
      { task: "Book the venue", assignee: null, dueDate: null, sourceStart: 8 },
    ]);
  });
});

describe("OpenAiSummarizer with a large meeting's turns as JSON text (the summarize job's source)", () => {
  it("builds the prompts and places the notes in the CPU task process: this thread never parses the turns", async () => {
    const utterances = Array.from({ length: 400 }, (_, i) => ({
      speaker: i % 2 ? "Ben Stone" : "Ana Reyes",
      start: i * 10,
      end: i * 10 + 8,
      text:
        i === 321 ? "We agreed to go with the smaller venue for the offsite." : `Point ${i} about the quarterly budget and the numbers.`,
    }));
    const source = { text: utterances.map((u) => u.text).join("\n"), utterancesJson: JSON.stringify(utterances), language: "en" };
    expect(source.utterancesJson.length).toBeGreaterThan(NOTES_ON_THREAD_CHARS);
    replies.push(() => ({ status: 200, body: completion(JSON.stringify({ ...good, decisions: [] })) }));
    replies.push(() => ({ status: 200, body: completion(JSON.stringify(good)) }));
    const parse = JSON.parse.bind(JSON);
    const parsedTurns = vi.fn();
    const spy = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
      if (text === source.utterancesJson) parsedTurns();
      return parse(text, ...rest);
    }) as typeof JSON.parse);
    try {
      const s = new OpenAiSummarizer({ baseUrl, apiKey: "k", model: "m", timeoutMs: 5000 }, 24_000);
      const r = await s.summarize(source, options);
      expect(r.note).toBeNull();
      expect(r.engine).toBe("openai-compatible");
      // Placed on the turn that said it, by the task that parsed the turns.
      expect(r.notes.decisions).toEqual([{ text: "Go with the smaller venue for the offsite", speaker: "Ben Stone", start: 3210 }]);
    } finally {
      spy.mockRestore();
    }
    expect(parsedTurns).not.toHaveBeenCalled();
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body.messages[1]?.content).toContain("(part 1 of 2)");
    expect(requests[0]?.body.messages[1]?.content).toContain(
      "[0:00:10 = 10s] Ben Stone: Point 1 about the quarterly budget and the numbers.",
    );
    expect(requests[1]?.body.messages[1]?.content).toContain("Ben Stone: We agreed to go with the smaller venue for the offsite.");
  }, 60_000);
});

describe("createSummarizer", () => {
  it("uses the built-in summarizer when not enhanced or no LLM is configured", async () => {
    const r1 = await summarizerFor({ baseUrl, apiKey: "k", model: "m" }).summarize(transcript, { ...options, enhanced: false });
    expect(r1.engine).toBe("built-in");
    expect(requests).toHaveLength(0);
    const r2 = await summarizerFor(null, "openai").summarize(transcript, options);
    expect(r2.model).toBe("rules-v2");
    expect(r2.note).toMatch(/No language model server is configured/);
    const r3 = await summarizerFor(null).summarize(transcript, options);
    expect(r3.engine).toBe("built-in");
    expect(r3.note).toMatch(/^No local language model is installed, so the built-in notes are shown\./);
  });
});

describe("chunkUtterances", () => {
  it("keeps utterances whole and respects the size", () => {
    const us = Array.from({ length: 10 }, (_, i) => ({ speaker: "A", start: i, end: i, text: "x".repeat(50) }));
    const chunks = chunkUtterances(us, 160);
    expect(chunks.flat()).toEqual(us);
    expect(chunks.length).toBe(5);
  });
});
