// Loopback Trello: the token authorize page (token back in the URL fragment), boards,
// lists, cards, and board webhooks: a HEAD check of the callback at creation, then
// deliveries signed base64 HMAC-SHA1(app secret, body + callback URL). `moveCard` does
// what dragging a card does, `setDueComplete` what ticking its due date does; both deliver
// the action the way Trello shapes it (a move carries data.listBefore/listAfter and the
// card's new idList; a due-date tick carries data.list and data.old, and no card.idList).
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { deliver, FakeOAuth, hmac, startFakeProvider, type FakeProviderServer } from "./fake-provider";

export interface FakeTrello extends FakeProviderServer {
  cards: Map<string, { id: string; name: string; desc: string; idList: string; due?: string; dueComplete: boolean; idMembers: string[] }>;
  /** Members of the board: a card's idMembers must be among them (400 "invalid value for idMembers" otherwise). */
  boardMembers: Set<string>;
  /** Who the next connection is (each token keeps the member it was first asked about with /members/me). */
  nextMember: { id: string; username: string; fullName: string };
  hooks: Map<string, { callbackURL: string; idModel: string }>;
  headChecks: number[];
  moveCard(id: string, idList: string, opts?: { signWith?: string }): Promise<{ status: number }[]>;
  /** Ticks or unticks "due complete"; the delivery names the list in data.list, not in the card. */
  setDueComplete(id: string, dueComplete: boolean): Promise<{ status: number }[]>;
}

const tokenOf = (h: IncomingMessage["headers"]) => /oauth_token="([^"]+)"/.exec(h.authorization ?? "")?.[1] ?? null;

export async function startFakeTrello(): Promise<FakeTrello> {
  const oauth = new FakeOAuth("trello", "trello-key", "trello-app-secret");
  const cards: FakeTrello["cards"] = new Map();
  const boardMembers = new Set(["m1"]);
  const membersByToken = new Map<string, FakeTrello["nextMember"]>();
  let nextMember = { id: "m1", username: "ana_trello", fullName: "Ana Ruiz" };
  const hooks: FakeTrello["hooks"] = new Map();
  const headChecks: number[] = [];
  const server = await startFakeProvider({
    oauth,
    tokenOf,
    publicPaths: /^\/1\/authorize$/,
    routes: [
      [
        "GET",
        "/1/authorize",
        (r) => {
          if (r.query.get("key") !== oauth.clientId) return { status: 400, json: { message: "invalid key" } };
          return { redirect: `${r.query.get("return_url")}#token=${oauth.issue().access_token}` };
        },
      ],
      [
        "GET",
        "/1/members/me",
        (r) => {
          const token = tokenOf(r.headers) ?? "";
          if (!membersByToken.has(token)) membersByToken.set(token, nextMember);
          return { json: membersByToken.get(token) };
        },
      ],
      ["GET", "/1/members/me/boards", () => ({ json: [{ id: "b1", name: "Roadmap" }] })],
      [
        "GET",
        "/1/boards/:id/lists",
        () => ({
          json: [
            { id: "l-todo", name: "To do" },
            { id: "l-done", name: "Done" },
          ],
        }),
      ],
      [
        "POST",
        "/1/cards",
        (r) => {
          const idMembers: string[] = r.body.idMembers ?? [];
          if (!Array.isArray(idMembers) || idMembers.some((m) => !boardMembers.has(m)))
            return { status: 400, json: { message: "invalid value for idMembers" } };
          const id = crypto.randomBytes(12).toString("hex");
          cards.set(id, {
            id,
            name: r.body.name,
            desc: r.body.desc,
            idList: r.body.idList,
            due: r.body.due,
            dueComplete: false,
            idMembers,
          });
          return { json: { id, shortUrl: `https://trello.example/c/${id.slice(0, 8)}` } };
        },
      ],
      [
        "GET",
        "/1/cards/:id",
        (r) => (cards.has(r.params.id!) ? { json: cards.get(r.params.id!) } : { status: 404, json: { message: "card not found" } }),
      ],
      [
        "POST",
        "/1/webhooks",
        async (r) => {
          const head = await fetch(r.body.callbackURL, { method: "HEAD" });
          headChecks.push(head.status);
          if (head.status !== 200) return { status: 400, json: { message: `URL (${r.body.callbackURL}) did not return 200 status code` } };
          const id = crypto.randomBytes(12).toString("hex");
          hooks.set(id, { callbackURL: r.body.callbackURL, idModel: r.body.idModel });
          return { json: { id } };
        },
      ],
      ["DELETE", "/1/webhooks/:id", (r) => (hooks.delete(r.params.id!), { json: {} })],
      ["DELETE", "/1/tokens/:token", (r) => void (oauth.tokens.get(r.params.token!)!.revoked = true)],
    ],
  });
  /** Delivers one updateCard action to every webhook, signed as Trello signs. */
  const send = async (data: unknown, signWith?: string) => {
    const out = [];
    for (const hook of hooks.values()) {
      const body = JSON.stringify({ action: { id: crypto.randomBytes(12).toString("hex"), type: "updateCard", data } });
      out.push(
        await deliver(hook.callbackURL, body, {
          "x-trello-webhook": hmac("sha1", signWith ?? oauth.clientSecret, body + hook.callbackURL, "base64"),
        }),
      );
    }
    return out;
  };
  return {
    ...server,
    cards,
    hooks,
    headChecks,
    boardMembers,
    get nextMember() {
      return nextMember;
    },
    set nextMember(m) {
      nextMember = m;
    },
    async moveCard(id, idList, opts = {}) {
      const card = cards.get(id)!;
      const before = card.idList;
      card.idList = idList;
      return send({ card: { id, idList }, old: { idList: before }, listBefore: { id: before }, listAfter: { id: idList } }, opts.signWith);
    },
    async setDueComplete(id, dueComplete) {
      const card = cards.get(id)!;
      card.dueComplete = dueComplete;
      return send({ card: { id, dueComplete }, old: { dueComplete: !dueComplete }, list: { id: card.idList } });
    },
  };
}
