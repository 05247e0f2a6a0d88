// What must hold for any speech model's output, random weights included. Returns the
// broken rules (empty when all hold) so a failing test says every problem at once.
import type { Utterance } from "../../contract/transcript";

export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

const EPS = 0.0015; // times are rounded to the millisecond

/** Utterances: inside the audio, in order, words inside and in order, text = its words. */
export function transcriptProblems(utterances: Utterance[], durationSeconds: number, maxSpeakers?: number): string[] {
  const problems: string[] = [];
  let lastStart = -Infinity;
  let lastEnd = -Infinity;
  utterances.forEach((utt, i) => {
    const at = `utterance ${i} (${utt.speaker} ${utt.start}-${utt.end})`;
    if (utt.start === null || utt.end === null) {
      problems.push(`${at} has no time`);
      return;
    }
    const u = { ...utt, start: utt.start, end: utt.end };
    if (!(u.start >= 0 && u.end <= durationSeconds + EPS)) problems.push(`${at} lies outside the audio (0-${durationSeconds} s)`);
    if (!(u.end >= u.start)) problems.push(`${at} ends before it starts`);
    if (u.start < lastStart) problems.push(`${at} starts before the previous one`);
    if (u.start < lastEnd - EPS) problems.push(`${at} overlaps the previous utterance (ends ${lastEnd})`);
    if (!u.text.trim()) problems.push(`${at} has no text`);
    if (u.text.includes("<unk>")) problems.push(`${at} shows the unknown-token marker <unk>`);
    lastStart = u.start;
    lastEnd = u.end;
    if (!u.words) return;
    let wPrev = -Infinity;
    for (const w of u.words) {
      if (!(w.start >= u.start - EPS && w.end <= u.end + EPS)) problems.push(`${at}: word "${w.text}" ${w.start}-${w.end} lies outside it`);
      if (!(w.end >= w.start)) problems.push(`${at}: word "${w.text}" ends before it starts`);
      if (w.start < wPrev) problems.push(`${at}: word "${w.text}" starts before the previous word`);
      if (!w.text || /\s/.test(w.text)) problems.push(`${at}: word "${w.text}" is empty or holds a space`);
      wPrev = w.start;
    }
    const joined = u.words.map((w) => w.text).join(" ");
    const text = u.text.trim().split(/\s+/).join(" ");
    if (joined !== text) problems.push(`${at}: its words "${joined}" differ from its text "${text}"`);
  });
  const speakers = new Set(utterances.map((u) => u.speaker)).size;
  if (maxSpeakers !== undefined && speakers > maxSpeakers) problems.push(`${speakers} speakers, at most ${maxSpeakers} expected`);
  return problems;
}

/** Diarization turns: inside the audio, positive length, no overlap within one speaker. */
export function turnProblems(turns: Turn[], durationSeconds: number, maxSpeakers?: number): string[] {
  const problems: string[] = [];
  const bySpeaker = new Map<string, Turn[]>();
  for (const t of turns) {
    if (!(t.start >= 0 && t.end <= durationSeconds + EPS))
      problems.push(`turn ${t.speaker} ${t.start}-${t.end} lies outside the audio (0-${durationSeconds} s)`);
    if (!(t.end > t.start)) problems.push(`turn ${t.speaker} ${t.start}-${t.end} has no length`);
    bySpeaker.set(t.speaker, [...(bySpeaker.get(t.speaker) ?? []), t]);
  }
  for (const [speaker, list] of bySpeaker) {
    const sorted = [...list].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.start < sorted[i - 1]!.end - EPS) {
        problems.push(`${speaker}'s turns ${sorted[i - 1]!.start}-${sorted[i - 1]!.end} and ${sorted[i]!.start}-${sorted[i]!.end} overlap`);
      }
    }
  }
  if (maxSpeakers !== undefined && bySpeaker.size > maxSpeakers)
    problems.push(`${bySpeaker.size} speakers, at most ${maxSpeakers} expected`);
  return problems;
}
