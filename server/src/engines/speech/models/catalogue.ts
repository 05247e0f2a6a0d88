// The models the local speech engine can use. URLs point at the official sherpa-onnx
// GitHub release assets. Sizes and checksums that could not be confirmed offline are
// null: the manager then trusts the first download and records its sha256 in the
// manifest (trust-on-first-use), and every later check compares against that record.

export type ModelPurpose =
  | "vad"
  | "asr"
  | "diarization-segmentation"
  | "diarization-embedding"
  | "punctuation";

export interface ModelFile {
  /** Path inside the installed model folder. */
  path: string;
  /** Expected size in bytes, or null when unknown (recorded at install). */
  size: number | null;
  sha256: string | null;
}

export interface CatalogueModel {
  id: string;
  name: string;
  purpose: ModelPurpose;
  /** ISO 639-1 codes, or ['*'] for language-independent models. */
  languages: string[];
  /** Download size in bytes, or null when unknown. */
  sizeBytes: number | null;
  url: string;
  /** Checksum of the downloaded asset, or null: trust on first use. */
  sha256: string | null;
  /** 'tar.bz2' archives are extracted; 'file' downloads are stored as `fileName`. */
  format: "tar.bz2" | "file";
  /** For format 'file': the name to store it under. */
  fileName?: string;
  licence: string;
  /** Files that must exist after install; the engine reads these. */
  files: ModelFile[];
  /** ASR only: whether its output already has punctuation and casing. */
  punctuated?: boolean;
  /** ASR only: whether it gives token timestamps (word times). */
  timestamps?: boolean;
}

const REL = "https://github.com/k2-fsa/sherpa-onnx/releases/download";

function f(path: string): ModelFile {
  return { path, size: null, sha256: null };
}

export const CATALOGUE: CatalogueModel[] = [
  {
    id: "silero-vad",
    name: "Silero VAD",
    purpose: "vad",
    languages: ["*"],
    sizeBytes: null,
    url: `${REL}/asr-models/silero_vad.onnx`,
    sha256: null,
    format: "file",
    fileName: "silero_vad.onnx",
    licence: "MIT",
    files: [f("silero_vad.onnx")],
  },
  {
    id: "moonshine-tiny-en-int8",
    name: "Moonshine tiny (English, int8) - Nano",
    purpose: "asr",
    languages: ["en"],
    sizeBytes: null,
    url: `${REL}/asr-models/sherpa-onnx-moonshine-tiny-en-int8.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [
      f("preprocess.onnx"),
      f("encode.int8.onnx"),
      f("uncached_decode.int8.onnx"),
      f("cached_decode.int8.onnx"),
      f("tokens.txt"),
    ],
    punctuated: true,
    timestamps: false,
  },
  {
    id: "parakeet-tdt-0.6b-v2-int8",
    name: "NVIDIA Parakeet-TDT 0.6B v2 (English, int8) - accurate",
    purpose: "asr",
    languages: ["en"],
    sizeBytes: null,
    url: `${REL}/asr-models/sherpa-onnx-nemo-parakeet-tdt-0.6b-v2-int8.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "CC-BY-4.0",
    files: [f("encoder.int8.onnx"), f("decoder.int8.onnx"), f("joiner.int8.onnx"), f("tokens.txt")],
    punctuated: true,
    timestamps: true,
  },
  {
    id: "whisper-small",
    name: "OpenAI Whisper small (multilingual, int8)",
    purpose: "asr",
    languages: ["*"],
    sizeBytes: null,
    url: `${REL}/asr-models/sherpa-onnx-whisper-small.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [f("small-encoder.int8.onnx"), f("small-decoder.int8.onnx"), f("small-tokens.txt")],
    punctuated: true,
    timestamps: false,
  },
  {
    id: "pyannote-segmentation-3-0",
    name: "pyannote segmentation 3.0",
    purpose: "diarization-segmentation",
    languages: ["*"],
    sizeBytes: null,
    url: `${REL}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "MIT",
    files: [f("model.onnx")],
  },
  {
    id: "3dspeaker-eres2net-base",
    name: "3D-Speaker ERes2Net base speaker embedding",
    purpose: "diarization-embedding",
    languages: ["*"],
    sizeBytes: null,
    // 'recongition' is the real (misspelt) release tag upstream.
    url: `${REL}/speaker-recongition-models/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx`,
    sha256: null,
    format: "file",
    fileName: "model.onnx",
    licence: "Apache-2.0",
    files: [f("model.onnx")],
  },
  {
    id: "ct-transformer-punct-zh-en",
    name: "CT-Transformer punctuation (Chinese + English)",
    purpose: "punctuation",
    languages: ["en", "zh"],
    sizeBytes: null,
    url: `${REL}/punctuation-models/sherpa-onnx-punct-ct-transformer-zh-en-vocab272727-2024-04-12.tar.bz2`,
    sha256: null,
    format: "tar.bz2",
    licence: "Apache-2.0",
    files: [f("model.onnx")],
  },
];

/** Which catalogue entry plays which role in the local engine. */
export const ROLES = {
  vad: "silero-vad",
  nano: "moonshine-tiny-en-int8",
  accurate: "parakeet-tdt-0.6b-v2-int8",
  multilingual: "whisper-small",
  segmentation: "pyannote-segmentation-3-0",
  embedding: "3dspeaker-eres2net-base",
  punctuation: "ct-transformer-punct-zh-en",
} as const;

export function findModel(catalogue: CatalogueModel[], id: string): CatalogueModel | undefined {
  return catalogue.find((m) => m.id === id);
}
