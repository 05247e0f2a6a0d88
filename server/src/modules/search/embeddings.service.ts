// Fills passage vectors for semantic search (decision 036): the passages of finished meetings that
// have no vector of the installed model for their current text (new meetings, edited transcripts and
// notes, meetings from before the model was installed). Run by the passage-embeddings job, which
// also makes the model's approximate index where the database has pgvector (decision 036, "pgvector").
import type { Db } from "../../db/client";
import { ensureVectorIndex, meetingsToEmbed, passagesToEmbed, storedDimensions, storeEmbeddings } from "./embeddings.repo";
import type { Embedder } from "./hybrid";

/** Passages per call to the embedder: a long meeting is embedded in parts. */
const PASSAGES_PER_CALL = 64;

export async function embedPendingPassages(
  db: Db,
  embedder: Embedder,
  maxMeetings: number,
): Promise<{ meetings: number; passages: number; indexError?: string }> {
  let passages = 0;
  let indexed = false;
  let indexError: string | undefined;
  // Once per run, with the dimension of the vectors stored (or, for a model's first vectors, of the
  // ones just made). Without pgvector this is one catalog lookup; a failure leaves the exact scan
  // and is reported, and embedding goes on.
  const index = async (dimensions: number | null | undefined) => {
    if (indexed || !dimensions) return;
    indexed = true;
    try {
      await ensureVectorIndex(db, embedder.model, dimensions);
    } catch (e) {
      indexError = e instanceof Error ? e.message : String(e);
    }
  };
  await index(await storedDimensions(db, embedder.model));
  const ids = await meetingsToEmbed(db, embedder.model, maxMeetings);
  for (const meetingId of ids) {
    const pending = await passagesToEmbed(db, meetingId, embedder.model);
    for (let i = 0; i < pending.length; i += PASSAGES_PER_CALL) {
      const part = pending.slice(i, i + PASSAGES_PER_CALL);
      const vectors = await embedder.embed(
        part.map((p) => p.body),
        "document",
      );
      // A meeting deleted meanwhile takes its vectors with it (the foreign key refuses them): skip it.
      try {
        await storeEmbeddings(
          db,
          meetingId,
          embedder.model,
          part.map((p, k) => ({ ...p, vector: vectors[k]! })),
        );
      } catch (e) {
        if ((e as { code?: string; cause?: { code?: string } }).cause?.code === "23503" || (e as { code?: string }).code === "23503") break;
        throw e;
      }
      passages += part.length;
      await index(vectors[0]?.length);
    }
  }
  return { meetings: ids.length, passages, ...(indexError ? { indexError } : {}) };
}
