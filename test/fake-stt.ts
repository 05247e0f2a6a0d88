// An OpenAI-compatible transcription server (POST /v1/audio/transcriptions, verbose_json with
// speaker-labelled segments), for tests and benches that process audio without a speech model.
// `delayMs` holds each answer back, so a test can catch a worker while it holds a job.
import { startFakeServer, sendJson, type FakeServer } from "./fake-http";

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

export interface FakeStt extends FakeServer {
  /** Requests answered so far. */
  calls: number;
  /** The app's environment for this engine. */
  env: Record<string, string>;
}

export async function startFakeStt(opts: { delayMs?: number } = {}): Promise<FakeStt> {
  const state = { calls: 0 };
  const server = await startFakeServer((req, _body, res) => {
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions")
      return sendJson(res, 404, { error: { message: `no route ${req.url}` } });
    setTimeout(() => {
      state.calls++;
      sendJson(res, 200, FAKE_TRANSCRIPTION);
    }, opts.delayMs ?? 0);
  });
  return {
    ...server,
    get calls() {
      return state.calls;
    },
    env: { SPEECH_ENGINE: "openai", OPENAI_STT_BASE_URL: `${server.url}/v1`, OPENAI_STT_API_KEY: "sk-fake" },
  };
}
