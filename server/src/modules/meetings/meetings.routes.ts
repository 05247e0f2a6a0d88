// /api/meetings/*: parse, authenticate, call the service. Anything not the caller's
// answers 404, exactly like a meeting that does not exist.
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import path from "node:path";
import { z } from "zod";
import {
  createdMeetingSchema,
  createLinkMeetingSchema,
  meetingDetailSchema,
  meetingListQuerySchema,
  meetingListSchema,
  renameSpeakersSchema,
  updateMeetingSchema,
  fileTooLargeMessage,
} from "../../../../contract/meetings";
import { meetingStatusEventSchema } from "../../../../contract/meeting-events";
import { requireSession, requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { uploadCutOffError, watchUploadIdle, type UploadIdleWatch } from "../../context/upload-idle-timeout";
import { publishMeetingEvent } from "../../events/meeting-events";
import { UploadSlots } from "../../limits/limits.service";
import { sendMeetingDetail } from "./meeting-detail";
import { MeetingStreams } from "./meeting-streams";
import { MeetingLinkService } from "./meeting-link.service";
import { MeetingUploadService, TOO_MANY_FILES, type UploadPart } from "./meeting-upload.service";
import { MeetingListService } from "./meeting-list.service";
import { MeetingsService } from "./meetings.service";
import { SpeakerNamesService } from "./speaker-names.service";

const idParams = z.object({ id: z.string() });
const created = createdMeetingSchema;
const tags = ["meetings"];

const mediaTypes: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".m4a": "audio/mp4",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
};

export async function registerMeetingRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const meetings = new MeetingsService(ctx);
  const list = new MeetingListService(ctx);
  const uploads = new MeetingUploadService(ctx);
  const links = new MeetingLinkService(ctx);
  const speakerNames = new SpeakerNamesService(ctx);
  const uploadSlots = new UploadSlots(ctx.database.db, ctx.config.userCaps.uploadsInFlight);
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000 },
  });

  app.get(
    "/api/meetings",
    {
      schema: {
        tags,
        description:
          "50 meetings a page, newest first by default; pass nextCursor as cursor (with the same q, status and sort) for the next page.",
        querystring: meetingListQuerySchema,
        response: { 200: meetingListSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return list.listMeetings(actor, request.query);
    },
  );

  app.post(
    "/api/meetings",
    {
      schema: {
        tags,
        description:
          "multipart/form-data: file (audio, video or .vtt/.srt/.txt transcript), title, nano, enhancedSummary, speakers, language, recordedAt",
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", "Send the recording as multipart/form-data with a 'file' field.");
      // Refuse before reading a byte when the browser tells us the size (multipart overhead allowed).
      if (Number(request.headers["content-length"] ?? 0) > ctx.config.maxUploadBytes + 1024 * 1024)
        throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(ctx.config.maxUploadBytes));
      // MAX_UPLOADS_PER_USER at once, over every web process (429 before a byte is read).
      const release = await uploadSlots.acquire(actor.id);
      // UPLOAD_IDLE_TIMEOUT_SECONDS without a byte: 408, temp file removed, slot released (below).
      const idle = watchUploadIdle(request, reply, ctx.config.uploadIdleTimeoutMs);
      try {
        return reply.status(201).send(await uploads.createFromUpload(actor, uploadParts(request, idle)));
      } catch (e) {
        throw multipartError(e, ctx.config.maxUploadBytes);
      } finally {
        idle.stop();
        await release();
      }
    },
  );

  app.post(
    "/api/meetings/link",
    {
      schema: {
        tags,
        description: "400 when the link cannot work: not http(s), host not found, or a private/internal address.",
        body: createLinkMeetingSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return reply.status(201).send(await links.createLinkMeeting(actor, request.body));
    },
  );

  // Every answer with a meeting's detail is JSON text whose transcript and turns PostgreSQL wrote (decision 040).
  app.get("/api/meetings/:id", { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    return sendMeetingDetail(reply, await meetings.getMeetingDetail(actor, request.params.id));
  });

  app.patch(
    "/api/meetings/:id",
    { schema: { tags, params: idParams, body: updateMeetingSchema, response: { 200: meetingDetailSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return sendMeetingDetail(reply, await meetings.updateMeeting(actor, request.params.id, request.body));
    },
  );

  app.patch(
    "/api/meetings/:id/speakers",
    {
      schema: {
        tags,
        description: "Rename speakers: every utterance and every action item still owned by the old label. Owner or team member.",
        params: idParams,
        body: renameSpeakersSchema,
        response: { 200: meetingDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const detail = await speakerNames.renameSpeakers(actor, request.params.id, request.body.names);
      // Other open pages of this meeting re-read it.
      await publishMeetingEvent(ctx.database.db, { type: "changed", meetingId: detail.id });
      return sendMeetingDetail(reply, detail);
    },
  );

  app.delete("/api/meetings/:id", { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    await meetings.deleteMeeting(actor, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    "/api/meetings/:id/retry",
    { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return sendMeetingDetail(reply, await meetings.retryProcessing(actor, request.params.id));
    },
  );

  app.post(
    "/api/meetings/:id/summarize",
    { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return sendMeetingDetail(reply, await meetings.regenerateSummary(actor, request.params.id));
    },
  );

  // Server-sent events: the meeting's status, step and progress whenever they change, until
  // the reader's access ends (modules/meetings/meeting-streams.ts).
  // On shutdown the streams end at once (they never finish by themselves, so a graceful stop
  // would otherwise wait its whole time-out); EventSource reconnects, to another web process.
  const streams = new MeetingStreams(ctx.database.db, ctx.events, ctx.config.userCaps.eventStreams);
  app.addHook("preClose", async () => streams.endAll());
  app.get("/api/meetings/:id/events", { schema: { tags, params: idParams } }, async (request, reply) => {
    const { actor, sessionId } = await requireSession(ctx, request);
    const meeting = await meetings.readableMeeting(actor, request.params.id);
    streams.assertRoom(actor.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    const sendStatus = async () => {
      const m = await meetings.statusOf(meeting.id);
      // Parsed by the contract: exactly the fields the page reads, never more of the row.
      if (m) res.write(`event: status\ndata: ${JSON.stringify(meetingStatusEventSchema.parse(m))}\n\n`);
    };
    await streams.open({ actor, sessionId, meetingId: meeting.id, res, sendStatus });
  });

  // The recording, with HTTP range requests so the browser can seek.
  app.get("/api/meetings/:id/media", { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    const { key, size, fileName, mimeType } = await meetings.meetingMedia(actor, request.params.id);
    const ext = path.extname(fileName).toLowerCase();
    const type = mediaTypes[ext] ?? mimeType ?? "application/octet-stream";
    reply.header("accept-ranges", "bytes").header("content-type", type).header("cache-control", "private, max-age=3600");
    const range = request.headers.range && /^bytes=(\d*)-(\d*)$/.exec(request.headers.range);
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : size - 1;
      start = Math.max(0, start);
      end = Math.min(end, size - 1);
      if (start > end || start >= size) {
        reply.header("content-range", `bytes */${size}`);
        throw new AppError(
          "RANGE_NOT_SATISFIABLE",
          `The range ${request.headers.range} is outside the recording, which has ${size} bytes. Ask for bytes 0 to ${size - 1}.`,
        );
      }
      reply
        .status(206)
        .header("content-range", `bytes ${start}-${end}/${size}`)
        .header("content-length", end - start + 1);
      return reply.send(await ctx.store.getStream(key, { start, end }));
    }
    reply.header("content-length", size);
    return reply.send(await ctx.store.getStream(key));
  });
}

/** The multipart request as plain parts for the upload service, in the order they arrive (until it goes idle). */
async function* uploadParts(request: FastifyRequest, idle: UploadIdleWatch): AsyncGenerator<UploadPart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await Promise.race([parts.next(), idle.expired]);
    if (next.done) return;
    const part = next.value;
    if (part.type === "field") yield { type: "field", name: part.fieldname, value: String(part.value) };
    else {
      const stream = part.file;
      idle.watch(stream);
      yield { type: "file", fileName: part.filename, mimeType: part.mimetype, stream, truncated: () => stream.truncated };
    }
  }
}

/** @fastify/multipart's limit errors as answers that say what to do. */
function multipartError(e: unknown, maxUploadBytes: number): unknown {
  const code = (e as { code?: string }).code;
  // The body ended inside the file (decision 041): the parser's error, a 500 before.
  if (e instanceof Error && e.message.includes("terminated early")) return uploadCutOffError();
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(maxUploadBytes));
  if (code === "FST_FILES_LIMIT") return new AppError("BAD_REQUEST", TOO_MANY_FILES);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
    return new AppError(
      "BAD_REQUEST",
      "Too many form fields: send the file with title, recordedAt, speakers, language, nano and enhancedSummary only.",
    );
  return e;
}
