// The trained weights are data (server/src/pipeline/summary/weights/*.json) written by npm run train:key-points and
// npm run train:actions. This test fails when training on the committed corpus (../shared/corpus/real-meetings, train
// split) with the committed code would not give what the JSON holds: a feature, a label or the fit changed and nobody
// retrained. To stay fast it fits a deterministic subset, every fourth train meeting, with the settings the JSON records
// (the key-point ridge; the action model's logistic regression at its L2) and compares the fingerprint of the rounded
// weights with the one training wrote beside them. CHECK_TRAINING=full fits the whole train split and compares the
// weights themselves (about a minute); neither re-runs the cross-validation grid that chose the settings (deterministic:
// fixed folds, no random start; minutes for the action model). Skipped where the corpus is not checked out.
import { describe, expect, it } from "vitest";
import { KEY_POINT_FEATURES } from "../server/src/pipeline/summary/key-points";
import actions from "../server/src/pipeline/summary/weights/actions.json";
import keyPoints from "../server/src/pipeline/summary/weights/key-points.json";
import { inCheckSubset, prepareActions, roundWeights, train, weightsDigest } from "./lib/action-training";
import { fit, keyPointCheckDigest, prepare } from "./lib/key-point-training";
import { loadRealMeetings, realMeetingsAvailable } from "./lib/real-meetings";

const round = (x: number) => Math.round(x * 1e4) / 1e4;
const full = process.env.CHECK_TRAINING === "full";
const actionMeetings = () => loadRealMeetings("train").filter((m) => m.actionItems);

describe.skipIf(!realMeetingsAvailable())("trained weights reproduce from the corpus", () => {
  it("key points: the ridge fit on the train split gives weights/key-points.json", () => {
    expect(keyPoints.model.features).toEqual([...KEY_POINT_FEATURES]);
    expect(keyPointCheckDigest(loadRealMeetings("train").filter(inCheckSubset).map(prepare))).toBe(keyPoints.check.digest);
    if (!full) return;
    const fitted = fit(loadRealMeetings("train").map(prepare));
    expect({ weights: fitted.weights.map(round), bias: round(fitted.bias) }).toEqual({
      weights: keyPoints.model.weights,
      bias: keyPoints.model.bias,
    });
  });

  it("action items: the logistic regression on the AMI train meetings gives weights/actions.json", () => {
    const subset = prepareActions(actionMeetings().filter(inCheckSubset));
    expect(weightsDigest(roundWeights(train(subset, actions.model.l2)))).toBe(actions.check.digest);
    if (full) expect(roundWeights(train(prepareActions(actionMeetings()), actions.model.l2))).toEqual(actions.model.weights);
  });
});
