// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 35.9, ROUGE-2 9.57, ROUGE-Lsum 32.9.
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
    0.0983, 0.0063, -0.0975, -0.0078, 0.0223, 0.0022, 0.0028, -0.0138, -0.0016, 0.0035, -0.0041, 0.0003, -0.0032, -0.0046, 0.0471, -0.0066,
    0.0023, -0.0195, 0.0726, 0.0985, -0.0202, 0.0006, -0.0984, 0.0213, -0.0132,
  ],
  bias: -0.0108,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
