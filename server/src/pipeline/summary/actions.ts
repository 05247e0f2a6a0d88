// Rule-based action-item extraction from meeting utterances. It follows how people hand out
// and accept work in conversation:
//   - first-person commitments ("I'll send the deck", "that's on me, I'll…");
//   - requests to a named person ("Priya, can you…?") or answered by the next speaker ("Sure, I can");
//   - explicit markers ("Action item: Dana to email…", "action item for me: …", "let's have Omar own…");
//   - an open need ("someone needs to…", "we should…") taken by a volunteer ("I'll do it", "I guess that's me").
// It skips past tense, hypotheticals ("if we had…, I'd…"), capability statements ("I can get it to…")
// nobody accepts, questions with no assignee and withdrawn offers ("let me not promise that").
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { findDueDates, pickDueDate, stripDuePhrases, type DueMatch } from "./due-date";

const NAME = "\\p{Lu}[\\p{L}\\p{M}'’\\-]+";
// Capitalised words that open sentences rather than name people.
const NOT_A_NAME = new Set(
  "so okay ok yeah yes yep no and also then right well great perfect sure thanks thank honestly actually alright hi hey good cool oh um uh anyway please maybe just let let's i we you it that this the someone somebody everyone anyone nobody if when once after since but or what who how why where which sorry fine agreed awesome nice wait hmm look listen again speaker".split(" "),
);

const GENERIC_LABEL = /^(?:speaker|spk|participant|guest|unknown)[\s_-]*\w{1,3}$/i;

// Verbs that start a task. Used where the grammar alone would also match chit-chat.
const TASK_VERBS = new Set(
  "send email call check review draft write update book schedule set put get make take follow reach ping share prepare finish fix look ask talk confirm create find loop run test order buy pick post file submit renew sign print bring organize organise plan contact invite circulate coordinate own handle pull compile collect think sketch open add remove move publish deploy merge document summarize summarise research investigate verify reply respond present lock arrange cancel clean build design provide engage raise format start help rerun redo go grab pay request escalate nudge chase track double-check sort tidy figure work".split(" "),
);

// "I'll …" followed by these is conversation, not a task ("I'll be out Friday", "I'll share my screen").
const NON_TASK_AFTER_WILL = /^(?:just\s+)?(?:be|say|admit|tell you|guess|stop|start(?! on| the| a| drafting| writing)|go first|go ahead|jump|share (?:my|the) screen|bet|see|leave it|pass|need|have to (?:say|go|leave|run|drop|hop)|(?:drop|hop) off|note|mention|let you go|keep it short|try|hand (?:it )?(?:over|back)|wrap up|take (?:a|my) (?:seat|break)|put you on|think about it)\b/i;

const ACCEPT_START = /^(?:yes|yeah|yep|yup|sure|okay|ok|will do|absolutely|of course|no problem|on it|definitely|sounds good|fine|got it|can do|happy to|i can|i'll|i will|i'm on it|consider it done)\b/i;
const GENERIC_ACCEPT = /\b(?:i'?ll (?:do|take|own|handle|grab) (?:it|that|this|those|them)|i can (?:do|take|handle|own) (?:it|that|this)|i'?ll take care of (?:it|that)|that'?s on me|(?:i guess )?that'?s me|leave it with me|i'?ve got (?:it|this)|i'?ll own it|i'?m on it|i'?ll volunteer|count me in)\b/i;
const WITHDRAW = /\b(?:let me not promise|never ?mind|scratch that|forget (?:it|that|i said)|don'?t hold me to|no promises)\b/i;
const DECLINE = /^(?:no|nope|i can'?t|i cannot|not me|sorry,? (?:i|no))\b/i;

interface Sentence {
  text: string;
  turn: number;
}

interface Draft extends ActionItemDraft {
  turn: number;
  /** Speaker label or name who is bound to it (for matching acceptances). */
  ownerKey: string | null;
  weakTask: boolean;
}

interface Need {
  task: string;
  turn: number;
  strong: boolean;
  dueTurns: number[];
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!…])\s+(?=["'“]?[\p{Lu}\d])|(?<=[—–])\s+(?=\p{Lu})/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

const FILLERS = /\b(?:um+|uh+|er|like,|you know,|i mean,|basically|honestly|actually|just|kind of|sort of|maybe|probably)\s*/gi;

/** Turns a clause into a short imperative task ("I'll, um, send it over by Friday." → "Send it over"). */
export function cleanTask(raw: string): string {
  let t = raw
    .replace(FILLERS, "")
    .replace(/^[\s,;:\-–—]+/, "")
    .replace(/^(?:also|and|so|then|please|go ahead and|try to|want to|need to)\s+/i, "");
  // Cut at a new clause with its own subject, a question tag or a reason clause.
  t = t.split(/,?\s+(?:and|but|so|because|since|though|although)\s+(?:then\s+)?(?:i|we|you|he|she|they|it|that|there)\b|\s+so that\s|\?|;|\s[—–]\s|:\s/i)[0];
  t = stripDuePhrases(t)
    .replace(/\b(?:too|as well|for sure|again)\s*$/i, "")
    .replace(/[\s,.!…]+$/, "")
    .trim();
  if (!t) return "";
  const words = t.split(/\s+/);
  if (words.length > 18) t = `${words.slice(0, 18).join(" ")}…`;
  return t[0].toUpperCase() + t.slice(1);
}

// Third-person verb back to the base form: "books" → "book", "does" → "do", "carries" → "carry".
function baseVerb(task: string): string {
  return task.replace(/^(\p{L}+)/u, (w) => {
    const l = w.toLowerCase();
    if (l === "does") return "do";
    if (l === "has") return "have";
    if (l === "is") return w;
    if (/ies$/.test(l)) return w.slice(0, -3) + "y";
    if (/(?:ss|sh|ch|x|o)es$/.test(l)) return w.slice(0, -2);
    if (/[^s]s$/.test(l)) return w.slice(0, -1);
    return w;
  });
}

const PRONOUN_ONLY = /^(?:do|have|get|take|own|handle|send|sketch|grab|finish|put)?\s*(?:it|that|this|them|those|something|one)?\s*(?:out|over|in|up|done|together|off)?$/i;

function isWeak(task: string): boolean {
  const t = task.toLowerCase().replace(/[^\p{L}\s'-]/gu, "").trim();
  return !t || PRONOUN_ONLY.test(t) || t.split(/\s+/).length < 2;
}

function firstWord(text: string): string {
  return (/^\s*([\p{L}'’-]+)/u.exec(text)?.[1] ?? "").toLowerCase();
}

function isName(word: string): boolean {
  return new RegExp(`^${NAME}$`, "u").test(word) && !NOT_A_NAME.has(word.toLowerCase().replace(/[’']s$/, "")) && !GENERIC_LABEL.test(word);
}

/** The name someone addresses at the start ("Priya, can you…", "So, Zoë, …") or end ("…, Priya?"). */
function addressedName(sentence: string): string | null {
  const lead = new RegExp(`^(?:(?:[Ss]o|[Oo]kay|[Oo][Kk]|[Aa]nd|[Aa]lso|[Tt]hen|[Rr]ight|[Aa]lright|[Gg]reat|[Nn]ow|[Ww]ell|[Hh]ey|[Oo]h),?\\s+)*(${NAME})(?:\\s+(${NAME}))?\\s*[,?]`, "u").exec(sentence);
  if (lead && isName(lead[1])) return lead[2] && isName(lead[2]) ? `${lead[1]} ${lead[2]}` : lead[1];
  const tail = new RegExp(`,\\s*(${NAME})\\s*[?.!]?$`, "u").exec(sentence);
  if (tail && isName(tail[1])) return tail[1];
  return null;
}

interface Context {
  speakers: string[];
  labelNames: Map<string, string>;
}

function resolveOwner(name: string, ctx: Context): string {
  const lower = name.toLowerCase();
  for (const s of ctx.speakers) {
    if (GENERIC_LABEL.test(s)) continue;
    if (s.toLowerCase() === lower || s.toLowerCase().split(/\s+/)[0] === lower.split(/\s+/)[0]) return s;
  }
  for (const n of ctx.labelNames.values()) if (n.toLowerCase() === lower) return n;
  return name;
}

function speakerDisplay(label: string, ctx: Context): string | null {
  if (!label.trim()) return null;
  return ctx.labelNames.get(label) ?? label;
}

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
    if (cur.speaker === next.speaker) continue;
    const last = sentences(cur.text).slice(-2);
    for (const s of last) {
      const n = addressedName(s);
      if (n && !/^(?:hi|hey|hello|thanks|thank)\b/i.test(s)) vote(next.speaker, n.split(" ")[0]);
    }
    const thanks = new RegExp(`^(?:thanks|thank you|cheers|great|perfect|okay|ok|sure|yes|yeah|hi|hey|hello)\\s*,?\\s+(${NAME})\\b`, "u").exec(next.text);
    if (thanks && isName(thanks[1])) vote(cur.speaker, thanks[1]);
  }
  const ranked: { label: string; name: string; n: number }[] = [];
  for (const [label, m] of votes) {
    const best = [...m.entries()].sort((a, b) => b[1] - a[1])[0];
    ranked.push({ label, name: best[0], n: best[1] });
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

function dueIn(texts: string[], meetingDate: Date, previous: string[]): string | null {
  for (const text of texts) {
    const m = pickDueDate(findDueDates(text, meetingDate));
    if (!m) continue;
    if (!m.then) return m.date;
    // "before then": the latest date mentioned shortly before.
    for (let i = previous.length - 1; i >= 0; i--) {
      const found = findDueDates(previous[i], meetingDate).filter((d: DueMatch) => !d.then);
      if (found.length) return found[found.length - 1].date;
    }
  }
  return null;
}

/** Action items in the meeting, in the order they were said. `meetingDate` anchors "by Friday". */
export function extractActionItems(utterances: Utterance[], meetingDate: Date): ActionItemDraft[] {
  const ctx: Context = { speakers: [...new Set(utterances.map((u) => u.speaker))], labelNames: resolveGenericLabels(utterances) };
  const items: Draft[] = [];
  const needs: Need[] = [];
  const turnSentences = utterances.map((u) => sentences(u.text));
  const previousTexts = (turn: number) => utterances.slice(Math.max(0, turn - 3), turn + 1).map((u) => u.text);

  const pendingFor = (ownerKey: string | null, turn: number) =>
    [...items].reverse().find((it) => it.ownerKey !== null && it.ownerKey === ownerKey && turn - it.turn <= 4 && turn > it.turn);

  for (let t = 0; t < utterances.length; t++) {
    const u = utterances[t];
    const me = speakerDisplay(u.speaker, ctx);
    const sents = turnSentences[t];
    const rest = (i: number) => sents.slice(i);
    let boundThisTurn: Draft | null = null;
    const createdThisTurn: Draft[] = [];

    const add = (d: Omit<Draft, "sourceStart" | "weakTask"> & { sourceTurn?: number }) => {
      const item: Draft = { ...d, sourceStart: utterances[d.sourceTurn ?? t].start, weakTask: isWeak(d.task) };
      delete (item as { sourceTurn?: number }).sourceTurn;
      items.push(item);
      createdThisTurn.push(item);
      return item;
    };

    // A volunteer or the addressee taking something on; returns true when it bound.
    const bind = (commitTask: string, dueTexts: string[], generic: boolean): boolean => {
      if (!me) return false;
      const openNeed = [...needs].reverse().find((n) => t - n.turn <= 3 && t >= n.turn && (n.strong || generic));
      const mine = pendingFor(me, t);
      // A newer open need ("someone needs to…") is what a volunteer answers, not an older request.
      const acceptsRequest = ACCEPT_START.test(u.text.trim()) && t - (mine?.turn ?? -9) <= 2;
      if (mine && !(openNeed && openNeed.turn > mine.turn) && (generic || acceptsRequest || isWeak(commitTask) || sharesWord(mine.task, commitTask))) {
        const due = dueIn(dueTexts, meetingDate, previousTexts(t));
        if (due) mine.dueDate = due;
        if (mine.weakTask && !isWeak(commitTask)) mine.task = `${commitTask} (${mine.task.toLowerCase()})`;
        mine.weakTask = isWeak(mine.task);
        mine.sourceStart = u.start;
        mine.turn = t;
        boundThisTurn = mine;
        return true;
      }
      const need = openNeed;
      if (need) {
        needs.splice(needs.indexOf(need), 1);
        const due = dueIn([...dueTexts, ...need.dueTurns.map((i) => utterances[i].text)], meetingDate, previousTexts(t));
        boundThisTurn = add({ task: need.task, assignee: me, ownerKey: me, dueDate: due, turn: t });
        return true;
      }
      return false;
    };

    for (let i = 0; i < sents.length; i++) {
      const s = sents[i];
      const lower = s.toLowerCase();
      if (WITHDRAW.test(s)) {
        // "I can ask… Actually, never mind, let me not promise that": drop what this turn offered.
        for (const d of createdThisTurn.splice(0)) items.splice(items.indexOf(d), 1);
        boundThisTurn = null;
        continue;
      }

      // 1. Explicit "action item" markers.
      // "Action item: …", "action item for me: …", and numbered note styles ("ACTION 12.3: …", "TODO: …").
      const marker =
        /\baction items?(?:\s+for\s+(me|you|[\p{Lu}][\p{L}'’-]+))?\s*[:,\-–—]\s*(.+)$/iu.exec(s) ??
        /^(?:ACTION|Action|TODO|To-?do)()(?:\s+(?:[Ii]tem\s+)?\d+(?:\.\d+)*\s*:?|\s*:)\s+(.+)$/u.exec(s);
      if (marker) {
        const forWho = marker[1];
        const body = marker[2];
        let owner: string | null = null;
        let task = body;
        if (forWho && /^me$/i.test(forWho)) owner = me;
        // (an empty capture comes from the numbered-note form)
        else if (forWho && !/^you$/i.test(forWho)) owner = resolveOwner(forWho, ctx);
        else {
          const third = new RegExp(`^(${NAME}(?:\\s+${NAME}){0,2})\\s*(?::\\s*|\\s+to\\s+|\\s+will\\s+|\\s+should\\s+|\\s+(?=\\p{Ll}+s\\b(?!\\s+(?:should|will|to|must|need)\\b)))(.*)$`, "u").exec(body);
          if (third && isName(third[1].split(" ")[0])) {
            owner = resolveOwner(third[1], ctx);
            task = baseVerb(third[2]);
          }
        }
        const cleaned = cleanTask(task);
        if (cleaned) {
          const due = dueIn([s, ...rest(i + 1)], meetingDate, previousTexts(t));
          add({ task: cleaned, assignee: owner, ownerKey: owner, dueDate: due, turn: t });
        }
        continue;
      }

      // 2. "Let's have Omar own the spike."
      const letsHave = new RegExp(`\\b[Ll]et'?s (?:have|get) (${NAME})\\s+(.+)$`, "u").exec(s);
      if (letsHave && isName(letsHave[1])) {
        const owner = resolveOwner(letsHave[1], ctx);
        const task = cleanTask(letsHave[2]);
        if (task) add({ task, assignee: owner, ownerKey: owner, dueDate: dueIn([s, ...rest(i + 1)], meetingDate, previousTexts(t)), turn: t });
        continue;
      }

      // 3. Requests: "Name, can you …?", "…, can you …, Name?", "Name, (when …,) send it to …".
      const request = /\b(?:can|could|would|will) you(?: please)?\s+(.+?)(?:\?|$)/i.exec(s);
      const addressed = addressedName(s);
      if (request && !/^(?:see|hear|repeat|say|explain|remind|tell|believe|imagine|do that again|go back)\b/i.test(request[1])) {
        const task = cleanTask(request[1]);
        if (task && addressed) {
          const owner = resolveOwner(addressed, ctx);
          add({ task, assignee: owner, ownerKey: owner, dueDate: dueIn([s, ...rest(i + 1)], meetingDate, previousTexts(t)), turn: t });
          continue;
        }
        if (task && TASK_VERBS.has(firstWord(task))) {
          // Unnamed request: the next speaker's acceptance makes them the owner.
          const next = utterances[t + 1];
          if (next && next.speaker !== u.speaker && ACCEPT_START.test(next.text.trim()) && !DECLINE.test(next.text.trim())) {
            const owner = speakerDisplay(next.speaker, ctx);
            if (owner) {
              add({ task, assignee: owner, ownerKey: owner, dueDate: dueIn([s, ...rest(i + 1)], meetingDate, previousTexts(t)), turn: t, sourceTurn: t + 1 });
              continue;
            }
          }
        }
      }
      if (addressed && !request) {
        const imperative = new RegExp(`^(?:[^,]*,\\s*)?(?:(?:when|once|after|if|since)\\b[^,]*,\\s*)?(?:please\\s+)?(\\p{Ll}+)\\b(.*)$`, "u").exec(s.slice(s.indexOf(",") + 1).trim());
        if (imperative && TASK_VERBS.has(imperative[1]) && !/^\s*(?:up|out)\b/.test(imperative[2] ?? "")) {
          const task = cleanTask(`${imperative[1]}${imperative[2]}`);
          const owner = resolveOwner(addressed, ctx);
          if (task) {
            add({ task, assignee: owner, ownerKey: owner, dueDate: dueIn([s, ...rest(i + 1)], meetingDate, previousTexts(t)), turn: t });
            continue;
          }
        }
      }

      // 4. Open needs, taken by a volunteer later.
      const need = /\b(?:someone|somebody|we|one of us)\s+(?:needs? to|has to|have to|should|ought to|must|gotta)\s+(.+)$/i.exec(s) ??
        /\bwe need (?:someone|somebody) to\s+(.+)$/i.exec(s) ??
        /\b(?:who can|who wants to|can someone|can somebody|could someone|anyone (?:want|able) to)\s+(.+?)\??$/i.exec(s);
      if (need && !/\b(?:if|would|already)\b/i.test(s.slice(0, need.index))) {
        const task = cleanTask(need[1]);
        if (task && !/^(?:be|have|know|think|talk about|decide|discuss|figure out whether)\b/i.test(task) && TASK_VERBS.has(firstWord(task))) {
          needs.push({ task, turn: t, strong: /\b(?:someone|somebody|one of us|who)\b/i.test(need[0]), dueTurns: [t] });
        }
      }

      // 5. First-person commitments and volunteers.
      const generic = GENERIC_ACCEPT.test(s);
      const commit = /\b(?:i'?ll|i will|i'm going to|i am going to|i'm gonna|let me|i can)\s+(?:go ahead and\s+|definitely\s+|also\s+|just\s+|probably\s+)*(.+)$/i.exec(s);
      const conditional = commit && /\b(?:if|unless|would|i'd|could|might)\b/i.test(s.slice(0, commit.index));
      const isCan = commit && /^i can\b/i.test(commit[0]);
      const isLetMe = commit && /^let me\b/i.test(commit[0]);
      if (generic && !conditional) {
        if (!boundThisTurn && bind(commit ? cleanTask(commit[1]) : "", [s, ...rest(i + 1)], true)) continue;
        if (boundThisTurn && !commit) continue;
      }
      if (!commit || conditional || /\bi'?ll\s+(?:never|not)\b/i.test(s)) continue;
      const phrase = commit[1];
      if (NON_TASK_AFTER_WILL.test(phrase) || /^not\b/i.test(phrase)) continue;
      if (isLetMe && !TASK_VERBS.has(firstWord(phrase))) continue;
      const task = cleanTask(phrase);
      if (!task) continue;
      const dueTexts = [s, ...rest(i + 1)];
      if (boundThisTurn) {
        // Further words of a volunteer in the same turn: the date and a clearer task if the bound one was weak.
        const b = boundThisTurn as Draft;
        const due = dueIn(dueTexts, meetingDate, previousTexts(t));
        if (due) b.dueDate = due;
        if (b.weakTask && !isWeak(task)) {
          b.task = `${task} (${b.task.toLowerCase()})`;
          b.weakTask = false;
        }
        continue;
      }
      if (bind(task, dueTexts, generic)) continue;
      if (isWeak(task) || generic) continue;
      const due = dueIn(dueTexts, meetingDate, previousTexts(t));
      if (isCan) {
        // "I can…" is an offer; it is a commitment when it has a date or the next speaker accepts it.
        const next = utterances[t + 1];
        const accepted = next && next.speaker !== u.speaker && /^(?:perfect|great|please do|yes please|that would be great|thanks|thank you|awesome|sounds good)\b/i.test(next.text.trim());
        if (!due && !accepted) continue;
        if (!TASK_VERBS.has(firstWord(task))) continue;
      }
      if (!me) continue;
      add({ task: youToName(task, t), assignee: me, ownerKey: me, dueDate: due, turn: t });
    }

    // A short follow-up by the owner that names a new date corrects the last item ("Oh, right. By the third.").
    if (!createdThisTurn.length && !boundThisTurn && me) {
      const last = [...items].reverse().find((it) => it.ownerKey === me && t - it.turn <= 3 && t > it.turn);
      if (last && u.text.split(/\s+/).length <= 20) {
        const m = pickDueDate(findDueDates(u.text, meetingDate));
        const cue = /\b(?:actually|make it|instead|rather|then|wait|oh|right|sorry|correction|scratch that|let'?s say)\b/i.test(u.text);
        if (m && !m.then && cue && (m.deadline || /\bmake it\b/i.test(u.text))) last.dueDate = m.date;
      }
    }
  }

  function youToName(task: string, turn: number): string {
    // "send it to you" said to the previous speaker: name them.
    const prev = [...utterances.slice(0, turn)].reverse().find((p) => p.speaker !== utterances[turn].speaker);
    const who = prev ? speakerDisplay(prev.speaker, ctx) : null;
    if (!who || GENERIC_LABEL.test(who)) return task;
    return task.replace(/\b(to|with|for) you\b/gi, `$1 ${who.split(/\s+/)[0]}`);
  }

  return dedupe(items).map(({ task, assignee, dueDate, sourceStart }) => ({ task, assignee, dueDate, sourceStart }));
}

const STOP = new Set("the a an to of for and or in on at with by it that this them my our your his her their be is are was i we you me up out".split(" "));
function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, "")),
  );
}
function sharesWord(a: string, b: string): boolean {
  const wa = contentWords(a);
  for (const w of contentWords(b)) if (wa.has(w)) return true;
  return false;
}

function dedupe(items: Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const it of items) {
    const dup = out.find((o) => o.assignee === it.assignee && o.task.toLowerCase() === it.task.toLowerCase());
    if (!dup) out.push(it);
  }
  return out;
}
