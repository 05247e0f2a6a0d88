// GET /api/models: the speech models the local engine can use, which are installed, their
// sizes, what the default settings need and any download in progress (Settings shows it).
// POST /api/models/download: the instance owner downloads what the defaults need.
// Signed-in users only; folder paths are never sent (they reveal the server's layout).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { modelsOverviewSchema as overviewSchema } from "../../../../contract/models";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { modelsServiceFor } from "./models.service";

const tags = ["speech models"];

export async function registerModelRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = modelsServiceFor(ctx, ctx.database.db);
  app.get("/api/models", { schema: { tags, response: { 200: overviewSchema } } }, async (request) => {
    const actor = await requireUser(ctx, request);
    return service.overview(actor);
  });

  app.post(
    "/api/models/download",
    {
      schema: {
        tags,
        description:
          "Instance owner only (ADMIN_EMAILS, else the first account): download the models the default settings need. Progress: GET /api/models.",
        response: { 202: overviewSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      await service.startDefaultDownload(actor);
      return reply.status(202).send(await service.overview(actor));
    },
  );
}
