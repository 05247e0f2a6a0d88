// The trained decision classifier. Its numbers are data, weights/decisions.json, written by bench/train-decisions.ts
// (npm run train:decisions -- --write): logistic-regression weights over the features of decision-model.ts, trained
// on the business development meetings, with how it combines with the rules (threshold, veto, sentences per 1,000
// words, the longest meeting it applies to) chosen by cross-validation; docs/decisions/043.
// bench/train-weights.test.ts fails when training would not reproduce them.
import type { Combination, DecisionModel } from "./decision-model";
import trained from "./weights/decisions.json";

export const DECISION_MODEL: DecisionModel = { ...trained.model, combination: trained.model.combination as Combination };
