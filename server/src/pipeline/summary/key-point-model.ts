// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 36.0, ROUGE-2 9.51, ROUGE-Lsum 33.0.
import type { KeyPointModel } from "./key-points";

export const KEY_POINT_MODEL: KeyPointModel = {
  features: [
    "coverage",
    "density",
    "length",
    "position",
    "opening",
    "closing",
    "speakerShare",
    "turnLength",
    "number",
    "named",
    "finding",
    "hypothetical",
    "assignment",
    "hedge",
    "recap",
    "firstPerson",
    "we",
    "you",
    "mainTopics",
    "bigrams",
    "contentShare",
    "topSpeaker",
    "pronouns",
    "longTurn",
    "answer",
  ],
  weights: [
    0.0998, 0.0054, -0.0979, -0.007, 0.023, 0.0018, 0.0025, -0.0101, -0.0018, 0.0031, -0.0044, 0.0009, -0.0028, -0.0046, 0.0521, -0.006,
    0.0019, -0.02, 0.0713, 0.1, -0.0202, 0.0006, -0.0987, 0.0191, -0.0125,
  ],
  bias: -0.0127,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
