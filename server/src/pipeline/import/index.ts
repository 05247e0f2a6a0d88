export { parseTranscriptFile, ImportError, UNKNOWN_SPEAKER, mergeCues } from "./parse-transcript";
export type { ImportedTranscript, ImportFormat } from "./parse-transcript";
export { looksLikeSpeakerName, splitSpeakerPrefix } from "./speaker-prefix";
export { decodeEntities } from "./entities";
export { decodeTranscript, decodeTranscriptBytes } from "./decode";
