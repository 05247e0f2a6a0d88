import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { apiJson } from "@/lib/api";
import { useTeams } from "./teams-api";

/**
 * Share a meeting with the owner's teams, or stop sharing (PUT / DELETE
 * /api/meetings/:id/shares/:teamId). Only the meeting's owner may share; the server
 * refuses everyone else, and refuses sharing as a guest of the team.
 */
export function ShareWithTeamMenu({
  meetingId,
  sharedTeamIds,
  onChanged,
}: {
  meetingId: string;
  sharedTeamIds: string[];
  onChanged?: () => void;
}) {
  const teams = useTeams();
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(teamId: string, teamName: string, share: boolean) {
    setBusy(teamId);
    try {
      await apiJson(share ? "PUT" : "DELETE", `/api/meetings/${encodeURIComponent(meetingId)}/shares/${encodeURIComponent(teamId)}`);
      toast.success(share ? `Meeting shared with ${teamName}` : `Stopped sharing with ${teamName}`);
      onChanged?.();
    } catch (e) {
      toast.error(share ? "Failed to share meeting" : "Failed to stop sharing", {
        description: e instanceof Error ? e.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" />
          Share with team
          {sharedTeamIds.length > 0 ? <span className="text-muted-foreground">({sharedTeamIds.length})</span> : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Share with a team</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {teams.isPending ? (
          <DropdownMenuItem disabled>Loading teams...</DropdownMenuItem>
        ) : teams.isError ? (
          <DropdownMenuItem disabled>Failed to load teams</DropdownMenuItem>
        ) : teams.data.length === 0 ? (
          <DropdownMenuItem asChild>
            <Link to="/settings?tab=teams">Create a team first</Link>
          </DropdownMenuItem>
        ) : (
          teams.data.map((t) => {
            const shared = sharedTeamIds.includes(t.id);
            return (
              <DropdownMenuCheckboxItem
                key={t.id}
                checked={shared}
                disabled={busy !== null}
                onSelect={(e) => e.preventDefault()}
                onCheckedChange={(checked) => toggle(t.id, t.name, checked === true)}
              >
                {t.name}
              </DropdownMenuCheckboxItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
