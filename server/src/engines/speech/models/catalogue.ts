// The models the local engines can use: speech models and the language models that write
// the notes (GGUF files; docs/decisions/008-local-language-model.md). Speech download URLs are
// the official sherpa-onnx GitHub release assets; the Silero VAD ships in this repository
// (engines/speech/assets, with its licence) and is never downloaded.
// Exact sizes and checksums are filled where upstream or a pinned copy of upstream's files
// publishes them (docs/decisions/013-speech-engine-models.md says which); where none is known
// the manager trusts the first download and records its sha256 in the manifest
// (trust-on-first-use), and every later check compares against that record.
import { EUROPEAN_LANGUAGES } from "../../../../../contract/languages";
import { fromRoot } from "../../../paths";

export type ModelPurpose =
  | "vad"
  | "asr"
  | "asr-streaming"
  | "diarization-segmentation"
  | "diarization-embedding"
  | "llm"
  /** Passage and query vectors for semantic search (decision 036). */
  | "text-embedding";

export interface ModelFile {
  /** Path inside the installed model folder. */
  path: string;
  /** Expected size in bytes, or null when unknown (recorded at install). */
  size: number | null;
  sha256: string | null;
}

/** The path (inside the model's folder) of its i-th file; an entry without that file is a catalogue bug. */
export function modelFilePath(m: Pick<CatalogueModel, "id" | "files">, i = 0): string {
  const file = m.files[i];
  if (!file) throw new Error(`The catalogue entry ${m.id} has no file ${i}.`);
  return file.path;
}

export interface CatalogueModel {
  id: string;
  name: string;
  purpose: ModelPurpose;
  /** ISO 639-1 codes, or ['*'] for language-independent models. */
  languages: string[];
  /** Exact download size in bytes, or null when unknown (then not checked). */
  sizeBytes: number | null;
  /**
   * What the install takes on disk, from upstream's published file listings (rounded), for
   * the list and the Settings page; null when upstream publishes none.
   */
  approxBytes: number | null;
  url: string;
  /** Checksum of the downloaded asset, or null: trust on first use. */
  sha256: string | null;
  /**
   * 'tar.bz2' archives are extracted; 'file' downloads are stored as `fileName`; 'bundled'
   * models ship with the app (in `bundledDir`) and are never downloaded.
   */
  format: "tar.bz2" | "file" | "bundled";
  /** For format 'file': the name to store it under. */
  fileName?: string;
  /** For format 'bundled': the folder of the app that holds `files`. */
  bundledDir?: string;
  licence: string;
  /** Files that must exist after install; the engine reads these. Other .onnx files in an archive are not extracted. */
  files: ModelFile[];
  /** ASR only: whether it gives token timestamps (word times). */
  timestamps?: boolean;
  /**
   * Speech models: memory (MiB) the speech worker needs for it once loaded (weights as
   * onnxruntime holds them plus its working memory); the engine adds these up against
   * SPEECH_WORKER_MEMORY_MB before a job starts (decision 019).
   */
  memoryMb?: number;
}

const REL = "https://github.com/k2-fsa/sherpa-onnx/releases/download";
const HF = "https://huggingface.co";
const MB = 1_000_000;
/** Upstream's `ls -lh` listings count in MiB. */
const MiB = 1024 * 1024;

function f(path: string, size: number | null = null, sha256: string | null = null): ModelFile {
  return { path, size, sha256 };
}

/** The model files that ship in the repository (their licences and checksums: assets/README.md). */
export const BUNDLED_ASSETS_DIR = "server/src/engines/speech/assets";

export const CATALOGUE: CatalogueModel[] = [
  {
    id: "silero-vad",
    memoryMb: 30,
    name: "Silero VAD v4 (shipped with the app)",
    purpose: "vad",
    languages: ["*"],
    sizeBytes: null,
    approxBytes: 1_807_522,
    url: `app:${BUNDLED_ASSETS_DIR}/silero_vad.onnx`,
    sha256: null,
    format: "bundled",
    bundledDir: fromRoot(BUNDLED_ASSETS_DIR),
    licence: "MIT",
    // Upstream's silero_vad.onnx v4; checked so a damaged or swapped copy is noticed.
    files: [f("silero_vad.onnx", 1_807_522, "a35ebf52fd3ce5f1469b2a36158dba761bc47b973ea3382b3186ca15b1f5af28")],
  },
  {
    id: "moonshine-tiny-en-int8",
    memoryMb: 300,
    name: "Moonshine tiny (English, int8) - Nano",
    purpose: "asr",
    languages: ["en"],
    sizeBytes: null,
    approxBytes: 118 * MiB,
    url: `${REL}/asr-models/sherpa-onnx-moonshine-tiny-en-int8.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [f("preprocess.onnx"), f("encode.int8.onnx"), f("uncached_decode.int8.onnx"), f("cached_decode.int8.onnx"), f("tokens.txt")],
    timestamps: false,
  },
  {
    id: "parakeet-tdt-0.6b-v2-int8",
    memoryMb: 1100,
    name: "NVIDIA Parakeet-TDT 0.6B v2 (English, int8) - accurate",
    purpose: "asr",
    languages: ["en"],
    sizeBytes: null,
    approxBytes: 631 * MiB,
    url: `${REL}/asr-models/sherpa-onnx-nemo-parakeet-tdt-0.6b-v2-int8.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "CC-BY-4.0",
    files: [f("encoder.int8.onnx"), f("decoder.int8.onnx"), f("joiner.int8.onnx"), f("tokens.txt")],
    timestamps: true,
  },
  {
    id: "parakeet-tdt-0.6b-v3-int8",
    memoryMb: 1150,
    name: "NVIDIA Parakeet-TDT 0.6B v3 (25 European languages, int8)",
    purpose: "asr",
    languages: [...EUROPEAN_LANGUAGES],
    sizeBytes: null,
    approxBytes: 670_478_772,
    url: `${REL}/asr-models/sherpa-onnx-nemo-parakeet-tdt-0.6b-v3-int8.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "CC-BY-4.0",
    // Sizes and sha256 of upstream's files (csukuangfj/sherpa-onnx-nemo-parakeet-tdt-0.6b-v3-int8
    // at 2bda32ec, as published by a pinned copy; see the decision record).
    files: [
      f("encoder.int8.onnx", 652_184_281, "acfc2b4456377e15d04f0243af540b7fe7c992f8d898d751cf134c3a55fd2247"),
      f("decoder.int8.onnx", 11_845_275, "179e50c43d1a9de79c8a24149a2f9bac6eb5981823f2a2ed88d655b24248db4e"),
      f("joiner.int8.onnx", 6_355_277, "3164c13fc2821009440d20fcb5fdc78bff28b4db2f8d0f0b329101719c0948b3"),
      f("tokens.txt", 93_939, "d58544679ea4bc6ac563d1f545eb7d474bd6cfa467f0a6e2c1dc1c7d37e3c35d"),
    ],
    timestamps: true,
  },
  {
    // The live transcript while recording in the browser (engines/speech/live, decision 020).
    id: "lstm-en-2023-02-17-streaming",
    memoryMb: 250,
    name: "LSTM transducer (English, streaming, int8) - live transcript",
    purpose: "asr-streaming",
    languages: ["en"],
    sizeBytes: null,
    // The archive also holds the fp32 files (about 320 MiB); only the int8 ones are kept.
    approxBytes: 82 * MiB,
    url: `${REL}/asr-models/sherpa-onnx-lstm-en-2023-02-17.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "Apache-2.0",
    files: [f("encoder-epoch-99-avg-1.int8.onnx"), f("decoder-epoch-99-avg-1.onnx"), f("joiner-epoch-99-avg-1.int8.onnx"), f("tokens.txt")],
    timestamps: true,
  },
  {
    id: "whisper-small",
    memoryMb: 750,
    name: "OpenAI Whisper small (other languages, int8)",
    purpose: "asr",
    languages: ["*"],
    sizeBytes: null,
    // int8 files only: the archive's fp32 encoder and decoder (~970 MB) are skipped at extraction.
    approxBytes: 375 * MB,
    url: `${REL}/asr-models/sherpa-onnx-whisper-small.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [f("small-encoder.int8.onnx"), f("small-decoder.int8.onnx"), f("small-tokens.txt")],
    timestamps: false,
  },
  {
    id: "pyannote-segmentation-3-0",
    memoryMb: 40,
    name: "pyannote segmentation 3.0",
    purpose: "diarization-segmentation",
    languages: ["*"],
    sizeBytes: null,
    approxBytes: 5.7 * MiB,
    url: `${REL}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [f("model.onnx")],
  },
  {
    id: "titanet-small-en",
    memoryMb: 80,
    name: "NVIDIA NeMo TitaNet-small speaker embedding (English)",
    purpose: "diarization-embedding",
    languages: ["*"],
    sizeBytes: null,
    // The release asset's size as pinned by two unrelated public projects (with sha256
    // ad4a1802…, decision 013); shown before the download, not enforced, like the others here.
    approxBytes: 40_257_283,
    // 'recongition' is the real (misspelt) release tag upstream.
    url: `${REL}/speaker-recongition-models/nemo_en_titanet_small.onnx`,
    sha256: null,
    format: "file",
    fileName: "model.onnx",
    licence: "CC-BY-4.0",
    files: [f("model.onnx")],
  },
  {
    id: "3dspeaker-eres2net-base",
    memoryMb: 120,
    name: "3D-Speaker ERes2Net base speaker embedding (Chinese)",
    purpose: "diarization-embedding",
    languages: ["zh"],
    sizeBytes: null,
    approxBytes: 39.6 * MB,
    url: `${REL}/speaker-recongition-models/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx`,
    sha256: null,
    format: "file",
    fileName: "model.onnx",
    licence: "Apache-2.0",
    files: [f("model.onnx")],
  },
  // Language models for the notes. Sizes and checksums as pinned by other public projects
  // for the same files; a download that differs is refused.
  {
    id: "qwen3-1.7b-q4_k_m",
    name: "Qwen3 1.7B (Q4_K_M) - notes on 2-4 CPU cores",
    purpose: "llm",
    languages: ["*"],
    sizeBytes: 1_107_409_472,
    approxBytes: 1_107_409_472,
    url: `${HF}/unsloth/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q4_K_M.gguf`,
    sha256: "b139949c5bd74937ad8ed8c8cf3d9ffb1e99c866c823204dc42c0d91fa181897",
    format: "file",
    fileName: "model.gguf",
    licence: "Apache-2.0",
    files: [f("model.gguf", 1_107_409_472, "b139949c5bd74937ad8ed8c8cf3d9ffb1e99c866c823204dc42c0d91fa181897")],
  },
  {
    id: "qwen3-4b-instruct-2507-q4_k_m",
    name: "Qwen3 4B Instruct 2507 (Q4_K_M) - better notes, 8+ cores or a GPU",
    purpose: "llm",
    languages: ["*"],
    sizeBytes: 2_497_280_736,
    approxBytes: 2_497_280_736,
    url: `${HF}/bartowski/Qwen_Qwen3-4B-Instruct-2507-GGUF/resolve/ae44f08e1392f39c0e474af10c3ff8355c8b6688/Qwen_Qwen3-4B-Instruct-2507-Q4_K_M.gguf`,
    sha256: "2fde00ce69dd4899c70d020845e2638353015bba0fdf161b3eb965f2bca4464e",
    format: "file",
    fileName: "model.gguf",
    licence: "Apache-2.0",
    files: [f("model.gguf", 2_497_280_736, "2fde00ce69dd4899c70d020845e2638353015bba0fdf161b3eb965f2bca4464e")],
  },
  // Semantic search (decision 036). Not in any default download: search is lexical until the owner
  // installs it. Size and sha256 as at least eight public projects pin this file (one of them runs it
  // with node-llama-cpp); not read from Hugging Face's LFS pointer here.
  {
    id: "nomic-embed-text-v1.5-q8_0",
    name: "Nomic Embed Text v1.5 (Q8_0) - search by meaning",
    purpose: "text-embedding",
    languages: ["en"],
    sizeBytes: 146_146_432,
    approxBytes: 146_146_432,
    url: `${HF}/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/0188c9bf409793f810680a5a431e7b899c46104c/nomic-embed-text-v1.5.Q8_0.gguf`,
    sha256: "3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7",
    format: "file",
    fileName: "model.gguf",
    licence: "Apache-2.0",
    files: [f("model.gguf", 146_146_432, "3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7")],
  },
];

/** The text embedding model for semantic search, and the prefixes its training used for each side (nomic's model card). */
export const TEXT_EMBEDDING = {
  id: "nomic-embed-text-v1.5-q8_0",
  queryPrefix: "search_query: ",
  documentPrefix: "search_document: ",
} as const;

/** The language models in order of preference when several are installed (the larger writes better notes). */
export const LLM_PREFERENCE = ["qwen3-4b-instruct-2507-q4_k_m", "qwen3-1.7b-q4_k_m"] as const;
/** The one pulled on first use. */
export const DEFAULT_LLM = "qwen3-1.7b-q4_k_m";

/** Which catalogue entry plays which role in the local engine. */
export const ROLES = {
  vad: "silero-vad",
  nano: "moonshine-tiny-en-int8",
  accurate: "parakeet-tdt-0.6b-v2-int8",
  european: "parakeet-tdt-0.6b-v3-int8",
  multilingual: "whisper-small",
  segmentation: "pyannote-segmentation-3-0",
  embedding: "titanet-small-en",
  embeddingChinese: "3dspeaker-eres2net-base",
  /** The live transcript while recording (not part of the default download). */
  streaming: "lstm-en-2023-02-17-streaming",
} as const;

export function findModel(catalogue: CatalogueModel[], id: string): CatalogueModel | undefined {
  return catalogue.find((m) => m.id === id);
}

export const DEFAULT_MODELS_BASE_URL = REL;

/**
 * The catalogue with its release downloads fetched from `baseUrl` instead (MODELS_BASE_URL:
 * a mirror holding the same paths as the sherpa-onnx releases, for networks that cannot
 * reach GitHub). Bundled models are unaffected.
 */
export function catalogueFrom(baseUrl: string | null | undefined): CatalogueModel[] {
  if (!baseUrl || baseUrl === REL) return CATALOGUE;
  const base = baseUrl.replace(/\/+$/, "");
  return CATALOGUE.map((m) => (m.url.startsWith(`${REL}/`) ? { ...m, url: base + m.url.slice(REL.length) } : m));
}

/**
 * What the default upload settings need (English, Nano model, speakers found
 * automatically): `npm run models -- pull` and Settings' "Download speech models" fetch
 * these. The local engine's plan() picks the same for those settings (a test keeps them equal).
 */
export const DEFAULT_MODEL_IDS: readonly string[] = [ROLES.vad, ROLES.nano, ROLES.segmentation, ROLES.embedding];
