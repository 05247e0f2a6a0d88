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
    0.1004, 0.0061, -0.0973, -0.0073, 0.0226, 0.0016, 0.0033, -0.0133, -0.0016, 0.0033, -0.0043, 0.0001, -0.003, -0.0047, 0.0466, -0.0064,
    0.0026, -0.0194, 0.0717, 0.0978, -0.0206, 0.0005, -0.0987, 0.0207, -0.0133,
  ],
  bias: -0.0113,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
