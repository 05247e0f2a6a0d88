// GET /api/search: full-text search over the caller's own and shared meetings.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResponseSchema } from "../../../../contract/search";
import { requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { search } from "./search.service";

export async function registerSearchRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/search",
    {
      schema: {
        tags: ["search"],
        description:
          'Titles, summaries, decisions, action items and transcript turns of meetings you own or that are shared with your teams. Web search syntax: "exact phrase", -excluded, or. 20 meetings per page; pass nextCursor as cursor for the next.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return search(ctx.database.db, actor, request.query.q, request.query.cursor);
    },
  );
}
