// How the built-in notes' time grows with a meeting's length: 1,000, 10,000 and 100,000 turns of
// real speech (the corpus's meetings end to end, renumbered), through the same function the CPU
// task process runs. Linear growth means 100k takes about ten times 10k; the quadratic pick that
// held the server for minutes (issue 28) made it a hundred times.
import type { Utterance } from "../../contract/transcript";
import { summarizeBuiltIn } from "../../server/src/pipeline/summary";
import { loadRealMeetings, realMeetingsAvailable } from "../lib/real-meetings";

export interface NotesScaleRow {
  turns: number;
  words: number;
  ms: number;
}

export function benchNotesScale(sizes = [1_000, 10_000, 100_000]): NotesScaleRow[] {
  if (!realMeetingsAvailable()) throw new Error("../shared/corpus/real-meetings is missing");
  // One long meeting of eight people: the corpus's hundreds of labels folded onto its first eight.
  const pool: Utterance[] = [];
  const labels: string[] = [];
  for (const split of ["train", "val"] as const)
    for (const m of loadRealMeetings(split))
      for (const u of m.utterances) {
        if (labels.length < 8 && !labels.includes(u.speaker)) labels.push(u.speaker);
        const speaker = labels.includes(u.speaker) ? u.speaker : labels[pool.length % labels.length]!;
        pool.push({ ...u, speaker });
      }
  const rows: NotesScaleRow[] = [];
  for (const turns of sizes) {
    const utterances = Array.from({ length: turns }, (_, i) => {
      const u = pool[i % pool.length]!;
      return { ...u, start: i * 4, end: i * 4 + 3 };
    });
    const words = utterances.reduce((n, u) => n + u.text.split(/\s+/).length, 0);
    const t0 = performance.now();
    summarizeBuiltIn(
      { text: "", utterances, language: "en" },
      { meetingDate: new Date("2026-03-02T10:00:00Z"), enhanced: false, title: null },
    );
    rows.push({ turns, words, ms: performance.now() - t0 });
  }
  return rows;
}
