// The one interface every work tool implements. The service does the rules (who, when,
// retries, storage); an adapter only speaks its provider's HTTP API.
import type { IntegrationProviderConfig, IntegrationProviderKey } from "../../../config/config";

export interface TokenSet {
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: Date | null;
  scopes?: string | null;
  providerUserId?: string | null;
  /** Shown on the card: "Connected as …". */
  accountName?: string | null;
}

/** One choice the user makes after connecting (a repository, a board, a list…). */
export interface DestinationField {
  key: string;
  label: string;
  options: { value: string; label: string }[];
  optional?: boolean;
}

export type Destination = Record<string, string>;

/** A member's own account at the provider (the integration they connected): who an item is assigned to there. */
export interface ProviderAccount {
  /** GitHub user id, Asana user gid, Trello member id. */
  id: string | null;
  /** GitHub login (what `assignees` takes); the account name elsewhere. */
  login: string | null;
}

export interface ItemInput {
  title: string;
  assignee: string | null;
  /** The item's owner's own account here, when the owner is a member who connected this provider (issue 34). */
  assigneeAccount?: ProviderAccount | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
  meetingTitle: string;
  meetingUrl: string;
}

export interface CreatedItem {
  externalId: string;
  url: string | null;
}

export interface WebhookDelivery {
  method: string;
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
  /** The exact address the provider was given (Trello signs it). */
  callbackUrl: string;
}

export type WebhookOutcome =
  | { kind: "handshake"; eventType: string; echoHeaders: Record<string, string>; newSecret?: string }
  | { kind: "rejected"; eventType: string; reason: string }
  | { kind: "ignored"; eventType: string; reason: string; deliveryKey?: string }
  | {
      kind: "changes";
      eventType: string;
      deliveryKey: string;
      /** completed: true/false, or null = ask the provider (Asana sends ids only). */
      changes: { externalId: string; completed: boolean | null }[];
    };

export interface ProviderInfo {
  key: IntegrationProviderKey;
  name: string;
  description: string;
  color: string;
  scopes: string[];
  /** Completion comes back (webhooks or polling). */
  supportsWebhooks: boolean;
}

export interface ProviderAdapter extends ProviderInfo {
  usesPkce: boolean;
  authorizeUrl(p: { state: string; redirectUri: string; codeChallenge: string | null }): string;
  /** Trello hands the token itself to the callback: `code` is that token. */
  exchangeCode(p: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<TokenSet>;
  refresh?(refreshToken: string): Promise<TokenSet>;
  /**
   * "grant": the user disconnects; end the app's access (GitHub deletes the grant).
   * "token": a reconnect replaced these tokens; end only them, leaving the new ones working.
   */
  revoke?(tokens: { accessToken: string; refreshToken: string | null }, what: "grant" | "token"): Promise<void>;
  destinationFields(token: string, chosen: Destination): Promise<DestinationField[]>;
  createItem(token: string, destination: Destination, input: ItemInput): Promise<CreatedItem>;
  /** Two-way sync (GitHub, Asana, Trello). */
  registerWebhook?(token: string, destination: Destination, callbackUrl: string, secret: string): Promise<{ id: string }>;
  deleteWebhook?(token: string, webhookId: string): Promise<void>;
  /** Checks the signature and reads the delivery; `secret` is the stored webhook secret, if any. */
  readWebhook?(delivery: WebhookDelivery, secret: string | null, destination: Destination): WebhookOutcome;
  isCompleted?(token: string, destination: Destination, externalId: string): Promise<boolean>;
}

export interface AdapterDeps {
  config: IntegrationProviderConfig;
  /** Microsoft tenant, for the To Do adapter. */
  tenant: string;
}
