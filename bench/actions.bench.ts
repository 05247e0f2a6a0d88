// Action-item quality. First on real meetings (../shared/corpus/real-meetings, validation split unless
// --split=train) for each engine available (bench/lib/engines.ts): precision, recall and owner accuracy
// against the AMI annotators' ACTIONS on the design meetings (matching in bench/lib/real-actions.ts), items
// per hour of meeting, items of fewer than three words and owners who are not speakers, over every meeting
// of the split. Then the built-in extractor on ../shared/corpus and on two sets written for
// this project without looking at the rules: bench/heldout (the rules were then improved against
// its misses, so it measures fit) and bench/unseen (never tuned on: the honest figure for
// meetings the rules have not seen). Run: npx tsx bench/actions.bench.ts [-v]
// Matching (meetings/README.md): a prediction matches a reference item when the task is close
// (content-word Dice >= 0.3, or it comes from one of the item's turns with some word overlap).
// Precision and recall count task matches; owner and due accuracy are over matched pairs
// (owner: full or first name; due: equal or the alternative the item's notes give). Hits on
// borderline nonActionItems are left out of precision. "strict" also needs owner and due.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActionItemDraft, Utterance } from "../contract/transcript";
import { parseTranscriptFile } from "../server/src/pipeline/import/parse-transcript";
import { extractActionItems } from "../server/src/pipeline/summary/actions";
import { availableEngines, runEngine } from "./lib/engines";
import { dice } from "./lib/match";
import { addActionScore, emptyActionScore, type ActionScore, scoreRealActions } from "./lib/real-actions";
import { loadRealMeetings, realMeetingsAvailable, REAL_MEETINGS_DIR, splitFromArgs } from "./lib/real-meetings";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../shared/corpus");
const heldoutDir = path.join(here, "heldout");
const unseenDir = path.join(here, "unseen");
const verbose = process.argv.includes("-v");

const first = (n: string) => n.toLowerCase().split(/\s+/)[0];
function ownerOk(pred: string | null, ref: string | null, alts: string[] = []): boolean {
  if (!ref) return true;
  if (!pred) return false;
  return [ref, ...alts].some((r) => {
    const options = r.split(/;\s*/);
    return options.some(
      (o) =>
        pred.toLowerCase() === o.toLowerCase() ||
        first(pred) === first(o) ||
        o.toLowerCase().includes(pred.toLowerCase()) ||
        pred.toLowerCase().includes(o.toLowerCase()),
    );
  });
}
function altDates(notes: string | undefined): string[] {
  return [...(notes ?? "").matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)].map((m) => m[1] ?? "");
}

interface RefItem {
  task: string;
  owner: string | null;
  due: string | null;
  notes?: string;
  sourceTurnIndex?: number;
  relatedTurnIndices?: number[];
  text?: string;
}
interface Score {
  tp: number;
  fp: number;
  fn: number;
  owner: number;
  due: number;
  strict: number;
  matched: number;
}
const zero = (): Score => ({ tp: 0, fp: 0, fn: 0, owner: 0, due: 0, strict: 0, matched: 0 });

function score(
  pred: ActionItemDraft[],
  refs: RefItem[],
  turns: Utterance[],
  nonActions: { turnIndex: number; quote: string; reason?: string; borderline?: boolean }[],
  ownerAlt: (o: string) => string[],
  label: string,
): Score {
  const s = zero();
  const turnOf = (p: ActionItemDraft) => turns.findIndex((t) => t.start === p.sourceStart && p.sourceStart !== null);
  const used = new Set<number>();
  const pairs: [ActionItemDraft, RefItem][] = [];
  const candidates: { p: number; r: number; sim: number }[] = [];
  pred.forEach((p, pi) =>
    refs.forEach((r, ri) => {
      let sim = dice(p.task, r.task ?? r.text ?? "");
      const ti = turnOf(p);
      const related = [r.sourceTurnIndex, ...(r.relatedTurnIndices ?? [])];
      if (ti >= 0 && related.includes(ti) && sim > 0) sim += 0.3;
      if (sim >= 0.3) candidates.push({ p: pi, r: ri, sim });
    }),
  );
  candidates.sort((a, b) => b.sim - a.sim);
  const usedRef = new Set<number>();
  for (const c of candidates) {
    if (used.has(c.p) || usedRef.has(c.r)) continue;
    used.add(c.p);
    usedRef.add(c.r);
    const [p, r] = [pred[c.p], refs[c.r]];
    if (p && r) pairs.push([p, r]);
  }
  for (const [p, r] of pairs) {
    s.tp++;
    s.matched++;
    const o = ownerOk(p.assignee, r.owner, r.owner ? ownerAlt(r.owner) : []);
    const d = r.due === null ? p.dueDate === null : p.dueDate === r.due || altDates(r.notes).includes(p.dueDate ?? "");
    s.owner += +o;
    s.due += +d;
    s.strict += +(o && d);
    if (verbose && (!o || !d))
      console.log(
        `   ${label} MISMATCH ${o ? "" : "owner"} ${d ? "" : "due"}: "${p.task}" ${p.assignee} ${p.dueDate} | ref "${r.task ?? r.text}" ${r.owner} ${r.due}`,
      );
  }
  s.fn = refs.length - usedRef.size;
  pred.forEach((p, i) => {
    if (used.has(i)) return;
    const ti = turnOf(p);
    const hit = nonActions.find((n) => n.turnIndex === ti);
    if (hit?.borderline) return;
    s.fp++;
    if (verbose)
      console.log(
        `   ${label} FP: "${p.task}" (${p.assignee}, ${p.dueDate}) turn ${ti}${hit ? ` [non-action: ${hit.reason ?? hit.quote}]` : ""}`,
      );
  });
  if (verbose) refs.forEach((r, i) => !usedRef.has(i) && console.log(`   ${label} MISSED: "${r.task ?? r.text}" (${r.owner}, ${r.due})`));
  return s;
}

const add = (a: Score, b: Score) =>
  Object.keys(a).forEach((k) => {
    const [sum, more] = [a as never as Record<string, number>, b as never as Record<string, number>];
    sum[k] = (sum[k] ?? 0) + (more[k] ?? 0);
  });
const pct = (n: number, d: number) => (d ? (n / d).toFixed(2) : "  - ");
const line = (name: string, s: Score) =>
  `${name.padEnd(44)} P ${pct(s.tp, s.tp + s.fp)}  R ${pct(s.tp, s.tp + s.fn)}  owner ${pct(s.owner, s.matched)}  due ${pct(s.due, s.matched)}  strict-R ${pct(s.strict, s.tp + s.fn)}  (tp ${s.tp} fp ${s.fp} fn ${s.fn})`;
const utc = (d: string) => new Date(`${d}T12:00:00Z`);

/** Scores every <dir>/<meeting>/reference.json (reference turns, meetingDate as the anchor); prints one line each and the total. */
function scoreReferenceDir(dir: string, totalLabel: string): { total: Score; dirs: string[] } {
  const total = zero();
  const dirs = readdirSync(dir)
    .filter((d) => existsSync(path.join(dir, d, "reference.json")))
    .sort();
  for (const d of dirs) {
    const ref = JSON.parse(readFileSync(path.join(dir, d, "reference.json"), "utf8"));
    const turns: Utterance[] = ref.turns;
    const pred = extractActionItems(turns, utc(ref.meetingDate));
    const s = score(pred, ref.actionItems, turns, ref.nonActionItems ?? [], () => [], d);
    add(total, s);
    console.log(line(d, s));
  }
  console.log(line(totalLabel, total));
  return { total, dirs };
}

const rate = (n: number, d: number) => n / Math.max(1, d);
/** Corpus goals: P, R >= 0.8; owner, due >= 0.9 over matched pairs. */
function goalsMet(s: Score): boolean {
  return (
    rate(s.tp, s.tp + s.fp) >= 0.8 && rate(s.tp, s.tp + s.fn) >= 0.8 && rate(s.owner, s.matched) >= 0.9 && rate(s.due, s.matched) >= 0.9
  );
}

const meetingsDir = path.join(root, "meetings");

/** The corpus sections (reference turns, generic-label files, real transcripts); returns the reference-turn total. */
function corpusSections(): Score {
  console.log("Reference turns (meetings/*/reference.json):");
  const { total, dirs } = scoreReferenceDir(meetingsDir, "TOTAL");

  console.log("\nGeneric-label files (parseTranscriptFile + extractActionItems):");
  const generic = zero();
  for (const dir of dirs) {
    const ref = JSON.parse(readFileSync(path.join(meetingsDir, dir, "reference.json"), "utf8"));
    for (const [file, info] of Object.entries<{ labelToSpeaker?: Record<string, string> }>(ref.files ?? {})) {
      if (!info.labelToSpeaker) continue;
      const parsed = parseTranscriptFile(file, readFileSync(path.join(meetingsDir, dir, file), "utf8"));
      const pred = extractActionItems(parsed.utterances, utc(ref.meetingDate));
      const byName = Object.fromEntries(Object.entries(info.labelToSpeaker).map(([l, n]) => [n, l]));
      // A kept "Speaker N" label counts as the right owner when it is that person's label.
      const s = score(
        pred,
        ref.actionItems,
        parsed.utterances,
        ref.nonActionItems,
        (o) => (byName[o] ? [byName[o]] : []),
        `${dir}/${file}`,
      );
      add(generic, s);
      console.log(line(`${dir}/${file}`, s));
    }
  }
  console.log(line("TOTAL generic", generic));

  console.log("\nReal transcripts (recall, lenient owners):");
  const realDir = path.join(root, "real-transcripts");
  const real = zero();
  if (existsSync(realDir)) {
    for (const dir of readdirSync(realDir)
      .filter((d) => existsSync(path.join(realDir, d, "transcript.json")))
      .sort()) {
      const doc = JSON.parse(readFileSync(path.join(realDir, dir, "transcript.json"), "utf8"));
      const turns: Utterance[] = doc.turns.map((t: { speaker: string; text: string }) => ({
        speaker: t.speaker ?? "",
        start: null,
        end: null,
        text: t.text,
      }));
      const pred = extractActionItems(turns, utc(doc.meetingDate));
      const refs: RefItem[] = doc.actions.map((a: RefItem) => ({ ...a, task: a.text ?? "", due: null }));
      // Lenient: only task match counts for recall; dates are mostly absent in these notes.
      const s = score(
        pred.map((p) => ({ ...p, dueDate: null })),
        refs,
        turns,
        [],
        () => [],
        dir,
      );
      add(real, s);
      console.log(
        `${dir.padEnd(44)} recall ${pct(s.tp, s.tp + s.fn)}  owner ${pct(s.owner, s.matched)}  (found ${s.tp}/${s.tp + s.fn}, ${pred.length} predicted)`,
      );
    }
    console.log(`${"TOTAL real".padEnd(44)} recall ${pct(real.tp, real.tp + real.fn)}  owner ${pct(real.owner, real.matched)}`);
  } else console.log("real-transcripts not found; skipped");
  return total;
}

const realLine = (name: string, s: ActionScore) =>
  `  ${name.padEnd(28)} P ${pct(s.tp, s.predicted)}  R ${pct(s.tp, s.tp + s.fn)}  owner ${pct(s.ownerOk, s.tp)}  items/h ${(s.predicted / Math.max(s.hours, 1e-9)).toFixed(1).padStart(4)}  under 3 words ${s.short}  owner not a speaker ${s.strangers}  (tp ${s.tp} fp ${s.fp} fn ${s.fn}, ${s.predicted} items in ${s.hours.toFixed(1)} h)`;

/** Real meetings, per engine; returns whether the built-in engine meets the bars on the AMI meetings. */
async function realMeetingsSection(): Promise<boolean | null> {
  if (!realMeetingsAvailable()) {
    console.log(`Real meetings not found at ${REAL_MEETINGS_DIR}: skipped.`);
    return null;
  }
  const split = splitFromArgs();
  const meetings = loadRealMeetings(split);
  console.log(
    `Action items on real meetings, ${split} split (${meetings.length} meetings; P/R/owner on the ${meetings.filter((m) => m.actionItems).length} AMI design meetings)`,
  );
  let builtInOk: boolean | null = null;
  for (const engine of await availableEngines()) {
    const design = emptyActionScore();
    const strict = emptyActionScore();
    const all = emptyActionScore();
    for (const m of meetings) {
      const out = await runEngine(engine, m.utterances, m.meetingDate);
      const s = scoreRealActions(
        out.actionItems,
        m,
        (p, r) =>
          verbose &&
          console.log(
            `   ${engine.name} ${m.id} ${r ? "MATCH" : "UNLISTED"} "${p.task}" (${p.assignee})${r ? ` = "${r.task}" (${r.owner})` : ""}`,
          ),
      );
      addActionScore(all, s);
      if (m.actionItems) addActionScore(design, s);
      if (m.actionItems) addActionScore(strict, scoreRealActions(out.actionItems, m, undefined, true));
    }
    console.log(`engine ${engine.name}`);
    console.log(realLine("AMI design meetings", design));
    console.log(realLine("AMI, strict (shared object)", strict));
    console.log(realLine("all meetings (items/h, form)", all));
    if (engine.name === "built-in")
      builtInOk =
        design.tp / Math.max(1, design.predicted) >= 0.4 &&
        design.tp / Math.max(1, design.tp + design.fn) >= 0.3 &&
        all.short === 0 &&
        all.strangers === 0;
  }
  // Speed of the built-in extractor alone (rules + scorer), per hour of transcript.
  const t0 = performance.now();
  for (const m of meetings) extractActionItems(m.utterances, m.meetingDate);
  const hours = meetings.reduce((h, m) => h + m.durationSeconds / 3600, 0);
  console.log(`built-in action items: ${((performance.now() - t0) / hours).toFixed(0)} ms per hour of transcript (${hours.toFixed(1)} h)`);
  if (builtInOk !== null)
    console.log(
      `Built-in bars on real meetings (P >= 0.4, R >= 0.3 on AMI; no item under 3 words; no owner who is not a speaker): ${builtInOk ? "met" : "NOT met"}\n`,
    );
  return builtInOk;
}

await realMeetingsSection();

// The project's own sets live in the repo, so they are scored even where the shared corpus is absent.
const total = existsSync(meetingsDir) ? corpusSections() : null;
if (!total) console.log(`Corpus not found at ${root}: corpus sections skipped.`);

console.log("\nHeld-out meetings (bench/heldout: written blind, rules since improved against them):");
const heldout = scoreReferenceDir(heldoutDir, "TOTAL held-out").total;
console.log(`Held-out goals (same thresholds, informational): ${goalsMet(heldout) ? "met" : "NOT met"}`);
console.log("\nUnseen meetings (bench/unseen: written blind, never tuned on):");
const unseen = scoreReferenceDir(unseenDir, "TOTAL unseen").total;
console.log(`Unseen goals (same thresholds, informational): ${goalsMet(unseen) ? "met" : "NOT met"}`);
// Exit code: 0/1 from the corpus goals as before; 2 when the corpus is absent (goals not checked).
if (!total) process.exit(2);
const goals = goalsMet(total);
console.log(`Goals (P, R >= 0.8; owner, due >= 0.9 on reference turns): ${goals ? "met" : "NOT met"}`);
process.exit(goals ? 0 : 1);
