// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 36.0, ROUGE-2 9.54, ROUGE-Lsum 33.0.
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
    0.0987, 0.0066, -0.0969, -0.0078, 0.0225, 0.0019, 0.0032, -0.0134, -0.0018, 0.0035, -0.0044, 0.0009, -0.0036, -0.0046, 0.0518, -0.0065,
    0.0019, -0.0201, 0.0719, 0.0981, -0.0217, 0.0004, -0.0998, 0.0209, -0.013,
  ],
  bias: -0.0108,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
