// Decisions: what the group itself settled, found the ways groups settle things, in three steps.
//   1. Candidates: pure functions read the meeting's sentences once and propose decisions, each with its
//      kind, features, speaker and place:
//        - explicit: "we're decided: …", "decision made, …", "so we'll go with …", "the motion carries";
//        - agreed: a proposal ("I propose we …", "let's go with …", "so we don't renew …") that someone else
//          agrees to in the next turns ("agreed", "sounds good", "objections?" — "none"), or that a recap
//          at the end repeats;
//        - motion: a motion moved, seconded and voted, carried or failed (a failed one says so); a tabled one is none;
//        - settled in the talk: a revision ("Scratch the split. We keep …"), a proposal taken up ("Let's do that.
//          <restatement>"), an unanswered call for objections, a request granted ("Fine, ship it."), a time for an
//          event closed with "Friday then.", "consensus is no";
//        - recap: what a recap at the end states, without its tasks.
//   2. Scorer: one score per candidate from its kind and features (DECISION_WEIGHTS).
//   3. Selection: a later candidate on the same matter replaces the earlier (a reversed decision is listed
//      in its final state), then the best `max` in meeting order.
//   With the trained classifier (decision-model.ts, docs/decisions/043), on meetings like those it learned from:
//   the sentences it rates high join the rules' decisions, and a rule's decision it rates low is dropped.
// Not a decision: a third party's ("the government has decided…"), a hedge or hypothetical, a question,
// housekeeping ("let's keep it tight", "let's move on", "let's vote").
// Every step is linear in the meeting's sentences: look-aheads and the same-matter check are bounded.
import {
  type DecisionModel,
  decisionProbability,
  hasWordWeights,
  modelApplies,
  type RuleSignals,
  sentenceFeatures,
} from "./decision-model";
import { DECISION_MODEL } from "./decision-model-weights";
import { isBroken, repeatsAWord, type Sentence } from "./key-points";
import { RECAP } from "./speech-acts";

export type DecisionKind = "explicit" | "agreed" | "motion" | "recap";
export interface DecisionCandidate {
  /** The sentence(s) that state the decision, as said (a motion: "Motion carried: …"). */
  text: string;
  kind: DecisionKind;
  outcome: "made" | "failed";
  speaker: string;
  /** Index of the utterance that states it (its time is that utterance's start). */
  turn: number;
  /** Position in the meeting's sentences; orders the output. */
  order: number;
  features: { agreements: number; objections: number; recap: boolean; confirmed: boolean };
  /** What a revision scratched ("Scratch the freelancer." → ["freelancer"]): earlier decisions about it are dropped. */
  scratches?: string[];
}
export interface DecisionPoint extends DecisionCandidate {
  score: number;
}

// --- candidates: explicit ---------------------------------------------------------------------------------

// Agreement said by the group itself.
const DECISION =
  /\b(?:we(?:['’]ll| will| are going to|['’]re going to|['’]re gonna) (?:go with|stick with|use|keep|drop|skip|defer|leave|include|make it (?!in\b|on time|work\b|happen)|move|cancel|retire|hold|run|start|launch)|we(?: are|['’]re) going with|let['’]?s (?:go with|stick with|use|keep(?! it (?:tight|short|quick|brief|moving))|drop|leave|skip|defer|cancel|commit to)|we(?:['’]ve| have)? (?:agreed|decided)|^(?:(?:so|okay|ok|right),? )?(?:it['’]s |that['’]s )?(?:agreed|decided)\b|the decision is|our decision(?! making)|we(?: are|['’]re) decided|decision(?: is)? made|^(?:(?:so|okay|ok|right|alright),? )*(?:final )?decision[:,]|(?:the )?motion (?:carries|passes|is (?:approved|carried|agreed))|we['’]re not (?:going to|gonna)(?! (?:be able|get|make it)\b)|(?:that['’]s|it['’]s|we['’]re) a go\b|we won['’]t(?! (?:be able|have|know|get|make it|need|see|be)\b)(?= \p{L}+ \p{L}+)|(?:so |okay,? |ok,? )?(?:the|our) plan is(?: to| that)?(?! still\b)|^(?:(?:so|okay|ok|and|then),? )*(?:going forward|from now on|from here on),? (?!i\b)(?!.*\b(?:need|want|hope|try|wish|should|would|could|make sure|there (?:is|are|will|were|was)|will be \p{L}+ing)\b))\b/iu;
// An announcement of a change the group is making: "We're opening a second site in Lyon.", "We're rolling back."
// Only verbs of change (not "we're making progress", "we're seeing…"); short is fine, the verb says what.
const ANNOUNCED =
  /\bwe(?:['’]re| are) (?!\p{L}+ (?:it|that|this|them)\b)(?:opening|closing|launching|rolling|switching|dropping|cutting|retiring|postponing|delaying|pausing|freezing|extending|hiring|introducing|raising|lowering|ending|cancell?ing|sunsetting|moving (?:to|the|our|from|it|everything|all))\b|^(?:(?:okay|ok|so|right|alright|fine),? )+we(?:['’]re| are) doing\b(?=.*\bthen[.!]?$)|^we(?:['’]re| are) doing\b(?=.*,? then[.!]?$)/iu;
// A change a manager states to the person it is about (one-on-ones): "Okay, you're off primary on-call from next week.",
// "So you're taking over the billing rebuild." Only after a marker that closes a discussion, and only these changes.
const YOU_CHANGE =
  /^(?:(?:okay|ok|so|right|alright|then|good|fine|great),? )+you['’]re (?:now )?(?:off (?:primary|secondary|on-?call|the)|(?:moving|switching|going) (?:to|onto|off) (?:the|a)|taking over|leading|owning|the new (?:owner|lead)|promoted)\b/iu;
// A decision reported about someone else, or not (yet) made.
const NOT_OURS =
  /\b(?:(?!we\b)\p{L}+ (?:has|have|had) (?:decided|agreed)|(?:has|have|had) been (?:decided|agreed)|if|whether|maybe|perhaps|might|probably|i think|i guess|i don['’]t know|not sure|should we|could we|do we|would we|can we|or not|have to|at some point|i would|would have|hypothetically|suppose|supposing|imagine|in theory|someday|one day|(?:they|he|she|the (?:client|customer|vendor|government|council|other team|regulator)) (?:decided|chose|went with|opted))\b/iu;
// The agreement must open its clause ("so we'll go with…", "okay, let's keep…"), not sit inside one
// ("the trends that we're gonna use", "the components we will use").
const CLAUSE_START = /(?:^|[,;:—–-]\s*|\b(?:so|okay|ok|right|yeah|well|and|but|then|now|alright|fine|good|actually)[,.]?\s+)$/i;
// Not a decision about the work: "let's not forget…", "let's keep in mind…", "let's not plan on smooth".
const ASIDE =
  /\b(?:we|let['’]?s) (?:think about|talk about|consider|discuss|explore|brainstorm|look into)\b|\blet['’]?s (?:not (?:forget|worry|hear|kid|pretend|fool|lose sight|plan on|get ahead|go there|reopen|panic|rush|jump)|keep in mind|celebrate|make sure|say\b|see\b|be (?:honest|clear|careful)|hope|just)\b/i;
// Running the meeting is no decision: "let's keep it tight", "let's move on", "let's vote", "let's go round".
const HOUSEKEEPING =
  /\blet['’]?s (?:keep (?:it|this) (?:tight|short|quick|brief|moving)|move on|go(?: round\b| around\b|[.!]?$)|start[.!,]?$|start (?:with (?:you|him|her|the (?:first|next)|[A-Z]\p{L}+[.?!]?$)|off|by)|begin|get (?:started|going)|kick off|wrap (?:it |this )?up|vote|take (?:that|this|it) (?:under|offline|later)|hear from|do (?:a )?(?:quick )?(?:round|recap)|recap|adjourn|break|take a break|come back to|circle back|dive in|jump in|take a (?:temperature check|look|step back|minute|second|quick)|talk about|hear it|get into|look at)\b|\b(?:next item|any other business|call (?:this|the) meeting to order|motion to adjourn|recap|adjourn|we['’]re (?:done|finished|out of time|over time|wrapping up)|(?:clos|end|finish|wrapp?)\p{L}* (?:the|this|our) (?:meeting|call|session)|move on to)\b/iu;
// Going on with what is under way is no decision: "we will keep working hard", "we'll keep up our approach".
const CARRYING_ON = /\bkeeps? (?:(?:on|up)\b|\p{L}+ing\b)/iu;
// Put aside is not settled: "Dark mode is tabled.", "Let's park permissions.", "parking lot".
const TABLED =
  /\b(?:tabled|(?:let['’]?s|we|to|move to) (?:table|park)\b|table (?:it|this|that|the (?:motion|item|discussion))\b|parked|parking lot|on hold|revisit (?:it|this|that) later)/i;
// Said to one person ("The family will be fine, Jamal."): a reply, not what the group settled.
const VOCATIVE = /,\s*\p{Lu}[\p{L}'’-]+[.!]?$/u;

const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;
const housekeeping = (t: string) => HOUSEKEEPING.test(t) || ASIDE.test(t);
/** A sentence that could state a decision at all: a statement of a sensible length, not broken. */
const statable = (t: string, min = 4) => {
  const n = wordCount(t);
  return n >= min && n <= 32 && !/\?$/.test(t) && !isBroken(t) && !repeatsAWord(t);
};
// "Decision made." / "Stripe it is." / "Done." state that what was just said is settled, with little of their own.
const DECISION_LIST = /^(?:(?:so|okay|ok|right|alright|and),? )*(?:(?:the|our|to recap(?: the)?) )?decisions?(?: (?:are|were|made))?:\s*/i;
const CONFIRM =
  /^(?:(?:so|okay|ok|right|alright|good|great|then),? )*(?:decision (?:made|recorded|noted|logged)|decided|agreed|approved|done|settled|that['’]s (?:settled|decided|agreed|the decision|final|(?:the|our) (?:plan|deal|ranking|call|answer)(?:,? (?:then|from (?:our|my) side))?)|(?:let['’]?s )?lock (?:it|that|this)(?: in)?|locked(?: in)?|that['’]s locked(?: in)?|[\p{L}\d-]+(?: [\p{L}\d-]+){0,2} it is)[.!]?$/iu;
// "That's settled, you're leading the migration." states the decision after the confirmation; "That's agreed, I have
// the authority for that." confirms what the speaker just said (the rest is about it, not a decision of its own).
const CONFIRM_LEAD =
  /^(?:(?:so|okay|ok|right|alright|good|great|then),? )*(?:that['’]s|it['’]s) (?:settled|decided|agreed|final)[,;:]\s+(.+)$/i;
const ABOUT_IT = /^(?:i|i['’]\p{L}+|(?:and|but|so) )|\b(?:that|it|this)[.!]?$/iu;
const IT_IS = /^(?:(?:so|okay|ok|right|alright|good|great|then),? )*([\p{L}\d-]+(?: [\p{L}\d-]+){0,2}) it is[.!]?$/iu;
/** A trailing condition ("… and revisit Adyen if volume triples") is part of what was settled, not a hedge. */
const hedged = (t: string) => NOT_OURS.test(t.replace(/,?\s+(?:if|unless|as long as|provided)\b.*$/i, ""));

/**
 * What a confirmation ("Decided.", "That's the deal.") settles: the speaker's own last statement, in this turn or
 * their turns just before, past acknowledgements ("Okay."), calls for objections, other confirmations and replies
 * to one person; a statement that cannot be a decision (a hedge, housekeeping) ends the search. Bounded.
 */
function settledBefore(sentences: Sentence[], i: number, mustShare?: Set<string>): Sentence | null {
  const s = sentences[i]!;
  // "Yes. Decision recorded.": the confirmer's turn so far only assents, so it settles what was said just before.
  let assented = true;
  for (let j = i - 1; j >= 0 && j >= i - 30; j--) {
    const p = sentences[j]!;
    if (p.turn < s.turn - AGREE_TURNS) break;
    if (p.turn === s.turn && !AGREE.test(p.text)) assented = false;
    if (
      p.turn === s.turn - 1 &&
      p.speaker !== s.speaker &&
      assented &&
      RECORDS.test(s.text) &&
      j === i - 1 - countTurnBefore(sentences, i)
    ) {
      if (
        !mustShare &&
        statable(p.text, 5) &&
        !NOT_OURS.test(p.text) &&
        !HANDS_OUT.test(p.text) &&
        !housekeeping(p.text) &&
        !TABLED.test(p.text)
      )
        return p;
    }
    // Back past another's turn only when it was assent ("No argument from me."): "Agreed." after someone's
    // proposal agrees with them (the proposal's own candidate), and "Done." reports a task done.
    if (p.turn !== s.turn && /^(?:(?:so|okay|ok|right|alright|then),? )*done[.!]?$/i.test(s.text)) break;
    if (p.speaker !== s.speaker) {
      const opens = sentences[j - 1]?.turn !== p.turn;
      if (opens && !AGREE.test(p.text) && !PLAIN_NO.test(p.text) && !/^not an objection\b/i.test(p.text)) return null;
      continue;
    }
    if (CONFIRM.test(p.text) || CALL_FOR_OBJECTIONS.test(p.text) || wordCount(p.text) < 3 || VOCATIVE.test(p.text)) continue;
    if (mustShare && overlap(mustShare, contentWords(p.text)) === 0) continue;
    // A trailing condition is allowed only when the confirmation names the choice ("Stripe it is.").
    if (!statable(p.text, 3) || (mustShare ? hedged(p.text) : NOT_OURS.test(p.text)) || HANDS_OUT.test(p.text)) return null;
    if (housekeeping(p.text) || TABLED.test(p.text)) return null;
    return p;
  }
  return null;
}

// A confirmation that records a decision (not "Agreed.", which agrees with a proposal: the proposal's own candidate).
const RECORDS = /\b(?:decision|decided|settled|final)\b/i;
/** How many sentences of sentence i's own turn come before it. */
function countTurnBefore(sentences: Sentence[], i: number): number {
  let n = 0;
  while (i - n - 1 >= 0 && sentences[i - n - 1]!.turn === sentences[i]!.turn) n++;
  return n;
}

export function explicitCandidates(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker) || housekeeping(s.text) || CARRYING_ON.test(s.text)) continue;
    // "So we're making an offer to Amara. Decision made.": the short confirmation settles the sentence before it.
    // "Stripe it is." settles the last thing the speaker said about Stripe; "Decided." the last thing they said.
    const lead = CONFIRM_LEAD.exec(s.text);
    if (lead) {
      const rest = lead[1]!.replace(/[.!]$/, "");
      if (!ABOUT_IT.test(rest) && statable(rest, 3) && !NOT_OURS.test(rest) && !housekeeping(rest))
        out.push(candidate(s, "explicit", { confirmed: true }, `${sentenceCase(rest)}.`));
      else {
        const prev = settledBefore(sentences, i);
        if (prev) out.push(candidate(prev, "explicit", { confirmed: true }));
      }
      continue;
    }
    if (CONFIRM.test(s.text)) {
      const named = IT_IS.exec(s.text)?.[1];
      const prev = settledBefore(sentences, i, named ? contentWords(named) : undefined);
      if (prev) out.push(candidate(prev, "explicit", { confirmed: true }));
      else if (named && statable(s.text, 3)) out.push(candidate(s, "explicit", { confirmed: true }));
      continue;
    }
    // "Decisions: three screens instead of five; favourites stay, as a list; …": each listed part is one.
    const list = DECISION_LIST.exec(s.text);
    if (list) {
      s.text
        .slice(list[0].length)
        .split(/;\s*/)
        .forEach((part, k) => {
          const text = sentenceCase(part.trim().replace(/[.!]?$/, "."));
          // Each part its own place (just after the sentence's), so that selection tells them apart.
          if (statable(text, 3)) out.push({ ...candidate(s, "explicit", { confirmed: true }, text), order: s.order + k / 100 });
        });
      continue;
    }
    const m = DECISION.exec(s.text) ?? ANNOUNCED.exec(s.text) ?? YOU_CHANGE.exec(s.text);
    if (!m || !statable(s.text, ANNOUNCED.test(m[0]) || YOU_CHANGE.test(m[0]) ? 3 : 5) || NOT_OURS.test(s.text) || TABLED.test(s.text))
      continue;
    // "I'll raise it Thursday, and we'll use the examples": the speaker's own task first, left to the action items.
    if (/^(?:i['’]ll|i will|i['’]m going to)\b/i.test(s.text)) continue;
    if (!CLAUSE_START.test(s.text.slice(0, m.index))) continue;
    // The agreement needs what was agreed: "We are going to keep." says nothing.
    if (!/\p{L}/u.test(s.text.slice(m.index + m[0].length))) continue;
    out.push(candidate(s, "explicit", {}));
  }
  return out;
}

// --- candidates: settled in the talk, without a formula --------------------------------------------------

// "Scratch the split.", "Forget thirty.", "Let me walk that back.": what the speaker says next replaces it.
const REVISE =
  /^(?:(?:okay|ok|so|right|fine|alright|then|no|yeah|actually|wait),? )*(?:scratch (?:that|the [\p{L}\d-]+|[\p{L}\d-]+)|forget (?:that|the [\p{L}\d-]+|[\p{L}\d-]+)|let me (?:revise|walk (?:that|it|this) back(?: a bit)?|change that)|change of plan|new plan|on second thought|i take (?:it|that) back(?:,? then)?)[.!]?$/iu;
// "Let's do that.", "Let's do it.": the speaker takes up what was just proposed, often restating it.
const ADOPT =
  /^(?:(?:okay|ok|so|right|fine|alright|good|great|yes|yeah|then),? )*(?:let['’]?s do (?:it|that|this)|(?:we['’]ll|we will) do (?:it|that)|that['’]s what we['’]ll do)[.!]?$/i;
// "Any objections to the twenty-second? No?" / "Hearing none, …" / "Nobody objects, so that's settled.": unopposed.
const UNOPPOSED =
  /^(?:(?:okay|ok|so|right|alright|good),? )*(?:(?:no(?: one)?|none|nobody|nothing)(?=\?$)|hearing (?:none|no objections?|nothing)|seeing none|nobody objects|no one objects|(?:there are |i hear |i see )?no objections?)(?:[?.!]$|,\s*(?:so\s*)?)/i;
const SETTLED_TAIL = /^(?:that['’]s|it['’]s) (?:settled|decided|agreed|final)[.!]?$/i;
// "Friday then." / "The twentieth, then.": a short choice said to close a back-and-forth about when or which.
const THEN_FRAGMENT =
  /^(?:(?:okay|ok|so|fine|right|alright|good),? )*((?!(?:i|we|you|he|she|they|it|that)\b)[\p{L}\d'’ -]+?),? then[.!]?$/iu;
// Such a choice says when: a day, a date, a time.
const WHEN =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight|morning|afternoon|evening|noon|week|month|january|february|march|april|may|june|july|august|september|october|november|december|o['’]clock|\d+|\p{L}+(?:st|nd|rd|th)|twenty|thirty|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/iu;
// What such a choice is about when it is an event being fixed (not a task's due date): "We need a postmortem."
const EVENT =
  /\b(?:post-?mortem|retro(?:spective)?|review|meeting|call|session|training|demo|workshop|kick-?off|offsite|exercise|launch|go-live|sync|check-in|interview|visit|trip|party|dinner|drill|tabletop|walkthrough|presentation|rehearsal|webinar|town hall|all-hands|ceremony|conference)s?\b/i;
// A statement that hands work to someone ("Liz, can you…", "I'll send it", "you own the deck") is an action item.
const HANDS_OUT = /^(?:[\p{Lu}][\p{L}'’-]+,\s|(?:i|you|he|she|they)(?:['’]ll| will| can| could)?\s)|\b(?:can|could|would|will) you\b/iu;

/** The next sentences of the same turn that state something (not a question, not a hand-out), up to `n`. */
function statementsAfter(sentences: Sentence[], i: number, n: number, min = 3): Sentence[] {
  const out: Sentence[] = [];
  for (let j = i + 1; j < sentences.length && j <= i + 4 && out.length < n; j++) {
    const t = sentences[j]!;
    if (t.turn !== sentences[i]!.turn) break;
    if (wordCount(t.text) < min && out.length === 0) continue;
    if (!statable(t.text, min) || HANDS_OUT.test(t.text) || NOT_OURS.test(t.text) || housekeeping(t.text) || TABLED.test(t.text)) break;
    out.push(t);
  }
  return out;
}

/** The words an "I take it back" shares with the speaker's own statement in the turns before: that is what goes. */
function takenBack(sentences: Sentence[], i: number, restated: string): string[] | undefined {
  const s = sentences[i]!;
  const now = contentWords(restated);
  for (let j = i - 1; j >= 0 && j >= i - 30 && sentences[j]!.turn >= s.turn - AGREE_TURNS; j--) {
    const p = sentences[j]!;
    if (p.speaker !== s.speaker || p.turn === s.turn) continue;
    const shared = [...contentWords(p.text)].filter((w) => now.has(w));
    if (shared.length) return shared;
  }
  return undefined;
}

/** Whether a text shares a content word with what was said in the two turns before sentence `i` (and in its own turn). */
function sharesWithBefore(sentences: Sentence[], i: number, text: string): boolean {
  const words = contentWords(text);
  const s = sentences[i]!;
  for (let j = i - 1; j >= 0 && j >= i - 30 && sentences[j]!.turn >= s.turn - 2; j--)
    for (const w of contentWords(sentences[j]!.text)) if (words.has(w)) return true;
  return false;
}

/** Whether someone else objects within the next turns ("Can I push back?"). Bounded. */
function objectedAfter(sentences: Sentence[], i: number): boolean {
  const s = sentences[i]!;
  for (let j = i + 1; j < sentences.length && j <= i + 30; j++) {
    const t = sentences[j]!;
    if (t.turn > s.turn + AGREE_TURNS) break;
    if (t.speaker !== s.speaker && sentences[j - 1]?.turn !== t.turn && OBJECT.test(t.text)) return true;
  }
  return false;
}

/**
 * Decisions settled in the talk itself rather than with a formula:
 * - a revision: "Scratch the split. We keep all the volume with Kestrel." (the statement after the marker);
 * - a proposal taken up: "Let's do that. Still image on mobile, video stays on desktop." (the restatement);
 * - unopposed: "Any objections to the twenty-second? No? The annual meeting is May twenty-second.";
 * - a choice closing a back-and-forth about an event: "We need a postmortem. Thursday?" … "Friday then. Friday at two.".
 */
export function settledCandidates(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker)) continue;
    if (REVISE.test(s.text) || ADOPT.test(s.text)) {
      const said = statementsAfter(sentences, i, 1, 4)[0];
      if (!said || objectedAfter(sentences, i)) continue;
      // What is taken up is restated at once, in words of the proposal ("Swap the video for a still image." —
      // "Let's do that. Still image on mobile."), not a new topic after "Great.".
      const before = sentences[i - 1];
      const choice = before?.turn === s.turn && wordCount(before.text) <= 4 && !/\?$/.test(before.text) && WHEN.test(before.text);
      if (ADOPT.test(s.text) && (said.order !== s.order + 1 || (!choice && !sharesWithBefore(sentences, i, said.text)))) continue;
      const scratched = /\b(?:scratch|forget) (?:the )?([\p{L}\d-]+)[.!]?$/iu.exec(s.text)?.[1];
      let scratches = scratched && !/^(?:that|this|it)$/i.test(scratched) ? [...contentWords(scratched)] : undefined;
      // "March twentieth. Let's do it. Everyone in this room plus the CEO.": the choice just said belongs to it.
      let text = choice ? `${before.text.replace(/[.!]$/, "")}, ${said.text.charAt(0).toLowerCase()}${said.text.slice(1)}` : said.text;
      // "I take it back then. Skip stays. We don't force the goal picker.": a short state line said first belongs to it.
      const first = sentences[said.order - 1];
      if (REVISE.test(s.text) && first && first.order === s.order + 1 && wordCount(first.text) < 4 && SHORT_STATE.test(first.text))
        text = `${first.text.replace(/[.!]$/, "")}, ${said.text.charAt(0).toLowerCase()}${said.text.slice(1)}`;
      // "I take it back." / "Let me walk that back.": what it takes back is the speaker's own last word on the matter.
      if (!scratches && REVISE.test(s.text)) scratches = takenBack(sentences, i, text);
      out.push({ ...candidate(said, "explicit", { confirmed: true }, text), scratches });
      continue;
    }
    // "Any objections to X? No? <statement>": the chair answers their own call when no one speaks up.
    if (CALL_FOR_OBJECTIONS.test(s.text) || /\bobjections? to\b.*\?$/i.test(s.text)) {
      const next = sentences[i + 1];
      if (next?.turn === s.turn && UNOPPOSED.test(next.text) && /\?$/.test(next.text)) {
        const said = statementsAfter(sentences, i + 1, 1, 4);
        if (said.length) out.push(candidate(said[0]!, "explicit", { confirmed: true }));
      }
      continue;
    }
    // "Can we merge the hotfix tonight?" — "Fine, ship it.": the other speaker's request, granted.
    if (GO_AHEAD.test(s.text) && wordCount(s.text) <= 5 && sentences[i - 1]?.turn !== s.turn) {
      const asked = requestBefore(sentences, i);
      if (asked) out.push(candidate(s, "agreed", { agreements: 1, confirmed: true }, asked));
      continue;
    }
    // "Consensus is we keep the booth." / "Consensus is no." (on the question just asked).
    const consensus = CONSENSUS.exec(s.text);
    if (consensus) {
      const rest = consensus[1]!.replace(/[.!]$/, "").trim();
      const answer = /^(?:a )?(yes|no)(?:,? then)?$/i.exec(rest)?.[1];
      const asked = answer ? questionBefore(sentences, i) : null;
      if (asked)
        out.push(candidate(s, "explicit", { confirmed: true }, `Consensus: ${answer!.toLowerCase()} (${asked.text.replace(/\?$/, "")}).`));
      else if (!answer && statable(rest, 3) && !NOT_OURS.test(rest))
        out.push(candidate(s, "explicit", { confirmed: true }, `${sentenceCase(rest)}.`));
      continue;
    }
    // "Hearing none, the annual meeting moves to May." / "Nobody objects, so that's settled."
    const unopposed = UNOPPOSED.exec(s.text);
    if (unopposed && /,/.test(unopposed[0])) {
      const rest = s.text.slice(unopposed[0].length);
      if (SETTLED_TAIL.test(rest)) {
        const prev = settledBefore(sentences, i);
        if (prev) out.push(candidate(prev, "explicit", { confirmed: true }));
      } else if (statable(rest, 4) && !NOT_OURS.test(rest) && !HANDS_OUT.test(rest) && !housekeeping(rest))
        out.push(candidate(s, "explicit", { confirmed: true }, sentenceCase(rest)));
      continue;
    }
    const then = THEN_FRAGMENT.exec(s.text);
    if (then && wordCount(then[1]!) <= 4 && WHEN.test(then[1]!)) {
      const about = eventBefore(sentences, i);
      if (!about) continue;
      // "Friday then. Friday at two.": a refinement said next, on the same choice, is the fuller answer.
      const next = sentences[i + 1];
      const choice =
        next?.turn === s.turn &&
        wordCount(next.text) <= 5 &&
        !/\?$/.test(next.text) &&
        overlap(contentWords(next.text), contentWords(then[1]!)) > 0
          ? next.text.replace(/[.!]$/, "")
          : then[1]!;
      const said = /^(?:The|On|At|In|Next|This)\b/.test(choice) ? choice.charAt(0).toLowerCase() + choice.slice(1) : choice;
      out.push(candidate(s, "explicit", {}, `${sentenceCase(about)}: ${said}.`));
      continue;
    }
    // "Level." … "I'd say senior." — "Senior." — "Senior." … "Senior, then.": the option the others converged on.
    if (then && wordCount(then[1]!) <= 3 && echoedBy(sentences, i, then[1]!) >= 2) {
      const topic = topicBefore(sentences, i, then[1]!);
      out.push(candidate(s, "explicit", {}, topic ? `${topic}: ${then[1]!.toLowerCase()}.` : `${sentenceCase(then[1]!)}.`));
      continue;
    }
    // "I can do two months. Two months' credit." — "Two months, okay.": terms offered, taken by repeating their number.
    const echo = TERMS_TAKEN.exec(s.text);
    if (echo && wordCount(echo[1]!) <= 5 && NUMBER.test(echo[1]!) && sentences[i - 1]?.turn !== s.turn) {
      const offered = termsBefore(sentences, i, echo[1]!);
      if (offered) out.push(candidate(offered, "explicit", { agreements: 1 }));
      continue;
    }
    // "Onboarding. When do you want to start?" — "April first would be ideal." — "April first works for us.": a date
    // one side offers in answer to when, the other takes.
    const works = WORKS.exec(s.text);
    if (works && wordCount(works[1]!) <= 4 && WHEN.test(works[1]!) && sentences[i - 1]?.turn !== s.turn) {
      const asked = whenAskedBefore(sentences, i, works[1]!);
      if (asked) out.push(candidate(s, "explicit", {}, `${asked}: ${works[1]!.replace(/^(?:the|on) /i, (w) => w.toLowerCase())}.`));
    }
  }
  return out;
}

const TERMS_TAKEN = /^([\p{L}\d'’ -]+?),? (?:okay|ok|deal|done|fine|agreed|that works)[.!]?$/iu;
const NUMBER =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half|percent)\b/i;

/** The offer in the previous speaker's turn just before that a "Two months, okay." repeats: all the echo's words. */
function termsBefore(sentences: Sentence[], i: number, echo: string): Sentence | null {
  const s = sentences[i]!;
  const want = contentWords(echo);
  if (!want.size) return null;
  for (let j = i - 1; j >= 0 && j >= i - 8; j--) {
    const p = sentences[j]!;
    if (p.turn !== s.turn - 1 || p.speaker === s.speaker) return null;
    const has = contentWords(p.text);
    if (![...want].every((w) => has.has(w))) continue;
    // An offer, not a report of what someone has ("I have twelve months by SKU already." — "Twelve months, fine.").
    // Nor someone's task ("I'll send two invoices." — "Two invoices, okay."): an action item.
    const report = /\balready\b|^(?:i|we)(?: have|['’]ve| had)\b|^(?:i|you|he|she|they)(?:['’]ll| will)\b/i.test(p.text);
    return !report && !/\?$/.test(p.text) && wordCount(p.text) >= 2 && wordCount(p.text) <= 32 && !NOT_OURS.test(p.text) ? p : null;
  }
  return null;
}

const WORKS = /^(?:(?:okay|ok|so|yes|yeah|great|good),? )*([\p{L}\d'’ -]+?) works(?: for (?:us|me|everyone|all of us))?[.!]?$/iu;

/** How many other speakers said the choice (all its words) in a short sentence in the turns just before. Bounded. */
function echoedBy(sentences: Sentence[], i: number, choice: string): number {
  const s = sentences[i]!;
  const want = contentWords(choice);
  if (!want.size) return 0;
  const who = new Set<string>();
  for (let j = i - 1; j >= 0 && j >= i - 30 && sentences[j]!.turn >= s.turn - AGREE_TURNS; j--) {
    const p = sentences[j]!;
    if (p.speaker === s.speaker || wordCount(p.text) > 4 || /\?$/.test(p.text)) continue;
    const has = contentWords(p.text);
    if ([...want].every((w) => has.has(w))) who.add(p.speaker);
  }
  return who.size;
}

/** What a back-and-forth is about: a one- or two-word line that opened a turn shortly before ("Level.", "Onboarding."). */
function topicBefore(sentences: Sentence[], i: number, choice: string, turns = 2 * AGREE_TURNS): string | null {
  const s = sentences[i]!;
  const chosen = contentWords(choice);
  for (let j = i - 1; j >= 0 && j >= i - 40 && sentences[j]!.turn >= s.turn - turns; j--) {
    const p = sentences[j]!;
    if (sentences[j - 1]?.turn === p.turn || wordCount(p.text) > 2 || !/\.$/.test(p.text)) continue;
    if (AGREE.test(p.text) || BACKCHANNEL.test(p.text) || PLAIN_NO.test(p.text) || WHEN.test(p.text)) continue;
    // An option said ("Senior.") is not what the options are for.
    if (overlap(contentWords(p.text), chosen) > 0) continue;
    if (/^(?:thanks|thank you|sorry|hi|hello|hey|so|okay|ok|right|well|um|uh|hmm|oh|ha|cool|nice|great|good|lovely|wow)\b/i.test(p.text))
      continue;
    // A name alone calls on someone ("Bart."): not a topic.
    const word = p.text.replace(/\.$/, "");
    if (/^\p{Lu}/u.test(word) && sentences.some((x, k) => k >= i - 40 && k <= i && x.speaker.toLowerCase().includes(word.toLowerCase())))
      continue;
    return word;
  }
  return null;
}

/**
 * "Onboarding. When do you want to start?" — "April first would be ideal." — "April first works for us.": the topic
 * of the when-question in the three turns before, when the date taken was offered by another speaker just before.
 */
function whenAskedBefore(sentences: Sentence[], i: number, date: string): string | null {
  const s = sentences[i]!;
  const want = contentWords(date);
  let offered = false;
  for (let j = i - 1; j >= 0 && j >= i - 20 && sentences[j]!.turn >= s.turn - 3; j--) {
    const p = sentences[j]!;
    if (p.turn === s.turn - 1 && p.speaker !== s.speaker && [...want].every((w) => contentWords(p.text).has(w))) offered = true;
    if (!offered || !/^when\b.*\?$/i.test(p.text)) continue;
    const before = sentences[j - 1];
    if (before?.turn !== p.turn || wordCount(before.text) > 2 || !/\.$/.test(before.text)) return null;
    return before.text.replace(/\.$/, "");
  }
  return null;
}

const GO_AHEAD =
  /^(?:(?:fine|okay|ok|yes|yeah|sure|alright|right|good|great),? )*(?:ship it|go ahead(?: with (?:it|that))?|do it|go for it|approved|granted|make it so|send it|merge it|let['’]?s ship it)(?:[,.!]|$)/i;
const REQUEST =
  /^(?:(?:so|okay|ok|and|then|well),? )*(?:(?:can|could|shall|should) we|can i|could i|(?:are|is) we (?:ok|okay|good) to|i(?:['’]d| would) like to|i want to|we could|we can|we should|i propose(?: that)?(?: we)?|how about we|let['’]?s)\s+(.+?)[?.!]?$/i;
// Asking for the floor is no request to decide: "Can I ask a question?" — "Go ahead."
const FLOOR =
  /^(?:ask|say|add|jump|interrupt|share|speak|comment|mention|go|start|begin|talk|clarify|follow up|just|quickly|check something)\b/i;

/** The request or proposal, in the previous speaker's last turn, that a "go ahead" grants, as a statement. */
function requestBefore(sentences: Sentence[], i: number): string | null {
  const s = sentences[i]!;
  for (let j = i - 1; j >= 0 && j >= i - 8; j--) {
    const p = sentences[j]!;
    if (p.turn !== s.turn - 1 || p.speaker === s.speaker) return null;
    const r = REQUEST.exec(p.text);
    if (!r) continue;
    const rest = r[1]!.trim();
    if (FLOOR.test(rest) || !statable(rest, 3) || NOT_OURS.test(rest) || housekeeping(p.text)) return null;
    return `${sentenceCase(rest)}.`;
  }
  return null;
}

const CONSENSUS = /^(?:(?:okay|ok|so|right|alright|then),? )*(?:the |our )?consensus (?:is|was)(?: that| to)?[:,]?\s+(.+)$/i;
// A question the group can answer yes or no ("Should we extend the promo into May?").
const YES_NO = /^(?:(?:so|okay|ok|and|then),? )*(?:should|shall|do|does|can|could|would|will|are|is) (?:we|the|our|it|they)\b/i;

/** The yes-or-no question a "consensus is no" answers: the last one asked in the few turns before. Bounded. */
function questionBefore(sentences: Sentence[], i: number): Sentence | null {
  const s = sentences[i]!;
  for (let j = i - 1; j >= 0 && j >= i - 30; j--) {
    const p = sentences[j]!;
    if (p.turn < s.turn - AGREE_TURNS) break;
    if (/\?$/.test(p.text) && YES_NO.test(p.text) && wordCount(p.text) >= 4 && !CALL_FOR_OBJECTIONS.test(p.text)) return p;
  }
  return null;
}

/**
 * The event a "… then." choice fixes: the last question before it asked when ("Thursday?", "Can we do the
 * twentieth?"), right after a short sentence naming an event in the same turn ("We need a postmortem.", "The
 * training."). A question about anything else in between ("Can I send the report Friday?") makes it a due date.
 */
function eventBefore(sentences: Sentence[], i: number): string | null {
  const s = sentences[i]!;
  for (let j = i - 1; j >= 0 && j >= i - 20; j--) {
    const q = sentences[j]!;
    if (q.turn < s.turn - AGREE_TURNS) break;
    if (!/\?$/.test(q.text)) continue;
    if (!WHEN.test(q.text) && !/^when\b/i.test(q.text)) return null;
    for (let k = j - 1; k >= 0 && k >= j - 4 && sentences[k]!.turn === q.turn; k--) {
      const e = EVENT.exec(sentences[k]!.text);
      if (e && wordCount(sentences[k]!.text) <= 5) return e[0].toLowerCase();
    }
    return null;
  }
  return null;
}

function candidate(
  s: Sentence,
  kind: DecisionKind,
  f: Partial<DecisionCandidate["features"]>,
  text = s.text,
  outcome: "made" | "failed" = "made",
): DecisionCandidate {
  return {
    text,
    kind,
    outcome,
    speaker: s.speaker,
    turn: s.turn,
    order: s.order,
    features: { agreements: 0, objections: 0, recap: false, confirmed: false, ...f },
  };
}

// --- candidates: a proposal and the group's agreement -----------------------------------------------------

// A proposal that opens its sentence: "I propose we …", "my proposal: …", "let's go with …", "so we don't renew …".
const PROPOSAL =
  /^(?:(?:so|okay|ok|right|then|alright|well|and|yeah|no|actually|fine)[,.]? )*(?:(?:i|we) (?:propose|suggest|recommend)(?: that)?|my (?:proposal|suggestion|recommendation)(?: is)?[:,]?|the proposal is|how about we|i(?:['’]d| would) (?:say|go with)|let['’]?s|we (?:go with|stick with|drop|cut|keep|(?:don['’]t|do not) (?!have|know|need|want|like|see|think|get|really|usually|even|always|ever|mind|care)|move|make|use|skip|retire|push|hold|extend|accept|approve|offer|give|take|switch|stay|launch|ship|wait|pause|open|close|freeze|postpone|delay|cancel|hire|raise|lower|cap|limit)|shall we(?: say)?)\b/i;
// Agreement from someone else, said as (most of) a short turn.
const AGREE =
  /^(?:(?:yes|yeah|yep|yup|okay|ok|sure|right|great|good|fine|no|absolutely|definitely),? )*(?:agreed|i agree|sounds good|sounds great|sounds right|works for me|fine (?:by|with) me|happy with (?:that|it)|i can live with (?:that|it)|makes sense|let['’]?s do (?:it|that)|deal|no objections?|none(?: from me)?|not from me|seconded|i['’]m in|i['’]m fine with (?:that|it)|yes|yeah|yep|yup|sure|absolutely|definitely|fair(?: enough)?|perfect|good call|(?:[\p{L}\d-]+ ){0,4}works?(?: for (?:me|us))?[.!]?$|no argument|not an objection|ship it|go for it|do it|make it so|go ahead with (?:it|that))\b/iu;
// An objection ends the agreement: "can I push back?", "I'm against it", "I disagree".
const OBJECT =
  /\b(?:push back|i['’]m against|i disagree|i don['’]t agree|i object|not so fast|hold on|wait|i['’]m not sure|i['’]d rather not|that won['’]t work|no way)\b/i;
// "Objections?" / "Anyone disagree?": a plain "no" or "none" after it is agreement.
const CALL_FOR_OBJECTIONS =
  /\b(?:objections?|any(?:one|body)? (?:disagree|against|opposed)|(?:does |do )?any(?:one|body) (?:want to )?(?:argue|object|disagree)|concerns|everyone (?:ok|okay|happy|good) with (?:that|this)|all agreed|are we agreed|agreed|all good|yes)\?$/i;
const BACKCHANNEL = /^(?:yes|yeah|yep|yup|sure|okay|ok|right|fine|mm-?hm|uh-?huh)[.!]?$/i;
const PLAIN_NO = /^(?:no|nope|none|not really|nothing)(?: from me| here)?[.!]?$/i;
const SHALL =
  /^(?:(?:so|okay|ok|right|then|alright|well)[,.]? )*(?:shall we|should we|can we) (?:say|agree|go with|settle on)\s*(?:that\s*)?/i;
const sentenceCase = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
/** Turns after a proposal in which agreement counts. */
const AGREE_TURNS = 4;

export function proposalCandidates(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker) || housekeeping(s.text) || NOT_OURS.test(s.text) || CARRYING_ON.test(s.text)) continue;
    // "Shall we say the pilot is Modesto, four weeks?" proposes as a question.
    const shall = SHALL.exec(s.text);
    // "No Friday releases. Any objections?": a statement the speaker puts to the group is a proposal, whatever its form.
    const putToGroup = [sentences[i + 1], sentences[i + 2]].some(
      (n, k) => n && n.turn === s.turn && CALL_FOR_OBJECTIONS.test(n.text) && (k === 0 || !/\?$/.test(sentences[i + 1]!.text)),
    );
    if (shall ? !statable(s.text.slice(shall[0].length), 4) && wordCount(s.text) > 30 : !statable(s.text, putToGroup ? 3 : 5)) continue;
    if (!shall && !putToGroup && !PROPOSAL.test(s.text)) continue;
    let agreements = 0;
    let objections = 0;
    let confirmed = false;
    let calledForObjections = false;
    let strong = 0;
    const backchannels = new Set<string>();
    // The proposer's own turn may ask for objections ("… Objections?").
    for (let j = i + 1; j < sentences.length; j++) {
      const t = sentences[j]!;
      if (t.turn > s.turn + AGREE_TURNS || j > i + 30) break;
      if (t.turn === s.turn) {
        if (CALL_FOR_OBJECTIONS.test(t.text)) calledForObjections = true;
        else if (CONFIRM.test(t.text)) confirmed = true;
        continue;
      }
      if (t.speaker === s.speaker) {
        if (CONFIRM.test(t.text)) confirmed = true;
        if (CALL_FOR_OBJECTIONS.test(t.text)) calledForObjections = true;
        // The proposer moving on to something else ends the look-ahead.
        else if (!confirmed && !CONFIRM.test(t.text) && wordCount(t.text) > 3) break;
        continue;
      }
      // Only the first sentence of another's turn answers the proposal.
      const first = sentences[j - 1]?.turn !== t.turn;
      if (!first) continue;
      if (OBJECT.test(t.text)) objections++;
      else if (AGREE.test(t.text) && wordCount(t.text) <= 8 && !/\?$/.test(t.text)) {
        agreements++;
        if (!BACKCHANNEL.test(t.text)) strong++;
        else backchannels.add(t.speaker);
      } else if (calledForObjections && PLAIN_NO.test(t.text)) (agreements++, strong++);
    }
    if (objections > 0 || (agreements === 0 && !confirmed)) continue;
    // One "Yeah." is as often "I'm listening" as "agreed": it settles nothing alone, unless the group was asked.
    if (!strong && backchannels.size < 2 && !confirmed && !calledForObjections) continue;
    const text = shall ? sentenceCase(s.text.slice(shall[0].length).replace(/\?$/, ".")) : s.text;
    out.push(candidate(s, "agreed", { agreements, objections, confirmed }, text));
  }
  return out;
}

// --- candidates: motions ----------------------------------------------------------------------------------

// "I move that the board accept …", "I move we extend …", "I'd like to make a motion to …", "Motion to approve the
// consent agenda.", "I'll move approval of …"; the chair's "is there a motion to approve the minutes?", "may I have a
// motion to …", "I'll entertain a motion to …". "I'll move" alone is too often a plan ("I'll move the call"): only with
// what a motion does.
const MOVE =
  /(?:\bi(?:['’]d like to| would like to| want to)? (?:move|make a motion)|\bi(?:['’]d like to| would like to| want to|['’]ll| will)? make a motion|\bi(?:['’]ll|['’]d| will| would) move(?= (?:that|to (?:approve|adopt|accept|ratify|amend|authori[sz]e|postpone|reject|rescind|extend|refer|table|defer|reconsider)|approval|adoption|acceptance|an? (?:second |further )?amendment)\b)|^(?:(?:so|okay|ok|yes|then|and),? )*motion(?= (?:that|to)\b)) (?:that |to )?(?:we |the board |the committee )?(.+?)[.!]?$/i;
const CHAIR_MOTION =
  /\b(?:is there a |(?:can|may|could) i (?:have|get) a |i['’]d (?:like|entertain|suggest|take) a |i(?:['’]ll| will)? (?:entertain|take) a |(?:do i|do we|can we|could we) (?:have|get|hear) a |(?:i|we) need a |(?:does )?any(?:one|body) (?:want to )?(?:make|offer) a )motion to (.+?)\??$/i;
const SO_MOVED = /^(?:so )?moved[.!]?$/i;
const SECOND =
  /^(?:(?:yes|okay|ok|and),? )?(?:i(?:['’]ll)? second(?: (?:it|that|this|the motion))?(?: for discussion)?|second(?:ed)?(?: the motion)?(?: by [\p{L}'’ -]+)?)[.!]?$/iu;
// A motion that dies without a second or is withdrawn is not voted on: nothing was decided.
const MOTION_DEAD =
  /\b(?:dies|died|fails|failed|falls) for (?:lack|want) of a second\b|\b(?:i|we)(?:['’]ll| will)? withdraw (?:the|my|our|that|this) motion\b|\bmotion (?:is|was|has been) withdrawn\b/i;
// A count said without the words "carries" / "fails": "Four yes, three no." / "That's three in favour and four opposed."
// More for than against carries; a tie fails (as in the usual rules of order).
const TALLY_FOR = /\b(\p{L}+|\d+) (?:in favou?r|yes(?:es)?|ayes?|yeas?|for)\b/iu;
const TALLY_AGAINST = /\b(\p{L}+|\d+) (?:opposed|against|no(?:es)?|nays?)\b/iu;
const COUNTS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const count = (w: string) =>
  /^\d+$/.test(w) ? Number(w) : w.toLowerCase() === "none" || w.toLowerCase() === "no" ? 0 : COUNTS.indexOf(w.toLowerCase());
const AMENDMENT = /^(?:to )?amend\b|^(?:an |the )?amendment\b|^that we amend\b/i;
const FRIENDLY = /\b(?:accept|take|treat)\b.*\bas (?:a )?friendly(?: amendment)?\b|\bfriendly amendment(?: is)? accepted\b/i;
const UNANIMOUS = /^(?:(?:so|okay|ok|then|that['’]s|it['’]s),? )*unanimous(?:ly)?[.!]?$/i;
/** The outcome a tally states, or null when it is not one ("All in favour?", one side only). */
function tally(text: string): "carried" | "failed" | null {
  const f = TALLY_FOR.exec(text);
  const a = TALLY_AGAINST.exec(text);
  if (!f || !a || /\?$/.test(text)) return null;
  const yes = count(f[1]!);
  const no = count(a[1]!);
  if (yes < 0 || no < 0) return null;
  return yes > no ? "carried" : "failed";
}
const CARRIED =
  /\b(?:(?:the )?(?:motion|vote|amendment) (?:carries|carried|passes|passed|approved|adopted|is (?:approved|carried|adopted|agreed))|^(?:(?:so|okay|ok|then|that['’]s|it['’]s),? )*unanimous(?:ly)?\b|^carried|(?:is|are) (?:approved|adopted|accepted|carried)\b|^(?:(?:so|okay|ok|then),? )?(?:it|that) (?:carries|passes)\b|\bpasse[sd] (?:\p{L}+ to \p{L}+|unanimously)\b|the (?:ayes|yeas) have it)/iu;
const FAILS =
  /\b(?:(?:the )?(?:motion|vote|amendment) (?:fails|failed|lost|defeated|rejected|is (?:defeated|lost|rejected|not (?:approved|adopted|carried))|does not (?:carry|pass))|^(?:defeated|lost|fails)\b|^(?:(?:so|okay|ok|then),? )?(?:it|that) (?:fails|does not (?:carry|pass))\b|\bfails (?:\p{L}+ to \p{L}+)\b|the (?:noes|nays) have it|(?:motion|it|that) (?:is|was) (?:voted down|not carried|rejected|defeated)|(?:motion|it|that) (?:doesn['’]t|didn['’]t|did not) (?:carry|pass)|(?:motion|it|that) fail(?:s|ed) to (?:carry|pass))/iu;
const ADJOURN = /\badjourn/i;
const AMENDED = /\b(?:the )?(?:amended )?motion (?:now )?reads(?: as)?[:,]?\s+(.+?)[.!]?$/i;
// An announcement that names the state a vote left: "… stand(s) approved …", "… is adopted …".
const APPROVED_STATE = /\b(?:stands?|is|are|was|were)\s+(?:now\s+)?(?:approved|adopted|accepted|ratified|confirmed)\b/i;
const MOTION_TABLED =
  /\b(?:(?:the|this|that) motion (?:is|was|has been|stays) tabled|table (?:the|this|that) motion|(?:let['’]?s|we(?:['’]ll| will)?) table (?:it|this|that)|so tabled)\b/i;
const ALL_IN_FAVOUR =
  /\b(?:all|those) in favou?r\b|\ball (?:those )?(?:for|agreed)\?|\blet['’]?s (?:vote|take a vote)\b|\broll[- ]call\b|\bcall the (?:roll|vote|question)\b|\bshow of hands\b|\braise your hands?\b/i;
const VOTE_TALK = /\b(?:vote[sd]?|voting|in favou?r|opposed|abstain(?:s|ed)?|abstentions?|against)\b/i;
/** Turns within which a motion is voted on, counted from the last word on it (a roll call or a debate goes on longer). */
const MOTION_TURNS = 15;
// A word on the motion keeps it open: "the motion", a vote, a roll-call name ("Trustee Adams?") or answer ("Aye.").
const ON_MOTION = /\bmotion\b|^(?:yes|no|aye|nay|yea|abstain|present)[.!]?$|^[\p{Lu}][\p{L}'’.-]*(?: [\p{Lu}][\p{L}'’-]*)?\?$/u;
const VOTE_WORDS =
  /\b(?:the |that )?(?:motion|carries|carried|passes|passed|fails|failed|unanimous(?:ly)?|in favou?r|opposed|abstentions?|\d+|one|two|three|four|five|six|seven)\b/gi;

// --- the floor: motions stacked as rules of order stack them -------------------------------------------------
// A motion to amend, postpone, refer or table is made while another is on the floor and is voted first; when it
// dies, fails or carries, the motion under it is on the floor again ("We're back on the main motion").
type MotionRole = "main" | "amendment" | "table" | "postpone";
interface FloorMotion {
  body: string;
  at: Sentence;
  role: MotionRole;
  seconded: boolean;
  amended?: boolean;
  /** Its words are the matter before a call that named nothing: the chair's announcement says it better. */
  weak?: boolean;
  last: number;
}
// What a subsidiary motion does to the one under it.
const SUBSIDIARY: [RegExp, MotionRole][] = [
  [AMENDMENT, "amendment"],
  [/^(?:to )?(?:table|lay (?:it|this|that) on the table)\b/i, "table"],
  [/^(?:to )?(?:postpone|defer|refer (?:it|this|that)|send (?:it|this|that) back|continue (?:it|this|that|the item))\b/i, "postpone"],
];
// "I'd like to amend it to three installments.", "I'd amend it to the used one.": an amendment moved in other words.
const AMEND_IT =
  /^(?:(?:so|okay|ok|then|well|actually|yeah),? )*i(?:['’]d| would)?(?: like to| want to)? amend (?:it|this|that|the motion)\b[,:]?\s*(.+?)[.!]?$/i;
const roleOf = (body: string): MotionRole => SUBSIDIARY.find(([re]) => re.test(body))?.[1] ?? "main";
// "Move to table to July.", "Move to amend, swap the Halvard …": a motion said without "I".
const BARE_MOVE = /^(?:(?:so|okay|ok|then|and|yeah|yes),? )*(?:i )?move (?:to|that) (.+?)[.!]?$/i;
// The chair's own statement of the motion: "So, motion one: amend the protocol …", "The motion is to adopt …",
// "On the motion to approve the lease …".
const STATED =
  /^(?:(?:so|okay|ok|right|then|and|now),? )*(?:(?:the|our) )?(?:motion(?: (?:one|two|three|four|five|\d+))?\s*[:,]|motion (?:is|before us is|on the floor is) (?:to|that))\s+(?:to |that )?(.+?)[.!]?$|^(?:(?:so|okay|ok|then|now),? )*on the motion to (.+?)[.!]?$/i;
const NOT_A_BODY =
  /^(?:carries|carried|passes|passed|fails|failed|lost|is (?:tabled|withdrawn|carried|approved|adopted|defeated)|dies|died|now reads|reads|as amended)\b/i;
// A call for a motion that names nothing ("Do I have a motion?", "Motion?", "I'll entertain a motion for X."): the next
// "So moved." / "I'll move it." makes one.
const CALL_BARE =
  /(?:^|[,.] )(?:(?:so|okay|ok|then|right|good),? )*(?:(?:do|can|may) (?:i|we) (?:have|get|hear) a motion|is there a motion|(?:i['’]d|i(?:['’]ll| will)) (?:entertain|take) a motion|(?:any|some)(?:one|body) (?:wants? to |care to )?(?:move|make a motion)(?: (?:it|this|that))?|a motion|motion)(?: (?:for|on) ([^?]+?))?(?:,? (?:so|please)\b[^?]*)?[?.!]?$/i;
const MOVE_IT =
  /^(?:(?:so|okay|ok|yes|yeah|sure),? )*(?:so moved|i(?:['’]ll| will)? move (?:it|that|this)(?:,? for discussion)?|i so move|moved)(?:[.!]?$|,\s+(.{3,}?)[.!]?$)/i;
// "Lionel moves. Is there a second?": the chair names the mover.
const NAMED_MOVER = /^(\p{Lu}[\p{L}'’-]*) moves[.!]?$/u;
// A count said as two numbers during a vote: "Two, three.", "Three to one, motion carries.", "Five nil.", "Two-two."
const NUM = "(\\d+|zero|none|nil|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
const BARE_TALLY = new RegExp(`^(?:(?:so|okay|ok|that['’]s|it['’]s|and),? )*${NUM}(?:,| to|-| nil| nothing)\\s*${NUM}?\\b`, "i");
const count2 = (w: string) => (/^(?:nil|nothing)$/i.test(w) ? 0 : count(w));
// Outcomes said bare: "Passes.", "Carried.", "That's carried, five nil.", "Minutes approved.", "Okay, that fails."
const BARE_CARRIED =
  /^(?:(?:so|okay|ok|then|and|good),? )*(?:(?:that['’]s|it['’]s|that is|it is) )?(?:passes|passed|carries|carried|adopted|approved)\b|^(?:the )?[\p{L}-]+(?: [\p{L}-]+){0,3} (?:approved|adopted|passed|carried)(?: as (?:corrected|amended|presented|read|circulated))?[.!]?$/iu;
const BARE_FAILED = /^(?:(?:so|okay|ok|then|and),? )*(?:(?:that|it) )?(?:fails|failed|is lost|lost|defeated)\b/i;
const BARE_TABLED = /^(?:(?:so|okay|ok|then|and),? )*(?:it['’]s |that['’]s |it is )?tabled\b/i;
// A vote called on the motion: "All in favour of the amendment?", "In favour?"; "Those against?" calls the other side.
const CALL_VOTE =
  /\b(?:all|those) in favou?r\b|^(?:(?:so|okay|ok|and),? )*in favou?r(?: of .*)?\?$|\ball (?:those )?(?:for|agreed)\?|\blet['’]?s (?:vote|take a vote)\b|\broll[- ]call\b|\bcall the (?:roll|vote|question)\b|\bshow of hands\b|\braise your hands?\b/i;
// "All in favour of swapping to the used Grainsmith?": the chair's words for what is voted on.
// "Opposed?", "Any against?": the chair calls the other side; answers per speaker ("Aye.", "No.", "And I'm a no.").
const OTHER_SIDE = /^(?:(?:and|any|all|those|okay|ok|so),? )*(?:opposed|against|nays?|noes|no votes)\??$/i;
const AYE = /^(?:(?:and|also),? )?(?:aye|yes|yea|in favou?r|for|i(?:['’]m| am) (?:in favou?r|for it|a yes)|i vote (?:yes|aye|for))\b/i;
const NAY = /^(?:(?:and|also),? )?(?:no|nay|against|opposed|i(?:['’]m| am)(?: also)? (?:a no|against)|i vote (?:no|against))\b/i;
const ME_TOO = /^(?:(?:and|also),? )?me(?: too)?[.!]?$/i;
const VOTE_ON = /\bin favou?r of (?:the (?:amendment|motion|main motion)(?: as amended)?,? )?(.+?)\?$/i;

/** What a call for a motion that names nothing is about: what its turn said before it ("The marquee sign. Four thousand
 * dollars. Somebody want to move it?"). Bounded. */
function matterBefore(sentences: Sentence[], call: Sentence): string {
  const own: string[] = [];
  let words = 0;
  for (let j = call.order - 1; j >= 0 && sentences[j]!.turn === call.turn; j--) {
    const t = sentences[j]!.text;
    // A question, or the speaker's own aside ("I think we'll survive that."), is not the item.
    if (/\?$/.test(t) || /^i\b/i.test(t) || words + wordCount(t) > 25) break;
    own.unshift(t.replace(/[.!]$/, ""));
    words += wordCount(t);
  }
  // Others' talk before the call is discussion, not the motion: with nothing of the chair's own, none.
  while (own.length > 1 && wordCount(own[0]!) < 3) own.shift();
  return words >= 4 ? own.join(". ") : "";
}

/** Words a motion's text keeps: a long motion ("… payable in two equal installments, the first due June first and the
 * second October first") is cut at its last clause that fits, so that one motion does not take the decisions' room. */
const MOTION_WORDS = 22;
function clipped(body: string): string {
  const w = body.split(/\s+/);
  if (w.length <= MOTION_WORDS) return body;
  const head = w.slice(0, MOTION_WORDS).join(" ");
  const comma = head.lastIndexOf(",");
  return comma > head.length / 2 ? head.slice(0, comma) : head;
}

/** A vote as the notes list it: "Motion carried: <what was moved>, as amended." / "Motion failed: Amendment to …". The
 * outcome opens the line, where the page reads it for its badge (web/src/features/meetings/motion-outcome.ts). */
function voteText(failed: boolean, body: string, amended: boolean): string {
  return `Motion ${failed ? "failed" : "carried"}: ${sentenceCase(body.replace(/[.!?]$/, ""))}${amended ? ", as amended" : ""}.`;
}
/** An amendment's words as "Amendment to …": "amend to three thousand" → "Amendment to three thousand". */
function amendmentText(body: string): string {
  const what = body
    .replace(/^(?:to )?amend(?:ment|ing)?\b(?: (?:it|this|that|the (?:main )?motion))?[,:]?\s*(?:to |by )?/i, "")
    .replace(/[.!?]$/, "");
  return `Amendment to ${/^\p{Lu}\p{Ll}/u.test(what) && !/^[A-Z][a-z]+ [A-Z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what}`;
}

export function motionCandidates(sentences: Sentence[], speakers: Set<string>, outcomes = new Set<number>()): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  let floor: FloorMotion[] = [];
  // A call for a motion that named nothing, waiting for its mover; and the turn where a vote was called.
  let called: { at: Sentence; what?: string } | null = null;
  let voteTurn = -1;
  let voteOn: string | null = null;
  // The answers to a vote called on a motion, per speaker: when no one announces the outcome and the meeting moves on,
  // the count decides it (more for than against carries; a tie fails).
  let ballot = null as { motion: FloorMotion; side: "for" | "against"; ayes: Set<string>; noes: Set<string> } | null;
  const top = () => floor[floor.length - 1];
  const closeBallot = () => {
    const b = ballot;
    ballot = null;
    if (!b || !floor.includes(b.motion) || b.ayes.size + b.noes.size < 2) return;
    const failed = b.ayes.size <= b.noes.size;
    const m = b.motion;
    floor = floor.filter((x) => x !== m);
    if (m.role === "table" || (m.role === "amendment" && !failed)) {
      if (m.role === "amendment" && top()) top()!.amended = true;
      if (m.role === "table" && !failed) floor = [];
      return;
    }
    if (wordCount(m.body) < 3) return;
    out.push(
      candidate(
        m.at,
        "motion",
        { confirmed: m.seconded, agreements: +m.seconded },
        voteText(failed, m.role === "amendment" ? amendmentText(m.body) : m.body, !!m.amended),
        failed ? "failed" : "made",
      ),
    );
  };
  const open = (body: string, at: Sentence, weak = false) => {
    closeBallot();
    const current = top();
    const onFloor = !!current && at.turn - current.last <= MOTION_TURNS;
    // "Amend the rules to ban short-term rentals" with nothing on the floor is a main motion of its own.
    const role = roleOf(body) === "amendment" && !onFloor ? "main" : roleOf(body);
    const m: FloorMotion = { body, at, role, seconded: false, last: at.turn, weak };
    // A subsidiary motion stacks on the one on the floor; a new main motion replaces what was left undecided. An
    // amendment said again ("I'd amend it to the used one." … "Move to amend, swap …") is the same amendment.
    if (role === "amendment" && onFloor && current.role === "amendment") floor[floor.length - 1] = { ...m, seconded: current.seconded };
    else if (role !== "main" && onFloor) floor.push(m);
    else floor = [m];
    voteOn = null;
  };
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker)) continue;
    const sameTurnAfter = sentences.slice(i + 1, i + 8).filter((n) => n.turn === s.turn);
    if (ADJOURN.test(s.text) && (MOVE.test(s.text) || CHAIR_MOTION.test(s.text) || CALL_BARE.test(s.text))) {
      closeBallot();
      floor = [];
      called = null;
      continue;
    }
    // "So moved." / "I move it. Twenty-four hundred for library books." / "Lionel moves.": a motion on what was called
    // for, in the mover's words when they add some; or the mover of the motion the chair just put.
    const moved = MOVE.exec(s.text) ?? BARE_MOVE.exec(s.text);
    if (MOVE_IT.test(s.text) || NAMED_MOVER.test(s.text) || (moved && /^(?:it|that|this|so)(?:,? for discussion)?$/i.test(moved[1]!))) {
      if (called && s.turn - called.at.turn <= 3) {
        // "So moved, forty thousand.": what the mover adds, in the sentence or the next.
        const rest =
          MOVE_IT.exec(s.text)?.[1] ??
          (sameTurnAfter[0] && sameTurnAfter[0].speaker === s.speaker && !NAMED_MOVER.test(s.text) ? sameTurnAfter[0].text : "");
        if (statable(rest, 2) && !SECOND.test(rest)) open(rest.replace(/[.!]$/, ""), called.at);
        else if (called.what) open(called.what, called.at);
        else open(matterBefore(sentences, called.at), called.at, true);
      }
      called = null;
      continue;
    }
    const amendIt = AMEND_IT.exec(s.text);
    if (amendIt && top() && wordCount(amendIt[1]!) >= 2) {
      open(`amend ${amendIt[1]!}`, s);
      continue;
    }
    if (moved) {
      // "I'll move a second amendment. Keep all the existing parking …": what it says comes next.
      const next = sameTurnAfter[0];
      const body =
        /^an? (?:second |further )?amendment$/i.test(moved[1]!) && next && statable(next.text, 3)
          ? `amend: ${next.text.replace(/[.!]$/, "")}`
          : moved[1]!;
      open(body, s);
      called = null;
      continue;
    }
    const asked = CHAIR_MOTION.exec(s.text);
    const stated = asked ? null : STATED.exec(s.text);
    const statedBody = stated ? (stated[1] ?? stated[2])! : null;
    if (asked || (statedBody && !NOT_A_BODY.test(statedBody) && wordCount(statedBody) >= 2)) {
      const body = asked ? asked[1]! : statedBody!;
      const current = top();
      // The chair restating the motion on the floor before the vote ("Motion to recommend twenty-five on Quarry Road.
      // All in favour?", "The motion is to adopt …"): its words, the same motion.
      const restates =
        current &&
        roleOf(body) === current.role &&
        s.turn - current.last <= MOTION_TURNS &&
        (!asked || sameTurnAfter.some((n) => CALL_VOTE.test(n.text)));
      if (restates) {
        current.body = body;
        current.last = s.turn;
      } else open(body, s);
      called = null;
      continue;
    }
    const bare = CALL_BARE.exec(s.text);
    if (bare && /\?$|motion[.!]?$|\bfor\b/i.test(s.text)) {
      called = { at: s, what: bare[1] };
      continue;
    }
    const motion = top();
    if (!motion) continue;
    // "The motion dies for lack of a second.", "I withdraw my motion.": that motion only; the one under it stands.
    if (MOTION_DEAD.test(s.text)) {
      floor.pop();
      outcomes.add(s.order);
      continue;
    }
    // "The motion is tabled.", "Let's table it until March.", "Tabled.": nothing on the floor is decided.
    if (MOTION_TABLED.test(s.text) || BARE_TABLED.test(s.text)) {
      floor = [];
      outcomes.add(s.order);
      continue;
    }
    // A motion not voted on within a stretch of the meeting was left (withdrawn, tabled, talked out).
    if (s.turn - motion.last > MOTION_TURNS) {
      closeBallot();
      floor = [];
      continue;
    }
    if (ON_MOTION.test(s.text) || VOTE_TALK.test(s.text)) for (const m of floor) m.last = s.turn;
    // A vote's answers, each the opening of its speaker's turn.
    if (ballot && ballot.motion === motion && sentences[i - 1]?.turn !== s.turn) {
      const side = AYE.test(s.text) ? "for" : NAY.test(s.text) ? "against" : ME_TOO.test(s.text) ? ballot.side : null;
      if (side && wordCount(s.text) <= 6 && !/\?$/.test(s.text)) {
        (side === "for" ? ballot.ayes : ballot.noes).add(s.speaker);
        (side === "for" ? ballot.noes : ballot.ayes).delete(s.speaker);
        continue;
      }
    }
    if (ballot && OTHER_SIDE.test(s.text)) {
      ballot.side = "against";
      continue;
    }
    if (SO_MOVED.test(s.text)) continue;
    // "I'll accept that as a friendly amendment.": the mover takes the change, no vote on it.
    if (FRIENDLY.test(s.text)) {
      motion.amended = true;
      continue;
    }
    // "The motion now reads one forty-two with twenty-two for the boat.": an accepted amendment is what is voted on.
    const amended = AMENDED.exec(s.text);
    if (amended && wordCount(amended[1]!) >= 4) {
      motion.body = amended[1]!;
      motion.amended = true;
      continue;
    }
    if (CALL_VOTE.test(s.text)) {
      const held = ballot as typeof ballot;
      if (held?.motion === motion) held.side = "for";
      else {
        closeBallot();
        ballot = { motion, side: "for", ayes: new Set(), noes: new Set() };
      }
      voteTurn = s.turn;
      const on = VOTE_ON.exec(s.text)?.[1];
      voteOn = on && wordCount(on) >= 3 ? on : null;
      continue;
    }
    if (SECOND.test(s.text)) {
      motion.seconded = true;
      continue;
    }
    const decidedLater = sameTurnAfter.some((n) => FAILS.test(n.text) || CARRIED.test(n.text) || BARE_FAILED.test(n.text));
    // "Four yes, three no." / "Two, three." (during a vote): the count alone, when no "carries" / "fails" follows it.
    const bareTally = voteTurn >= 0 && s.turn - voteTurn <= 6 ? BARE_TALLY.exec(s.text) : null;
    const counted =
      !FAILS.test(s.text) && !CARRIED.test(s.text) && !decidedLater
        ? (tally(s.text) ??
          (bareTally && bareTally[2] && count2(bareTally[1]!) >= 0 && count2(bareTally[2]) >= 0
            ? count2(bareTally[1]!) > count2(bareTally[2])
              ? "carried"
              : "failed"
            : null))
        : null;
    const inVote = voteTurn >= 0 && s.turn - voteTurn <= 6;
    const failed = FAILS.test(s.text) || counted === "failed" || (inVote && BARE_FAILED.test(s.text));
    const carried = CARRIED.test(s.text) || (inVote && BARE_CARRIED.test(s.text) && !decidedLater);
    // After "All in favour? Four.", the chair's statement says what carried ("The tour is postponed to January.").
    const announced =
      voteTurn === s.turn &&
      !/\?$/.test(s.text) &&
      (wordCount(s.text) >= 4 || (wordCount(s.text) === 3 && /\b(?:is|are) \p{L}+ed[.!]?$/u.test(s.text))) &&
      !VOTE_TALK.test(s.text) &&
      !/\b(?:motion|amendment)\b/i.test(s.text) &&
      !sentences.slice(i + 1, i + 8).some((n) => n.turn === s.turn && (FAILS.test(n.text) || CARRIED.test(n.text)));
    if (!failed && !carried && !announced && !counted) continue;
    outcomes.add(s.order);
    ballot = null;
    // The amendment's vote ("The amendment carries."), not the motion's: the motion goes on, amended if it carried; a
    // failed amendment is a motion that failed, and is listed as one.
    if (motion.role === "amendment" || (/\bamendment\b/i.test(s.text) && !/\bas amended\b/i.test(s.text))) {
      const amendment = motion.role === "amendment" ? floor.pop()! : null;
      const under = top();
      if (!failed && under) under.amended = true;
      if (failed && amendment) {
        const what = amendmentText(voteOn ?? amendment.body);
        // "Amend to three thousand": a change to a motion names the motion when its own words are few.
        const named =
          wordCount(what) < 5 && under && !under.weak ? `${what} (amending: ${under.body.split(/\s+/).slice(0, 8).join(" ")})` : what;
        if (wordCount(what) >= 2)
          out.push(
            candidate(
              amendment.at,
              "motion",
              { confirmed: amendment.seconded, agreements: +amendment.seconded },
              voteText(true, named, false),
              "failed",
            ),
          );
      }
      voteOn = null;
      continue;
    }
    // "Five. Unanimous. The minutes stand approved with the spelling corrected.": the statement after says what passed.
    if (
      UNANIMOUS.test(s.text) &&
      sentences
        .slice(i + 1, i + 4)
        .some((n) => n.turn === s.turn && (CARRIED.test(n.text) || APPROVED_STATE.test(n.text) || FAILS.test(n.text)))
    )
      continue;
    floor.pop();
    // A motion to table that carries leaves the motion under it undecided; a postponement or referral that carries
    // is the decision about it.
    if (motion.role === "table") {
      if (!failed) floor = [];
      continue;
    }
    if (motion.role === "postpone" && !failed) floor = [];
    // The chair's announcement may say what was agreed better than the motion did ("The minutes are approved
    // as corrected."): used when the motion's own words are few.
    const said = s.text
      .replace(VOTE_WORDS, " ")
      .replace(/[^\p{L}\s]/gu, " ")
      .trim();
    // So may a statement of the state it leaves ("The minutes stand approved with the spelling corrected."), which
    // also says what an amendment changed.
    const states = announced && APPROVED_STATE.test(s.text) && wordCount(said) >= 5;
    const own = wordCount(motion.body) >= 3 && !/^(?:approve|adopt|accept)?\s*(?:it|this|that|them)$/i.test(motion.body) ? motion.body : "";
    const base = motion.weak ? (voteOn ?? motion.body) : own || (voteOn ?? motion.body);
    // "Can I have a motion to approve? … Minutes approved.": when the motion named nothing, the announcement does.
    const enough = wordCount(base) < 2 ? 2 : motion.weak ? 3 : 4;
    const body = (wordCount(base) < 6 || states || motion.weak) && wordCount(said) >= enough && !failed ? said.replace(/\s+/g, " ") : base;
    voteOn = null;
    if (wordCount(body) < 2) continue;
    const how = failed ? "failed" : "carried";
    const text = voteText(failed, clipped(body.replace(/[.!?]$/, "")), !!motion.amended && body === motion.body);
    out.push(
      candidate(motion.at, "motion", { confirmed: motion.seconded, agreements: +motion.seconded }, text, failed ? "failed" : "made"),
    );
  }
  closeBallot();
  return out.sort((a, b) => a.order - b.order);
}

// --- recap: a proposal the recap at the end repeats is settled ---------------------------------------------

const STOP = new Set(
  "the a an to of for and or in on at with by it that this them my our your his her their be is are was we you me up out about from not no so okay let's lets going go will we'll".split(
    " ",
  ),
);
const contentWords = (t: string) =>
  new Set(
    t
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .map((w) => w.replace(/^'+|'+$/g, ""))
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, "")),
  );
/** How much of `b`'s words `a` has; 0 unless at least two are shared and `b` has four (fewer say too little). */
function containment(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of b) if (a.has(w)) n++;
  return n >= 2 && b.size >= 4 ? n / b.size : 0;
}
function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return a.size + b.size ? (2 * n) / (a.size + b.size) : 0;
}

/** Proposals no one answered but that a recap turn repeats ("Recap. Retainer not renewed, …"). */
export function recapCandidates(sentences: Sentence[], speakers: Set<string>, taken: Set<number>): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  // The open proposals, newest last; bounded so a long meeting stays linear.
  const open: { s: Sentence; words: Set<string> }[] = [];
  const opened = recapOpenings(sentences);
  for (const s of sentences) {
    if (!speakers.has(s.speaker)) continue;
    if (opened.has(s.turn)) {
      const words = contentWords(s.text);
      for (let k = open.length - 1; k >= 0; k--) {
        const p = open[k]!;
        if (p.s.turn === s.turn || overlap(p.words, words) < 0.4) continue;
        out.push(candidate(p.s, "agreed", { recap: true }));
        open.splice(k, 1);
      }
      continue;
    }
    if (taken.has(s.order) || !PROPOSAL.test(s.text) || !statable(s.text, 5) || housekeeping(s.text) || NOT_OURS.test(s.text)) continue;
    open.push({ s, words: contentWords(s.text) });
    if (open.length > 40) open.shift();
  }
  return out;
}

/**
 * What a recap at the end states that is not someone's task: "Standup stays at nine fifteen.", "No releases on
 * Fridays.", "Offer to Amara at senior." A clause that opens with a person ("Liz quarantines…", "I send…") is a
 * task, left to the action items; a line that mixes both keeps its state ("The office stays at two days, I send a
 * survey by Friday." → "The office stays at two days."). Only what follows the recap's opening counts.
 */
export function recapStatements(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const people = new Set<string>();
  for (const sp of speakers) for (const w of sp.toLowerCase().split(/[\s()]+/)) if (w.length > 1) people.add(w);
  const isPerson = (w: string) => {
    const x = w.toLowerCase();
    return people.has(x) || [...people].some((p) => p.length > 3 && x.length >= 3 && p.startsWith(x));
  };
  const opened = recapOpenings(sentences);
  const out: DecisionCandidate[] = [];
  for (const s of sentences) {
    const start = opened.get(s.turn);
    if (start === undefined || s.order < start || !speakers.has(s.speaker) || RECAP_OPENER.test(s.text)) continue;
    // "Let me read back what we decided." opens the recap; "So where we landed: the pilot is Modesto." states in it.
    if (RECAP_MORE.test(s.text) && !/:\s*\S/.test(s.text)) continue;
    if (!statable(s.text, 2) || housekeeping(s.text) || TABLED.test(s.text)) continue;
    const text = statePart(s.text, isPerson);
    if (!text || NOT_OURS.test(text) || housekeeping(text)) continue;
    // "Redesign stays.": a short line is a decision only when its verb says the state.
    if (wordCount(text) < 4 && !SHORT_STATE.test(text)) continue;
    out.push(candidate(s, "recap", { recap: true }, text));
  }
  return out;
}

/**
 * Where each recap turn's recap begins ("Please don't joke about that. Recap. …": after "Recap."). Besides the turns
 * marked as recaps, a turn in the last quarter of the meeting that opens a summary in other words ("So, where we
 * landed: …", "Let me read back what we decided.") and goes on for three sentences or more.
 */
function recapOpenings(sentences: Sentence[]): Map<number, number> {
  const at = new Map<number, number>();
  const last = sentences[sentences.length - 1]?.turn ?? 0;
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (at.has(s.turn)) continue;
    if (s.inRecap && RECAP.test(s.text)) at.set(s.turn, s.order);
    else if (s.turn >= last * 0.75 && RECAP_MORE.test(s.text) && sentences[i + 3]?.turn === s.turn) at.set(s.turn, s.order);
  }
  // A marked recap turn whose marker did not survive cleaning: all of it.
  for (const s of sentences) if (s.inRecap && !at.has(s.turn)) at.set(s.turn, s.order);
  return at;
}
const RECAP_MORE =
  /\b(?:where we landed|where we ended up|what we (?:decided|agreed)|read (?:it |that |them |this )?back|so,? in short|the upshot|(?:let me|i['’]ll) (?:sum|run through|go through|go over) (?:it|that|this|what|the))\b/i;

// A recap line's clauses: split before a clause that opens with someone doing something (", I send…",
// "; Tony talks…", ", and Rosa posts…") or with a new subject ("… and the Postgres upgrade moves…").
const CLAUSE_BREAK =
  /;\s+|\s+and\s+(?=\p{Ll}+s (?:the|a|an|her|his|their|our|its)\b)|,\s+(?:and\s+)?(?=(?:[Ii]|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\s|\p{Lu}[\p{L}'’-]+\s+\p{L}+s\b)|\s+and\s+(?=\p{Lu}[\p{L}'’-]+\s+\p{L}+s\b|(?:the|our|all|no|every)\s)/u;
const LABEL = /^((?:item \p{L}+|[\p{L}\d][\p{L}\d-]*(?: [\p{L}\d-]+){0,2}):)\s+/iu;
// "One I forgot to say earlier: no list price increase in Q1.": a lead-in, dropped.
const LEAD_IN = /^[^:]{12,60}:\s+(?=\S)/u;
const SHORT_STATE = /^(?:(?:the|no|our) )?[\p{L}\d-]+(?: [\p{L}\d-]+)? (?:stays|goes|moves|remains|is (?:out|in|off|cut|final))\b/iu;

/** The state a recap line states, without its tasks; null when it is all tasks. */
function statePart(text: string, isPerson: (w: string) => boolean): string | null {
  const label = LABEL.exec(text);
  // "Item two:" numbers the line; "Training:" says what it is about and stays.
  const keep = label && !/^item\b/i.test(label[1]!) ? `${label[1]} ` : "";
  const body = label ? text.slice(label[0].length) : text.replace(LEAD_IN, "");
  const states = body
    .replace(/[.!]$/, "")
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    // A later clause on "it" leans on the one before ("…, and it's mandatory"): not a statement of its own.
    .filter((c, k) => c && !isTask(c, isPerson) && !(k > 0 && /^(?:it|that|this|there)(?:['’]s)?\s/i.test(c)));
  if (!states.length) return null;
  const said = states.join(", ");
  return sentenceCase(`${keep}${said}.`);
}

function isTask(clause: string, isPerson: (w: string) => boolean): boolean {
  const first = /^[\p{L}'’]+/u.exec(clause)?.[0] ?? "";
  // "Nat is onboarding buddy", "Felix owns the flaky test": a role given to someone is a decision, not their task.
  if ((ROLE.test(clause) || OWNS.test(clause)) && !DUE_WORDS.test(clause)) return false;
  if (PERSONAL.test(first) || isPerson(first) || DUE_WORDS.test(clause)) return true;
  // "The root-cause report Friday.": a thing and the day it is due is a deliverable, not a state.
  if (wordCount(clause) <= 6 && DELIVERABLE.test(clause)) return true;
  // "… and files the IT request": the same person's task, its subject left out.
  if (/^\p{Ll}+s (?:the|a|an|her|his|their|our|its)\b/u.test(clause)) return true;
  // "Liz quarantines the tests": a name-like word doing something; not "Standup stays" nor "Salary reviews move".
  const doer = /^\p{Lu}[\p{L}'’-]* (\p{L}+)s\b/u.exec(clause);
  return !!doer && !STATE_VERB.test(`${doer[1]}s`) && !PLURAL_SUBJECT.test(clause);
}
const DELIVERABLE =
  /(?<!\b(?:on|from|until|till|to|at|by|before|after|every|each|since|of|for|is|are|next|this|last))\s+(?:(?:mon|tues|wednes|thurs|fri)day|tomorrow)$/i;
const ROLE =
  /^\p{Lu}[\p{L}'’-]* (?:is|stays|remains) (?:the |our |their )?(?!out|away|off|back|on\b|sick|late|here|going|not|in\b|fine|busy|free|happy)\p{L}+/u;
const OWNS = /^\p{Lu}[\p{L}'’-]* (?:owns|leads|chairs|takes over|is (?:leading|chairing|taking over|in charge of))\s+\p{L}/u;
const PLURAL_SUBJECT =
  /^\p{Lu}[\p{L}'’-]* \p{L}+s (?:move|stay|go|open|close|start|end|drop|remain|run|shift|wait|come|keep|are|get|become|happen|pause|ship)\b/u;
const RECAP_OPENER =
  /^(?:(?:okay|ok|so|right|alright),? )*(?:(?:quick |to |let me )?recap|to sum up|in summary|thanks|thank you|anything (?:else|i missed)|that['’]s (?:it|all|everything))\b/i;
const STATE_VERB = /^(?:stays|is|goes|moves|drops|becomes|starts|ends|remains|keeps|comes|runs|opens|closes|shifts|happens|waits)$/;
const DUE_WORDS =
  /\b(?:today|tonight|tomorrow|by (?:monday|tuesday|wednesday|thursday|friday|the|end|next|tomorrow|then|eod|noon)|this week|next week|after this|before (?:the|planning|monday|tuesday|wednesday|thursday|friday))\b/i;
const PERSONAL = /^(?:i|i['’]ll|i['’]m|you|you['’]ll|he|she|they|we['’]ll|someone|everyone|everybody|thanks|great|good|okay|so)$/i;

// --- scorer ------------------------------------------------------------------------------------------------

/** Hand-set: a motion voted on is the surest, an explicit statement next, a proposal by how it was received. */
export const DECISION_WEIGHTS = {
  motion: 1,
  explicit: 0.7,
  agreed: 0.45,

  perAgreement: 0.15,
  confirmed: 0.25,
  /** A recap's statement on its own; and what a recap adds to a proposal it repeats. */
  recap: 0.5,
  recapped: 0.15,
  threshold: 0.5,
};

export function scoreDecision(c: DecisionCandidate): number {
  const w = DECISION_WEIGHTS;
  const f = c.features;
  return w[c.kind] + w.perAgreement * Math.min(f.agreements, 3) + (f.confirmed ? w.confirmed : 0) + (f.recap ? w.recapped : 0);
}

// --- selection ---------------------------------------------------------------------------------------------

/** Candidates on the same matter within this many later candidates replace each other (bounded: linear). */
const SAME_MATTER_WINDOW = 30;
const SAME_MATTER = 0.45;
const RESTATES = 0.6;
/** Words all listed decisions may take, each with its speaker's name. */
export const DECISION_WORDS = 90;

type Kept = DecisionPoint & { words: Set<string> };

export function selectDecisions(cands: DecisionCandidate[], max: number): DecisionPoint[] {
  return withinBudget(sameMatter(cands), max);
}

/** The candidates over the threshold, a later one on the same matter replacing the earlier (a reversal's final state). */
function sameMatter(cands: DecisionCandidate[]): Kept[] {
  const scored = cands
    .map((c) => ({ ...c, score: scoreDecision(c) }))
    .filter((c) => c.score >= DECISION_WEIGHTS.threshold)
    .sort((a, b) => a.order - b.order || b.score - a.score);
  const kept: Kept[] = [];
  for (const c of scored) {
    const words = contentWords(c.text);
    // "Scratch the freelancer.": earlier decisions about the freelancer no longer stand.
    if (c.scratches?.length)
      for (let k = kept.length - 1; k >= Math.max(0, kept.length - SAME_MATTER_WINDOW); k--)
        if (kept[k]!.kind !== "motion" && c.scratches.every((w) => kept[k]!.words.has(w))) kept.splice(k, 1);
    let replaced = false;
    for (let k = kept.length - 1; k >= Math.max(0, kept.length - SAME_MATTER_WINDOW); k--) {
      const prev = kept[k]!;
      // Two votes are two decisions, however alike their words.
      if (prev.kind === "motion" && c.kind === "motion" && prev.order !== c.order) continue;
      // A recap line is short: it restates a decision when most of its words were in it ("The office stays at two
      // days." after "We stay at two days for now, and Jo runs a survey …").
      const restates = c.kind === "recap" && prev.kind !== "recap" && containment(prev.words, words) >= RESTATES;
      if (prev.order === c.order || restates || overlap(prev.words, words) >= SAME_MATTER) {
        // The same sentence twice, or a later word on the same matter: the final state stands, and a vote
        // outranks talk about it.
        // A recap repeating a decision confirms it; the words said when it was made stay.
        if (c.kind === "recap" && prev.kind !== "recap") {
          prev.score += DECISION_WEIGHTS.recapped;
          replaced = true;
        } else if (prev.kind === "motion" && c.kind !== "motion") replaced = true;
        else if (prev.order === c.order && prev.score >= c.score) replaced = true;
        else kept.splice(k, 1);
        break;
      }
    }
    if (!replaced) kept.push({ ...c, words, score: Math.max(c.score, 0) });
  }
  return kept;
}

function withinBudget(kept: Kept[], max: number): DecisionPoint[] {
  // The surest first, while they fit: `max` of them and DECISION_WORDS words (the summary stays under 200 words).
  const best: typeof kept = [];
  let words = 0;
  for (const d of [...kept].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (best.length >= max) break;
    const n = wordCount(d.text) + 2;
    if (words + n > DECISION_WORDS) continue;
    best.push(d);
    words += n;
  }
  return best.sort((a, b) => a.order - b.order).map(({ words: _w, ...d }) => ({ ...d, text: asDecision(d.text) }));
}

// --- text: a decision as a statement ----------------------------------------------------------------------

// How a decision was put ("So, okay, …", "My proposal: …", "We're decided: …", "I propose that …"): the notes say what
// was decided, in the group's own words ("We go with Stripe now …"), without it (docs/decisions/035).
const SPOKEN_LEAD = /^(?:(?:so|okay|ok|right|alright|fine|good|great|then|and|agreed|yes|yeah)\s*[,:.!]?\s+)+/i;
const PUT_AS =
  /^(?:(?:my|our|the) proposal(?: is)?|proposal|i(?:['’]d| would)? (?:like to )?(?:propose|suggest|move)(?: that)?|(?:the |our )?(?:final )?decision(?: is| made)?|we(?:['’]re| are) decided|(?:it['’]s |that['’]s )?(?:agreed|decided))(?:\s*[:,]\s*|\s+(?=we\b|the\b|that\b))/i;
const LETS = /^let['’]?s\s+(?:(not)\s+)?(?:we['’]ll\s+)?/i;
const THEN_END = /,?\s+(?:then|okay|ok)([.!]?)$/i;
/** A selected decision's text as a statement: its lead-ins and closing "then" gone, every content word kept; a
 * motion keeps its outcome ("Motion failed: …"), which the page shows as a badge. */
export function asDecision(text: string): string {
  const motion = /^motion [^:]{1,40}:\s+/i.exec(text)?.[0] ?? "";
  const said = text.slice(motion.length);
  let t = said.replace(SPOKEN_LEAD, "");
  t = t.replace(PUT_AS, "").replace(SPOKEN_LEAD, "");
  t = t.replace(/^that\s+(?=we\b)/i, "");
  t = t.replace(LETS, (_m, not: string | undefined) => (not ? "we don't " : "we "));
  t = t.replace(THEN_END, ".").trim();
  if (!/[.!?]$/.test(t)) t += ".";
  // Too little left to state anything: the words as said.
  if (wordCount(t) < 2) return text;
  return motion + sentenceCase(t);
}

// "Twenty-five percent on the May invoice, and we resend every failed message at no charge." — confirmed as one, two
// things settled: each its own decision (each its own place, so that selection tells them apart).
const AND_WE = /,\s+and\s+(?=we(?:['’]re| are| will|['’]ll)? \p{L})/iu;
const LEAD = /^(?:(?:so|okay|ok|right),? )*(?:we['’]re clear|to be clear|to confirm|for the record)[:,]\s+/i;
function splitSettled(c: DecisionCandidate): DecisionCandidate[] {
  if (!c.features.confirmed) return [c];
  const parts = c.text.replace(LEAD, "").replace(/[.!]$/, "").split(AND_WE);
  if (parts.length < 2 || parts.some((p) => wordCount(p) < 3)) return [c];
  return parts.map((p, k) => ({ ...c, text: `${sentenceCase(p.trim())}.`, order: c.order + k / 100 }));
}

// --- the whole ---------------------------------------------------------------------------------------------

const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/** Every decision candidate the rules propose, before scoring and selection. */
export function ruleDecisionCandidates(sentences: Sentence[], speakers: string[]): DecisionCandidate[] {
  const said = new Set(speakers);
  // A vote's outcome ("The motion carries, four in favour") is the motion's candidate, not an explicit one of its own.
  const outcomes = new Set<number>();
  const motions = motionCandidates(sentences, said, outcomes);
  const explicit = explicitCandidates(sentences, said)
    .filter((c) => !outcomes.has(c.order))
    .flatMap(splitSettled);
  // Nor is any other rule's reading of a vote's outcome ("the motion to postpone fails for lack of a second").
  const agreed = proposalCandidates(sentences, said).filter((c) => !outcomes.has(c.order));
  const settled = settledCandidates(sentences, said).filter((c) => !outcomes.has(c.order));
  const taken = new Set([...explicit, ...agreed, ...settled].map((c) => c.order));
  const recap = recapCandidates(sentences, said, taken);
  const others = [...explicit, ...agreed, ...settled, ...recap, ...recapStatements(sentences, said)];
  return [...others.filter((c) => !retellsAVote(c, motions)), ...motions];
}

// "The capstone motion failed, I'm writing to History on Monday.": a vote told again (a recap, the minutes read back)
// is that vote, which its motion already lists with its outcome.
const VOTE_TOLD = /\b(?:motion|amendment|passed|carried|failed|voted (?:down|through)|defeated)\b/i;
function retellsAVote(c: DecisionCandidate, motions: DecisionCandidate[]): boolean {
  if (!VOTE_TOLD.test(c.text)) return false;
  const words = contentWords(c.text.replace(VOTE_WORDS, " "));
  return motions.some((m) => m.order < c.order && [...contentWords(m.text.replace(/^[^:]*:/, ""))].some((w) => words.has(w)));
}

/** What the rules say about each sentence, as the classifier's features read it. */
export function ruleSignals(cands: DecisionCandidate[], listed: DecisionPoint[]): RuleSignals {
  const kinds = new Map<number, Set<string>>();
  for (const c of cands) {
    const i = Math.floor(c.order);
    const set = kinds.get(i) ?? new Set<string>();
    set.add(c.features.confirmed ? `${c.kind}:confirmed` : c.kind);
    kinds.set(i, set);
  }
  return { kinds, listed: new Set(listed.map((d) => Math.floor(d.order))) };
}

/** How far apart (in sentences) the classifier's sentence and a listed decision may be to be on the same matter. */
const NEAR_SENTENCES = 200;

/** The classifier's probability for every candidate sentence (by index in `sentences`). */
export function decisionProbabilities(
  sentences: Sentence[],
  speakers: string[],
  cands: DecisionCandidate[],
  weights: Readonly<Record<string, number>>,
): Map<number, number> {
  const feats = sentenceFeatures(
    sentences,
    speakers,
    ruleSignals(cands, withinBudget(sameMatter(cands), Infinity)),
    hasWordWeights(weights),
  );
  const p = new Map<number, number>();
  for (const [i, f] of feats) p.set(i, decisionProbability(weights, f));
  return p;
}

/**
 * The rules' decisions combined with the classifier's (docs/decisions/043): "union" adds the sentences it rates at
 * least `threshold` that are on no matter the rules list (at most `perThousandWords`, the surest first); "veto"
 * drops a rule's decision it rates under `veto` (never a vote); "replace" lists its sentences alone. Then the same
 * budget as the rules alone (`max` decisions, DECISION_WORDS words).
 */
export function combineDecisions(
  sentences: Sentence[],
  speakers: string[],
  cands: DecisionCandidate[],
  model: DecisionModel,
  max: number,
  /** The classifier's probability per sentence when already known (training tries many settings on one fit). */
  known?: Map<number, number>,
): DecisionPoint[] {
  const rules = sameMatter(cands);
  const totalWords = sentences.reduce((n, s) => n + wordCount(s.text), 0);
  if (model.combination === "rules" || !modelApplies(sentences, model)) return withinBudget(rules, max);
  const p = known ?? decisionProbabilities(sentences, speakers, cands, model.weights);
  let kept: Kept[] = model.combination === "replace" ? [] : rules;
  if (model.combination === "veto" || model.combination === "union+veto")
    kept = kept.filter((d) => d.kind === "motion" || (p.get(Math.floor(d.order)) ?? 1) >= model.veto);
  if (model.combination === "veto") return withinBudget(kept, max);
  const room = Math.max(1, Math.round((model.perThousandWords * totalWords) / 1000));
  const mine = [...p]
    .filter(([, q]) => q >= model.threshold)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, room);
  // Listed decisions by stretch of the meeting: a sentence is compared with those near it only (linear).
  const near = new Map<number, Kept[]>();
  const file = (d: Kept) => {
    const b = Math.floor(d.order / NEAR_SENTENCES);
    near.set(b, [...(near.get(b) ?? []), d]);
  };
  kept.forEach(file);
  const added: Kept[] = [];
  for (const [i, q] of mine) {
    const s = sentences[i]!;
    const words = contentWords(s.text);
    // On a matter the rules (or a surer sentence of its own) already list: the listed one stands.
    const same = (d: Kept) => Math.floor(d.order) === i || overlap(d.words, words) >= SAME_MATTER;
    const b = Math.floor(i / NEAR_SENTENCES);
    if ([b - 1, b, b + 1].some((k) => near.get(k)?.some(same))) continue;
    const d: Kept = {
      text: s.text,
      kind: "explicit",
      outcome: "made",
      speaker: s.speaker,
      turn: s.turn,
      order: s.order,
      features: { agreements: 0, objections: 0, recap: false, confirmed: false },
      score: q,
      words,
    };
    added.push(d);
    file(d);
  }
  return withinBudget([...kept, ...added], max);
}

/** The decisions in the meeting with their speaker, turn, kind, outcome and score, in meeting order. With no model,
 * the rules alone. */
export function findDecisionPoints(
  sentences: Sentence[],
  speakers: string[],
  max = Infinity,
  model: DecisionModel | null = DECISION_MODEL,
): DecisionPoint[] {
  const cands = ruleDecisionCandidates(sentences, speakers);
  return model ? combineDecisions(sentences, speakers, cands, model, max) : selectDecisions(cands, max);
}

/** The decisions as lines, each with the speaker who stated it ("… (Kasia)"); near-repeats once. */
export function findDecisions(
  sentences: Sentence[],
  speakers: string[],
  max = Infinity,
  model: DecisionModel | null = DECISION_MODEL,
): string[] {
  return findDecisionPoints(sentences, speakers, max, model).map((d) => (d.speaker.trim() ? `${d.text} (${who(d.speaker)})` : d.text));
}

/** Decisions listed in the summary: enough for a board meeting's motions, few enough to leave room for the rest. */
export const MAX_DECISIONS = 8;
