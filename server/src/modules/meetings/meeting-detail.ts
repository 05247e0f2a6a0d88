// A meeting's detail as the JSON text its answer sends. The transcript and turns grow with the
// meeting (megabytes for a long one): PostgreSQL writes their JSON text (meetingTextJson), in
// pieces of 1,000 turns, and it is put into the answer as it comes, never parsed or serialised
// on the API's thread; only the rest (small) is checked against the contract here (decisions
// 040, 045).
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { meetingDetailSchema, type MeetingDetail } from "../../../../contract/meetings";

/** The detail without its transcript and turns, as the contract has it. */
const detailHeadSchema = meetingDetailSchema.omit({ transcript: true, utterances: true });

export type MeetingDetailHead = Omit<MeetingDetail, "transcript" | "utterances">;

/**
 * The answer of every route that answers with a meeting: `parts` are its JSON text in order
 * (the small rest first, then the turns in pieces as PostgreSQL wrote them), sent as they are.
 */
export interface MeetingDetailJson {
  id: string;
  parts: string[];
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** `head` checked and serialised, with the transcript's and turns' JSON text (from PostgreSQL) put in. */
export function meetingDetailJson(head: MeetingDetailHead, text: { transcript: string; utterances: string[] }): MeetingDetailJson {
  const small = JSON.stringify(detailHeadSchema.parse(head));
  return { id: head.id, parts: jsonTextParts(small, { transcript: text.transcript, utterances: text.utterances }) };
}

/**
 * A small object's JSON (`head`), with keys whose values are JSON text already (PostgreSQL's) added as
 * they are: a value, or an array given as its pieces (each some elements joined by commas, no brackets).
 * The answer's parts in order; the big values are never parsed, stringified or joined here. The meeting's
 * answer and a public link's use it (decisions 045, 052).
 */
export function jsonTextParts(head: string, jsonText: Record<string, string | string[]>): string[] {
  const parts: string[] = [];
  // `head` ends with the object's closing brace; a comma only after a key it already has.
  let open = head === "{}" ? "{" : `${head.slice(0, -1)},`;
  let first = true;
  for (const [key, value] of Object.entries(jsonText)) {
    const name = `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (typeof value === "string") {
      open += `${name}${value}`;
      continue;
    }
    parts.push(`${open}${name}[`, ...value.map((p, i) => (i ? `,${p}` : p)));
    open = "]";
  }
  if (first) return [head];
  parts.push(`${open}}`);
  return parts;
}

/**
 * Sends the detail as the JSON text it already is: the route's schema documents it; nothing
 * re-serialises it. A meeting of one piece goes as one string; a longer one as a stream of its
 * pieces, one written per step (backpressure from the socket), so a 100,000-turn answer never
 * holds the event loop to join, encode and write 15 MB at once (decision 045).
 */
export function sendMeetingDetail(reply: FastifyReply, detail: MeetingDetailJson): FastifyReply {
  return sendJsonParts(reply, detail.parts);
}

/** JSON text in parts (jsonTextParts) as the answer: one string for at most one piece of turns, else streamed piece by piece. */
export function sendJsonParts(reply: FastifyReply, parts: string[]): FastifyReply {
  if (parts.length <= 3) return sendJsonText(reply, parts.join(""));
  return reply.type(JSON_CONTENT_TYPE).send(Readable.from(parts, { objectMode: true, highWaterMark: 1 }));
}

/** Sends JSON text as it is (Fastify sends a string with a JSON content type unchanged, skipping the route's serialiser). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
