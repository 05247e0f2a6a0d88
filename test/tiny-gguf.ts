// A tiny llama-architecture language model with random weights, written as GGUF, so tests
// and benchmarks run real llama.cpp inference without downloading a model. Layout follows
// the GGUF spec (ggml docs/gguf.md): header, metadata key/values, tensor infos, aligned
// tensor data. Keys are the ones llama.cpp reads for arch "llama" (src/llama-model.cpp)
// and for a SentencePiece ("llama") vocabulary (src/llama-vocab.cpp): <unk> <s> </s>, the
// 256 byte-fallback tokens <0xNN> (any text tokenizes) and one token per printable ASCII
// character plus "▁" (the SPM space), so generated JSON reads back as text.
import { writeFile } from "node:fs/promises";
import { rng } from "./seeded-random";

const GGUF_VERSION = 3;
export const ALIGNMENT = 32;
export enum T {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}
/** ggml_type F32 */
const GGML_F32 = 0;
/** llama.cpp token types (LLAMA_TOKEN_TYPE_*). */
const TOKEN = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, BYTE: 6 } as const;

export type Value =
  | { type: T.UINT32 | T.INT32 | T.FLOAT32; value: number }
  | { type: T.BOOL; value: boolean }
  | { type: T.STRING; value: string }
  | { type: T.ARRAY; itemType: T.INT32 | T.FLOAT32 | T.STRING; value: (number | string)[] };

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  pad(to: number) {
    const rest = this.length % to;
    if (rest) this.push(Buffer.alloc(to - rest));
  }
  value(v: Value) {
    this.u32(v.type);
    this.raw(v);
  }
  private raw(v: Value) {
    switch (v.type) {
      case T.UINT32:
        return this.u32(v.value);
      case T.INT32:
        return this.i32(v.value);
      case T.FLOAT32:
        return this.f32(v.value);
      case T.BOOL:
        return this.push(Buffer.from([v.value ? 1 : 0]));
      case T.STRING:
        return this.str(v.value);
      case T.ARRAY:
        this.u32(v.itemType);
        this.u64(v.value.length);
        for (const item of v.value) {
          if (v.itemType === T.STRING) this.str(item as string);
          else if (v.itemType === T.INT32) this.i32(item as number);
          else this.f32(item as number);
        }
    }
  }
  buffer() {
    return Buffer.concat(this.chunks);
  }
}

/** A tensor as the header lists it: ggml type and the bytes of its data. */
export interface TensorInfo {
  name: string;
  dims: number[];
  type: number;
  bytes: number;
}

export const aligned = (n: number) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;

/** The GGUF header: magic, version, counts, metadata and tensor infos (data offsets aligned), padded to the data. */
export function ggufHeader(kv: [string, Value][], tensors: TensorInfo[]): Writer {
  const w = new Writer();
  w.push(Buffer.from("GGUF", "ascii"));
  w.u32(GGUF_VERSION);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, value] of kv) {
    w.str(key);
    w.value(value);
  }
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(t.type);
    w.u64(offset);
    offset += aligned(t.bytes);
  }
  w.pad(ALIGNMENT);
  return w;
}

export interface TinyModelOptions {
  layers?: number;
  embedding?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  seed?: number;
}

/** The vocabulary: special tokens, byte fallback, printable ASCII and the SPM space. */
export function tinyVocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ["<unk>", "<s>", "</s>"];
  const types: number[] = [TOKEN.UNKNOWN, TOKEN.CONTROL, TOKEN.CONTROL];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(TOKEN.BYTE);
  }
  tokens.push("\u2581");
  types.push(TOKEN.NORMAL);
  for (let c = 0x21; c <= 0x7e; c++) {
    tokens.push(String.fromCharCode(c));
    types.push(TOKEN.NORMAL);
  }
  return { tokens, types };
}

/** The metadata of a SentencePiece vocabulary with <unk> <s> </s> first. */
export function tokenizerKv(tokens: string[], types: number[]): [string, Value][] {
  return [
    ["tokenizer.ggml.model", { type: T.STRING, value: "llama" }],
    ["tokenizer.ggml.tokens", { type: T.ARRAY, itemType: T.STRING, value: tokens }],
    // SPM merges pieces by score; single characters need none, so all scores are equal.
    ["tokenizer.ggml.scores", { type: T.ARRAY, itemType: T.FLOAT32, value: tokens.map(() => 0) }],
    ["tokenizer.ggml.token_type", { type: T.ARRAY, itemType: T.INT32, value: types }],
    ["tokenizer.ggml.unknown_token_id", { type: T.UINT32, value: 0 }],
    ["tokenizer.ggml.bos_token_id", { type: T.UINT32, value: 1 }],
    ["tokenizer.ggml.eos_token_id", { type: T.UINT32, value: 2 }],
    ["tokenizer.ggml.add_bos_token", { type: T.BOOL, value: true }],
    ["tokenizer.ggml.add_eos_token", { type: T.BOOL, value: false }],
  ];
}

/** Builds the GGUF bytes of a tiny random llama model (about 0.5 MB with the defaults). */
export function buildTinyLlamaGguf(options: TinyModelOptions = {}): Buffer {
  const nLayer = options.layers ?? 2;
  const nEmbd = options.embedding ?? 64;
  const nHead = options.heads ?? 4;
  const nFf = options.feedForward ?? 128;
  const nCtx = options.contextLength ?? 4096;
  const rand = rng(options.seed ?? 42);
  const { tokens, types } = tinyVocabulary();
  const nVocab = tokens.length;

  const kv: [string, Value][] = [
    ["general.architecture", { type: T.STRING, value: "llama" }],
    ["general.name", { type: T.STRING, value: "tiny-random-llama" }],
    ["general.file_type", { type: T.UINT32, value: 0 }],
    ["general.alignment", { type: T.UINT32, value: ALIGNMENT }],
    ["llama.context_length", { type: T.UINT32, value: nCtx }],
    ["llama.embedding_length", { type: T.UINT32, value: nEmbd }],
    ["llama.block_count", { type: T.UINT32, value: nLayer }],
    ["llama.feed_forward_length", { type: T.UINT32, value: nFf }],
    ["llama.attention.head_count", { type: T.UINT32, value: nHead }],
    ["llama.attention.head_count_kv", { type: T.UINT32, value: nHead }],
    ["llama.attention.layer_norm_rms_epsilon", { type: T.FLOAT32, value: 1e-5 }],
    ["llama.rope.dimension_count", { type: T.UINT32, value: nEmbd / nHead }],
    ["llama.rope.freq_base", { type: T.FLOAT32, value: 10000 }],
    ["llama.vocab_size", { type: T.UINT32, value: nVocab }],
    ...tokenizerKv(tokens, types),
  ];

  // Tensor shapes in ggml order: ne[0] is the row length (input features).
  // Output rows: zero for the special and byte tokens (logit 0) and random for the printable
  // ones, so greedy decoding writes readable ASCII, never stray bytes; the quote and the space
  // rows are scaled up so their logits are often the largest: strings end after a few words
  // instead of running to the token limit.
  const firstText = tokens.indexOf("\u2581");
  const outputScale = (row: number) => (row < firstText ? 0 : row === tokens.indexOf('"') ? 2.5 : row === firstText ? 3 : 0.5);
  const tensors: { name: string; dims: number[]; fill: "ones" | "random" | "output" }[] = [
    { name: "token_embd.weight", dims: [nEmbd, nVocab], fill: "random" },
    { name: "output_norm.weight", dims: [nEmbd], fill: "ones" },
    { name: "output.weight", dims: [nEmbd, nVocab], fill: "output" },
  ];
  for (let i = 0; i < nLayer; i++) {
    const b = `blk.${i}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [nEmbd], fill: "ones" },
      { name: `${b}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: "random" },
      { name: `${b}.attn_k.weight`, dims: [nEmbd, nEmbd], fill: "random" },
      { name: `${b}.attn_v.weight`, dims: [nEmbd, nEmbd], fill: "random" },
      { name: `${b}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: "random" },
      { name: `${b}.ffn_norm.weight`, dims: [nEmbd], fill: "ones" },
      { name: `${b}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: "random" },
      { name: `${b}.ffn_up.weight`, dims: [nEmbd, nFf], fill: "random" },
      { name: `${b}.ffn_down.weight`, dims: [nFf, nEmbd], fill: "random" },
    );
  }

  const datas = tensors.map((t) => {
    const count = t.dims.reduce((a, b) => a * b, 1);
    const data = Buffer.alloc(count * 4);
    for (let i = 0; i < count; i++) {
      const scale = t.fill === "output" ? outputScale(Math.floor(i / nEmbd)) : 0.5;
      const value = t.fill === "ones" ? 1 : (rand() * 2 - 1) * scale;
      data.writeFloatLE(value, i * 4);
    }
    return data;
  });
  const w = ggufHeader(
    kv,
    tensors.map((t, i) => ({ name: t.name, dims: t.dims, type: GGML_F32, bytes: datas[i]?.length ?? 0 })),
  );
  for (const d of datas) w.push(Buffer.concat([d, Buffer.alloc(aligned(d.length) - d.length)]));
  return w.buffer();
}

export async function writeTinyLlamaGguf(file: string, options?: TinyModelOptions): Promise<number> {
  const bytes = buildTinyLlamaGguf(options);
  await writeFile(file, bytes);
  return bytes.length;
}

/** GPT-2's byte-to-character map (the byte-level BPE alphabet Qwen's vocabulary is written in). */
export function byteLevelChars(): string[] {
  const direct = new Set<number>();
  for (let b = 0x21; b <= 0x7e; b++) direct.add(b);
  for (let b = 0xa1; b <= 0xac; b++) direct.add(b);
  for (let b = 0xae; b <= 0xff; b++) direct.add(b);
  const out: string[] = [];
  let n = 0;
  for (let b = 0; b < 256; b++) out.push(String.fromCodePoint(direct.has(b) ? b : 256 + n++));
  return out;
}

/** Qwen's special tokens, as its tokenizer marks them (control: turn markers; user-defined: think and tool tags). */
const QWEN_SPECIALS: [string, number][] = [
  ["<|endoftext|>", TOKEN.CONTROL],
  ["<|im_start|>", TOKEN.CONTROL],
  ["<|im_end|>", TOKEN.CONTROL],
  ["<tool_call>", 4],
  ["</tool_call>", 4],
  ["<think>", 4],
  ["</think>", 4],
];

export interface TinyQwen3Options extends TinyModelOptions {
  /** tokenizer.chat_template: one of test/qwen3-templates.ts. */
  chatTemplate: string;
  name?: string;
  headsKv?: number;
}

/**
 * A tiny random-weight model with Qwen3's architecture ("qwen3": per-head RMS norms on the query
 * and key, grouped key/value heads, tied embeddings) and a byte-level BPE vocabulary ("gpt2",
 * pre-tokenizer "qwen2") of the 256 byte tokens and Qwen's special tokens, with a real Qwen3 chat
 * template: node-llama-cpp resolves its Qwen chat wrapper from it as it does for the real files.
 */
export function buildTinyQwen3Gguf(options: TinyQwen3Options): Buffer {
  const nLayer = options.layers ?? 2;
  const nEmbd = options.embedding ?? 64;
  const nHead = options.heads ?? 4;
  const nHeadKv = options.headsKv ?? 2;
  const headDim = nEmbd / nHead;
  const nFf = options.feedForward ?? 128;
  const nCtx = options.contextLength ?? 4096;
  const rand = rng(options.seed ?? 42);
  const bytes = byteLevelChars();
  const tokens = [...bytes, ...QWEN_SPECIALS.map(([t]) => t)];
  const types = [...bytes.map(() => TOKEN.NORMAL as number), ...QWEN_SPECIALS.map(([, k]) => k)];
  const id = (t: string) => tokens.indexOf(t);
  const a = "qwen3";
  const kv: [string, Value][] = [
    ["general.architecture", { type: T.STRING, value: a }],
    ["general.name", { type: T.STRING, value: options.name ?? "tiny-random-qwen3" }],
    ["general.file_type", { type: T.UINT32, value: 0 }],
    ["general.alignment", { type: T.UINT32, value: ALIGNMENT }],
    [`${a}.context_length`, { type: T.UINT32, value: nCtx }],
    [`${a}.embedding_length`, { type: T.UINT32, value: nEmbd }],
    [`${a}.block_count`, { type: T.UINT32, value: nLayer }],
    [`${a}.feed_forward_length`, { type: T.UINT32, value: nFf }],
    [`${a}.attention.head_count`, { type: T.UINT32, value: nHead }],
    [`${a}.attention.head_count_kv`, { type: T.UINT32, value: nHeadKv }],
    [`${a}.attention.key_length`, { type: T.UINT32, value: headDim }],
    [`${a}.attention.value_length`, { type: T.UINT32, value: headDim }],
    [`${a}.attention.layer_norm_rms_epsilon`, { type: T.FLOAT32, value: 1e-6 }],
    [`${a}.rope.freq_base`, { type: T.FLOAT32, value: 1e6 }],
    ["tokenizer.ggml.model", { type: T.STRING, value: "gpt2" }],
    ["tokenizer.ggml.pre", { type: T.STRING, value: "qwen2" }],
    ["tokenizer.ggml.tokens", { type: T.ARRAY, itemType: T.STRING, value: tokens }],
    ["tokenizer.ggml.token_type", { type: T.ARRAY, itemType: T.INT32, value: types }],
    // Single bytes need no merges; llama.cpp requires the key.
    ["tokenizer.ggml.merges", { type: T.ARRAY, itemType: T.STRING, value: [] }],
    ["tokenizer.ggml.eos_token_id", { type: T.UINT32, value: id("<|im_end|>") }],
    ["tokenizer.ggml.padding_token_id", { type: T.UINT32, value: id("<|endoftext|>") }],
    ["tokenizer.ggml.bos_token_id", { type: T.UINT32, value: id("<|endoftext|>") }],
    ["tokenizer.ggml.add_bos_token", { type: T.BOOL, value: false }],
    ["tokenizer.chat_template", { type: T.STRING, value: options.chatTemplate }],
  ];

  // Output rows: random for printable ASCII, zero for the rest, the quote and the space scaled up so strings end
  // after a few words (as in the llama model above). Qwen3-1.7B ties the output to the embedding; a separate
  // output keeps the input embeddings of all tokens alike.
  const printable = (row: number) => row >= 0x20 && row <= 0x7e;
  const rowScale = (row: number) => (!printable(row) ? 0 : row === 0x22 ? 3.5 : row === 0x20 ? 1 : 0.5);
  const q = nHead * headDim;
  const kvDim = nHeadKv * headDim;
  const tensors: { name: string; dims: number[]; fill: "ones" | "random" | "output" }[] = [
    { name: "token_embd.weight", dims: [nEmbd, tokens.length], fill: "random" },
    { name: "output_norm.weight", dims: [nEmbd], fill: "ones" },
    { name: "output.weight", dims: [nEmbd, tokens.length], fill: "output" },
  ];
  for (let i = 0; i < nLayer; i++) {
    const b = `blk.${i}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [nEmbd], fill: "ones" },
      { name: `${b}.attn_q.weight`, dims: [nEmbd, q], fill: "random" },
      { name: `${b}.attn_k.weight`, dims: [nEmbd, kvDim], fill: "random" },
      { name: `${b}.attn_v.weight`, dims: [nEmbd, kvDim], fill: "random" },
      { name: `${b}.attn_output.weight`, dims: [q, nEmbd], fill: "random" },
      { name: `${b}.attn_q_norm.weight`, dims: [headDim], fill: "ones" },
      { name: `${b}.attn_k_norm.weight`, dims: [headDim], fill: "ones" },
      { name: `${b}.ffn_norm.weight`, dims: [nEmbd], fill: "ones" },
      { name: `${b}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: "random" },
      { name: `${b}.ffn_up.weight`, dims: [nEmbd, nFf], fill: "random" },
      { name: `${b}.ffn_down.weight`, dims: [nFf, nEmbd], fill: "random" },
    );
  }
  const datas = tensors.map((t) => {
    const count = t.dims.reduce((x, y) => x * y, 1);
    const data = Buffer.alloc(count * 4);
    for (let i = 0; i < count; i++) {
      const scale = t.fill === "output" ? rowScale(Math.floor(i / nEmbd)) : 0.5;
      const value = t.fill === "ones" ? 1 : (rand() * 2 - 1) * scale;
      data.writeFloatLE(value, i * 4);
    }
    return data;
  });
  const w = ggufHeader(
    kv,
    tensors.map((t, i) => ({ name: t.name, dims: t.dims, type: GGML_F32, bytes: datas[i]?.length ?? 0 })),
  );
  for (const d of datas) w.push(Buffer.concat([d, Buffer.alloc(aligned(d.length) - d.length)]));
  return w.buffer();
}

export async function writeTinyQwen3Gguf(file: string, options: TinyQwen3Options): Promise<number> {
  const bytes = buildTinyQwen3Gguf(options);
  await writeFile(file, bytes);
  return bytes.length;
}
