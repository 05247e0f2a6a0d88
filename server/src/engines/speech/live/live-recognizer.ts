// The live transcript while a recording is being made: the streaming model (catalogue role
// `streaming`) in a child process (live-worker.ts, started by workers/child-process.ts) per recording. Feed it the recording's
// chunks in order; it keeps the final lines and the current partial line. The text is a
// draft: when the recording is finished, the offline engine transcribes it again with
// speakers, and that transcript replaces it.
import path from "node:path";
import type { LiveWorkerConfig, LiveWorkerMessage, LiveWorkerRequest } from "../../../../../contract/workers";
import { ffmpegPath } from "../../../media/ffmpeg";
import { startChild, workerScript, type ChildHandle } from "../../../workers/child-process";
import { CATALOGUE, ROLES, modelFilePath } from "../models/catalogue";
import { checkModel } from "../models/manager";

export const LIVE_WORKER = workerScript(new URL("./live-worker.ts", import.meta.url));

export interface LiveText {
  /** Lines the recogniser closed at an endpoint (a pause or 20 s of speech). */
  finals: string[];
  /** The line being said now; may still change. */
  partial: string;
  /** Seconds of audio recognised so far. */
  audioSeconds: number;
}

export interface LiveModel {
  encoder: string;
  decoder: string;
  joiner: string;
  tokens: string;
}

/** The installed streaming model's files, or null when it is not installed (or fails its check). */
export async function findLiveModel(modelsDir: string): Promise<LiveModel | null> {
  const model = CATALOGUE.find((m) => m.id === ROLES.streaming);
  if (!model) return null;
  const check = await checkModel(modelsDir, model.id).catch(() => null);
  if (!check?.ok) return null;
  const file = (i: number) => path.join(check.dir, modelFilePath(model, i));
  return { encoder: file(0), decoder: file(1), joiner: file(2), tokens: file(3) };
}

export class LiveRecognizer {
  private readonly child: ChildHandle<LiveWorkerRequest>;
  private readonly text: LiveText = { finals: [], partial: "", audioSeconds: 0 };
  private readonly ended: Promise<void>;
  private failed: string | null = null;
  /** Called on every change (the page polls; a benchmark listens). */
  onUpdate?: (t: LiveText, m: { decodeMs?: number }) => void;

  constructor(model: LiveModel, opts: { threads?: number; worker?: string } = {}) {
    const cfg: LiveWorkerConfig = { ...model, threads: opts.threads ?? 1, ffmpeg: ffmpegPath() };
    let ended!: () => void;
    this.ended = new Promise((resolve) => (ended = resolve));
    this.child = startChild<LiveWorkerRequest, LiveWorkerMessage>({
      script: opts.worker ?? LIVE_WORKER,
      args: [JSON.stringify(cfg)],
      serialization: "advanced",
      onMessage: (m) => {
        if (m.audioSeconds !== undefined) this.text.audioSeconds = m.audioSeconds;
        if (m.type === "final" && m.text) {
          this.text.finals.push(m.text);
          this.text.partial = "";
        } else if (m.type === "partial") this.text.partial = m.text;
        this.onUpdate?.(this.state(), { decodeMs: m.decodeMs });
      },
      onEnd: (end) => {
        // A closed pipe or a crash (the child died) must not take the server down: it is kept as the error.
        if (end.reason === "error") this.failed = end.error.message;
        else if (end.reason === "exit" && end.code !== 0)
          this.failed = `live recogniser exited (${end.code ?? end.signal}): ${end.stderr.trim().slice(-300)}`;
        else if (end.reason !== "exit") this.failed = `live recogniser stopped (${end.reason})`;
        ended();
      },
    });
  }

  /** Whether the worker is gone (crashed or ended). */
  get error(): string | null {
    return this.failed;
  }

  state(): LiveText {
    return { finals: [...this.text.finals], partial: this.text.partial, audioSeconds: this.text.audioSeconds };
  }

  /** The next chunk of the recording, in order; `startsPart` when it begins a new container (a new MediaRecorder). */
  feed(chunk: Uint8Array, startsPart: boolean): void {
    this.child.send({ type: "chunk", data: chunk, startsPart });
  }

  /** Ends the input; resolves with the last text once the worker has flushed it. */
  async end(): Promise<LiveText> {
    this.child.send({ type: "end" });
    const timer = setTimeout(() => this.child.kill(), 30_000);
    await this.ended;
    clearTimeout(timer);
    return this.state();
  }

  kill(): void {
    this.child.kill();
  }
}
