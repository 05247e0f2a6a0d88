// Passage vectors for semantic search (decision 036): every minute (queue.every, one job per period
// across processes), when the text embedding model is installed, embed the passages of up to
// MEETINGS_PER_RUN finished meetings that have none for their current text. Without the model it
// does nothing, and search stays lexical.
import { passageEmbeddingsPayload } from "../core/jobs";
import { installedTextEmbedder } from "../engines/llm/local/local-embedder";
import { embedPendingPassages } from "../modules/search/embeddings.service";
import { defineJob } from "./define-job";

export const PASSAGE_EMBEDDINGS_SECONDS = 60;
/** Bounds one run; the next period takes the rest. */
const MEETINGS_PER_RUN = 20;

export const passageEmbeddingsJob = defineJob({
  name: "passage-embeddings",
  pool: "cpu",
  priority: 5,
  payload: passageEmbeddingsPayload,
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 1800,
  async handle(_payload, { ctx }) {
    const embedder = installedTextEmbedder(ctx.config.modelsDir, ctx.config.summary.threads);
    if (!embedder) return;
    const done = await embedPendingPassages(ctx.database.db, embedder, MEETINGS_PER_RUN);
    if (done.passages) ctx.log(`search: embedded ${done.passages} passage(s) of ${done.meetings} meeting(s) with ${embedder.model}`);
    if (done.indexError) ctx.log(`search: the pgvector index of ${embedder.model} was not made (exact scan meanwhile): ${done.indexError}`);
  },
});
