// Work handed out as a list rather than as a clause. At the end of a meeting the chair often reads out who
// does what: "the working design for ID", "for marketing, the user requirements specification", "Steph gets
// the interface design", "Marketing: the evaluation." Each part names a person and a piece of work (a noun
// phrase), and becomes the task "Work on <the work>" for that person. A person is a participant's label (or
// its initials: "ID", "UID" for "Industrial Designer", "User Interface"), the name of someone in the meeting
// (a speaker's, or one a speaker gave themself), or "you". Any other capitalised word is no one: "the member
// for Abbotsford", "an issue for Switchboard".
// These are only candidates: the learned scorer in action-model.ts decides which stay.
import { escapeRegExp as ESCAPE, ROLE_SUFFIX_CASED as ROLE_SUFFIX } from "./text";

export type AssignedTo = "label" | "initials" | "name" | "you";
export type AssignmentForm = "workFor" | "forWork" | "gets" | "listed";

export interface Assignment {
  /** "Work on the working design". */
  task: string;
  /** The label of the participant meant, the name as said, or null ("you"). */
  who: string | null;
  whoKind: AssignedTo;
  form: AssignmentForm;
}

const DETERMINER = "(?:[Tt]he|[Aa]n?|[Ss]ome|[Yy]our|[Oo]ur|[Tt]heir|[Hh]is|[Hh]er)";
// The words of the work: up to seven, none of them a word that starts a new clause.
const WORK_WORD =
  "(?!and\\s+\\p{Lu})(?!(?:for|is|are|was|will|would|can|should|but|so|because|then|if|when|which|that|who|i|we|you|he|she|they|as|up|to|just|now|again|first|maybe|really|here|there)\\b)[\\p{L}][\\p{L}'’-]*";
/** Work said without a determiner ("product evaluation"), not starting with a function word ("to play", "up"). */
const BARE_START =
  "(?!(?:to|up|in|on|at|out|back|down|into|over|off|it|that|this|them|there|here|just|really|all|some|more|started|going|used|rid|ready|done|one)\\b)";
const WORK = `((?:${DETERMINER}\\s+|${BARE_START})${WORK_WORD}(?:\\s+${WORK_WORD}){0,6})`;
/** Where a list part's work ends: the sentence, the clause, or the next part. */
const WORK_END = "(?=\\s*(?:[,.;!?]|$|\\s+(?:and|for)\\b))";
/** A person reference ends where the sentence, the clause or the list part does. */
const PERSON_END = "(?=\\s*(?:[,.;:!?]|$|\\s+(?:and|then|please|okay|alright)\\b))";

/** "Industrial Designer" is said as "industrial designer", "Industrial Designer" or "the industrial designer". */
function labelPattern(label: string): string {
  return label
    .split(/\s+/)
    .map((w) => `[${ESCAPE(w.charAt(0).toUpperCase())}${ESCAPE(w.charAt(0).toLowerCase())}]${ESCAPE(w.slice(1).toLowerCase())}`)
    .join("\\s+");
}

/**
 * Initials of a label of two words or more, each a word of three letters or more ("ID"; not "PhD D"), which a
 * role name may extend by one letter ("UID").
 */
export function initials(label: string): string | null {
  const words = label.split(/\s+/);
  return words.length >= 2 && words.every((w) => /^\p{L}{3,}$/u.test(w)) ? words.map((w) => w.charAt(0).toUpperCase()).join("") : null;
}

interface People {
  /** Any person reference: a label, initials, "you" or a name (one group). */
  any: string;
  /** A participant's role or a name, not "you" ("you get a button" describes the product) (one group). */
  named: string;
  /** A participant's role only: a label or its initials (one group). */
  role: string;
  /** A name of someone in the meeting (no group). */
  name: string;
  resolve(said: string): { who: string | null; kind: AssignedTo } | null;
}

function people(labels: string[], names: string[]): People {
  const cores = labels.map((l) => l.replace(/\s*\(.*$/, "").trim()).filter((l) => l.length >= 3);
  const inits = cores.map((l) => initials(l)).filter((i): i is string => i !== null);
  const roles = [
    ...cores.map((l) => `(?:[Tt]he\\s+|[Oo]ur\\s+)?${labelPattern(l)}${ROLE_SUFFIX}`),
    ...(inits.length ? [`(?:[Tt]he\\s+)?(?:${inits.map(ESCAPE).join("|")})\\p{Lu}?`] : []),
  ];
  const start = "(?<![\\p{L}'’])";
  const NAME = names.length ? `(?:${names.map(ESCAPE).join("|")})(?![\\p{L}'’])` : "(?!)";
  return {
    any: `${start}(${[...roles, "[Yy]ou", NAME].join("|")})`,
    named: `${start}(?![Yy]ou\\b)(${[...roles, NAME].join("|")})`,
    role: `${start}(${roles.join("|") || "(?!)"})`,
    name: NAME,
    resolve(said) {
      const lower = said.toLowerCase();
      const label = cores.find((l) => lower.includes(l.toLowerCase()));
      if (label) return { who: labels.find((l) => l.startsWith(label)) ?? label, kind: "label" };
      const core = said.replace(/^the\s+/i, "");
      const byInitials = cores.find((l) => {
        const i = initials(l);
        return i !== null && (core === i || (core.length === i.length + 1 && core.startsWith(i)));
      });
      if (byInitials) return { who: labels.find((l) => l.startsWith(byInitials)) ?? byInitials, kind: "initials" };
      if (lower === "you") return { who: null, kind: "you" };
      return names.includes(said) ? { who: said, kind: "name" } : null;
    },
  };
}

const WORK_PHRASE = `(${DETERMINER}\\s+${WORK_WORD}(?:\\s+${WORK_WORD}){0,6})`;

/** The forms of a read-out assignment, each with the group of the person and of the work. */
function forms(p: People): { form: AssignmentForm; re: RegExp; personGroup: number; workGroup: number }[] {
  return [
    // "the look and feel design is for Kate", "the working design for ID" (not "a remote for you")
    {
      form: "workFor",
      // Not after a verb "to be": "this is a bit of a pity for the marketing expert" judges, it hands out nothing.
      re: new RegExp(
        `(?<![\\p{L}'’])(?<!\\b(?:is|was|are|were|be|been|being|['’]s|['’]re)\\s+)${WORK_PHRASE}\\s+(?:is\\s+|goes\\s+|will\\s+be\\s+)?for\\s+${p.named}${PERSON_END}`,
        "gu",
      ),
      personGroup: 2,
      workGroup: 1,
    },
    // "for UID the technical functions design", "for marketing, it's the user requirements"
    {
      form: "forWork",
      re: new RegExp(`\\b[Ff]or\\s+${p.role}\\s*,?\\s+(?:(?:it['’]s|that['’]s|is)\\s+)?${WORK_PHRASE}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "for user interface, technical functions": after a comma the work may come without a determiner
    {
      form: "forWork",
      re: new RegExp(`\\b[Ff]or\\s+${p.role}\\s*,\\s+${WORK}${WORK_END}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "that's Kate, for the working design", "that's you Steph, for…"
    {
      form: "forWork",
      re: new RegExp(`\\bthat['’]s\\s+(?:you\\s+)?(${p.name}|you)\\s*,\\s*for\\s+${WORK_PHRASE}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "Steph gets the user interface design"
    {
      form: "gets",
      re: new RegExp(`${p.named}\\s+(?:gets?|takes?|has\\s+got)\\s+${WORK}${WORK_END}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "the marketing expert with the evaluation" (a role only: "like with those words")
    {
      form: "gets",
      re: new RegExp(`${p.role}\\s+with\\s+${WORK}${WORK_END}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "the designer will do the components, User Interface Designer the interface concept, and Andrew of course the
    // evaluation": a list part after a comma
    {
      form: "listed",
      re: new RegExp(`(?:,\\s*(?:and\\s+)?|\\s+and\\s+)(?:for\\s+)?${p.named}\\s*,?\\s+(?:of\\s+course\\s+|also\\s+)?${WORK_PHRASE}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
    // "…for Kate to do the components, for Steph the user interface and for you the trend-watching": "you" only
    // with "for", after another part
    {
      form: "listed",
      re: new RegExp(`(?:,\\s*(?:and\\s+)?|\\s+and\\s+)for\\s+([Yy]ou)\\s*,?\\s+${WORK_PHRASE}`, "gu"),
      personGroup: 1,
      workGroup: 2,
    },
  ];
}

/** "Marketing, the user requirement specification.": a short sentence that is only a role and a piece of work. */
function listed(sentence: string, p: People): { said: string; work: string } | null {
  const lead = "^(?:(?:[Aa]nd|[Tt]hen|[Ss]o|[Oo]kay|[Nn]ow)\\s*,?\\s+)*";
  // The work has a determiner: "Claire Morgan, strategic director." introduces someone.
  const m = new RegExp(`${lead}${p.named}\\s*[,:–—-]\\s+${WORK_PHRASE}\\s*[.;]?$`, "u").exec(sentence.trim());
  const said = m?.[1];
  const work = m?.[2];
  return said && work ? { said, work } : null;
}

/** The work without a trailing function word ("the design of the" → "the design"). */
function trimWork(work: string): string {
  return work.replace(/(?:\s+(?:the|a|an|of|to|for|with|on|in|at|and|or|like|about|um|uh|okay|right))+$/i, "").trim();
}

/** A finder of the read-out assignments in a sentence, for the participants with these labels and names. */
export function assignmentFinder(labels: string[], names: string[]): (sentence: string) => Assignment[] {
  const p = people(labels, names);
  const isPerson = new RegExp(`^${p.any}$`, "u");
  const patterns = forms(p);
  return (sentence) => {
    const out: Assignment[] = [];
    const push = (said: string, work: string, form: AssignmentForm) => {
      const person = p.resolve(said);
      const what = trimWork(work);
      // The work is more than a determiner, and not a person itself ("the marketing expert").
      if (!person || what.split(/\s+/).length < 2 || isPerson.test(what) || out.some((o) => o.task.endsWith(what))) return;
      out.push({ task: `Work on ${what}`, who: person.who, whoKind: person.kind, form });
    };
    const l = listed(sentence, p);
    if (l) push(l.said, l.work, "listed");
    for (const { form, re, personGroup, workGroup } of patterns)
      for (const m of sentence.matchAll(re)) push(m[personGroup] ?? "", m[workGroup] ?? "", form);
    return out;
  };
}
