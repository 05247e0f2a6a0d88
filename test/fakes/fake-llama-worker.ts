// A stand-in for engines/llm/local/llama-worker.ts that answers from a script instead of a model,
// for what a random-weight model cannot be made to do on cue: an answer cut off mid-JSON for one
// chunk. It speaks the worker's protocol (load, count, turns, plan, chunk, generate). Each part's notes name the part by
// a word of its own (FRUIT[2] for part 2: "Decision about bananas"), so that merging keeps them
// apart; the part comes from the prompt ("Part 2 of 3."; 1 when there is one).
// FAKE_LLAMA_CUT_PART=n cuts part n's answer off mid-JSON for its first FAKE_LLAMA_CUT_TRIES tries
// (default 1). The seed of each try is in the reply's context, as "seed=N".
// The meeting's turns are read, counted (a token per 4 characters) and chunked by the real worker's
// code (turn-plan.ts). TypeScript, bundled like the real worker (workerScript()) and run with bare node.
import type { LlamaGenerate, LlamaRequest, LlamaWorkerMessage } from "../../contract/workers";
import { answerPlan, isPlanRequest, TurnPlan } from "../../server/src/engines/llm/local/turn-plan";

const cutPart = Number(process.env.FAKE_LLAMA_CUT_PART ?? 0);
const cutTries = Number(process.env.FAKE_LLAMA_CUT_TRIES ?? 1);
const tries = new Map<number, number>();
const plan = new TurnPlan();
const count = (texts: string[]) => texts.map((t) => Math.ceil(t.length / 4));
const FRUIT = ["none", "apples", "bananas", "cherries", "dates", "elderberries", "figs", "grapes", "kiwis", "lemons", "mangoes"];

function send(msg: LlamaWorkerMessage) {
  process.send?.({ ...msg, rssBytes: process.resourceUsage().maxRSS * 1024 });
}

function answer(job: LlamaGenerate) {
  const merge = /notes of \d+ parts/.test(job.user);
  if (merge) return JSON.stringify({ overview: "Overview of the whole meeting", keyPoints: ["Merged key point"] });
  const part = Number(/Part (\d+) of \d+\./.exec(job.user)?.[1] ?? 1);
  const n = (tries.get(part) ?? 0) + 1;
  tries.set(part, n);
  // Past part 10 the words come round again (a long meeting's chunks repeat its topics; bench/event-loop.bench.ts).
  const fruit = FRUIT[((part - 1) % 10) + 1]!;
  if (part === cutPart && n <= cutTries) return `{"overview":"Talked about ${fruit}","keyPoints":["Key point ab`;
  return JSON.stringify({
    overview: `Talked about ${fruit}`,
    keyPoints: [`Key point about ${fruit}`],
    decisions: [`Decision about ${fruit}`],
    actionItems: [{ task: `Write the ${fruit} report`, owner: "Ben", due: null }],
  });
}

process.on("message", (msg: LlamaRequest) => {
  if (isPlanRequest(msg)) send(answerPlan(plan, msg, count));
  else if (msg.type === "load")
    send({
      type: "loaded",
      contextSize: msg.contextSize,
      trainContextSize: msg.contextSize,
      gpu: "cpu",
      name: "fake",
      loadMs: 1,
      chatWrapper: { name: "Fake", thoughts: null },
    });
  else if (msg.type === "count") send({ type: "counted", id: msg.id, counts: count(msg.texts) });
  else if (msg.type === "generate") {
    const text = answer(msg);
    const { seed, ...rest } = msg.sampling;
    send({
      type: "generated",
      id: msg.id,
      text,
      tokens: Math.ceil(text.length / 4),
      ms: 1,
      sampler: {
        ...rest,
        seed,
        repeatPenalty: 1,
        presencePenalty: rest.presencePenalty,
        frequencyPenalty: 0,
        penaltyLastTokens: 64,
        grammar: true,
      },
      context: msg.echoContext ? `seed=${seed}\n${msg.user}\n${text}` : undefined,
    });
  }
});
process.on("disconnect", () => process.exit(0));
