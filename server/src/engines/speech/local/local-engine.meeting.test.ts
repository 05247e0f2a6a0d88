// A meeting through the real server with the local engine on the generated models
// (MODELS_DIR = a folder test/speech-models installed): upload → prepare → transcribe
// (the sherpa-onnx worker) → summarize; and the failures a user can meet there: a worker
// that dies, a model file damaged after install, a broken model file copied in by hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../../test/fixtures";
import { adoptFixtureFiles, installSpeechFixtures } from "../../../../../test/speech-models/install";
import { CORPUS_REAL, corpusAvailable, syntheticMeeting } from "../../../../../test/speech-models/audio";
import { transcriptProblems } from "../../../../../test/speech-models/invariants";
import { ROLES } from "../models/catalogue";

let work: string;
let modelsDir: string;
let t: TestApp;
let alice: TestClient;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "local-meeting-"));
  modelsDir = path.join(work, "models");
  await installSpeechFixtures(modelsDir);
  t = await startTestApp({ SPEECH_ENGINE: "local", MODELS_DIR: modelsDir, SPEECH_THREADS: "2" });
  alice = new TestClient(t.url);
  await alice.signUp(uniqueEmail("local"));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

async function upload(file: string, fields: Record<string, string>): Promise<string> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new Blob([readFileSync(file)], { type: "audio/wav" }), path.basename(file));
  const r = await alice.request("POST", "/api/meetings", fd);
  expect(r.status, r.text).toBe(201);
  return r.json.id as string;
}

/** The speech worker processes this test process started (the app runs in it). */
function workerPids(): number[] {
  const pids: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${d}/cmdline`, "utf8").includes("sherpa-worker")) pids.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function until<T>(fn: () => Promise<T | null | undefined> | T | null | undefined, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server still serves requests and finishes other meetings. */
async function expectServerAlive() {
  expect((await alice.get("/api/health")).status).toBe(200);
  const id = await alice.importTranscript("after.vtt", SAMPLE_TEAMS_VTT, "After the failure");
  await alice.waitCompleted(id);
}

describe.skipIf(!corpusAvailable() || process.platform !== "linux")(
  "a meeting with the local engine on generated models",
  { timeout: 240_000 },
  () => {
    it("a real two-speaker recording becomes a stored transcript with speakers, times and progress events", async () => {
      const id = await upload(path.join(CORPUS_REAL, "pyannote-sample/sample.wav"), { title: "Two voices", speakers: "2", nano: "false" });
      // Server-sent events while it runs.
      const res = await fetch(`${t.url}/api/meetings/${id}/events`, { headers: { cookie: alice.cookie } });
      const reader = res.body!.getReader();
      let text = "";
      while (!text.includes('"status":"completed"') && !text.includes('"status":"failed"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      const statuses = text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => JSON.parse(l.slice(6)));
      expect(statuses.some((s) => s.status === "processing" && s.step === "transcribe")).toBe(true);

      const m = await alice.waitCompleted(id);
      expect(m.transcriptEngine).toBe("local");
      expect(m.transcriptModel).toMatch(/^parakeet-tdt-0\.6b-v2-int8 \/ pyannote-segmentation-3-0\+/);
      expect(m.utterances.length).toBeGreaterThan(0);
      expect(m.utterances.every((u: { speaker: string }) => /^Speaker [A-Z]$/.test(u.speaker))).toBe(true);
      expect(transcriptProblems(m.utterances, 30, 2)).toEqual([]);
      // The turns carry the text; the answer sends `transcript` only for a meeting without turns (decision 040).
      expect(m.transcript).toBeNull();
      expect(m.utterances.map((u: { text: string }) => u.text).join("").length).toBeGreaterThan(0);
    });

    it("a worker killed mid-transcription fails the meeting with a clear message once the retries are spent; the server keeps running", async () => {
      const wav = await syntheticMeeting(work, 600);
      const id = await upload(wav, { title: "Killed", nano: "false" });
      const killed = new Set<number>();
      // Every try gets its own worker; kill each one once it is working (progress moved).
      for (let attempt = 0; attempt < 3; attempt++) {
        const pid = await until(() => workerPids().find((p) => !killed.has(p)), 90_000, `worker of try ${attempt + 1}`);
        await until(async () => (await alice.get(`/api/meetings/${id}`)).json.step === "transcribe", 30_000, "transcribe step");
        process.kill(pid, "SIGKILL");
        killed.add(pid);
      }
      const m = await alice.waitForMeeting(id, (x) => x.status === "failed", 90_000);
      expect(m.error).toMatch(/The local speech engine stopped unexpectedly \(signal SIGKILL\) while /);
      expect(m.canRetry).toBe(true); // "Retry processing" is offered
      expect(workerPids()).toEqual([]);
      await expectServerAlive();
    });

    it("a model file damaged after install fails the meeting at once, naming the file and how to reinstall", async () => {
      // The speaker-segmentation model: a damaged recogniser would quietly give way to the other
      // installed English one (a transcript beats a failure), diarization has no stand-in.
      const seg = path.join(modelsDir, ROLES.segmentation, "model.onnx");
      const good = await fs.readFile(seg);
      const bad = Buffer.from(good);
      bad[bad.length >> 1]! ^= 0xff; // in range: the middle byte of a non-empty file
      await fs.writeFile(seg, bad);
      try {
        const id = await upload(path.join(CORPUS_REAL, "jfk/jfk.wav"), { title: "Damaged", nano: "false", speakers: "2" });
        const m = await alice.waitForMeeting(id, (x) => x.status === "failed", 60_000);
        expect(m.error).toMatch(/damaged\W+model\.onnx has sha256 [0-9a-f]{64}, expected [0-9a-f]{64}/);
        expect(m.error).toContain("The owner of this server can reinstall it (Settings → Models says how)");
        expect(m.error).not.toContain("npm run");
        expect(m.canRetry).toBe(true); // after reinstalling
        expect(workerPids()).toEqual([]); // refused before any native code ran
      } finally {
        await fs.writeFile(seg, good);
      }
      await expectServerAlive();
    });

    it("a broken model file copied in by hand (passes the file checks) kills only the worker; the meeting fails saying so", async () => {
      const dir = path.join(modelsDir, ROLES.accurate);
      const encoder = path.join(dir, "encoder.int8.onnx");
      const good = await fs.readFile(encoder);
      await adoptFixtureFiles(modelsDir, ROLES.accurate, { "encoder.int8.onnx": good.subarray(0, good.length >> 1) });
      try {
        const id = await upload(path.join(CORPUS_REAL, "jfk/jfk.wav"), { title: "Broken by hand", nano: "false", speakers: "1" });
        const m = await alice.waitForMeeting(id, (x) => x.status === "failed", 120_000);
        expect(m.error).toMatch(/The local speech engine stopped unexpectedly \(signal SIGABRT\) while loading ASR/);
        expect(m.error).toContain("the owner of this server can check the models (Settings → Models says how)");
        expect(m.error).toMatch(/Protobuf parsing failed/);
      } finally {
        await adoptFixtureFiles(modelsDir, ROLES.accurate, { "encoder.int8.onnx": good });
      }
      await expectServerAlive();
    });
  },
);
