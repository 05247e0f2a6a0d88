// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 36.0, ROUGE-2 9.42, ROUGE-Lsum 33.0.
import type { KeyPointModel } from "./key-point-types";

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
    0.1007, 0.0052, -0.0983, -0.0072, 0.023, 0.0019, 0.0024, -0.0093, -0.0018, 0.0031, -0.0044, 0.001, -0.0024, -0.0044, 0.0521, -0.006,
    0.0018, -0.02, 0.0716, 0.0992, -0.02, 0.0006, -0.0984, 0.0186, -0.0124,
  ],
  bias: -0.0128,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
