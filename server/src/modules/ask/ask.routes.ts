// POST /api/ask: answers a question from the meetings the caller may read; GET /api/ask/history.
import { installedTextEmbedder } from "../../engines/llm/local/local-embedder";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { askHistorySchema, askRequestSchema, askResponseSchema } from "../../../../contract/ask";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { RequestLimits } from "../../limits/limits.service";
import { answer, askLimits, AskService } from "./ask.service";
import { answerWriterFor } from "./model-answer";

const sse = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export async function registerAskRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = new RequestLimits(ctx.database.db);
  // Semantic search joins in when the text embedding model is installed (decision 036).
  const service = new AskService(ctx, () => installedTextEmbedder(ctx.config.modelsDir, ctx.config.summary.threads));
  // A language model writes the answer when one is configured or installed (model-answer.ts).
  const writer = answerWriterFor(ctx.config);
  app.post(
    "/api/ask",
    {
      schema: {
        tags: ["search"],
        description:
          'Answers a question from the meetings you may read (or one meeting, meetingId), with citations: the moments the answer rests on, best first; "[n]" in the answer points to citations[n-1]. Accept: text/event-stream answers as events (citations, answer pieces as they are written, done with the whole response). With a language model (LLM_BASE_URL or a local model) a model writes the answer only from the cited passages (engine and model say which). 404 for a meeting you may not read; 429 past the per-user rate limit; 503 when retrieval takes too long.',
        body: askRequestSchema,
        response: { 200: askResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      await limits.take(askLimits(ctx.config, actor.id));
      // Refusals (404, 429, 503) come before anything is written, in the one error shape.
      const retrieved = await service.retrieveForAnswer(actor, request.body.question, request.body.meetingId);
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ""))
        return answer(request.body.question, retrieved, writer, undefined, ctx.log);
      // Past the JSON schema: the body is the event stream itself, written as the answer is.
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
      const result = await answer(request.body.question, retrieved, writer, (e) => reply.raw.write(sse(e.event, e.data)), ctx.log);
      reply.raw.end(sse("done", result));
      return reply;
    },
  );
  app.get(
    "/api/ask/history",
    {
      schema: {
        tags: ["search"],
        description: "Your recent questions, newest first (meetingId: those asked on one meeting).",
        querystring: z.object({ meetingId: z.string().uuid("Not a meeting id").optional() }),
        response: { 200: askHistorySchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.history(actor, request.query.meetingId);
    },
  );
}
