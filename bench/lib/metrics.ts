// Word error rate and diarization error rate, for quality checks and benchmarks.
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, " ")
    .replace(/'(?!\p{L})/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** Levenshtein distance over normalised words divided by the reference length. */
export function wer(reference: string, hypothesis: string): number {
  const r = normalizeWords(reference);
  const h = normalizeWords(hypothesis);
  if (!r.length) return h.length ? 1 : 0;
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    // The ! below: every index is within the rows, which have h.length + 1 cells.
    for (let j = 1; j <= h.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[h.length]! / r.length;
}

export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

/**
 * Frame-based DER (10 ms frames, no collar, overlapping speech scored) with the best
 * one-to-one speaker mapping: (missed + false alarm + confusion) / reference speech.
 */
export function der(reference: Turn[], hypothesis: Turn[], step = 0.01): number {
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const n = Math.ceil(end / step);
  const frames = (turns: Turn[]) => {
    const spk = [...new Set(turns.map((t) => t.speaker))];
    const f: Set<number>[] = Array.from({ length: n }, () => new Set());
    for (const t of turns) {
      const k = spk.indexOf(t.speaker);
      for (let i = Math.max(0, Math.round(t.start / step)); i < Math.min(n, Math.round(t.end / step)); i++) f[i]?.add(k);
    }
    return { spk, f };
  };
  const R = frames(reference);
  const H = frames(hypothesis);
  // Co-occurrence matrix, then the mapping that maximises matched frames.
  const co = R.spk.map(() => H.spk.map(() => 0));
  let refTotal = 0;
  let miss = 0;
  let fa = 0;
  let correct = 0;
  // Both frame lists have n frames.
  R.f.forEach((r, i) => {
    const h = H.f[i] ?? new Set<number>();
    refTotal += r.size;
    miss += Math.max(0, r.size - h.size);
    fa += Math.max(0, h.size - r.size);
    correct += Math.min(r.size, h.size);
    for (const a of r) {
      const row = co[a];
      if (row) for (const b of h) row[b] = (row[b] ?? 0) + 1;
    }
  });
  const matched = bestAssignment(co);
  const confusion = correct - matched;
  return refTotal ? (miss + fa + confusion) / refTotal : 0;
}

/** Maximum-weight one-to-one matching (exhaustive for small sets, which meetings are). */
function bestAssignment(m: number[][]): number {
  const rows = m.length;
  const cols = m[0]?.length ?? 0;
  let best = 0;
  const used = new Array(cols).fill(false);
  const go = (i: number, acc: number) => {
    if (i === rows) {
      best = Math.max(best, acc);
      return;
    }
    go(i + 1, acc); // this reference speaker unmatched
    for (let j = 0; j < cols; j++) {
      const frames = m[i]?.[j] ?? 0;
      if (used[j] || frames === 0) continue;
      used[j] = true;
      go(i + 1, acc + frames);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}
