// Possible action items (issue 30, decision 034): how many the unsure band suggests per meeting, and how many of them
// are a reference action item the kept items missed (what accepting every suggestion would add). Tune the band on
// the AMI train split; report AMI val and the written business meetings. Run: npx tsx bench/possible-items.bench.ts
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActionItemDraft, Utterance } from "../contract/transcript";
import { parseTranscriptFile } from "../server/src/pipeline/import/parse-transcript";
import { ACTION_MODEL } from "../server/src/pipeline/summary/action-model-weights";
import { extractActionItems } from "../server/src/pipeline/summary/actions";
import { MAX_POSSIBLE_ACTION_ITEMS, POSSIBLE_ACTION_MIN_SCORE, possibleActionItems } from "../server/src/pipeline/summary/possible-items";
import { dice } from "./lib/match";
import { scoreRealActions } from "./lib/real-actions";
import { loadRealMeetings, realMeetingsAvailable, type RealMeeting } from "./lib/real-meetings";

const here = path.dirname(fileURLToPath(import.meta.url));
interface Meeting {
  utterances: Utterance[];
  date: Date;
  /** Reference items the kept ones match: a count of true positives for a list of drafts. */
  tp: (items: ActionItemDraft[]) => number;
}

function written(): Meeting[] {
  const out: Meeting[] = [];
  for (const dir of ["business", "heldout"].map((d) => path.join(here, d)).filter(existsSync))
    for (const d of readdirSync(dir).sort()) {
      const ref = path.join(dir, d, "reference.json");
      const vtt = path.join(dir, d, "transcript.vtt");
      if (!existsSync(ref) || !existsSync(vtt)) continue;
      const r = JSON.parse(readFileSync(ref, "utf8")) as { referenceDate: string; actionItems?: { task: string }[] };
      if (!r.actionItems) continue;
      const refs = r.actionItems.map((a) => a.task);
      out.push({
        utterances: parseTranscriptFile("t.vtt", readFileSync(vtt, "utf8")).utterances,
        date: new Date(`${r.referenceDate}T12:00:00Z`),
        // Greedy one-to-one matching, Dice >= 0.3 on the task, as bench:notes counts.
        tp: (items) => {
          const used = new Set<number>();
          let n = 0;
          for (const it of items) {
            const i = refs.findIndex((r, k) => !used.has(k) && dice(it.task, r) >= 0.3);
            if (i >= 0) (used.add(i), n++);
          }
          return n;
        },
      });
    }
  return out;
}

const ami = (m: RealMeeting): Meeting => ({ utterances: m.utterances, date: m.meetingDate, tp: (items) => scoreRealActions(items, m).tp });

function report(name: string, meetings: Meeting[], bands: { min: number; max: number; count: number }[]) {
  if (!meetings.length) return console.log(`${name}: no meetings here`);
  const kept = meetings.map((m) => extractActionItems(m.utterances, m.date));
  for (const band of bands) {
    let n = 0;
    let gained = 0;
    meetings.forEach((m, i) => {
      const p = possibleActionItems(m.utterances, m.date, kept[i]!, band);
      n += p.length;
      gained += m.tp([...kept[i]!, ...p]) - m.tp(kept[i]!);
    });
    console.log(
      `${name.padEnd(16)} ${String(meetings.length).padStart(3)} meetings  band [${band.min.toFixed(3)}, ${band.max === Infinity ? "kept" : band.max.toFixed(2)}) at most ${band.count}:` +
        ` ${(n / meetings.length).toFixed(2)} possibles a meeting, ${gained} of ${n} a missed reference item (${(gained / Math.max(n, 1)).toFixed(2)})`,
    );
  }
}

const chosen = { min: POSSIBLE_ACTION_MIN_SCORE, max: Infinity, count: MAX_POSSIBLE_ACTION_ITEMS };
const tried = [
  { min: ACTION_MODEL.threshold / 2, max: ACTION_MODEL.threshold, count: 3 },
  { min: POSSIBLE_ACTION_MIN_SCORE, max: ACTION_MODEL.threshold, count: 3 },
  { min: POSSIBLE_ACTION_MIN_SCORE, max: Infinity, count: 2 },
  chosen,
];
if (realMeetingsAvailable()) {
  report(
    "AMI train",
    loadRealMeetings("train")
      .filter((m) => m.domain === "ami" && m.actionItems)
      .map(ami),
    tried,
  );
  report(
    "AMI val",
    loadRealMeetings("val")
      .filter((m) => m.domain === "ami" && m.actionItems)
      .map(ami),
    [chosen],
  );
}
report("written business", written(), [chosen]);
