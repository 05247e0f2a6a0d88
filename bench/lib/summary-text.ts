// What a reader gets from a summary: the markdown without its headings and bullet marks.
export function summaryPlainText(markdown: string): string {
  return markdown
    .split("\n")
    .filter((l) => !/^\s*\*\*[^*]+\*\*\s*$/.test(l))
    .map((l) => l.replace(/^\s*[-*]\s+/, "").trim())
    .filter(Boolean)
    .join("\n");
}

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
