// HTTP for people: a meeting's speakers and item owners linked to members or contacts; contacts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contactListSchema,
  contactSchema,
  createContactSchema,
  linkSpeakerSchema,
  meetingPeopleSchema,
  personSchema,
  setItemOwnerSchema,
  updateContactSchema,
} from "../../../../contract/people";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { PeopleService } from "./people.service";
import { registerVoiceRoutes } from "./voices.routes";

const tags = ["people"];
const idParams = z.object({ id: z.string() });

export async function registerPeopleRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new PeopleService(ctx);

  app.get(
    "/api/meetings/:id/people",
    {
      schema: {
        tags,
        description:
          "The meeting's speakers with the person each is linked to and suggestions, its items' owners, and the people to link to.",
        params: idParams,
        response: { 200: meetingPeopleSchema },
      },
    },
    async (request) => service.meetingPeople(await requireUser(ctx, request), request.params.id),
  );

  app.put(
    "/api/meetings/:id/speaker-links",
    {
      schema: {
        tags,
        description: "Links a speaker to a member or contact; person null = not linked (no automatic link either).",
        params: idParams,
        body: linkSpeakerSchema,
        response: { 200: meetingPeopleSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.linkSpeaker(actor, request.params.id, request.body.speaker, request.body.person);
    },
  );

  app.delete(
    "/api/meetings/:id/speaker-links",
    {
      schema: {
        tags,
        description: "Forgets the chosen link: a speaker named exactly like one member is linked to them automatically again.",
        params: idParams,
        querystring: z.object({ speaker: z.string().trim().min(1, "Name the speaker").max(200) }),
        response: { 200: meetingPeopleSchema },
      },
    },
    async (request) => service.resetSpeaker(await requireUser(ctx, request), request.params.id, request.query.speaker),
  );

  app.put(
    "/api/action-items/:id/owner",
    {
      schema: {
        tags,
        description: "The item's own owner (null = nobody), instead of the person its assignee's name is linked to.",
        params: idParams,
        body: setItemOwnerSchema,
        response: { 200: meetingPeopleSchema },
      },
    },
    async (request) => service.setItemOwner(await requireUser(ctx, request), request.params.id, request.body.person),
  );

  app.delete(
    "/api/action-items/:id/owner",
    {
      schema: {
        tags,
        description: "The item's owner follows its assignee again.",
        params: idParams,
        response: { 200: meetingPeopleSchema },
      },
    },
    async (request) => service.setItemOwner(await requireUser(ctx, request), request.params.id, null, true),
  );

  app.get(
    "/api/people/contacts",
    {
      schema: {
        tags,
        description: "The caller's own contacts and their teams'.",
        response: { 200: contactListSchema },
      },
    },
    async (request) => ({ contacts: await service.listContacts(await requireUser(ctx, request)) }),
  );

  app.post(
    "/api/people/contacts",
    { schema: { tags, body: createContactSchema, response: { 201: contactSchema } } },
    async (request, reply) => reply.status(201).send(await service.createContact(await requireUser(ctx, request), request.body)),
  );

  app.patch(
    "/api/people/contacts/:id",
    { schema: { tags, params: idParams, body: updateContactSchema, response: { 200: contactSchema } } },
    async (request) => service.updateContact(await requireUser(ctx, request), request.params.id, request.body),
  );

  app.delete("/api/people/contacts/:id", { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await service.deleteContact(await requireUser(ctx, request), request.params.id);
    return reply.status(204).send(null);
  });

  await registerVoiceRoutes(root, ctx);
}
