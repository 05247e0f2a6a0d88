// Integrations API shapes, shared by the server (validation, OpenAPI) and the web app.
import { z } from "zod";

export const providerKeys = ["github", "asana", "trello", "slack", "google-calendar", "microsoft-todo", "notion"] as const;
export const providerKeySchema = z.enum(providerKeys);
export type ProviderKey = z.infer<typeof providerKeySchema>;

export const destinationFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  optional: z.boolean().optional(),
});
export type DestinationField = z.infer<typeof destinationFieldSchema>;

export const integrationSchema = z.object({
  id: z.string(),
  provider: providerKeySchema,
  accountName: z.string().nullable(),
  /** False after the provider refused the saved authorisation: reconnect. */
  isActive: z.boolean(),
  /** The chosen destination's values and a readable label, or null until picked. */
  destination: z.record(z.string(), z.string()).nullable(),
  destinationLabel: z.string().nullable(),
  /** How completion comes back for this connection. */
  syncMode: z.enum(["webhooks", "polling", "none"]),
  createdAt: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const providerCardSchema = z.object({
  key: providerKeySchema,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  supportsWebhooks: z.boolean(),
  /** Client id and secret are set on this server. */
  configured: z.boolean(),
  /** The environment variables an administrator must set when not configured. */
  requiredEnv: z.array(z.string()),
  integration: integrationSchema.nullable(),
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

export const integrationsOverviewSchema = z.object({
  /** webhooks: providers call us at a public HTTPS address; polling: we ask them on a schedule. */
  completionMode: z.enum(["webhooks", "polling"]),
  pollSeconds: z.number(),
  providers: z.array(providerCardSchema),
});
export type IntegrationsOverview = z.infer<typeof integrationsOverviewSchema>;

export const oauthCallbackSchema = z.object({
  state: z.string().min(1).max(500),
  code: z.string().min(1).max(4000).optional(),
  /** Trello returns the token itself (in the URL fragment). */
  token: z.string().min(1).max(4000).optional(),
  error: z.string().max(500).optional(),
});

export const itemLinkSchema = z.object({
  id: z.string(),
  actionItemId: z.string(),
  integrationId: z.string(),
  provider: providerKeySchema,
  status: z.enum(["queued", "sending", "sent", "failed"]),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type ItemLink = z.infer<typeof itemLinkSchema>;

export const webhookLogSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookLog = z.infer<typeof webhookLogSchema>;

/** POST /api/integrations/{provider}/authorize: the provider's sign-in address, signed for this session. */
export const authorizeUrlSchema = z.object({ url: z.string() });
export type AuthorizeUrl = z.infer<typeof authorizeUrlSchema>;
export type OAuthCallback = z.infer<typeof oauthCallbackSchema>;
/** POST /api/integrations/oauth/callback: the provider now connected. */
export const oauthConnectedSchema = z.object({ provider: providerKeySchema });
export type OAuthConnected = z.infer<typeof oauthConnectedSchema>;
export const destinationFieldsSchema = z.object({ fields: z.array(destinationFieldSchema) });
export type DestinationFields = z.infer<typeof destinationFieldsSchema>;
export const webhookLogsSchema = z.object({ logs: z.array(webhookLogSchema) });
export type WebhookLogs = z.infer<typeof webhookLogsSchema>;
export const syncResultSchema = z.object({ changed: z.number() });
export type SyncResult = z.infer<typeof syncResultSchema>;
export const itemLinksSchema = z.object({ links: z.array(itemLinkSchema) });
export type ItemLinks = z.infer<typeof itemLinksSchema>;
