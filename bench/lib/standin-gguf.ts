// A stand-in for a real language model: random weights in the real model's shapes and
// quantisation, so that its speed and memory can be measured on a machine that cannot download
// the model. llama.cpp does the same arithmetic whatever the weights are, so time per token and
// memory match the real model; the text it writes is noise.
// Shapes of Qwen3-1.7B (its config.json: 28 layers, hidden 2048, FFN 6144, 16 query heads and 8
// key/value heads of 128, vocabulary 151936, tied embeddings) and the tensor types of a Q4_K_M
// file as llama.cpp's quantiser picks them (src/llama-quant.cpp): Q4_K, with Q6_K for the tied
// embedding and for attn_v and ffn_down in the "more bits" layers. The file comes out within 1%
// of the published Qwen3-1.7B-Q4_K_M.gguf (1,107,409,472 bytes).
// The vocabulary is the tiny model's (test/tiny-gguf.ts) padded to the real size with unused
// tokens: the embedding and output matrices have the real size, but text tokenizes per character.
import { randomFillSync } from "node:crypto";
import { open } from "node:fs/promises";
import { ALIGNMENT, aligned, ggufHeader, T, tinyVocabulary, tokenizerKv, type Value } from "../../test/tiny-gguf";

export interface ModelShape {
  name: string;
  layers: number;
  embedding: number;
  feedForward: number;
  heads: number;
  headsKv: number;
  headDim: number;
  vocabulary: number;
  contextLength: number;
  ropeBase: number;
}

export const QWEN3_1_7B: ModelShape = {
  name: "stand-in for Qwen3-1.7B Q4_K_M (random weights)",
  layers: 28,
  embedding: 2048,
  feedForward: 6144,
  heads: 16,
  headsKv: 8,
  headDim: 128,
  vocabulary: 151936,
  contextLength: 40960,
  ropeBase: 1e6,
};

/** Qwen3-4B-Instruct-2507 (the larger tier): 36 layers, hidden 2560, FFN 9728, 32/8 heads, tied embeddings. */
export const QWEN3_4B: ModelShape = {
  name: "stand-in for Qwen3-4B-Instruct-2507 Q4_K_M (random weights)",
  layers: 36,
  embedding: 2560,
  feedForward: 9728,
  heads: 32,
  headsKv: 8,
  headDim: 128,
  vocabulary: 151936,
  contextLength: 262144,
  ropeBase: 5e6,
};

/** ggml types and their blocks: 256 weights in 144 (Q4_K) or 210 (Q6_K) bytes. */
const GGML = { F32: 0, Q4_K: 12, Q6_K: 14 } as const;
const BLOCK_BYTES = { [GGML.Q4_K]: 144, [GGML.Q6_K]: 210 } as const;
const UNUSED_TOKEN = 5;
/** The half-precision scale of every block (2e-4): weights stay small, activations finite. */
const SCALE_F16 = 0x0a8d;

/** llama-quant.cpp's use_more_bits: the layers whose attn_v and ffn_down get Q6_K in Q4_K_M. */
const moreBits = (i: number, n: number) => i < Math.floor(n / 8) || i >= Math.floor((7 * n) / 8) || (i - Math.floor(n / 8)) % 3 === 2;

interface Tensor {
  name: string;
  dims: number[];
  type: number;
}

function tensorsOf(s: ModelShape): Tensor[] {
  const q = s.heads * s.headDim;
  const kv = s.headsKv * s.headDim;
  const out: Tensor[] = [
    { name: "token_embd.weight", dims: [s.embedding, s.vocabulary], type: GGML.Q6_K },
    { name: "output_norm.weight", dims: [s.embedding], type: GGML.F32 },
  ];
  for (let i = 0; i < s.layers; i++) {
    const b = `blk.${i}`;
    const more = moreBits(i, s.layers) ? GGML.Q6_K : GGML.Q4_K;
    out.push(
      { name: `${b}.attn_norm.weight`, dims: [s.embedding], type: GGML.F32 },
      { name: `${b}.attn_q.weight`, dims: [s.embedding, q], type: GGML.Q4_K },
      { name: `${b}.attn_k.weight`, dims: [s.embedding, kv], type: GGML.Q4_K },
      { name: `${b}.attn_v.weight`, dims: [s.embedding, kv], type: more },
      { name: `${b}.attn_output.weight`, dims: [q, s.embedding], type: GGML.Q4_K },
      { name: `${b}.attn_q_norm.weight`, dims: [s.headDim], type: GGML.F32 },
      { name: `${b}.attn_k_norm.weight`, dims: [s.headDim], type: GGML.F32 },
      { name: `${b}.ffn_norm.weight`, dims: [s.embedding], type: GGML.F32 },
      { name: `${b}.ffn_gate.weight`, dims: [s.embedding, s.feedForward], type: GGML.Q4_K },
      { name: `${b}.ffn_up.weight`, dims: [s.embedding, s.feedForward], type: GGML.Q4_K },
      { name: `${b}.ffn_down.weight`, dims: [s.feedForward, s.embedding], type: more },
    );
  }
  return out;
}

function bytesOf(t: Tensor): number {
  const count = t.dims.reduce((a, b) => a * b, 1);
  return t.type === GGML.F32 ? count * 4 : (count / 256) * BLOCK_BYTES[t.type as 12 | 14];
}

/** The bytes of a shape's tensor data (the file adds its metadata, a few megabytes of vocabulary). */
export function tensorBytes(s: ModelShape): number {
  return tensorsOf(s).reduce((n, t) => n + aligned(bytesOf(t)), 0);
}

/** One tensor's data: norms are ones; quantised blocks are random with a small fixed scale. */
function tensorData(t: Tensor): Buffer {
  const data = Buffer.alloc(bytesOf(t));
  if (t.type === GGML.F32) {
    for (let i = 0; i < data.length; i += 4) data.writeFloatLE(1, i);
    return data;
  }
  randomFillSync(data);
  const block = BLOCK_BYTES[t.type as 12 | 14];
  for (let at = 0; at < data.length; at += block) {
    if (t.type === GGML.Q4_K) {
      data.writeUInt16LE(SCALE_F16, at); // d
      data.writeUInt16LE(SCALE_F16, at + 2); // dmin
    } else data.writeUInt16LE(SCALE_F16, at + 208); // Q6_K: d follows ql, qh and scales
  }
  return data;
}

/** Writes the stand-in GGUF to `file` (streamed: it is about a gigabyte); returns its size in bytes. */
export async function writeStandInGguf(file: string, s: ModelShape = QWEN3_1_7B): Promise<number> {
  const { tokens, types } = tinyVocabulary();
  for (let i = tokens.length; i < s.vocabulary; i++) {
    tokens.push(`<unused_${i}>`);
    types.push(UNUSED_TOKEN);
  }
  const a = "qwen3";
  const kv: [string, Value][] = [
    ["general.architecture", { type: T.STRING, value: a }],
    ["general.name", { type: T.STRING, value: s.name }],
    ["general.alignment", { type: T.UINT32, value: ALIGNMENT }],
    [`${a}.context_length`, { type: T.UINT32, value: s.contextLength }],
    [`${a}.embedding_length`, { type: T.UINT32, value: s.embedding }],
    [`${a}.block_count`, { type: T.UINT32, value: s.layers }],
    [`${a}.feed_forward_length`, { type: T.UINT32, value: s.feedForward }],
    [`${a}.attention.head_count`, { type: T.UINT32, value: s.heads }],
    [`${a}.attention.head_count_kv`, { type: T.UINT32, value: s.headsKv }],
    [`${a}.attention.key_length`, { type: T.UINT32, value: s.headDim }],
    [`${a}.attention.value_length`, { type: T.UINT32, value: s.headDim }],
    [`${a}.attention.layer_norm_rms_epsilon`, { type: T.FLOAT32, value: 1e-6 }],
    [`${a}.rope.freq_base`, { type: T.FLOAT32, value: s.ropeBase }],
    ...tokenizerKv(tokens, types),
  ];
  const tensors = tensorsOf(s);
  const w = ggufHeader(
    kv,
    tensors.map((t) => ({ ...t, bytes: bytesOf(t) })),
  );
  const fh = await open(file, "w");
  try {
    let size = 0;
    const put = async (b: Buffer) => {
      await fh.write(b);
      size += b.length;
    };
    await put(w.buffer());
    for (const t of tensors) {
      const data = tensorData(t);
      await put(data);
      await put(Buffer.alloc(aligned(data.length) - data.length));
    }
    return size;
  } finally {
    await fh.close();
  }
}
