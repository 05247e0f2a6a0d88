// Merge ASR segments with diarization turns into speaker-labelled utterances.
import type { Utterance, Word } from "../../../../contract/transcript";

export interface AsrSegment {
  start: number;
  end: number;
  text: string;
  /** Word times from the model, when it gives them. */
  words?: Word[];
}

export interface SpeakerTurn {
  speaker: string;
  start: number;
  end: number;
}

export interface MergeOptions {
  /** A turn must overlap a segment this long (s) to split it; shorter slivers are diarization jitter. */
  minOverlap?: number;
  /** Filled with each turn speaker's final label ('spk_0' -> 'Speaker A'), for what follows the speaker (its voice). */
  labels?: Map<string, string>;
}

/** 'Speaker A' … 'Speaker Z', 'Speaker AA' … */
export function speakerLabel(index: number): string {
  let s = "";
  let n = index;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Speaker ${s}`;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

interface Piece {
  speaker: string;
  start: number;
  end: number;
  texts: string[];
  words?: Word[];
}

/** The turn a word belongs to: most overlap, else the nearest in time. */
function pick(turns: SpeakerTurn[], s: number, e: number): SpeakerTurn {
  let best = turns[0];
  if (!best) throw new Error("pick() needs at least one speaker turn.");
  let bestScore = -Infinity;
  const mid = (s + e) / 2;
  for (const t of turns) {
    const ov = overlap(s, e, t.start, t.end);
    // No overlap (e.g. a zero-length word): the nearer turn wins.
    const dist = mid < t.start ? t.start - mid : mid > t.end ? mid - t.end : 0;
    const score = ov > 0 ? ov : -dist;
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Drops the recognisers' unknown-token marker from text and words: sherpa-onnx writes each
 * token's symbol, and "<unk>" (id 0 in Parakeet's and Moonshine's vocabularies) would
 * otherwise reach the meeting page. Segments left without text are dropped.
 */
export function withoutUnknownTokens(segments: AsrSegment[]): AsrSegment[] {
  const clean = (s: string) => s.replace(/<unk>/g, "").replace(/\s+/g, " ").trim();
  return segments
    .map((seg) => {
      if (!seg.text.includes("<unk>")) return seg;
      // A word that was "<unk>" glued to a piece ("<unk>ing") keeps the piece.
      const words = seg.words?.map((w) => ({ ...w, text: clean(w.text) })).filter((w) => w.text);
      return { ...seg, text: clean(seg.text), words: words?.length ? words : undefined };
    })
    .filter((seg) => seg.text);
}

/**
 * Makes diarization turns safe to show and merge, whatever the model gave: clipped to the
 * audio (sherpa-onnx ends the last turn up to half a receptive field past the end, and for
 * audio under one 10 s window it neither trims the padding nor clusters); at most
 * `maxSpeakers` speakers when the user said how many (the one-window case can return three
 * local speakers for two: the quietest extra speakers join the speaker they overlap most,
 * else the one who talks most); and no overlapping turns within one speaker.
 */
export function tidyTurns(turns: SpeakerTurn[], durationSeconds: number, maxSpeakers?: number): SpeakerTurn[] {
  let out = turns
    .map((t) => ({ speaker: t.speaker, start: Math.max(0, t.start), end: Math.min(durationSeconds, t.end) }))
    .filter((t) => t.end > t.start);
  const talk = new Map<string, number>();
  for (const t of out) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + t.end - t.start);
  if (maxSpeakers && maxSpeakers > 0 && talk.size > maxSpeakers) {
    const kept = [...talk.keys()].sort((a, b) => talk.get(b)! - talk.get(a)!).slice(0, maxSpeakers);
    const keptTurns = out.filter((t) => kept.includes(t.speaker));
    out = out.map((t) => {
      if (kept.includes(t.speaker)) return t;
      let best = kept[0]!;
      let bestOverlap = 0;
      for (const k of keptTurns) {
        const ov = overlap(t.start, t.end, k.start, k.end);
        if (ov > bestOverlap) [best, bestOverlap] = [k.speaker, ov];
      }
      return { ...t, speaker: best };
    });
  }
  const merged: SpeakerTurn[] = [];
  const open = new Map<string, SpeakerTurn>();
  for (const t of out.sort((a, b) => a.start - b.start)) {
    const cur = open.get(t.speaker);
    if (cur && t.start <= cur.end) cur.end = Math.max(cur.end, t.end);
    else {
      const next = { ...t };
      open.set(t.speaker, next);
      merged.push(next);
    }
  }
  return merged.map((t) => ({ speaker: t.speaker, start: r3(t.start), end: r3(t.end) }));
}

export function mergeTranscript(segments: AsrSegment[], turns: SpeakerTurn[], opts: MergeOptions = {}): Utterance[] {
  const minOverlap = opts.minOverlap ?? 0.2;
  const sortedTurns = [...turns].filter((t) => t.end > t.start).sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];

  for (const seg of [...segments].sort((a, b) => a.start - b.start)) {
    const text = seg.text.trim();
    if (!text) continue;
    if (!sortedTurns.length) {
      pieces.push({ speaker: "_", start: seg.start, end: seg.end, texts: [text], words: seg.words });
      continue;
    }
    let cands = sortedTurns.filter((t) => overlap(seg.start, seg.end, t.start, t.end) >= minOverlap);
    if (!cands.length) cands = [pick(sortedTurns, seg.start, seg.end)];
    const speakers = new Set(cands.map((t) => t.speaker));
    const [only] = speakers;
    if (speakers.size === 1 && only !== undefined) {
      pieces.push({ speaker: only, start: seg.start, end: seg.end, texts: [text], words: seg.words });
      continue;
    }

    if (seg.words?.length) {
      // Split by the model's word times.
      for (const w of seg.words) {
        const spk = pick(cands, w.start, w.end).speaker;
        const last = pieces.at(-1);
        if (last && last.speaker === spk && last.words) {
          last.words.push(w);
          last.texts.push(w.text);
          last.end = w.end;
        } else {
          pieces.push({ speaker: spk, start: w.start, end: w.end, texts: [w.text], words: [w] });
        }
      }
      continue;
    }

    // No word times: estimate each word's time proportionally to character position,
    // so the split falls on a word boundary near the turn change.
    const tokens = text.split(/\s+/);
    const totalChars = tokens.reduce((n, t) => n + t.length + 1, 0);
    const dur = seg.end - seg.start;
    let pos = 0;
    let cur: Piece | null = null;
    for (const tok of tokens) {
      const ws = seg.start + (dur * pos) / totalChars;
      pos += tok.length + 1;
      const we = seg.start + (dur * pos) / totalChars;
      const spk = pick(cands, ws, we).speaker;
      if (cur && cur.speaker === spk) {
        cur.texts.push(tok);
        cur.end = we;
      } else {
        cur = { speaker: spk, start: ws, end: we, texts: [tok] };
        pieces.push(cur);
      }
    }
  }

  // Merge consecutive same-speaker pieces, then rename by first appearance.
  const merged: Piece[] = [];
  for (const p of pieces) {
    const last = merged.at(-1);
    if (last && last.speaker === p.speaker) {
      last.texts.push(...p.texts);
      last.end = Math.max(last.end, p.end);
      last.words = last.words && p.words ? [...last.words, ...p.words] : undefined;
    } else {
      merged.push({ ...p, texts: [...p.texts], words: p.words ? [...p.words] : undefined });
    }
  }
  const names = new Map<string, string>();
  return merged.map((p) => {
    if (!names.has(p.speaker)) {
      names.set(p.speaker, speakerLabel(names.size));
      opts.labels?.set(p.speaker, names.get(p.speaker)!);
    }
    const u: Utterance = { speaker: names.get(p.speaker)!, start: r3(p.start), end: r3(p.end), text: p.texts.join(" ") };
    if (p.words?.length) u.words = p.words;
    return u;
  });
}
