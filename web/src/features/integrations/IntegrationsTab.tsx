import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Info, ListChecks, RefreshCw, Settings2, Unplug } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/auth-context";
import { isUnauthenticated } from "@/lib/api";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { DestinationDialog } from "./DestinationDialog";
import {
  integrationKeys,
  integrationsApi,
  OAUTH_CHANNEL,
  OAUTH_ERROR,
  OAUTH_SUCCESS,
  openOAuthPopup,
  useIntegrations,
  type IntegrationsOverview,
  type ProviderCard,
} from "./integrations-api";
import { ProviderIcon } from "./provider-icons";
import { WebhookLogDialog } from "./WebhookLogDialog";

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : "Unknown error");

/** Settings → Integrations: one card per provider (spec sections 2, 4, 7, 8). */
export function IntegrationsTab() {
  const { user, sessionEnded } = useAuth();
  const qc = useQueryClient();
  const overview = useIntegrations(!!user);
  const waiting = useRef<string | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);

  // The popup reports back; only our own origin and the provider we asked for count.
  useEffect(() => {
    const onResult = (data: unknown, origin: string) => {
      if (origin !== window.location.origin || typeof data !== "object" || data === null) return;
      const { type, provider, error } = data as { type?: string; provider?: string; error?: string };
      if (!provider || provider !== waiting.current) return;
      waiting.current = null;
      setConnecting(null);
      if (type === OAUTH_SUCCESS) {
        void qc.invalidateQueries({ queryKey: integrationKeys.overview() });
        toast.success(`Successfully connected to ${nameOf(overview.data, provider)}`);
      } else if (type === OAUTH_ERROR) {
        toast.error(`Failed to connect: ${error ?? "unknown error"}`);
      }
    };
    const onMessage = (e: MessageEvent) => onResult(e.data, e.origin);
    window.addEventListener("message", onMessage);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OAUTH_CHANNEL);
    if (channel) channel.onmessage = (e) => onResult(e.data, window.location.origin);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [qc, overview.data]);

  async function connect(card: ProviderCard) {
    if (!user) {
      toast.error(SIGNED_OUT_MESSAGES.integrations);
      return;
    }
    try {
      waiting.current = card.key;
      setConnecting(card.key);
      const popup = await openOAuthPopup(card.key);
      // A closed popup without an answer ends the wait.
      const timer = setInterval(() => {
        if (popup.closed) {
          clearInterval(timer);
          if (waiting.current === card.key)
            setTimeout(() => waiting.current === card.key && ((waiting.current = null), setConnecting(null)), 1500);
        }
      }, 500);
    } catch (e) {
      waiting.current = null;
      setConnecting(null);
      // The session ended in another tab: the spec's text, then sign in again.
      if (isUnauthenticated(e)) sessionEnded(SIGNED_OUT_MESSAGES.integrations);
      else toast.error(`Failed to connect: ${message(e)}`);
    }
  }

  if (overview.isError) {
    return (
      <Card>
        <CardContent className="py-6 text-sm text-destructive">Failed to load integrations: {message(overview.error)}</CardContent>
      </Card>
    );
  }

  return (
    <section aria-labelledby="integrations-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="integrations-heading" className="text-lg font-semibold">
          Integrations
        </h2>
        <p className="text-sm text-muted-foreground">
          Send action items to the tools you already use. Completing them there completes them here.
        </p>
      </div>
      {overview.data ? <SyncModeNote overview={overview.data} /> : null}
      <div className="grid gap-4 sm:grid-cols-2" data-testid="integrations-grid">
        {overview.data
          ? overview.data.providers.map((card) => (
              <ProviderCardView key={card.key} card={card} connecting={connecting === card.key} onConnect={() => void connect(card)} />
            ))
          : [0, 1, 2, 3, 4].map((n) => <CardSkeleton key={n} />)}
      </div>
    </section>
  );
}

function nameOf(overview: IntegrationsOverview | undefined, key: string) {
  return overview?.providers.find((p) => p.key === key)?.name ?? key;
}

function SyncModeNote({ overview }: { overview: IntegrationsOverview }) {
  const minutes = Math.max(1, Math.round(overview.pollSeconds / 60));
  return (
    <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="sync-mode">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {overview.completionMode === "webhooks"
        ? "Completion sync: webhooks. GitHub, Asana and Trello tell this server at once when an item is closed or reopened."
        : `Completion sync: polling. This server has no public HTTPS address for webhooks, so it asks GitHub, Asana and Trello every ${minutes} minute${minutes === 1 ? "" : "s"}.`}
    </p>
  );
}

function ProviderCardView({ card, connecting, onConnect }: { card: ProviderCard; connecting: boolean; onConnect: () => void }) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<null | "disconnect" | "destination" | "logs">(null);
  const [syncing, setSyncing] = useState(false);
  const integration = card.integration;

  async function disconnect() {
    try {
      await integrationsApi.disconnect(integration!.id);
      await qc.invalidateQueries({ queryKey: integrationKeys.overview() });
      toast.success(`Successfully disconnected from ${card.name}`);
    } catch (e) {
      toast.error(`Failed to disconnect: ${message(e)}`);
      throw e;
    }
  }

  async function syncNow() {
    setSyncing(true);
    try {
      const r = await integrationsApi.sync(integration!.id);
      toast.success(
        r.changed
          ? `${r.changed} item${r.changed === 1 ? "" : "s"} updated from ${card.name}`
          : `Everything is up to date with ${card.name}`,
      );
    } catch (e) {
      toast.error(`Sync failed: ${message(e)}`);
    } finally {
      setSyncing(false);
    }
  }

  const status = !card.configured ? (
    <Badge variant="secondary">Not set up</Badge>
  ) : integration && !integration.isActive ? (
    <Badge variant="warning">Reconnect needed</Badge>
  ) : integration ? (
    <Badge variant="success">Connected</Badge>
  ) : null;

  return (
    <Card data-testid="integration-card" data-provider={card.key} className="gap-4">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <ProviderIcon provider={card.key} color={card.color} />
          {status}
        </div>
        <CardTitle as="h3" className="mt-2 text-base">
          {card.name}
        </CardTitle>
        <CardDescription>{card.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-1 text-sm">
        {!card.configured ? (
          <div>
            <p className="font-medium">Not set up on this server</p>
            <p className="text-muted-foreground">
              An administrator must set{" "}
              {card.requiredEnv.map((v, i) => (
                <span key={v}>
                  {i > 0 ? " and " : ""}
                  <code className="rounded bg-muted px-1 py-0.5 text-xs">{v}</code>
                </span>
              ))}{" "}
              (see the README).
            </p>
          </div>
        ) : integration ? (
          <>
            {integration.accountName ? (
              <p className="text-muted-foreground">
                Connected as <span className="font-medium text-foreground">{integration.accountName}</span>
              </p>
            ) : null}
            <p className="text-muted-foreground">
              Sends to:{" "}
              {integration.destinationLabel ? (
                <span className="font-medium text-foreground">{integration.destinationLabel}</span>
              ) : card.key === "google-calendar" ? (
                <span className="font-medium text-foreground">Primary calendar</span>
              ) : (
                <span className="text-amber-700 dark:text-amber-400">not chosen yet</span>
              )}
            </p>
            {card.supportsWebhooks && integration.syncMode !== "none" && integration.destination ? (
              <p className="text-muted-foreground">Completion: {integration.syncMode === "webhooks" ? "webhook" : "polling"}</p>
            ) : null}
            {!integration.isActive ? <p className="text-destructive">{card.name} refused the saved authorisation. Connect again.</p> : null}
          </>
        ) : null}
      </CardContent>
      {card.configured ? (
        <CardFooter className="flex flex-wrap gap-2">
          {!integration || !integration.isActive ? (
            <Button onClick={onConnect} disabled={connecting} aria-label={`Connect ${card.name}`}>
              {connecting ? "Connecting…" : integration ? "Reconnect" : "Connect"}
            </Button>
          ) : (
            <Button
              variant="outline"
              onClick={() => setDialog("destination")}
              aria-label={`${integration.destinationLabel ? "Change destination" : "Choose destination"} for ${card.name}`}
            >
              <Settings2 aria-hidden="true" />
              {integration.destinationLabel ? "Change destination" : "Choose destination"}
            </Button>
          )}
          {integration && card.supportsWebhooks ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setDialog("logs")} aria-label={`${card.name} webhook log`}>
                <ListChecks aria-hidden="true" />
                Webhook log
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void syncNow()}
                disabled={syncing || !integration.isActive}
                aria-label={`Sync now with ${card.name}`}
              >
                <RefreshCw className={syncing ? "animate-spin" : undefined} aria-hidden="true" />
                Sync now
              </Button>
            </>
          ) : null}
          {integration ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => setDialog("disconnect")}
              aria-label={`Disconnect ${card.name}`}
            >
              <Unplug aria-hidden="true" />
              Disconnect
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
      {integration ? (
        <>
          <ConfirmDialog
            open={dialog === "disconnect"}
            onOpenChange={(o) => setDialog(o ? "disconnect" : null)}
            title={`Disconnect ${card.name}?`}
            description={`Minutes forgets this connection and revokes its access at ${card.name} where possible. Items already sent stay in ${card.name}.`}
            confirmLabel="Disconnect"
            destructive
            onConfirm={disconnect}
          />
          {dialog === "destination" ? <DestinationDialog card={card} integration={integration} onClose={() => setDialog(null)} /> : null}
          {dialog === "logs" ? <WebhookLogDialog card={card} integration={integration} onClose={() => setDialog(null)} /> : null}
        </>
      ) : null}
    </Card>
  );
}

function CardSkeleton() {
  return (
    <Card data-testid="integration-card-loading" className="gap-4">
      <CardHeader>
        <Skeleton className="size-10 rounded-lg" />
        <Skeleton className="mt-2 h-5 w-32" />
        <Skeleton className="h-4 w-full" />
      </CardHeader>
      <CardFooter>
        <Skeleton className="h-9 w-24" />
      </CardFooter>
    </Card>
  );
}
