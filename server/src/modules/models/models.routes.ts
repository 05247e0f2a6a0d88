// GET /api/models: the speech models the local engine can use, which are installed, their
// sizes, what the default settings need and any download in progress (Settings shows it).
// POST /api/models/download: the instance owner downloads what the defaults need.
// Signed-in users only; folder paths are never sent (they reveal the server's layout).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { modelsServiceFor } from "./models.service";

const tags = ["speech models"];
const modelSchema = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.string(),
  languages: z.array(z.string()),
  licence: z.string(),
  sizeBytes: z.number().nullable(),
  approxBytes: z.number().nullable(),
  bundled: z.boolean(),
  installed: z.boolean(),
  sizeOnDisk: z.number(),
  download: z
    .object({ receivedBytes: z.number(), totalBytes: z.number().nullable(), active: z.boolean(), complete: z.boolean().optional() })
    .nullable(),
  /** The owner only: how to install it by hand (download address, files, folder); null for others and bundled models. */
  manual: z.object({ url: z.string(), files: z.array(z.string()), folder: z.string(), extract: z.boolean() }).nullable(),
});
const overviewSchema = z.object({
  engine: z.string(),
  autoDownload: z.boolean(),
  /** The caller owns this instance: may download models. */
  canManage: z.boolean(),
  /** For everyone else: whom to ask ("Name (email)"), or null. */
  owner: z.string().nullable(),
  defaults: z.object({
    ids: z.array(z.string()),
    missing: z.array(z.string()),
    /** "about 160 MB" for the missing ones, or null. */
    missingSize: z.string().nullable(),
    downloading: z.boolean(),
    error: z.string().nullable(),
  }),
  /** The owner only: where speech models are downloaded from (MODELS_BASE_URL) and the default. */
  offline: z.object({ baseUrl: z.string(), defaultBaseUrl: z.string() }).nullable(),
  models: z.array(modelSchema),
});

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
