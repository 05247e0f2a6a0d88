import { useEffect, useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { meetingApi, useStoreMeeting, type MeetingDetail } from "./meetings-api";

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
  const id = useId();
  const storeMeeting = useStoreMeeting();
  const [title, setTitle] = useState(meeting.title);
  const [summary, setSummary] = useState(meeting.summary ?? "");

  useEffect(() => {
    if (open) {
      setTitle(meeting.title);
      setSummary(meeting.summary ?? "");
    }
  }, [open, meeting.title, meeting.summary]);

  const save = useMutation({
    mutationFn: () => meetingApi.update(meeting.id, { title: title.trim(), summary: summary.trim() ? summary : null }),
    onSuccess: (updated) => {
      storeMeeting(updated);
      toast.success("Meeting updated");
      onOpenChange(false);
    },
    onError: (error) => toast.error("Failed to update meeting", { description: error.message }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      toast.error("Title is required");
      return;
    }
    save.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Meeting</DialogTitle>
            <DialogDescription>Change the meeting's title and summary.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} required />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-summary`}>Summary</Label>
            <Textarea id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} rows={8} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
