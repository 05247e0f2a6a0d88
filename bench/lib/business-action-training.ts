// The short-meeting action-item scorer's training pieces (bench/train-business-actions.ts runs them;
// bench/train-weights.test.ts checks that they reproduce weights/business-actions.json): the business development
// meetings (bench/business/<id>/, never heldout/), their candidates (business-action-model.ts) with labels, the
// vocabulary of n-grams, and the fit (action-training.ts's logistic regression, imported).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActionItemDraft, Utterance } from "../../contract/transcript";
import { parseTranscriptFile } from "../../server/src/pipeline/import/parse-transcript";
import { actionCandidates } from "../../server/src/pipeline/summary/action-model";
import { actionItemsWithPossible, extractActionItems, ruleDrafts } from "../../server/src/pipeline/summary/actions";
import {
  businessCandidates,
  selectBusiness,
  type BusinessCandidate,
  type BusinessModel,
} from "../../server/src/pipeline/summary/business-action-model";
import { makeContext } from "../../server/src/pipeline/summary/owners";
import { type Prepared, roundWeights, train, weightsDigest } from "./action-training";
import { fitVec, foldVectors, type VecSettings } from "./business-action-vectors";
import { dice } from "./match";
import { MATCH_DICE, scoreRealActions, sharesObject, type ActionScore } from "./real-actions";
import type { RealMeeting } from "./real-meetings";

const here = path.dirname(fileURLToPath(import.meta.url));
export const BUSINESS_DIR = path.resolve(here, "../business");
export const BUSINESS_WEIGHTS_FILE = path.resolve(here, "../../server/src/pipeline/summary/weights/business-actions.json");

/** A business dev meeting as the real-actions matcher reads it (owners are speaker labels). */
export type BusinessMeeting = RealMeeting & { group: string };

/** Which row of the report a meeting belongs to. */
export function splitOf(id: string): string {
  const n = Number(/^b(\d+)/.exec(id)?.[1] ?? 0);
  // b129 on: round six (b129–b152 for tuning, b153–b176 its check, as bench:notes has them).
  return n <= 38 ? "b01–b38" : n <= 45 ? "b39–b45" : n <= 84 ? "b61–b84" : n <= 128 ? "b85+" : n <= 152 ? "b129–b152" : "b153+";
}

/** The development meetings (folders with a reference directly under bench/business; heldout/ is never read). */
export function loadBusinessDev(): BusinessMeeting[] {
  return readdirSync(BUSINESS_DIR)
    .filter((d) => d !== "heldout" && existsSync(path.join(BUSINESS_DIR, d, "reference.json")))
    .sort()
    .map((id) => {
      const ref = JSON.parse(readFileSync(path.join(BUSINESS_DIR, id, "reference.json"), "utf8"));
      const parsed = parseTranscriptFile("transcript.vtt", readFileSync(path.join(BUSINESS_DIR, id, "transcript.vtt"), "utf8"));
      return {
        id,
        group: splitOf(id),
        split: "train" as const,
        domain: "ami" as const,
        meetingDate: new Date(`${ref.referenceDate}T12:00:00Z`),
        speakers: ref.speakers,
        utterances: parsed.utterances as Utterance[],
        words: ref.words,
        durationSeconds: ref.syntheticDurationSeconds,
        summary: ref.summary,
        amiAbstract: null,
        decisions: null,
        actionItems: ref.actionItems.map((a: { task: string; owners: string[]; due: string | null }) => ({
          task: a.task,
          owner: a.owners[0] ?? null,
          owners: a.owners,
          due: a.due,
        })),
      };
    });
}

export interface BusinessPrepared {
  meeting: BusinessMeeting;
  /** What the engine lists without this scorer (rules + AMI scorer). */
  baseline: ActionItemDraft[];
  /** The possible items the engine lists today (the AMI scorer's unsure band). */
  possible: ActionItemDraft[];
  /** The rules alone. */
  rules: ActionItemDraft[];
  cands: BusinessCandidate[];
  labels: number[];
}

/**
 * The meetings' candidates and labels. A candidate is positive when its task matches a reference item (the bench's
 * Dice, and a shared object word); a further candidate only when it matches an item the engine's items miss.
 */
export function prepareBusiness(meetings = loadBusinessDev(), labels: "missed" | "any" = "missed"): BusinessPrepared[] {
  return meetings.map((m) => {
    const ctx = makeContext(m.utterances);
    const clauses = actionCandidates(m.utterances, ctx);
    const rules = extractActionItems(m.utterances, m.meetingDate, false);
    const baseline = extractActionItems(m.utterances, m.meetingDate, { candidates: clauses });
    const cands = businessCandidates(m.utterances, m.meetingDate, ctx, baseline, rules, clauses, ruleDrafts(m.utterances, m.meetingDate));
    const refs = m.actionItems ?? [];
    const matches = (task: string, r: { task: string }) => dice(task, r.task) >= MATCH_DICE && sharesObject(task, r.task);
    // A further candidate (not the engine's item) is positive only for work the engine's items miss: the same
    // work said again would be a second item for one task.
    // ("any": every candidate that matches a reference item, the first labelling tried; decision 044.)
    const missed = labels === "any" ? refs : refs.filter((r) => !baseline.some((b) => matches(b.task, r)));
    const positive = cands.map((c) => +(c.source === "rule" ? refs : missed).some((r) => matches(c.item.task, r)));
    const possible = actionItemsWithPossible(m.utterances, m.meetingDate).filter((a) => a.suggested);
    return { meeting: m, baseline, possible, rules, cands, labels: positive };
  });
}

/** Lexical features (words, next turn's words) are kept when seen in at least this many training meetings. */
export const LEXICAL = /^(?:w|w2|nx):/;
export function vocabulary(data: BusinessPrepared[], minMeetings: number): Set<string> {
  const seen = new Map<string, number>();
  for (const p of data) {
    const inMeeting = new Set<string>();
    for (const c of p.cands) for (const k of Object.keys(c.features)) if (LEXICAL.test(k)) inMeeting.add(k);
    for (const k of inMeeting) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n >= minMeetings).map(([k]) => k));
}

/** The fit: action-training.ts's L2 logistic regression on the candidates, lexical features cut to the vocabulary. */
export function fitBusiness(data: BusinessPrepared[], l2: number, minMeetings: number): Record<string, number> {
  const vocab = vocabulary(data, minMeetings);
  const rows = data.map((p) => ({
    all: p.cands.map((c) => ({
      features: Object.fromEntries(Object.entries(c.features).filter(([k]) => !LEXICAL.test(k) || vocab.has(k))),
    })),
    labels: p.labels,
  }));
  return train(rows as unknown as Prepared[], l2);
}

/** The items and possible items of one prepared meeting at a model's settings. */
export function businessItems(p: BusinessPrepared, model: BusinessModel) {
  return selectBusiness(p.cands, model);
}

export function scoreItems(items: ActionItemDraft[], m: BusinessMeeting): ActionScore {
  return scoreRealActions(items, m);
}

/** The meetings the fast reproduction check trains on: every fourth, in name order. */
export const inBusinessCheckSubset = (_: unknown, i: number) => i % 4 === 0;

export function businessInputDigest(prepared: BusinessPrepared[]): string {
  return weightsDigest(prepared.map((p) => [p.meeting.id, p.cands.map((c) => [c.features, c.words ?? null]), p.labels]));
}

/** The reproduction check's fingerprints: the input, and the subset's fit (sparse weights and folded tables). */
export function businessCheck(prepared: BusinessPrepared[], settings: VecSettings) {
  const fit = fitVec(prepared.filter(inBusinessCheckSubset), settings);
  return {
    input: businessInputDigest(prepared),
    subset: weightsDigest([roundWeights(fit.sparse), settings.groups.length ? foldVectors(fit) : null]),
  };
}
