/**
 * Avatar initials (product spec, section 2, Header): the first letter of the first and
 * last word of the full name; otherwise the first letter of the e-mail; otherwise '?'.
 */
export function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? "").trim().split(/\s+/u).filter(Boolean);
  const [first, ...rest] = words;
  if (first !== undefined) return (firstLetter(first) + firstLetter(rest.at(-1) ?? "")).toUpperCase();
  const mail = (email ?? "").trim();
  if (mail) return firstLetter(mail).toUpperCase();
  return "?";
}

/** First user-perceived character (keeps surrogate pairs such as emoji or CJK extension letters whole). */
function firstLetter(word: string): string {
  return Array.from(word)[0] ?? "";
}
