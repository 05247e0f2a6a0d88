// The recorder's durable state in IndexedDB: each chunk stays here until the server has
// acknowledged it, and each recording's progress (next chunk number, time recorded) survives
// a reload, a crash or a closed tab, so the page can resume uploading and finish it later.

export interface LocalRecording {
  /** The server's recording session id. */
  id: string;
  title: string;
  language: string;
  mimeType: string;
  /** The number the next chunk gets: chunks 0 … nextChunk-1 were recorded. */
  nextChunk: number;
  /** Milliseconds recorded up to the last stored chunk (pauses excluded). */
  recordedMs: number;
  createdAt: number;
  updatedAt: number;
  /** Set when the user pressed Stop: only finishing is left. */
  stopped: boolean;
}

export interface LocalChunk {
  recordingId: string;
  n: number;
  blob: Blob;
}

const DB_NAME = "minutes-recorder";
const VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains("recordings")) db.createObjectStore("recordings", { keyPath: "id" });
      if (!db.objectStoreNames.contains("chunks")) db.createObjectStore("chunks", { keyPath: ["recordingId", "n"] });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error("IndexedDB is not available"));
    };
  });
  return opening;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB write failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB write aborted"));
  });
}

function result<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB read failed"));
  });
}

const chunkRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export const chunkStore = {
  async saveRecording(r: LocalRecording): Promise<void> {
    const tx = (await open()).transaction("recordings", "readwrite");
    tx.objectStore("recordings").put(r);
    await done(tx);
  },

  async recordings(): Promise<LocalRecording[]> {
    const tx = (await open()).transaction("recordings", "readonly");
    const all = await result(tx.objectStore("recordings").getAll() as IDBRequest<LocalRecording[]>);
    return all.sort((a, b) => b.createdAt - a.createdAt);
  },

  async recording(id: string): Promise<LocalRecording | undefined> {
    const tx = (await open()).transaction("recordings", "readonly");
    return result(tx.objectStore("recordings").get(id) as IDBRequest<LocalRecording | undefined>);
  },

  /** Stores a chunk and the recording's new progress in one transaction: both or neither. */
  async addChunk(chunk: LocalChunk, progress: LocalRecording): Promise<void> {
    const tx = (await open()).transaction(["chunks", "recordings"], "readwrite");
    tx.objectStore("chunks").put(chunk);
    tx.objectStore("recordings").put(progress);
    await done(tx);
  },

  /** The chunk numbers still waiting for the server, ascending. */
  async pendingNumbers(id: string): Promise<number[]> {
    const tx = (await open()).transaction("chunks", "readonly");
    const keys = await result(tx.objectStore("chunks").getAllKeys(chunkRange(id)));
    return keys.map((k) => (k as [string, number])[1]).sort((a, b) => a - b);
  },

  async chunk(id: string, n: number): Promise<LocalChunk | undefined> {
    const tx = (await open()).transaction("chunks", "readonly");
    return result(tx.objectStore("chunks").get([id, n]) as IDBRequest<LocalChunk | undefined>);
  },

  async deleteChunk(id: string, n: number): Promise<void> {
    const tx = (await open()).transaction("chunks", "readwrite");
    tx.objectStore("chunks").delete([id, n]);
    await done(tx);
  },

  /** Forgets a recording and its chunks (finished or discarded). */
  async forget(id: string): Promise<void> {
    const tx = (await open()).transaction(["chunks", "recordings"], "readwrite");
    tx.objectStore("chunks").delete(chunkRange(id));
    tx.objectStore("recordings").delete(id);
    await done(tx);
  },
};
