// POST /api/ask: answers a question from the meetings the caller may read; GET /api/ask/history.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { askHistorySchema, askRequestSchema, askResponseSchema } from "../../../../contract/ask";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { RequestLimits } from "../../limits/limits.service";
import { ask, askLimits, history } from "./ask.service";

/** The answer as server-sent events: citations, the answer line by line, then the whole response. */
export function askEvents(r: Awaited<ReturnType<typeof ask>>): string {
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  return [
    event("citations", r.citations),
    ...r.answer.split("\n").map((line, i) => event("answer", { text: (i ? "\n" : "") + line })),
    event("done", r),
  ].join("");
}

export async function registerAskRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = new RequestLimits(ctx.database.db);
  app.post(
    "/api/ask",
    {
      schema: {
        tags: ["search"],
        description:
          'Answers a question from the meetings you may read (or one meeting, meetingId), with citations: the moments the answer rests on, best first; "[n]" in the answer points to citations[n-1]. Accept: text/event-stream answers as events (citations, answer pieces, done with the whole response). 404 for a meeting you may not read; 429 past the per-user rate limit; 503 when retrieval takes too long.',
        body: askRequestSchema,
        response: { 200: askResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      await limits.take(askLimits(ctx.config, actor.id));
      const result = await ask(ctx.database.db, actor, request.body.question, request.body.meetingId, ctx.config.search.timeoutMs);
      if (/\btext\/event-stream\b/.test(request.headers.accept ?? "")) {
        // Past the JSON schema: the body is the event stream itself.
        reply.hijack();
        reply.raw.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
        reply.raw.end(askEvents(result));
        return reply;
      }
      return result;
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
      return history(ctx.database.db, actor, request.query.meetingId);
    },
  );
}
