import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { offThread } from "./off-thread";

describe("CPU tasks in a child process", () => {
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
    const parsing = offThread("parse-transcript", { fileName: "big.srt", content: cues.join("\n\n") });
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
