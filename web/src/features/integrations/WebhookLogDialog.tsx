import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { integrationKeys, integrationsApi, type Integration, type ProviderCard } from "./integrations-api";

const variant = { accepted: "success", rejected: "destructive", ignored: "secondary", handshake: "blue" } as const;

/** The last 50 webhook deliveries of one integration, newest first (spec: webhook_logs). */
export function WebhookLogDialog({ card, integration, onClose }: { card: ProviderCard; integration: Integration; onClose: () => void }) {
  const logs = useQuery({ queryKey: integrationKeys.logs(integration.id), queryFn: () => integrationsApi.logs(integration.id) });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{card.name} webhook log</DialogTitle>
          <DialogDescription>Deliveries from {card.name}: accepted ones changed an item; rejected ones changed nothing.</DialogDescription>
        </DialogHeader>
        {!logs.data ? (
          <div className="flex justify-center py-6">
            {logs.isError ? <p className="text-sm text-destructive">Could not load the log.</p> : <Spinner />}
          </div>
        ) : logs.data.logs.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No deliveries yet.</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto text-sm" aria-label={`${card.name} webhook deliveries`}>
            {logs.data.logs.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Badge variant={variant[l.status as keyof typeof variant] ?? "outline"}>{l.status}</Badge>
                <span className="font-mono text-xs">{l.eventType}</span>
                {l.reason ? <span className="text-muted-foreground">{l.reason}</span> : null}
                <time className="ml-auto text-xs text-muted-foreground" dateTime={l.createdAt}>
                  {new Date(l.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
