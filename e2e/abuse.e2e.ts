// The attack suite, browser-free, against the app as `npm start` runs it: the transcripts that
// held the whole server for minutes (4.3 MB of near-repeats) or stalled it for seconds (100,000
// turns), summarised and then exported in every format, while another client keeps asking
// /api/health. Every answer must come back within a normal client's timeout (the figures, and the
// 200 ms goal, are in `npm run bench:abuse`). Every job ends, done or failed with a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFormatsToTry, importTranscript, manyCuesVtt, repetitiveVtt, waitSettled, watchHealth } from "../bench/lib/abuse";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";

/** What a browser or a load balancer waits before giving up on a health check. */
const NORMAL_TIMEOUT_MS = 5_000;

let app: AppProcess;
let mallory: TestClient;

beforeAll(async () => {
  app = await startAppProcess();
  mallory = new TestClient(app.url);
  await mallory.signUp(uniqueEmail("mallory"));
}, 180_000);
afterAll(async () => app?.close(), 60_000);

describe("no single upload takes the server down", () => {
  const meetings: { name: string; id: string }[] = [];

  it("summarises the repetitive 4.3 MB transcript and the 100,000-turn one while the server keeps answering", async () => {
    const health = watchHealth(app.url, NORMAL_TIMEOUT_MS);
    try {
      for (const [name, vtt] of [
        ["repetitive", repetitiveVtt()],
        ["100k turns", manyCuesVtt()],
      ] as const) {
        const id = await importTranscript(mallory, `${name}.vtt`, vtt);
        meetings.push({ name, id });
        const settled = await waitSettled(mallory, id);
        // Done, or failed with a message that says why (never stuck processing).
        if (settled.status === "failed") expect(settled.error).toMatch(/too large or too repetitive/);
      }
    } finally {
      const figures = await health.stop();
      console.log(
        `/api/health while summarising: ${figures.count} answers, p95 ${figures.p95Ms.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms`,
      );
      expect(figures.failures).toBe(0);
      expect(figures.maxMs).toBeLessThan(NORMAL_TIMEOUT_MS);
      expect(figures.count).toBeGreaterThan(10);
    }
  }, 600_000);

  it("exports both in every format while the server keeps answering", async () => {
    expect(meetings).toHaveLength(2);
    const health = watchHealth(app.url, NORMAL_TIMEOUT_MS);
    try {
      for (const { name, id } of meetings)
        for (const format of exportFormatsToTry) {
          const res = await fetch(`${app.url}/api/meetings/${id}/export.${format}`, { headers: { cookie: mallory.cookie } });
          // A file, or a clear refusal in the one error shape (e.g. too long for a PDF within the budget).
          if (res.status !== 200) {
            const body = (await res.json()) as { error: { code: string; message: string } };
            expect([413, 422], `${name}.${format}: ${body.error.message}`).toContain(res.status);
          } else expect((await res.arrayBuffer()).byteLength, `${name}.${format}`).toBeGreaterThan(1000);
        }
    } finally {
      const figures = await health.stop();
      expect(figures.failures).toBe(0);
      expect(figures.maxMs).toBeLessThan(NORMAL_TIMEOUT_MS);
    }
  }, 600_000);

  it("refuses a transcript over the cue limit at upload, naming the limit", async () => {
    const fd = new FormData();
    fd.append("title", "Too many");
    fd.append("file", new Blob([manyCuesVtt(100_001)], { type: "text/vtt" }), "too-many.vtt");
    const r = await mallory.request("POST", "/api/meetings", fd);
    expect(r.status).toBe(413);
    expect(r.json.error.message).toMatch(/more than 100,000 cues/);
  }, 120_000);
});
