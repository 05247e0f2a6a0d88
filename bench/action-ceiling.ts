// The candidate ceiling of the action-item engine (decision 048): the share of reference action items that ANY
// candidate matches — the rules' proposals before the selection (`ruleDrafts`) or the scorer's clause candidates
// (`actionCandidates`) — on the business dev meetings (b01–b84, b129–b152 and b177–b200 tuned; b39–b45, b85–b108, b153–b176 and b201 on as totals only) and on
// the real-meetings train split. A match is the bench's: content-word Dice ≥ 0.3 with the task (and, for the
// "strict" figure, a shared object word, as the scorer's labels ask). No scorer can find an item with no candidate.
// `-v` prints the unmatched items of the tuned meetings (b01–b38, b61–b84) and the real train split with the turns
// around the best-matching turn. Never reads bench/business/heldout/.
import type { Utterance } from "../contract/transcript";
import { actionCandidates } from "../server/src/pipeline/summary/action-model";
import { ruleDrafts } from "../server/src/pipeline/summary/actions";
import { makeContext } from "../server/src/pipeline/summary/owners";
import { loadBusinessDev } from "./lib/business-action-training";
import { dice } from "./lib/match";
import { MATCH_DICE, sharesObject } from "./lib/real-actions";
import { loadRealMeetings, type RealMeeting } from "./lib/real-meetings";

const verbose = process.argv.includes("-v");
const onlyBusiness = process.argv.includes("--business");

function rowOf(id: string): { row: string; tuned: boolean } {
  const n = Number(/^b(\d+)/.exec(id)?.[1] ?? 0);
  if (!n) return { row: "real train", tuned: true };
  if (n >= 201) return { row: "b201–b224 round seven check", tuned: false };
  if (n >= 177) return { row: "b177–b200 round seven", tuned: true };
  if (n >= 153) return { row: "b153–b176 check", tuned: false };
  if (n >= 129) return { row: "b129–b152 round six", tuned: true };
  if (n >= 85) return { row: "b85–b108 check", tuned: false };
  if (n >= 61) return { row: "b61–b84 round four", tuned: true };
  if (n >= 39) return { row: "b39–b45 unseen", tuned: false };
  return { row: "b01–b38 dev", tuned: true };
}

interface Cand {
  task: string;
  turn: number;
  source: string;
}

function candidatesOf(m: RealMeeting): Cand[] {
  const ctx = makeContext(m.utterances);
  const rules = ruleDrafts(m.utterances, m.meetingDate).map((d) => ({ task: d.task, turn: d.turn, source: `rule:${d.rule}` }));
  const clauses = actionCandidates(m.utterances, ctx).map((c) => ({ task: c.task, turn: c.turn, source: "clause" }));
  return [...rules, ...clauses];
}

/** The turn whose words best match the task: where it was (probably) said. */
function bestTurn(task: string, u: Utterance[]): number {
  let best = 0;
  let bestSim = -1;
  u.forEach((x, i) => {
    const sim = dice(task, x.text);
    if (sim > bestSim) [best, bestSim] = [i, sim];
  });
  return best;
}

const rows = new Map<string, { refs: number; any: number; strict: number; cands: number }>();
const meetings: RealMeeting[] = [
  ...loadBusinessDev(),
  ...(onlyBusiness ? [] : loadRealMeetings("train").filter((m) => m.actionItems?.length)),
];
for (const m of meetings) {
  const { row, tuned } = rowOf(m.id);
  const cands = candidatesOf(m);
  const r = rows.get(row) ?? { refs: 0, any: 0, strict: 0, cands: 0 };
  r.cands += cands.length;
  for (const ref of m.actionItems ?? []) {
    r.refs++;
    const any = cands.filter((c) => dice(c.task, ref.task) >= MATCH_DICE);
    if (any.length) r.any++;
    if (any.some((c) => sharesObject(c.task, ref.task))) r.strict++;
    else if (verbose && tuned) {
      const t = bestTurn(ref.task, m.utterances);
      console.log(
        `\n## ${m.id} — MISS "${ref.task}" (${ref.owners.join(", ") || "no owner"})${any.length ? ` [loose: ${any.map((c) => c.task).join(" / ")}]` : ""}`,
      );
      for (let i = Math.max(0, t - 2); i <= Math.min(m.utterances.length - 1, t + 2); i++) {
        const u = m.utterances[i]!;
        console.log(`${i === t ? ">" : " "} ${u.speaker}: ${u.text.slice(0, 400)}`);
      }
    }
  }
  rows.set(row, r);
}
console.log("\nrow                     refs  ceiling(Dice)  ceiling(strict)  candidates");
for (const [row, r] of [...rows].sort()) {
  const f = (n: number) => (r.refs ? (n / r.refs).toFixed(3) : "-");
  console.log(
    `${row.padEnd(22)} ${String(r.refs).padStart(5)}  ${f(r.any).padStart(13)}  ${f(r.strict).padStart(15)}  ${String(r.cands).padStart(10)}`,
  );
}
