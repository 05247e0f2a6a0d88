// POST /api/ask with a language model: an OpenAI-compatible server doubled at its HTTP
// boundary (streamed chat completions), and the local model on a tiny generated GGUF. The
// answer is the model's, written from the numbered passages it was given, which are the
// citations; "the passages do not say" is said, not guessed; a failing server leaves the
// built-in answer; a stranger's meeting never reaches the prompt.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { insertCompletedMeeting, type Turn } from "../../../../test/meetings";
import { startFakeServer, type FakeServer } from "../../../../test/fake-http";
import { QWEN3_HYBRID_TEMPLATE } from "../../../../test/qwen3-templates";
import { writeTinyQwen3Gguf } from "../../../../test/tiny-gguf";
import { MODEL_FOUND_NOTHING } from "./ask.service";
import { answerPrompt, finishModelAnswer, withoutNoAnswer } from "./model-answer";

type ChatBody = { model: string; stream?: boolean; messages: { role: string; content: string }[] };
let replies: (string[] | { status: number })[] = [];
const requests: ChatBody[] = [];
let llm: FakeServer;

/** A streamed chat completion, one chunk per piece, as OpenAI-compatible servers send it. */
function streamed(pieces: string[]): string {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return [
    chunk({ role: "assistant", content: "" }),
    ...pieces.map((p) => chunk({ content: p })),
    chunk({}, "stop"),
    "data: [DONE]\n\n",
  ].join("");
}

async function signedUp(app: TestApp, prefix: string) {
  const c = new TestClient(app.url);
  const r = await c.signUp(uniqueEmail(prefix), "secret123", prefix);
  return { c, id: r.json.user.id as string };
}

const storedMeeting = (app: TestApp, userId: string, title: string, turns: Turn[]) =>
  insertCompletedMeeting(app.ctx.database.db, userId, title, turns);

describe("the prompt", () => {
  it("credits an action item to who said it at its time and names its assignee apart", () => {
    const base = { meeting_id: "m1", title: "Deck sync", position: 0, score: 1, meeting_score: 1 };
    const { user } = answerPrompt("Who sends the deck?", [
      { ...base, kind: "action_item", speaker: "Speaker A", assignee: "Alice", start_seconds: 5, body: "Send the budget deck" },
      { ...base, kind: "action_item", speaker: null, assignee: "Bob", start_seconds: null, body: "Book the room" },
      { ...base, kind: "turn", speaker: "Speaker A", start_seconds: 5, body: "Sure, I can do that." },
    ]);
    expect(user).toContain('[1] Meeting "Deck sync", Speaker A at 0:05, action item for Alice: Send the budget deck');
    expect(user).toContain('[2] Meeting "Deck sync", Action item for Bob: Book the room');
    expect(user).toContain('[3] Meeting "Deck sync", Speaker A at 0:05: Sure, I can do that.');
  });
});

describe("the model's text as the answer", () => {
  it("keeps markers that point at a passage, writes [1, 2] as [1][2], and reads NO_ANSWER as no answer", () => {
    expect(finishModelAnswer("The budget is 40k [1, 2]. It moved online [7][2].", 3)).toBe(
      "The budget is 40k [1][2]. It moved online [2].",
    );
    expect(finishModelAnswer("NO_ANSWER", 3)).toBeNull();
    expect(finishModelAnswer("  no_answer.", 3)).toBeNull();
    expect(finishModelAnswer("", 3)).toBeNull();
  });

  it("never streams the NO_ANSWER word, and streams an answer from its first piece on", () => {
    const out: string[] = [];
    const a = withoutNoAnswer((d) => out.push(d));
    for (const piece of ["NO_", "ANS", "WER"]) a.push(piece);
    a.end();
    expect(out).toEqual([]);
    const b = withoutNoAnswer((d) => out.push(d));
    for (const piece of ["No", "rdic ", "budget [1]."]) b.push(piece);
    b.end();
    expect(out.join("")).toBe("Nordic budget [1].");
  });
});

describe("with an OpenAI-compatible server (LLM_BASE_URL)", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedUp>>;
  let budget: string;

  beforeAll(async () => {
    llm = await startFakeServer((req, data, res) => {
      const body = JSON.parse(data || "{}") as ChatBody;
      requests.push(body);
      const next = replies.shift() ?? { status: 500 };
      if (req.url !== "/v1/chat/completions" || !Array.isArray(next)) {
        res.writeHead("status" in next ? next.status : 404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "down" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(streamed(next));
    });
    t = await startTestApp({
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_MODEL: "fake-model",
      SEARCH_RATE_LIMIT_BURST: "100000",
      SEARCH_RATE_LIMIT_PER_MINUTE: "100000",
    });
    owner = await signedUp(t, "owner");
    budget = await storedMeeting(t, owner.id, "Budget review", [
      ["Ana", 0, "Good morning everyone."],
      ["Ben", 30, "The marketing budget for the spring campaign is forty thousand euros."],
      ["Ana", 65, "We decided to move the trade fair money into online advertising instead."],
    ]);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    replies = [];
    requests.length = 0;
  });

  it("writes the model's answer from the numbered passages it read; markers point into citations; a stranger's meeting never reaches the prompt", async () => {
    const stranger = await signedUp(t, "stranger");
    await storedMeeting(t, stranger.id, "Secret budget", [["Zed", 0, "The secret marketing budget is ninety thousand euros."]]);
    replies.push(["The spring campaign's marketing budget is ", "forty thousand euros [1]. Fair money moved online [2][9]."]);
    const r = await owner.c.post("/api/ask", { question: "What happened to the marketing budget and the trade fair money?" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ engine: "openai", model: "fake-model" });
    expect(r.json.citations).toHaveLength(2);
    expect(r.json.answer).toBe("The spring campaign's marketing budget is forty thousand euros [1]. Fair money moved online [2].");
    expect(r.json.citations.map((c: { turnIndex: number }) => c.turnIndex).sort()).toEqual([1, 2]);
    expect(r.json.citations.every((c: { meetingId: string }) => c.meetingId === budget)).toBe(true);
    expect(requests).toHaveLength(1);
    const [system, user] = requests[0]!.messages;
    expect(requests[0]!.model).toBe("fake-model");
    expect(requests[0]!.stream).toBe(true);
    expect(system!.content).toMatch(/only the numbered passages/);
    // The prompt numbers the passages as `citations` lists them.
    r.json.citations.forEach((c: { speaker: string; text: string }, i: number) =>
      expect(user!.content).toMatch(new RegExp(`\\[${i + 1}\\] Meeting "Budget review", ${c.speaker} at \\d:\\d\\d: ${c.text}`)),
    );
    expect(user!.content).toContain("Ben at 0:30: The marketing budget");
    expect(user!.content).not.toMatch(/ninety|Secret budget/);
  });

  it("says the meetings do not say when the model finds no answer in the passages, citing nothing", async () => {
    replies.push(["NO_", "ANSWER"]);
    const r = await owner.c.post("/api/ask", { question: "What is the marketing budget for next year?" });
    expect(r.json).toMatchObject({ answer: MODEL_FOUND_NOTHING.all, engine: "openai", citations: [] });
    // Asked on the meeting's page, it speaks of that meeting.
    replies.push(["NO_ANSWER"]);
    const one = await owner.c.post("/api/ask", { question: "What is the marketing budget for next year?", meetingId: budget });
    expect(one.json).toMatchObject({ answer: "This meeting does not say. Try other words.", engine: "openai", citations: [] });
  });

  it("streams the model's answer as it is written (text/event-stream)", async () => {
    replies.push(["Forty ", "thousand ", "euros [1]."]);
    const res = await fetch(`${t.url}/api/ask`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: owner.c.cookie, origin: t.url },
      body: JSON.stringify({ question: "What is the marketing budget?", meetingId: budget }),
    });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = (await res.text())
      .split("\n\n")
      .filter(Boolean)
      .map((e) => ({ name: /^event: (.*)$/m.exec(e)![1], data: JSON.parse(/^data: (.*)$/m.exec(e)![1]!) }));
    expect(events[0]!.name).toBe("citations");
    const pieces = events.filter((e) => e.name === "answer").map((e) => e.data.text);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.join("")).toBe("Forty thousand euros [1].");
    const done = events[events.length - 1]!;
    expect(done.name).toBe("done");
    expect(done.data).toMatchObject({ answer: "Forty thousand euros [1].", engine: "openai", model: "fake-model" });
    expect(done.data.citations[0].meetingId).toBe(budget);
  });

  it("gives the built-in answer when the server fails, and asks no model when nothing was found", async () => {
    replies.push({ status: 500 });
    const r = await owner.c.post("/api/ask", { question: "What is the marketing budget?" });
    expect(r.status).toBe(200);
    expect(r.json.engine).toBe("built-in");
    expect(r.json.answer).toMatch(/forty thousand euros/);
    requests.length = 0;
    const none = await owner.c.post("/api/ask", { question: "zzyzx quux?" });
    expect(none.json.citations).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe("with the local model (a tiny generated GGUF)", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "minutes-ask-llm-"));
    const modelPath = path.join(dir, "tiny.gguf");
    await writeTinyQwen3Gguf(modelPath, { chatTemplate: QWEN3_HYBRID_TEMPLATE, contextLength: 16384 });
    t = await startTestApp({ SUMMARY_ENGINE: "local", LOCAL_LLM_MODEL: modelPath, LOCAL_LLM_THREADS: "1", LOCAL_LLM_CONTEXT: "4096" });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the answer with the local model through its worker (random weights: any text, or 'do not say')", async () => {
    const owner = await signedUp(t, "local");
    const id = await storedMeeting(t, owner.id, "Budget review", [["Ben", 30, "The marketing budget is forty thousand euros."]]);
    const r = await owner.c.post("/api/ask", { question: "What is the marketing budget?" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ engine: "local", model: "tiny.gguf" });
    if (r.json.answer !== MODEL_FOUND_NOTHING.all) expect(r.json.citations[0].meetingId).toBe(id);
    else expect(r.json.citations).toEqual([]);
  });
});
