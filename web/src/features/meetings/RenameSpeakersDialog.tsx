import { useEffect, useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { SPEAKER_NAME_MAX } from "../../../../contract/meetings";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { meetingApi, speakersOf, useStoreMeeting, type MeetingDetail } from "./meetings-api";

/** One name per speaker label; only changed names are sent. Two speakers given one name merge. */
export function RenameSpeakersDialog({
  meeting,
  open,
  onOpenChange,
}: {
  meeting: MeetingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const speakers = speakersOf(meeting);
  const storeMeeting = useStoreMeeting();
  const [names, setNames] = useState<string[]>(speakers);

  // Start from the current names each time it opens.
  const speakersKey = speakers.join("\n");
  useEffect(() => {
    if (open) setNames(speakersKey.split("\n"));
  }, [open, speakersKey]);

  const changes = Object.fromEntries(
    speakers.flatMap((label, i) => {
      const name = (names[i] ?? label).trim();
      return name !== label ? [[label, name]] : [];
    }),
  );
  const hasEmpty = names.some((n) => !n.trim());
  const changed = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: () => meetingApi.renameSpeakers(meeting.id, changes),
    onSuccess: (updated) => {
      storeMeeting(updated);
      toast.success("Speakers renamed");
      onOpenChange(false);
    },
    onError: (error) => toast.error("Failed to rename speakers", { description: error.message }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !hasEmpty && !save.isPending) save.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Rename speakers</DialogTitle>
            <DialogDescription>
              New names replace the labels in the transcript and on action items they own. Give two speakers the same name to merge them.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            {speakers.map((label, i) => {
              const value = names[i] ?? label;
              const empty = !value.trim();
              const field = `${id}-speaker-${i}`;
              return (
                <div key={label} className="flex flex-col gap-1.5">
                  <Label htmlFor={field}>
                    <span className="sr-only">Name for </span>
                    {label}
                  </Label>
                  <Input
                    id={field}
                    value={value}
                    onChange={(e) => setNames((prev) => prev.map((n, j) => (j === i ? e.target.value : n)))}
                    maxLength={SPEAKER_NAME_MAX}
                    autoComplete="off"
                    required
                    aria-invalid={empty ? true : undefined}
                    aria-describedby={empty ? `${field}-error` : undefined}
                  />
                  {empty ? (
                    <p id={`${field}-error`} className="text-sm text-destructive">
                      Enter a name
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed || hasEmpty || save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
