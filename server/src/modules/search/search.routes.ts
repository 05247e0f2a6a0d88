// GET /api/search: full-text search over the caller's own and shared meetings.
import { installedTextEmbedder } from "../../engines/llm/local/local-embedder";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResponseSchema } from "../../../../contract/search";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { RequestLimits, searchLimits } from "../../limits/limits.service";
import { SearchService } from "./search.service";

export async function registerSearchRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = new RequestLimits(ctx.database.db);
  // Semantic search joins in when the text embedding model is installed (decision 036).
  const service = new SearchService(ctx, () => installedTextEmbedder(ctx.config.modelsDir, ctx.config.summary.threads));
  app.get(
    "/api/search",
    {
      schema: {
        tags: ["search"],
        description:
          'Titles, summaries, decisions, action items and transcript turns of meetings you own or that are shared with your teams. Any of the words, ranked (rarer words weigh more; all words and the exact phrase rank higher; the last word also as a prefix; close spellings of words nowhere found). "exact phrase" and -excluded narrow it. 20 meetings per page, each with up to 3 moments (50 with meetingId); pass nextCursor as cursor for the next. Filters: speaker, teamId, from, to, kind; sort=date for newest first. 429 past the per-user rate limit; 503 when the search takes too long.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      // Per user, before any search runs: 429 with Retry-After past SEARCH_RATE_LIMIT_*.
      await limits.take(searchLimits(ctx.config, actor.id));
      return service.search(actor, request.query);
    },
  );
}
