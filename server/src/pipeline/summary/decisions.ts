// Decisions: only what the people in the meeting explicitly agreed ("we'll go with the rubber case",
// "let's keep it to one colour", "agreed, the motion carries"). Not a third party's decision ("the
// government has decided…"), not a hedge ("maybe we could…"), not a question.
import { isBroken, repeatsAWord, type Sentence } from "./key-points";

// Agreement said by the group itself.
const DECISION =
  /\b(?:we(?:['’]ll| will| are going to|['’]re going to|['’]re gonna) (?:go with|stick with|use|keep|drop|skip|defer|leave|include|make it)|we(?: are|['’]re) going with|let['’]?s (?:go with|stick with|use|keep|drop|leave|skip|defer|park|table|not)|we(?:['’]ve| have)? (?:agreed|decided)|^(?:(?:so|okay|ok|right),? )?(?:it['’]s |that['’]s )?(?:agreed|decided)\b|the decision is|our decision(?! making)|(?:the )?motion (?:carries|passes|is (?:approved|carried|agreed))|we['’]re not (?:going to|gonna)(?! (?:be able|get)\b))\b/i;
// A decision reported about someone else, or not (yet) made.
const NOT_OURS =
  /\b(?:(?!we\b)\p{L}+ (?:has|have|had) (?:decided|agreed)|(?:has|have|had) been (?:decided|agreed)|if|whether|maybe|perhaps|might|probably|i think|i guess|i don['’]t know|not sure|should we|could we|do we|would we|can we|or not|have to|at some point|i would|would have)\b/iu;

// The agreement must open its clause ("so we'll go with…", "okay, let's keep…"), not sit inside one
// ("the trends that we're gonna use", "the components we will use").
const CLAUSE_START = /(?:^|[,;:—–-]\s*|\b(?:so|okay|ok|right|yeah|well|and|but|then|now|alright|fine|good)[,.]?\s+)$/i;
// Not a decision about the work: "let's not forget…", "let's keep in mind…", "let's not hear excuses".
const ASIDE = /\blet['’]?s (?:not (?:forget|worry|hear|kid|pretend|fool|lose sight)|keep in mind|celebrate)\b/i;
// Going on with what is under way is no decision: "we will keep working hard", "we'll keep up our approach".
const CARRYING_ON = /\bkeeps? (?:(?:on|up)\b|\p{L}+ing\b)/iu;
const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/** The decisions in the meeting, in order, each with the speaker who stated it; near-repeats once. */
export function findDecisions(sentences: Sentence[], speakers: string[], max = Infinity): string[] {
  const out: string[] = [];
  const seen: string[] = [];
  const said = new Set(speakers);
  for (const s of sentences) {
    // The first `max` are all anyone reads; stopping there keeps the near-repeat check below short.
    if (out.length >= max) break;
    const n = s.text.split(/\s+/).length;
    const m = DECISION.exec(s.text);
    if (
      n < 5 ||
      n > 30 ||
      /\?$/.test(s.text) ||
      !m ||
      NOT_OURS.test(s.text) ||
      ASIDE.test(s.text) ||
      CARRYING_ON.test(s.text) ||
      isBroken(s.text) ||
      repeatsAWord(s.text)
    )
      continue;
    if (!CLAUSE_START.test(s.text.slice(0, m.index))) continue;
    // The agreement needs what was agreed: "We are going to keep." says nothing.
    if (!/\p{L}/u.test(s.text.slice(m.index + m[0].length))) continue;
    if (!said.has(s.speaker)) continue;
    const key = s.text.toLowerCase().replace(/[^\p{L}\s]/gu, "");
    if (seen.some((k) => k.includes(key) || key.includes(k))) continue;
    seen.push(key);
    out.push(s.speaker.trim() ? `${s.text} (${who(s.speaker)})` : s.text);
  }
  return out;
}
