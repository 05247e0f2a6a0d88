// Live transcripts of the recordings this process is receiving: one streaming recogniser per
// recording, fed its chunks in chunk order (a chunk that arrives early waits for the ones
// before it; one sent twice is fed once). Kept in this process's memory: behind several web
// processes the live text follows the process that receives the chunks (decision 020).
import { findLiveModel, LiveRecognizer, type LiveModel, type LiveText } from "../../engines/speech/live/live-recognizer";
import { partStart } from "./recording-join";

/** Chunks held for a gap (a chunk still on its way); past this the gap is skipped. */
const MAX_WAITING = 120;
/** A recording that sent nothing for this long has its recogniser closed (reopened by the next chunk). */
const IDLE_MS = 2 * 60_000;
/** How long an answer about the model's presence is trusted (it can be installed meanwhile). */
const MODEL_CHECK_MS = 30_000;

interface Live {
  recognizer: LiveRecognizer;
  next: number;
  waiting: Map<number, Uint8Array>;
  lastChunkAt: number;
  /** A decoder needs a container's start: a recogniser opened mid-part waits for the next part. */
  decodable: boolean;
}

export type LiveStatus = { available: true; text: LiveText } | { available: false; reason: string };

export const LIVE_NEEDS_MODEL =
  "The live transcript needs the streaming speech model, which this server does not have yet (the server's owner can download it under Settings → Models). The recording is transcribed with speakers when you stop.";
export const LIVE_ENGLISH_ONLY = "The live transcript is in English only. The recording is transcribed in its language when you stop.";

export class LiveTranscripts {
  private readonly live = new Map<string, Live>();
  private model: { value: LiveModel | null; at: number } | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly modelsDir: string,
    private readonly opts: { threads?: number } = {},
  ) {
    this.timer = setInterval(() => this.closeIdle(), 30_000);
    this.timer.unref();
  }

  private async liveModel(): Promise<LiveModel | null> {
    if (!this.model || Date.now() - this.model.at > MODEL_CHECK_MS)
      this.model = { value: await findLiveModel(this.modelsDir), at: Date.now() };
    return this.model.value;
  }

  async status(sessionId: string, language: string): Promise<LiveStatus> {
    if (language && language !== "en") return { available: false, reason: LIVE_ENGLISH_ONLY };
    if (!(await this.liveModel())) return { available: false, reason: LIVE_NEEDS_MODEL };
    const live = this.live.get(sessionId);
    return { available: true, text: live ? live.recognizer.state() : { finals: [], partial: "", audioSeconds: 0 } };
  }

  /** Chunk `n` of a recording was stored: recognise it once the chunks before it are in. */
  async onChunk(sessionId: string, language: string, n: number, data: Uint8Array): Promise<void> {
    if (language && language !== "en") return;
    let live = this.live.get(sessionId);
    if (!live || live.recognizer.error) {
      live?.recognizer.kill();
      const model = await this.liveModel();
      if (!model) return;
      // A recogniser (re)opened mid-recording starts at the chunk that opens a part, or at this one.
      live = { recognizer: new LiveRecognizer(model, this.opts), next: n, waiting: new Map(), lastChunkAt: Date.now(), decodable: false };
      this.live.set(sessionId, live);
    }
    live.lastChunkAt = Date.now();
    const startsPart = (k: number, chunk: Uint8Array) => k === 0 || partStart(chunk.subarray(0, 8)) !== null;
    if (n < live.next) {
      if (live.decodable) return; // sent twice, or fed already
      live.next = n; // an earlier chunk arrived late: start from it
    }
    live.waiting.set(n, data);
    if (!live.decodable) {
      const first = live.waiting.get(live.next);
      if (first && startsPart(live.next, first)) live.decodable = true;
      else if (live.waiting.size > MAX_WAITING) {
        // The start of this part never came (the recogniser opened mid-part): wait for the next part.
        const next = [...live.waiting].filter(([k, c]) => k > live!.next && startsPart(k, c)).sort((a, b) => a[0] - b[0])[0];
        if (next) {
          for (const k of live.waiting.keys()) if (k < next[0]) live.waiting.delete(k);
          live.next = next[0];
          live.decodable = true;
        }
      }
      if (!live.decodable) return;
    }
    if (live.waiting.size > MAX_WAITING) live.next = Math.min(...live.waiting.keys());
    for (let chunk = live.waiting.get(live.next); chunk; chunk = live.waiting.get(live.next)) {
      live.waiting.delete(live.next);
      live.recognizer.feed(chunk, startsPart(live.next, chunk));
      live.next++;
    }
  }

  /** The recording was finished or discarded. */
  close(sessionId: string): void {
    this.live.get(sessionId)?.recognizer.kill();
    this.live.delete(sessionId);
  }

  private closeIdle(): void {
    for (const [id, live] of this.live) if (Date.now() - live.lastChunkAt > IDLE_MS) this.close(id);
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const id of [...this.live.keys()]) this.close(id);
  }
}
