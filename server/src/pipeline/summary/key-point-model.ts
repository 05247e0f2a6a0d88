// Written by bench/train-key-points.ts (npm run train:key-points) from the train split of the real meetings;
// do not edit by hand. Cross-validated on train: ROUGE-1 35.6, ROUGE-2 8.61, ROUGE-Lsum 32.5.
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
  ],
  weights: [
    0.1557, 0.0012, -0.0982, -0.0086, 0.0224, 0.0014, -0.0005, 0.0092, 0.0004, 0.0059, -0.0063, -0.0018, 0.0003, -0.0063, 0.0517, -0.0042,
    0.0054, -0.0151, 0.0882,
  ],
  bias: -0.0303,
  coverage: 0,
  rules: 0.1,
  summaryBase: 100,
};
