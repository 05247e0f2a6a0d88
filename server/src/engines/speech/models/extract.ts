// .tar.bz2 extraction in Node (no `tar` program needed): tar-stream splits the entries, and
// bzip2 is decoded by the `bzip2` program when the system has one (about ten times faster)
// or else by unbzip2-stream, in pure JavaScript, so slim images without bzip2 still install.
// Only regular files and folders are written, and only inside `dest`; `skip` drops entries
// (unused model variants) without writing them.
import { spawn } from "node:child_process";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Duplex } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tarStream from "tar-stream";
import bunzip2 from "unbzip2-stream";

export interface ExtractOptions {
  /** True for an entry (path inside the archive) that should not be written. */
  skip?: (entryPath: string) => boolean;
  /** Compressed bytes read so far. */
  onProgress?: (readBytes: number) => void;
  signal?: AbortSignal;
  /** 'auto' (default): the bzip2 program when found on PATH, else JavaScript. */
  decoder?: "auto" | "js";
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
  const program = opts.decoder === "js" ? null : await findBzip2();
  const decode = program ? systemBunzip2(program) : (bunzip2() as unknown as Duplex);
  await pipeline(createReadStream(archive), counter, decode, extract, { signal: opts.signal });
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
