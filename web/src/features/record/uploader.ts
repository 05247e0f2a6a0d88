// Sends the chunks IndexedDB holds to the server, oldest first, one at a time (each takes
// one of the user's upload slots), and deletes each once the server acknowledged it. A
// failed send (offline, server restarting) is retried with a growing pause, at once when the
// browser says it is back online. Nothing is deleted before the server has it.
import { apiErrorBodySchema } from "../../../../contract/errors";
import { chunkStore } from "./chunk-store";

export interface UploadState {
  /** Chunks waiting per recording id. */
  pending: Record<string, number>;
  /** The last send failed for want of a network or server; retrying. */
  offline: boolean;
  /** Recordings the server no longer knows (discarded elsewhere, or swept after RECORDING_ABANDON_HOURS). */
  lost: string[];
  /** A chunk the server refused for good (e.g. past the duration cap): its message. */
  refused: Record<string, string>;
}

type Listener = (s: UploadState) => void;

const sleep = (ms: number, wake: Promise<void>) => Promise.race([new Promise<void>((r) => setTimeout(r, ms)), wake]);

export class ChunkUploader {
  private state: UploadState = { pending: {}, offline: false, lost: [], refused: {} };
  private listeners = new Set<Listener>();
  private readonly changeWaiters = new Set<() => void>();
  private wakeUp: () => void = () => {};
  private wakePromise = this.newWake();
  private stopped = false;
  private readonly onOnline = () => this.poke();

  start(): void {
    window.addEventListener("online", this.onOnline);
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    this.poke();
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    l(this.state);
    return () => this.listeners.delete(l);
  }

  /** Something new to send. */
  poke(): void {
    this.wakeUp();
  }

  /** Resolves once recording `id` has no chunk waiting (or is lost, or refused). */
  async drained(id: string): Promise<void> {
    for (;;) {
      if ((this.state.pending[id] ?? 0) === 0 && (await chunkStore.pendingNumbers(id)).length === 0) return;
      if (this.state.lost.includes(id)) throw new Error("The server no longer has this recording.");
      const refusal = this.state.refused[id];
      if (refusal) throw new Error(refusal);
      // Woken by the next change of state, or after a moment (the check reads IndexedDB itself).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, 1000);
        function finish() {
          clearTimeout(timer);
          waiters.delete(finish);
          resolve();
        }
        const waiters = this.changeWaiters;
        waiters.add(finish);
      });
    }
  }

  private newWake(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeUp = resolve;
    });
  }

  private set(patch: Partial<UploadState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
    for (const w of [...this.changeWaiters]) w();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const wake = this.wakePromise;
      let sentOrFailed = false;
      try {
        const recordings = await chunkStore.recordings();
        const pending: Record<string, number> = {};
        for (const r of recordings) pending[r.id] = (await chunkStore.pendingNumbers(r.id)).length;
        this.set({ pending });
        for (const r of recordings) {
          if (this.state.lost.includes(r.id) || this.state.refused[r.id]) continue;
          for (const n of await chunkStore.pendingNumbers(r.id)) {
            if (this.stopped) return;
            const chunk = await chunkStore.chunk(r.id, n);
            if (!chunk) continue;
            const outcome = await send(r.id, n, chunk.blob);
            sentOrFailed = true;
            if (outcome.kind === "retry") throw new Error("retry");
            if (outcome.kind === "lost") {
              this.set({ lost: [...this.state.lost, r.id] });
              break;
            }
            if (outcome.kind === "refused") {
              this.set({ refused: { ...this.state.refused, [r.id]: outcome.message } });
              break;
            }
            await chunkStore.deleteChunk(r.id, n);
            failures = 0;
            this.set({ offline: false, pending: { ...this.state.pending, [r.id]: Math.max(0, (this.state.pending[r.id] ?? 1) - 1) } });
          }
        }
      } catch {
        failures++;
        this.set({ offline: true });
        await sleep(Math.min(5000, 500 * 2 ** Math.min(failures, 4)), wake);
        this.wakePromise = this.newWake();
        continue;
      }
      if (!sentOrFailed) {
        await sleep(5000, wake);
        this.wakePromise = this.newWake();
      }
    }
  }
}

type Outcome = { kind: "ok" } | { kind: "retry" } | { kind: "lost" } | { kind: "refused"; message: string };

async function send(id: string, n: number, blob: Blob): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(`/api/recordings/${id}/chunks/${n}`, {
      method: "PUT",
      body: blob,
      headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    return { kind: "retry" };
  }
  if (res.ok) return { kind: "ok" };
  if (res.status === 404) return { kind: "lost" };
  // Finished already (by another tab): the server needs nothing more from here.
  if (res.status === 409) return { kind: "ok" };
  if (res.status === 413 || res.status === 400 || res.status === 422) {
    // The one error shape (contract/errors.ts); anything else (a proxy's page) gets a plain sentence.
    const body = apiErrorBodySchema.safeParse(await res.json().catch(() => null));
    return { kind: "refused", message: body.success ? body.data.error.message : `The server refused a chunk (${res.status}).` };
  }
  // 401 (signed out), 408, 429, 5xx, a proxy's error page: try again later.
  return { kind: "retry" };
}
