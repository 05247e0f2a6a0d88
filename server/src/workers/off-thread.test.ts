import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../contract/transcript";
import { AppError } from "../core/errors";
import { DEFAULT_IMPORT_LIMITS as limits, parseTranscriptFile } from "../pipeline/import/parse-transcript";
import { offThread } from "./off-thread";

describe("CPU tasks in a child process", () => {
  it("parses a transcript off the event loop and hands back its turns as one JSON text, not objects", async () => {
    const cues = Array.from({ length: 3000 }, (_, i) => {
      const s = String(i % 60).padStart(2, "0");
      const m = String(Math.floor(i / 60) % 60).padStart(2, "0");
      return `${i + 1}\n00:${m}:${s},000 --> 00:${m}:${s},900\nSpeaker ${i % 3}: line ${i} about the launch plan`;
    });
    const content = cues.join("\n\n");
    const parsed = await offThread("parse-transcript", { fileName: "big.srt", content, limits });
    // Decision 045: what crosses into the API's process is strings and numbers only (copying and
    // re-serialising 100,000 turn objects held its event loop); the upload stores the text as it is.
    expect(Object.entries(parsed).filter(([, v]) => v !== null && typeof v === "object" && !(v instanceof Date))).toEqual([]);
    expect(typeof parsed.turnsJson).toBe("string");
    expect(parsed.turns).toBe(3000);
    const direct = parseTranscriptFile("big.srt", content, limits);
    expect(parsed.turnsJson).toBe(JSON.stringify(direct.utterances));
    expect(parsed.text).toBe(direct.text);
    expect(parsed.durationSeconds).toBe(3000); // the last cue ends at 00:49:59.900
  });

  it("reads and decodes an uploaded file itself from its path: its bytes never pass through the API's thread", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "parse-path-"));
    try {
      // Notepad's "Unicode": UTF-16 with a BOM, decoded in the task (pipeline/import/decode.ts).
      const text = `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Renée>Bonjour à tous.</v>\n`;
      const file = path.join(dir, "notes.vtt");
      writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
      const parsed = await offThread("parse-transcript", { fileName: "notes.vtt", path: file, limits });
      expect(JSON.parse(parsed.turnsJson)).toEqual([{ speaker: "Renée", start: 1, end: 4, text: "Bonjour à tous." }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("brings the task's AppError back with its code", async () => {
    const err = await offThread("parse-transcript", { fileName: "x.vtt", content: "not a transcript", limits }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("IMPORT_INVALID");
  });
});

describe("the budget of a CPU task", () => {
  // 3,000 turns of 40 different words each: seconds of work for the built-in notes.
  const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
  const utterances: Utterance[] = Array.from({ length: 3000 }, (_, i) => ({
    speaker: `Speaker ${i % 3}`,
    start: i * 5,
    end: i * 5 + 4,
    text: `${Array.from({ length: 40 }, (_, j) => words[(i * 41 + j * 7) % words.length]).join(" ")}.`,
  }));
  const source = (turns: Utterance[]) => ({ text: "", utterancesJson: JSON.stringify(turns), language: "en" });
  const notes = { source: source(utterances), meetingDate: new Date("2026-03-02T10:00:00Z"), title: null };

  it("stops a task past its time and says why, with the limit, as TOO_COMPLEX (which the queue does not retry)", async () => {
    const err = await offThread("notes", notes, { timeoutSeconds: 0.2, memoryMb: 1024 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect((err as AppError).retryable).toBe(false);
    expect((err as AppError).message).toMatch(/too large or too repetitive to summarise within the server's limit \(0\.2 s\)/);
  });

  it("stops a task past its memory the same way", async () => {
    const err = await offThread("notes", notes, { timeoutSeconds: 120, memoryMb: 8 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect((err as AppError).message).toMatch(/8 MB of memory/);
  });

  it("stops a task whose caller gave up (the meeting was deleted)", async () => {
    const controller = new AbortController();
    const running = offThread("notes", notes, undefined, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    expect(((await running) as AppError).code).toBe("ABORTED");
  });

  it("writes the notes within the budget", async () => {
    const result = await offThread("notes", { ...notes, source: source(utterances.slice(0, 50)) });
    expect(result.engine).toBe("built-in");
    expect(result.notes.overview.length + result.notes.keyPoints.length).toBeGreaterThan(0);
  });
});

describe.runIf(process.platform === "linux")("the CPU task process on Linux", () => {
  const statFields = (file: string) => {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  const taskProcess = () =>
    readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .find((p) => {
        try {
          return (
            statFields(`/proc/${p}/stat`)[1] === String(process.pid) && readFileSync(`/proc/${p}/cmdline`, "utf8").includes("cpu-worker")
          );
        } catch {
          return false;
        }
      });

  it("runs every thread at the lowest priority, in its own session (not the API's scheduling group)", async () => {
    const cues = Array.from({ length: 20000 }, (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:01,900\nSpeaker ${i % 3}: line ${i}`);
    const parsing = offThread("parse-transcript", { fileName: "big.srt", content: cues.join("\n\n"), limits });
    let seen: { nices: string[]; session: string } | null = null;
    while (!seen) {
      const pid = taskProcess();
      const nices = pid ? readdirSync(`/proc/${pid}/task`).map((t) => statFields(`/proc/${pid}/task/${t}/stat`)[16]!) : [];
      // Seen once it has set its priority (its first statement) and started its task threads.
      if (pid && nices.length > 1 && nices.every((n) => n === "19")) seen = { nices, session: statFields(`/proc/${pid}/stat`)[3]! };
      else if (await Promise.race([parsing.then(() => true), new Promise((r) => setTimeout(() => r(false), 10))])) break;
    }
    await parsing;
    expect(seen).not.toBeNull();
    expect(seen!.session).not.toBe(statFields(`/proc/${process.pid}/stat`)[3]);
    // The calling (API) process keeps the normal priority.
    expect(statFields(`/proc/${process.pid}/stat`)[16]).toBe("0");
  });
});
