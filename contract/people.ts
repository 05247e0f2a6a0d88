// People across meetings (issue 34): a meeting's speakers and action-item owners linked to a
// team member (a user here) or to a named contact with aliases.
import { z } from "zod";
import { actionItemSchema } from "./meetings";

/** A person: a member (user of this instance) or a contact of a team or of one user. */
export const personSchema = z.object({
  kind: z.enum(["user", "contact"]),
  id: z.string(),
  name: z.string(),
  /** The member's picture, when they set one. */
  image: z.string().nullable(),
  aliases: z.array(z.string()),
});
export type Person = z.infer<typeof personSchema>;

/** Who to link: a member or a contact by id; null = nobody (undoes an automatic link). */
export const personRefSchema = z.object({ kind: z.enum(["user", "contact"]), id: z.string().min(1).max(100) });
export type PersonRef = z.infer<typeof personRefSchema>;

/** A person linked to a speaker or an item, and how: chosen by someone, or because the name is exactly a member's. */
export const linkedPersonSchema = personSchema.extend({ automatic: z.boolean() });
export type LinkedPerson = z.infer<typeof linkedPersonSchema>;

export const meetingSpeakerSchema = z.object({
  label: z.string(),
  person: linkedPersonSchema.nullable(),
  /** Someone chose "not linked" (so no automatic link either). */
  unlinked: z.boolean(),
  /** Likely people for this speaker: the label matches their name or an alias, or a name said in the meeting does. */
  suggestions: z.array(personSchema),
});

/** GET /api/meetings/{id}/people */
export const meetingPeopleSchema = z.object({
  speakers: z.array(meetingSpeakerSchema),
  /** Action item id → its owner, when it has one. */
  itemOwners: z.record(z.string(), linkedPersonSchema),
  /** Everyone this meeting's speakers and items may be linked to: members of the owner's and the shared teams, and their contacts. */
  people: z.array(personSchema),
  /** Names said in the meeting that match a person's name or alias. */
  namesSaid: z.array(z.string()),
  /** Teams a new contact may belong to (shared teams the caller is a member of), besides the caller's own list. */
  contactScopes: z.array(z.object({ teamId: z.string().nullable(), name: z.string() })),
});
export type MeetingPeople = z.infer<typeof meetingPeopleSchema>;

/** PUT /api/meetings/{id}/speaker-links: link one speaker (person null = not linked). */
export const linkSpeakerSchema = z.object({
  speaker: z.string().trim().min(1, "Name the speaker").max(200),
  person: personRefSchema.nullable(),
});

/** PUT /api/action-items/{id}/owner: the item's own owner (null = nobody); DELETE goes back to following the assignee. */
export const setItemOwnerSchema = z.object({ person: personRefSchema.nullable() });

const personName = z.string().trim().min(1, "Name is required").max(200, "Use at most 200 characters for the name");
const aliases = z
  .array(z.string().trim().min(1, "An alias cannot be empty").max(200, "Use at most 200 characters for an alias"))
  .max(20, "At most 20 aliases");
export const createContactSchema = z.object({
  name: personName,
  aliases: aliases.default([]),
  /** The team the contact belongs to; null = the caller's own contacts. */
  teamId: z.string().max(100).nullable().default(null),
});
export type CreateContact = z.input<typeof createContactSchema>;
/** A contact as the contacts endpoints answer it: a person and the team it belongs to (null: the caller's own). */
export const contactSchema = personSchema.extend({ teamId: z.string().nullable() });
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.object({ contacts: z.array(contactSchema) });
export const updateContactSchema = z.object({ name: personName, aliases }).partial();

/** GET /api/action-items: my items across meetings. */
export const myActionItemsQuerySchema = z.object({
  assignee: z.literal("me", { error: "Only assignee=me is supported" }).default("me"),
  status: z.enum(["open", "done", "all"]).default("open"),
  due: z.enum(["overdue", "week", "any"]).default("any"),
  /** How the list is ordered: by meeting (newest first) or by due date (soonest first, undated last). */
  order: z.enum(["meeting", "due"]).default("due"),
  /** The caller's today (YYYY-MM-DD) for overdue and this week; default: today in their time zone. */
  today: z.iso.date().optional(),
  cursor: z.string().max(100).optional(),
});
export type MyActionItemsQuery = z.infer<typeof myActionItemsQuerySchema>;

export const myActionItemSchema = actionItemSchema.extend({
  meeting: z.object({ id: z.string(), title: z.string(), recordedAt: z.string() }),
  owner: linkedPersonSchema.nullable(),
  /** The caller may complete and edit it (owner or non-guest member of a team the meeting is shared with). */
  editable: z.boolean(),
});
export type MyActionItem = z.infer<typeof myActionItemSchema>;

export type MyItemsStatus = MyActionItemsQuery["status"];
export type MyItemsDue = MyActionItemsQuery["due"];
export type MyItemsOrder = MyActionItemsQuery["order"];

export const myActionItemsSchema = z.object({
  items: z.array(myActionItemSchema),
  nextCursor: z.string().nullable(),
});
export type MyActionItems = z.infer<typeof myActionItemsSchema>;

/** GET /api/action-items/counts: for the dashboard. */
export const myActionItemCountsSchema = z.object({ open: z.number(), overdue: z.number(), dueThisWeek: z.number() });
export type MyActionItemCounts = z.infer<typeof myActionItemCountsSchema>;
