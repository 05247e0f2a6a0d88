// Who an action item belongs to: names people use when they address someone ("Priya, can you…",
// "walt can you…" in lowercase captions), generic "Speaker 2" labels resolved from the conversation,
// and hand-overs ("never mind, Dev's got it") or assignments ("Sam, that one's yours").
import { NICKNAMES } from "./words";
import type { Utterance } from "../../../../contract/transcript";
import { splitSentences } from "./text";

export const NAME = "\\p{Lu}[\\p{L}\\p{M}'’\\-]+";
// Capitalised words that open sentences rather than name people.
const NOT_A_NAME = new Set(
  "so okay ok yeah yes yep no and also then right well great perfect sure thanks thank honestly actually alright hi hey good cool oh um uh anyway please maybe just let let's i we you it that this the someone somebody everyone anyone nobody if when once after since but or what who how why where which sorry fine agreed awesome nice wait hmm look listen again speaker".split(
    " ",
  ),
);

export const GENERIC_LABEL = /^(?:speaker|spk|participant|guest|unknown)[\s_-]*\w{1,3}$/i;

export interface Context {
  speakers: string[];
  labelNames: Map<string, string>;
  /** Names people gave themselves ("I'm Laura and I'm the project manager"), lowercased, to their speaker label. */
  selfNames: Map<string, string>;
  /** Names people are called by that fit no label ("Shiv" for Siobhan Keane), lowercased, to the label that answers. */
  calledNames?: Map<string, string>;
}

export function makeContext(utterances: Utterance[]): Context {
  return {
    speakers: namedSpeakers(utterances),
    labelNames: resolveGenericLabels(utterances),
    selfNames: selfIntroductions(utterances),
    calledNames: answeredNames(utterances),
  };
}

/** More speakers than any meeting's notes name; patterns are built from these labels (thousands would not compile). */
export const MAX_NAMED_SPEAKERS = 200;

/** The speaker labels in order of first appearance: the MAX_NAMED_SPEAKERS who took the most turns. */
export function namedSpeakers(utterances: Utterance[]): string[] {
  const turns = new Map<string, number>();
  for (const u of utterances) turns.set(u.speaker, (turns.get(u.speaker) ?? 0) + 1);
  if (turns.size <= MAX_NAMED_SPEAKERS) return [...turns.keys()];
  const kept = new Set(
    [...turns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_NAMED_SPEAKERS)
      .map(([s]) => s),
  );
  return [...turns.keys()].filter((s) => kept.has(s));
}

/**
 * The names of the people in the meeting, capitalised as said: first names from the speaker labels ("Siân"
 * of "Siân Gwenllian", "Garnett" of "Mr. Garnett Genuis (…)"), names found for generic labels, and names
 * speakers gave themselves, and names people are called by at least twice ("Kate, can you…", "…, Steph?").
 */
export function meetingNames(ctx: Context, utterances: Utterance[]): string[] {
  const first = (label: string) =>
    label
      .replace(/\s*\(.*$/, "")
      .replace(/^(?:(?:the|mr|mrs|ms|dr|hon|prof)\.?\s+)+/i, "")
      .split(/\s+/)[0] ?? "";
  const names = [
    ...ctx.speakers.filter((s) => !GENERIC_LABEL.test(s)).map(first),
    ...[...ctx.labelNames.values()].map(first),
    ...[...ctx.selfNames.keys()].map((n) => n.charAt(0).toUpperCase() + n.slice(1)),
    ...calledBy(utterances),
  ];
  return [...new Set(names.filter((n) => isName(n) && /^\p{Lu}\p{Ll}/u.test(n)))];
}

/** Forms of address that are not names ("Madam Chair, …", "Minister, …"). */
const TITLES = new Set(
  "mr mrs ms miss madam sir chair chairman chairwoman minister member members colleagues everyone everybody guys folks team doctor dr professor".split(
    " ",
  ),
);

/** Names said as an address ("Kate, can you…", "…, Steph?") at least twice in the meeting. */
function calledBy(utterances: Utterance[]): string[] {
  const counts = new Map<string, number>();
  for (const u of utterances)
    for (const sentence of splitSentences(u.text)) {
      const name = addressedName(sentence)?.split(" ")[0];
      if (name && !TITLES.has(name.toLowerCase())) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  return [...counts].filter(([, n]) => n >= 2).map(([name]) => name);
}

/**
 * "I'm Laura and I'm the project manager", "My name's Frank": the name a speaker gives themself, when the
 * transcript labels them by role. A name claimed by two speakers, or a word of a label ("I'm Marketing"), is
 * no one's.
 */
export function selfIntroductions(utterances: Utterance[]): Map<string, string> {
  const claims = new Map<string, Set<string>>();
  const labelWords = new Set(utterances.flatMap((u) => u.speaker.toLowerCase().split(/\s+/)));
  const intro = new RegExp(`\\b(?:I['’]m|I am|[Mm]y name is|[Mm]y name['’]s)\\s+(${NAME})`, "gu");
  for (const u of utterances) {
    if (GENERIC_LABEL.test(u.speaker)) continue;
    for (const m of u.text.matchAll(intro)) {
      const name = m[1];
      if (
        !isName(name) ||
        /^\p{Lu}{2,}$/u.test(name) ||
        labelWords.has(name.toLowerCase()) ||
        u.speaker.toLowerCase().includes(name.toLowerCase())
      )
        continue;
      const who = claims.get(name.toLowerCase()) ?? new Set<string>();
      who.add(u.speaker);
      claims.set(name.toLowerCase(), who);
    }
  }
  const out = new Map<string, string>();
  for (const [name, who] of claims) if (who.size === 1) out.set(name, [...who][0] ?? "");
  return out;
}

/** Whether `word` is a person's name (undefined, e.g. a regex group that did not take part: no). */
export function isName(word: string | undefined): word is string {
  if (word === undefined) return false;
  return new RegExp(`^${NAME}$`, "u").test(word) && !NOT_A_NAME.has(word.toLowerCase().replace(/[’']s$/, "")) && !GENERIC_LABEL.test(word);
}

/** First names of the people in the meeting (speakers and names resolved for generic labels), lowercased. */
function knownFirstNames(ctx: Context): Set<string> {
  const names = [...ctx.speakers.filter((s) => !GENERIC_LABEL.test(s)), ...ctx.labelNames.values()];
  return new Set(names.map((n) => n.toLowerCase().split(/\s+/)[0] ?? "").filter((n) => n.length > 1));
}

const LEAD_WORDS = "(?:[Ss]o|[Oo]kay|[Oo][Kk]|[Aa]nd|[Aa]lso|[Tt]hen|[Rr]ight|[Aa]lright|[Gg]reat|[Nn]ow|[Ww]ell|[Hh]ey|[Oo]h)";

/**
 * The name someone addresses at the start ("Priya, can you…", "So, Zoë, …") or end ("…, Priya?").
 * With `ctx`, a lowercase first name of someone in the meeting also counts when a request or task verb
 * follows ("walt can you…", "ugh okay yusuf can you…"): auto-captions drop capitals and commas.
 */
export function addressedName(sentence: string, ctx?: Context, me?: string | null): string | null {
  const lead = new RegExp(`^(?:${LEAD_WORDS},?\\s+)*(${NAME})(?:\\s+(${NAME}))?\\s*[,?]`, "u").exec(sentence);
  const [, first, second] = lead ?? [];
  if (isName(first)) return isName(second) ? `${first} ${second}` : first;
  const tail = new RegExp(`,\\s*(${NAME})\\s*[?.!]?$`, "u").exec(sentence);
  const addressedLast = tail?.[1];
  if (isName(addressedLast)) return addressedLast;
  if (!ctx) return null;
  const lower =
    /^(?:(?:okay|ok|so|and|also|then|right|alright|now|well|hey|oh|um+|uh+|ugh|yeah)[,.]?\s+)*([\p{L}'’-]+),?\s+(?=(?:can|could|would|will|please|you)\b|\p{Ll}+\s)/iu.exec(
      sentence,
    );
  const known = knownFirstNames(ctx);
  const self = me?.toLowerCase().split(/\s+/)[0];
  const [whole = "", word] = lower ?? [];
  if (word !== undefined && known.has(word.toLowerCase()) && word.toLowerCase() !== self) {
    const after = sentence.slice(whole.length);
    if (/^(?:can|could|would|will|please)\b/i.test(after) || whole.includes(",")) return word;
  }
  return null;
}

export function resolveOwner(name: string, ctx: Context): string {
  const lower = name.toLowerCase();
  const introduced = ctx.selfNames.get(lower);
  if (introduced) return introduced;
  // "Mr. Tanaka", "Councillor Delgado", "Sister Obi", or the family name alone ("Tanaka's asking the district"): the one
  // label whose last word it is, when it is no one's first name.
  const family = name
    .trim()
    .replace(
      /^(?:mr|mrs|ms|miss|mister|dr|doctor|prof|professor|councillor|councilor|alderman|sister|brother|chief|coach|judge)\.?\s+/i,
      "",
    );
  if (/^\p{Lu}[\p{L}'’-]+$/u.test(family)) {
    const last = family.toLowerCase();
    const labels = ctx.speakers.filter((s) => !GENERIC_LABEL.test(s)).map((s) => s.toLowerCase().split(/\s+/));
    const fits = labels.filter((w) => w.length > 1 && w.at(-1) === last);
    const fit =
      fits.length === 1 && !labels.some((w) => w[0] === last)
        ? ctx.speakers.find((s) => s.toLowerCase() === fits[0]!.join(" "))
        : undefined;
    if (fit) return fit;
  }
  for (const s of ctx.speakers) {
    if (GENERIC_LABEL.test(s)) continue;
    if (s.toLowerCase() === lower || s.toLowerCase().split(/\s+/)[0] === lower.split(/\s+/)[0]) return s;
  }
  for (const n of ctx.labelNames.values()) if (n.toLowerCase() === lower) return n;
  // "Kate" for "Katherine Ng", "Rach" for "Rachel Greenberg": a short form that fits exactly one person.
  const short = nicknameOf(
    lower.split(/\s+/)[0] ?? "",
    ctx.speakers.filter((s) => !GENERIC_LABEL.test(s)),
  );
  if (short) return short;
  const called = ctx.calledNames?.get(lower.split(/\s+/)[0] ?? "");
  if (called) return called;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Calendar words, interjections, meeting words and contractions said before a comma or question mark like a name. */
const NOT_CALLED =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|ha|hm+|mm+|me|ja|oh|um|uh|ok|no|so|ah|aw|opposed|discussion|objections?|questions?|comments?|thoughts?|seconded|motion|next|bravo)$|['’]/;

/**
 * Names that fit no label's first name but that people are called by ("Shiv, can you set up the page?" answered by
 * Siobhan Keane; "Peggy" for Margaret Dunn), lowercased, to the label of who answers: the speaker of the next turn
 * when a turn ends or starts by addressing the name, and the one thanked by it ("Thanks, Shiv"). A name goes to one
 * label only, and needs two such answers, or one from a label whose first name starts with the same letter
 * ("Hala" for Halina).
 */
export function answeredNames(utterances: Utterance[]): Map<string, string> {
  const labels = namedSpeakers(utterances).filter((s) => !GENERIC_LABEL.test(s));
  const labelWords = new Set(labels.flatMap((l) => l.toLowerCase().split(/[\s()]+/)));
  // A word the meeting also says in lower case is a word ("Opposed?", "Next?"), not a name.
  const lowerWords = new Set(utterances.flatMap((u) => u.text.match(/(?<![\p{L}'’])\p{Ll}[\p{L}'’-]*/gu) ?? []));
  const votes = new Map<string, Map<string, number>>();
  const vote = (name: string, label: string) => {
    const n = name.toLowerCase();
    if (labelWords.has(n) || TITLES.has(n) || lowerWords.has(n) || NOT_CALLED.test(n) || !labels.includes(label)) return;
    const m = votes.get(n) ?? new Map<string, number>();
    m.set(label, (m.get(label) ?? 0) + 1);
    votes.set(n, m);
  };
  for (let i = 0; i + 1 < utterances.length; i++) {
    const cur = utterances[i];
    const next = utterances[i + 1];
    if (!cur || !next || cur.speaker === next.speaker) continue;
    const sentences = splitSentences(cur.text);
    for (const s of new Set([sentences[0] ?? "", ...sentences.slice(-2)])) {
      const n = addressedName(s)?.split(" ")[0];
      if (n && !/^(?:hi|hey|hello|thanks|thank|morning|evening|bye)\b/i.test(s)) vote(n, next.speaker);
    }
    const thanked = new RegExp(`^(?:thanks|thank you|cheers)\\s*,?\\s+(${NAME})\\b`, "u").exec(next.text)?.[1];
    if (isName(thanked)) vote(thanked, cur.speaker);
  }
  const out = new Map<string, string>();
  for (const [name, m] of votes) {
    const ranked = [...m].sort((a, b) => b[1] - a[1]);
    const [label, n] = ranked[0] ?? ["", 0];
    if (ranked[1] && ranked[1][1] === n) continue;
    if (n >= 2 || (n === 1 && label.toLowerCase().startsWith(name.charAt(0)))) out.set(name, label);
  }
  return out;
}

/**
 * The one label whose first name `short` is a short form of: a listed nickname (words.ts), the name's first three
 * or more letters ("Rach", "Bart", "Toby" for Tobias by its first three), or its last four or more ("Seun" for
 * Oluwaseun). Null when none or more than one fits.
 */
export function nicknameOf(short: string, labels: string[]): string | null {
  if (short.length < 3) return null;
  const fits = (first: string) =>
    NICKNAMES[short]?.includes(first) ||
    (first.length > short.length && first.startsWith(short)) ||
    (short.length >= 4 && first.length > short.length + 2 && first.endsWith(short)) ||
    (short.length >= 4 && first.length > short.length && first.slice(0, 3) === short.slice(0, 3) && /y$|ie$/.test(short));
  const found = labels.filter((l) => fits(l.toLowerCase().split(/\s+/)[0] ?? ""));
  return found.length === 1 ? found[0]! : null;
}

export function speakerDisplay(label: string, ctx: Context): string | null {
  if (!label.trim()) return null;
  return ctx.labelNames.get(label) ?? label;
}

/** "never mind, Dev's got it", "Dev can take it", "give it to Dev": who the speaker passes their task to. */
export function handOverName(sentence: string): string | null {
  const m =
    new RegExp(`\\b(${NAME})(?:['’]s| has)(?: got| taking| on)? (?:it|this|that)\\b`, "u").exec(sentence) ??
    new RegExp(`\\b(${NAME}) (?:can|will|should) (?:take|do|handle|have) (?:it|this|that)\\b`, "u").exec(sentence) ??
    new RegExp(`\\b(?:give|hand|pass) (?:it|this|that) (?:to|over to) (${NAME})\\b`, "u").exec(sentence);
  const named = m?.[1];
  return isName(named) ? named : null;
}

/** "Sam, that one's yours", "that's yours then": the chair binding a task to the person addressed. */
export const ASSIGNED_TO_ADDRESSEE = /\b(?:that(?:['’]s| one['’]s| one is| is)|it['’]s|this one['’]s)\s+(?:yours|on you|all yours)\b/i;

/**
 * Generic labels ("Speaker 2") resolved to names the conversation itself shows: a turn that ends by
 * addressing someone ("Luis, can you…?", "Tom, I know you…") is answered by that person, and
 * "Thanks, Maria" thanks the previous speaker. Majority vote; a name goes to one label only.
 */
export function resolveGenericLabels(utterances: Utterance[]): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  const vote = (label: string, name: string) => {
    if (!GENERIC_LABEL.test(label)) return;
    const m = votes.get(label) ?? new Map<string, number>();
    m.set(name, (m.get(name) ?? 0) + 1);
    votes.set(label, m);
  };
  for (let i = 0; i + 1 < utterances.length; i++) {
    const cur = utterances[i];
    const next = utterances[i + 1];
    if (!cur || !next || cur.speaker === next.speaker) continue;
    const last = splitSentences(cur.text).slice(-2);
    for (const s of last) {
      const n = addressedName(s);
      if (n && !/^(?:hi|hey|hello|thanks|thank)\b/i.test(s)) vote(next.speaker, n.split(" ")[0] ?? n);
    }
    const thanks = new RegExp(
      `^(?:thanks|thank you|cheers|great|perfect|okay|ok|sure|yes|yeah|hi|hey|hello)\\s*,?\\s+(${NAME})\\b`,
      "u",
    ).exec(next.text);
    const thanked = thanks?.[1];
    if (isName(thanked)) vote(cur.speaker, thanked);
  }
  const ranked: { label: string; name: string; n: number }[] = [];
  for (const [label, m] of votes) {
    const best = [...m.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best) ranked.push({ label, name: best[0], n: best[1] });
  }
  ranked.sort((a, b) => b.n - a.n);
  const result = new Map<string, string>();
  const used = new Set<string>();
  const speakers = new Set(utterances.map((u) => u.speaker));
  for (const r of ranked) {
    if (used.has(r.name) || speakers.has(r.name)) continue;
    used.add(r.name);
    result.set(r.label, r.name);
  }
  return result;
}

// Sentences of a turn: one splitter for the engine, in text.ts; re-exported for the files that import it from here.
export { splitSentences };
