// A meeting's row as the pipeline moves it on: a change is written and told to the meeting's
// event streams together; and where the meeting's media lives in the blob store.
import type { AppContext } from "../../context/app-context";
import { publishMeetingEvent } from "../../events/meeting-events";
import type { MeetingRow } from "./meeting-access";
import { setMeetingColumns, type NewMeeting } from "./meetings.repo";

export async function updateMeetingRow(ctx: AppContext, id: string, values: Partial<NewMeeting>) {
  await setMeetingColumns(ctx.database.db, id, values);
  await publishMeetingEvent(ctx.database.db, { type: "changed", meetingId: id });
}

export function mediaKeys(m: Pick<MeetingRow, "userId" | "id">) {
  const dir = `recordings/${m.userId}/${m.id}`;
  return { dir, audio: `${dir}/audio.wav`, download: `${dir}/download` };
}
