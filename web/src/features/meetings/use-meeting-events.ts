import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { meetingStreamEndEvents, type MeetingStatusEvent } from "../../../../contract/meeting-events";
import { meetingApi, meetingKeys, type MeetingDetail } from "./meetings-api";

const POLL_MS = 3000;

/**
 * While `active`, follows the meeting's processing live: server-sent events update the
 * cached status, step, progress and what the step is doing; when processing ends the full meeting is re-read.
 * If the event stream fails, it polls the meeting every 3 s instead.
 */
export function useMeetingEvents(id: string | undefined, active: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!id || !active) return;
    const key = meetingKeys.detail(id);
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      if (!timer) timer = setInterval(refresh, POLL_MS);
    };

    if (typeof EventSource === "undefined") {
      poll();
      return () => clearInterval(timer);
    }
    const source = new EventSource(meetingApi.eventsUrl(id), { withCredentials: true });
    source.addEventListener("status", (event) => {
      let data: MeetingStatusEvent;
      try {
        data = JSON.parse((event as MessageEvent<string>).data) as MeetingStatusEvent;
      } catch {
        return;
      }
      const before = queryClient.getQueryData<MeetingDetail>(key);
      queryClient.setQueryData<MeetingDetail>(key, (old) => (old ? { ...old, ...data } : old));
      if (data.status === "completed" || data.status === "failed" || before?.status !== data.status) refresh();
    });
    // The meeting is gone, or this reader's access ended (unshared, left the team, signed
    // out): the re-read shows what is true now.
    for (const ended of meetingStreamEndEvents)
      source.addEventListener(ended, () => {
        source.close();
        refresh();
      });
    source.onerror = () => {
      source.close();
      poll();
    };
    return () => {
      source.close();
      clearInterval(timer);
    };
  }, [id, active, queryClient]);
}
