// The bytes of an uploaded transcript file as text. Exports are UTF-8 nearly always, but
// Windows tools also write UTF-16 with a byte-order mark (Notepad's "Unicode", some caption
// editors) and Windows-1252 ("ANSI"). Read as UTF-8, the first looked like binary data and was
// refused; the second silently lost every accented letter, and with it the speaker's name
// ("Renée:" became "Ren\uFFFDe:"), decision 041. Decoded chunk by chunk as the file is read,
// so a 20 MB file never holds the API's thread for one long decode.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";

// 0x80–0x9F of Windows-1252 (curly quotes, dashes, €); Node's own "windows-1252" decoder reads
// them as Latin-1's C1 controls. Bytes Windows-1252 leaves undefined stay those controls.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** Decodes a transcript file: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM, else Windows-1252. */
export async function decodeTranscript(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  const seen: Uint8Array[] = [];
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  let out = "";
  try {
    for await (const chunk of chunks) {
      seen.push(chunk);
      if (!decoder) {
        const head = chunk;
        decoder =
          head[0] === 0xff && head[1] === 0xfe
            ? new TextDecoder("utf-16le")
            : head[0] === 0xfe && head[1] === 0xff
              ? new TextDecoder("utf-16be")
              : new TextDecoder("utf-8", { fatal: true }); // drops a UTF-8 BOM
      }
      out += decoder.decode(chunk, { stream: true });
    }
    return out + (decoder?.decode() ?? "");
  } catch {
    // Not UTF-8 (only that decoder is fatal). Binary data (audio renamed .txt) keeps its NUL and
    // control bytes in this decoding, so the parser still refuses it as "not a text file".
    return windows1252(seen);
  }
}

/** The same for bytes already in memory. */
export function decodeTranscriptBytes(bytes: Uint8Array): Promise<string> {
  return decodeTranscript([bytes]);
}

async function windows1252(chunks: Uint8Array[]): Promise<string> {
  const utf16 = new TextDecoder("utf-16le");
  let out = "";
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += 1 << 20) {
      const bytes = chunk.subarray(at, at + (1 << 20));
      const units = new Uint16Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        units[i] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b;
      }
      out += utf16.decode(units);
      await yieldToEventLoop(); // a megabyte at a time
    }
  }
  return out;
}
