// Voice profiles (issue 34, item 4; decision 031): the arithmetic. A profile is the mean of a
// member's samples (unit embeddings of the speakers linked to them), as a unit vector; an unnamed
// speaker is suggested as the member whose profile is most similar, from the threshold up.

export interface Voice {
  speaker: string;
  model: string;
  embedding: number[];
}

export interface VoiceSample {
  userId: string;
  model: string;
  embedding: number[];
}

export interface VoiceProfile {
  userId: string;
  model: string;
  centroid: number[];
  samples: number;
}

export interface VoiceMatch {
  speaker: string;
  userId: string;
  similarity: number;
}

export function unit(v: readonly number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return n > 0 ? v.map((x) => x / n) : v.map(() => 0);
}

/** Cosine similarity; 0 for vectors of different lengths or a zero vector. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** One profile per member and embedding model: the unit mean of their samples' unit vectors. */
export function buildProfiles(samples: readonly VoiceSample[]): VoiceProfile[] {
  const by = new Map<string, { userId: string; model: string; sum: number[]; samples: number }>();
  for (const s of samples) {
    const key = `${s.userId}\u0000${s.model}\u0000${s.embedding.length}`;
    const u = unit(s.embedding);
    const cur = by.get(key);
    if (!cur) by.set(key, { userId: s.userId, model: s.model, sum: [...u], samples: 1 });
    else {
      for (let i = 0; i < u.length; i++) cur.sum[i]! += u[i]!;
      cur.samples++;
    }
  }
  return [...by.values()].map((p) => ({ userId: p.userId, model: p.model, centroid: unit(p.sum), samples: p.samples }));
}

/**
 * Speaker → member suggestions: every pair of the same model at or over `threshold`, best
 * first, each speaker and each member used once (two speakers of one meeting are two people).
 */
export function matchVoices(speakers: readonly Voice[], profiles: readonly VoiceProfile[], threshold: number): VoiceMatch[] {
  const pairs: VoiceMatch[] = [];
  for (const s of speakers)
    for (const p of profiles) {
      if (p.model !== s.model || p.centroid.length !== s.embedding.length) continue;
      const similarity = cosine(s.embedding, p.centroid);
      if (similarity >= threshold) pairs.push({ speaker: s.speaker, userId: p.userId, similarity });
    }
  pairs.sort((a, b) => b.similarity - a.similarity || a.speaker.localeCompare(b.speaker));
  const speakersUsed = new Set<string>();
  const usersUsed = new Set<string>();
  const out: VoiceMatch[] = [];
  for (const m of pairs) {
    if (speakersUsed.has(m.speaker) || usersUsed.has(m.userId)) continue;
    speakersUsed.add(m.speaker);
    usersUsed.add(m.userId);
    out.push(m);
  }
  return out;
}
