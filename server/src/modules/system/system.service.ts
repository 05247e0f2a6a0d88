// Whether this process can serve: the database answers, the queue answers, the store answers.
import { sql } from "drizzle-orm";
import type { AppContext } from "../../http/context";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unavailable";
  queue: "ok" | "unavailable";
  storage: "ok" | "unavailable";
}

const check = (p: Promise<unknown>) =>
  p.then((ok) => (ok === false ? "unavailable" : "ok")).catch(() => "unavailable") as Promise<"ok" | "unavailable">;

export async function readiness(ctx: AppContext): Promise<Readiness> {
  const [database, queue, storage] = await Promise.all([
    check(ctx.database.db.execute(sql`select 1`)),
    check(ctx.queue.healthy()),
    check(ctx.store.ready()),
  ]);
  return { ready: database === "ok" && queue === "ok" && storage === "ok", database, queue, storage };
}
