import { describe, expect, it } from "vitest";
import { LIMITS, chunkNotesJsonSchema, chunkSystemPrompt, chunkUserPrompt, languageName, mergedSummaryJsonSchema } from "./notes-schema";

/** Every string schema under `node`, with the path to it. */
function strings(node: unknown, at = "$"): { at: string; schema: Record<string, unknown> }[] {
  if (!node || typeof node !== "object") return [];
  const n = node as Record<string, unknown>;
  const own = n.type === "string" ? [{ at, schema: n }] : [];
  return [...own, ...Object.entries(n).flatMap(([k, v]) => strings(v, `${at}.${k}`))];
}
function arrays(node: unknown, at = "$"): { at: string; schema: Record<string, unknown> }[] {
  if (!node || typeof node !== "object") return [];
  const n = node as Record<string, unknown>;
  const own = n.type === "array" ? [{ at, schema: n }] : [];
  return [...own, ...Object.entries(n).flatMap(([k, v]) => arrays(v, `${at}.${k}`))];
}

describe("the grammar's JSON schemas", () => {
  it("bound every string and every array", () => {
    for (const schema of [chunkNotesJsonSchema, mergedSummaryJsonSchema]) {
      const found = strings(schema);
      expect(found.length).toBeGreaterThan(0);
      for (const s of found) expect(s.schema.maxLength, s.at).toEqual(expect.any(Number));
      for (const a of arrays(schema)) expect(a.schema.maxItems, a.at).toEqual(expect.any(Number));
    }
    expect(chunkNotesJsonSchema.properties.overview.maxLength).toBe(LIMITS.overviewChars);
  });
});

describe("the prompts", () => {
  it("list the participants, the meeting's date and the language to write in", () => {
    const user = chunkUserPrompt({
      title: "Budget sync",
      meetingDate: new Date("2025-04-08T12:00:00Z"),
      part: 2,
      parts: 3,
      participants: [
        { label: "Speaker A", name: "Benjamin Stone" },
        { label: "Ana Reyes", name: null },
      ],
      language: "German",
      transcript: "Speaker A: Hallo.",
    });
    expect(user).toBe(
      [
        'Meeting "Budget sync" on Tuesday 2025-04-08. Part 2 of 3.',
        "",
        "Participants (speaker label: name):",
        "- Speaker A: Benjamin Stone",
        "- Ana Reyes",
        "",
        "Language: German.",
        "",
        "Transcript:",
        "Speaker A: Hallo.",
      ].join("\n"),
    );
    expect(chunkSystemPrompt("German")).toContain("Write every text in German, the language of the meeting.");
    expect(chunkSystemPrompt(null)).toContain("Write every text in the language the meeting was held in.");
  });

  it("name the meeting's language", () => {
    expect(languageName("en")).toBe("English");
    expect(languageName("de")).toBe("German");
    expect(languageName("auto")).toBeNull();
    expect(languageName(null)).toBeNull();
  });
});
