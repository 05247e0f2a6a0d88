// The queries of the operations endpoints: whether the database answers at all, and who
// created the first account (the server's owner when ADMIN_EMAILS is unset, as in modules/models).
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user as users } from "../../db/schema";

export async function databaseAnswers(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

export async function firstAccountId(db: Db): Promise<string | null> {
  const [first] = await db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  return first?.id ?? null;
}
