import { useEffect, type RefObject } from "react";
import { useMutation } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { setServerError, useContractForm } from "@/lib/forms";
import { isApiError } from "@/lib/api";
import { SPEAKER_NAME_MAX, speakerNameSchema } from "../../../../contract/meetings";
import { meetingApi, speakersOf, useRereadOnRefusal, useStoreMeeting, type MeetingDetail } from "./meetings-api";
import { peopleKey, useMeetingPeople } from "../action-items/action-items-api";
import { SpeakerLinkSelect } from "../action-items/SpeakerLinkSelect";
import { useVoiceSuggestions } from "../action-items/voices-api";
import { useQueryClient } from "@tanstack/react-query";

/** One name per speaker, in the order of `speakersOf(meeting)`; each checked like the API checks it. */
const speakerNamesSchema = z.object({ names: z.array(speakerNameSchema) });

/** One name per speaker label; only changed names are sent. Two speakers given one name merge. */
export function RenameSpeakersDialog({
  meeting,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  meeting: MeetingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close (it fell to the page's body). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const speakers = speakersOf(meeting);
  const storeMeeting = useStoreMeeting();
  const queryClient = useQueryClient();
  // Who each speaker is (team members, contacts), offered beside the names.
  const people = useMeetingPeople(meeting.id, open);
  // Unnamed speakers whose voice matches a member's profile (only for those who may link).
  const voices = useVoiceSuggestions(meeting.id, open && meeting.access !== "read");
  // Checked as the user types: an emptied name is pointed out at once.
  const form = useContractForm(speakerNamesSchema, { defaultValues: { names: speakers }, mode: "onChange" });
  const { errors } = form.formState;
  // Not formState.isValid: the server's refusal (a root error) would keep Save disabled.
  const invalid = errors.names !== undefined;
  const { reset } = form;

  // Start from the current names each time it opens.
  const speakersKey = speakers.join("\n");
  useEffect(() => {
    if (open) reset({ names: speakersKey.split("\n") });
  }, [open, speakersKey, reset]);

  const names = useWatch({ control: form.control, name: "names" });
  const changesOf = (list: string[]) =>
    Object.fromEntries(
      speakers.flatMap((label, i) => {
        const name = (list[i] ?? label).trim();
        return name !== label ? [[label, name]] : [];
      }),
    );
  const changed = Object.keys(changesOf(names)).length > 0;

  const rereadOnRefusal = useRereadOnRefusal(meeting.id);
  const save = useMutation({
    mutationFn: (changes: Record<string, string>) => meetingApi.renameSpeakers(meeting.id, changes),
    onSuccess: (updated) => {
      storeMeeting(updated);
      void queryClient.invalidateQueries({ queryKey: peopleKey(meeting.id) });
      toast.success("Speakers renamed");
      onOpenChange(false);
    },
    onError: (error) => {
      setServerError(form, error, "Failed to rename speakers");
      // Access changed while the dialog was open: the re-read page may no longer offer it, so
      // the reason also goes in a toast that outlives the dialog.
      if (isApiError(error) && (error.status === 403 || error.status === 404)) {
        toast.error("Failed to rename speakers", { description: error.message });
        rereadOnRefusal(error);
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    const changes = changesOf(values.names);
    if (Object.keys(changes).length > 0 && !save.isPending) save.mutate(changes);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Rename speakers</DialogTitle>
            <DialogDescription>
              New names replace the labels in the transcript and on action items they own. Give two speakers the same name to merge them.
              Link a speaker to a team member or contact to make them the owner of that speaker's action items.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            {speakers.map((label, i) => (
              <div key={label} className="flex flex-col gap-2 rounded-lg border p-3">
                <Field
                  label={
                    <>
                      <span className="sr-only">Name for </span>
                      {label}
                    </>
                  }
                  error={errors.names?.[i]?.message}
                  className="gap-1.5"
                >
                  {(control) => <Input {...control} {...form.register(`names.${i}`)} maxLength={SPEAKER_NAME_MAX} autoComplete="off" />}
                </Field>
                {people.data
                  ? (() => {
                      const speaker = people.data.speakers.find((s) => s.label === label);
                      const voice = voices.data?.find((v) => v.speaker === label);
                      return speaker ? (
                        <SpeakerLinkSelect meetingId={meeting.id} speaker={speaker} people={people.data} voice={voice} />
                      ) : null;
                    })()
                  : null}
              </div>
            ))}
          </div>
          <FieldMessage message={errors.root?.server?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed || invalid || save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
