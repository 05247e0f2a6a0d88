import { useState } from 'react';
import { Download, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { DeleteMeetingDialog } from './DeleteMeetingDialog';
import { EditMeetingDialog } from './EditMeetingDialog';
import { downloadUrl } from './download';
import { meetingApi, type MeetingDetail } from './meetings-api';

/** Edit Meeting and Delete Meeting (owner only), Export as PDF (everyone who can read it). */
export function MeetingActionsMenu({ meeting }: { meeting: MeetingDetail }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isOwner = meeting.access === 'owner';
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Meeting actions">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isOwner ? (
            <DropdownMenuItem onSelect={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit Meeting
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => downloadUrl(meetingApi.pdfUrl(meeting.id))}>
            <Download aria-hidden="true" />
            Export as PDF
          </DropdownMenuItem>
          {isOwner ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" />
                Delete Meeting
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {isOwner ? (
        <>
          <EditMeetingDialog meeting={meeting} open={editing} onOpenChange={setEditing} />
          <DeleteMeetingDialog meeting={meeting} open={deleting} onOpenChange={setDeleting} />
        </>
      ) : null}
    </>
  );
}
