// Whether this process can serve: the database answers, the queue answers, the store answers.
import type { AppContext } from "../../http/context";
import { databaseAnswers } from "./system.repo";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unavailable";
  queue: "ok" | "unavailable";
  storage: "ok" | "unavailable";
}

const check = (p: Promise<unknown>) =>
  p.then((ok) => (ok === false ? "unavailable" : "ok")).catch(() => "unavailable") as Promise<"ok" | "unavailable">;

export async function readiness({ database: { db }, queue, store }: Pick<AppContext, "database" | "queue" | "store">): Promise<Readiness> {
  const [database, queueState, storage] = await Promise.all([check(databaseAnswers(db)), check(queue.healthy()), check(store.ready())]);
  return { ready: database === "ok" && queueState === "ok" && storage === "ok", database, queue: queueState, storage };
}
