/** Integrations: the Settings tab's data, the OAuth popup, and sending action items. */
import { useQuery } from "@tanstack/react-query";
import type {
  AuthorizeUrl,
  DestinationField,
  DestinationFields,
  Integration,
  IntegrationsOverview,
  ItemLink,
  ItemLinks,
  OAuthCallback,
  OAuthConnected,
  ProviderCard,
  ProviderKey,
  SyncResult,
  WebhookLog,
  WebhookLogs,
} from "../../../../contract/integrations";
import { api, apiJson } from "@/lib/api";

export type { DestinationField, Integration, IntegrationsOverview, ItemLink, ProviderCard, ProviderKey, WebhookLog };

export const integrationKeys = {
  overview: () => ["integrations"] as const,
  fields: (id: string, values: Record<string, string>) => ["integrations", id, "fields", values] as const,
  logs: (id: string) => ["integrations", id, "logs"] as const,
  links: (meetingId: string) => ["item-links", meetingId] as const,
};

export const integrationsApi = {
  overview: () => api<IntegrationsOverview>("/api/integrations"),
  authorize: (provider: string) => apiJson<AuthorizeUrl>("POST", `/api/integrations/${provider}/authorize`, {}),
  callback: (body: OAuthCallback) => apiJson<OAuthConnected>("POST", "/api/integrations/oauth/callback", body),
  disconnect: (id: string) => api<void>(`/api/integrations/${id}`, { method: "DELETE" }),
  destinationFields: (id: string, values: Record<string, string>) =>
    apiJson<DestinationFields>("POST", `/api/integrations/${id}/destination-fields`, { values }),
  setDestination: (id: string, values: Record<string, string>) =>
    apiJson<Integration>("PUT", `/api/integrations/${id}/destination`, { values }),
  logs: (id: string) => api<WebhookLogs>(`/api/integrations/${id}/webhook-logs`),
  sync: (id: string) => apiJson<SyncResult>("POST", `/api/integrations/${id}/sync`, {}),
  sendItem: (itemId: string, integrationId: string) => apiJson<ItemLink>("POST", `/api/action-items/${itemId}/send`, { integrationId }),
  sendPending: (meetingId: string, integrationId: string) =>
    apiJson<ItemLinks>("POST", `/api/meetings/${meetingId}/action-items/send`, { integrationId }),
  links: (meetingId: string) => api<ItemLinks>(`/api/meetings/${meetingId}/item-links`),
};

export function useIntegrations(enabled = true) {
  return useQuery({ queryKey: integrationKeys.overview(), queryFn: integrationsApi.overview, enabled });
}

export const providerName = (key: string, overview?: IntegrationsOverview) => overview?.providers.find((p) => p.key === key)?.name ?? key;

/** Message types the callback popup posts to its opener (spec section 7). */
export const OAUTH_SUCCESS = "OAUTH_CALLBACK_SUCCESS";
export const OAUTH_ERROR = "OAUTH_CALLBACK_ERROR";
/** Same-origin fallback when the popup lost its opener (some browsers sever it across origins). */
export const OAUTH_CHANNEL = "minutes-oauth";

/**
 * Opens the 600×700 centred popup at once (inside the click, so it is not blocked), then
 * sends it to the provider's authorize address the server signed for this session.
 */
export async function openOAuthPopup(provider: string): Promise<Window> {
  const width = 600;
  const height = 700;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open("about:blank", `oauth-${provider}`, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) throw new Error("Your browser blocked the sign-in window. Allow pop-ups for this site and press Connect again.");
  try {
    const { url } = await integrationsApi.authorize(provider);
    popup.location.href = url;
    return popup;
  } catch (e) {
    popup.close();
    throw e;
  }
}
