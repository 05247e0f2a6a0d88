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

const editMeetingSchema = updateMeetingSchema.pick({ title: true, summary: true }).required();

/** Rename the meeting and edit its summary. */
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
  const form = useContractForm(editMeetingSchema, { defaultValues: { title: meeting.title, summary: meeting.summary ?? "" } });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ title: meeting.title, summary: meeting.summary ?? "" });
  }, [open, meeting.title, meeting.summary, reset]);

  const save = useMutation({
    mutationFn: (values: { title: string; summary: string | null }) =>
      meetingApi.update(meeting.id, { title: values.title, summary: values.summary?.trim() ? values.summary : null }),
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
            <DialogDescription>Change the meeting's title and summary.</DialogDescription>
          </DialogHeader>
          <Field label="Title" error={errors.title?.message} className="gap-1.5">
            {(control) => <Input {...control} {...form.register("title")} />}
          </Field>
          <Field label="Summary" error={errors.summary?.message} className="gap-1.5">
            {(control) => <Textarea {...control} {...form.register("summary")} rows={8} />}
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
