// An OpenAI-compatible transcription server (POST /v1/audio/transcriptions, verbose_json with
// speaker-labelled segments), for tests and benches that process audio without a speech model.
// `delayMs` holds each answer back, so a test can catch a worker while it holds a job;
// `holdUntilReleased` holds every answer until the test calls release(). Each request is
// recorded with its headers and raw body, so a test can check what the engine sent.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { sendJson, type FakeServer } from "./fake-http";

export const FAKE_TRANSCRIPTION = {
  task: "transcribe",
  language: "english",
  duration: 3,
  text: "Alice, can you send the budget deck by Friday? Sure, I can do that.",
  segments: [
    { id: 0, seek: 0, start: 0.2, end: 1.4, text: " Alice, can you send the budget deck by Friday?", speaker: "SPEAKER_00" },
    { id: 1, seek: 0, start: 1.6, end: 2.8, text: " Sure, I can do that.", speaker: "SPEAKER_01" },
  ],
};

export interface SttRequest {
  method: string;
  url: string;
  /** The Authorization header. */
  auth: string | undefined;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
  /** The raw body (a multipart form with the audio file). */
  body: Buffer;
}

export interface FakeStt extends FakeServer {
  /** Transcription requests answered so far. */
  calls: number;
  /** Every request received, answered or not, in order. */
  received: SttRequest[];
  /** Resolves with the first transcription request, on arrival (before it is answered). */
  arrived: Promise<SttRequest>;
  /** Lets held answers go (holdUntilReleased); later requests are answered at once. */
  release(): void;
  /** The app's environment for this engine. */
  env: Record<string, string>;
}

export async function startFakeStt(
  opts: {
    delayMs?: number;
    holdUntilReleased?: boolean;
    /** The verbose_json answer; FAKE_TRANSCRIPTION by default. */
    transcription?: object;
    /** The key the app is given (OPENAI_STT_API_KEY). */
    apiKey?: string;
  } = {},
): Promise<FakeStt> {
  const state = { calls: 0 };
  const received: SttRequest[] = [];
  let onArrive!: (r: SttRequest) => void;
  const arrived = new Promise<SttRequest>((resolve) => (onArrive = resolve));
  let release!: () => void;
  const released = opts.holdUntilReleased ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  if (!opts.holdUntilReleased) release = () => {};

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: SttRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        auth: req.headers.authorization,
        contentType: req.headers["content-type"],
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions")
        return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
      onArrive(request);
      void released.then(() =>
        setTimeout(() => {
          state.calls++;
          sendJson(res, 200, opts.transcription ?? FAKE_TRANSCRIPTION);
        }, opts.delayMs ?? 0),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async close() {
      release(); // never leave a job hanging on a held answer
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    get calls() {
      return state.calls;
    },
    received,
    arrived,
    release: () => release(),
    env: { SPEECH_ENGINE: "openai", OPENAI_STT_BASE_URL: `${url}/v1`, OPENAI_STT_API_KEY: opts.apiKey ?? "sk-fake" },
  };
}
