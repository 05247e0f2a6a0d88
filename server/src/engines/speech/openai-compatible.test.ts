import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../free-port";
import { sendJson as json, startFakeServer, type FakeServer } from "../../../../test/fake-http";
import { OpenAiCompatibleSpeechEngine, apiRoot } from "./openai-compatible";

// A local server speaking the OpenAI audio transcription API.
let server: FakeServer;
let base: string;
let dir: string;
let audio: string;
let seen: { url: string; auth?: string; contentType?: string; body: string }[];
let route: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oai-test-"));
  audio = path.join(dir, "meeting.wav");
  await writeFile(audio, Buffer.from("RIFF....WAVEfake-audio"));
  server = await startFakeServer((req, body, res) => {
    seen.push({ url: req.url!, auth: req.headers.authorization, contentType: req.headers["content-type"], body });
    route(req, res);
  });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const verbose = {
  task: "transcribe",
  language: "english",
  duration: 6,
  text: "Shall we start? Yes, let's go.",
  segments: [
    { id: 0, start: 0, end: 2, text: " Shall we start?" },
    { id: 1, start: 2.5, end: 5.5, text: " Yes, let's go." },
  ],
};
beforeEach(() => {
  seen = [];
  route = (_req, res) => json(res, 200, verbose);
});
const opts = (over = {}) => ({ nano: false, speakers: null, language: null, signal: new AbortController().signal, ...over });
const engine = (over = {}) => new OpenAiCompatibleSpeechEngine({ baseUrl: base, apiKey: "sk-test", model: "whisper-1", ...over });

describe("OpenAiCompatibleSpeechEngine", () => {
  it("posts multipart to /v1/audio/transcriptions with model and verbose_json, one speaker without diarization", async () => {
    const r = await engine().transcribe(audio, opts({ language: "en" }), () => {});
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/v1/audio/transcriptions");
    expect(seen[0]?.auth).toBe("Bearer sk-test");
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(seen[0]?.body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(seen[0]?.body).toMatch(/name="language"\r\n\r\nen/);
    expect(seen[0]?.body).toContain("fake-audio");
    expect(r.utterances).toEqual([{ speaker: "Speaker A", start: 0, end: 5.5, text: "Shall we start? Yes, let's go." }]);
    expect(r).toMatchObject({ engine: "openai", model: "whisper-1", language: "english" });
  });

  it("leaves the language out for 'auto' so the server detects it", async () => {
    await engine().transcribe(audio, opts({ language: "auto" }), () => {});
    expect(seen.at(-1)!.body).not.toMatch(/name="language"/);
  });

  it("merges with local diarization when it is available", async () => {
    const turns = [
      { speaker: "spk_3", start: 0, end: 2.2 },
      { speaker: "spk_1", start: 2.2, end: 6 },
    ];
    let asked: number | null | undefined;
    const r = await engine({ diarize: async (_p: string, n: number | null) => ((asked = n), turns) }).transcribe(
      audio,
      opts({ speakers: 2 }),
      () => {},
    );
    expect(asked).toBe(2);
    expect(r.utterances.map((u) => [u.speaker, u.text])).toEqual([
      ["Speaker A", "Shall we start?"],
      ["Speaker B", "Yes, let's go."],
    ]);
  });

  it("gives each local voice the transcript's label (voice profiles, decision 031); a speaker with no words keeps none", async () => {
    const turns = [
      { speaker: "spk_3", start: 0, end: 2.2 },
      { speaker: "spk_1", start: 2.2, end: 6 },
      { speaker: "spk_7", start: 7, end: 8 }, // after the last words
    ];
    const voices = ["spk_1", "spk_3", "spk_7"].map((speaker, i) => ({ speaker, model: "titanet-small-en", embedding: [i, 1] }));
    const r = await engine({ diarize: async () => ({ turns, voices }) }).transcribe(audio, opts({ speakers: 3 }), () => {});
    expect(r.utterances.map((u) => u.speaker)).toEqual(["Speaker A", "Speaker B"]);
    expect(r.voices).toEqual([
      { speaker: "Speaker B", model: "titanet-small-en", embedding: [0, 1] },
      { speaker: "Speaker A", model: "titanet-small-en", embedding: [1, 1] },
    ]);
    expect(JSON.stringify(r.utterances)).not.toContain("embedding");
  });

  it("keeps speakers the server gives", async () => {
    route = (_req, res) =>
      json(res, 200, { ...verbose, segments: verbose.segments.map((s, i) => ({ ...s, speaker: i ? "SPEAKER_00" : "SPEAKER_01" })) });
    const r = await engine({
      diarize: async () => {
        throw new Error("must not diarize");
      },
    }).transcribe(audio, opts(), () => {});
    expect(r.utterances.map((u) => u.speaker)).toEqual(["Speaker A", "Speaker B"]);
  });

  it("accepts a base URL that already ends in /v1", () => {
    expect(apiRoot("http://h:8000/v1/")).toBe("http://h:8000/v1");
    expect(apiRoot("http://h:8000/")).toBe("http://h:8000/v1");
  });

  it("reports the server's error message and status", async () => {
    route = (_req, res) => json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toMatchObject({
      code: "ENGINE_FAILED",
      message: expect.stringMatching(/answered HTTP 401: Incorrect API key provided/),
    });
  });

  it("reports a 500 without a JSON body", async () => {
    route = (_req, res) => {
      res.writeHead(500);
      res.end("oops");
    };
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toThrow(/answered HTTP 500/);
  });

  it("rejects a malformed answer", async () => {
    route = (_req, res) => json(res, 200, { segments: [{ start: "zero", text: 5 }] });
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toThrow(/malformed segment/);
    route = (_req, res) => json(res, 200, { hello: "world" });
    await expect(engine().transcribe(audio, opts(), () => {})).rejects.toThrow(/not a verbose_json transcript/);
  });

  it("times out when the server does not answer", async () => {
    route = () => {};
    await expect(engine({ timeoutMs: 200 }).transcribe(audio, opts(), () => {})).rejects.toThrow(/did not answer in time/);
  });

  it("aborts the request when the job is cancelled", async () => {
    route = () => {};
    const ctrl = new AbortController();
    const p = engine().transcribe(audio, opts({ signal: ctrl.signal }), () => {});
    setTimeout(() => ctrl.abort(), 50);
    await expect(p).rejects.toMatchObject({ code: "ABORTED" });
  });

  it("says when the server cannot be reached", async () => {
    const port = await freePort();
    await expect(engine({ baseUrl: `http://127.0.0.1:${port}` }).transcribe(audio, opts(), () => {})).rejects.toThrow(/Could not reach/);
  });
});
