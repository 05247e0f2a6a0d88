// Import quality: parses every export in ../shared/corpus/meetings and compares the merged
// utterances with reference.json turns. Run: npx tsx bench/import.bench.ts
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeEntities } from "../server/src/pipeline/import/entities";
import { parseTranscriptFile } from "../server/src/pipeline/import/parse-transcript";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, "../../shared/corpus/meetings");

if (!existsSync(corpus)) {
  console.log(`Import bench did not run: corpus not found at ${corpus}`);
  process.exit(2);
}

const norm = (s: string) => decodeEntities(s).replace(/\s+/g, " ").trim();
const FILES = ["teams.vtt", "zoom.vtt", "meeting.srt", "meeting.txt"];
const rows: string[][] = [];
let totalTurns = 0;
let totalOk = 0;
let filesOk = 0;
let files = 0;

for (const dir of readdirSync(corpus)
  .filter((d) => existsSync(path.join(corpus, d, "reference.json")))
  .sort()) {
  const ref = JSON.parse(readFileSync(path.join(corpus, dir, "reference.json"), "utf8"));
  const turns: { speaker: string; start: number; end: number; text: string }[] = ref.turns;
  for (const file of FILES) {
    const full = path.join(corpus, dir, file);
    if (!existsSync(full)) continue;
    files++;
    const labelMap: Record<string, string> = ref.files?.[file]?.labelToSpeaker ?? {};
    let parsed;
    try {
      parsed = parseTranscriptFile(file, readFileSync(full, "utf8"));
    } catch (e) {
      rows.push([dir, file, "ERROR", "", "", "", "", (e as Error).message]);
      totalTurns += turns.length;
      continue;
    }
    const u = parsed.utterances;
    const timed = parsed.format !== "plain-txt" && parsed.format !== "meet-txt";
    const tol = parsed.format === "timestamped-txt" ? 1 : 0.0011;
    let speakerOk = 0,
      textOk = 0,
      timeOk = 0,
      allOk = 0;
    const problems: string[] = [];
    for (const [i, t] of turns.entries()) {
      const p = u[i];
      if (!p) break;
      const sp = (labelMap[p.speaker] ?? p.speaker) === t.speaker;
      const tx = norm(p.text) === norm(t.text);
      let tm: boolean;
      if (!timed) tm = p.start === null && p.end === null;
      else if (parsed.format === "timestamped-txt") tm = p.start !== null && Math.abs(p.start - t.start) <= tol;
      else tm = p.start !== null && p.end !== null && Math.abs(p.start - t.start) <= tol && Math.abs(p.end - t.end) <= tol;
      speakerOk += +sp;
      textOk += +tx;
      timeOk += +tm;
      if (sp && tx && tm) allOk++;
      else if (problems.length < 2) problems.push(`#${i}${sp ? "" : " speaker"}${tx ? "" : " text"}${tm ? "" : " time"}`);
    }
    totalTurns += turns.length;
    totalOk += allOk;
    const ok = u.length === turns.length && allOk === turns.length;
    filesOk += +ok;
    rows.push([
      dir,
      file,
      parsed.format,
      `${u.length}/${turns.length}`,
      `${speakerOk}`,
      `${textOk}`,
      `${timeOk}`,
      ok ? "ok" : problems.join(", ") || "count",
    ]);
  }
}

const header = ["meeting", "file", "format", "turns", "speaker", "text", "time", "result"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
const fmt = (r: string[]) => r.map((c, i) => (c ?? "").padEnd(widths[i] ?? 0)).join("  ");
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
console.log(
  `\nTotal: ${filesOk}/${files} files exact, ${totalOk}/${totalTurns} turns correct (${((100 * totalOk) / Math.max(1, totalTurns)).toFixed(1)}%)`,
);
process.exit(filesOk === files ? 0 : 1);
