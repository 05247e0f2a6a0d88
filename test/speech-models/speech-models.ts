// Tiny random-weight speech models in the layouts sherpa-onnx reads from the real exports
// (docs/decisions/016-speech-model-fixtures.md maps each one to upstream). Words from them
// are noise; what they prove is that model loading, features, the decoding loops,
// timestamps, diarization, clustering and our merge run natively end to end.
import { Graph, randn, rng } from "./onnx-graph";

export interface ModelFiles {
  [file: string]: Uint8Array | string;
}

// ---------------------------------------------------------------------------------------
// NeMo transducer, Parakeet-TDT layout (scripts/nemo/parakeet-tdt-0.6b-v2/export_onnx.py:
// encoder.export / decoder.export / joint.export of NeMo, metadata on the encoder).

/** SentencePiece-style vocabulary: '▁' starts a word; a lone '▁' exists, as in Parakeet's. */
export const TDT_TOKENS = [
  "<unk>",
  "▁the",
  "▁we",
  "▁to",
  "▁and",
  "▁a",
  "▁it",
  "▁is",
  "▁on",
  "▁by",
  "▁for",
  "▁send",
  "▁meet",
  "ing",
  "s",
  "ed",
  "er",
  "▁",
  "5",
  "3",
  "0",
  "▁pm",
  "▁Fri",
  "day",
  ".",
  ",",
  "?",
  "▁con",
  "tract",
  "▁Pri",
  "ya",
  "▁can",
  "▁you",
  "▁next",
  "▁week",
  "▁budget",
  "▁team",
  "▁call",
  "▁I",
  "'ll",
  "▁so",
  "▁yes",
  "▁no",
  "▁okay",
  "▁time",
  "▁plan",
];
const TDT_DURATIONS = 5; // Parakeet-TDT predicts durations 0..4 frames
const FEAT_DIM = 128; // parakeet-tdt-0.6b-v2: 128 mel bins (metadata feat_dim)
const SUBSAMPLING = 8;

export function parakeetTdt(
  opts: { seed?: number; encDim?: number; predHidden?: number; predLayers?: number; jointDim?: number } = {},
): ModelFiles {
  const r = rng(opts.seed ?? 16);
  const D = opts.encDim ?? 32;
  const H = opts.predHidden ?? 16;
  const L = opts.predLayers ?? 2;
  const J = opts.jointDim ?? 32;
  const V = TDT_TOKENS.length; // NeMo's vocab_size: without the blank
  const out = V + 1 + TDT_DURATIONS;

  // Encoder: audio_signal (B, 128, T) float, length (B) int64 -> outputs (B, D, T/8), encoded_lengths (B) int64.
  // One strided convolution stands in for the FastConformer; padding so T' = ceil(T / 8) like NeMo's lengths.
  const enc = new Graph("encoder");
  const x = enc.input("audio_signal", "float", ["audio_signal_dynamic_axes_1", FEAT_DIM, "audio_signal_dynamic_axes_2"]);
  const len = enc.input("length", "int64", ["length_dynamic_axes_1"]);
  const w = enc.const([D, FEAT_DIM, SUBSAMPLING], randn(r, D * FEAT_DIM * SUBSAMPLING, 1 / Math.sqrt(FEAT_DIM * SUBSAMPLING)));
  const conv = enc.o("Conv", [x, w], { kernel_shape: [SUBSAMPLING], strides: [SUBSAMPLING], pads: [0, SUBSAMPLING - 1] });
  enc.output("outputs", "float", ["outputs_dynamic_axes_1", D, "outputs_dynamic_axes_2"], enc.o("Tanh", [conv]));
  const seven = enc.const([1], [SUBSAMPLING - 1], "int64");
  const eight = enc.const([1], [SUBSAMPLING], "int64");
  enc.output("encoded_lengths", "int64", ["encoded_lengths_dynamic_axes_1"], enc.o("Div", [enc.o("Add", [len, seven]), eight]));

  // Decoder (prediction network): targets (B, U) int32, target_length (B) int32, states.1 and
  // onnx::Slice_3 (L, B, H) -> outputs (B, H, U), prednet_lengths (B), states, 162 (L, B, H).
  const dec = new Graph("decoder");
  const targets = dec.input("targets", "int32", ["targets_dynamic_axes_1", "targets_dynamic_axes_2"]);
  const tlen = dec.input("target_length", "int32", ["target_length_dynamic_axes_1"]);
  const h0 = dec.input("states.1", "float", [L, "states.1_dim_1", H]);
  const c0 = dec.input("onnx::Slice_3", "float", [L, "onnx::Slice_3_dim_1", H]);
  const emb = dec.const([V + 1, H], randn(r, (V + 1) * H));
  let seq = dec.o("Transpose", [dec.o("Gather", [emb, targets])], { perm: [1, 0, 2] }); // (U, B, H)
  const ones = dec.const([L], new Array(L).fill(1), "int64");
  const hs = dec.op("Split", [h0, ones], { axis: 0 }, L);
  const cs = dec.op("Split", [c0, ones], { axis: 0 }, L);
  const hOut: string[] = [];
  const cOut: string[] = [];
  for (let l = 0; l < L; l++) {
    const W = dec.const([1, 4 * H, H], randn(r, 4 * H * H, 1 / Math.sqrt(H)));
    const R = dec.const([1, 4 * H, H], randn(r, 4 * H * H, 1 / Math.sqrt(H)));
    const B = dec.const([1, 8 * H], new Float32Array(8 * H));
    const [y, yh, yc] = dec.op("LSTM", [seq, W, R, B, "", hs[l]!, cs[l]!], { hidden_size: H }, 3);
    seq = dec.o("Squeeze", [y!, dec.const([1], [1], "int64")]); // (U, B, H)
    hOut.push(yh!);
    cOut.push(yc!);
  }
  dec.output("outputs", "float", ["outputs_dynamic_axes_1", H, "outputs_dynamic_axes_2"], dec.o("Transpose", [seq], { perm: [1, 2, 0] }));
  dec.output("prednet_lengths", "int32", ["prednet_lengths_dynamic_axes_1"], tlen);
  dec.output("states", "float", [L, "states_dynamic_axes_1", H], L > 1 ? dec.o("Concat", hOut, { axis: 0 }) : hOut[0]!);
  dec.output("162", "float", [L, "162_dynamic_axes_1", H], L > 1 ? dec.o("Concat", cOut, { axis: 0 }) : cOut[0]!);

  // Joiner: encoder_outputs (B, D, T), decoder_outputs (B, H, U) -> outputs (B, T, U, V + 1 + durations).
  // The last dimension is fixed: sherpa-onnx reads it to tell a TDT model (V+1 < it) from an RNN-T.
  const joi = new Graph("joiner");
  const e = joi.input("encoder_outputs", "float", ["encoder_outputs_dynamic_axes_1", D, "encoder_outputs_dynamic_axes_2"]);
  const d = joi.input("decoder_outputs", "float", ["decoder_outputs_dynamic_axes_1", H, "decoder_outputs_dynamic_axes_2"]);
  const ep = joi.o("Unsqueeze", [
    joi.linear(joi.o("Transpose", [e], { perm: [0, 2, 1] }), randn(r, D * J, 1 / Math.sqrt(D)), D, J),
    joi.const([1], [2], "int64"),
  ]);
  const dp = joi.o("Unsqueeze", [
    joi.linear(joi.o("Transpose", [d], { perm: [0, 2, 1] }), randn(r, H * J, 1 / Math.sqrt(H)), H, J),
    joi.const([1], [1], "int64"),
  ]);
  const hidden = joi.o("Relu", [joi.o("Add", [ep, dp])]);
  // Biases: the blank wins about half the frames; durations favour 1-2 frames, like speech.
  const bias = new Float32Array(out);
  bias[V] = 0.9;
  TDT_TOKENS.forEach((t, i) => t.startsWith("▁") && (bias[i] = 0.6));
  bias.set([-1.5, 0.6, 0.3, -0.4, -1.2], V + 1);
  joi.output(
    "outputs",
    "float",
    ["outputs_dynamic_axes_1", "outputs_dynamic_axes_2", "outputs_dynamic_axes_3", out],
    joi.linear(hidden, randn(r, J * out, 2 / Math.sqrt(J)), J, out, bias),
  );

  const metadata = {
    vocab_size: V,
    normalize_type: "per_feature",
    pred_rnn_layers: L,
    pred_hidden: H,
    subsampling_factor: SUBSAMPLING,
    model_type: "EncDecRNNTBPEModel",
    version: "2",
    model_author: "NeMo",
    url: "https://huggingface.co/nvidia/parakeet-tdt-0.6b-v2",
    comment: "Only the transducer branch is exported",
    feat_dim: FEAT_DIM,
  };
  return {
    encoder: enc.toModel(metadata),
    decoder: dec.toModel(),
    joiner: joi.toModel(),
    tokens: [...TDT_TOKENS, "<blk>"].map((t, i) => `${t} ${i}`).join("\n") + "\n",
  };
}

// ---------------------------------------------------------------------------------------
// pyannote segmentation-3.0 layout (scripts/pyannote/segmentation/export-onnx.py): x (N, 1, T)
// -> y (N, frames, 7) log-probabilities over the powerset classes {∅, 1, 2, 3, 1+2, 1+3, 2+3}.

const PYANNOTE = { sampleRate: 16000, windowSize: 160000, rfSize: 991, rfShift: 270, speakers: 3, classes: 7 };

export function pyannoteSegmentation(opts: { seed?: number; bands?: number } = {}): Uint8Array {
  const r = rng(opts.seed ?? 3);
  const C = opts.bands ?? 16;
  const g = new Graph("segmentation");
  const x = g.input("x", "float", ["N", 1, "T"]);
  // Instance-normalised waveform like SincNet's wav_norm1d, then one convolution whose kernel and
  // stride are the real model's receptive field (991) and step (270): 589 frames per 10 s window.
  const xn = g.o("InstanceNormalization", [x, g.const([1], [1]), g.const([1], [0])]);
  const conv = g.o("Conv", [xn, g.const([C, 1, PYANNOTE.rfSize], randn(r, C * PYANNOTE.rfSize, 1 / Math.sqrt(PYANNOTE.rfSize)))], {
    kernel_shape: [PYANNOTE.rfSize],
    strides: [PYANNOTE.rfShift],
  });
  // Log band energies (N, frames, C), centred on a speech level, -> class scores. Class 0
  // (nobody) wins on quiet frames; the single speakers split loud frames by spectral shape
  // (zero-sum weights across bands); overlaps are rarer.
  const energy = g.o("Transpose", [g.o("Log", [g.o("Add", [g.o("Mul", [conv, conv]), g.const([1], [1e-4])])])], { perm: [0, 2, 1] });
  const centred = g.o("Sub", [energy, g.const([1], [-2])]);
  const K = PYANNOTE.classes;
  const w = new Float32Array(C * K);
  for (let k = 1; k < K; k++) {
    const c = randn(r, C, 2 / Math.sqrt(C));
    const mean = c.reduce((a, v) => a + v, 0) / C;
    for (let i = 0; i < C; i++) w[i * K + k] = c[i]! - mean + 0.5 / C;
  }
  for (let i = 0; i < C; i++) w[i * K] = -1 / C;
  const b = new Float32Array([0, 0, 0, 0, -1, -1, -1]);
  const logits = g.linear(centred, w, C, K, b);
  g.output("y", "float", ["N", "T", PYANNOTE.classes], g.o("LogSoftmax", [logits], { axis: -1 }));
  return g.toModel({
    num_speakers: PYANNOTE.speakers,
    powerset_max_classes: 2,
    num_classes: PYANNOTE.classes,
    sample_rate: PYANNOTE.sampleRate,
    window_size: PYANNOTE.windowSize,
    receptive_field_size: PYANNOTE.rfSize,
    receptive_field_shift: PYANNOTE.rfShift,
    model_type: "pyannote-segmentation-3.0",
    version: "1",
    model_author: "pyannote-audio",
    maintainer: "k2-fsa",
    url_1: "https://huggingface.co/pyannote/segmentation-3.0",
  });
}

// ---------------------------------------------------------------------------------------
// Speaker embedding, 3D-Speaker / WeSpeaker layout (scripts/3dspeaker/export-onnx.py,
// scripts/wespeaker/add_meta_data.py): feats (N, T, 80) fbank -> embs (N, output_dim).

export function speakerEmbedding(opts: { seed?: number; dim?: number; framework?: "3d-speaker" | "wespeaker" } = {}): Uint8Array {
  const r = rng(opts.seed ?? 7);
  const D = opts.dim ?? 64;
  const framework = opts.framework ?? "3d-speaker";
  const g = new Graph("embedding");
  const x = g.input("x", "float", ["N", "T", 80]);
  // Statistics pooling (mean and standard deviation over time), as ERes2Net / ResNet do
  // after their convolutions, then a random projection.
  const mean = g.o("ReduceMean", [x], { axes: [1], keepdims: 0 });
  const centred = g.o("Sub", [x, g.o("Unsqueeze", [mean, g.const([1], [1], "int64")])]);
  const std = g.o("Sqrt", [
    g.o("Add", [g.o("ReduceMean", [g.o("Mul", [centred, centred])], { axes: [1], keepdims: 0 }), g.const([1], [1e-5])]),
  ]);
  // The deviation of each band's spread from the average spread: a spectral signature, so
  // different voices give different directions and the cosine clustering has work to do.
  const shape = g.o("Sub", [std, g.o("ReduceMean", [std], { axes: [1], keepdims: 1 })]);
  const stats = g.o("Concat", [mean, shape], { axis: 1 });
  g.output("embedding", "float", ["N", D], g.linear(stats, randn(r, 160 * D, 1 / Math.sqrt(160)), 160, D));
  return g.toModel({
    framework,
    language: framework === "3d-speaker" ? "Chinese" : "English",
    url:
      framework === "3d-speaker"
        ? "https://modelscope.cn/models/iic/speech_eres2net_base_sv_zh-cn_3dspeaker_16k"
        : "https://github.com/wenet-e2e/wespeaker",
    comment: "random-weight test fixture",
    sample_rate: 16000,
    output_dim: D,
    normalize_samples: framework === "3d-speaker" ? 1 : 0,
    ...(framework === "3d-speaker" ? { feature_normalize_type: "global-mean" } : {}),
  });
}

// ---------------------------------------------------------------------------------------
// Moonshine (v1) layout, as sherpa-onnx's moonshine-tiny export (scripts/moonshine/): preprocess
// audio (1, N) -> features (1, T, D) with T ~ N / 384; encode features, features_len ->
// encoder_out (1, T, D); uncached_decode tokens (1, 1) int32, encoder_out, seq_len (1) int32 ->
// logits (1, 1, V) + states; cached_decode the same inputs + states -> logits + next states.
// States are per decoder layer: self-attention key and value (growing with each token) and
// cross-attention key and value (over the encoder frames), like the real model's 4 per layer.

const MOONSHINE_WORDS = TDT_TOKENS.filter((t) => t !== "<unk>" && t !== "▁");

export function moonshine(opts: { seed?: number; dim?: number; layers?: number } = {}): ModelFiles {
  const r = rng(opts.seed ?? 9);
  const D = opts.dim ?? 16;
  const layers = opts.layers ?? 1;
  const vocab = ["<unk>", "<s>", "</s>", ...MOONSHINE_WORDS];
  const V = vocab.length;
  const FRAME = 384; // samples per feature frame (moonshine paper; sherpa-onnx's max_len uses it)

  const pre = new Graph("preprocess");
  const audio = pre.input("args_0", "float", [1, "num_samples"]);
  const a3 = pre.o("Unsqueeze", [audio, pre.const([1], [1], "int64")]);
  const conv = pre.o("Conv", [a3, pre.const([D, 1, FRAME], randn(r, D * FRAME, 4 / Math.sqrt(FRAME)))], {
    kernel_shape: [FRAME],
    strides: [FRAME],
  });
  pre.output("sequential", "float", [1, "T", D], pre.o("Transpose", [pre.o("Tanh", [conv])], { perm: [0, 2, 1] }));

  const enc = new Graph("encode");
  const feats = enc.input("args_0", "float", [1, "T", D]);
  enc.input("args_1", "int32", [1]);
  enc.output("layer_normalization_12", "float", [1, "T", D], enc.o("Tanh", [enc.linear(feats, randn(r, D * D, 1 / Math.sqrt(D)), D, D)]));

  const emb = randn(r, V * D);
  const wOut = randn(r, D * V, 2 / Math.sqrt(D));
  const bOut = new Float32Array(V);
  bOut[0] = -4; // <unk>
  bOut[1] = -4; // <s>
  bOut[2] = -3; // </s>: grows with the length below
  const lengthPush = new Float32Array(V);
  lengthPush[2] = 0.25;

  const decoder = (name: string, cached: boolean): Uint8Array => {
    const g = new Graph(name);
    const tok = g.input("args_0", "int32", [1, 1]);
    const encOut = g.input("args_1", "float", [1, "T", D]);
    const seqLen = g.input("args_2", "int32", [1]);
    const past: string[] = [];
    if (cached) {
      for (let l = 0; l < layers; l++) {
        past.push(g.input(`args_${3 + 4 * l}`, "float", [1, 1, "seq", D]));
        past.push(g.input(`args_${4 + 4 * l}`, "float", [1, 1, "seq", D]));
        past.push(g.input(`args_${5 + 4 * l}`, "float", [1, 1, "T", D]));
        past.push(g.input(`args_${6 + 4 * l}`, "float", [1, 1, "T", D]));
      }
    }
    const e = g.o("Gather", [g.const([V, D], emb), tok]); // (1, 1, D)
    const e4 = g.o("Unsqueeze", [e, g.const([1], [1], "int64")]); // (1, 1, 1, D)
    const cross = g.o("Unsqueeze", [encOut, g.const([1], [1], "int64")]); // (1, 1, T, D)
    let h = e;
    const states: string[] = [];
    for (let l = 0; l < layers; l++) {
      const k = cached ? g.o("Concat", [past[4 * l]!, e4], { axis: 2 }) : e4;
      const v = cached ? g.o("Concat", [past[4 * l + 1]!, e4], { axis: 2 }) : e4;
      const ck = cached ? past[4 * l + 2]! : cross;
      const cv = cached ? past[4 * l + 3]! : cross;
      // Mean over the history and over the audio stand in for the two attentions.
      const self = g.o("Squeeze", [g.o("ReduceMean", [v], { axes: [2], keepdims: 0 }), g.const([1], [1], "int64")]);
      const ctx = g.o("ReduceMean", [g.o("Squeeze", [cv, g.const([1], [1], "int64")])], { axes: [1], keepdims: 1 });
      h = g.o("Tanh", [g.o("Add", [g.o("Add", [h, g.o("Unsqueeze", [self, g.const([1], [1], "int64")])]), ctx])]);
      states.push(k, v, ck, cv);
    }
    const len = g.o("Cast", [seqLen], { to: 1 });
    const logits = g.o("Add", [g.linear(h, wOut, D, V, bOut), g.o("Mul", [len, g.const([V], lengthPush)])]);
    g.output("logits", "float", [1, 1, V], logits);
    states.forEach((s, i) => {
      const l = Math.floor(i / 4);
      const kind = ["decoder.key", "decoder.value", "encoder.key", "encoder.value"][i % 4];
      g.output(`present.${l}.${kind}`, "float", [1, 1, i % 4 < 2 ? "seq" : "T", D], s);
    });
    return g.toModel();
  };

  return {
    preprocess: pre.toModel(),
    encode: enc.toModel(),
    uncached_decode: decoder("uncached_decode", false),
    cached_decode: decoder("cached_decode", true),
    tokens: vocab.map((t, i) => `${t}\t${i}`).join("\n") + "\n",
  };
}

// ---------------------------------------------------------------------------------------
// NeMo speaker model layout, e.g. TitaNet (scripts/nemo/speaker-verification/export-onnx.py):
// x (N, feat_dim, T) per-feature-normalised mel features, x_lens (N) int64 -> logits
// (N, classes) and embs (N, output_dim); sherpa-onnx takes the second output.

export function speakerEmbeddingNemo(opts: { seed?: number; dim?: number } = {}): Uint8Array {
  const r = rng(opts.seed ?? 11);
  const D = opts.dim ?? 64;
  const F = 80;
  const g = new Graph("titanet");
  const x = g.input("audio_signal", "float", ["audio_signal_dynamic_axes_1", F, "audio_signal_dynamic_axes_2"]);
  g.input("length", "int64", ["length_dynamic_axes_1"]);
  // Per-feature normalisation leaves each band's mean at 0: pool the spread and the
  // frame-to-frame change of every band instead (attentive statistics pooling stand-in).
  const diff = g.o("Sub", [
    g.o("Slice", [x, g.const([1], [1], "int64"), g.const([1], [2 ** 31 - 1], "int64"), g.const([1], [2], "int64")]),
    g.o("Slice", [x, g.const([1], [0], "int64"), g.const([1], [-1], "int64"), g.const([1], [2], "int64")]),
  ]);
  const spread = g.o("ReduceMean", [g.o("Abs", [x])], { axes: [2], keepdims: 0 });
  const motion = g.o("ReduceMean", [g.o("Abs", [diff])], { axes: [2], keepdims: 0 });
  const stats = g.o("Concat", [spread, motion], { axis: 1 });
  const centred = g.o("Sub", [stats, g.o("ReduceMean", [stats], { axes: [1], keepdims: 1 })]);
  const embs = g.linear(centred, randn(r, 2 * F * D, 1 / Math.sqrt(2 * F)), 2 * F, D);
  g.output("logits", "float", ["logits_dynamic_axes_1", 16], g.linear(embs, randn(r, D * 16, 1 / Math.sqrt(D)), D, 16));
  g.output("embs", "float", ["embs_dynamic_axes_1", D], embs);
  return g.toModel({
    framework: "nemo",
    language: "English",
    url: "https://catalog.ngc.nvidia.com/orgs/nvidia/teams/nemo/models/titanet_small",
    comment: "random-weight test fixture",
    sample_rate: 16000,
    output_dim: D,
    feature_normalize_type: "per_feature",
    window_size_ms: 25,
    window_stride_ms: 10,
    window_type: "hann",
    feat_dim: F,
  });
}
