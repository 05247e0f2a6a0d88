import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronDown, Contact, User, UserX } from "lucide-react";
import { toast } from "sonner";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { api, apiJson } from "@/lib/api";
import { cn } from "@/lib/utils";
import { meetingKeys } from "../meetings/meetings-api";
import { myItemKeys, peopleKey, useMeetingPeople, type MeetingPeople, type Person, type PersonRef } from "./action-items-api";
import { PersonAvatar } from "./PersonAvatar";

export interface ItemOwner {
  kind: "user" | "contact";
  id?: string;
  name: string;
  image: string | null;
  automatic: boolean;
}

const ownerApi = {
  set: (itemId: string, person: PersonRef | null) =>
    apiJson<MeetingPeople>("PUT", `/api/action-items/${encodeURIComponent(itemId)}/owner`, { person }),
  follow: (itemId: string) => api<MeetingPeople>(`/api/action-items/${encodeURIComponent(itemId)}/owner`, { method: "DELETE" }),
};

/**
 * The item's owner, and a menu to choose another: a member of the meeting's teams (with their
 * picture) or a contact, nobody, or back to following the name said in the meeting. The
 * meeting's people are read when the menu first opens. Used on the meeting page and on My
 * action items; only shown to those who may edit the item (the server checks it again).
 */
export function OwnerPicker({
  item,
  owner,
}: {
  item: { id: string; meetingId: string; assignee: string | null; description: string };
  owner: ItemOwner | null;
}) {
  const [open, setOpen] = useState(false);
  const people = useMeetingPeople(item.meetingId, open);
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: (to: PersonRef | null | "follow") => (to === "follow" ? ownerApi.follow(item.id) : ownerApi.set(item.id, to)),
    onSuccess: (next) => {
      queryClient.setQueryData(peopleKey(item.meetingId), next);
      void queryClient.invalidateQueries({ queryKey: myItemKeys.all });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(item.meetingId) });
      const now = next.itemOwners[item.id];
      toast.success(now ? `${now.name} owns “${item.description}”` : `Nobody owns “${item.description}”`);
    },
    onError: (e) => toast.error("Failed to change the owner", { description: e.message }),
  });
  const name = owner && owner.name !== item.assignee ? owner.name : item.assignee || "Not assigned";
  const members = people.data?.people.filter((p) => p.kind === "user") ?? [];
  const contacts = people.data?.people.filter((p) => p.kind === "contact") ?? [];
  const isOwner = (p: Person) => owner?.id === p.id && owner.kind === p.kind;
  const row = (p: Person) => (
    <DropdownMenuItem key={`${p.kind}:${p.id}`} onSelect={() => choose.mutate({ kind: p.kind, id: p.id })} className="gap-2">
      {p.kind === "user" ? (
        <PersonAvatar name={p.name} image={p.image} />
      ) : (
        <Contact className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
      <span className="min-w-0 flex-1 truncate">{p.name}</span>
      {isOwner(p) ? <Check className="size-4" aria-label="Current owner" /> : null}
    </DropdownMenuItem>
  );

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger
        className={cn(
          // The -mx-1 takes 0.5rem off the width the row gives it, so "100%" alone cut every name short by "…".
          "-mx-1 inline-flex max-w-[calc(100%+0.5rem)] items-center gap-1 rounded px-1 text-left hover:bg-muted hover:text-foreground",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60",
        )}
        disabled={choose.isPending}
        data-testid="owner-picker"
      >
        {owner?.kind === "user" ? (
          <PersonAvatar name={owner.name} image={owner.image} />
        ) : (
          <User className="size-3.5 shrink-0" aria-hidden="true" />
        )}
        <span
          // One line; a name longer than the row (on a phone) ends in "…" rather than running off the card.
          className="truncate"
          title={owner && item.assignee && owner.name !== item.assignee ? `Said as “${item.assignee}”` : undefined}
          data-testid="action-item-owner"
        >
          {name}
        </span>
        <span className="sr-only">, change the owner of “{item.description}”</span>
        {choose.isPending ? <Spinner className="size-3" /> : <ChevronDown className="size-3 shrink-0 opacity-60" aria-hidden="true" />}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-64 overflow-y-auto">
        <DropdownMenuLabel>Owner</DropdownMenuLabel>
        {!people.data ? (
          <div className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
            <Spinner className="size-3.5" /> Loading team…
          </div>
        ) : (
          <>
            {members.length ? (
              <>
                <DropdownMenuLabel className="pt-0 text-xs font-normal text-muted-foreground">Team members</DropdownMenuLabel>
                {members.map(row)}
              </>
            ) : null}
            {contacts.length ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Contacts</DropdownMenuLabel>
                {contacts.map(row)}
              </>
            ) : null}
          </>
        )}
        <DropdownMenuSeparator />
        {item.assignee ? (
          <DropdownMenuItem onSelect={() => choose.mutate("follow")} className="gap-2">
            <User className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">Whoever “{item.assignee}” is</span>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => choose.mutate(null)} className="gap-2">
          <UserX className="size-4 text-muted-foreground" aria-hidden="true" />
          Nobody
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
