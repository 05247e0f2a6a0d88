import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { offThread } from "./off-thread";

describe("CPU tasks in a worker thread", () => {
  it("parses a transcript off the event loop", async () => {
    const cues = Array.from({ length: 3000 }, (_, i) => {
      const s = String(i % 60).padStart(2, "0");
      const m = String(Math.floor(i / 60) % 60).padStart(2, "0");
      return `${i + 1}\n00:${m}:${s},000 --> 00:${m}:${s},900\nSpeaker ${i % 3}: line ${i} about the launch plan`;
    });
    const parsed = await offThread("parse-transcript", { fileName: "big.srt", content: cues.join("\n\n") });
    expect(parsed.utterances.length).toBeGreaterThan(100);
  });

  it("brings the task's AppError back with its code", async () => {
    const err = await offThread("parse-transcript", { fileName: "x.vtt", content: "not a transcript" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("IMPORT_INVALID");
  });
});
