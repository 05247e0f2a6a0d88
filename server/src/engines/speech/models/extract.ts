// .tar.bz2 extraction in Node (no `tar` program needed): tar-stream splits the entries, and
// bzip2 is decoded by the system's `bzip2` program (every Linux distribution and macOS have
// it; the Docker image installs it). No JavaScript decoder: the one we used (unbzip2-stream)
// is unmaintained and ten times slower, and none that streams is maintained (decision 013).
// Without the program the install says how to get it or copy the files by hand.
// Only regular files and folders are written, and only inside `dest`; `skip` drops entries
// (unused model variants) without writing them.
import { spawn } from "node:child_process";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Duplex } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tarStream from "tar-stream";

export interface ExtractOptions {
  /** True for an entry (path inside the archive) that should not be written. */
  skip?: (entryPath: string) => boolean;
  /** Compressed bytes read so far. */
  onProgress?: (readBytes: number) => void;
  signal?: AbortSignal;
}

/** Raised when the system has no `bzip2` program to decode the archive. */
export class Bzip2MissingError extends Error {
  constructor() {
    super(
      'the "bzip2" program is not installed on this server (install it: "apt-get install bzip2" on Debian or Ubuntu, "dnf install bzip2", "apk add bzip2")',
    );
    this.name = "Bzip2MissingError";
  }
}

/** The path of the `bzip2` program, or null. */
export async function findBzip2(): Promise<string | null> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const p = path.join(dir, process.platform === "win32" ? "bzip2.exe" : "bzip2");
    try {
      await access(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** `bzip2 -dc` as a duplex stream: compressed bytes in, decoded bytes out, its failure as an error. */
function systemBunzip2(program: string): Duplex {
  const child = spawn(program, ["-dc"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + String(d)).slice(-500)));
  // bzip2 may exit (bad data) before all input is written: its exit decides, whenever it comes.
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  const failure = (code: number | null) => new Error(`bzip2 exited ${code}: ${stderr.trim()}`);
  const out = new Transform({
    transform(chunk, _enc, cb) {
      if (child.stdin.write(chunk)) cb();
      else child.stdin.once("drain", () => cb());
    },
    flush(cb) {
      child.stdin.end();
      void closed.then((code) => cb(code === 0 ? null : failure(code)));
    },
    destroy(err, cb) {
      if (child.exitCode === null) child.kill();
      cb(err);
    },
  });
  void closed.then((code) => {
    if (code !== 0) out.destroy(failure(code));
  });
  child.stdout.on("data", (d) => out.push(d));
  child.on("error", (err) => out.destroy(err));
  child.stdin.on("error", () => undefined); // EPIPE after an early exit: the exit code reports it
  return out;
}

export async function extractTarBz2(archive: string, dest: string, opts: ExtractOptions = {}): Promise<void> {
  const root = path.resolve(dest);
  await mkdir(root, { recursive: true });
  const extract = tarStream.extract();
  extract.on("entry", (header, stream, next) => {
    const name = header.name.replace(/^\.\/+/, "");
    const target = path.resolve(root, name);
    const inside = target === root || target.startsWith(root + path.sep);
    const done = (err?: unknown) => (err ? extract.destroy(err as Error) : next());
    if (!inside || path.isAbsolute(name)) {
      stream.resume();
      stream.on("end", () => done(new Error(`the archive has an entry outside its folder: ${header.name}`)));
      return;
    }
    if (header.type === "directory") {
      stream.resume();
      stream.on("end", () => mkdir(target, { recursive: true }).then(() => done(), done));
      return;
    }
    if (header.type !== "file" || opts.skip?.(name)) {
      stream.resume();
      stream.on("end", () => done());
      return;
    }
    mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(target)))
      .then(() => done(), done);
  });
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      read += chunk.length;
      opts.onProgress?.(read);
      cb(null, chunk);
    },
  });
  const program = await findBzip2();
  if (!program) throw new Bzip2MissingError();
  await pipeline(createReadStream(archive), counter, systemBunzip2(program), extract, { signal: opts.signal });
}

/**
 * The folder under `dir` (itself or a descendant, breadth first) that holds every one of
 * `files`, or null. Release archives usually wrap the model in one folder, but its name is
 * not something to rely on.
 */
export async function findFolderWith(dir: string, files: string[], maxDepth = 4): Promise<string | null> {
  let level = [dir];
  for (let depth = 0; depth <= maxDepth && level.length; depth++) {
    const next: string[] = [];
    for (const d of level) {
      const present = await Promise.all(
        files.map((f) =>
          stat(path.join(d, f)).then(
            (s) => s.isFile(),
            () => false,
          ),
        ),
      );
      if (present.every(Boolean)) return d;
      const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
      for (const e of entries) if (e.isDirectory()) next.push(path.join(d, e.name));
    }
    level = next;
  }
  return null;
}
