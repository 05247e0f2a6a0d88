// Connections to outside work tools, the items sent to them, webhook deliveries and
// pending OAuth states (migration 0001_integrations). Token columns hold AES-256-GCM
// ciphertext (security/token-cipher.ts), never the token itself.
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { providerKeys } from "../../../../contract/integrations";
import { oneOf } from "./checks";
import { user } from "./auth.schema";
import { actionItems } from "./meetings.schema";

export const integrations = pgTable(
  "integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id"),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    scopes: text("scopes"),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    /** The provider's id of the webhook we registered, to delete it on disconnect. */
    webhookExternalId: text("webhook_external_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("integrations_user_provider_idx").on(t.userId, t.provider),
    check("integrations_provider_check", oneOf(t.provider, providerKeys)),
  ],
);

export const integrationItemStatuses = ["queued", "sending", "sent", "failed"] as const;
export type IntegrationItemStatus = (typeof integrationItemStatuses)[number];
export const webhookLogStatuses = ["accepted", "rejected", "ignored", "handshake"] as const;

export const integrationItems = pgTable(
  "integration_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    integrationId: uuid("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    actionItemId: uuid("action_item_id")
      .notNull()
      .references(() => actionItems.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").$type<IntegrationItemStatus>().notNull().default("queued"),
    externalId: text("external_id"),
    externalUrl: text("external_url"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Last state seen at the provider: only a change there changes the item here. */
    remoteCompleted: boolean("remote_completed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("integration_items_pair_idx").on(t.integrationId, t.actionItemId),
    index("integration_items_action_item_idx").on(t.actionItemId),
    index("integration_items_external_idx").on(t.integrationId, t.externalId),
    check("integration_items_provider_check", oneOf(t.provider, providerKeys)),
    check("integration_items_status_check", oneOf(t.status, integrationItemStatuses)),
  ],
);

export const webhookLogs = pgTable(
  "webhook_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    integrationId: uuid("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload"),
    status: text("status").$type<(typeof webhookLogStatuses)[number]>().notNull(),
    reason: text("reason"),
    /** The provider's delivery id (or a hash of the body): a second accepted delivery with it is a replay. */
    deliveryKey: text("delivery_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_logs_integration_idx").on(t.integrationId, t.createdAt),
    // The retention sweep (WEBHOOK_LOG_RETENTION_DAYS) deletes by age.
    index("webhook_logs_created_idx").on(t.createdAt),
    check("webhook_logs_status_check", oneOf(t.status, webhookLogStatuses)),
  ],
);

/**
 * Deliveries that changed something (migration 0011): the provider's delivery id and the hash
 * of the signed body. Kept apart from webhook_logs, whose rows are pruned, so an old signed
 * delivery never becomes acceptable again; only verified deliveries add rows.
 */
export const webhookReplayKeys = pgTable(
  "webhook_replay_keys",
  {
    integrationId: uuid("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.key] })],
);

export const oauthStates = pgTable(
  "oauth_states",
  {
    /** sha256 of the state sent to the provider; the state itself is never stored. */
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    provider: text("provider").notNull(),
    /** PKCE verifier, encrypted like tokens. */
    codeVerifier: text("code_verifier"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("oauth_states_provider_check", oneOf(t.provider, providerKeys))],
);
