import { describe, expect, it } from "vitest";
import { buildProfiles, cosine, matchVoices } from "./voice-match";

describe("voice profiles (arithmetic)", () => {
  it("a profile is the unit mean of a member's samples per model; different models never mix", () => {
    const profiles = buildProfiles([
      { userId: "u1", model: "titanet", embedding: [2, 0] },
      { userId: "u1", model: "titanet", embedding: [0, 5] },
      { userId: "u1", model: "3dspeaker", embedding: [1, 0, 0] },
    ]);
    expect(profiles).toHaveLength(2);
    const t = profiles.find((p) => p.model === "titanet")!;
    expect(t.samples).toBe(2);
    expect(t.centroid[0]).toBeCloseTo(Math.SQRT1_2);
    expect(t.centroid[1]).toBeCloseTo(Math.SQRT1_2);
  });

  it("cosine: 1 for the same direction, 0 for orthogonal, different lengths or zero", () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });

  it("suggests from the threshold up, best pair first, each speaker and each member once, same model only", () => {
    const profiles = buildProfiles([
      { userId: "alice", model: "m", embedding: [1, 0, 0] },
      { userId: "bob", model: "m", embedding: [0, 1, 0] },
      { userId: "carol", model: "other", embedding: [0, 0, 1] },
    ]);
    const matches = matchVoices(
      [
        { speaker: "Speaker A", model: "m", embedding: [0.9, 0.1, 0] },
        { speaker: "Speaker B", model: "m", embedding: [0.95, 0.05, 0] }, // closer to Alice than A is
        { speaker: "Speaker C", model: "m", embedding: [0.1, 1, 0] },
        { speaker: "Speaker D", model: "m", embedding: [0, 0, 1] }, // like Carol, but another model
      ],
      profiles,
      0.6,
    );
    expect(matches.map((m) => [m.speaker, m.userId])).toEqual([
      ["Speaker B", "alice"],
      ["Speaker C", "bob"],
    ]);
    expect(matchVoices([{ speaker: "Speaker C", model: "m", embedding: [0.1, 1, 0] }], profiles, 0.999)).toEqual([]);
  });
});
