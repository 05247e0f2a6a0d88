// How people hand out, take on, hand over and take back work in conversation. Each export is one kind of
// speech act with the phrases that signal it; actions.ts decides what they add up to.
import { firstWord, gerundToBase, TASK_VERBS } from "./task-text";
import { escapeRegExp as ESCAPE, ROLE_SUFFIX, words as wordsOf } from "./text";

/** Fillers and hesitations at the start of a reply ("uh yeah yeah I'll do it"). */
export function stripLeadFillers(text: string): string {
  return text.trim().replace(/^(?:(?:um+|uh+|er|oh|ah|hmm+|so|well)[,.]?\s+)+/i, "");
}

// ---------------------------------------------------------------------------------------------------
// Replies

/** A reply that takes on what was just asked ("Sure", "Will do", "Yep, I can do that"). */
export const ACCEPT_START =
  /^(?:yes|yeah|yep|yup|sure|okay|ok|will do|absolutely|of course|no problem|on it|definitely|sounds good|fine|got it|can do|happy to|i can|i'll|i will|i'm on it|consider it done|understood)\b/i;

/** A reply that welcomes an offer ("That would be wonderful", "do it, please", "deal"). */
export const OFFER_ACCEPT =
  /^(?:(?:ok(?:ay)?|yes|yeah|oh|cool)[,.!]?\s+)?(?:perfect|great|please do|please|do (?:it|that|so)|go for it|go ahead|yes,? please|that(?:['’]d| would) be (?:great|wonderful|perfect|amazing|helpful|lovely|fantastic|ideal)|thanks|thank you|awesome|sounds good|amazing|deal|let['’]?s do (?:it|that)|let['’]?s plan on (?:it|that))\b/i;

/** "No", "I can't", "not me": the reply declines. */
export const DECLINE = /^(?:no|nope|i can'?t|i cannot|not me|sorry,? (?:i|no))\b/i;

/** Volunteering without naming the task ("I'll do it", "that's on me", "leave it with me"; a sentence that is only "Sure, will do"). */
export const GENERIC_ACCEPT =
  /\b(?:i['’]?ll (?:just |go ahead and )?(?:do|take|own|handle|grab) (?:it|that|this|those|them)(?!\s+(?:to|over|into|through|off|back|apart|home|with)\b)|i can (?:do|take|handle|own|sort) (?:it|that|this)(?!\s+(?:to|over|into|through|off|back)\b)|i['’]?ll take care of (?:it|that)|that['’]?s on me|(?:i guess )?that['’]?s me|that['’]?(?:ll| will) be me|that(?: one)?['’]?s mine|leave (?:it|that|this) with me|i['’]?ve got (?:it|this)|i['’]?ll own (?:it|that|this)|i can own (?:it|that|this)|i['’]?ll take that one|put me down for (?:it|that|this)(?!\s+\w)|(?:sign|put) me up for (?:it|that|this)(?!\s+\w)|i['’]?m on it|i['’]?ll volunteer|count me in|^(?:(?:yeah|yep|yes|sure|ok(?:ay)?|right|fine|absolutely)[,.!]?\s+)*(?:will do|on it|can do|consider it done)(?=[\s.!]*$))\b/i;

/**
 * A reply that does the thing there and then ("Looking.", "Sharing.", "Posting now.", "Done."): the request was
 * for the meeting itself (an incident call's "can you pull up the dashboard?"), not a task for later.
 */
export const DOING_NOW =
  /^(?:(?:yeah|yep|yes|ok(?:ay)?|sure)[,.]?\s+)?(?:\p{L}+ing(?:\s+(?:it|that|them|now|up))?(?:\s+now)?|done|doing it now|on it now|one (?:sec|second|moment)|give me (?:a )?(?:sec|second|moment))[.!]*(?:\s|$)/iu;

// ---------------------------------------------------------------------------------------------------
// Taking things back

/** Taking back an offer ("let me not promise that", "never mind", "actually no, I'm buried"). */
export const WITHDRAW =
  /\b(?:let me not promise|never ?mind|scratch that|forget (?:it|that|i said)|don'?t hold me to|no promises|actually,? no)\b/i;

/** Correcting oneself at the start of a sentence: the next commitment replaces the last one ("No, wait, …"). */
export const CORRECTION = /^(?:no,?\s+wait|wait,?\s+no|sorry,?\s+i mean|i mean,?\s+no|no,?\s+actually)\b/i;

/** Cues that a later date replaces an earlier one ("actually", "make it", "instead"). */
export const DATE_CORRECTION = /\b(?:actually|make it|instead|rather|then|wait|oh|right|sorry|correction|scratch that|let'?s say)\b/i;

// ---------------------------------------------------------------------------------------------------
// Not actions

// "I'll …" followed by these is conversation, not a task ("I'll be out Friday", "I'll share my screen").
export const NON_TASK_AFTER_WILL =
  /^(?:just\s+)?(?:be|say|admit|tell you|guess|stop|start(?! on| the| a| drafting| writing)|go first|go ahead|jump|share (?:my|the) screen|bet|see|leave it|pass|need|have to (?:say|go|leave|run|drop|hop)|(?:drop|hop) off|note|mention|let you go|keep it short|try(?!\s+to\b)|hand (?:it )?(?:over|back)|wrap up|take (?:a|my) (?:seat|break)|put you on|think (?:about )?(?:it|that|this)(?: over| through)?|sleep on it|mull (?:it|that) over|think about\b|get (?:asked|told|called|yelled at|blamed)\b|go (?:fast|quick(?:ly)?|slow(?:ly)?)\b|be quick\b|keep (?:it|this|us|everyone|everybody|people|things) (?:to time|on time|on track|moving|tight|brief)\b|(?:make|give|add|put in) my two cents|chime in|talk to (?:you|y['’]?all|everyone)(?: all| guys)? (?:later|soon|next)|see (?:you|y['’]?all)|catch (?:you|y['’]?all) later|make (?:the|that|this) (?:call|decision)(?=\s*(?:[:,.;!?-]|$|then\b|here\b|now\b)))\b/i;

/** Running the meeting itself: done on the spot, not follow-ups ("call the roll", "call … to order"). */
export const PROCEDURAL =
  /^(?:call (?:the )?roll|call\b.*\bto order\b|call (?:a|the) vote|take (?:the )?(?:roll|vote)|second (?:it|that|the motion)|adjourn|approve the minutes|walk (?:us|me|everyone|you) through|take (?:the )?notes|start with|kick (?:us|it|things) off|read (?:back|out) the (?:actions|action items|minutes|motion)|keep (?:everyone|everybody|us|people|things|it) (?:to time|on time|on track|moving))\b/i;

/** Deferred intentions ("at some point", "not today"): wishes, not tasks. */
export const DEFERRED =
  /\b(?:at some point|some ?day|eventually|one of these days|down the (?:road|line)|in the future|not (?:today|now|this (?:cycle|quarter|term|year|sprint)))\b/i;

/** A reply that starts by laughing: its "I'll…" is a joke unless it names real work. */
export const LAUGHTER = /^(?:ha(?:ha)*|lol|heh|hah)\b/i;

/** "Recap", "to sum up": the turn repeats earlier items. */
export const RECAP = /\b(?:recap|to sum up|summari[sz]e|to summari[sz]e|action items (?:are|were)|just to confirm)\b/i;

/** A sentence that states a deadline ("The switch needs to go to committee on the 5th", "The permit expires Friday"). */
export const DEADLINE_STATEMENT =
  /\b(?:needs? to|has to|have to|must|is due|are due|deadline|expires?|runs? out|lapses?|closes?)\b|^(?:(?:so|okay|ok|right|then|fine),?\s+)*(?:by\s+|on\s+)?(?:(?:this|next)\s+)?(?:monday|tuesday|wednesday|thursday|friday|tomorrow)(?:\s+(?:then|at\s+\w+|morning|afternoon|it is))?[.!]?$/i;

// ---------------------------------------------------------------------------------------------------
// Commitments

export type CommitKind = "will" | "letMe" | "can" | "could" | "plan";

export interface Clause {
  kind: CommitKind;
  /** The words after the marker up to the next marker. */
  phrase: string;
  /** The marker and phrase together. */
  text: string;
  /** Text in the sentence before the marker, from the previous clause boundary. */
  before: string;
  /** How it joins the previous clause: "and" continues the same task, "or" gives an alternative. */
  link: "and" | "or" | null;
}

// First-person markers of a commitment or an offer.
const COMMIT_MARKER =
  /\b(?:i['’]d (?:have|need) to|i would (?:have|need) to|i['’]?ll|i will|i['’]m(?=\s+(?!going\b)\p{L}+ing\b)|i am(?=\s+(?!going\b)\p{L}+ing\b)|i['’]m going to|i am going to|i['’]m gonna|let me|i can(?!['’]t|not)|i could|my plan is to|i plan to|i['’]m planning to|i intend to|i need to|i['’]ll need to|(?:put|sign) me (?:down|up) for|(?:an? )?action on me to|i(?=\s+(?:just\s+|also\s+|then\s+)?\p{Ll}))\b/giu;

/**
 * "I'm interviewing two people next week", "I'm calling them tomorrow": the present progressive with a time ahead
 * is an arrangement, a commitment; without one it is what the speaker is doing now ("I'm already writing").
 */
const PROGRESSIVE_AHEAD =
  /^\s*(\p{L}+ing)\b(?=[^.?!]*\b(?:tomorrow|tonight|next|later (?:today|this)|this (?:afternoon|evening|week)|(?:on |by )?(?:monday|tuesday|wednesday|thursday|friday)|after (?:this|lunch|the (?:call|meeting)))\b)/iu;

/**
 * "I call them this week", "I tell her today to pause it", "I send it first thing": a bare present tense with a
 * time ahead is how many speakers (often not native ones) promise work. A task verb in its plain form must follow
 * "I", a time ahead must be said after it, and the sentence must not be a question, a habit ("I call them every
 * Monday") or a time clause ("when I send it tomorrow, …").
 */
const PRESENT_AHEAD =
  /^\s*(?:just\s+|also\s+|then\s+)?(\p{L}+)\b(?=[^.?!]*\b(?:today|tomorrow|tonight|this (?:afternoon|evening|week)|next (?:week|monday|tuesday|wednesday|thursday|friday)|(?:on |by )(?:monday|tuesday|wednesday|thursday|friday)|first thing(?! we)|end of (?:the )?(?:day|week)|after (?:this|lunch|the (?:call|meeting))|right after)\b)/iu;
const HABIT = /\b(?:every|usually|always|normally|each (?:week|day|month|time)|whenever)\b/i;
export function presentAhead(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  const after = sentence.slice(at + 1);
  const verb = PRESENT_AHEAD.exec(after)?.[1] ?? "";
  if (/,\s*(?:and\s+)?(?:they|he|she)\s+(?:say|says|said|tell|tells|told)\b/i.test(after)) return false;
  // "Tell" is no task verb in general ("I'll tell you what"), but "I tell her today" promises the telling.
  if (
    !(TASK_VERBS.has(verb) || verb === "tell") ||
    verb !== verb.toLowerCase() ||
    /^(?:think|look|go|get|take)$/.test(verb) ||
    /\?\s*$/.test(sentence) ||
    HABIT.test(sentence)
  )
    return false;
  // "When I send it tomorrow…", "do I call them today?", "if I ring them tomorrow".
  return !/\b(?:when|once|if|unless|until|before|after|do|should|can|could|would|shall)\s*$/i.test(before);
}

/** Work ahead in the progressive: a task verb, not "going" (travel, or "going to", read already). */
function workAhead(after: string): boolean {
  const verb = gerundToBase(PROGRESSIVE_AHEAD.exec(after)?.[1] ?? "");
  return TASK_VERBS.has(verb) && verb !== "go";
}

function kindOf(marker: string): CommitKind {
  const m = marker.toLowerCase();
  if (m.startsWith("let me")) return "letMe";
  if (m === "i can") return "can";
  // "I'd have to tell them by the 27th" is what the speaker would do, an offer until someone says "Do that".
  if (m === "i could" || /^i(?:['’]d| would) (?:have|need) to$/.test(m)) return "could";
  // "I need to redo the banner", "put me down for the survey": framing like a plan; the item when nothing more
  // concrete follows in the turn ("… I'll do a short form and send it round").
  if (/plan|intend|need|put|sign/.test(m)) return "plan";
  return "will";
}

/** Every first-person commitment in a sentence ("Let me think about it, and I'll give you an answer by Wednesday"). */
export function commitmentClauses(sentence: string): Clause[] {
  const marks = [...sentence.matchAll(COMMIT_MARKER)].filter((m) =>
    /^i$/i.test(m[0])
      ? presentAhead(sentence, m.index ?? 0)
      : !/^i(?:['’]m| am)$/i.test(m[0]) || workAhead(sentence.slice((m.index ?? 0) + m[0].length)),
  );
  return marks.map((m, k) => {
    const start = m.index ?? 0;
    const next = marks[k + 1];
    const end = next ? (next.index ?? sentence.length) : sentence.length;
    let said = sentence.slice(start + m[0].length, end).replace(/^\s*(?:go ahead and\s+|definitely\s+|also\s+|just\s+|probably\s+)*/i, "");
    if (/^i(?:['’]m| am)$/i.test(m[0])) said = said.replace(PROGRESSIVE_AHEAD, (g) => gerundToBase(g.trim()));
    // A recap's "I check the band by Thursday, Ada does both references…": my part ends where another person's starts.
    if (/^i$/i.test(m[0])) said = said.replace(/,\s*(?:and\s+)?\p{Lu}\p{L}+\s+\p{Ll}+s\b.*$/u, "");
    // "Put me down for the vendor setup": the work is a noun phrase; "Do …" makes it a task.
    const phrase = /^(?:put|sign)/i.test(m[0]) ? `do ${said}` : said;
    const prev = k > 0 ? marks[k - 1] : undefined;
    const prevEnd = prev ? (prev.index ?? 0) + prev[0].length : 0;
    const between = sentence.slice(prevEnd, start);
    const before = k === 0 ? between : (between.split(/[,;:]|\bbut\b|\band\b/i).pop() ?? "");
    const link = k === 0 ? null : /\bor\s*$/i.test(between) ? "or" : /\band(?:\s+then)?[\s,]*$/i.test(between) ? "and" : null;
    return { kind: kindOf(m[0]), phrase, text: sentence.slice(start, end), before, link };
  });
}

/** "If I had…, I'd…", "unless…": the commitment depends on something that has not happened. */
export function isConditional(before: string): boolean {
  return /\b(?:if|unless|would|i'd|could|might)\b/i.test(before);
}

/**
 * "she said I'll…", "I told him I'd…", 'I thought "well I'm gonna…"': someone's words or thoughts quoted,
 * not a new commitment.
 */
export function isReported(before: string): boolean {
  return (
    /\b(?:said|says|told \w+|promised)\s*(?:that\s*)?$/i.test(before) || /["“]\s*(?:(?:well|okay|ok|oh|so|yeah)\b[,.]?\s*)*$/i.test(before)
  );
}

/**
 * A standup's status: "Yesterday I finished the exporter. Today I'm going to pick up the rate limiter." The day's
 * plan said beside yesterday's work is a report, not a follow-up for the notes.
 */
export function isStandupStatus(before: string, turn: string): boolean {
  return /\b(?:today|this morning)\b[,\s]*$/i.test(before) && /\byesterday\b/i.test(turn);
}

/** "…if you want", "…if that helps": an offer that waits for a yes. */
export function isOfferOnly(phrase: string): boolean {
  return /\bif (?:you (?:want|like|need)|that helps|it helps|needed|that works)\b/i.test(phrase);
}

/** "Do you want me to…?", "Should I…?": an offer put as a question. */
export function offerQuestion(sentence: string): string | null {
  return /\b(?:do you want me to|would you like me to|want me to|should i|shall i)\s+(.+?)\??$/i.exec(sentence)?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Requests

export interface Request {
  tasks: string[];
  /** "Yusuf can you, um, no, I'll do it": the speaker took it back mid-request. */
  retracted: boolean;
}

// Questions that look like requests but ask for something on the spot.
const NOT_A_REQUEST =
  /^(?:see|hear|repeat|say|explain|remind|tell|believe|imagine|do that again|go back|walk us through|give us an update|talk about|share your screen|mute|unmute|introduce|elaborate|describe|read (?:back|out)|pull up|bring up|put (?:it|that|this) (?:up|on (?:the )?screen)|stay on|hold on|(?:show|share|give|tell)(?: us| me)? (?:a bit |some |more |the )*(?:details|context|background)\b)/i;

/** The request forms people use ("can you…", "would you mind …ing", "it'd be great if you could…", "please …"). */
export function findRequest(sentence: string): Request | null {
  const mind = /\bwould you mind\s+(.+?)(?:\?|$)/i.exec(sentence);
  if (mind?.[1]) {
    // "would you mind writing up … and pinning …": one request, one task per gerund.
    const parts = mind[1].split(/,?\s+and\s+(?=\p{L}+ing\b)/iu).map((p) => p.replace(/^(\p{L}+ing)\b/iu, (g) => gerundToBase(g)));
    return { tasks: parts, retracted: false };
  }
  const polite =
    /\b(?:(?:it|that)(?:['’]d| would) be (?:great|good|helpful|nice|ideal|amazing|wonderful|awesome) if you could|i(?:['’]d| would) (?:like|love) (?:for )?you to|i need you to|i(?:['’]d| would) appreciate it if you could|can i ask you to|(?:maybe|perhaps) you could|(?:an? )?action on (?!me\b)[\p{L}'’-]+ to)\s+(.+?)(?:\?|$)/iu.exec(
      sentence,
    );
  if (polite?.[1]) return { tasks: [polite[1]], retracted: false };
  const ask = /\b(?:can|could|would|will) you(?: please)?\s+(.+?)(?:\?|$)/i.exec(sentence);
  const asked = ask?.[1];
  if (asked && !NOT_A_REQUEST.test(asked)) {
    return { tasks: [asked], retracted: /^(?:(?:um+|uh+|er)[,\s]+)*no,?\s+(?:i['’]?ll|i will|let me)\b/i.test(asked) };
  }
  const please = /^(?:(?:so|and|okay|also|then),?\s+)?please\s+(\p{Ll}[\p{L}-]*)\b(.*)$/iu.exec(sentence);
  const [, pleaseVerb = "", pleaseRest = ""] = please ?? [];
  if (please && TASK_VERBS.has(pleaseVerb.toLowerCase())) return { tasks: [`${pleaseVerb}${pleaseRest}`], retracted: false };
  return null;
}

/**
 * "You add the numbers, I'll add my comments": splitting work between two people. Returns the addressee's
 * part (the speaker's part is an ordinary "I'll…").
 */
export function divisionOfLabour(sentence: string): { name: string | null; task: string } | null {
  const m =
    /^(?:(?:[Ss]o|[Oo]kay|[Aa]nd|[Tt]hen),?\s+)?(?:(\p{Lu}[\p{L}'’-]+),\s*)?[Yy]ou\s+(\p{Ll}[\p{L}-]*)\b(.*?),?\s*(?:and\s+)?[Ii]['’]?ll\b/u.exec(
      sentence,
    );
  const [, name, verb = "", rest = ""] = m ?? [];
  if (!m || !TASK_VERBS.has(verb)) return null;
  return { name: name ?? null, task: `${verb}${rest}` };
}

/** "Let's both sit down with it…": a joint follow-up; the person who proposes it owns it. */
export function jointProposal(sentence: string): string | null {
  return /\blet['’]?s (?:both|(?:the )?two of us|you and (?:i|me))\s+(.+)$/i.exec(sentence)?.[1] ?? null;
}

const DATE_RULED_OUT =
  /^(?:\S+\s+){0,3}?(?:(?:is|was|are|['’]s)\s+(?:dead|out|off|gone|no good|not (?:possible|going to work|an option)|taken|full|a (?:holiday|bank holiday))|(?:doesn['’]t|won['’]t|can['’]t|does not|will not|wouldn['’]t)\s+work)\b/i;

/** A date put as a reply or a proposal: "Early next week, yeah", "By the Wednesday before", "Would Friday work?", "Let's say the fifth". */
export function isDateReply(sentence: string, dateIndex: number): boolean {
  // "So June fourth is dead", "Friday won't work": the date is ruled out, not given.
  if (DATE_RULED_OUT.test(sentence.slice(dateIndex))) return false;
  const lead = sentence
    .slice(0, dateIndex)
    .replace(/^(?:(?:so|okay|ok|yes|yeah|yep|sure|great|perfect|fine|oh|um+|uh+|and|then|cool),?\s+)*/i, "");
  if (/^(?:by|before|on|until|till|for)?\s*$/i.test(lead)) return true;
  return /\b(?:would|could|does|is|how about|what about|let['’]?s say|let['’]?s make it|make it|say|call it|let['’]?s aim for|aim for)\s*(?:by\s+|on\s+)?$/i.test(
    lead,
  );
}

/** "Yes, please. Just tell her…": the instruction that comes with accepting an offer. */
export function imperativeIn(sentence: string): string | null {
  const m = /^(?:(?:just|and|then|please|so),?\s+)*(\p{Ll}+)\b(.*)$/iu.exec(sentence.trim());
  const [, said, rest = ""] = m ?? [];
  if (said === undefined) return null;
  const verb = said.toLowerCase();
  return TASK_VERBS.has(verb) || verb === "tell" || verb === "let" ? `${said}${rest}` : null;
}

// ---------------------------------------------------------------------------------------------------
// Open needs

export interface NeedMatch {
  task: string;
  /** Addressed to "someone" (or a body like "staff"), so a volunteer may answer without naming it. */
  strong: boolean;
}

const NEED_FORMS: { re: RegExp; strong: boolean }[] = [
  // "someone needs to…", "somebody's gotta…", "we should…"
  {
    re: /\b(someone|somebody|we|one of us)(?:['’]s)?\s+(?:needs? to|has to|have to|should|ought to|must|gotta|got to|has got to|have got to)\s+(.+)$/i,
    strong: false,
  },
  // "we need someone to…", "what I still need is someone to…"
  { re: /\b()needs?\b(?:\s+is)?\s+(?:someone|somebody|a volunteer)\s+to\s+(.+)$/i, strong: true },
  // "And somebody call their planner and warn her": an imperative put to no one in particular.
  {
    re: /^(?:(?:and|so|okay|ok|then|also|right|now)[,.]?\s+)*()(?:someone|somebody)[,]?\s+(?:please\s+)?(?!(?:else|here|there)\b)(.+)$/i,
    strong: true,
  },
  // "can someone…?", "who can…?"
  {
    re: /\b()(?:who can|who wants to|can someone|can somebody|could someone|could somebody|would someone|will someone|anyone (?:want|able) to)\s+(.+?)\??$/i,
    strong: true,
  },
  // "Who writes up the decision for finance?", "who's going to call them?": an open question for a volunteer.
  {
    re: /\b()who(?:['’]s| is)?\s+(?:going to|gonna)\s+(.+?)\??$/i,
    strong: true,
  },
  // A motion: "Staff is directed to return with…"
  {
    re: /\b()(?:staff|the (?:team|committee|board|office|secretary|clerk))\s+(?:is|are)\s+(?:hereby\s+)?(?:directed|asked|instructed|tasked)\s+to\s+(.+)$/i,
    strong: true,
  },
];

/** Tasks a need may name: a task verb, "let X know", or "have X done". */
function needTaskOk(task: string): boolean {
  const verb = firstWord(task);
  if (TASK_VERBS.has(verb)) return true;
  if (verb === "let") return /^let\s+(?:\S+\s+){1,3}know\b/i.test(task);
  if (verb === "have") return /\b(?:done|ready|finished|fixed|sorted|signed|approved|inspected|booked|sent)\b/i.test(task);
  return false;
}

/** An open need that a volunteer may take later. `clean` turns the raw words into a task. */
export function findNeed(sentence: string, clean: (raw: string) => string): NeedMatch | null {
  if (DEFERRED.test(sentence)) return null;
  // "Who writes up the Stripe decision for finance?": a question for a volunteer, its verb in the third person.
  const who = /^(?:(?:and|so|okay|ok|one more|then)[,.]?\s+)*who\s+(\p{Ll}+?)(?:e?s)\b(.*?)\??$/iu.exec(sentence);
  const [, whoVerb = "", whoRest = ""] = who ?? [];
  // Not "Who owns the tool?" or "Who takes what?": questions about who is responsible, or how to split the work.
  if (
    who &&
    (TASK_VERBS.has(whoVerb) || TASK_VERBS.has(`${whoVerb}e`)) &&
    !/^(?:own|take|handle|get|do|make|work|look|have|run)$/i.test(whoVerb) &&
    !/\b(?:what|which|whom?|how|when|where|why)\b/i.test(whoRest)
  ) {
    const task = clean(`${TASK_VERBS.has(whoVerb) ? whoVerb : `${whoVerb}e`}${whoRest}`);
    if (task.split(/\s+/).length >= 2) return { task, strong: true };
  }
  for (const form of NEED_FORMS) {
    const m = form.re.exec(sentence);
    if (!m) continue;
    if (/\b(?:if|would|already)\b/i.test(sentence.slice(0, m.index))) return null;
    const task = clean(m[2] ?? "");
    if (
      !task ||
      task.split(/\s+/).length < 2 ||
      /^(?:be|know|think|talk about|decide|discuss|figure out whether)\b/i.test(task) ||
      !needTaskOk(task)
    )
      return null;
    return { task, strong: form.strong || /^(?:someone|somebody|one of us)$/i.test(m[1] ?? "") };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Work given to a participant by name or role

const WILL_DO =
  "(?:you(?:['’]re| are)\\s+(?:gonna|going to|supposed to)|you(?:['’]ll| will| should| need to| have to|['’]ve got to)|(?:is|are|['’]s)\\s+(?:gonna|going to|supposed to)|gonna|will|['’]ll|should|needs? to|has to)";

/**
 * "As the industrial designer, you're gonna be working on the working design", "Marketing is going to do
 * the user requirements", "Kate will book the room": a task for a participant named by their speaker label
 * (or the label's words with "designer", "expert"…). `labels` are the meeting's speaker labels.
 */
export function participantTask(sentence: string, labels: string[]): { label: string; task: string } | null {
  return participantTaskFinder(labels)(sentence);
}

/**
 * participantTask for one meeting's labels, built once: each label's pattern compiled once, and a
 * sentence tried only against the labels whose first word it says, so a meeting with thousands of
 * speaker labels costs no more per sentence than one with four.
 */
export function participantTaskFinder(labels: string[]): (sentence: string) => { label: string; task: string } | null {
  const named = labels
    .map((label, order) => ({ label, order, name: label.replace(/\s*\(.*$/, "").trim() }))
    .filter((l) => l.name.length >= 3)
    .map((l) => ({
      ...l,
      re: new RegExp(
        `\\b${ESCAPE(l.name)}${ROLE_SUFFIX}\\s*,?\\s*(?:(?:that['’]?s|which is)\\s+\\p{L}+,?\\s*)?${WILL_DO}\\s+(?:be\\s+)?(?:just\\s+|also\\s+|then\\s+|probably\\s+)*(\\p{L}+)\\b(.*)$`,
        "iu",
      ),
    }));
  const byFirstWord = new Map<string, typeof named>();
  for (const l of named) {
    const first = wordsOf(l.name)[0] ?? "";
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), l]);
  }
  return (sentence) => {
    const candidates = [...new Set(wordsOf(sentence))].flatMap((w) => byFirstWord.get(w) ?? []).sort((a, b) => a.order - b.order);
    for (const { label, re } of candidates) {
      const [, said, tail = ""] = re.exec(sentence) ?? [];
      if (said === undefined) continue;
      const verb = /ing$/i.test(said) ? gerundToBase(said) : said;
      // "…, User Interface Designer the user interface concept": the next role in the list starts its own item.
      const rest =
        tail.split(/,?\s+(?:and\s+)?(?=(?:the\s+|our\s+|for\s+)?(?:\p{Lu}\p{L}+\s*){1,3}(?:,|\s+(?:the|a|our|on|about)\b))/u)[0] ?? "";
      return { label, task: `${verb}${rest}` };
    }
    return null;
  };
}

/** Handing out the next steps: "next meeting", "individual actions", "between now and then", "homework". */
export const NEXT_STEPS =
  /\b(?:next meeting|next time|next session|individual (?:work|actions?|assignments?|tasks?)|between now and|before the next|in the meantime|homework|assignments?|action items?|next steps?|for next week|until next|after (?:the |this )?(?:meeting|break|lunch))\b/i;

/**
 * Work put on "you" ("you're gonna be thinking about the components concept", "you have to work on the user
 * interface", "you're supposed to keep watching the trends"): the raw task, for a turn handing out next steps.
 */
export function taskForYou(sentence: string): string | null {
  const m =
    /\byou(?:\s*['’]re|\s+are)?\s*(?:gonna|going to|supposed to|have to|need to|should|will|['’]ll)\s+(?:be\s+)?(?:just\s+|also\s+|all\s+|both\s+)?(\p{L}+)\b(.*)$/iu.exec(
      sentence,
    ) ??
    /^(?:(?:and|so|um|uh|okay|then),?\s+)*you\s+(work|look|do|get)\b(.*)$/iu.exec(sentence) ??
    /\byour (?:individual )?(?:tasks?|jobs?|assignments?|actions?) (?:is|are|will be)\s+(?:to\s+)?(\p{L}+)\b(.*)$/iu.exec(sentence);
  const [, said, rest = ""] = m ?? [];
  if (said === undefined) return null;
  const verb = /ing$/i.test(said) ? gerundToBase(said) : said;
  // "You'll get specific instructions": something that comes to you, not work.
  if (/^(?:get|receive|have|see|hear|find)$/i.test(verb) && !/^\s+(?:out|back|in touch)\b/i.test(rest)) return null;
  return `${verb}${rest}`;
}

/**
 * Next steps said by name ("Poppy will be working on the look-and-feel design", "Jana and Francine have to work
 * together") or as a bare list by role ("Marketing, the user requirement specification", "For UID the technical
 * functions design"): who is meant, as said, and the raw task ("Work on …" for a bare list entry).
 */
export function namedNextStep(sentence: string, labels: string[]): { who: string; task: string } | null {
  const named =
    /\b(\p{Lu}\p{L}+(?:\s+and\s+\p{Lu}\p{L}+)?)\s*(?:will|['’]ll|(?:is|are)\s+(?:gonna|going to)|ha(?:s|ve)\s+to)\s+(?:be\s+)?(?:just\s+|also\s+)?(\p{L}+)\b(.*)$/u.exec(
      sentence,
    );
  const [, namedWho, namedVerb, namedRest = ""] = named ?? [];
  if (namedWho !== undefined && namedVerb !== undefined && !/^(?:I|We|You|They|It|That|This|There|He|She)$/.test(namedWho)) {
    const verb = /ing$/i.test(namedVerb) ? gerundToBase(namedVerb) : namedVerb;
    return { who: namedWho, task: `${verb}${namedRest}` };
  }
  for (const label of labels) {
    const name = label.replace(/\s*\(.*$/, "").trim();
    if (name.length < 3) continue;
    const list = new RegExp(
      `^(?:(?:and|so|um|uh|okay|then|for)[,]?\\s+)*(?:the\\s+)?${ESCAPE(name)}${ROLE_SUFFIX}\\s*[,:]?\\s+((?:the|a|an|our)\\s+[^,;]{3,60}?)[.!]?$`,
      "iu",
    ).exec(sentence);
    if (list) return { who: label, task: `Work on ${list[1]}` };
  }
  // "For UID the technical functions design", "the look and feel design is for Kate", "Steph gets the user interface design".
  const WHO = `(${labels
    .map((l) => ESCAPE(l.replace(/\s*\(.*$/, "").trim()))
    .filter((l) => l.length >= 3)
    .join("|")}${labels.length ? "|" : ""}\\p{Lu}[\\p{L}]+)`;
  const NP = "((?:the|a|an|our)\\s+[\\p{L}-]+(?:\\s+[\\p{L}-]+){0,4})";
  const forWho = new RegExp(
    `^(?:(?:and|so|um|uh|okay|then)[,]?\\s+)*for\\s+(?:the\\s+|our\\s+)?${WHO}${ROLE_SUFFIX}\\s*,?\\s+${NP}[.!,]?$`,
    "u",
  ).exec(sentence);
  if (forWho?.[1]) return { who: forWho[1], task: `Work on ${forWho[2]}` };
  const isFor = new RegExp(`^(?:(?:and|so|um|uh|okay|then)[,]?\\s+)*${NP}\\s+(?:is|will be)\\s+for\\s+(?:the\\s+)?${WHO}\\b`, "u").exec(
    sentence,
  );
  if (isFor?.[2]) return { who: isFor[2], task: `Work on ${isFor[1]}` };
  const gets = new RegExp(`\\b${WHO}\\s+gets\\s+${NP}`, "u").exec(sentence);
  if (gets?.[1]) return { who: gets[1], task: `Work on ${gets[2]}` };
  return null;
}
