// Builds the business development set from its authored sources: every bench/business/<id>/meeting.txt and
// bench/business/heldout/<id>/meeting.txt becomes transcript.vtt (what a user imports) and reference.json (the
// answers, in the shape of ../shared/corpus/real-meetings/*/reference.json where it fits). Timing is synthetic:
// 0.45 s a word (about 130 words a minute, conversational), 1 s between turns, and the silences the source
// marks with a "[+4m]" or "[+30s]" line (waiting for a rollback, reading a document); a turn that starts with
// ">" interrupts the one before (starts 1 s before it ends). Run: npx tsx bench/business/build.ts
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BusinessAction {
  task: string;
  owner: string | null;
  owners: string[];
  due: string | null;
}
export interface BusinessDecision {
  text: string;
  /** "made", or "failed" for a motion voted down. */
  outcome: "made" | "failed";
}

const stamp = (s: number) => {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(h)}:${p(m)}:${p(sec)}.${p(ms % 1000, 3)}`;
};

function build(dir: string, split: "dev" | "heldout") {
  const src = readFileSync(path.join(dir, "meeting.txt"), "utf8");
  const [head = "", body = "", ref = ""] = src.split(/^---\s*$/m);
  const meta: Record<string, string> = {};
  for (const l of head.split("\n")) {
    const m = /^(\w+):\s*(.*)$/.exec(l.trim());
    if (m) meta[m[1]!] = m[2]!.trim();
  }
  const speakers = (meta.speakers ?? "").split(";").map((s) => {
    const m = /^\s*([^()]+?)\s*(?:\(([^)]*)\))?\s*$/.exec(s)!;
    return { label: m[1]!, nicknames: m[2] ? m[2].split(",").map((n) => n.trim()) : [] };
  });
  const labels = speakers.map((s) => s.label);
  const turns: { speaker: string; start: number; end: number; text: string }[] = [];
  let t = 3;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const skip = /^\[\+(\d+)([ms])\]$/.exec(line);
    if (skip) {
      t += Number(skip[1]) * (skip[2] === "m" ? 60 : 1);
      continue;
    }
    const m = /^(>?)([^:]+):\s*(.+)$/.exec(line);
    if (!m || !labels.includes(m[2]!.trim())) throw new Error(`${dir}: not a turn of a listed speaker: ${line}`);
    const words = m[3]!.split(/\s+/).length;
    const prev = turns.at(-1);
    const start = m[1] && prev ? Math.max(prev.start + 0.5, prev.end - 1) : t;
    const end = start + Math.max(1, words * 0.45);
    turns.push({ speaker: m[2]!.trim(), start: +start.toFixed(2), end: +end.toFixed(2), text: m[3]! });
    t = Math.max(t, end + 1);
  }
  const section = (name: string) => {
    const m = new RegExp(`^${name}:\\s*$([\\s\\S]*?)(?=^\\w+:\\s*$|(?![\\s\\S]))`, "m").exec(ref);
    return (m?.[1] ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith("- "))
      .map((l) => l.slice(2).trim());
  };
  const summary = /^summary:\s*(.+)$/m.exec(ref)?.[1]?.trim() ?? "";
  const decisions: BusinessDecision[] = section("decisions").map((d) => {
    const m = /^\[(made|failed)\]\s*(.+)$/.exec(d);
    if (!m) throw new Error(`${dir}: decision needs [made] or [failed]: ${d}`);
    return { outcome: m[1] as "made" | "failed", text: m[2]! };
  });
  const actionItems = section("actions").map((a) => {
    const [task, owner, due, dueText] = a.split("|").map((x) => x.trim());
    const owners = owner && owner !== "none" ? owner.split(/\s*&\s*/) : [];
    for (const o of owners) if (!labels.includes(o)) throw new Error(`${dir}: owner ${o} is not a speaker label`);
    if (due && due !== "none" && !/^\d{4}-\d{2}-\d{2}$/.test(due)) throw new Error(`${dir}: due ${due}`);
    return {
      task: task!,
      owner: owners[0] ?? null,
      owners,
      due: due && due !== "none" ? due : null,
      dueText: dueText && dueText !== "none" ? dueText : null,
    };
  });
  const nonActionItems = section("nonactions").map((n) => {
    const [quote, reason] = n.split("|").map((x) => x.trim());
    return { quote, reason };
  });
  const id = path.basename(dir);
  const words = turns.reduce((n, x) => n + x.text.split(/\s+/).length, 0);
  const duration = Math.ceil((turns.at(-1)?.end ?? 0) + 2);
  const date = meta.date!;
  const reference = {
    id,
    split,
    domain: "business",
    kind: meta.kind,
    title: meta.title,
    domainDescription: "Written business meeting (fictional; bench/business/README.md)",
    referenceDate: date,
    weekday: new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" }),
    speakers: labels,
    nicknames: Object.fromEntries(speakers.filter((s) => s.nicknames.length).map((s) => [s.label, s.nicknames])),
    turns: turns.length,
    words,
    syntheticDurationSeconds: duration,
    summary,
    keyPoints: section("keypoints"),
    decisions,
    actionItems,
    nonActionItems,
    notes: meta.notes ?? "",
  };
  if (duration < 600) console.warn(`${id}: only ${(duration / 60).toFixed(1)} minutes`);
  const vtt = ["WEBVTT", ""];
  turns.forEach((x, i) => vtt.push(String(i + 1), `${stamp(x.start)} --> ${stamp(x.end)}`, `<v ${x.speaker}>${x.text}</v>`, ""));
  writeFileSync(path.join(dir, "transcript.vtt"), vtt.join("\n"));
  writeFileSync(path.join(dir, "reference.json"), JSON.stringify(reference, null, 2) + "\n");
  return { id, split, minutes: +(duration / 60).toFixed(1), words, decisions: decisions.length, actions: actionItems.length };
}

const rows = [];
for (const [base, split] of [
  [here, "dev"],
  [path.join(here, "heldout"), "heldout"],
] as const)
  for (const d of readdirSync(base).sort()) if (existsSync(path.join(base, d, "meeting.txt"))) rows.push(build(path.join(base, d), split));
console.table(rows);
