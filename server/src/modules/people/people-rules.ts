// Who a speaker or an action item's owner is (issue 34): a link someone chose wins; without
// one, a name that is exactly one member's full name links to that member automatically
// (case and outer spaces aside; two members of one name link neither). Pure functions, no SQL.
import type { LinkedPerson, Person } from "../../../../contract/people";
import type { Utterance } from "../../../../contract/transcript";

export interface LinkRow {
  speaker: string;
  userId: string | null;
  contactId: string | null;
}

export interface OwnerFields {
  assignee: string | null;
  ownerSet: boolean;
  ownerUserId: string | null;
  ownerContactId: string | null;
}

/**
 * A turn as the rules read it. `nextSpeaker`, when given, is the speaker of the turn after it in
 * the meeting (null: the last turn): PostgreSQL gives it with only the turns that say a name
 * (people.repo.ts, namedTurns), so the API's thread never reads a whole meeting's turns. Without
 * it, the next element of the list is the next turn (a caller that holds every turn).
 */
export type RuleTurn = Pick<Utterance, "speaker" | "text"> & { nextSpeaker?: string | null };
const nextSpeakerOf = (turns: readonly RuleTurn[], i: number): string | null =>
  turns[i]!.nextSpeaker !== undefined ? turns[i]!.nextSpeaker! : (turns[i + 1]?.speaker ?? null);

export const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** The people a meeting's names resolve against: its members, the contacts it may use, its speaker links and turns. */
export class PeopleIndex {
  private readonly byKey = new Map<string, Person>();
  private readonly membersByName = new Map<string, Person[]>();
  private readonly links = new Map<string, LinkRow>();
  private readonly labels: Set<string>;
  private readonly nameToLabel = new Map<string, string | null>();

  /**
   * `utterances`: every turn, or only the turns that say a name (with `nextSpeaker`); then
   * `labels` (every speaker label of the meeting) must be given, as the turns no longer show them all.
   */
  constructor(
    readonly people: Person[],
    links: LinkRow[],
    private readonly utterances: readonly RuleTurn[] = [],
    labels?: readonly string[],
  ) {
    for (const p of people) {
      this.byKey.set(`${p.kind}:${p.id}`, p);
      if (p.kind === "user") {
        const key = nameKey(p.name);
        this.membersByName.set(key, [...(this.membersByName.get(key) ?? []), p]);
      }
    }
    for (const l of links) this.links.set(l.speaker.trim(), l);
    this.labels = new Set((labels ?? utterances.map((u) => u.speaker)).map((l) => l.trim()).filter(Boolean));
  }

  find(kind: "user" | "contact", id: string): Person | undefined {
    return this.byKey.get(`${kind}:${id}`);
  }

  private personOf(userId: string | null, contactId: string | null): Person | null {
    if (userId) return this.find("user", userId) ?? null;
    if (contactId) return this.find("contact", contactId) ?? null;
    return null;
  }

  /** A speaker label (or an assignee's name): its chosen link, else the one member of exactly that name. */
  resolveName(label: string): { person: LinkedPerson | null; unlinked: boolean } {
    const link = this.links.get(label.trim());
    if (link) {
      const person = this.personOf(link.userId, link.contactId);
      return { person: person && { ...person, automatic: false }, unlinked: !link.userId && !link.contactId };
    }
    const members = this.membersByName.get(nameKey(label)) ?? [];
    return { person: members.length === 1 ? { ...members[0]!, automatic: true } : null, unlinked: false };
  }

  /**
   * An action item's owner: chosen on the item; else its assignee as a speaker label or a
   * member's exact name; else the speaker the assignee's name was said to or by in the
   * meeting ("Sam, can you book the venue?" answered by Speaker 2: Sam is Speaker 2).
   */
  resolveOwner(item: OwnerFields): LinkedPerson | null {
    if (item.ownerSet) {
      const person = this.personOf(item.ownerUserId, item.ownerContactId);
      return person && { ...person, automatic: false };
    }
    const name = item.assignee?.trim();
    if (!name) return null;
    const direct = this.resolveName(name);
    if (direct.person || direct.unlinked || this.labels.has(name)) return direct.person;
    const label = this.speakerCalled(name);
    return label ? this.resolveName(label).person : null;
  }

  /** The one speaker a name stands for in this meeting's turns, if the turns say so. */
  speakerCalled(name: string): string | null {
    const key = nameKey(name);
    if (!this.nameToLabel.has(key)) this.nameToLabel.set(key, speakerCalled(name, this.utterances));
    return this.nameToLabel.get(key) ?? null;
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names a person may be called by: full name, first name, aliases. */
export function callNames(p: Person): string[] {
  const first = p.name.trim().split(/\s+/)[0] ?? "";
  return [...new Set([p.name.trim(), ...(first.length >= 2 ? [first] : []), ...p.aliases.map((a) => a.trim())].filter(Boolean))];
}

function mentions(text: string, p: Person): boolean {
  return callNames(p).some((n) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?![\\p{L}\\p{N}])`, "iu").test(text));
}

const SELF_INTRO = /\b(?:i'm|i am|this is|my name is|it's)\s+$/i;
const wordRe = (n: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?![\\p{L}\\p{N}])`, "iu");

/** Votes for who is called `name`: "I'm Sam" (strong), or "Sam, …" just before someone else speaks; one clear winner or null. */
export function speakerCalled(name: string, utterances: readonly RuleTurn[]): string | null {
  if (!name.trim()) return null;
  const re = wordRe(name.trim());
  const votes = new Map<string, number>();
  const vote = (label: string, n: number) => votes.set(label.trim(), (votes.get(label.trim()) ?? 0) + n);
  utterances.forEach((u, i) => {
    const at = u.text.search(re);
    if (at < 0) return;
    if (at > 0 && SELF_INTRO.test(u.text.slice(Math.max(0, at - 14), at))) vote(u.speaker, 10);
    // The very next turn, when someone else speaks it (no copy of the rest: linear in the meeting).
    const next = nextSpeakerOf(utterances, i);
    if (next !== null && next.trim() !== u.speaker.trim()) vote(next, 1);
  });
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked[0] || (ranked[1] && ranked[1][1] === ranked[0][1])) return null;
  return ranked[0][0];
}

/**
 * Suggestions per speaker label, best first: the label is the person's name, first name or
 * an alias; the speaker introduces themself by it ("I'm Kate"); or someone else says the name
 * in the turn just before this speaker's (a question put to them). Also: every person whose
 * name is said at all in the meeting.
 */
export function suggestPeople(
  labels: string[],
  utterances: readonly RuleTurn[],
  people: Person[],
): { suggestions: Map<string, Person[]>; namesSaid: string[] } {
  const scores = new Map<string, Map<Person, number>>(labels.map((l) => [l.trim(), new Map()]));
  const add = (label: string, p: Person, score: number) => {
    const s = scores.get(label.trim());
    if (s) s.set(p, (s.get(p) ?? 0) + score);
  };
  for (const label of labels) for (const p of people) if (callNames(p).some((n) => nameKey(n) === nameKey(label))) add(label, p, 100);

  const said = new Set<string>();
  utterances.forEach((u, i) => {
    for (const p of people) {
      if (!mentions(u.text, p)) continue;
      said.add(p.name);
      // "I'm Kate", "this is Kate speaking"
      for (const n of callNames(p)) {
        const at = u.text.search(new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?![\\p{L}\\p{N}])`, "iu"));
        if (at > 0 && SELF_INTRO.test(u.text.slice(Math.max(0, at - 14), at))) add(u.speaker, p, 10);
      }
      // Said by someone else right before this speaker talks: most often addressed to them.
      const next = nextSpeakerOf(utterances, i);
      if (next !== null && next.trim() !== u.speaker.trim()) add(next, p, 1);
    }
  });

  const suggestions = new Map<string, Person[]>();
  for (const [label, s] of scores)
    suggestions.set(
      label,
      [...s.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].name.localeCompare(b[0].name))
        .slice(0, 3)
        .map(([p]) => p),
    );
  return { suggestions, namesSaid: [...said].sort((a, b) => a.localeCompare(b)) };
}
