// HTTP for voice profiles (decision 031): suggestions for a meeting's unnamed speakers, and the
// caller's own profile (consent, delete). Embeddings never leave the server.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { setVoiceProfileSchema, voiceProfileSchema, voiceSuggestionsSchema } from "../../../../contract/voices";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { VoicesService } from "./voices.service";

const tags = ["people"];

export async function registerVoiceRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new VoicesService(ctx);

  app.get(
    "/api/meetings/:id/voice-suggestions",
    {
      schema: {
        tags,
        description:
          "Unnamed speakers whose voice matches a member's voice profile (cosine similarity at least VOICE_MATCH_THRESHOLD); for those who may link speakers.",
        params: z.object({ id: z.string() }),
        response: { 200: voiceSuggestionsSchema },
      },
    },
    async (request) => ({ suggestions: await service.suggestions(await requireUser(ctx, request), request.params.id) }),
  );

  app.get(
    "/api/account/voice-profile",
    {
      schema: {
        tags,
        description: "Whether the caller allows a voice profile, and how many meetings' voices it holds.",
        response: { 200: voiceProfileSchema },
      },
    },
    async (request) => service.profile(await requireUser(ctx, request)),
  );

  app.put(
    "/api/account/voice-profile",
    {
      schema: {
        tags,
        description: "Allows or declines a voice profile; declining also deletes it.",
        body: setVoiceProfileSchema,
        response: { 200: voiceProfileSchema },
      },
    },
    async (request) => service.setEnabled(await requireUser(ctx, request), request.body.enabled),
  );

  app.delete(
    "/api/account/voice-profile",
    {
      schema: {
        tags,
        description: "Deletes the caller's voice profile (the voices of the speakers linked to them).",
        response: { 200: voiceProfileSchema },
      },
    },
    async (request) => service.deleteProfile(await requireUser(ctx, request)),
  );
}
