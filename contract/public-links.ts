// Public read-only links to a meeting for people outside the instance (issue 34, item 5).
import { z } from "zod";
import { actionItemSchema, meetingNotesSchema, utteranceSchema } from "./meetings";

export const publicLinkPartSchema = z.enum(["summary", "actionItems", "transcript", "recording"]);
export type PublicLinkPart = z.infer<typeof publicLinkPartSchema>;
export const PUBLIC_LINK_PASSWORD_MIN = 6;

export const createPublicLinkSchema = z.object({
  parts: z
    .array(publicLinkPartSchema)
    .min(1, "Choose at least one part to show")
    .transform((parts) => [...new Set(parts)]),
  /** ISO date-time; absent = no expiry. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((v) => new Date(v).getTime() > Date.now(), "The expiry must be in the future")
    .nullable()
    .optional(),
  password: z
    .string()
    .min(PUBLIC_LINK_PASSWORD_MIN, `Use at least ${PUBLIC_LINK_PASSWORD_MIN} characters for the password`)
    .max(200, "Use at most 200 characters for the password")
    .nullable()
    .optional(),
});
export type CreatePublicLink = z.input<typeof createPublicLinkSchema>;

export const publicLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  url: z.string(),
  parts: z.array(publicLinkPartSchema),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** Past its expiry: it answers 404 already. */
  expired: z.boolean(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** GET /api/public/{token}: only the chosen parts; absent parts are absent keys. */
export const publicMeetingSchema = z.object({
  title: z.string(),
  recordedAt: z.string(),
  durationSeconds: z.number().nullable(),
  parts: z.array(publicLinkPartSchema),
  /** The notes (overview, key points, decisions) when the summary part is chosen. */
  notes: meetingNotesSchema.nullable().optional(),
  /** Accepted action items only (possible ones stay inside the team). */
  actionItems: z.array(actionItemSchema.pick({ description: true, assignee: true, dueDate: true, status: true })).optional(),
  utterances: z.array(utteranceSchema.pick({ speaker: true, start: true, end: true, text: true })).optional(),
  /** Where the recording plays from (this link's own address); absent when not chosen or there is none. */
  mediaUrl: z.string().optional(),
  hasVideo: z.boolean().optional(),
});
export type PublicMeeting = z.infer<typeof publicMeetingSchema>;

export const publicLinkListSchema = z.object({ links: z.array(publicLinkSchema) });
export type PublicLinkList = z.infer<typeof publicLinkListSchema>;
