// HTTP for public links: the owner's create/list/revoke, and the visitor's read-only view and recording.
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createPublicLinkSchema, publicLinkListSchema, publicLinkSchema, publicMeetingSchema } from "../../../../contract/public-links";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { PublicLinksService } from "./public-links.service";
import { sendJsonParts } from "../meetings/meeting-detail";

const tags = ["public links"];
const idParams = z.object({ id: z.string() });
const mediaTypes: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".m4a": "audio/mp4",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
  ".webm": "video/webm",
};

export async function registerPublicLinkRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new PublicLinksService(ctx);

  // Shared pages and their API answers stay out of search engines, and their address (the
  // token) out of the Referer of links followed from them.
  root.addHook("onSend", async (request, reply) => {
    const url = request.url;
    if (url.startsWith("/p/") || url.startsWith("/api/public/")) {
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("referrer-policy", "no-referrer");
    }
  });

  app.post(
    "/api/meetings/:id/public-links",
    {
      schema: {
        tags,
        description: "A read-only link for people outside the instance, showing the chosen parts; only the meeting's owner.",
        params: idParams,
        body: createPublicLinkSchema,
        response: { 201: publicLinkSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return reply.status(201).send(await service.create(actor, request.params.id, request.body));
    },
  );

  app.get(
    "/api/meetings/:id/public-links",
    { schema: { tags, params: idParams, response: { 200: publicLinkListSchema } } },
    async (request) => ({ links: await service.list(await requireUser(ctx, request), request.params.id) }),
  );

  app.delete(
    "/api/meetings/:id/public-links/:linkId",
    {
      schema: {
        tags,
        description: "Revokes the link at once: it answers 404 from now on.",
        params: z.object({ id: z.string(), linkId: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.revoke(await requireUser(ctx, request), request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/public/:token",
    {
      schema: {
        tags,
        description:
          "The parts of a meeting its public link shows, to anyone with the link (no sign-in). A protected link wants its password in the X-Link-Password header (401 without it or when wrong).",
        params: z.object({ token: z.string().max(100) }),
        response: { 200: publicMeetingSchema },
      },
    },
    async (request, reply) => {
      const password = request.headers["x-link-password"];
      const view = await service.view(request.params.token, request.ip, typeof password === "string" ? password : undefined);
      // JSON text already (the turns written by PostgreSQL in pieces): sent as it is, streamed like a meeting's answer.
      return sendJsonParts(reply.header("cache-control", "no-store"), view);
    },
  );

  app.get(
    "/api/public/:token/media",
    {
      schema: {
        tags,
        description: "The recording of a public link that shows it, with range requests.",
        params: z.object({ token: z.string().max(100) }),
        querystring: z.object({ k: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { key, size, fileName, mimeType } = await service.media(request.params.token, request.ip, request.query.k);
      const type = mediaTypes[path.extname(fileName).toLowerCase()] ?? mimeType ?? "application/octet-stream";
      reply.header("accept-ranges", "bytes").header("content-type", type).header("cache-control", "private, no-store");
      const range = request.headers.range && /^bytes=(\d*)-(\d*)$/.exec(request.headers.range);
      if (range && (range[1] || range[2])) {
        const start = Math.max(0, range[1] ? Number(range[1]) : size - Number(range[2]));
        const end = Math.min(range[1] && range[2] ? Number(range[2]) : size - 1, size - 1);
        if (start > end || start >= size) {
          reply.header("content-range", `bytes */${size}`);
          throw new AppError("RANGE_NOT_SATISFIABLE", `The range ${request.headers.range} is outside the recording (${size} bytes).`);
        }
        reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${size}`)
          .header("content-length", end - start + 1);
        return reply.send(await ctx.store.getStream(key, { start, end }));
      }
      reply.header("content-length", size);
      return reply.send(await ctx.store.getStream(key));
    },
  );
}
