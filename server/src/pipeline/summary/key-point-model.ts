// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 35.9, ROUGE-2 9.49, ROUGE-Lsum 32.9.
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
    0.1006, 0.0056, -0.0973, -0.0071, 0.0231, 0.0018, 0.002, -0.0104, -0.0016, 0.0032, -0.0044, 0.0009, -0.003, -0.0045, 0.0517, -0.0063,
    0.0018, -0.0201, 0.0715, 0.0987, -0.021, 0.0006, -0.0985, 0.0193, -0.0125,
  ],
  bias: -0.0123,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
