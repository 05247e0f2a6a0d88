// Decisions: what the group itself settled, found the ways groups settle things, in three steps.
//   1. Candidates: pure functions read the meeting's sentences once and propose decisions, each with its
//      kind, features, speaker and place:
//        - explicit: "we're decided: …", "decision made, …", "so we'll go with …", "the motion carries";
//        - agreed: a proposal ("I propose we …", "let's go with …", "so we don't renew …") that someone else
//          agrees to in the next turns ("agreed", "sounds good", "objections?" — "none"), or that a recap
//          at the end repeats;
//        - motion: a motion moved, seconded and voted, carried or failed (a failed one says so).
//   2. Scorer: one score per candidate from its kind and features (DECISION_WEIGHTS).
//   3. Selection: a later candidate on the same matter replaces the earlier (a reversed decision is listed
//      in its final state), then the best `max` in meeting order.
// Not a decision: a third party's ("the government has decided…"), a hedge or hypothetical, a question,
// housekeeping ("let's keep it tight", "let's move on", "let's vote").
// Every step is linear in the meeting's sentences: look-aheads and the same-matter check are bounded.
import { isBroken, repeatsAWord, type Sentence } from "./key-points";

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
}
export interface DecisionPoint extends DecisionCandidate {
  score: number;
}

// --- candidates: explicit ---------------------------------------------------------------------------------

// Agreement said by the group itself.
const DECISION =
  /\b(?:we(?:['’]ll| will| are going to|['’]re going to|['’]re gonna) (?:go with|stick with|use|keep|drop|skip|defer|leave|include|make it (?!in\b|on time|work\b|happen)|move|cancel|retire|hold|run|start|launch)|we(?: are|['’]re) going with|let['’]?s (?:go with|stick with|use|keep(?! it (?:tight|short|quick|brief|moving))|drop|leave|skip|defer|cancel|commit to)|we(?:['’]ve| have)? (?:agreed|decided)|^(?:(?:so|okay|ok|right),? )?(?:it['’]s |that['’]s )?(?:agreed|decided)\b|the decision is|our decision(?! making)|we(?: are|['’]re) decided|decision(?: is)? made|^(?:(?:so|okay|ok|right|alright),? )*(?:final )?decision[:,]|(?:the )?motion (?:carries|passes|is (?:approved|carried|agreed))|we['’]re not (?:going to|gonna)(?! (?:be able|get|make it)\b))\b/i;
// A decision reported about someone else, or not (yet) made.
const NOT_OURS =
  /\b(?:(?!we\b)\p{L}+ (?:has|have|had) (?:decided|agreed)|(?:has|have|had) been (?:decided|agreed)|if|whether|maybe|perhaps|might|probably|i think|i guess|i don['’]t know|not sure|should we|could we|do we|would we|can we|or not|have to|at some point|i would|would have)\b/iu;
// The agreement must open its clause ("so we'll go with…", "okay, let's keep…"), not sit inside one
// ("the trends that we're gonna use", "the components we will use").
const CLAUSE_START = /(?:^|[,;:—–-]\s*|\b(?:so|okay|ok|right|yeah|well|and|but|then|now|alright|fine|good|actually)[,.]?\s+)$/i;
// Not a decision about the work: "let's not forget…", "let's keep in mind…", "let's not plan on smooth".
const ASIDE =
  /\blet['’]?s (?:not (?:forget|worry|hear|kid|pretend|fool|lose sight|plan on|get ahead|go there|reopen|panic|rush|jump)|keep in mind|celebrate|make sure|say\b|see\b|be (?:honest|clear|careful)|hope|just)\b/i;
// Running the meeting is no decision: "let's keep it tight", "let's move on", "let's vote", "let's go round".
const HOUSEKEEPING =
  /\blet['’]?s (?:keep (?:it|this) (?:tight|short|quick|brief|moving)|move on|go(?: round\b| around\b|[.!]?$)|start[.!,]?$|start (?:with (?:you|him|her|the (?:first|next)|[A-Z]\p{L}+[.?!]?$)|off|by)|begin|get (?:started|going)|kick off|wrap (?:it |this )?up|vote|take (?:that|this|it) (?:under|offline|later)|hear from|do (?:a )?(?:quick )?(?:round|recap)|recap|adjourn|break|take a break|come back to|circle back|dive in|jump in|take a (?:temperature check|look|step back|minute|second|quick)|talk about|hear it|get into|look at)\b|\b(?:next item|any other business|call (?:this|the) meeting to order|motion to adjourn|recap|adjourn|we['’]re (?:done|finished|out of time|over time|wrapping up))\b/iu;
// Going on with what is under way is no decision: "we will keep working hard", "we'll keep up our approach".
const CARRYING_ON = /\bkeeps? (?:(?:on|up)\b|\p{L}+ing\b)/iu;

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
  /^(?:(?:so|okay|ok|right|alright|good|great|then),? )*(?:decision made|decided|agreed|done|settled|that['’]s (?:settled|decided|agreed|the decision|final)|[\p{L}\d-]+(?: [\p{L}\d-]+){0,2} it is)[.!]?$/iu;

export function explicitCandidates(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker) || housekeeping(s.text) || CARRYING_ON.test(s.text)) continue;
    // "So we're making an offer to Amara. Decision made.": the short confirmation settles the sentence before it.
    if (CONFIRM.test(s.text)) {
      const prev = sentences[i - 1];
      if (prev && prev.turn === s.turn && statable(prev.text) && !NOT_OURS.test(prev.text) && !housekeeping(prev.text))
        out.push(candidate(prev, "explicit", { confirmed: true }));
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
    const m = DECISION.exec(s.text);
    if (!m || !statable(s.text, 5) || NOT_OURS.test(s.text)) continue;
    if (!CLAUSE_START.test(s.text.slice(0, m.index))) continue;
    // The agreement needs what was agreed: "We are going to keep." says nothing.
    if (!/\p{L}/u.test(s.text.slice(m.index + m[0].length))) continue;
    out.push(candidate(s, "explicit", {}));
  }
  return out;
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
  /^(?:(?:so|okay|ok|right|then|alright|well|and|yeah|no|actually|fine)[,.]? )*(?:(?:i|we) (?:propose|suggest|recommend)(?: that)?|my (?:proposal|suggestion|recommendation)(?: is)?[:,]?|the proposal is|how about we|i(?:['’]d| would) (?:say|go with)|let['’]?s|we (?:go with|stick with|drop|cut|keep|(?:don['’]t|do not) (?!have|know|need|want|like|see|think|get|really|usually|even|always|ever|mind|care)|move|make|use|skip|retire|push|hold|extend|accept|approve|offer|give|take|switch)|shall we(?: say)?)\b/i;
// Agreement from someone else, said as (most of) a short turn.
const AGREE =
  /^(?:(?:yes|yeah|yep|yup|okay|ok|sure|right|great|good|fine|no|absolutely|definitely),? )*(?:agreed|i agree|sounds good|sounds great|sounds right|works for me|fine (?:by|with) me|happy with (?:that|it)|i can live with (?:that|it)|makes sense|let['’]?s do (?:it|that)|deal|no objections?|none(?: from me)?|not from me|seconded|i['’]m in|i['’]m fine with (?:that|it)|yes|yeah|yep|yup|sure|absolutely|definitely|fair(?: enough)?|perfect|good call|(?:[\p{L}\d-]+ ){0,4}works?(?: for (?:me|us))?[.!]?$|no argument|not an objection)\b/iu;
// An objection ends the agreement: "can I push back?", "I'm against it", "I disagree".
const OBJECT =
  /\b(?:push back|i['’]m against|i disagree|i don['’]t agree|i object|not so fast|hold on|wait|i['’]m not sure|i['’]d rather not|that won['’]t work|no way)\b/i;
// "Objections?" / "Anyone disagree?": a plain "no" or "none" after it is agreement.
const CALL_FOR_OBJECTIONS =
  /\b(?:objections?|any(?:one|body)? (?:disagree|against|opposed)|(?:does |do )?any(?:one|body) (?:want to )?(?:argue|object|disagree)|concerns|everyone (?:ok|okay|happy|good) with (?:that|this)|all agreed|are we agreed|agreed|all good|yes)\?$/i;
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
      else if (AGREE.test(t.text) && wordCount(t.text) <= 8 && !/\?$/.test(t.text)) agreements++;
      else if (calledForObjections && PLAIN_NO.test(t.text)) agreements++;
    }
    if (objections > 0 || (agreements === 0 && !confirmed)) continue;
    const text = shall ? sentenceCase(s.text.slice(shall[0].length).replace(/\?$/, ".")) : s.text;
    out.push(candidate(s, "agreed", { agreements, objections, confirmed }, text));
  }
  return out;
}

// --- candidates: motions ----------------------------------------------------------------------------------

// "I move that the board accept …", "I move we extend …"; the chair's "is there a motion to approve the minutes?".
const MOVE = /\bi(?:['’]d like to| would like to)? move (?:that |to )?(?:we |the board |the committee )?(.+?)[.!]?$/i;
const CHAIR_MOTION =
  /\b(?:is there a |can i (?:have|get) a |i['’]d (?:like|entertain) a |(?:do i|can we) (?:have|get|hear) a )motion to (.+?)\??$/i;
const SO_MOVED = /^(?:so )?moved[.!]?$/i;
const SECOND = /^(?:i(?:['’]ll)? second(?: (?:it|that|the motion))?(?: for discussion)?|second(?:ed)?)[.!]?$/i;
const CARRIED =
  /\b(?:(?:the )?motion (?:carries|carried|passes|passed|is (?:approved|carried|adopted|agreed))|^carried|(?:is|are) (?:approved|adopted|accepted|carried)\b)/i;
const FAILS = /\b(?:(?:the )?motion (?:fails|failed|is (?:defeated|lost|rejected)|does not (?:carry|pass))|^(?:defeated|lost|fails)\b)/i;
const ADJOURN = /\badjourn/i;
const ALL_IN_FAVOUR = /\b(?:all|those) in favou?r\b|\ball (?:those )?(?:for|agreed)\?|\blet['’]?s vote\b/i;
const VOTE_TALK = /\b(?:vote[sd]?|voting|in favou?r|opposed|abstain(?:s|ed)?|abstentions?|against)\b/i;
/** Turns within which a motion is voted on. */
const MOTION_TURNS = 15;
const VOTE_WORDS =
  /\b(?:the |that )?(?:motion|carries|carried|passes|passed|fails|failed|unanimous(?:ly)?|in favou?r|opposed|abstentions?|\d+|one|two|three|four|five|six|seven)\b/gi;

export function motionCandidates(sentences: Sentence[], speakers: Set<string>, outcomes = new Set<number>()): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  let motion: { body: string; at: Sentence; seconded: boolean } | null = null;
  let voteTurn = -1;
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!speakers.has(s.speaker)) continue;
    const moved = MOVE.exec(s.text);
    if (moved && !ADJOURN.test(s.text)) {
      motion = { body: moved[1]!, at: s, seconded: false };
      continue;
    }
    const called = CHAIR_MOTION.exec(s.text);
    if (called) {
      motion = ADJOURN.test(s.text) ? null : { body: called[1]!, at: s, seconded: false };
      continue;
    }
    if (!motion) continue;
    // A motion not voted on within a stretch of the meeting was left (withdrawn, tabled, talked out).
    if (s.turn - motion.at.turn > MOTION_TURNS) {
      motion = null;
      continue;
    }
    if (SO_MOVED.test(s.text)) continue;
    if (ALL_IN_FAVOUR.test(s.text)) {
      voteTurn = s.turn;
      continue;
    }
    if (SECOND.test(s.text)) {
      motion.seconded = true;
      continue;
    }
    const failed = FAILS.test(s.text);
    // After "All in favour? Four.", the chair's statement says what carried ("The tour is postponed to January.").
    const announced =
      voteTurn === s.turn &&
      !/\?$/.test(s.text) &&
      wordCount(s.text) >= 4 &&
      !VOTE_TALK.test(s.text) &&
      !sentences.slice(i + 1, i + 8).some((n) => n.turn === s.turn && (FAILS.test(n.text) || CARRIED.test(n.text)));
    if (!failed && !CARRIED.test(s.text) && !announced) continue;
    outcomes.add(s.order);
    // The chair's announcement may say what was agreed better than the motion did ("The minutes are approved
    // as corrected."): used when the motion's own words are few.
    const said = s.text
      .replace(VOTE_WORDS, " ")
      .replace(/[^\p{L}\s]/gu, " ")
      .trim();
    const body = wordCount(motion.body) < 6 && wordCount(said) >= 4 && !failed ? said.replace(/\s+/g, " ") : motion.body;
    const text = `Motion ${failed ? "failed" : "carried"}: ${body.charAt(0).toUpperCase()}${body.slice(1)}.`;
    out.push(
      candidate(motion.at, "motion", { confirmed: motion.seconded, agreements: +motion.seconded }, text, failed ? "failed" : "made"),
    );
    motion = null;
  }
  return out;
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
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, "")),
  );
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
  for (const s of sentences) {
    if (!speakers.has(s.speaker)) continue;
    if (s.inRecap) {
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
 * Fridays.", "Offer to Amara at senior." A sentence that opens with a person ("Liz quarantines…", "I send…") is a
 * task, left to the action items.
 */
export function recapStatements(sentences: Sentence[], speakers: Set<string>): DecisionCandidate[] {
  const people = new Set<string>();
  for (const sp of speakers) for (const w of sp.toLowerCase().split(/[\s()]+/)) if (w.length > 1) people.add(w);
  const isPerson = (w: string) => {
    const x = w.toLowerCase();
    return people.has(x) || [...people].some((p) => p.length > 3 && x.length >= 3 && p.startsWith(x));
  };
  const out: DecisionCandidate[] = [];
  for (const s of sentences) {
    if (!s.inRecap || !speakers.has(s.speaker) || !statable(s.text, 3) || RECAP_OPENER.test(s.text) || housekeeping(s.text)) continue;
    const first = /^[\p{L}'’]+/u.exec(s.text)?.[0] ?? "";
    // "Liz quarantines the tests today": a name-like word doing something is a task; "Standup stays at nine" is a state.
    const doer = /^[A-Z][\p{L}'’-]* (\p{L}+)s\b/u.exec(s.text);
    if (doer && !STATE_VERB.test(`${doer[1]}s`)) continue;
    if (DUE_WORDS.test(s.text) || wordCount(s.text) < 4) continue;
    if (PERSONAL.test(first) || isPerson(first) || /\band\s+[A-Z]\p{L}+ (?:\p{L}+s)\b/u.test(s.text) || NOT_OURS.test(s.text)) continue;
    out.push(candidate(s, "recap", { recap: true }));
  }
  return out;
}
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
/** Words all listed decisions may take, each with its speaker's name. */
export const DECISION_WORDS = 90;

export function selectDecisions(cands: DecisionCandidate[], max: number): DecisionPoint[] {
  const scored = cands
    .map((c) => ({ ...c, score: scoreDecision(c) }))
    .filter((c) => c.score >= DECISION_WEIGHTS.threshold)
    .sort((a, b) => a.order - b.order || b.score - a.score);
  const kept: (DecisionPoint & { words: Set<string> })[] = [];
  for (const c of scored) {
    const words = contentWords(c.text);
    let replaced = false;
    for (let k = kept.length - 1; k >= Math.max(0, kept.length - SAME_MATTER_WINDOW); k--) {
      const prev = kept[k]!;
      // Two votes are two decisions, however alike their words.
      if (prev.kind === "motion" && c.kind === "motion" && prev.order !== c.order) continue;
      if (prev.order === c.order || overlap(prev.words, words) >= SAME_MATTER) {
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
  return best.sort((a, b) => a.order - b.order).map(({ words: _w, ...d }) => d);
}

// --- the whole ---------------------------------------------------------------------------------------------

const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/** The decisions in the meeting with their speaker, turn, kind, outcome and score, in meeting order. */
export function findDecisionPoints(sentences: Sentence[], speakers: string[], max = Infinity): DecisionPoint[] {
  const said = new Set(speakers);
  // A vote's outcome ("The motion carries, four in favour") is the motion's candidate, not an explicit one of its own.
  const outcomes = new Set<number>();
  const motions = motionCandidates(sentences, said, outcomes);
  const explicit = explicitCandidates(sentences, said).filter((c) => !outcomes.has(c.order));
  const agreed = proposalCandidates(sentences, said);
  const taken = new Set([...explicit, ...agreed].map((c) => c.order));
  const recap = recapCandidates(sentences, said, taken);
  return selectDecisions([...explicit, ...agreed, ...motions, ...recap, ...recapStatements(sentences, said)], max);
}

/** The decisions as lines, each with the speaker who stated it ("… (Kasia)"); near-repeats once. */
export function findDecisions(sentences: Sentence[], speakers: string[], max = Infinity): string[] {
  return findDecisionPoints(sentences, speakers, max).map((d) => (d.speaker.trim() ? `${d.text} (${who(d.speaker)})` : d.text));
}

/** Decisions listed in the summary: enough for a board meeting's motions, few enough to leave room for the rest. */
export const MAX_DECISIONS = 8;
