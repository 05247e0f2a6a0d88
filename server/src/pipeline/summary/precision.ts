// The last word on built-in action items: better five right items than fifteen with ten wrong. An item
// stays only when its task is a real verb with a real object ("Draw one", "Put there", "Let Mr" go), and
// its owner is someone in the meeting (a speaker label, or a name the conversation gave a generic label)
// or nobody, never a capitalised word that happened to start a sentence.
import type { ActionItemDraft } from "../../../../contract/transcript";
import { cleanSpeech } from "./clean";
import { GENERIC_LABEL, type Context } from "./owners";
import { cleanTask, firstWord, isWeak, pointsBack, TASK_VERBS } from "./task-text";
import { contentWords } from "./text";

// Verbs that start tasks beyond task-text.ts's list (which also guides extraction, so it stays narrow).
const MORE_VERBS = new Set(
  "do give tell keep cut discuss comment champion forward remind come sit stand read hardcode implement decide bring continue complete fill spend gather examine consult produce focus describe explain show consider choose select email e-mail mail type write-up list talk finalise finalize analyse analyze evaluate compare integrate incorporate prototype model sketch outline specify define draw construct assemble attach receive begin explore develop study improve refine brainstorm calculate search identify determine assess clarify negotiate propose recommend resolve solve".split(
    " ",
  ),
);
// Verbs of changing things that the rules' items may start with ("Mark old frames as deprecated", "Turn on failover").
// Not for the scorer's clauses: in design meetings "change the buttons", "turn it on" are talk about the product, and
// its training data would shift with them (AMI val recall fell below its bar when they were allowed there).
const RULE_VERBS = new Set("mark revise change turn".split(" "));
// Done in the meeting itself, not after it: "Talk about the requirements", "Go on to my findings", "Give it a two",
// "Look at it for two minutes", "Meet you in half an hour", "Return to (this item) in private"; and working with
// someone with no work named ("Work with her colleagues").
const IN_MEETING =
  /^(?:talk(?!\s+to\b)|go round|discuss|describe|explain|show|present|draw|continue|start|go (?:on|for|with|back|ahead|to|into)|give (?:it|this|that|them|\w+ a (?:one|two|three|four|five|six|seven|\d)|an? (?:one|two|three|four|five|six|seven|\d))|check (?:that|what|we|if)|run (?:it|through)|get rid of|have to|have a(?!\s+(?:first\s+)?(?:draft|proposal|plan|report|summary|quote|list|version|deck|budget|schedule|estimate|write-up|recommendation|shortlist|mock-?up|prototype)\b)|keep the minutes|add one more|finish (?:the |this )?meeting|get used to|get a chance|get to|go without|take a vote|vote on|return to|turn to|go into private|work with (?:(?!\bon\b|\bto\b).)*$|meet (?:you|again|back)\b|.*\bfor (?:about |around |just )?(?:a few|a couple of|\d+|two|three|four|five|ten|fifteen|twenty|thirty) minutes$)\b/i;
// Running a formal meeting, not work after it: a motion ("Move that we award the contract", "Move it, for
// discussion"), seconding it, calling the question or the roll, reading back or recording what was said, sharing a
// screen, sending the call's recording or link. "Move it to Friday" is work (a meeting moved), so only a motion's forms are listed.
const PROCEDURE =
  /^(?:move\s+(?:that\b|it\s*(?:[,.;]|for\b|$)|to\s+(?:approve|adopt|accept|table|amend|award|recommend|defer|postpone|adjourn|ratify|receive)\b)|second\s+(?:it|that|the motion)\b|call\s+(?:the\s+)?(?:question|vote|roll)\b|read\s+(?:(?:back|out)\s+(?:the\s+|our\s+)?(?:actions?|action items|minutes|motions?|decisions|list|votes?)\b|(?:the\s+|our\s+|it|them)(?:\s*(?:actions?|action items|minutes|motions?|decisions|list|votes?))?\s+(?:back|out)\b)|record\s+(?:any\s+|the\s+|all\s+)?(?:votes?|abstentions|recusals|ayes|nays|minutes)\b|share\s+(?:my|the|your)\s+screen\b|(?:send|share|post|forward|circulate)\s+(?:out\s+)?(?:the|this)\s+(?:recording|meeting link|zoom link|call link)\b(?!\s+(?:to|for|with)\s+\p{Lu}))/iu;
// "Go lie down", "Go and listen to a lot of dogs barking", "Go in score order": "go" names where the speaker goes,
// not work; the work, if any, is the verb after it. Only going through or over something is work of its own ("Go
// through the contract"); "go to / on / back…" are IN_MEETING's.
const GOING = /^go\s+(?!through\b|over\b)/i;
// A verb with no object before a comma ("Go, you'll be late", "Hire, maybe strong hire"), or with a refused one
// ("Have no choice with the partners", "Do nothing"): no work named.
const NO_OBJECT = /^[\p{L}-]+\s*,|^[\p{L}-]+\s+(?:no|nothing|none)\b/iu;
// A task that still has the speaker in it ("Put the minutes I put the minutes…", "Write criteria one we get one").
const SPEAKER_LEFT = /\b(?:i|i['’]m|i['’]ve|i['’]ll|you wanna|we get)\b|['’]cause\b|\bbecause\b/i;
const DANGLING =
  /(?:\b(?:the|a|an|my|your|our|their|his|her|its|of|to|for|with|from|in|on|at|if|that|and|or|but|so|other|now|between|some|this|these|(?<!\b(?:is|are|be)\s)final|personal|like|about|except|once|whether)|,)\s*[.!"”]?$/i;
// Words that are no object of work: pointers back, and the manner or time of it ("work on your own", "work on next").
const PRONOUNS = new Set(
  "it that this them those these one ones two there here something anything everything stuff things thing him her us me each other own next soon right first again later now away back real really".split(
    " ",
  ),
);

/** Words after "this" / "that" that leave it a pronoun: "Keep this short", "Put that there", "Do that for…". */
const NOT_NOUN =
  /^(?:there|here|out|over|up|back|off|on|in|to|for|with|from|into|now|again|first|later|soon|today|tomorrow|short|quick|simple|brief|open|tight|clean|one|ones|and|or|but|so|as|by|before|after|then|too|also|right|away|together|done|ready|happen|happens|work|works|way|week|weekend|month|quarter|year|morning|afternoon|evening|time)$/i;

/** A person's name ("Sam", "Kolya Petrov"), not a title or a fragment a sentence started with ("Mr", "Dr"). */
const PERSON_NAME = /^(?:(?:M[rs]s?|Dr)\.?\s+)?(?!(?:M[rsx]s?|Dr)\b)\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{L}'’-]+)*$/u;
/** A group, not a person: "Core Devs", "Client Teams", "the Board" are the meeting's own people more often than not. */
const GROUP =
  /\b(?:devs|developers|engineers|teams?|folks|people|guys|leads|members|everyone|everybody|all|group|committee|board|staff|council|crew)$/i;

/**
 * Where the speaker goes, said as a task (GOING): neither an action item nor a possible one. Checked on the rules'
 * items, the scorer's selected items and the possible items; not inside the scorer's own candidates, whose weights
 * were trained with them.
 */
export function goingAway(raw: string): boolean {
  return GOING.test(cleanSpeech(raw));
}

/** The participants an owner may be: speaker labels and the names resolved for generic labels. */
export function participants(ctx: Context): string[] {
  return [...ctx.speakers.filter((s) => s.trim()), ...ctx.labelNames.values()];
}

/** The participant an owner names ("Dana" for "Dana Whitfield"), or null when nobody in the meeting is meant. */
export function participantOwner(owner: string | null, ctx: Context): string | null {
  if (!owner) return null;
  const people = participants(ctx);
  const lower = owner.toLowerCase();
  const introduced = ctx.selfNames.get(lower);
  if (introduced) return introduced;
  const exact = people.find((p) => p.toLowerCase() === lower);
  if (exact) return exact;
  const first = people.filter((p) => p.toLowerCase().split(/\s+/)[0] === lower.split(/\s+/)[0]);
  if (first.length === 1 && first[0] !== undefined) return first[0];
  // Notes without speaker names, or speakers still known only as "Speaker 2": a person named for a task is one of them.
  const unnamed =
    ctx.speakers.every((s) => !s.trim() || GENERIC_LABEL.test(s)) ||
    ctx.speakers.some((s) => GENERIC_LABEL.test(s) && !ctx.labelNames.has(s));
  return unnamed ? owner : null;
}

/**
 * A task a person can act on: at least three words, a task verb first, and an object that is not just a pronoun.
 * `rules`: a rule's item (a commitment, request or recap line), where "this recap", "have a draft plan", "once the
 * list is final" and the verbs of change are read as work; the scorer's clauses keep the narrower reading it was
 * trained with.
 */
export function isActionableTask(raw: string, rules = false): boolean {
  const task = cleanSpeech(raw);
  const words = task.replace(/…$/, "").split(/\s+/).filter(Boolean);
  const verb = firstWord(task);
  // Two words are a task when the verb is one and the object a word of its own: "Ping finance", "Call Hillside".
  const twoWords =
    words.length === 2 && TASK_VERBS.has(verb) && /^\p{L}{4,}$/u.test(words[1] ?? "") && !PRONOUNS.has((words[1] ?? "").toLowerCase());
  if (words.length < 3 && !twoWords) return false;
  const letKnow = verb === "let" && /\bknow\b/i.test(task);
  // "Have the drafts in the folder", "have the quote written up": a delivery, when it names what.
  const have = verb === "have" && words.length >= 4;
  if (!TASK_VERBS.has(verb) && !MORE_VERBS.has(verb) && !(rules && RULE_VERBS.has(verb)) && !letKnow && !have) return false;
  if (isWeak(task) || pointsBack(task) || IN_MEETING.test(task) || SPEAKER_LEFT.test(task)) return false;
  if (PROCEDURE.test(task) || NO_OBJECT.test(task) || (rules && goingAway(task))) return false;
  if (!rules && /^have a\b/i.test(task)) return false;
  // Pronouns out before contentWords stems them ("one" → "on", "these" → "thes").
  // The verb was a noun: "(the proof of) work is a testnet", "(what they are) working is…".
  if (/^(?:is|are|was|were|am|has|had|will|would|can|could|should|must|does|did)$/i.test(words[1] ?? "")) return false;
  const object = [
    ...contentWords(
      words
        .slice(1)
        .join(" ")
        .replace(/\bas well\b/gi, "")
        .split(/\s+/)
        .filter((w) => !PRONOUNS.has(w.toLowerCase().replace(/[^\p{L}]/gu, "")))
        .join(" "),
    ),
  ];
  if (!object.length) return false;
  // Broken off: "Make a final", "Ask your personal", "Write minutes, if".
  if (DANGLING.test(task) || (!rules && /\bfinal\s*[.!"”]?$/i.test(task))) return false;
  // "Do" with no object of its own: "Do for the next meeting", "Do from a marketing point of view".
  if (/^do\s+(?:for|from|with|at|by|about|to|in|on|when|if|is|here|there)\b/i.test(task)) return false;
  // "Keep this short", "Meet you in half an hour", "Put that there": a pronoun object and little else,
  // unless it goes to someone named ("Send it to Zoë").
  // "Send this recap by email": "this" before a noun is a determiner, not the object.
  const determiner =
    rules && /^(?:this|that|these|those)$/i.test(words[1] ?? "") && /^\p{Ll}{3,}$/u.test(words[2] ?? "") && !NOT_NOUN.test(words[2] ?? "");
  const pronounObject =
    (/^(?:it|this|that|these|those|there|here)$/i.test(words[1] ?? "") && !determiner) ||
    (/^(?:you|us|me)$/i.test(words[1] ?? "") && !/^(?:a|an|the|some|my|our|your|his|her|their)$/i.test(words[2] ?? ""));
  if (pronounObject && object.length < 3 && !words.slice(2).some((w) => /^\p{Lu}/u.test(w))) return false;
  return true;
}

/** "Ask the Industrial Designer to find out more": the task is the participant's, not the asker's. */
function askedParticipant(task: string, ctx: Context): { task: string; owner: string } | null {
  const m = /^ask\s+(?:the\s+|our\s+)?(.+?)\s+to\s+(.+)$/i.exec(task);
  const [, asked, theirs] = m ?? [];
  if (asked === undefined || theirs === undefined) return null;
  const who = asked.toLowerCase();
  const label = participants(ctx).find((p) => p.trim() && who.startsWith(p.toLowerCase().replace(/\s*\(.*$/, "")));
  // What is asked is a clause of its own: "to try to find out…" is "Find out…".
  const work = label ? cleanTask(theirs) : "";
  return label && work ? { task: work, owner: label } : null;
}

/** Whether `preciseItems` would keep a task (its owner aside): for the selection, before repeats are merged. */
export function keepsTask(raw: string): boolean {
  const cleaned = cleanSpeech(raw);
  return isActionableTask(cleaned.charAt(0).toUpperCase() + cleaned.slice(1), true);
}

/** Items kept and tidied: stutters out of the task, owner a participant or empty. */
export function preciseItems(items: ActionItemDraft[], ctx: Context): ActionItemDraft[] {
  const out: ActionItemDraft[] = [];
  for (const original of items) {
    const asked = askedParticipant(cleanSpeech(original.task), ctx);
    const it = asked ? { ...original, task: asked.task, assignee: asked.owner } : original;
    const cleaned = cleanSpeech(it.task);
    const task = cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
    if (!isActionableTask(task, true)) continue;
    const owner = participantOwner(it.assignee, ctx);
    // Work put on someone who is not in the meeting ("Sam will reach out", "Kolya, could you…" for nobody known) is
    // theirs to take up, not an item of this meeting: a person's name said but no participant behind it.
    if (it.assignee && !owner && PERSON_NAME.test(it.assignee) && !GROUP.test(it.assignee)) continue;
    out.push({ ...it, task, assignee: owner });
  }
  return out;
}
