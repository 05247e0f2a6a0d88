// Key-point quality of the built-in extractive summary (server/src/pipeline/summary/summary.ts) on the corpus
// meetings (../shared/corpus/meetings) and the held-out meetings (bench/heldout). Run by bench/summary.bench.ts.
//
// Figures, per meeting and in total:
//   - key points covered: a reference key point (reference.json `summaryKeyPoints`) counts as covered when some
//     produced key point or decision has content-word Dice >= THRESHOLD with it (bench/lib/match.ts: lowercased,
//     stop words and words of two letters or fewer dropped, -ing/-ed/-es/-s cut). The references are written
//     abstractively, so an extractive sentence rarely goes much above 0.4; 0.25 means a good share of the
//     point's content words are there.
//   - decisions covered: the same for the reference `decisions`.
//   - ceiling: the share of reference key points that at least one transcript sentence covers; no extractive
//     summary can do better.
//   - noise: the share of produced key points that are greetings, thanks, small talk or meeting logistics
//     (NOISE below, a list kept apart from the rules in summary.ts).
// Informational only; the exit code is always 0 unless the bench itself fails.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Utterance } from "../contract/transcript";
import { buildSummary } from "../server/src/pipeline/summary/summary";
import { dice } from "./lib/match";

const THRESHOLD = 0.25;
const here = path.dirname(fileURLToPath(import.meta.url));
const corpusMeetings = path.resolve(here, "../../shared/corpus/meetings");
const heldoutDir = path.join(here, "heldout");
const unseenDir = path.join(here, "unseen");
const verbose = process.argv.includes("-v");

// Greetings, thanks, small talk and logistics: not what a meeting decided or found.
const NOISE =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|welcome|thanks|thank you|cheers|bye)\b|\b(?:thanks?(?: you)?(?: so much)? for (?:joining|coming|making the time|having me)|can (?:you|everyone) (?:all )?hear me|(?:let's|let us) (?:get started|start|begin|kick off|dive in|do this|go round)|share my screen|(?:you're|you are) on mute|we're recording|long weekend|how (?:are you|was your)|talk soon|see you|same time next week|(?:the )?agenda (?:is|for today)|i think we're all here|happy to be here|i have to (?:go|run|drop))\b/i;

interface Counts {
  kp: number;
  kpCovered: number;
  kpCeiling: number;
  dec: number;
  decCovered: number;
  produced: number;
  noise: number;
}
const zero = (): Counts => ({ kp: 0, kpCovered: 0, kpCeiling: 0, dec: 0, decCovered: 0, produced: 0, noise: 0 });
const add = (a: Counts, b: Counts) => (Object.keys(a) as (keyof Counts)[]).forEach((k) => (a[k] += b[k]));
const pct = (n: number, d: number) => (d ? (n / d).toFixed(2) : "  - ");
const covers = (candidates: string[], ref: string) => candidates.some((c) => dice(c, ref) >= THRESHOLD);
const line = (name: string, c: Counts) =>
  `${name.padEnd(36)} key points ${pct(c.kpCovered, c.kp)} (${c.kpCovered}/${c.kp}, ceiling ${pct(c.kpCeiling, c.kp)})  decisions ${pct(c.decCovered, c.dec)} (${c.decCovered}/${c.dec})  noise ${pct(c.noise, c.produced)} (${c.noise}/${c.produced})`;

function scoreMeeting(ref: { turns: Utterance[]; summaryKeyPoints?: string[]; decisions?: string[] }, label: string): Counts {
  const s = buildSummary(ref.turns);
  // Decisions carry the speaker in brackets; that is not content.
  const produced = [...s.keyPoints, ...s.decisions.map((d) => d.replace(/\s*\([^)]*\)$/, ""))];
  const sentences = ref.turns.flatMap((t) => t.text.split(/(?<=[.?!])\s+/));
  const c = zero();
  for (const kp of ref.summaryKeyPoints ?? []) {
    c.kp++;
    const hit = covers(produced, kp);
    c.kpCovered += +hit;
    c.kpCeiling += +covers(sentences, kp);
    if (verbose && !hit) console.log(`   ${label} key point not covered: ${kp}`);
  }
  for (const d of ref.decisions ?? []) {
    c.dec++;
    const hit = covers(produced, d);
    c.decCovered += +hit;
    if (verbose && !hit) console.log(`   ${label} decision not covered: ${d}`);
  }
  c.produced = s.keyPoints.length;
  for (const p of s.keyPoints) {
    const noisy = NOISE.test(p);
    c.noise += +noisy;
    if (verbose) console.log(`   ${label} ${noisy ? "NOISE" : "point"}: ${p}`);
  }
  return c;
}

function scoreDir(dir: string, totalLabel: string): Counts {
  const total = zero();
  for (const d of readdirSync(dir)
    .filter((x) => existsSync(path.join(dir, x, "reference.json")))
    .sort()) {
    const c = scoreMeeting(JSON.parse(readFileSync(path.join(dir, d, "reference.json"), "utf8")), d);
    add(total, c);
    console.log(line(d, c));
  }
  console.log(line(totalLabel, total));
  return total;
}

export function runSyntheticSummaryBench(): void {
  console.log(`Summary key points (covered = content-word Dice >= ${THRESHOLD} with a produced key point or decision)\n`);
  if (existsSync(corpusMeetings)) {
    console.log("Corpus meetings:");
    scoreDir(corpusMeetings, "TOTAL corpus");
  } else console.log(`Corpus not found at ${corpusMeetings}: skipped.`);
  console.log("\nHeld-out meetings (bench/heldout):");
  scoreDir(heldoutDir, "TOTAL held-out");
  console.log("\nUnseen meetings (bench/unseen, never tuned on):");
  scoreDir(unseenDir, "TOTAL unseen");
}
