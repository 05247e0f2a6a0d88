import { useEffect } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { setServerError, useContractForm } from "@/lib/forms";
import { updateMeetingSchema } from "../../../../contract/meetings";
import { meetingApi, useStoreMeeting, type MeetingDetail } from "./meetings-api";

const editMeetingSchema = updateMeetingSchema.pick({ title: true, overview: true }).required();

/** Rename the meeting and edit its notes' overview (plain text; key points and decisions stay as the notes wrote them). */
export function EditMeetingDialog({
  meeting,
  open,
  onOpenChange,
}: {
  meeting: MeetingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const storeMeeting = useStoreMeeting();
  const form = useContractForm(editMeetingSchema, { defaultValues: { title: meeting.title, overview: meeting.notes?.overview ?? "" } });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ title: meeting.title, overview: meeting.notes?.overview ?? "" });
  }, [open, meeting.title, meeting.notes?.overview, reset]);

  const save = useMutation({
    mutationFn: (values: { title: string; overview: string }) => meetingApi.update(meeting.id, values),
    onSuccess: (updated) => {
      storeMeeting(updated);
      toast.success("Meeting updated");
      onOpenChange(false);
    },
    onError: (error) => setServerError(form, error, "Failed to update meeting"),
  });

  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Meeting</DialogTitle>
            <DialogDescription>Change the meeting's title and the overview at the top of its summary.</DialogDescription>
          </DialogHeader>
          <Field label="Title" error={errors.title?.message} className="gap-1.5">
            {(control) => <Input {...control} {...form.register("title")} />}
          </Field>
          <Field label="Overview" error={errors.overview?.message} className="gap-1.5">
            {(control) => <Textarea {...control} {...form.register("overview")} rows={5} />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
