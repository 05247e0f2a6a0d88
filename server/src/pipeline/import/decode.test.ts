import { describe, expect, it } from "vitest";
import { decodeTranscript, decodeTranscriptBytes } from "./decode";
import { parseTranscriptFile } from "./parse-transcript";

const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Renée Dubois>Café at ten — “ok”?</v>\n";

describe("decodeTranscriptBytes", async () => {
  it("reads UTF-8 with and without a byte-order mark", async () => {
    expect(await decodeTranscriptBytes(Buffer.from(vtt))).toBe(vtt);
    expect(await decodeTranscriptBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(vtt)]))).toBe(vtt);
  });

  it("reads UTF-16 LE and BE with a byte-order mark, which were refused as binary", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(vtt, "utf16le")]);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(await decodeTranscriptBytes(le)).toBe(vtt);
    expect(await decodeTranscriptBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(vtt);
    expect(parseTranscriptFile("a.vtt", await decodeTranscriptBytes(le)).utterances[0]?.speaker).toBe("Renée Dubois");
  });

  it("reads Windows-1252 ('ANSI') text with its accents and speaker names", async () => {
    const ansi = Buffer.from([
      ...Buffer.from("Ren"),
      0xe9,
      ...Buffer.from("e: caf"),
      0xe9,
      ...Buffer.from(" at ten "),
      0x93,
      0x6f,
      0x6b,
      0x94,
    ]);
    const text = await decodeTranscriptBytes(ansi);
    expect(text).toBe("Renée: café at ten “ok”");
    expect(parseTranscriptFile("a.txt", text).utterances).toEqual([{ speaker: "Renée", start: null, end: null, text: "café at ten “ok”" }]);
  });

  it("leaves binary data binary, so the parser still refuses it", async () => {
    const binary = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0x00, 0x01, 0x00, 0xff, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0x00]);
    const text = await decodeTranscriptBytes(Buffer.concat(Array(50).fill(binary)));
    expect(() => parseTranscriptFile("a.txt", text)).toThrow(/not a text file/);
  });

  it("decodes chunk by chunk, a character split between two chunks included", async () => {
    const bytes = Buffer.from(vtt);
    const at = bytes.indexOf(Buffer.from("é")) + 1; // inside the two bytes of "é"
    expect(await decodeTranscript([bytes.subarray(0, at), bytes.subarray(at)])).toBe(vtt);
    const ansi = Buffer.from([0x43, 0x61, 0x66, 0xe9]);
    expect(await decodeTranscript([Buffer.from("ok "), ansi])).toBe("ok Café");
  });
});
