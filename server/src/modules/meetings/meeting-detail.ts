// A meeting's detail as the JSON text its answer sends. The transcript and turns grow with the
// meeting (megabytes for a long one): PostgreSQL writes their JSON text (meetingTextJson) and it
// is put into the answer as it comes, never parsed or serialised on the API's thread; only the
// rest (small) is checked against the contract here (decision 040).
import type { FastifyReply } from "fastify";
import { meetingDetailSchema, type MeetingDetail } from "../../../../contract/meetings";

/** The detail without its transcript and turns, as the contract has it. */
const detailHeadSchema = meetingDetailSchema.omit({ transcript: true, utterances: true });

export type MeetingDetailHead = Omit<MeetingDetail, "transcript" | "utterances">;

/** The answer of every route that answers with a meeting: send `json` as it is (application/json). */
export interface MeetingDetailJson {
  id: string;
  json: string;
}

export const MEETING_DETAIL_CONTENT_TYPE = "application/json; charset=utf-8";

/** `head` checked and serialised, with the transcript's and turns' JSON text (from PostgreSQL) put in. */
export function meetingDetailJson(head: MeetingDetailHead, text: { transcript: string; utterances: string }): MeetingDetailJson {
  const small = JSON.stringify(detailHeadSchema.parse(head));
  // `small` is a non-empty object: its closing brace makes room for the two keys.
  return { id: head.id, json: `${small.slice(0, -1)},"transcript":${text.transcript},"utterances":${text.utterances}}` };
}

/** Sends the detail as the JSON text it already is: the route's schema documents it; nothing re-serialises it. */
export function sendMeetingDetail(reply: FastifyReply, detail: MeetingDetailJson): FastifyReply {
  return reply.type(MEETING_DETAIL_CONTENT_TYPE).send(detail.json);
}
