// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 36.0, ROUGE-2 9.50, ROUGE-Lsum 32.9.
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
    0.099, 0.0066, -0.0967, -0.0079, 0.0225, 0.002, 0.0028, -0.0135, -0.0017, 0.0035, -0.0043, 0.0009, -0.0036, -0.0046, 0.0518, -0.0064,
    0.002, -0.0201, 0.0718, 0.0979, -0.0219, 0.0004, -0.0993, 0.0207, -0.0129,
  ],
  bias: -0.0107,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
