// Trains the short-meeting action-item scorer (server/src/pipeline/summary/business-action-model.ts, decision 044)
// on the written business development meetings (bench/business/<id>/; heldout/ is never read) and writes
// weights/business-actions.json.
//   - Candidates: the items the engine selects today (rules + the AMI scorer) and the AMI scorer's clauses beyond
//     them; features: the AMI scorer's, the sentence's words (n-grams seen in >= K training meetings), the next
//     speaker's first words and assent or refusal.
//   - Label: the candidate's task matches a reference item (content-word Dice >= 0.3 and a shared object word).
//   - Model: an L2 logistic regression (bench/lib/business-action-vectors.ts) on those features and, per setting,
//     the mean GloVe vectors of the candidate's word groups (decision 056: its sentence, task, the reply, the turn
//     before), with their own L2; the written weights fold the vectors into per-word tables.
//   - Settings (L2, K, the rules' and the clauses' thresholds) by cross-validation with folds by meeting (every
//     meeting is left out once), scored with the bench's one-to-one matcher (bench/lib/real-actions.ts); the margin
//     is min(P / 0.85, R / 0.85) over all dev meetings, the issue's bars. Rows per split: b01–b38 (the rules were
//     tuned on them), b39–b45, b61–b84 (no rule was tuned on them).
// Run: npm run train:business-actions [-- --dry] (prints the grid; --dry does not write the weights)
import path from "node:path";
import type { BusinessModel } from "../server/src/pipeline/summary/business-action-model";
import { selectBusiness } from "../server/src/pipeline/summary/business-action-model";
import { roundWeights } from "./lib/action-training";
import {
  BUSINESS_WEIGHTS_FILE,
  businessCheck,
  prepareBusiness,
  scoreItems,
  splitOf,
  type BusinessPrepared,
} from "./lib/business-action-training";
import { fitVec, foldVectors, scoreVec, type VecSettings } from "./lib/business-action-vectors";
import { dice } from "./lib/match";
import { addActionScore, emptyActionScore, MATCH_DICE, type ActionScore } from "./lib/real-actions";
import { writeFormatted } from "./lib/write-formatted";

const FOLDS = 5;
const BAR = 0.85;
const quick = process.argv.includes("--quick");
/**
 * The fits tried: decision 044's features (n-grams, no vectors) at its L2s, and the word-vector groups (decision
 * 056) with and without the n-grams. The groups' L2 (l2v) is far above the sparse one: 100 weights a group learn
 * the training meetings' topics otherwise (0.03 and below lost out of fold in the experiment,
 * bench/business-action-vectors-cv.ts).
 */
const FITS: VecSettings[] = [
  ...(quick ? [0.003] : [0.001, 0.003, 0.01]).map((l2) => ({ l2, l2v: 0, groups: [], lexical: true, minMeetings: 2 })),
  ...(quick
    ? [{ l2: 0.01, l2v: 0.3, groups: ["task", "reply"], lexical: false, minMeetings: 2 } as VecSettings]
    : ([
        { l2: 0.003, l2v: 0.3, groups: ["task"], lexical: false, minMeetings: 2 },
        { l2: 0.003, l2v: 0.3, groups: ["task"], lexical: true, minMeetings: 2 },
        { l2: 0.01, l2v: 0.3, groups: ["task", "reply"], lexical: false, minMeetings: 2 },
        { l2: 0.01, l2v: 0.3, groups: ["sent", "task", "reply"], lexical: false, minMeetings: 2 },
        { l2: 0.003, l2v: 1, groups: ["sent", "task", "reply", "prev"], lexical: false, minMeetings: 2 },
      ] as VecSettings[])),
];
const RULE_T = [0, 0.3, 0.4, 0.5, 0.6, 0.7];
const CLAUSE_T = [0.2, 0.3, 0.4, 0.5, 0.6, 1.01];
const WIDE_T = [0.2, 0.3, 0.4, 0.5, 0.6, 1.01];
/** Possible items: from this score up to the threshold (reported, not counted). */
const POSSIBLE_MIN = 0.15;

const prepared = prepareBusiness(undefined, process.argv.includes("--labels=any") ? "any" : "missed");
const splits = [...new Set(prepared.map((p) => splitOf(p.meeting.id)))].sort();
const pr = (s: ActionScore) => ({ p: s.tp / Math.max(1, s.predicted), r: s.tp / Math.max(1, s.tp + s.fn) });
const fmt = (s: ActionScore) => {
  const { p, r } = pr(s);
  return `${p.toFixed(2)}/${r.toFixed(2)} (${s.tp}/${s.predicted} of ${s.tp + s.fn})`;
};

/** Scores per split and in all of items chosen for each meeting. */
function report(items: (p: BusinessPrepared, i: number) => Parameters<typeof scoreItems>[0]): Map<string, ActionScore> {
  const out = new Map<string, ActionScore>([["all", emptyActionScore()]]);
  prepared.forEach((p, i) => {
    const s = scoreItems(items(p, i), p.meeting);
    const split = splitOf(p.meeting.id);
    if (!out.has(split)) out.set(split, emptyActionScore());
    addActionScore(out.get(split)!, s);
    addActionScore(out.get("all")!, s);
  });
  return out;
}
const line = (name: string, m: Map<string, ActionScore>) =>
  `${name.padEnd(34)} ${["all", ...splits].map((k) => `${k} ${fmt(m.get(k) ?? emptyActionScore())}`).join("  ")}`;

// Where recall is lost: reference items with any candidate (the ceiling) against those the engine lists today.
{
  const ceiling = new Map<string, [number, number, number]>();
  for (const p of prepared) {
    const k = splitOf(p.meeting.id);
    const refs = p.meeting.actionItems ?? [];
    const c = ceiling.get(k) ?? [0, 0, 0];
    c[0] += refs.length;
    c[1] += refs.filter((r) => p.cands.some((x) => dice(x.item.task, r.task) >= MATCH_DICE)).length;
    c[2] += refs.filter((r) => p.rules.some((x) => dice(x.task, r.task) >= MATCH_DICE)).length;
    ceiling.set(k, c);
  }
  for (const [k, [n, any, rules]] of [...ceiling].sort())
    console.log(`${k}: ${n} reference items; a candidate matches ${any} (ceiling ${(any / n).toFixed(2)}); a rule item ${rules}`);
  console.log(
    `${prepared.length} meetings, ${prepared.reduce((n, p) => n + p.cands.length, 0)} candidates, ${prepared.reduce((n, p) => n + p.labels.reduce((a, b) => a + b, 0), 0)} positive`,
  );
}
console.log(
  line(
    "rules alone",
    report((p) => p.rules),
  ),
);
console.log(
  line(
    "engine today (rules + AMI scorer)",
    report((p) => p.baseline),
  ),
);
console.log(
  line(
    "  its possible items (not counted)",
    report((p) => p.possible),
  ),
);

// Folds by meeting, dealt round in name order.
const folds = prepared.map((_, i) => i % FOLDS);
interface Setting extends Omit<BusinessModel, "weights"> {
  fit: VecSettings;
  margin: number;
  scores: Map<string, ActionScore>;
  possible: Map<string, ActionScore>;
}
const grid: Setting[] = [];
const describeFit = (f: VecSettings) =>
  `l2 ${f.l2}${f.groups.length ? ` vec ${f.groups.join("+")} l2v ${f.l2v}` : ""}${f.lexical ? " n-grams" : ""}`;
for (const fit of FITS) {
  // Every candidate's out-of-fold score: the fold's fit never saw the candidate's meeting.
  const scores = prepared.map((p) => p.cands.map(() => 0));
  for (let f = 0; f < FOLDS; f++) {
    const fitted = fitVec(
      prepared.filter((_, i) => folds[i] !== f),
      fit,
    );
    prepared.forEach((p, i) => {
      if (folds[i] === f) scores[i] = p.cands.map((c) => scoreVec(fitted, c));
    });
  }
  for (const ruleThreshold of RULE_T)
    for (const clauseThreshold of CLAUSE_T)
      for (const wideThreshold of WIDE_T) {
        const model = { ruleThreshold, clauseThreshold, wideThreshold, possibleMin: POSSIBLE_MIN, weights: {} };
        const chosen = prepared.map((p, i) => selectBusiness(p.cands, model, 3, scores[i]));
        const scored = report((_, i) => chosen[i]!.items);
        const possible = report((_, i) => chosen[i]!.possible);
        const all = pr(scored.get("all")!);
        grid.push({
          fit,
          ruleThreshold,
          clauseThreshold,
          wideThreshold,
          possibleMin: POSSIBLE_MIN,
          margin: Math.min(all.p / BAR, all.r / BAR),
          scores: scored,
          possible,
        });
      }
}
// The engine today, the row to beat.
const today = report((p) => p.baseline);
/** The meetings no rule was tuned on (round six's only where they are in the tree). */
const NEW = ["b61–b84", "b85+", "b129–b152", "b153+"].filter((k) => splits.includes(k));
/**
 * Clearly better than the engine today: precision and recall each at least MIN_GAIN higher, in all and on the
 * meetings no rule was tuned on (a point or two either way is one or two items a set).
 */
const MIN_GAIN = 0.02;
const beatsToday = (g: Setting) =>
  ["all", ...NEW].every((k) => {
    const [a, b] = [pr(g.scores.get(k) ?? emptyActionScore()), pr(today.get(k) ?? emptyActionScore())];
    return a.p >= b.p + MIN_GAIN && a.r >= b.r + MIN_GAIN;
  });
grid.sort((a, b) => +beatsToday(b) - +beatsToday(a) || b.margin - a.margin);
for (const g of grid.slice(0, 15))
  console.log(line(`${describeFit(g.fit)} r ${g.ruleThreshold} c ${g.clauseThreshold} w ${g.wideThreshold}`, g.scores));
const best = grid[0];
if (!best) throw new Error("No setting was evaluated.");
console.log(`chosen: ${describeFit(best.fit)} rule ${best.ruleThreshold} clause ${best.clauseThreshold} wide ${best.wideThreshold}`);
console.log(line("  possible items (not counted)", best.possible));
for (const [name, pick] of [
  ["veto only (best)", (g: Setting) => g.clauseThreshold > 1 && g.wideThreshold > 1],
  ["union only (best, no veto)", (g: Setting) => g.ruleThreshold === 0],
  ["rules + wide (no AMI clauses)", (g: Setting) => g.clauseThreshold > 1],
] as const) {
  const g = grid.find(pick);
  if (g) console.log(line(`${name}: ${describeFit(g.fit)} r ${g.ruleThreshold} c ${g.clauseThreshold} w ${g.wideThreshold}`, g.scores));
}
// The most precise setting that keeps the engine's recall on the new meetings: what a veto plus a few additions can do.
{
  const recallOf = (g: Setting, k: string) => pr(g.scores.get(k) ?? emptyActionScore()).r;
  const holds = grid.filter((g) => NEW.every((k) => recallOf(g, k) >= pr(today.get(k) ?? emptyActionScore()).r));
  const g = holds.sort((a, b) => pr(b.scores.get("all")!).p - pr(a.scores.get("all")!).p)[0];
  if (g)
    console.log(
      line(
        `precision-first, new-set recall held: ${describeFit(g.fit)} r ${g.ruleThreshold} c ${g.clauseThreshold} w ${g.wideThreshold}`,
        g.scores,
      ),
    );
}

// The unseen checks: trained only on the meetings written before a set, scored on that set (b61–b84 after b01–b45;
// b85 on after b01–b84; round six's check after everything else).
for (const [test, before] of [
  ["b61–b84", ["b01–b38", "b39–b45"]],
  ["b85+", ["b01–b38", "b39–b45", "b61–b84"]],
  ["b153+", ["b01–b38", "b39–b45", "b61–b84", "b85+", "b129–b152"]],
] as const) {
  const older = prepared.filter((p) => (before as readonly string[]).includes(splitOf(p.meeting.id)));
  const later = prepared.filter((p) => splitOf(p.meeting.id) === test);
  if (!later.length) continue;
  const model = {
    ruleThreshold: best.ruleThreshold,
    clauseThreshold: best.clauseThreshold,
    wideThreshold: best.wideThreshold,
    possibleMin: POSSIBLE_MIN,
    weights: {},
  };
  const fitted = fitVec(older, best.fit);
  const s = emptyActionScore();
  const base = emptyActionScore();
  for (const p of later) {
    const scores = p.cands.map((c) => scoreVec(fitted, c));
    addActionScore(s, scoreItems(selectBusiness(p.cands, model, 3, scores).items, p.meeting));
    addActionScore(base, scoreItems(p.baseline, p.meeting));
  }
  console.log(`trained on ${before.join(", ")}, scored on ${test}: scorer ${fmt(s)}; engine today ${fmt(base)}`);
}

// Kept only where cross-validation beats the engine today on precision and recall, in all and on b61 on (the
// meetings no rule was tuned on); else nothing is written and the engine stays as it is.
const beats = beatsToday(best);
console.log(
  beats
    ? "the scorer beats the engine today on P and R"
    : `NOT KEPT: no setting beats the engine today by ${MIN_GAIN} on both P and R (in all, ${NEW.join(", ")}); no weights written`,
);
if (beats && !process.argv.includes("--dry")) {
  const fitted = fitVec(prepared, best.fit);
  const weights = roundWeights(fitted.sparse);
  const cv = Object.fromEntries(
    [...best.scores].map(([k, s]) => [k, { precision: +pr(s).p.toFixed(4), recall: +pr(s).r.toFixed(4), items: s.predicted }]),
  );
  const check = businessCheck(prepared, best.fit);
  const model = {
    ruleThreshold: best.ruleThreshold,
    clauseThreshold: best.clauseThreshold,
    wideThreshold: best.wideThreshold,
    possibleMin: best.possibleMin,
    fit: best.fit,
    weights,
    vectors: foldVectors(fitted),
  };
  await writeFormatted(
    BUSINESS_WEIGHTS_FILE,
    `${JSON.stringify({
      writtenBy: "bench/train-business-actions.ts (npm run train:business-actions); do not edit by hand",
      trainedOn: `the business development meetings (${prepared.length}: ${prepared.map((p) => p.meeting.id.slice(0, 3)).join(" ")})`,
      crossValidated: cv,
      model,
      check: { input: check.input, subset: "every fourth business dev meeting, fitted at the same settings", digest: check.subset },
    })}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), BUSINESS_WEIGHTS_FILE)}`);
}
