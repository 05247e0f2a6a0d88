// Trello: cards on a board's list. No OAuth 2: the authorize page returns the token in the
// URL fragment. Moving a card to the chosen "done" list (or ticking its due date) completes
// the item; the board webhook is signed base64 HMAC-SHA1(app secret, body + callback URL).
import crypto from "node:crypto";
import type { AdapterDeps, Destination, ProviderAdapter, WebhookOutcome } from "./provider";
import { itemBody, providerFetch, ProviderError, safeEqual } from "./provider-http";

export function createTrello({ config }: AdapterDeps): ProviderAdapter {
  const oauth = config.oauthUrl ?? "https://trello.com";
  const api = config.apiUrl ?? "https://api.trello.com";
  const key = config.clientId ?? "";
  // The key/token go in a header, never in a URL that could land in a log.
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("Trello", `${api}/1${path}`, {
      ...init,
      headers: { authorization: `OAuth oauth_consumer_key="${key}", oauth_token="${token}"` },
    });
  const done = (d: Destination, card: { idList?: string; dueComplete?: boolean }) =>
    !!card.dueComplete || (!!d.doneList && card.idList === d.doneList);

  return {
    key: "trello",
    name: "Trello",
    description: "Add action items as cards on a board; moving a card to your done list completes the item.",
    color: "#0079bf",
    scopes: ["read", "write"],
    supportsWebhooks: true,
    usesPkce: false,
    authorizeUrl({ state, redirectUri }) {
      const back = new URL(redirectUri);
      back.searchParams.set("state", state);
      back.searchParams.set("provider", "trello");
      const u = new URL(`${oauth}/1/authorize`);
      u.search = new URLSearchParams({
        key,
        name: "Minutes",
        scope: "read,write",
        expiration: "never",
        response_type: "token",
        callback_method: "fragment",
        return_url: back.toString(),
      }).toString();
      return u.toString();
    },
    async exchangeCode({ code }) {
      const me = await call("/members/me?fields=username,fullName", code);
      return { accessToken: code, providerUserId: me.id, accountName: me.username ?? me.fullName ?? null };
    },
    async revoke({ accessToken }) {
      await call(`/tokens/${encodeURIComponent(accessToken)}`, accessToken, { method: "DELETE" });
    },
    async destinationFields(token, chosen) {
      const boards: { id: string; name: string }[] = await call("/members/me/boards?fields=name&filter=open", token);
      const fields = [{ key: "board", label: "Board", options: boards.map((b) => ({ value: b.id, label: b.name })) }];
      if (!chosen.board || !boards.some((b) => b.id === chosen.board)) return fields;
      const lists: { id: string; name: string }[] = await call(
        `/boards/${encodeURIComponent(chosen.board)}/lists?fields=name&filter=open`,
        token,
      );
      const options = lists.map((l) => ({ value: l.id, label: l.name }));
      return [
        ...fields,
        { key: "list", label: "List for new cards", options },
        { key: "doneList", label: "List that means done", options, optional: true },
      ];
    },
    async createItem(token, destination, input) {
      const json = {
        idList: destination.list,
        name: input.title,
        desc: itemBody(input),
        ...(input.dueDate ? { due: `${input.dueDate}T17:00:00.000Z` } : {}),
        pos: "bottom",
      };
      // The owner's own Trello member when they connected Trello (members by id, never by e-mail).
      const member = input.assigneeAccount?.id;
      const card = await call("/cards", token, { method: "POST", json: member ? { ...json, idMembers: [member] } : json }).catch((e) => {
        // A member who is not on the board must not block the card.
        if (member && e instanceof ProviderError && e.status === 400) return call("/cards", token, { method: "POST", json });
        throw e;
      });
      return { externalId: card.id, url: card.shortUrl ?? card.url ?? null };
    },
    async registerWebhook(token, destination, callbackUrl) {
      const hook = await call("/webhooks", token, {
        method: "POST",
        json: { callbackURL: callbackUrl, idModel: destination.board, description: "Minutes: completed action items" },
      });
      return { id: hook.id };
    },
    async deleteWebhook(token, id) {
      await call(`/webhooks/${encodeURIComponent(id)}`, token, { method: "DELETE" });
    },
    readWebhook(d, secret, destination): WebhookOutcome {
      const signature = d.headers["x-trello-webhook"];
      if (!secret || !signature) return { kind: "rejected", eventType: "unknown", reason: "missing X-Trello-Webhook" };
      const expected = crypto
        .createHmac("sha1", secret)
        .update(Buffer.concat([d.rawBody, Buffer.from(d.callbackUrl)]))
        .digest("base64");
      if (!safeEqual(signature, expected)) return { kind: "rejected", eventType: "unknown", reason: "signature does not match" };
      const action = JSON.parse(d.rawBody.toString("utf8")).action ?? {};
      const eventType = String(action.type ?? "unknown");
      const deliveryKey = String(action.id ?? "");
      const card = action.data?.card;
      if (!deliveryKey) return { kind: "rejected", eventType, reason: "no action id" };
      if (eventType !== "updateCard" || !card?.id) return { kind: "ignored", eventType, reason: "not a card update", deliveryKey };
      const data = action.data;
      if (!data.listAfter && !(data.old && "dueComplete" in data.old))
        return { kind: "ignored", eventType, reason: "no list or due-complete change", deliveryKey };
      // The same rule as polling (`done`). A move names the list in listAfter; a due-date tick
      // names it in data.list (updateCard payloads carry no card.idList). A move does not say
      // whether the due date is ticked, so a card moved out of the done list is read again.
      const listId: string | undefined = data.listAfter?.id ?? data.list?.id ?? card.idList;
      const dueComplete: boolean | undefined = typeof card.dueComplete === "boolean" ? card.dueComplete : undefined;
      let completed: boolean | null;
      if ((destination.doneList && listId === destination.doneList) || dueComplete === true) completed = true;
      else if (dueComplete === false && (listId !== undefined || !destination.doneList)) completed = false;
      else completed = null;
      return { kind: "changes", eventType, deliveryKey, changes: [{ externalId: card.id, completed }] };
    },
    async isCompleted(token, destination, externalId) {
      return done(destination, await call(`/cards/${encodeURIComponent(externalId)}?fields=idList,dueComplete`, token));
    },
  };
}
