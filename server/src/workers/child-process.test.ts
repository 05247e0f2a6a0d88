// The one child-process harness: messages both ways, and every way a child ends (its own exit
// with the last of its error output, a time-out, a memory budget, an abort, the owner's stop).
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { startChild, stderrDetails, workerScript, type ChildEnd, type ChildHandle } from "./child-process";

let dir: string;
const scripts = {
  // Answers each message with it doubled; exits 3 with a few lines on stderr when told "die".
  echo: `process.on("message", (m) => {
    if (m === "die") { process.stderr.write("first line\\nsecond line\\nthird line\\nlast words\\n"); process.exit(3); }
    process.send({ doubled: m * 2 });
  });`,
  // One line first, then a long trace, then exits.
  noisy: `process.stderr.write("FATAL ERROR: JavaScript heap out of memory\\n");
    for (let i = 0; i < 200; i++) process.stderr.write("frame " + i + " " + "x".repeat(40) + "\\n");
    process.stderr.write("frame 199\\n", () => process.exit(1));`,
  // Sends back its arguments.
  args: `process.send(process.argv.slice(2)); setInterval(() => {}, 1000);`,
  // Stays alive and silent.
  hang: `setInterval(() => {}, 1000);`,
  // Grows until something stops it.
  grow: `const keep = []; setInterval(() => keep.push(Buffer.alloc(16 * 1024 * 1024, 1)), 20);`,
};
const tsWorker = `import type { Serializable } from "node:child_process";
import { twice } from "./helper";
const typed: (m: Serializable) => void = (m) => process.send!({ got: twice(String(m)), execArgv: process.execArgv });
process.on("message", typed);`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "child-process-"));
  for (const [name, body] of Object.entries(scripts)) await writeFile(path.join(dir, `${name}.mjs`), body);
  await writeFile(path.join(dir, "worker.ts"), tsWorker);
  await writeFile(path.join(dir, "helper.ts"), "export const twice = (s: string): string => s + s;");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts a child; resolves with its first message or how it ended. */
function run<In extends Serializable, Out>(
  script: string,
  message: In | null,
  options: Partial<Parameters<typeof startChild<In, Out>>[0]> = {},
): { handle: ChildHandle<In>; outcome: Promise<{ message?: Out; end?: ChildEnd }> } {
  let handle!: ChildHandle<In>;
  const outcome = new Promise<{ message?: Out; end?: ChildEnd }>((resolve) => {
    handle = startChild<In, Out>({
      script: path.join(dir, script),
      ...options,
      onMessage: (m) => resolve({ message: m }),
      onEnd: (end) => resolve({ end }),
    });
  });
  if (message !== null) handle.send(message);
  return { handle, outcome };
}
type Serializable = import("node:child_process").Serializable;

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};
async function gone(pid: number | undefined) {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

describe("the child-process harness", () => {
  it("carries messages both ways", async () => {
    const { handle, outcome } = run<number, { doubled: number }>("echo.mjs", 21);
    expect((await outcome).message).toEqual({ doubled: 42 });
    handle.stop();
    expect(handle.ended).toBe(true);
    expect(await gone(handle.pid)).toBe(true);
  });

  it("runs a TypeScript worker from source as a bundle with bare node, as the build does", async () => {
    const script = workerScript(pathToFileURL(path.join(dir, "worker.ts")));
    expect(script).toMatch(/worker-[0-9a-f]{8}\.mjs$/);
    const handle = startChild<string, { got: string; execArgv: string[] }>({
      script,
      onMessage: (m) => {
        got = m;
      },
      onEnd: () => {},
    });
    let got: { got: string; execArgv: string[] } | undefined;
    handle.send("hello");
    for (let i = 0; i < 200 && !got; i++) await new Promise((r) => setTimeout(r, 25));
    // Its imports bundled in; no TypeScript loader in the child.
    expect(got).toEqual({ got: "hellohello", execArgv: [] });
    handle.stop();

    // An edited import (npm run dev keeps running): the next start bundles it again.
    const helper = path.join(dir, "helper.ts");
    await writeFile(helper, "export const twice = (s: string): string => `${s}, ${s}`;");
    await utimes(helper, new Date(), new Date(Date.now() + 5000));
    const again = workerScript(pathToFileURL(path.join(dir, "worker.ts")));
    const second = run<string, { got: string }>(path.relative(dir, again), "hi");
    expect((await second.outcome).message?.got).toBe("hi, hi");
    second.handle.stop();
  });

  it("reports an exit with its code and the last of its error output", async () => {
    const { outcome } = run<string, never>("echo.mjs", "die");
    const { end } = await outcome;
    expect(end).toMatchObject({ reason: "exit", code: 3, signal: null });
    const stderr = end?.reason === "exit" ? end.stderr : "";
    expect(stderrDetails(stderr)).toBe(" Details: second line third line last words");
  });

  it("keeps the start of a long error output as well as its end (V8's out-of-memory line, then a long trace)", async () => {
    const { outcome } = run<string, never>("noisy.mjs", null);
    const { end } = await outcome;
    const stderr = end?.reason === "exit" ? end.stderr : "";
    expect(stderr).toContain("FATAL ERROR: JavaScript heap out of memory");
    expect(stderrDetails(stderr, 1)).toBe(" Details: frame 199");
  });

  it("kills a child past its time-out", async () => {
    const { handle, outcome } = run<string, never>("hang.mjs", null, { timeoutMs: 300 });
    expect((await outcome).end).toEqual({ reason: "timeout", timeoutMs: 300 });
    expect(await gone(handle.pid)).toBe(true);
  });

  it.runIf(process.platform === "linux")("kills a child past its memory budget, with the numbers", async () => {
    const budget = 150 * 1024 * 1024;
    const { handle, outcome } = run<string, never>("grow.mjs", null, { memoryBudgetBytes: budget });
    const { end } = await outcome;
    expect(end?.reason).toBe("memory");
    if (end?.reason === "memory") {
      expect(end.budgetBytes).toBe(budget);
      expect(end.rssBytes).toBeGreaterThan(budget);
    }
    expect(await gone(handle.pid)).toBe(true);
  });

  it("kills a child when its signal aborts, also one aborted before it started", async () => {
    const controller = new AbortController();
    const { handle, outcome } = run<string, never>("hang.mjs", null, { signal: controller.signal });
    controller.abort();
    expect((await outcome).end).toEqual({ reason: "aborted" });
    expect(await gone(handle.pid)).toBe(true);

    const early = run<string, never>("hang.mjs", null, { signal: AbortSignal.abort() });
    expect((await early.outcome).end).toEqual({ reason: "aborted" });
    expect(await gone(early.handle.pid)).toBe(true);
  });

  it("passes its arguments, and kill() reports the exit like any other (unlike stop())", async () => {
    const { handle, outcome } = run<string, string[]>("args.mjs", null, { args: ["--config", '{"a":1}'] });
    expect((await outcome).message).toEqual(["--config", '{"a":1}']);
    const ended = new Promise<ChildEnd>((resolve) => {
      const h = startChild<string, never>({ script: path.join(dir, "hang.mjs"), onMessage: () => {}, onEnd: resolve });
      h.kill();
    });
    expect(await ended).toMatchObject({ reason: "exit", code: null, signal: "SIGKILL" });
    handle.stop();
  });

  it("says nothing after its owner stopped it, and drops later messages", async () => {
    const ends: ChildEnd[] = [];
    const handle = startChild<string, never>({
      script: path.join(dir, "hang.mjs"),
      onMessage: () => {},
      onEnd: (end) => ends.push(end),
    });
    handle.stop();
    handle.send("ignored");
    expect(await gone(handle.pid)).toBe(true);
    expect(ends).toEqual([]);
  });

  it("reports a script that does not exist as an exit with node's reason", async () => {
    const { outcome } = run<string, never>("missing.mjs", null);
    const { end } = await outcome;
    expect(end?.reason).toBe("exit");
    expect(end?.reason === "exit" && end.stderr).toContain("Cannot find module");
  });
});
