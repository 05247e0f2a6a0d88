// The trained weights are data (server/src/pipeline/summary/weights/*.json) written by npm run train:key-points and
// npm run train:actions. This test fails when training on the committed corpus (../shared/corpus/real-meetings, train
// split) with the committed code would not give what the JSON holds. Training writes two fingerprints beside the
// weights, and the test recomputes both:
//   - input: every train meeting's candidates, features and labels (a changed rule, feature or label anywhere);
//   - subset: the fit on every fourth train meeting at the recorded settings, rounded (a changed fit).
// That is the fast part of training (preparing the input, one small fit); the full fit and the cross-validation grid
// that chose the settings (minutes for the action model) are deterministic (fixed folds, no random start).
// CHECK_TRAINING=full also refits the whole train split and compares the weights themselves.
// Skipped where the corpus is not checked out.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEY_POINT_FEATURES } from "../server/src/pipeline/summary/key-points";
import actions from "../server/src/pipeline/summary/weights/actions.json";
import keyPoints from "../server/src/pipeline/summary/weights/key-points.json";
import decisions from "../server/src/pipeline/summary/weights/decisions.json";
import { actionCheck, prepareActions, roundWeights, train } from "./lib/action-training";
import { businessCheck, prepareBusiness } from "./lib/business-action-training";
import {
  attachVectors,
  decisionCheck,
  type FitSettings,
  fitWeights,
  foldVectors,
  loadDevMeetings,
  prepareMeeting,
} from "./lib/decision-training";
import { fit, keyPointCheck, prepare } from "./lib/key-point-training";
import { loadRealMeetings, realMeetingsAvailable } from "./lib/real-meetings";

const round = (x: number) => Math.round(x * 1e4) / 1e4;
const full = process.env.CHECK_TRAINING === "full";
/** Preparing every train meeting takes a while on a busy machine; the full fit minutes. */
const timeout = full ? 900_000 : 180_000;

describe.skipIf(!realMeetingsAvailable())("trained weights reproduce from the corpus", () => {
  it(
    "key points: the train split gives weights/key-points.json",
    () => {
      expect(keyPoints.model.features).toEqual([...KEY_POINT_FEATURES]);
      const meetings = loadRealMeetings("train").map(prepare);
      expect(keyPointCheck(meetings)).toEqual({ input: keyPoints.check.input, subset: keyPoints.check.digest });
      if (!full) return;
      const fitted = fit(meetings);
      expect({ weights: fitted.weights.map(round), bias: round(fitted.bias) }).toEqual({
        weights: keyPoints.model.weights,
        bias: keyPoints.model.bias,
      });
    },
    timeout,
  );

  it(
    "action items: the AMI train meetings give weights/actions.json",
    () => {
      const prepared = prepareActions();
      expect(actionCheck(prepared, actions.model.l2)).toEqual({ input: actions.check.input, subset: actions.check.digest });
      if (full) expect(roundWeights(train(prepared, actions.model.l2))).toEqual(actions.model.weights);
    },
    timeout,
  );
});

// The decision classifier learns from the written business development meetings (bench/business/<id>, in the
// repository): never skipped. It prepares the meetings the file names, so a meeting added since is no failure
// (npm run train:decisions -- --write takes it in).
describe("trained decision weights reproduce from the business meetings", () => {
  it(
    "decisions: the business development meetings give weights/decisions.json",
    () => {
      const prepared = loadDevMeetings(undefined, decisions.meetings).map(prepareMeeting);
      expect(prepared.map((p) => p.meeting.id)).toEqual(decisions.meetings);
      // The word-vector rows (docs/decisions/055): GloVe from the devDependency, as train:decisions reads it.
      const fit = decisions.fit as FitSettings;
      const vocabulary = attachVectors(prepared, fit);
      expect(decisionCheck(prepared, fit)).toEqual({ input: decisions.check.input, subset: decisions.check.digest });
      if (full) {
        const weights = fitWeights(prepared, fit);
        expect(vocabulary ? foldVectors(weights, fit, vocabulary) : weights).toEqual(decisions.model.weights);
      }
    },
    timeout,
  );
});

// The short-meeting action-item scorer (decisions 044, 056) learns from the same business meetings. Training writes
// weights/business-actions.json only when cross-validation beats the engine (train-business-actions.ts); where no
// file is written there is nothing to reproduce.
const BUSINESS_ACTIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../server/src/pipeline/summary/weights/business-actions.json",
);
describe.skipIf(!existsSync(BUSINESS_ACTIONS))("trained business action weights reproduce from the business meetings", () => {
  it(
    "action items (short meetings): the business development meetings give weights/business-actions.json",
    () => {
      const file = JSON.parse(readFileSync(BUSINESS_ACTIONS, "utf8"));
      const prepared = prepareBusiness();
      expect(businessCheck(prepared, file.model.fit)).toEqual({ input: file.check.input, subset: file.check.digest });
    },
    timeout,
  );
});
