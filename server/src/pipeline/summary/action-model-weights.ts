// The trained action-item scorer. Its numbers are data, weights/actions.json, written by bench/train-action-model.ts
// (npm run train:actions): logistic-regression weights over the features of action-model.ts, trained on the AMI
// meetings of the real-meetings train split, with the threshold and items per 1000 words chosen by cross-validation
// on train. bench/train-weights.test.ts fails when training would not reproduce them.
import trained from "./weights/actions.json";

export const ACTION_MODEL: {
  threshold: number;
  ruleThreshold: number;
  perThousandWords: number;
  floor: number;
  weights: Record<string, number>;
} = trained.model;
