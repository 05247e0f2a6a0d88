/**
 * Avatar initials (product spec, section 2, Header): the first letter of the first and
 * last word of the full name; otherwise the first letter of the e-mail; otherwise '?'.
 */
export function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? "").trim().split(/\s+/u).filter(Boolean);
  if (words.length > 0) {
    const first = firstLetter(words[0]);
    const last = words.length > 1 ? firstLetter(words[words.length - 1]) : "";
    return (first + last).toUpperCase();
  }
  const mail = (email ?? "").trim();
  if (mail) return firstLetter(mail).toUpperCase();
  return "?";
}

/** First user-perceived character (keeps surrogate pairs such as emoji or CJK extension letters whole). */
function firstLetter(word: string): string {
  return Array.from(word)[0] ?? "";
}
