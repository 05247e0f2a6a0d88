// Text matching shared by the benches: content words (lowercased, stop words and words of two letters or
// fewer dropped, -ing/-ed/-es/-s cut) and their Dice overlap.
const STOP = new Set(
  "the a an to of for and or in on at with by it that this them my our your his her their be is are was i we you me up out about from".split(
    " ",
  ),
);

export const words = (t: string) =>
  new Set(
    t
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, "")),
  );

/** Dice coefficient of the content words of `a` and `b` (0–1). */
export function dice(a: string, b: string): number {
  const A = words(a),
    B = words(b);
  let n = 0;
  for (const w of A) if (B.has(w)) n++;
  return A.size + B.size ? (2 * n) / (A.size + B.size) : 0;
}
