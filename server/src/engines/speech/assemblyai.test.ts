import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../free-port";
import { sendJson as json, startFakeServer, type FakeServer } from "../../../../test/fake-http";
import { AssemblyAiSpeechEngine } from "./assemblyai";

// A local server speaking AssemblyAI's v2 REST API: POST /v2/upload, POST /v2/transcript,
// GET /v2/transcript/:id.
let server: FakeServer;
let base: string;
let dir: string;
let audio: string;
let log: { method: string; url: string; auth?: string; body: string }[];
let route: (req: IncomingMessage, res: ServerResponse, body: string) => void;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "aai-test-"));
  audio = path.join(dir, "a.wav");
  await writeFile(audio, Buffer.from("RIFF....WAVEfake"));
  server = await startFakeServer((req, body, res) => {
    log.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
    route(req, res, body);
  });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const completed = {
  id: "t1",
  status: "completed",
  text: "Hi there. Hello.",
  language_code: "en_us",
  speech_model: "nano",
  audio_duration: 4,
  utterances: [
    {
      speaker: "B",
      start: 250,
      end: 1500,
      text: "Hi there.",
      confidence: 0.9,
      words: [
        { text: "Hi", start: 250, end: 600, confidence: 1, speaker: "B" },
        { text: "there.", start: 700, end: 1500, confidence: 1, speaker: "B" },
      ],
    },
    {
      speaker: "A",
      start: 2000,
      end: 3000,
      text: "Hello.",
      confidence: 0.9,
      words: [{ text: "Hello.", start: 2000, end: 3000, confidence: 1, speaker: "A" }],
    },
  ],
};

function happy(pollsBeforeDone: number) {
  let polls = 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "POST" && req.url === "/v2/upload") return json(res, 200, { upload_url: "https://cdn.example/up/1" });
    if (req.method === "POST" && req.url === "/v2/transcript") return json(res, 200, { id: "t1", status: "queued" });
    if (req.method === "GET" && req.url === "/v2/transcript/t1") {
      polls++;
      return json(res, 200, polls > pollsBeforeDone ? completed : { id: "t1", status: "processing" });
    }
    json(res, 404, { error: "not found" });
  };
}

beforeEach(() => {
  log = [];
  route = happy(1);
});
const opts = (over = {}) => ({ nano: true, speakers: null, language: null, signal: new AbortController().signal, ...over });
const engine = (over = {}) => new AssemblyAiSpeechEngine({ apiKey: "k-123", baseUrl: base, pollIntervalMs: 5, ...over });

describe("AssemblyAiSpeechEngine", () => {
  it("uploads, requests diarization with nano, polls until completed and maps utterances", async () => {
    const progress: number[] = [];
    const r = await engine().transcribe(audio, opts(), (p) => progress.push(p.doneSeconds));
    expect(log.map((l) => `${l.method} ${l.url}`)).toEqual([
      "POST /v2/upload",
      "POST /v2/transcript",
      "GET /v2/transcript/t1",
      "GET /v2/transcript/t1",
    ]);
    expect(log[0]?.auth).toBe("k-123");
    expect(JSON.parse(log[1]?.body ?? "")).toMatchObject({
      audio_url: "https://cdn.example/up/1",
      speaker_labels: true,
      auto_highlights: true,
      entity_detection: true,
      speech_model: "nano",
    });
    expect(r.utterances).toEqual([
      {
        speaker: "Speaker A",
        start: 0.25,
        end: 1.5,
        text: "Hi there.",
        words: [
          { text: "Hi", start: 0.25, end: 0.6 },
          { text: "there.", start: 0.7, end: 1.5 },
        ],
      },
      { speaker: "Speaker B", start: 2, end: 3, text: "Hello.", words: [{ text: "Hello.", start: 2, end: 3 }] },
    ]);
    expect(r).toMatchObject({ engine: "assemblyai", model: "nano", language: "en_us", text: "Hi there.\nHello." });
    expect(progress).toEqual([4]);
  });

  it("does not ask for nano when nano is off", async () => {
    await engine().transcribe(audio, opts({ nano: false, speakers: 3 }), () => {});
    const body = JSON.parse(log[1]?.body ?? "");
    expect(body.speech_model).toBeUndefined();
    expect(body.speakers_expected).toBe(3);
  });

  it("asks AssemblyAI to detect the language for 'auto', and passes a chosen one", async () => {
    await engine().transcribe(audio, opts({ language: "auto" }), () => {});
    expect(JSON.parse(log[1]?.body ?? "")).toMatchObject({ language_detection: true });
    expect(JSON.parse(log[1]?.body ?? "").language_code).toBeUndefined();
    log.length = 0;
    await engine().transcribe(audio, opts({ language: "de" }), () => {});
    expect(JSON.parse(log[1]?.body ?? "")).toMatchObject({ language_code: "de" });
  });

  it("reports the transcript's error field when AssemblyAI fails the job", async () => {
    route = (req, res) => {
      if (req.url === "/v2/transcript/t1") return json(res, 200, { id: "t1", status: "error", error: "Audio file has no audio stream" });
      happy(0)(req, res);
    };
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toMatchObject({
      code: "ENGINE_FAILED",
      message: "AssemblyAI could not transcribe the recording: Audio file has no audio stream",
    });
  });

  it("reports the error field of an HTTP error answer (e.g. bad API key)", async () => {
    route = (_req, res) => json(res, 401, { error: "Authentication error, API token missing/invalid" });
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toThrow(
      "AssemblyAI upload failed: Authentication error, API token missing/invalid",
    );
  });

  it("reports 'HTTP Error: status statusText' when the error answer has no body", async () => {
    route = (_req, res) => {
      res.writeHead(503, "Service Unavailable");
      res.end();
    };
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toThrow("HTTP Error: 503 Service Unavailable");
  });

  it("fails clearly on a malformed (non-JSON) answer", async () => {
    route = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("<html>proxy</html>");
    };
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toMatchObject({
      code: "ENGINE_FAILED",
      message: expect.stringMatching(/^AssemblyAI upload failed: .*JSON/),
    });
  });

  it("times out a request that never answers", async () => {
    route = () => {}; // never answer
    await expect(engine({ requestTimeoutMs: 200 }).transcribe(audio, opts(), () => {})).rejects.toThrow(
      "AssemblyAI did not answer (upload) within 0.2 s.",
    );
  });

  it("stops polling when aborted", async () => {
    route = happy(1e9);
    const ctrl = new AbortController();
    const p = engine().transcribe(audio, opts({ signal: ctrl.signal }), () => {});
    setTimeout(() => ctrl.abort(), 50);
    await expect(p).rejects.toMatchObject({ code: "ABORTED" });
    // A poll already on the wire when abort fired may still arrive; after that, silence.
    await new Promise((r) => setTimeout(r, 50));
    const n = log.length;
    await new Promise((r) => setTimeout(r, 3 * 50 + 100));
    expect(log.length).toBe(n);
  });

  it("says the service cannot be reached when the connection is refused", async () => {
    const port = await freePort();
    await expect(engine({ baseUrl: `http://127.0.0.1:${port}` }).transcribe(audio, opts(), () => {})).rejects.toThrow(/ECONNREFUSED/);
  });
});
