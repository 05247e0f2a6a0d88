import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { meetingApi, meetingKeys, type MeetingDetail } from './meetings-api';

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
      toast.success('Meeting deleted');
      onOpenChange(false);
      void navigate('/dashboard');
    },
    onError: (error) => toast.error('Failed to delete meeting', { description: error.message }),
  });

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this meeting?</AlertDialogTitle>
          <AlertDialogDescription>
            “{meeting.title || 'Untitled Meeting'}”, its recording, transcript, summary and action items will be deleted
            permanently. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate();
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
