// GET /api/meetings/{id}/events: the meeting's progress as server-sent events.
//   event: status        data: MeetingStatusEvent (on open and on every change)
//   event: deleted       data: {}  the meeting is gone; the stream ends
//   event: access-ended  data: {}  the reader may no longer read it; the stream ends
import { z } from "zod";
import { meetingStatusSchema } from "./meetings";

export const meetingStatusEventSchema = z.object({
  status: meetingStatusSchema,
  step: z.string().nullable(),
  progress: z.number(),
  stepDetail: z.string().nullable(),
  error: z.string().nullable(),
});
export type MeetingStatusEvent = z.infer<typeof meetingStatusEventSchema>;

export const meetingStreamEndEvents = ["deleted", "access-ended"] as const;
export type MeetingStreamEnd = (typeof meetingStreamEndEvents)[number];

export const meetingEventNames = ["status", ...meetingStreamEndEvents] as const;
export type MeetingEventName = (typeof meetingEventNames)[number];
