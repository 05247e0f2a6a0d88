// The Porter (1980) stemming algorithm, as rouge-score applies it (through NLTK) to tokens longer than three
// letters. Written from the published algorithm (https://tartarus.org/martin/PorterStemmer/def.txt).

const isCons = (w: string, i: number): boolean => {
  const c = w[i];
  if (c !== undefined && "aeiou".includes(c)) return false;
  if (c === "y") return i === 0 ? true : !isCons(w, i - 1);
  return true;
};

/** m: the number of VC sequences in `w` ([C](VC)^m[V]). */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  const n = w.length;
  while (i < n && isCons(w, i)) i++;
  while (i < n) {
    while (i < n && !isCons(w, i)) i++;
    if (i >= n) break;
    while (i < n && isCons(w, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (w: string): boolean => [...w].some((_, i) => !isCons(w, i));
const doubleCons = (w: string): boolean => w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isCons(w, w.length - 1);
/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
const cvc = (w: string): boolean => {
  const n = w.length;
  if (n < 3) return false;
  return isCons(w, n - 3) && !isCons(w, n - 2) && isCons(w, n - 1) && !"wxy".includes(w.charAt(n - 1));
};

/** Replaces suffix `s` by `r` when the stem before it has measure > `min`; returns null when `s` does not end `w`. */
function rule(w: string, s: string, r: string, min: number): string | null {
  if (!w.endsWith(s)) return null;
  const stem = w.slice(0, w.length - s.length);
  return measure(stem) > min ? stem + r : w;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

export function porterStem(word: string): string {
  let w = word;
  if (w.length <= 2) return w;
  // Step 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("ss")) w = w;
  else if (w.endsWith("s")) w = w.slice(0, -1);
  // Step 1b
  let extra = false;
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    extra = true;
  } else if (w.endsWith("ing") && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (doubleCons(w) && !"lsz".includes(w.charAt(w.length - 1))) w = w.slice(0, -1);
    else if (measure(w) === 1 && cvc(w)) w += "e";
  }
  // Step 1c
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + "i";
  // Step 2
  for (const [s, r] of STEP2) {
    const x = rule(w, s, r, 0);
    if (x !== null) {
      w = x;
      break;
    }
  }
  // Step 3
  for (const [s, r] of STEP3) {
    const x = rule(w, s, r, 0);
    if (x !== null) {
      w = x;
      break;
    }
  }
  // Step 4
  for (const s of STEP4) {
    if (!w.endsWith(s)) continue;
    const stem = w.slice(0, w.length - s.length);
    if (s === "ion") {
      if (measure(stem) > 1 && /[st]$/.test(stem)) w = stem;
    } else if (measure(stem) > 1) w = stem;
    break;
  }
  // Step 5a
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !cvc(stem))) w = stem;
  }
  // Step 5b
  if (measure(w) > 1 && doubleCons(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
