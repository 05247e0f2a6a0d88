import { useState } from "react";
import { Download, FileDown, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { DeleteMeetingDialog } from "./DeleteMeetingDialog";
import { EditMeetingDialog } from "./EditMeetingDialog";
import { downloadUrl } from "./download";
import { meetingApi, type MeetingDetail } from "./meetings-api";

const EXPORTS: { format: Parameters<typeof meetingApi.exportUrl>[1]; label: string; needsTimes?: boolean }[] = [
  { format: "md", label: "Markdown (.md)" },
  { format: "txt", label: "Plain text (.txt)" },
  { format: "docx", label: "Word (.docx)" },
  { format: "srt", label: "Subtitles, SubRip (.srt)", needsTimes: true },
  { format: "vtt", label: "Subtitles, WebVTT (.vtt)", needsTimes: true },
  { format: "json", label: "JSON (.json)" },
];

/** Edit Meeting and Delete Meeting (owner only), exports (everyone who can read it). */
export function MeetingActionsMenu({ meeting }: { meeting: MeetingDetail }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isOwner = meeting.access === "owner";
  // Subtitles need a time on every turn.
  const hasTimes = meeting.utterances.length > 0 && meeting.utterances.every((u) => u.start != null);
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
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <FileDown aria-hidden="true" />
              Export as…
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              {EXPORTS.filter((e) => !e.needsTimes || hasTimes).map((e) => (
                <DropdownMenuItem key={e.format} onSelect={() => downloadUrl(meetingApi.exportUrl(meeting.id, e.format))}>
                  {e.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
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
