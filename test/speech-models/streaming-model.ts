// A tiny random-weight streaming transducer in the layout of icefall's LSTM transducer export
// (egs/librispeech/ASR/lstm_transducer_stateless2/export-onnx.py), which sherpa-onnx's
// OnlineRecognizer reads for the catalogue's streaming English model
// (sherpa-onnx-lstm-en-2023-02-17). Words from it are noise; what it proves is that the live
// path (decoding chunks, features, the streaming encoder with its states, greedy search,
// endpointing) runs natively end to end.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { CATALOGUE, ROLES, type CatalogueModel } from "../../server/src/engines/speech/models/catalogue";
import { checkModel } from "../../server/src/engines/speech/models/manager";
import { Graph, randn, rng } from "./onnx-graph";
import type { ModelFiles } from "./speech-models";

/** icefall's BPE vocabulary starts <blk>, <sos/eos>, <unk>; '▁' starts a word. */
export const LSTM_TOKENS = [
  "<blk>",
  "<sos/eos>",
  "<unk>",
  "▁THE",
  "▁WE",
  "▁TO",
  "▁AND",
  "▁IT",
  "▁SEND",
  "▁MEET",
  "ING",
  "S",
  "ED",
  "▁FRI",
  "DAY",
  "▁BUDGET",
  "▁TEAM",
  "▁CALL",
  "▁NEXT",
  "▁WEEK",
  "▁YES",
  "▁OKAY",
  "▁PLAN",
];

const FEAT_DIM = 80;
/** Encoder frames in, per chunk, and the shift between chunks (icefall's lstm export: T = decode_chunk_len + 5). */
const DECODE_CHUNK_LEN = 4;
const T = DECODE_CHUNK_LEN + 5;

export function lstmTransducer(
  opts: { seed?: number; layers?: number; dModel?: number; hidden?: number; joinerDim?: number } = {},
): ModelFiles {
  const r = rng(opts.seed ?? 33);
  const L = opts.layers ?? 2;
  const D = opts.dModel ?? 16;
  const H = opts.hidden ?? 24;
  const J = opts.joinerDim ?? 16;
  const V = LSTM_TOKENS.length;

  // Encoder: x (N, T, 80), h (L, N, D), c (L, N, H) -> encoder_out (N, T', J), next_h, next_c.
  // A strided convolution stands in for the subsampling + LSTM stack: T' = (T - 9) / 4 + 1, as icefall's.
  const enc = new Graph("encoder");
  const x = enc.input("x", "float", ["N", T, FEAT_DIM]);
  const h = enc.input("h", "float", [L, "N", D]);
  const c = enc.input("c", "float", [L, "N", H]);
  const w = enc.const([J, FEAT_DIM, T], randn(r, J * FEAT_DIM * T, 1 / Math.sqrt(FEAT_DIM * T)));
  const conv = enc.o("Conv", [enc.o("Transpose", [x], { perm: [0, 2, 1] }), w], { kernel_shape: [T], strides: [DECODE_CHUNK_LEN] });
  enc.output("encoder_out", "float", ["N", "T_out", J], enc.o("Tanh", [enc.o("Transpose", [conv], { perm: [0, 2, 1] })]));
  // The states carry over from chunk to chunk, as the LSTM's do.
  enc.output("next_h", "float", [L, "N", D], enc.o("Tanh", [h]));
  enc.output("next_c", "float", [L, "N", H], enc.o("Tanh", [c]));

  // Decoder (stateless, context_size 2): y (N, 2) int64 -> decoder_out (N, J).
  const dec = new Graph("decoder");
  const y = dec.input("y", "int64", ["N", 2]);
  const emb = dec.const([V, J], randn(r, V * J));
  const e = dec.o("Gather", [emb, y]); // (N, 2, J)
  const pooled = dec.o("ReduceMean", [e], { axes: [1], keepdims: 0 });
  dec.output("decoder_out", "float", ["N", J], dec.o("Relu", [dec.linear(pooled, randn(r, J * J, 1 / Math.sqrt(J)), J, J)]));

  // Joiner: encoder_out (N, J), decoder_out (N, J) -> logit (N, V). The blank wins most frames, as in speech.
  const joi = new Graph("joiner");
  const eo = joi.input("encoder_out", "float", ["N", J]);
  const dout = joi.input("decoder_out", "float", ["N", J]);
  const hidden = joi.o("Tanh", [joi.o("Add", [eo, dout])]);
  const bias = new Float32Array(V);
  bias[0] = 0.5;
  bias[1] = -9;
  bias[2] = -9;
  joi.output("logit", "float", ["N", V], joi.linear(hidden, randn(r, J * V, 2 / Math.sqrt(J)), J, V, bias));

  const encoderMeta = {
    model_type: "lstm",
    num_encoder_layers: L,
    T,
    decode_chunk_len: DECODE_CHUNK_LEN,
    rnn_hidden_size: H,
    d_model: D,
  };
  return {
    encoder: enc.toModel(encoderMeta),
    decoder: dec.toModel({ vocab_size: V, context_size: 2 }),
    joiner: joi.toModel({ joiner_dim: J }),
    tokens: LSTM_TOKENS.map((t, i) => `${t} ${i}`).join("\n") + "\n",
  };
}

/** Installs the streaming fixture as the catalogue's streaming model in `modelsDir` (manifest included). */
export async function installStreamingFixture(modelsDir: string, catalogue: CatalogueModel[] = CATALOGUE): Promise<string> {
  const model = catalogue.find((m) => m.id === ROLES.streaming);
  if (!model) throw new Error("speech fixtures: the catalogue has no streaming model");
  const built = lstmTransducer();
  const dir = path.join(modelsDir, model.id);
  await mkdir(dir, { recursive: true });
  for (const f of model.files) {
    const part = ["encoder", "decoder", "joiner", "tokens"].find((p) => f.path.includes(p));
    if (!part) throw new Error(`speech fixtures: no fixture for ${model.id}/${f.path}`);
    await writeFile(path.join(dir, f.path), built[part]!);
  }
  const withoutChecksums = catalogue.map((m) => ({ ...m, sha256: null, files: m.files.map((x) => ({ ...x, size: null, sha256: null })) }));
  const check = await checkModel(modelsDir, model.id, withoutChecksums);
  if (!check.ok) throw new Error(`speech fixtures: ${model.id} not accepted: ${check.problem}`);
  return model.id;
}
