import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { AlertCircle, Check, ExternalLink, Loader2, Send } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { meetingApi, meetingKeys } from "@/features/meetings/meetings-api";
import { integrationKeys, integrationsApi, useIntegrations, type ItemLink, type ProviderCard } from "./integrations-api";
import { ProviderIcon } from "./provider-icons";

/** Connected providers that can take items now (active, destination chosen). */
export function useSendTargets(enabled: boolean): ProviderCard[] {
  const overview = useIntegrations(enabled);
  return (overview.data?.providers ?? []).filter(
    (p) => p.integration?.isActive && (p.integration.destination || p.key === "google-calendar"),
  );
}

/**
 * Where a meeting's items went. While a send is under way it asks again every 2 s; while any
 * item sits in a two-way tool it follows the meeting's event stream, so a completion coming
 * back by webhook shows without a reload.
 */
export function useItemLinks(meetingId: string, enabled = true) {
  const qc = useQueryClient();
  const links = useQuery({
    queryKey: integrationKeys.links(meetingId),
    queryFn: () => integrationsApi.links(meetingId),
    enabled,
    refetchInterval: (q) => (q.state.data?.links.some((l) => l.status === "queued" || l.status === "sending") ? 2000 : false),
  });
  const following = (links.data?.links.length ?? 0) > 0;
  useEffect(() => {
    if (!following || typeof EventSource === "undefined") return;
    const source = new EventSource(meetingApi.eventsUrl(meetingId), { withCredentials: true });
    let first = true;
    source.addEventListener("status", () => {
      // The first event is the current state on connect.
      if (first) return void (first = false);
      void qc.invalidateQueries({ queryKey: meetingKeys.detail(meetingId) });
      void qc.invalidateQueries({ queryKey: integrationKeys.links(meetingId) });
    });
    return () => source.close();
  }, [following, meetingId, qc]);
  return links.data?.links ?? [];
}

export function useSend(meetingId: string) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: integrationKeys.links(meetingId) });
  return {
    async one(itemId: string, target: ProviderCard) {
      try {
        const link = await integrationsApi.sendItem(itemId, target.integration!.id);
        await done();
        toast.success(link.status === "sent" ? `Already in ${target.name}` : `Sending to ${target.name}…`);
      } catch (e) {
        toast.error(`Could not send to ${target.name}: ${e instanceof Error ? e.message : "unknown error"}`);
      }
    },
    async pending(target: ProviderCard) {
      try {
        const { links } = await integrationsApi.sendPending(meetingId, target.integration!.id);
        await done();
        const fresh = links.filter((l) => l.status !== "sent").length;
        toast.success(
          links.length === 0
            ? "No pending items to send"
            : fresh
              ? `Sending ${fresh} item${fresh === 1 ? "" : "s"} to ${target.name}…`
              : `All pending items are already in ${target.name}`,
        );
      } catch (e) {
        toast.error(`Could not send to ${target.name}: ${e instanceof Error ? e.message : "unknown error"}`);
      }
    },
  };
}

/** "Send to …" with one entry per connected tool; a link to Settings when there is none. */
export function SendToMenu({
  targets,
  label,
  onPick,
  compact = false,
  sentTo = [],
}: {
  targets: ProviderCard[];
  label: string;
  onPick: (t: ProviderCard) => void;
  compact?: boolean;
  /** Providers that already have this item: marked, and picking one again creates nothing new. */
  sentTo?: string[];
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {compact ? (
          <Button variant="ghost" size="icon-sm" aria-label={label}>
            <Send aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm" aria-label={label}>
            <Send aria-hidden="true" />
            {label}
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{compact ? "Send to" : "Send all pending items to"}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {targets.length ? (
          targets.map((t) => (
            <DropdownMenuItem key={t.key} onSelect={() => onPick(t)}>
              <ProviderIcon provider={t.key} color={t.color} size="sm" />
              {t.name}
              {sentTo.includes(t.key) ? <Check className="ml-auto size-4 text-muted-foreground" aria-label="already sent" /> : null}
            </DropdownMenuItem>
          ))
        ) : (
          <DropdownMenuItem asChild>
            <Link to="/settings?tab=integrations">Connect a tool in Settings</Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const names: Record<string, string> = {
  github: "GitHub",
  asana: "Asana",
  trello: "Trello",
  slack: "Slack",
  "google-calendar": "Google Calendar",
  "microsoft-todo": "Microsoft To Do",
  notion: "Notion",
};

/** Where an item went: a badge linking there, "Sending…", or the provider's reason for failing. */
export function ItemLinkBadges({ links }: { links: ItemLink[] }) {
  if (!links.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="item-links">
      {links.map((l) => {
        const name = names[l.provider] ?? l.provider;
        if (l.status === "sent")
          return l.url ? (
            <Badge key={l.id} variant="outline" asChild>
              <a href={l.url} target="_blank" rel="noreferrer noopener" aria-label={`Open in ${name}`}>
                {name}
                <ExternalLink aria-hidden="true" />
              </a>
            </Badge>
          ) : (
            <Badge key={l.id} variant="outline">
              Sent to {name}
            </Badge>
          );
        if (l.status === "failed")
          return (
            <span key={l.id} className="inline-flex items-center gap-1 text-xs text-destructive" role="status">
              <AlertCircle className="size-3.5" aria-hidden="true" />
              {name}: {l.error}
            </span>
          );
        return (
          <Badge key={l.id} variant="secondary" title={l.error ?? undefined}>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Sending to {name}…
          </Badge>
        );
      })}
    </div>
  );
}
