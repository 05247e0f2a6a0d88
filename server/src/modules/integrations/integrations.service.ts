// Rules of the integrations feature: connecting (OAuth with a signed, single-use state
// bound to the session, PKCE), destinations, sending action items (queued, deduplicated),
// completion coming back (webhooks or polling) and disconnecting. Plain values in and out.
import crypto from "node:crypto";
import type { IntegrationProviderKey } from "../../config/config";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { enqueueIntegrationSend } from "../../core/jobs";
import { RequestLimits, type Limit } from "../../limits/limits.service";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { ActionItemsService } from "../action-items/action-items.service";
import { authorizeMeeting } from "../meetings/meeting-access";
import { PeopleService } from "../people/people.service";
import { publishMeetingEvent } from "../../events/meeting-events";
import type { Integration, IntegrationsOverview, ItemLink, ProviderKey, WebhookLog } from "../../../../contract/integrations";
import { IntegrationsRepo, type IntegrationItemRow, type IntegrationRow } from "./integrations.repo";
import { createAdapters, providerOrder, requiredEnv } from "./providers";
import type { Destination, ProviderAccount, ProviderAdapter, TokenSet, WebhookDelivery } from "./providers/provider";
import { ProviderError, sha256 } from "./providers/provider-http";

const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh this long before the provider's expiry. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
export const MAX_SEND_ATTEMPTS = 5;
/** A rate-limited send waits as long as the provider asks, up to this (GitHub's reset is at most an hour away). */
const MAX_RATE_LIMIT_WAIT_SECONDS = 3600;
/** Tries of a send that keeps meeting rate limits (they are no fault of the item). */
const MAX_RATE_LIMITED_ATTEMPTS = 12;
/** Deliveries that fail the signature check (or repeat one), logged per hour: per integration, and per client address. */
const REJECTED_PER_INTEGRATION_PER_HOUR = 20;
const REJECTED_PER_ADDRESS_PER_HOUR = 60;
/** A verified delivery's body is kept in the log up to this size; a larger one only as its size. */
const MAX_LOGGED_PAYLOAD_BYTES = 64 * 1024;
const HANDSHAKE_WINDOW_MS = 60_000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Metadata {
  accountName?: string | null;
  destination?: Destination | null;
  destinationLabel?: string | null;
  /** Until when (ms) a webhook handshake may set the secret: only while we register one. */
  handshakeUntil?: number | null;
}

export class IntegrationsService {
  readonly adapters: Record<IntegrationProviderKey, ProviderAdapter>;
  private readonly repo: IntegrationsRepo;
  private readonly items: ActionItemsRepo;

  constructor(private readonly ctx: AppContext) {
    this.adapters = createAdapters(ctx.config);
    this.repo = new IntegrationsRepo(ctx.database.db);
    this.items = new ActionItemsRepo(ctx.database.db);
  }

  private get cipher() {
    return this.ctx.tokenCipher;
  }
  get completionMode(): "webhooks" | "polling" {
    return this.ctx.config.integrations.webhookBaseUrl ? "webhooks" : "polling";
  }
  redirectUri() {
    return `${this.ctx.config.publicUrl}/settings/integrations/oauth-callback`;
  }
  webhookUrl(integrationId: string) {
    return `${this.ctx.config.integrations.webhookBaseUrl}/api/integrations/webhooks/${integrationId}`;
  }

  configured(key: IntegrationProviderKey): boolean {
    const c = this.ctx.config.integrations.providers[key];
    return !!(c.clientId && c.clientSecret);
  }

  /** The adapter for a provider name from a URL or a row; own keys only ("__proto__" is no provider). */
  adapter(provider: string): ProviderAdapter {
    if (!Object.hasOwn(this.adapters, provider)) throw new AppError("BAD_REQUEST", `Unsupported provider: ${provider}`);
    return this.adapters[provider as IntegrationProviderKey];
  }

  private toIntegration(row: IntegrationRow): Integration {
    const m = row.metadata as Metadata;
    const adapter = this.adapter(row.provider);
    return {
      id: row.id,
      provider: row.provider as ProviderKey,
      accountName: m.accountName ?? null,
      isActive: row.isActive,
      destination: m.destination ?? null,
      destinationLabel: m.destinationLabel ?? null,
      syncMode: !adapter.supportsWebhooks ? "none" : row.webhookExternalId ? "webhooks" : "polling",
      createdAt: row.createdAt.toISOString(),
    };
  }

  async overview(actor: Actor): Promise<IntegrationsOverview> {
    const rows = await this.repo.listForUser(actor.id);
    return {
      completionMode: this.completionMode,
      pollSeconds: this.ctx.config.integrations.pollSeconds,
      providers: providerOrder.map((key) => {
        const a = this.adapters[key];
        const row = rows.find((r) => r.provider === key);
        return {
          key,
          name: a.name,
          description: a.description,
          color: a.color,
          supportsWebhooks: a.supportsWebhooks,
          configured: this.configured(key),
          requiredEnv: requiredEnv(key),
          integration: row ? this.toIntegration(row) : null,
        };
      }),
    };
  }

  /** The user's own integration; anyone else's is 404 like one that does not exist. */
  async own(actor: Actor, id: string): Promise<IntegrationRow> {
    const row = uuid.test(id) ? await this.repo.byId(id) : null;
    if (!row || row.userId !== actor.id) throw new AppError("NOT_FOUND", "Integration not found");
    return row;
  }

  // ── Connecting ──────────────────────────────────────────────────────────────

  async startConnect(actor: Actor, sessionId: string, provider: string): Promise<{ url: string }> {
    const adapter = this.adapter(provider);
    if (!this.configured(adapter.key))
      throw new AppError(
        "UNAVAILABLE",
        `${adapter.name} is not set up on this server. An administrator must set ${requiredEnv(adapter.key).join(" and ")}.`,
      );
    const nonce = crypto.randomBytes(24).toString("base64url");
    const state = `${nonce}.${this.cipher.sign(`${nonce}|${sessionId}|${adapter.key}`)}`;
    const verifier = adapter.usesPkce ? crypto.randomBytes(32).toString("base64url") : null;
    const challenge = verifier ? crypto.createHash("sha256").update(verifier).digest("base64url") : null;
    await this.repo.insertState({
      stateHash: sha256(state),
      userId: actor.id,
      sessionId,
      provider: adapter.key,
      codeVerifier: this.cipher.encryptOrNull(verifier),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { url: adapter.authorizeUrl({ state, redirectUri: this.redirectUri(), codeChallenge: challenge }) };
  }

  async finishConnect(
    actor: Actor,
    sessionId: string,
    input: { state: string; code?: string; token?: string; error?: string },
  ): Promise<{ provider: ProviderKey }> {
    const invalid = () =>
      new AppError("BAD_REQUEST", "This connection link is invalid or has expired. Close this window and press Connect again.");
    const row = await this.repo.consumeState(sha256(input.state));
    if (!row) throw invalid();
    const [nonce, signature] = input.state.split(".");
    const expected = this.cipher.sign(`${nonce}|${sessionId}|${row.provider}`);
    if (
      !signature ||
      signature.length !== expected.length ||
      !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ||
      row.userId !== actor.id ||
      row.sessionId !== sessionId ||
      row.expiresAt.getTime() < Date.now()
    )
      throw invalid();
    const adapter = this.adapter(row.provider);
    if (input.error) throw new AppError("BAD_REQUEST", `${adapter.name} did not grant access (${input.error}).`);
    const code = input.code ?? input.token;
    if (!code) throw new AppError("BAD_REQUEST", `${adapter.name} sent no authorisation code. Press Connect again.`);
    let tokens: TokenSet;
    try {
      tokens = await adapter.exchangeCode({
        code,
        redirectUri: this.redirectUri(),
        codeVerifier: this.cipher.decryptOrNull(row.codeVerifier),
      });
    } catch (e) {
      throw providerFailure(e);
    }
    const existing = (await this.repo.listForUser(actor.id)).find((r) => r.provider === adapter.key);
    const metadata: Metadata = { ...((existing?.metadata as Metadata) ?? {}), accountName: tokens.accountName ?? null };
    const previous = existing ? this.readTokens(existing) : null;
    await this.repo.upsert({
      userId: actor.id,
      provider: adapter.key,
      providerUserId: tokens.providerUserId ?? null,
      accessToken: this.cipher.encrypt(tokens.accessToken),
      refreshToken: this.cipher.encryptOrNull(tokens.refreshToken),
      tokenExpiresAt: tokens.expiresAt ?? null,
      scopes: tokens.scopes ?? null,
      metadata: metadata as Record<string, unknown>,
      isActive: true,
    });
    // The tokens a reconnect replaced are ended at the provider, not left working unseen
    // (unless the provider handed the same ones back).
    const replaced =
      previous && previous.accessToken !== tokens.accessToken && !(previous.refreshToken && previous.refreshToken === tokens.refreshToken);
    if (previous && replaced && adapter.revoke)
      await adapter
        .revoke(previous, "token")
        .catch((e) => this.ctx.log(`integrations: ${adapter.name}: revoking the replaced token failed: ${errorText(e)}`));
    return { provider: adapter.key };
  }

  /** The stored tokens in clear; null when they cannot be read (another key). */
  private readTokens(row: IntegrationRow): { accessToken: string; refreshToken: string | null } | null {
    try {
      return { accessToken: this.cipher.decrypt(row.accessToken), refreshToken: this.cipher.decryptOrNull(row.refreshToken) };
    } catch {
      return null;
    }
  }

  async disconnect(actor: Actor, id: string): Promise<void> {
    const row = await this.own(actor, id);
    const adapter = this.adapter(row.provider);
    // Best effort at the provider: the record goes whatever it answers. The webhook is
    // deleted with a fresh token (Asana's expire within the hour), then the grant revoked.
    const session = this.tokenSession(row);
    if (row.webhookExternalId && adapter.deleteWebhook) {
      const hook = row.webhookExternalId;
      await session
        .run((t) => adapter.deleteWebhook!(t, hook))
        .catch((e) => this.ctx.log(`integrations: ${adapter.name}: deleting the webhook failed: ${errorText(e)}`));
    }
    const tokens = this.readTokens(session.row);
    if (tokens && adapter.revoke)
      await adapter
        .revoke(tokens, "grant")
        .catch((e) => this.ctx.log(`integrations: ${adapter.name}: revoking the authorisation failed: ${errorText(e)}`));
    await this.repo.delete(row.id);
  }

  /** Runs `fn` with a fresh access token (see tokenSession); one call. */
  async withToken<T>(row: IntegrationRow, fn: (token: string) => Promise<T>): Promise<T> {
    return this.tokenSession(row).run(fn);
  }

  /**
   * A connection's token for a run of calls (a poll over every item, one delivery's
   * changes): refreshed ahead of expiry, and after a 401 at most once for the whole run,
   * whose later calls use the new token. A refused refresh (or a 401 without a refresh
   * token, or again after refreshing) marks the connection inactive and ends the run.
   */
  tokenSession(row: IntegrationRow) {
    const adapter = this.adapter(row.provider);
    let current = row;
    let refreshed = false;
    let refused: unknown = null;
    const refresh = async (): Promise<boolean> => {
      if (refreshed) return false;
      refreshed = true;
      const refreshToken = this.cipher.decryptOrNull(current.refreshToken);
      if (!refreshToken || !adapter.refresh) return false;
      try {
        const t = await adapter.refresh(refreshToken);
        current = await this.repo.update(current.id, {
          accessToken: this.cipher.encrypt(t.accessToken),
          refreshToken: this.cipher.encryptOrNull(t.refreshToken ?? refreshToken),
          tokenExpiresAt: t.expiresAt ?? null,
        });
        return true;
      } catch (e) {
        // Another process (a send, a poll) may have refreshed first and the provider rotated
        // the refresh token: use the tokens it stored.
        const latest = await this.repo.byId(current.id);
        if (latest?.isActive && latest.refreshToken !== current.refreshToken) {
          current = latest;
          return true;
        }
        if (e instanceof ProviderError && (e.status === 400 || e.status === 401)) await this.markRevoked(current);
        throw e;
      }
    };
    return {
      get row() {
        return current;
      },
      run: async <T>(fn: (token: string) => Promise<T>): Promise<T> => {
        if (refused) throw refused;
        if (current.tokenExpiresAt && current.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS < Date.now()) await refresh();
        try {
          return await fn(this.cipher.decrypt(current.accessToken));
        } catch (e) {
          if (!(e instanceof ProviderError) || !e.revoked) throw e;
          if (await refresh()) {
            try {
              return await fn(this.cipher.decrypt(current.accessToken));
            } catch (again) {
              if (again instanceof ProviderError && again.revoked) {
                await this.markRevoked(current);
                refused = again;
              }
              throw again;
            }
          }
          await this.markRevoked(current);
          refused = e;
          throw e;
        }
      },
    };
  }

  private async markRevoked(row: IntegrationRow) {
    await this.repo.update(row.id, { isActive: false });
  }

  // ── Destinations ────────────────────────────────────────────────────────────

  async destinationFields(actor: Actor, id: string, chosen: Destination) {
    const row = await this.own(actor, id);
    const adapter = this.adapter(row.provider);
    try {
      return await this.withToken(row, (t) => adapter.destinationFields(t, chosen));
    } catch (e) {
      throw providerFailure(e);
    }
  }

  async setDestination(actor: Actor, id: string, values: Destination): Promise<Integration> {
    let row = await this.own(actor, id);
    const adapter = this.adapter(row.provider);
    // One token session for every call below, so a refresh happens once.
    const session = this.tokenSession(row);
    let fields;
    try {
      fields = await session.run((t) => adapter.destinationFields(t, values));
    } catch (e) {
      throw providerFailure(e);
    }
    const destination: Destination = {};
    const labels: string[] = [];
    for (const f of fields) {
      const v = values[f.key];
      if (!v) {
        if (f.optional) continue;
        throw new AppError("VALIDATION_FAILED", `Choose a ${f.label.toLowerCase()}.`);
      }
      const option = f.options.find((o) => o.value === v);
      if (!option) throw new AppError("VALIDATION_FAILED", `${f.label}: "${v}" is not one of the choices ${adapter.name} offers.`);
      destination[f.key] = v;
      labels.push(option.label);
    }
    // A new destination needs a new webhook there.
    if (row.webhookExternalId && adapter.deleteWebhook) {
      const old = row.webhookExternalId;
      await session
        .run((t) => adapter.deleteWebhook!(t, old))
        .catch((e) => this.ctx.log(`integrations: ${adapter.name}: deleting the previous webhook failed: ${errorText(e)}`));
      row = await this.repo.update(row.id, { webhookExternalId: null, webhookUrl: null, webhookSecret: null });
    }
    const metadata: Metadata = { ...(row.metadata as Metadata), destination, destinationLabel: labels.join(" · ") };
    row = await this.repo.update(row.id, { metadata: metadata as Record<string, unknown> });
    if (adapter.registerWebhook && this.completionMode === "webhooks") {
      const secret = crypto.randomBytes(32).toString("hex");
      const url = this.webhookUrl(row.id);
      // Asana's handshake arrives while this call is in flight and brings its own secret;
      // only within this window may a handshake set one.
      if (adapter.key !== "asana") row = await this.repo.update(row.id, { webhookSecret: this.cipher.encrypt(secret), webhookUrl: url });
      else
        row = await this.repo.update(row.id, {
          webhookUrl: url,
          metadata: { ...metadata, handshakeUntil: Date.now() + HANDSHAKE_WINDOW_MS },
        });
      try {
        const hook = await session.run((t) => adapter.registerWebhook!(t, destination, url, secret));
        row = await this.repo.update(row.id, { webhookExternalId: hook.id });
      } catch (e) {
        // Completion still comes back by polling; say why webhooks are off.
        this.ctx.log(`integrations: ${adapter.name} webhook not registered: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if ((row.metadata as Metadata).handshakeUntil)
      row = await this.repo.update(row.id, { metadata: { ...(row.metadata as Metadata), handshakeUntil: null } });
    return this.toIntegration(row);
  }

  async webhookLog(actor: Actor, id: string): Promise<WebhookLog[]> {
    const row = await this.own(actor, id);
    return (await this.repo.logs(row.id)).map((l) => ({
      id: l.id,
      eventType: l.eventType,
      status: l.status,
      reason: l.reason,
      createdAt: l.createdAt.toISOString(),
    }));
  }

  // ── Sending ─────────────────────────────────────────────────────────────────

  private toLink(l: IntegrationItemRow): ItemLink {
    return {
      id: l.id,
      actionItemId: l.actionItemId,
      integrationId: l.integrationId,
      provider: l.provider as ProviderKey,
      status: l.status,
      url: l.externalUrl,
      error: l.error,
    };
  }

  private async sendable(actor: Actor, integrationId: string): Promise<IntegrationRow> {
    const row = await this.own(actor, integrationId);
    const adapter = this.adapter(row.provider);
    if (!row.isActive)
      throw new AppError(
        "CONFLICT",
        `${adapter.name} refused the saved authorisation. Reconnect ${adapter.name} in Settings → Integrations.`,
      );
    const fields = (row.metadata as Metadata).destination;
    if (!fields && adapter.key !== "google-calendar")
      throw new AppError("CONFLICT", `Choose where ${adapter.name} items go in Settings → Integrations first.`);
    return row;
  }

  /** Queues one item; a second send returns the existing link (no duplicate at the provider). */
  private async queue(integration: IntegrationRow, actionItemId: string): Promise<ItemLink> {
    const [link, created] = await this.repo.createLink(integration.id, actionItemId, integration.provider);
    if (created) {
      await enqueueIntegrationSend(this.ctx, { linkId: link.id, attempt: 1 });
      return this.toLink(link);
    }
    const again = await this.repo.requeueFailed(link.id);
    if (again) {
      await enqueueIntegrationSend(this.ctx, { linkId: again.id, attempt: 1 });
      return this.toLink(again);
    }
    return this.toLink(link);
  }

  async sendItem(actor: Actor, actionItemId: string, integrationId: string): Promise<ItemLink> {
    // Same rule as editing the item: owner or team member, else 404.
    const item = await new ActionItemsService(this.ctx).editable(actor, actionItemId);
    // A possible action item is not an action item yet: nothing leaves the app until a person accepts it.
    if (item.suggested) throw new AppError("CONFLICT", "Accept this possible action item before sending it.");
    return this.queue(await this.sendable(actor, integrationId), item.id);
  }

  async sendPending(actor: Actor, meetingId: string, integrationId: string): Promise<ItemLink[]> {
    const { meeting } = await authorizeMeeting(this.ctx.database.db, actor, meetingId, "edit-items");
    const integration = await this.sendable(actor, integrationId);
    const items = await this.items.listByMeeting(meeting.id);
    const links: ItemLink[] = [];
    for (const item of items.filter((i) => i.status === "pending")) links.push(await this.queue(integration, item.id));
    return links;
  }

  async linksForMeeting(actor: Actor, meetingId: string): Promise<ItemLink[]> {
    const { meeting } = await authorizeMeeting(this.ctx.database.db, actor, meetingId, "read");
    return (await this.repo.linksForMeeting(meeting.id)).map((r) => this.toLink(r.link));
  }

  /**
   * The send job's work. Returns the seconds to wait before another try, or null when done
   * (sent, failed for good, or nothing to do).
   */
  async deliver(linkId: string, attempt: number): Promise<number | null> {
    const link = await this.repo.claim(linkId);
    if (!link) return null;
    const integration = await this.repo.byId(link.integrationId);
    const row = await this.repo.itemWithMeeting(link.actionItemId);
    if (!integration || !row) return null;
    if (row.item.deletedAt) {
      await this.repo.updateLink(link.id, { status: "failed", error: "The action item was deleted before it was sent." });
      return null;
    }
    const adapter = this.adapter(integration.provider);
    const assigneeAccount = await this.ownerAccount(row.item, integration.provider);
    try {
      const created = await this.withToken(integration, (token) =>
        adapter.createItem(token, (integration.metadata as Metadata).destination ?? {}, {
          title: row.item.description,
          assignee: row.item.assignee,
          assigneeAccount,
          dueDate: row.item.dueDate,
          meetingTitle: row.meeting.title,
          meetingUrl: `${this.ctx.config.publicUrl}/meetings/${row.meeting.id}`,
        }),
      );
      await this.repo.updateLink(link.id, {
        status: "sent",
        externalId: created.externalId,
        externalUrl: created.url,
        error: null,
        remoteCompleted: false,
      });
      await publishMeetingEvent(this.ctx.database.db, { type: "changed", meetingId: row.meeting.id });
      return null;
    } catch (e) {
      const pe = e instanceof ProviderError ? e : new ProviderError(0, `${adapter.name}: ${e instanceof Error ? e.message : String(e)}`);
      if (pe.retryable && attempt < (pe.rateLimited ? MAX_RATE_LIMITED_ATTEMPTS : MAX_SEND_ATTEMPTS)) {
        // The wait is the queue's (a delayed job), so no worker slot is held meanwhile.
        const wait = Math.min(MAX_RATE_LIMIT_WAIT_SECONDS, pe.retryAfter ?? Math.min(300, 5 * 2 ** (attempt - 1)));
        await this.repo.updateLink(link.id, { status: "queued", error: `Retrying in ${wait} s: ${pe.message}` });
        return wait;
      }
      const message = pe.revoked
        ? `${adapter.name} refused the saved authorisation (revoked or expired). Reconnect ${adapter.name} in Settings → Integrations.`
        : pe.message;
      await this.repo.updateLink(link.id, { status: "failed", error: message });
      await publishMeetingEvent(this.ctx.database.db, { type: "changed", meetingId: row.meeting.id });
      return null;
    }
  }

  /**
   * The item's owner's own account at this provider (issue 34): the owner by the people rules
   * (decision 022), when a member who connected this provider themselves; else null.
   */
  private async ownerAccount(
    item: { meetingId: string; assignee: string | null; ownerSet: boolean; ownerUserId: string | null; ownerContactId: string | null },
    provider: string,
  ): Promise<ProviderAccount | null> {
    const owner = (await new PeopleService(this.ctx).indexOf(item.meetingId)).resolveOwner(item);
    if (owner?.kind !== "user") return null;
    const theirs = (await this.repo.listForUser(owner.id)).find((r) => r.provider === provider && r.isActive);
    if (!theirs) return null;
    return { id: theirs.providerUserId, login: (theirs.metadata as Metadata).accountName ?? null };
  }

  // ── Completion coming back ─────────────────────────────────────────────────

  /** Applies the provider's state to the item when it changed there since we last looked. */
  private async applyRemote(link: IntegrationItemRow, item: { id: string; meetingId: string; status: string }, completed: boolean) {
    if (link.remoteCompleted === completed) return;
    await this.repo.updateLink(link.id, { remoteCompleted: completed });
    const status = completed ? "completed" : "pending";
    if (item.status !== status) {
      await this.items.update(item.id, { status });
      await publishMeetingEvent(this.ctx.database.db, { type: "changed", meetingId: item.meetingId });
    }
  }

  /**
   * One webhook delivery: the signature is checked before anything is stored. A delivery that
   * fails it is logged only as a summary (size, reason, headers without secrets: never the
   * body), and only so many per hour per integration and per client address; past that it is
   * answered 429 and not logged. A verified delivery that repeats one already applied (same
   * delivery id, or same signed body) is answered 200 and changes nothing.
   */
  async receiveWebhook(
    integrationId: string,
    delivery: WebhookDelivery,
    clientAddress: string,
  ): Promise<{ status: number; headers?: Record<string, string>; body: unknown }> {
    const row = uuid.test(integrationId) ? await this.repo.byId(integrationId) : null;
    const adapter = row && Object.hasOwn(this.adapters, row.provider) ? this.adapters[row.provider as IntegrationProviderKey] : null;
    if (!row || !adapter?.readWebhook) return { status: 404, body: { error: { code: "NOT_FOUND", message: "Unknown webhook" } } };
    // Trello checks the address with HEAD before it creates the webhook.
    if (delivery.method === "HEAD") return { status: 200, body: null };
    const reject = async (eventType: string, reason: string) => {
      await this.countNoise(row.id, clientAddress);
      await this.repo.log({
        integrationId: row.id,
        eventType: eventType.slice(0, 100),
        payload: deliverySummary(delivery),
        status: "rejected",
        reason,
        deliveryKey: null,
      });
      return { status: 401, body: { error: { code: "UNAUTHENTICATED", message: reason } } };
    };
    let secret: string | null = null;
    try {
      secret =
        row.provider === "trello"
          ? this.ctx.config.integrations.providers.trello.clientSecret
          : this.cipher.decryptOrNull(row.webhookSecret);
    } catch {
      return reject("unknown", "stored webhook secret unreadable");
    }
    const destination = (row.metadata as Metadata).destination ?? {};
    let outcome;
    try {
      outcome = adapter.readWebhook(delivery, secret, destination);
    } catch {
      // Signed, but not the JSON the provider documents.
      return reject("unknown", "body is not a valid delivery");
    }
    if (outcome.kind === "rejected") return reject(outcome.eventType, outcome.reason);
    if (outcome.kind === "handshake") {
      // Only while we are registering (no secret yet) may a handshake set one.
      const expected = ((row.metadata as Metadata).handshakeUntil ?? 0) > Date.now();
      if (row.webhookSecret || !outcome.newSecret || !expected) return reject(outcome.eventType, "unexpected handshake");
      await this.repo.update(row.id, { webhookSecret: this.cipher.encrypt(outcome.newSecret) });
      await this.repo.log({ integrationId: row.id, eventType: outcome.eventType, payload: null, status: "handshake", reason: null });
      return { status: 200, headers: outcome.echoHeaders, body: null };
    }
    // From here the delivery is the provider's own (verified), so its body may be kept.
    const payload = verifiedPayload(delivery.rawBody);
    if (outcome.kind === "ignored") {
      await this.repo.log({
        integrationId: row.id,
        eventType: outcome.eventType,
        payload,
        status: "ignored",
        reason: outcome.reason,
        deliveryKey: outcome.deliveryKey ?? null,
      });
      return { status: 200, body: { ok: true } };
    }
    // A replay: the provider's delivery id, or the signed body (under one secret the signature
    // is a function of the body, so the body's hash stands for body + signature) seen before.
    const keys = [`delivery:${outcome.deliveryKey}`, `body:${sha256(delivery.rawBody)}`];
    if (!(await this.repo.claimReplayKeys(row.id, keys))) {
      // A provider's redelivery of what it already delivered: 2xx, so it stops; nothing changes.
      const logged = await this.countNoise(row.id, clientAddress).then(
        () => true,
        () => false,
      );
      if (logged)
        await this.repo.log({
          integrationId: row.id,
          eventType: outcome.eventType,
          payload: null,
          status: "ignored",
          reason: "already received",
          deliveryKey: null,
        });
      return { status: 200, body: { ok: true } };
    }
    let applied = 0;
    const unknown: string[] = [];
    try {
      const session = this.tokenSession(row);
      for (const change of outcome.changes) {
        const found = await this.repo.linkByExternal(row.id, change.externalId);
        if (!found) {
          unknown.push(change.externalId);
          continue;
        }
        const completed = change.completed ?? (await session.run((t) => adapter.isCompleted!(t, destination, change.externalId)));
        await this.applyRemote(found.link, found.item, completed);
        applied++;
      }
    } catch (e) {
      // Not applied: the provider's retry of this delivery must not count as a replay.
      await this.repo.releaseReplayKeys(row.id, keys);
      throw e;
    }
    if (applied === 0 && unknown.length) {
      await this.repo.log({
        integrationId: row.id,
        eventType: outcome.eventType,
        payload,
        status: "rejected",
        reason: `unknown item ${unknown.join(", ")}`.slice(0, 500),
        deliveryKey: outcome.deliveryKey,
      });
      return { status: 404, body: { error: { code: "NOT_FOUND", message: "Unknown item" } } };
    }
    await this.repo.log({
      integrationId: row.id,
      eventType: outcome.eventType,
      payload,
      status: "accepted",
      reason: unknown.length ? `unknown item ${unknown.join(", ")}`.slice(0, 500) : null,
      deliveryKey: outcome.deliveryKey,
    });
    return { status: 200, body: { ok: true } };
  }

  /**
   * Counts a delivery that is not the provider's news (a bad signature, a repeat) against the
   * per-integration and per-address hourly limits; throws a 429 past either.
   */
  private async countNoise(integrationId: string, clientAddress: string): Promise<void> {
    const refusal = (wait: string) => `Too many rejected webhook deliveries. Try again ${wait}.`;
    const limits: Limit[] = [
      { key: `webhook-rejected:${integrationId}`, max: REJECTED_PER_INTEGRATION_PER_HOUR, windowSeconds: 3600, refusal },
      { key: `webhook-rejected-ip:${clientAddress}`, max: REJECTED_PER_ADDRESS_PER_HOUR, windowSeconds: 3600, refusal },
    ];
    await new RequestLimits(this.ctx.database.db).take(limits);
  }

  /** Polling: asks the provider about every sent item of one integration, with one token session. */
  async poll(row: IntegrationRow): Promise<number> {
    const adapter = this.adapter(row.provider);
    if (!adapter.isCompleted || !row.isActive) return 0;
    const session = this.tokenSession(row);
    let changed = 0;
    for (const { link, item } of await this.repo.sentLinks(row.id)) {
      if (!link.externalId) continue;
      let completed: boolean;
      try {
        completed = await session.run((t) => adapter.isCompleted!(t, (row.metadata as Metadata).destination ?? {}, link.externalId!));
      } catch (e) {
        // A refused token, a rate limit or an outage ends this poll; one item the provider
        // cannot show (deleted there) does not stop the others.
        if (!(e instanceof ProviderError) || e.revoked || e.retryable) throw e;
        this.ctx.log(`integrations: polling ${adapter.name} item ${link.externalId}: ${e.message}`);
        continue;
      }
      if (link.remoteCompleted !== completed) changed++;
      await this.applyRemote(link, item, completed);
    }
    return changed;
  }

  /** Deletes webhook log rows older than WEBHOOK_LOG_RETENTION_DAYS; returns how many. */
  pruneWebhookLogs(): Promise<number> {
    return this.repo.pruneLogs(this.ctx.config.integrations.webhookLogRetentionDays);
  }

  /** "Sync now" from Settings. */
  async syncNow(actor: Actor, id: string): Promise<{ changed: number }> {
    const row = await this.own(actor, id);
    try {
      return { changed: await this.poll(row) };
    } catch (e) {
      throw providerFailure(e);
    }
  }

  /** The scheduled poll: integrations without a registered webhook. */
  async pollAll(): Promise<void> {
    const rows = await this.repo.pollable(providerOrder.filter((k) => this.adapters[k].supportsWebhooks));
    for (const row of rows.filter((r) => !r.webhookExternalId)) {
      await this.poll(row).catch((e) =>
        this.ctx.log(`integrations: polling ${row.provider} failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    }
  }
}

/** Headers that carry secrets or signatures: never logged. */
const secretHeader = /auth|cookie|secret|signature|token|x-trello-webhook|x-hub-signature|x-hook-/i;

/** What a rejected delivery leaves in the log: its size and a few headers, never its body. */
function deliverySummary(d: WebhookDelivery): Record<string, unknown> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers).slice(0, 40)) {
    if (v === undefined || secretHeader.test(k)) continue;
    if (Object.keys(headers).length >= 20) break;
    headers[k.slice(0, 60)] = String(v).slice(0, 120);
  }
  return { size: d.rawBody.length, headers };
}

/** A verified delivery's body as JSON, or only its size when it is large. */
function verifiedPayload(body: Buffer): unknown {
  if (body.length > MAX_LOGGED_PAYLOAD_BYTES) return { size: body.length };
  try {
    return body.length ? JSON.parse(body.toString("utf8")) : null;
  } catch {
    return { size: body.length };
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A provider's refusal as our error: its reason, and what to do. */
function providerFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof ProviderError) {
    if (e.revoked)
      return new AppError("CONFLICT", `${e.message}. The saved authorisation was refused: reconnect in Settings → Integrations.`);
    if (e.rateLimited)
      return new AppError("RATE_LIMITED", `${e.message}. Try again in ${e.retryAfter ?? 60} seconds.`, {
        retryAfterSeconds: e.retryAfter ?? 60,
      });
    return new AppError(e.status === 0 || e.status >= 500 ? "UNAVAILABLE" : "UNPROCESSABLE", e.message);
  }
  throw e;
}
