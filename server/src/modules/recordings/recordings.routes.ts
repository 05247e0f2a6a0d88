// /api/recordings/*: recordings made in the browser, chunk by chunk. HTTP only: parse,
// authenticate, call the service. Another user's session answers 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chunkAckSchema,
  createdRecordingSchema,
  createRecordingSchema,
  finishedRecordingSchema,
  finishRecordingSchema,
  liveTranscriptSchema,
  RECORDING_MAX_CHUNK_BYTES,
  recordingListSchema,
  recordingSchema,
  updateRecordingSchema,
} from "../../../../contract/recordings";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { UploadSlots } from "../../limits/limits.service";
import { LiveTranscripts } from "./recording-live";
import { RecordingsService } from "./recordings.service";

const tags = ["recordings"];
const idParams = z.object({ id: z.string() });
const chunkParams = z.object({ id: z.string(), n: z.coerce.number() });

export async function registerRecordingRoutes(root: FastifyInstance, ctx: AppContext) {
  // Its own scope: the raw-body parser for chunks applies to these routes only.
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const live = new LiveTranscripts(ctx.config.modelsDir, { threads: ctx.config.speech.threads });
    scope.addHook("onClose", async () => live.closeAll());
    const service = new RecordingsService(ctx, live);
    // Each chunk upload takes one of the user's upload slots (MAX_UPLOADS_PER_USER), as a file upload does.
    const uploadSlots = new UploadSlots(ctx.database.db, ctx.config.userCaps.uploadsInFlight);
    app.addContentTypeParser(
      ["application/octet-stream", "audio/webm", "audio/mp4", "audio/ogg"],
      { parseAs: "buffer", bodyLimit: RECORDING_MAX_CHUNK_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      "/api/recordings",
      {
        schema: {
          tags,
          description: "Starts a recording session; then PUT its chunks and POST …/finish.",
          body: createRecordingSchema,
          response: { 201: createdRecordingSchema },
        },
      },
      async (request, reply) => {
        const actor = await requireUser(ctx, request);
        return reply.status(201).send(await service.create(actor, request.body));
      },
    );

    app.get(
      "/api/recordings",
      { schema: { tags, description: "The caller's unfinished recordings.", response: { 200: recordingListSchema } } },
      async (request) => service.list(await requireUser(ctx, request)),
    );

    app.get(
      "/api/recordings/:id",
      {
        schema: {
          tags,
          description: "A recording session and the chunk numbers the server holds.",
          params: idParams,
          response: { 200: recordingSchema },
        },
      },
      async (request) => service.get(await requireUser(ctx, request), request.params.id),
    );

    app.patch(
      "/api/recordings/:id",
      {
        schema: {
          tags,
          description: "Title and spoken language while recording.",
          params: idParams,
          body: updateRecordingSchema,
          response: { 200: recordingSchema },
        },
      },
      async (request) => service.update(await requireUser(ctx, request), request.params.id, request.body),
    );

    app.put(
      "/api/recordings/:id/chunks/:n",
      {
        schema: {
          tags,
          description:
            "Body: the chunk's bytes (Content-Type application/octet-stream or the recording's audio type). Idempotent: the same number again replaces it; any order.",
          params: chunkParams,
          response: { 200: chunkAckSchema },
        },
      },
      async (request) => {
        const actor = await requireUser(ctx, request);
        if (!Buffer.isBuffer(request.body))
          throw new AppError("UNSUPPORTED_MEDIA", "Send the chunk's bytes with Content-Type application/octet-stream.");
        const release = await uploadSlots.acquire(actor.id);
        try {
          return await service.putChunk(actor, request.params.id, request.params.n, request.body);
        } finally {
          await release();
        }
      },
    );

    app.get(
      "/api/recordings/:id/live",
      {
        schema: {
          tags,
          description: "The live transcript so far (final lines and the partial one), or why there is none.",
          params: idParams,
          response: { 200: liveTranscriptSchema },
        },
      },
      async (request) => service.liveText(await requireUser(ctx, request), request.params.id),
    );

    app.post(
      "/api/recordings/:id/finish",
      {
        schema: {
          tags,
          description: "Joins chunks 0…chunks-1 into a meeting and processes it like an upload. 409 names missing chunks.",
          params: idParams,
          body: finishRecordingSchema,
          response: { 200: finishedRecordingSchema },
        },
      },
      async (request) => service.finish(await requireUser(ctx, request), request.params.id, request.body),
    );

    app.delete(
      "/api/recordings/:id",
      { schema: { tags, description: "Discards an unfinished recording and its chunks.", params: idParams } },
      async (request, reply) => {
        await service.discard(await requireUser(ctx, request), request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
