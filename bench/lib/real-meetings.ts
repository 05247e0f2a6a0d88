// The real meetings of ../shared/corpus/real-meetings (AMI, ICSI, Senedd, Commons; QMSum's train and
// validation splits), read the way a user brings them in: the VTT file through the transcript import.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Utterance } from "../../contract/transcript";
import { parseTranscriptFile } from "../../server/src/pipeline/import/parse-transcript";

export const REAL_MEETINGS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/real-meetings");

export type Split = "train" | "val";

export interface RealActionItem {
  task: string;
  owner: string | null;
  owners: string[];
  due: string | null;
}

export interface RealMeeting {
  id: string;
  split: Split;
  domain: "ami" | "icsi" | "senedd" | "commons";
  /** The meeting's date for relative dates (the corpus gives none; every meeting uses referenceDate). */
  meetingDate: Date;
  speakers: string[];
  utterances: Utterance[];
  words: number;
  /** 0.4 s per word (the corpus's synthetic timing): 150 words a minute. */
  durationSeconds: number;
  summary: string;
  amiAbstract: string | null;
  decisions: string[] | null;
  /** AMI only: the annotators' ACTIONS; null where nobody annotated them. */
  actionItems: RealActionItem[] | null;
}

export function realMeetingsAvailable(): boolean {
  return existsSync(path.join(REAL_MEETINGS_DIR, "index.json"));
}

/** Every meeting of a split, sorted by id; `only` keeps the ids it lists. */
export function loadRealMeetings(split: Split, only?: (id: string) => boolean): RealMeeting[] {
  const dir = path.join(REAL_MEETINGS_DIR, split);
  return readdirSync(dir)
    .filter((id) => existsSync(path.join(dir, id, "reference.json")) && (!only || only(id)))
    .sort()
    .map((id) => {
      const ref = JSON.parse(readFileSync(path.join(dir, id, "reference.json"), "utf8"));
      const parsed = parseTranscriptFile("transcript.vtt", readFileSync(path.join(dir, id, "transcript.vtt"), "utf8"));
      return {
        id,
        split,
        domain: ref.domain,
        meetingDate: new Date(`${ref.referenceDate}T12:00:00Z`),
        speakers: ref.speakers,
        utterances: parsed.utterances,
        words: ref.words,
        durationSeconds: ref.syntheticDurationSeconds,
        summary: ref.summary,
        amiAbstract: ref.amiAbstract ?? null,
        decisions: ref.decisions ?? null,
        actionItems: ref.actionItems ?? null,
      };
    });
}

/** `--split=train|val` from the command line; validation by default (tune on train, report on val). */
export function splitFromArgs(argv = process.argv): Split {
  const a = argv.find((x) => x.startsWith("--split="));
  return a?.slice("--split=".length) === "train" ? "train" : "val";
}
