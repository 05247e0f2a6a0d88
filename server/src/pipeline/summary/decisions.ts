// Decisions: only what the people in the meeting explicitly agreed ("we'll go with the rubber case",
// "let's keep it to one colour", "agreed, the motion carries"). Not a third party's decision ("the
// government has decided…"), not a hedge ("maybe we could…"), not a question.
import type { Sentence } from "./key-points";

// Agreement said by the group itself.
const DECISION =
  /\b(?:we(?:['’]ll| will| are going to|['’]re going to|['’]re gonna) (?:go with|stick with|use|keep|drop|skip|defer|leave|include|make it)|we(?: are|['’]re) going with|let['’]?s (?:go with|stick with|use|keep|drop|leave|skip|defer|park|table|not)|we(?:['’]ve| have)? (?:agreed|decided)|^(?:(?:so|okay|ok|right),? )?(?:it['’]s |that['’]s )?(?:agreed|decided)\b|the decision is|our decision|(?:the )?motion (?:carries|passes|is (?:approved|carried|agreed))|we['’]re not (?:going to|gonna))\b/i;
// A decision reported about someone else, or not (yet) made.
const NOT_OURS =
  /\b(?:(?!we\b)\p{L}+ (?:has|have|had) (?:decided|agreed)|(?:has|have|had) been (?:decided|agreed)|if|whether|maybe|perhaps|might|probably|i think|i guess|i don['’]t know|not sure|should we|could we|do we|would we|can we|or not|have to|at some point|i would|would have)\b/iu;

const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/** The decisions in the meeting, in order, each with the speaker who stated it; near-repeats once. */
export function findDecisions(sentences: Sentence[], speakers: string[]): string[] {
  const out: string[] = [];
  const seen: string[] = [];
  for (const s of sentences) {
    const n = s.text.split(/\s+/).length;
    if (n < 5 || n > 30 || /\?$/.test(s.text) || !DECISION.test(s.text) || NOT_OURS.test(s.text)) continue;
    if (!speakers.includes(s.speaker)) continue;
    const key = s.text.toLowerCase().replace(/[^\p{L}\s]/gu, "");
    if (seen.some((k) => k.includes(key) || key.includes(k))) continue;
    seen.push(key);
    out.push(s.speaker.trim() ? `${s.text} (${who(s.speaker)})` : s.text);
  }
  return out;
}
