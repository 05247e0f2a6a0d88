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

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** `head` checked and serialised, with the transcript's and turns' JSON text (from PostgreSQL) put in. */
export function meetingDetailJson(head: MeetingDetailHead, text: { transcript: string; utterances: string }): MeetingDetailJson {
  return { id: head.id, json: withJsonText(detailHeadSchema.parse(head), { transcript: text.transcript, utterances: text.utterances }) };
}

/**
 * A small object serialised, with keys whose values are JSON text already (PostgreSQL's) added
 * as they are: the big values are never parsed or stringified here.
 */
export function withJsonText(small: Record<string, unknown>, jsonText: Record<string, string>): string {
  const head = JSON.stringify(small);
  const added = Object.entries(jsonText).map(([key, value]) => `${JSON.stringify(key)}:${value}`);
  if (!added.length) return head;
  // `head` ends with the object's closing brace; a comma only after a key it already has.
  return `${head.slice(0, -1)}${head === "{}" ? "" : ","}${added.join(",")}}`;
}

/** Sends the detail as the JSON text it already is: the route's schema documents it; nothing re-serialises it. */
export function sendMeetingDetail(reply: FastifyReply, detail: MeetingDetailJson): FastifyReply {
  return sendJsonText(reply, detail.json);
}

/** Sends JSON text as it is (Fastify sends a string with a JSON content type unchanged, skipping the route's serialiser). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
