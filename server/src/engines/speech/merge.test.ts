import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { mergeTranscript, speakerLabel, tidyTurns, withoutUnknownTokens } from "./merge";
import { formatRttm, parseRttm } from "./rttm";

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), "utf8");
const turns = () => parseRttm(fixture("two-speakers.rttm"));

describe("parseRttm", () => {
  it("reads speaker turns and skips comments", () => {
    expect(turns()).toEqual([
      { file: "meet", channel: "1", speaker: "spk_1", start: 0, end: 4 },
      { file: "meet", channel: "1", speaker: "spk_0", start: 4, end: 7 },
      { file: "meet", channel: "1", speaker: "spk_1", start: 7, end: 10 },
    ]);
  });
  it("rejects a malformed line with its number", () => {
    expect(() => parseRttm(fixture("bad.rttm"))).toThrow(/line 1 is malformed/);
  });
  it("round-trips through formatRttm", () => {
    const back = parseRttm(formatRttm("meet", turns()));
    expect(back.map((t) => [t.speaker, t.start, t.end])).toEqual(turns().map((t) => [t.speaker, t.start, t.end]));
  });
});

describe("mergeTranscript", () => {
  it("splits a segment that spans a turn change at the word times", () => {
    const words = [
      { text: "Let's", start: 2.5, end: 2.9 },
      { text: "start.", start: 3.0, end: 3.6 },
      { text: "Sounds", start: 4.2, end: 4.6 },
      { text: "good.", start: 4.7, end: 5.1 },
    ];
    const out = mergeTranscript([{ start: 2.5, end: 5.1, text: "Let's start. Sounds good.", words }], turns());
    expect(out).toEqual([
      { speaker: "Speaker A", start: 2.5, end: 3.6, text: "Let's start.", words: words.slice(0, 2) },
      { speaker: "Speaker B", start: 4.2, end: 5.1, text: "Sounds good.", words: words.slice(2) },
    ]);
  });

  it("without word times splits proportionally by characters at a word boundary", () => {
    // 2 s before the change at 4.0 and 2 s after: the text splits near its middle.
    const out = mergeTranscript([{ start: 2, end: 6, text: "aaaa bbbb cccc dddd" }], turns());
    expect(out.map((u) => [u.speaker, u.text])).toEqual([
      ["Speaker A", "aaaa bbbb"],
      ["Speaker B", "cccc dddd"],
    ]);
    expect(out[0]?.start).toBe(2);
    expect(out[1]?.end).toBe(6);
    expect(out[0]?.end).toBeCloseTo(4, 5);
    expect(out[0]).toBeDefined();
    expect(out[0]?.words).toBeUndefined();
  });

  it("merges consecutive same-speaker segments and labels speakers by first appearance", () => {
    const out = mergeTranscript(
      [
        { start: 0.5, end: 1.5, text: "Hello." },
        { start: 2, end: 3.5, text: "Welcome all." },
        { start: 4.5, end: 6.5, text: "Thanks." },
        { start: 7.5, end: 9, text: "Next item." },
      ],
      turns(),
    );
    expect(out).toEqual([
      { speaker: "Speaker A", start: 0.5, end: 3.5, text: "Hello. Welcome all." },
      { speaker: "Speaker B", start: 4.5, end: 6.5, text: "Thanks." },
      { speaker: "Speaker A", start: 7.5, end: 9, text: "Next item." },
    ]);
  });

  it("ignores a turn that only grazes a segment, and gives segments outside all turns to the nearest", () => {
    const out = mergeTranscript(
      [
        { start: 4.1, end: 7.1, text: "Mostly the second speaker." },
        { start: 10.5, end: 11, text: "Trailing." },
      ],
      turns(),
    );
    expect(out.map((u) => [u.speaker, u.text])).toEqual([
      ["Speaker A", "Mostly the second speaker."],
      ["Speaker B", "Trailing."],
    ]);
  });

  it("labels everything Speaker A when there are no turns", () => {
    const out = mergeTranscript(
      [
        { start: 0, end: 1, text: "Solo." },
        { start: 1, end: 2, text: "Still me." },
      ],
      [],
    );
    expect(out).toEqual([{ speaker: "Speaker A", start: 0, end: 2, text: "Solo. Still me." }]);
  });

  it("names speakers beyond Z", () => {
    expect([0, 1, 25, 26, 27].map(speakerLabel)).toEqual(["Speaker A", "Speaker B", "Speaker Z", "Speaker AA", "Speaker AB"]);
  });
});

describe("tidyTurns", () => {
  // Shapes sherpa-onnx returned on real clips with the generated models (local-engine.models.test.ts).
  it("clips turns to the audio and drops those left empty", () => {
    const turns = [
      { speaker: "spk_0", start: 24.43, end: 30.0178 }, // AMI dev00, 30.001 s long
      { speaker: "spk_1", start: 30.2, end: 30.5 },
    ];
    expect(tidyTurns(turns, 30.001)).toEqual([{ speaker: "spk_0", start: 24.43, end: 30.001 }]);
  });

  it("keeps at most the known number of speakers: extra ones join the speaker they overlap most", () => {
    // beckett.wav (9.96 s, one 10 s window): three local speakers although two were asked for.
    const turns = [
      { speaker: "spk_0", start: 0.15, end: 2.98 },
      { speaker: "spk_2", start: 0.15, end: 5.52 },
      { speaker: "spk_1", start: 0.32, end: 5.53 },
      { speaker: "spk_0", start: 3.52, end: 5.52 },
      { speaker: "spk_0", start: 6.66, end: 9.89 },
      { speaker: "spk_1", start: 6.66, end: 9.89 },
      { speaker: "spk_2", start: 6.7, end: 9.94 },
    ];
    const out = tidyTurns(turns, 9.963, 2);
    // spk_0 talks least (8.06 s against 8.61 and 8.44): its turns go to whom they overlap most.
    expect(out).toEqual([
      { speaker: "spk_2", start: 0.15, end: 5.52 },
      { speaker: "spk_1", start: 0.32, end: 5.53 },
      { speaker: "spk_1", start: 6.66, end: 9.89 },
      { speaker: "spk_2", start: 6.7, end: 9.94 },
    ]);
  });

  it("merges overlapping turns of one speaker and leaves other speakers' overlaps alone", () => {
    const out = tidyTurns(
      [
        { speaker: "a", start: 0, end: 2 },
        { speaker: "a", start: 1.5, end: 3 },
        { speaker: "b", start: 1, end: 2.5 },
      ],
      10,
    );
    expect(out).toEqual([
      { speaker: "a", start: 0, end: 3 },
      { speaker: "b", start: 1, end: 2.5 },
    ]);
  });
});

describe("withoutUnknownTokens", () => {
  it("removes <unk> from text and words, keeping times and the words = text rule", () => {
    // As the Parakeet-layout model gave it on pyannote-sample/sample.wav (shown on the meeting page).
    const seg = {
      start: 6.7,
      end: 9,
      text: "<unk> time meet <unk>ing",
      words: [
        { text: "<unk>", start: 6.806, end: 6.886 },
        { text: "time", start: 6.886, end: 6.966 },
        { text: "meet", start: 7.046, end: 7.126 },
        { text: "<unk>ing", start: 7.2, end: 7.3 },
      ],
    };
    const [out] = withoutUnknownTokens([seg, { start: 10, end: 11, text: "<unk>", words: [{ text: "<unk>", start: 10, end: 10.1 }] }]);
    expect(out).toEqual({
      start: 6.7,
      end: 9,
      text: "time meet ing",
      words: [
        { text: "time", start: 6.886, end: 6.966 },
        { text: "meet", start: 7.046, end: 7.126 },
        { text: "ing", start: 7.2, end: 7.3 },
      ],
    });
    expect(withoutUnknownTokens([seg]).length).toBe(1);
    expect(mergeTranscript(withoutUnknownTokens([seg]), [])[0]!.text).not.toContain("<unk>");
  });
});
