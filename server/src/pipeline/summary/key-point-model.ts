// The trained key-point model. Its numbers are data, weights/key-points.json, written by bench/train-key-points.ts
// (npm run train:key-points) from the train split of the real meetings; bench/train-weights.test.ts fails when
// training would not reproduce them.
import type { KeyPointModel } from "./key-point-types";
import trained from "./weights/key-points.json";

export const KEY_POINT_MODEL: KeyPointModel = trained.model;
