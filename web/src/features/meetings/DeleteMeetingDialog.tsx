import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { meetingApi, meetingKeys, type MeetingDetail } from "./meetings-api";

/** Confirms, deletes the meeting (and its stored file), then returns to the dashboard. */
export function DeleteMeetingDialog({
  meeting,
  open,
  onOpenChange,
}: {
  meeting: MeetingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => meetingApi.remove(meeting.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: meetingKeys.detail(meeting.id) });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
      toast.success("Meeting deleted");
      void navigate("/dashboard");
    },
    onError: (error) => toast.error("Failed to delete meeting", { description: error.message }),
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this meeting?"
      description={`“${meeting.title || "Untitled Meeting"}”, its recording, transcript, summary and action items will be deleted permanently. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      onConfirm={() => remove.mutateAsync()}
    />
  );
}
