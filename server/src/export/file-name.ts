// A download's file name from a meeting title, safe on Windows, macOS and Linux, and the
// Content-Disposition header that carries it (RFC 6266: an ASCII fallback and the UTF-8 name).

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const MAX_BASE_BYTES = 150;

/** "Q3 plan: budget/hiring?" + "md" → "Q3 plan budget hiring.md". */
export function safeFileName(title: string, ext: string): string {
  let base = title
    .normalize("NFC")
    // Path separators, Windows-reserved characters and control characters.
    .replace(/[<>:"/\\|?*\u0000-\u001F\u007F]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    // Windows drops trailing dots and spaces; a leading dot hides the file on Unix.
    .replace(/^[.\s]+|[.\s]+$/g, "");
  while (Buffer.byteLength(base) > MAX_BASE_BYTES) base = [...base].slice(0, -1).join("").trimEnd();
  if (!base) base = "meeting";
  if (RESERVED.test(base.split(".")[0]!)) base = `${base} meeting`;
  return `${base}.${ext}`;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]/g, "_")
    .replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
