// The shape of the trained key-point model (key-point-model.ts, written by
// bench/train-key-points.ts). Apart from key-points.ts, which uses the model, so the two do not import each other.
export interface KeyPointModel {
  /** Weight of the hand-set standing (RULES) beside the learned weights. */
  rules: number;
  features: readonly string[];
  weights: number[];
  bias: number;
  /** Weight of the not-yet-covered topic words when picking greedily (keeps the points apart). */
  coverage: number;
  /** The summary's target length in words before it grows with the meeting's length. */
  summaryBase: number;
}
