// GET /api/models: the speech models the local engine can use, which are installed, their
// sizes and any download in progress (Settings shows it). Signed-in users only; the
// folder path is not sent (it says nothing useful to a browser and reveals the layout).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listModels } from "../../engines/speech/models/manager";
import { requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";

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
});

export async function registerModelRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/models",
    { schema: { tags: ["speech models"], response: { 200: z.object({ engine: z.string(), autoDownload: z.boolean(), models: z.array(modelSchema) }) } } },
    async (request) => {
      await requireUser(ctx, request);
      const models = await listModels(ctx.config.modelsDir);
      return {
        engine: ctx.config.speech.engine,
        autoDownload: ctx.config.speech.autoDownload,
        models: models.map(({ dir: _dir, url: _url, ...m }) => m),
      };
    },
  );
}
